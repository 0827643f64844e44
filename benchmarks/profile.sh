#!/usr/bin/env bash
# Instruction profiles (valgrind's callgrind: exact counts, repeatable on a busy machine) of the commands the
# benchmark times: start-up alone, `list --instructor` on 10,000 flights, `export --igc` of a 25,021-fix flight (as `run.py`),
# and `import` of the shared flights (or generated ones). Prints each command's total instructions and the
# functions that take the most (inclusive), with the runtime's plumbing left out.
#   benchmarks/profile.sh            # release build, then the four profiles
#   KEEP=1 benchmarks/profile.sh     # keep the callgrind.out files (printed at the end) for callgrind_annotate
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "profile: needs valgrind (apt-get install -y valgrind)" >&2; exit 1; }

swift build -c release --static-swift-stdlib --product flightlog >/dev/null 2>&1
bin="$(swift build -c release --static-swift-stdlib --show-bin-path 2>/dev/null)/flightlog"
work="$(mktemp -d /tmp/flightlog-profile.XXXXXX)"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 that Swift emits; the symbol table is enough for function names.
objcopy --strip-debug "$bin" "$work/flightlog"
fl="$work/flightlog"

"$fl" bench make-db "$work/many.sqlite" --flights 10000 >/dev/null
"$fl" simulate --launch aerotow --minutes 407 -o "$work/big.igc" >/dev/null
"$fl" import "$work/big.igc" --database "$work/export.sqlite" >/dev/null
mkdir -p "$work/out"
shopt -s nullglob
flights=(../shared/flights/*.igc ../shared/flights/*.IGC)
if [ ${#flights[@]} -eq 0 ]; then
    for launch in winch aerotow self; do
        "$fl" simulate --launch "$launch" --minutes 120 -o "$work/$launch.igc" >/dev/null
        flights+=("$work/$launch.igc")
    done
fi

profile() {
    local slug="$1" name="$2"
    shift 2
    valgrind --tool=callgrind --callgrind-out-file="$work/$slug.callgrind" "$@" >/dev/null 2>"$work/$slug.log"
    printf '\n== %s: %s instructions\n' "$name" "$(grep -o 'refs: *[0-9,]*' "$work/$slug.log" | tr -dc '0-9,')"
    # Inclusive costs; drop the executor, dispatch, GRDB's queue hops and thunks, keep our code and the libraries.
    callgrind_annotate --inclusive=yes "$work/$slug.callgrind" 2>/dev/null \
        | grep -E '^ *[0-9,]+ \( *[0-9.]+%\)' | grep -v 'PROGRAM TOTALS' \
        | grep -vE 'swift_job_run|runJob|jobInvoke|start_thread|dispatch|Dispatch|__swift_run_job|SerializedDatabase|DatabasePool|Pool[CV]3get|inTransaction|inSavepoint|isolated|8Database[CW]|TRTA|_TR |Tm |below main|libc_start|0x0000' \
        | head -"${TOP:-14}" \
        | sed -E 's/\[[^]]*\]//; s/\?\?\?://' \
        | swift demangle --compact --simplified | cut -c1-140 || true  # `head` closes the pipe early
}

profile start "start-up (flightlog --version)" "$fl" --version
profile list "list --instructor, 10,000 flights" "$fl" list --instructor --database "$work/many.sqlite"
profile export "export --igc of a 407-minute flight (25,021 fixes)" "$fl" export --igc 1 -o "$work/out/" --database "$work/export.sqlite"
profile import "import of ${#flights[@]} IGC files" "$fl" import --database "$work/import.sqlite" "${flights[@]}"
[ "${KEEP:-0}" = 1 ] && echo && echo "callgrind files: $work"
exit 0
