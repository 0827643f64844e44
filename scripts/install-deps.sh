#!/usr/bin/env bash
# Installs the Debian packages flightlog builds, tests and runs with (Debian 12 / Raspberry Pi OS bookworm).
# Idempotent: does nothing when everything is there. Needs root (or sudo) for apt-get.
set -euo pipefail

# Build: C libraries behind the CGPS, CIIO, CPangoCairo, CJPEG and GRDB targets.
BUILD="libsqlite3-dev libgps-dev libiio-dev libcairo2-dev libpango1.0-dev libjpeg-dev pkg-config"
# make deb: dpkg-deb, dpkg-shlibdeps (Depends) and strip.
BUILD="$BUILD dpkg-dev binutils"
# Run: fonts for the PDF, time zones for local dates, gpsd for the recorder.
RUN="fonts-dejavu-core tzdata gpsd"
# Test and demo: gpsfake (python3-gps), libiio tools and iiod, pdftotext/pdftoppm, sqlite3 CLI, venv for aerofiles,
# util-linux (unshare) and iproute2 for the fake IIO tree, e2fsprogs and mount (losetup) for the USB stick image;
# lintian (and man-db with it) for the package test.
TEST="e2fsprogs mount python3-gps python3-distutils libiio-utils iiod poppler-utils sqlite3 python3-venv util-linux iproute2 procps chromium curl"
TEST="$TEST lintian"
# The club logbook tests start their own PostgreSQL server (initdb + pg_ctl, no systemd).
TEST="$TEST postgresql"
# openssl makes the self-signed certificate of the TLS sync test.
TEST="$TEST openssl"

want="$BUILD $RUN"
[ "${1:-}" = "--test" ] && want="$want $TEST"

missing=()
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "Installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# gpsd's Debian package enables its socket when systemd runs; the tests start their own gpsd on private ports.
