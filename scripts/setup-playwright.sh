#!/usr/bin/env bash
# Creates a Python venv with Playwright (PyPI `playwright`, pinned) for scripts/measure-pages.py and prints the
# path of its python. No browser is downloaded: the script drives Debian's chromium (/usr/bin/chromium).
# Venv path: $FLIGHTLOG_PLAYWRIGHT_VENV, default .build-venv-playwright in the repository (ignored by git).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${FLIGHTLOG_PLAYWRIGHT_VENV:-$repo/.build-venv-playwright}"
if ! "$venv/bin/python" -c 'import playwright.sync_api' >/dev/null 2>&1; then
    python3 -m venv "$venv" >&2
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$venv/bin/pip" install --quiet --disable-pip-version-check 'playwright==1.65.2' >&2
fi
echo "$venv/bin/python"
