#!/usr/bin/env bash
# The main job on its embedded default: a simulated winch flight (samples/simulated-winch.igc) flies through the
# REAL gpsd (gpsfake replaying its NMEA) and the REAL libiio (a fake IIO sysfs barometer in a private mount
# namespace, kept in step with gpsd's time) into flightlogd, which records it and finds the flight by itself.
# Then flightlog lists, shows and exports it. Everything lands in ./demo-output/.
#   scripts/demo.sh [FLIGHT.igc]      any IGC file works (e.g. one of ../shared/flights)
#   FLIGHTLOG_DEMO_SPEED=0.01          seconds per NMEA sentence (3 per second of flight; 0.333 = real time)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
IGC=$(realpath "${1:-samples/simulated-winch.igc}")
DELAY=${FLIGHTLOG_DEMO_SPEED:-0.01}
OUT=$ROOT/demo-output

scripts/install-deps.sh --test
# shellcheck source=/dev/null
. scripts/gpsfake-env.sh
echo "== building (release)"
swift build -c release --static-swift-stdlib --product flightlog 2>&1 | grep -E "error|Compiling flightlog|Build" || true
swift build -c release --static-swift-stdlib --product flightlogd 2>&1 | grep -E "error|Build" || true
BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)
fl() { local cmd=$1; shift; "$BIN/flightlog" "$cmd" --database "$OUT/flightlog.sqlite" "$@"; }

rm -rf "$OUT"; mkdir -p "$OUT"
WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    [ -f "$WORK/gpsfake.pgid" ] && kill -KILL -- "-$(cat "$WORK/gpsfake.pgid")" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "== the flight: $IGC"
$BIN/flightlog replay "$IGC" --nmea "$WORK/flight.nmea"
epochs=$(grep -c RMC "$WORK/flight.nmea")
echo "   $epochs GPS epochs; replaying at $DELAY s per NMEA sentence (about $(python3 -c "print(round($epochs*3*$DELAY))") s)"

port=$((29000 + RANDOM % 1000))
echo "== gpsd (gpsfake) on 127.0.0.1:$port"
setsid bash -c 'echo $$ >"$0/gpsfake.pgid"; export TMPDIR="$0"; exec timeout 1800 gpsfake -1 -p -q -P "$1" -c "$2" "$0/flight.nmea"' \
    "$WORK" "$port" "$DELAY" >"$WORK/gpsfake.log" 2>&1 &
FAKE=$!
for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.02; done

echo "== fake IIO barometer (bmp280) following gpsd's time"
$BIN/flightlog replay "$IGC" --iio-tree "$WORK/iio" --follow-gpsd "127.0.0.1:$port" --rate 50 >"$WORK/replay.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do [ -f "$WORK/iio/bus/iio/devices/iio:device0/in_pressure_input" ] && break; sleep 0.02; done

echo "== flightlogd (libgps + libiio local: in a mount namespace)"
scripts/with-fake-iio.sh "$WORK/iio" "$BIN/flightlogd" --gpsd "127.0.0.1:$port" --database "$OUT/flightlog.sqlite" \
    --barometer auto --barometer-rate 50 2>"$OUT/flightlogd.log" &
DAEMON=$!
PIDS+=("$DAEMON")
wait "$FAKE" || true
sleep 2
kill -TERM "$DAEMON"; wait "$DAEMON" || true
echo "   flightlogd log: $OUT/flightlogd.log ($(grep -ci warn "$OUT/flightlogd.log" || true) warnings)"

echo; echo "== flightlog list"
fl list
id=$(fl list --json | python3 -c 'import json,sys; f=json.load(sys.stdin); print(f[-1]["id"] if f else "")')
[ -n "$id" ] || { echo "no flight was recorded: see $OUT/flightlogd.log" >&2; exit 1; }
echo; echo "== flightlog show $id"
fl show "$id"
echo; echo "== exports"
fl export --igc "$id" -o "$OUT/"
fl export --report "$id" -o "$OUT/flight-$id.pdf"
fl export --kml "$id" -o "$OUT/flight-$id.kml"
fl export --pdf -o "$OUT/logbook.pdf"
echo; echo "Done: the recorded flight, its IGC file, report and logbook are in $OUT/"
