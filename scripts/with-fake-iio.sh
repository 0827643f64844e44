#!/usr/bin/env bash
# Runs CMD in a private mount namespace where DIR/bus is bind-mounted over /sys/bus, so libiio's local:
# backend sees the fake tree made by scripts/fake-iio.sh (docs/SENSOR-INTERFACES.md). Root: unshare -m; otherwise
# a user namespace (unshare -Urm). The mount disappears with the namespace.
#   scripts/with-fake-iio.sh DIR CMD [ARGS...]
# Exit status 77 when no mount namespace can be made (tests skip on it).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 DIR CMD [ARGS...]" >&2; exit 2; }
dir=$(cd "$1" && pwd); shift
[ -d "$dir/bus/iio/devices" ] || { echo "with-fake-iio: $dir/bus/iio/devices missing (scripts/fake-iio.sh DIR)" >&2; exit 2; }
if [ "$(id -u)" = 0 ]; then
    ns=(unshare -m --propagation private)
elif unshare -Urm true 2>/dev/null; then
    ns=(unshare -Urm --propagation private)
else
    echo "with-fake-iio: neither root nor unprivileged user namespaces (unshare -Urm)" >&2; exit 77
fi
exec "${ns[@]}" bash -c 'mount --bind "$0/bus" /sys/bus && exec "$@"' "$dir" "$@"
