#!/usr/bin/env bash
# Creates a Python venv with aerofiles 1.5.6 (the external IGC check, see scripts/check-igc.py) and prints the
# path of its python. Venv path: $FLIGHTLOG_VENV, default .build-venv in the repository (ignored by git).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${FLIGHTLOG_VENV:-$repo/.build-venv}"
if ! "$venv/bin/python" -c 'import aerofiles.igc, dateutil' >/dev/null 2>&1; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'aerofiles==1.5.6' python-dateutil >&2
fi
echo "$venv/bin/python"
