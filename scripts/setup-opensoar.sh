#!/usr/bin/env bash
# Creates a Python venv with opensoar 2.1.3 (the independent task scorer, see scripts/score-task.py) and prints the
# path of its python. Venv path: $FLIGHTLOG_TASKS_VENV, default .build-venv-tasks in the repository (ignored by git).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${FLIGHTLOG_TASKS_VENV:-$repo/.build-venv-tasks}"
if ! "$venv/bin/python" -c 'import opensoar.task.race_task, opensoar.task.aat, aerofiles.igc' >/dev/null 2>&1; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'opensoar==2.1.3' >&2
fi
echo "$venv/bin/python"
