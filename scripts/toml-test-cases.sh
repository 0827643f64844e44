#!/usr/bin/env bash
# Puts toml-test's cases (the TOML project's conformance suite: tests/valid, tests/invalid, tests/files-toml-1.0.0)
# into .build-toml-test/tests/ for TOMLConformanceTests (swift test --filter TOMLConformanceTests). For development:
# the cases are not in this repository, and CI has no copy of them (the test is skipped there).
#
# Usage: scripts/toml-test-cases.sh [SOURCE]
#   SOURCE: a toml-test git repository (bare or checked out) or its tests/ folder; default: a shallow clone of
#   https://github.com/toml-lang/toml-test
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-toml-test
source=${1:-https://github.com/toml-lang/toml-test}
rm -rf "$out" && mkdir -p "$out"
if [ -f "$source/files-toml-1.0.0" ]; then
    cp -r "$source" "$out/tests"
elif [ -d "$source/tests" ] && [ -f "$source/tests/files-toml-1.0.0" ]; then
    cp -r "$source/tests" "$out/tests"
elif git --git-dir="$source" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git --git-dir="$source" archive HEAD tests | tar -x -C "$out"
    git --git-dir="$source" log -1 --format='toml-test %h %cs' >"$out/VERSION"
else
    git clone -q --depth 1 "$source" "$out/repo"
    mv "$out/repo/tests" "$out/tests"
    git -C "$out/repo" log -1 --format='toml-test %h %cs' >"$out/VERSION"
    rm -rf "$out/repo"
fi
echo "toml-test: $(grep -c '^valid/.*\.toml$' "$out/tests/files-toml-1.0.0") valid and" \
    "$(grep -c '^invalid/.*\.toml$' "$out/tests/files-toml-1.0.0") invalid TOML 1.0 cases in $out/tests" \
    "$(cat "$out/VERSION" 2>/dev/null || true)"
