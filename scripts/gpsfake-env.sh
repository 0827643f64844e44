#!/usr/bin/env bash
# Source this file: makes `gpsfake` (and /usr/sbin/gpsd) available on PATH.
#   . scripts/gpsfake-env.sh            # uses an installed gpsfake, else unpacks gpsd-clients into a cache dir
# Needs gpsd, python3-gps and python3-distutils (gpsfake 3.22 imports distutils without declaring it).
# The full gpsd-clients package pulls in matplotlib/GTK (~520 MB); we only unpack its .deb.
# Cache dir: $GPSFAKE_CACHE, default ~/.cache/flightlog/gpsd-clients.

_flightlog_gpsfake_env() {
    export PATH="$PATH:/usr/sbin"
    command -v gpsfake >/dev/null 2>&1 && return 0
    local cache="${GPSFAKE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flightlog/gpsd-clients}"
    if [ ! -x "$cache/usr/bin/gpsfake" ]; then
        local missing=()
        command -v gpsd >/dev/null 2>&1 || missing+=(gpsd)
        python3 -c 'import gps.fake' 2>/dev/null || missing+=(python3-gps)
        python3 -c 'import distutils' 2>/dev/null || missing+=(python3-distutils)
        if [ ${#missing[@]} -gt 0 ]; then
            DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2 || {
                echo "gpsfake-env: cannot install ${missing[*]} (run as root or install them)" >&2; return 1; }
        fi
        local work
        work=$(mktemp -d) || return 1
        (cd "$work" && apt-get download gpsd-clients >&2) || {
            echo "gpsfake-env: 'apt-get download gpsd-clients' failed (apt-get update?)" >&2; rm -rf "$work"; return 1; }
        mkdir -p "$cache" && dpkg-deb -x "$work"/gpsd-clients_*.deb "$cache" || { rm -rf "$work"; return 1; }
        rm -rf "$work"
    fi
    export PATH="$PATH:$cache/usr/bin"
    command -v gpsfake >/dev/null 2>&1
}
_flightlog_gpsfake_env
