#!/usr/bin/env bash
# CPU time and peak RSS of flightlogd recording a 1-hour flight replayed through gpsfake at full speed,
# with the fake barometer sampled at 25 Hz: once at 1 Hz GNSS (3600 epochs) and once at 10 Hz (36 000).
#   benchmarks/daemon.sh            uses .build/release/flightlogd (make, or swift build -c release --static-swift-stdlib --product flightlogd)
#   FLIGHTLOGD=/path/to/flightlogd benchmarks/daemon.sh
# Prints one line per variant: fixes stored, wall seconds, CPU user+sys seconds (from /proc), peak RSS (VmHWM).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FLIGHTLOGD=${FLIGHTLOGD:-$ROOT/.build/release/flightlogd}
[ -x "$FLIGHTLOGD" ] || { echo "no $FLIGHTLOGD: run 'make'" >&2; exit 1; }
# shellcheck source=/dev/null
. scripts/gpsfake-env.sh

WORK=$(mktemp -d)
GROUP=""
cleanup() {
    [ -n "$GROUP" ] && { kill -TERM -- "-$GROUP" 2>/dev/null; sleep 0.5; kill -KILL -- "-$GROUP" 2>/dev/null; }
    rm -rf "$WORK"
}
trap cleanup EXIT

# A 1-hour glider flight as NMEA (RMC+GGA+GSA per epoch): 5 min ground, 50 min circling/gliding, 5 min ground.
nmea() { # $1 = epochs per second, $2 = output
    python3 - "$1" "$2" <<'PY'
import math, sys
hz, out = int(sys.argv[1]), sys.argv[2]
def cs(body):
    x = 0
    for c in body.encode(): x ^= c
    return "$%s*%02X\r\n" % (body, x)
def angle(v, deg, pos, neg):
    h = pos if v >= 0 else neg; v = abs(v); d = int(v); m = (v - d) * 60
    return "%0*d%07.4f,%s" % (deg, d, m, h)
start = 9 * 3600 + 30 * 60
lat, lon, alt = 47.39, 8.53, 468.0
with open(out, "w") as f:
    for k in range(3600 * hz):
        t = k / hz
        air = 300 <= t < 3300
        speed = 30.0 if air else 0.0
        heading = (t * 0.1) % (2 * math.pi) if air else 0.0
        lat += speed / hz * math.cos(heading) / 111195
        lon += speed / hz * math.sin(heading) / 75300
        alt = 468 + (min(t - 300, 3300 - t) * 0.8 if air else 0)
        s = start + t; hh, mm, ss = int(s // 3600), int(s % 3600 // 60), s % 60
        tm = "%02d%02d%05.2f" % (hh, mm, ss)
        pos = angle(lat, 2, "N", "S") + "," + angle(lon, 3, "E", "W")
        f.write(cs("GPRMC,%s,A,%s,%.2f,%.1f,150625,,,A" % (tm, pos, speed * 1.943844, math.degrees(heading))))
        f.write(cs("GPGGA,%s,%s,1,09,1.0,%.1f,M,48.0,M,," % (tm, pos, alt - 48)))
        f.write(cs("GPGSA,A,3,02,05,07,09,13,15,18,20,27,,,,1.8,1.0,1.5"))
PY
}

run() { # $1 = label, $2 = epochs per second
    local dir="$WORK/hz$2" port=$((30000 + RANDOM % 9000))
    mkdir -p "$dir"
    nmea "$2" "$dir/flight.nmea"
    scripts/fake-iio.sh "$dir/iio" bmp280 97.7720625 21500 >/dev/null
    setsid bash -c 'echo $$ >"$0/gpsfake.pgid"; export TMPDIR="$0"; exec timeout 900 gpsfake -1 -p -q -P "$1" -c 0 "$0/flight.nmea"' \
        "$dir" "$port" >/dev/null 2>&1 &
    for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.02; done
    GROUP=$(cat "$dir/gpsfake.pgid")
    local t0; t0=$(date +%s.%N)
    scripts/with-fake-iio.sh "$dir/iio" "$FLIGHTLOGD" --gpsd "127.0.0.1:$port" --database "$dir/flights.sqlite" \
        --barometer bmp280 --barometer-rate 25 2>"$dir/flightlogd.log" &
    local pid=$!
    local last expected=$(( 3600 * $2 ))
    # Done when the status file shows the last epoch (09:30:00 + 1 h - one interval) or after 10 min.
    local want="2025-06-15T10:29:59"
    for _ in $(seq 3000); do
        last=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("lastFixTime",""))' "$dir/flightlogd.status.json" 2>/dev/null || true)
        [[ "$last" > "$want" || "$last" == "$want"* ]] && break
        sleep 0.2
    done
    local t1; t1=$(date +%s.%N)
    local tick; tick=$(getconf CLK_TCK)
    read -r utime stime < <(awk '{print $14, $15}' "/proc/$pid/stat")
    local hwm; hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
    kill -TERM "$pid"; wait "$pid" || true
    kill -TERM -- "-$GROUP" 2>/dev/null || true; sleep 0.5; kill -KILL -- "-$GROUP" 2>/dev/null || true; GROUP=""
    local fixes; fixes=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["recordedFixes"])' "$dir/flightlogd.status.json")
    local flights; flights=$(sqlite3 -readonly "$dir/flights.sqlite" 'SELECT count(*) FROM flight' 2>/dev/null || echo "?")
    local size; size=$(cat "$dir/flights.sqlite" "$dir/flights.sqlite-wal" 2>/dev/null | wc -c)
    awk -v l="$1" -v f="$fixes" -v e="$expected" -v w="$(echo "$t1 - $t0" | bc)" -v u="$utime" -v s="$stime" -v t="$tick" \
        -v h="$hwm" -v n="$flights" -v z="$size" \
        'BEGIN { printf "%-18s fixes %6d/%d  flights %s  wall %6.1f s  CPU %6.2f s (user %.2f, sys %.2f)  peak RSS %5.1f MB  db %.1f MB\n",
                 l, f, e, n, w, (u + s) / t, u / t, s / t, h / 1024, z / 1048576 }'
}

echo "flightlogd: $FLIGHTLOGD"
run "1 Hz, baro 25 Hz" 1
run "10 Hz, baro 25 Hz" 10
