#!/usr/bin/env bash
# The Debian package end to end (scripts/test.sh runs it; FLIGHTLOG_SKIP_DEB=1 skips it there): make deb builds
# it, lintian finds no error, dpkg-deb lists what it must hold, the man pages cover every subcommand and config
# key and render without warnings, it installs with dpkg -i (root, a throwaway machine: CI), flightlogd is
# enabled, both executables answer --version from /usr/bin, and remove and purge keep /var/lib/flightlog.
# Exits non-zero with a one-line reason at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "test-deb: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root (it installs and purges the package), or skip it with FLIGHTLOG_SKIP_DEB=1"
if dpkg-query -W -f='${Status}' flightlog 2>/dev/null | grep -q "ok installed"; then
    fail "a flightlog package is installed already; the test would replace it (dpkg --purge flightlog first)"
fi
command -v lintian >/dev/null || fail "lintian is missing (scripts/install-deps.sh --test installs it)"

tmp=$(mktemp -d)
marker=/var/lib/flightlog/test-deb-survives-purge
cleanup() {
    rm -rf "$tmp"
    rm -f "$marker"
    if dpkg-query -W -f='${Status}' flightlog 2>/dev/null | grep -q installed; then
        dpkg --purge flightlog >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT

make --no-print-directory deb >"$tmp/build.log" 2>&1 || { tail -20 "$tmp/build.log" >&2; fail "make deb failed"; }
deb=$(tail -1 "$tmp/build.log" | sed -n 's/: .*//p')
[ -f "$deb" ] || fail "make deb did not say which .deb it wrote"
# The version the package declares, without the Debian revision: what the installed executables must print.
version=$(dpkg-deb -f "$deb" Version)
version=${version%-*}
echo "test-deb: $(tail -1 "$tmp/build.log")"

# lintian: errors fail; warnings are shown (the justified ones are overridden in packaging/debian/lintian-overrides).
lintian --fail-on error --display-info "$deb" >"$tmp/lintian.log" 2>&1 || {
    grep '^E:' "$tmp/lintian.log" >&2 || cat "$tmp/lintian.log" >&2
    fail "lintian reports errors for $deb"
}
echo "test-deb: lintian: $(grep -c '^E:' "$tmp/lintian.log" || true) errors, $(grep -c '^W:' "$tmp/lintian.log" || true) warnings, $(grep -c '^I:' "$tmp/lintian.log" || true) info"
grep -E '^[EW]:' "$tmp/lintian.log" | sed 's/^/    /' || true

# What the package holds: every unit and rule in systemd/ (also ones added after this script was written).
dpkg-deb -c "$deb" | awk '{ print $NF }' | sed 's|^\./|/|' >"$tmp/contents"
want=(/usr/bin/flightlog /usr/bin/flightlogd /usr/lib/sysusers.d/flightlog.conf /usr/lib/tmpfiles.d/flightlog.conf
    /usr/share/flightlog/airfields.tsv /etc/flightlog/flightlog.toml
    /usr/share/man/man1/flightlog.1.gz /usr/share/man/man8/flightlogd.8.gz /usr/share/man/man5/flightlog.toml.5.gz
    /usr/share/bash-completion/completions/flightlog /usr/share/zsh/vendor-completions/_flightlog
    /usr/share/fish/vendor_completions.d/flightlog.fish /usr/share/doc/flightlog/copyright
    /usr/share/doc/flightlog/changelog.Debian.gz /usr/lib/flightlog/flightlog-usb)
for f in systemd/*.service systemd/*.socket systemd/*.timer systemd/*.path; do
    [ -e "$f" ] && want+=("/lib/systemd/system/$(basename "$f")")
done
for f in systemd/*.rules; do [ -e "$f" ] && want+=("/lib/udev/rules.d/$(basename "$f")"); done
for f in "${want[@]}"; do grep -qxF "$f" "$tmp/contents" || fail "the package lacks $f"; done
grep -q '^ExecStart=/usr/lib/flightlog/flightlog-usb %I' <(dpkg-deb --fsys-tarfile "$deb" |
    tar -xOf - ./lib/systemd/system/flightlog-usb@.service) || fail "flightlog-usb@.service does not run /usr/lib/flightlog/flightlog-usb"
dpkg-deb -f "$deb" Depends | grep -q libgps || fail "Depends does not name libgps: $(dpkg-deb -f "$deb" Depends)"
dpkg-deb -I "$deb" conffiles | grep -qxF /etc/flightlog/flightlog.toml || fail "flightlog.toml is not a conffile"
# The config may hold WeGlide's login: mode 0600 in the package.
# The listing is read whole first: grep -q stops at the match and dpkg-deb's broken pipe failed the pipeline.
contents=$(dpkg-deb -c "$deb")
grep -qE '^-rw------- .* \./etc/flightlog/flightlog\.toml$' <<<"$contents" ||
    fail "flightlog.toml is not mode 0600: $(grep flightlog.toml <<<"$contents")"

# The man pages: every subcommand of flightlog, every key the config parser knows; no warnings from man/groff.
dpkg-deb -x "$deb" "$tmp/root"
man1="$tmp/root/usr/share/man/man1/flightlog.1.gz"
subcommands=$("$tmp/root/usr/bin/flightlog" --experimental-dump-help | python3 -c '
import json, sys
def walk(c, path):
    for s in c.get("subcommands", []):
        if s["commandName"] != "help":
            yield " ".join(path + [s["commandName"]]); yield from walk(s, path + [s["commandName"]])
print("\n".join(walk(json.load(sys.stdin)["command"], [])))')
[ "$(wc -l <<<"$subcommands")" -ge 10 ] || fail "flightlog --experimental-dump-help lists too few subcommands"
# Each page is unpacked once into a file: `zcat | grep -q` under pipefail fails at random when grep stops
# early and zcat dies of SIGPIPE.
zcat "$man1" >"$tmp/flightlog.1"
zcat "$tmp/root/usr/share/man/man5/flightlog.toml.5.gz" >"$tmp/flightlog.toml.5"
while read -r sub; do
    grep -qx "\.It Em ${sub##* }" "$tmp/flightlog.1" || fail "flightlog(1) does not describe 'flightlog $sub'"
done <<<"$subcommands"
keys=$(sed -n '/knownKeys: \[String: \[String\]\] = \[/,/^    \]/p' Sources/FlightLogCore/Config/FlightLogConfig.swift |
    grep -o '"[a-z_]\+"' | tr -d '"')
[ "$(wc -w <<<"$keys")" -ge 10 ] || fail "could not read the config keys from FlightLogConfig.swift"
for key in $keys; do
    grep -q "^\.It Cm $key\b\|^\.Ss \[$key\]" "$tmp/flightlog.toml.5" ||
        fail "flightlog.toml(5) does not document '$key'"
done
for page in "$tmp"/root/usr/share/man/man*/*.gz; do
    warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "$(basename "$page"): $(head -1 <<<"$warnings")"
    if command -v mandoc >/dev/null; then
        mandoc -T lint -W warning "$page" >/dev/null 2>&1 || fail "mandoc -T lint: $(mandoc -T lint -W warning "$page" | head -1)"
    fi
done

# Install as a user would; pull missing dependencies the way `apt install ./flightlog_*.deb` does.
if ! dpkg -i "$deb" >"$tmp/install.log" 2>&1; then
    grep -q "dependency problems" "$tmp/install.log" || { cat "$tmp/install.log" >&2; fail "dpkg -i $deb failed"; }
    DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq --no-install-recommends >>"$tmp/install.log" 2>&1 ||
        fail "dpkg -i left dependencies that apt-get -f install could not resolve"
fi
dpkg-query -W -f='${Status}' flightlog | grep -q "install ok installed" || fail "flightlog is not configured after dpkg -i"
[ "$(/usr/bin/flightlog --version)" = "$version" ] || fail "/usr/bin/flightlog --version is not '$version'"
[ "$(/usr/bin/flightlogd --version)" = "$version" ] || fail "/usr/bin/flightlogd --version is not '$version'"
grep -q -- "--database" <<<"$(/usr/bin/flightlogd --help)" || fail "flightlogd --help does not list --database"
[ -L /etc/systemd/system/multi-user.target.wants/flightlogd.service ] || fail "installing did not enable flightlogd"
getent passwd flightlog >/dev/null || fail "installing did not create the flightlog user"
[ "$(stat -c %U /var/lib/flightlog)" = flightlog ] || fail "/var/lib/flightlog is not owned by flightlog"
[ "$(stat -c '%a %U' /etc/flightlog/flightlog.toml)" = "600 flightlog" ] ||
    fail "/etc/flightlog/flightlog.toml is $(stat -c '%a %U' /etc/flightlog/flightlog.toml), not 600 flightlog"
! grep -l /usr/local /lib/systemd/system/flightlog*.service >/dev/null || fail "an installed unit still runs /usr/local"
# The packaged executable finds the packaged airfield data set (/usr/share/flightlog) and reads the conffile
# without a warning.
HOME="$tmp/home" /usr/bin/flightlog airfields list --near 51.0147,7.0053 >"$tmp/near" 2>&1 ||
    fail "flightlog airfields list failed: $(head -1 "$tmp/near")"
grep -q EDKL "$tmp/near" || fail "flightlog airfields list --near 51.0147,7.0053 does not find EDKL"
HOME="$tmp/home" /usr/bin/flightlog import samples/simulated-winch.igc --config /etc/flightlog/flightlog.toml \
    --database "$tmp/logbook.sqlite" >/dev/null 2>"$tmp/import.err" ||
    fail "flightlog import with the packaged config failed: $(head -1 "$tmp/import.err")"
[ ! -s "$tmp/import.err" ] || fail "the packaged config gives warnings: $(head -1 "$tmp/import.err")"

# Remove, then purge: the logbook folder and what is in it stay.
touch "$marker"
dpkg -r flightlog >/dev/null 2>&1 || fail "dpkg -r flightlog failed"
[ -e "$marker" ] || fail "dpkg -r deleted $marker"
[ ! -e /usr/bin/flightlog ] || fail "dpkg -r left /usr/bin/flightlog"
[ -e /etc/flightlog/flightlog.toml ] || fail "dpkg -r removed the conffile (only purge may)"
dpkg --purge flightlog >/dev/null 2>&1 || fail "dpkg --purge flightlog failed"
[ -e "$marker" ] || fail "dpkg --purge deleted $marker"
[ ! -e /etc/flightlog/flightlog.toml ] || fail "dpkg --purge left the conffile /etc/flightlog/flightlog.toml"
echo "test-deb: ok ($(basename "$deb"): lintian clean of errors, installs, enables flightlogd, answers --version $version, purge keeps /var/lib/flightlog)"
