#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each of them (make fuzz, make fuzz-smoke).
#
# Usage: scripts/fuzz.sh [build|run|smoke] [TARGET...]      (default: run every target)
#   FUZZ_SECONDS=600   time per target for `run`
#   FUZZ_RUNS=1000000  stop each target after this many executions instead (no time limit unless FUZZ_SECONDS is set)
# `smoke` (CI) is the same on every machine: libFuzzer's random seed fixed (-seed=1), a fresh work corpus, and
# FUZZ_RUNS=20000 executions per target with no time limit (a limit would let a faster machine go further than
# the runs checked here). So a smoke that passed here passes in CI; finding new crashes is `run`'s job (make
# fuzz), with random seeds. The slowest target (igc) takes 50–110 s of it, the others seconds.
#   FUZZ_HANG_SECONDS=25  one input running longer than this (wall clock) is a hang; scripts/test.sh raises it
#                      because it runs the smoke at the lowest CPU priority beside the tests
#
# Targets (Fuzz/<target>.swift; the code each runs is shared with the regression tests):
#   igc        IGC import + detection + launch analysis + storage codec + IGC/KML/GPX/GeoJSON export
#   config     the config file: toml++ (through TOMLKit, both instrumented), the key lines, the settings
#   timezone   TZif files and zone1970.tab                    trackcodec  track blobs
#   journal    the live journal file (flightlog.sqlite.live) as recovery reads it after a power cut
#   gpsd       gpsd JSON lines through libgps, the reader, fusion and live detection
#   http       requests to `flightlog serve`: path, query, form, cookies, list filters, edit form, login token
#   cup        a pilot's SeeYou CUP airfield file: tolerant reader, merge into the airfield index, place lookup;
#              the same bytes as the bundled data set, read whole and by region (ByteLines, Regions)
#   verify     any file through `flightlog verify` (the security record), our own signed files built from it
#   openair    an OpenAir airspace file: tolerant reader, infringement search over what it read
#   weglide    WeGlide's answers: the upload's flight list, a refusal's detail, the aircraft list and the type match
#   task       declared and competition tasks: IGC C records, LCU::C and LSEEYOU lines, the CUP task section, and
#              XCSoar task files (.tsk: XML through libxml2, FoundationXML's XMLParser)
#   club       what the club's server keeps beside a flight (class, declared task JSON, analysis JSON): ClubKept,
#              the task scored as the club's flight page scores it
#
# Everything goes to .build-fuzz/: the instrumented modules, bin/fuzz-<target>, the seeds (made from
# ../shared/flights, samples/, systemd/, tzdata and Fuzz/seeds/), the growing work corpus and the logs. A crash
# or hang is copied to Tests/FuzzCorpus/open/<target>/ and the script exits 1: add it to git, and in the commit that
# fixes it move it to Tests/FuzzCorpus/<target>/, whose files the regression tests run (and the fuzzer loads;
# open/ is neither, so that an unfixed trap does not kill `swift test`). Each target's executions and exec/s are
# printed at the end and kept in .build-fuzz/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/.build-fuzz
all_targets=(igc config timezone trackcodec journal gpsd http cup verify openair weglide task club)

mode=${1:-run}
case $mode in build | run | smoke) shift || true ;; *) mode=run ;; esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

swift_flags=(-O -sanitize=fuzzer,address -parse-as-library -package-name flightlog -swift-version 6 -suppress-warnings
    -enable-upcoming-feature ExistentialAny)
# TOMLKit's sources come from SwiftPM's checkout (scripts/fuzz.sh resolves the packages when it is missing).
tomlkit_src=$root/.build/checkouts/TOMLKit/Sources
c_modules=(-I "$root/Sources/CGPS" -I "$root/Sources/CIIO" -I "$tomlkit_src/CTOML/include/CTOML")
# swift-crypto is not instrumented: its modules and objects come from SwiftPM's debug build (see crypto_library).
spm_debug=$root/.build/debug

# Compiles one module as an instrumented static library into $out/<dir>, unless neither its sources nor a module
# built before it (core, analysis, airspace, security: the ones it may import) changed: a module compiled against an older core would
# inline that core's struct layouts, and the fuzzer then reads past them.
build_module() { # dir module-name source-file...
    local dir=$out/$1 name=$2
    shift 2
    local stamp deps=()
    for d in core analysis airspace security tomlkit; do
        if [ "$out/$d" != "$dir" ] && [ -f "$out/$d/stamp" ]; then deps+=("$out/$d/stamp"); fi
    done
    stamp=$(cat "$@" "${deps[@]}" | sha1sum | cut -c1-40)
    if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then return 0; fi
    echo "fuzz: building $name ($# files)"
    rm -rf "$dir" && mkdir -p "$dir"
    nice -n 10 swiftc "${swift_flags[@]}" -enable-testing -emit-library -static -emit-module -module-name "$name" \
        -I "$out/core" -I "$out/analysis" -I "$out/airspace" -I "$out/security" -I "$out/tomlkit" -I "$spm_debug/Modules" "${c_modules[@]}" -emit-module-path "$dir/$name.swiftmodule" -o "$dir/lib$name.a" "$@" \
        2>&1 | grep -v 'ld.gold: warning' || true
    [ -f "$dir/lib$name.a" ] || { echo "fuzz: $name did not build" >&2; exit 2; }
    echo "$stamp" >"$dir/stamp"
}

# swift-crypto (Crypto, CryptoExtras and the BoringSSL they wrap) as one plain static library, from SwiftPM's objects: the
# FlightLogSecurity code above it is instrumented, the cryptography is not (BoringSSL is fuzzed upstream).
crypto_library() {
    local dir=$out/crypto objects=() stamp
    if [ ! -f "$spm_debug/Modules/Crypto.swiftmodule" ]; then
        echo "fuzz: building swift-crypto with SwiftPM (swift build --target FlightLogSecurity)"
        nice -n 10 swift build --target FlightLogSecurity >/dev/null
    fi
    # CryptoExtras (its PBKDF2) and the SwiftASN1 it links against come along for the password hashes.
    # Null-separated: CryptoExtras has object files with spaces in their names ("Block Function.swift.o").
    mapfile -d '' objects < <(find "$spm_debug"/{CCryptoBoringSSL,CCryptoBoringSSLShims,CryptoBoringWrapper,Crypto,CryptoExtras,_CryptoExtras,SwiftASN1}.build \
        -name '*.o' -print0 2>/dev/null | sort -z)
    stamp=$(ls -l --time-style=+%s "${objects[@]}" | sha1sum | cut -c1-40)
    if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then return 0; fi
    echo "fuzz: archiving swift-crypto (${#objects[@]} objects)"
    rm -rf "$dir" && mkdir -p "$dir"
    ar rcs "$dir/libFuzzCrypto.a" "${objects[@]}"
    echo "$stamp" >"$dir/stamp"
}

# TOMLKit, the config file's TOML parser: toml++ (C++, compiled by the toolchain's clang++) and its Swift wrapper,
# both instrumented. toml++ keeps its assertions (no NDEBUG): an input it asserts on is a crash here, where a
# release build would carry on with undefined behaviour.
tomlkit_library() {
    local dir=$out/tomlkit stamp f swift_files=()
    [ -d "$tomlkit_src" ] || { echo "fuzz: resolving the packages for TOMLKit"; swift package resolve >/dev/null; }
    stamp=$(find "$tomlkit_src/CTOML" "$tomlkit_src/TOMLKit" -type f -print0 | sort -z | xargs -0 cat | sha1sum | cut -c1-40)
    if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then return 0; fi
    echo "fuzz: building TOMLKit (toml++ and its Swift wrapper)"
    rm -rf "$dir" && mkdir -p "$dir/ctoml"
    for f in "$tomlkit_src"/CTOML/Sources/*.cpp; do
        nice -n 10 "$(dirname "$(command -v swiftc)")/clang++" -std=c++17 -O1 -g -w -fsanitize=fuzzer-no-link,address \
            -DTOML_EXCEPTIONS=1 -I "$tomlkit_src/CTOML/include" -c "$f" -o "$dir/ctoml/$(basename "$f" .cpp | tr '&' _).o"
    done
    ar rcs "$dir/libCTOML.a" "$dir"/ctoml/*.o
    mapfile -d '' swift_files < <(find "$tomlkit_src/TOMLKit" -name '*.swift' -print0 | sort -z)
    nice -n 10 swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 5 -suppress-warnings \
        -emit-library -static -emit-module -module-name TOMLKit "${c_modules[@]}" \
        -emit-module-path "$dir/TOMLKit.swiftmodule" -o "$dir/libTOMLKit.a" "${swift_files[@]}" 2>&1 | grep -v 'ld.gold: warning' || true
    [ -f "$dir/libTOMLKit.a" ] || { echo "fuzz: TOMLKit did not build" >&2; exit 2; }
    echo "$stamp" >"$dir/stamp"
}

# FlightLogSecurity (instrumented) over swift-crypto: the server's password hashes and login tokens need it.
build_security() {
    crypto_library
    build_module security FlightLogSecurity $(find Sources/FlightLogSecurity -name '*.swift' | sort)
}

build_target() { # target
    local t=$1 libs pipeline=()
    case $t in
    config)
        tomlkit_library
        build_module configfile FlightLogConfigFile $(find Sources/FlightLogConfigFile -name '*.swift' | sort)
        pipeline=Tests/FlightLogConfigFileTests/ConfigFuzzPipeline.swift
        libs=(-I "$out/configfile" -L "$out/configfile" -lFlightLogConfigFile -I "$out/tomlkit" -L "$out/tomlkit" -lTOMLKit
            -lCTOML -L "$out/core" -lFlightLogCore -lstdc++) ;;
    igc | timezone | trackcodec | journal | cup | openair | task)
        # The task pipeline reads .tsk files too: FlightLogTaskFile (instrumented) over FoundationXML and libxml2
        # (the toolchain's and the system's, not instrumented).
        build_module taskfile FlightLogTaskFile $(find Sources/FlightLogTaskFile -name '*.swift' | sort)
        pipeline=(Tests/FlightLogCoreTests/FuzzPipelines.swift Tests/FlightLogCoreTests/*FuzzPipeline.swift)
        libs=(-I "$out/taskfile" -L "$out/taskfile" -lFlightLogTaskFile -L "$out/airspace" -lFlightLogAirspace
            -L "$out/core" -lFlightLogCore) ;;
    gpsd)
        build_module sensors FlightLogSensors $(find Sources/FlightLogSensors -name '*.swift' | sort)
        pipeline=Tests/FlightLogSensorsTests/GPSDFuzzPipeline.swift
        libs=(-I "$out/sensors" -L "$out/sensors" -lFlightLogSensors -L "$out/core" -lFlightLogCore -lgps -liio) ;;
    http)
        build_security
        # FlightLogWeb, the pure request handling and pages (Package.swift keeps it free of the database and
        # Hummingbird: it depends on Core and Security only).
        build_module web FlightLogWeb $(find Sources/FlightLogWeb -name '*.swift' | sort)
        pipeline=Tests/FlightLogWebTests/HTTPFuzzPipeline.swift
        libs=(-I "$out/web" -L "$out/web" -lFlightLogWeb -I "$out/security" -L "$out/security" -lFlightLogSecurity
            -I "$spm_debug/Modules" -L "$out/crypto" -lFuzzCrypto -L "$out/analysis" -lFlightLogAnalysis
            -L "$out/airspace" -lFlightLogAirspace -L "$out/core" -lFlightLogCore) ;;
    verify)
        build_security
        pipeline=Tests/FlightLogSecurityTests/VerifyFuzzPipeline.swift
        libs=(-I "$out/security" -L "$out/security" -lFlightLogSecurity -I "$spm_debug/Modules" -L "$out/crypto" -lFuzzCrypto
            -L "$out/core" -lFlightLogCore) ;;
    weglide)
        # The answer readers alone: the rest of FlightLogWeGlide is the network (AsyncHTTPClient) and the store.
        build_module weglide FlightLogWeGlide Sources/FlightLogWeGlide/WeGlideAnswers.swift \
            Sources/FlightLogWeGlide/AircraftCatalogue.swift
        pipeline=Tests/FlightLogWeGlideTests/WeGlideFuzzPipeline.swift
        libs=(-I "$out/weglide" -L "$out/weglide" -lFlightLogWeGlide -I "$out/analysis" -L "$out/analysis" -lFlightLogAnalysis
            -L "$out/core" -lFlightLogCore) ;;
    club)
        # ClubKept alone: the rest of FlightLogSync is the server connection (PostgresNIO).
        build_module clubkept FlightLogSync Sources/FlightLogSync/ClubKept.swift
        pipeline=Tests/FlightLogSyncTests/ClubKeptFuzzPipeline.swift
        libs=(-I "$out/clubkept" -L "$out/clubkept" -lFlightLogSync -I "$out/analysis" -L "$out/analysis" -lFlightLogAnalysis
            -L "$out/core" -lFlightLogCore) ;;
    *) echo "fuzz: unknown target $t (known: ${all_targets[*]})" >&2; exit 2 ;;
    esac
    mkdir -p "$out/bin"
    rm -f "$out/bin/fuzz-$t"
    nice -n 10 swiftc "${swift_flags[@]}" -module-name "Fuzz_$t" -I "$out/core" -I "$out/airspace" "${c_modules[@]}" "${libs[@]}" \
        "Fuzz/$t.swift" "${pipeline[@]}" -o "$out/bin/fuzz-$t" 2>&1 | grep -v 'ld.gold: warning' || true
    [ -x "$out/bin/fuzz-$t" ] || { echo "fuzz: fuzz-$t did not build" >&2; exit 2; }
}

# Cuts an IGC file into small seeds (headers + 150 B records: the start, the middle, the whole flight thinned),
# so that each execution stays fast and the detector still sees takeoffs and landings.
igc_seeds() { # file dir
    local f=$1 dir=$2 b total
    b=$(basename "$f")
    total=$(grep -ac '^B' "$f" || true)
    [ "$total" -gt 0 ] || return 0
    awk 'BEGIN{n=0} /^B/{n++; if(n<=150) print; next} /^[LKE]/{next} {print}' "$f" >"$dir/$b.start"
    awk -v m=$((total / 2)) 'BEGIN{n=0} /^B/{n++; if(n>m && n<=m+150) print; next} /^[LKE]/{next} {print}' "$f" >"$dir/$b.middle"
    awk -v k=$((total / 150 + 1)) 'BEGIN{n=0} /^B/{n++; if(n%k==0) print; next} /^[LKE]/{next} {print}' "$f" >"$dir/$b.thin"
}

make_seeds() { # target
    local t=$1 dir=$out/seeds/$1 f z
    rm -rf "$dir" && mkdir -p "$dir"
    case $t in
    igc) for f in ../shared/flights/*.igc ../shared/flights/*.IGC samples/*.igc; do [ -f "$f" ] && igc_seeds "$f" "$dir"; done ;;
    config) cp systemd/flightlog.toml.example "$dir/" ;;
    verify) for f in samples/*.igc ../shared/flights/*.igc ../shared/flights/*.IGC; do [ -f "$f" ] && head -c 6000 "$f" >"$dir/$(basename "$f")"; done ;;
    timezone)
        for z in Europe/Berlin America/New_York Australia/Lord_Howe Pacific/Chatham Asia/Kolkata America/Sao_Paulo UTC; do
            [ -f "/usr/share/zoneinfo/$z" ] && cp "/usr/share/zoneinfo/$z" "$dir/${z//\//-}"
        done
        [ -f /usr/share/zoneinfo/zone1970.tab ] && head -c 16000 /usr/share/zoneinfo/zone1970.tab >"$dir/zone1970.tab" || true ;;
    esac
    [ -d "Fuzz/seeds/$t" ] && cp Fuzz/seeds/"$t"/* "$dir/" 2>/dev/null || true
}

max_len() {
    case $1 in timezone | http) echo 20000 ;; config) echo 4096 ;; *) echo 8192 ;; esac
}

# TOMLKit 0.6.0 never frees a parsed document (no deinit): the config target grows by about 0.5 KB an execution.
rss_limit() {
    case $1 in config) echo 8192 ;; *) echo 2048 ;; esac
}

# Runs one target; adds "target executions exec/s seconds crashes" to `results`.
run_target() { # target seconds runs
    local t=$1 seconds=$2 runs=$3 log=$out/logs/$1.log limit=() dict=() status=0 art
    mkdir -p "$out/corpus/$t" "$out/artifacts/$t" "$out/logs" "Tests/FuzzCorpus/$t" "Tests/FuzzCorpus/open/$t"
    [ -n "$seconds" ] && limit+=(-max_total_time="$seconds")
    [ -n "$runs" ] && limit+=(-runs="$runs")
    [ -f "Fuzz/$t.dict" ] && dict=(-dict="Fuzz/$t.dict")
    local corpus=$out/corpus/$t
    if [ "$mode" = smoke ]; then
        limit+=(-seed=1)
        corpus=$out/smoke-corpus/$t
        rm -rf "$corpus" && mkdir -p "$corpus"
    fi
    rm -f "$out/artifacts/$t"/*
    echo "fuzz: $t ${seconds:+${seconds}s }${runs:+$runs runs}"
    local start=$SECONDS
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0 nice -n 10 "$out/bin/fuzz-$t" "${limit[@]}" "${dict[@]}" \
        -max_len="$(max_len "$t")" -timeout="${FUZZ_HANG_SECONDS:-25}" -rss_limit_mb="$(rss_limit "$t")" -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$t/" "$corpus" "$out/seeds/$t" "Tests/FuzzCorpus/$t" >"$log" 2>&1 || status=$?
    local elapsed=$((SECONDS - start)) executed rate crashes=0
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    for art in "$out/artifacts/$t"/*; do
        [ -f "$art" ] || continue
        crashes=$((crashes + 1))
        cp "$art" "Tests/FuzzCorpus/open/$t/$(basename "$art")"
        echo "fuzz: $t: $(basename "$art") -> Tests/FuzzCorpus/open/$t/ ($(grep -m1 -E 'Fatal error|ERROR:|SUMMARY' "$log" || echo see $log))"
    done
    [ "$status" -eq 0 ] || [ "$crashes" -gt 0 ] || { crashes=1; echo "fuzz: $t stopped with status $status, see $log"; }
    results+=("$(printf '%-11s %12s %8s %6ss %7s' "$t" "${executed:-?}" "${rate:-?}" "$elapsed" "$crashes")")
    [ "$crashes" -eq 0 ]
}

mkdir -p "$out"
build_module core FlightLogCore $(find Sources/FlightLogCore -name '*.swift' | sort)
build_module analysis FlightLogAnalysis $(find Sources/FlightLogAnalysis -name '*.swift' | sort)
build_module airspace FlightLogAirspace $(find Sources/FlightLogAirspace -name '*.swift' | sort)
for t in "${targets[@]}"; do build_target "$t"; done
[ "$mode" = build ] && exit 0

seconds=${FUZZ_SECONDS:-}
runs=${FUZZ_RUNS:-}
if [ "$mode" = smoke ]; then runs=${FUZZ_RUNS:-20000}; fi
if [ -z "$seconds" ] && [ -z "$runs" ]; then seconds=600; fi
# What was fuzzed: the commit, and whether the sources had uncommitted changes.
rev=$(git rev-parse --short HEAD 2>/dev/null || echo ?)
git diff --quiet HEAD -- Sources 2>/dev/null || rev+=" + uncommitted changes in Sources/"
failed=0
results=()
for t in "${targets[@]}"; do
    make_seeds "$t"
    run_target "$t" "$seconds" "$runs" || failed=1
done
{
    echo "# $(date -u +%FT%TZ) $rev: ${runs:+$runs runs per target}${runs:+${seconds:+, at most }}${seconds:+${seconds}s per target}"
    printf '%-11s %12s %8s %7s %7s\n' target executions exec/s time crashes
    printf '%s\n' "${results[@]}"
} | tee -a "$out/summary.txt"
[ "$failed" -eq 0 ] || { echo "fuzz: crashes found; the inputs are in Tests/FuzzCorpus/open (see above)"; exit 1; }
