#!/bin/sh
# Phone-sized screenshots (390×844) of the flight list and a flight page, from a temporary logbook of simulated
# flights served by `flightlog serve`. Needs Debian's chromium (apt-get install -y chromium).
# Usage: scripts/screenshots.sh [output folder, default artifacts/screenshots]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/artifacts/screenshots"}
mkdir -p "$out"
chrome=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chrome" ] || { echo "screenshots.sh: chromium is not installed (apt-get install -y chromium)" >&2; exit 2; }
flightlog=${FLIGHTLOG:-"$root/.build/debug/flightlog"}
[ -x "$flightlog" ] || { echo "screenshots.sh: build first (swift build --product flightlog)" >&2; exit 2; }

work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT INT TERM
db="$work/flightlog.sqlite"
cfg="$work/flightlog.toml"
printf 'pilot = "Jürgen Müller"\nglider_type = "ASK 21"\nregistration = "D-1234"\n' > "$cfg"

n=0
for spec in "winch 2025-05-03T09:12:00Z 14" "aerotow 2025-05-03T12:40:00Z 95" "winch 2025-06-14T10:05:00Z 38" \
            "self 2025-07-20T11:30:00Z 186" "winch 2025-08-02T13:15:00Z 52"; do
    set -- $spec
    n=$((n + 1))
    "$flightlog" simulate --launch "$1" --start "$2" --minutes "$3" --seed "$n" -o "$work/sim-$n.igc" > /dev/null
    "$flightlog" import --database "$db" --config "$cfg" "$work/sim-$n.igc" > /dev/null
done
"$flightlog" edit --database "$db" --config "$cfg" 1 --instructor "Øyvind Ærø" --takeoff-place "Aachen-Merzbrück" > /dev/null
"$flightlog" edit --database "$db" --config "$cfg" 2 --guest "Çağrı Şahin" --takeoff-place "Aachen-Merzbrück" > /dev/null
"$flightlog" edit --database "$db" --config "$cfg" 4 --plane "Arcus M" --registration D-KXYZ --takeoff-place "=Düren" > /dev/null

port=${PORT:-18475}
"$flightlog" serve --database "$db" --config "$cfg" --port "$port" > "$work/serve.log" 2>&1 &
server=$!
i=0
until curl -fsS -o /dev/null "http://127.0.0.1:$port/"; do
    i=$((i + 1)); [ $i -lt 100 ] || { cat "$work/serve.log" >&2; exit 1; }; sleep 0.1
done

# shot FILE PATH [HEIGHT]: the first HEIGHT (default 844) CSS px of the page at 390 px wide.
shot() {
    "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --user-data-dir="$work/chrome" --window-size=390,"${3:-844}" --screenshot="$out/$1" "http://127.0.0.1:$port$2" \
        > "$work/chrome.log" 2>&1 || { cat "$work/chrome.log" >&2; exit 1; }
    echo "$out/$1"
}
shot phone-list.png /
shot phone-flight.png /flights/4 1750  # the analysis, map with route and thermals, barogram
shot phone-flight-map.png "/flights/4#map"
