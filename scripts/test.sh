#!/usr/bin/env bash
# Sets up everything the tests need on a fresh Debian 12 machine and runs them all.
# Usage: scripts/test.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# step NAME CMD...: runs CMD, then prints `step NAME: N s` (also when it fails), so the log shows where time goes.
step() {
    local name=$1 start=$SECONDS status=0
    shift
    "$@" || status=$?
    echo "step $name: $((SECONDS - start)) s"
    return "$status"
}

step install-deps scripts/install-deps.sh --test
start=$SECONDS
# aerofiles 1.5.6 (the IGC reader pilots' scripts use) checks every exported IGC file.
FLIGHTLOG_PYTHON=$(scripts/setup-aerofiles.sh)
export FLIGHTLOG_PYTHON
# opensoar 2.1.3 scores the shared flights' declared tasks beside ours (TaskOracleTests need the shared flights).
if [ -d ../shared/flights ]; then scripts/setup-opensoar.sh >/dev/null; fi
# gpsfake (from gpsd-clients, unpacked without its GUI dependencies).
# shellcheck source=/dev/null
source scripts/gpsfake-env.sh
echo "step aerofiles-gpsfake: $((SECONDS - start)) s"
# install-deps installs PostgreSQL, so no sync test may skip here: its tests (trait `.postgreSQL`) run, and fail
# if the server cannot be started, instead of skipping with the reason as on a machine without it.
export FLIGHTLOG_REQUIRE_POSTGRESQL=1

# swift-format (make lint, strict): any finding fails CI. `make format` rewrites the files in place; the few
# end-of-line comments it cannot move go on the line above by hand.
lint() {
    local log
    log=$(mktemp)
    if ! make --no-print-directory lint >"$log" 2>&1; then
        cat "$log"
        echo "lint: swift-format findings above; run make format (and move a too-long end-of-line comment up)"
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}
step lint lint

step build swift build --build-tests

# The real-time replay suites (scripts/replay-suites) wait for their replays far more than they compute: one after
# the other they took 1,113 of swift test's 2,029 s. So each line of that file runs in a test process of its own
# (its suites one after the other), started here and run beside the Chromium measurement and the other tests. They
# share nothing with them: their own temporary directories, mount namespaces and gpsd ports (freePort claims each
# port for its process, machine-wide). A second `swift test` would wait for the first one's lock on .build, so they
# run the built test bundle the way swift test runs it. Their output is printed after the rest; the run fails if
# any of them failed. With extra swift test arguments (scripts/test.sh --filter X) everything runs in the one
# swift test, as before.
replay_lines=()
replay_pids=()
replay_logs=$(mktemp -d)
if [ $# = 0 ]; then
    mapfile -t replay_lines < <(grep -v '^#' scripts/replay-suites | grep .)
fi
# `A B` -> `A|B`
suites() { echo "$*" | tr -s ' ' '|'; }
replay_skip="FlightLogEndToEndTests\\.($(suites "${replay_lines[@]}"))/"
# Each process in its own process group (set -m), so that an interrupted or failed run stops it and its children.
fuzz_pid=
fuzz_log=$(mktemp)
trap 'for pid in "${replay_pids[@]}" $fuzz_pid; do kill -- "-$pid" 2>/dev/null || true; done; rm -rf "$replay_logs" "$fuzz_log"' EXIT
bundle="$(swift build --show-bin-path)/flightlogPackageTests.xctest"
set -m
for i in "${!replay_lines[@]}"; do
    step "replays-$(suites "${replay_lines[$i]}" | tr '|' '+')" "$bundle" --testing-library swift-testing \
        --no-parallel --filter "FlightLogEndToEndTests\\.($(suites "${replay_lines[$i]}"))/" >"$replay_logs/$i" 2>&1 &
    replay_pids+=("$!")
done
set +m

# Each libFuzzer target for 20,000 runs from a fixed seed (scripts/fuzz.sh smoke: the same inputs on every machine);
# a crash fails the run. FLIGHTLOG_SKIP_FUZZ=1 skips it.
# It starts once the replays above have ended and runs beside the rest of swift test at the lowest CPU priority
# (nice 19): swift test then uses about one of the two cores, and the smoke (~260 s building instrumented modules,
# 20,000 inputs a target: igc 50–110 s, the rest seconds) takes the other instead of ~380 s of its own. Not beside
# the replays: under load the 50x replay outran flightlogd (a power cut struck before it had seen the touchdown).
# One input may take longer than the usual hang limit at that priority, so the limit is raised. The static links
# below wait for it (they must not race its reads of the debug build). Its output is printed at the end.
fuzz_after_replays() {
    local pid
    for pid in "${replay_pids[@]}"; do
        while kill -0 "$pid" 2>/dev/null; do sleep 5; done
    done
    FUZZ_HANG_SECONDS=120 step fuzz-smoke nice -n 19 scripts/fuzz.sh smoke
}
if [ "${FLIGHTLOG_SKIP_FUZZ:-0}" != 1 ]; then
    set -m
    fuzz_after_replays >"$fuzz_log" 2>&1 &
    fuzz_pid=$!
    set +m
fi

# The pages measured in headless Chromium at 320, 390 and 1280 px, light and dark (text >= 12 CSS px, no labels
# overlapping, flights on the first screen, the barogram-map cursor) with the debug flightlog; skips with a note
# when chromium is absent.
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]; then
    step measure-pages "$(scripts/setup-playwright.sh)" scripts/measure-pages.py
else
    echo "measure-pages: skipped: chromium is not installed (apt-get install -y chromium)"
fi
# Values of other types planted in every column of a real logbook, read back by list, show and export --to (the
# smoke of `make hostile-db`): no command may trap on its own database file.
step hostile-columns python3 scripts/hostile-columns.py --quick
failed=0
if [ ${#replay_lines[@]} = 0 ]; then
    step swift-test swift test --skip-build --no-parallel "$@" || failed=1
else
    step swift-test swift test --skip-build --no-parallel --skip "$replay_skip" || failed=1
fi
start=$SECONDS
for i in "${!replay_lines[@]}"; do
    wait "${replay_pids[$i]}" || { failed=1; echo "FAILED: ${replay_lines[$i]}"; }
done
echo "step replays-after-swift-test: $((SECONDS - start)) s"
for i in "${!replay_lines[@]}"; do
    echo "=== ${replay_lines[$i]} (a test process of their own) ==="
    cat "$replay_logs/$i"
done
if [ -n "$fuzz_pid" ]; then
    start=$SECONDS
    wait "$fuzz_pid" || { failed=1; echo "FAILED: fuzz smoke"; }
    echo "step fuzz-smoke-after-tests: $((SECONDS - start)) s"
    echo "=== fuzz smoke (beside the tests, nice 19) ==="
    cat "$fuzz_log"
fi
[ "$failed" = 0 ] || exit 1

# The quick benchmark and the package test, last: they use the debug build the tests had (the release build of
# every dependency took 811 s of CI's time, and neither judges speed; `make bench` and `make deb` build release),
# linked static as the package needs. That link recompiles the executables' objects for the static runtime, and
# a later dynamic build of the same tree failed to link, so nothing builds for the tests after it. In a debug
# build (no dead stripping) the static link reaches Foundation's ICU and CoreFoundation archives that nothing
# names: they are named here, in one group.
static_debug="--static-swift-stdlib -Xlinker --start-group"
for lib in Foundation FoundationInternationalization _FoundationICU FoundationEssentials CoreFoundation \
    _FoundationCShims _FoundationCollections swiftSynchronization FoundationXML _CFXMLInterface xml2; do
    static_debug+=" -Xlinker -l$lib"
done
static_debug+=" -Xlinker --end-group"
# The executables are linked once, here; the benchmarks and the package then find them built (their own
# `swift build` calls only check, each waiting for the other's lock on .build for a moment).
static_build() {
    local product
    for product in flightlog flightlogd flightlog-bench; do
        # shellcheck disable=SC2086  # static_debug is a list of flags
        swift build $static_debug --product "$product" >/dev/null || return 1
    done
}
if [ "${FLIGHTLOG_SKIP_BENCH:-0}" != 1 ] || [ "${FLIGHTLOG_SKIP_DEB:-0}" != 1 ]; then
    step static-build static_build
fi
# The benchmark in quick mode proves it runs end to end (every row measured; numbers not judged), then the club
# sync benchmark in quick mode (20 short flights, 1,000 on the server; its own PostgreSQL). Skip both with
# FLIGHTLOG_SKIP_BENCH=1. They run beside the package test below: they share nothing with it (their own temporary
# directories, ports and PostgreSQL; the package test installs to /usr and reads the built executables, which
# nothing rebuilds now), and neither judges speed. Their output is printed after the package test's.
bench_pid=
bench_log=$(mktemp)
trap 'for pid in "${replay_pids[@]}" $fuzz_pid $bench_pid; do kill -- "-$pid" 2>/dev/null || true; done; rm -rf "$replay_logs" "$fuzz_log" "$bench_log"' EXIT
benchmarks() {
    BUILD_FLAGS=$static_debug step bench-quick python3 benchmarks/run.py --quick &&
        BUILD_FLAGS=$static_debug step bench-sync-quick python3 benchmarks/sync.py --quick
}
if [ "${FLIGHTLOG_SKIP_BENCH:-0}" != 1 ]; then
    set -m
    benchmarks >"$bench_log" 2>&1 &
    bench_pid=$!
    set +m
fi
# The Debian package: build, lintian, install, --version, purge keeps the logbook (scripts/test-deb.sh; needs
# root, as CI has). FLIGHTLOG_SKIP_DEB=1 skips it.
if [ "${FLIGHTLOG_SKIP_DEB:-0}" != 1 ]; then
    BUILD_FLAGS=$static_debug DEB_COMPRESSION="-Zxz -z1" step test-deb scripts/test-deb.sh || failed=1
fi
if [ -n "$bench_pid" ]; then
    start=$SECONDS
    wait "$bench_pid" || { failed=1; echo "FAILED: quick benchmarks"; }
    echo "step benchmarks-after-test-deb: $((SECONDS - start)) s"
    echo "=== quick benchmarks (beside the package test) ==="
    cat "$bench_log"
fi
[ "$failed" = 0 ] || exit 1
