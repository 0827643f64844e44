#!/usr/bin/env bash
# Creates a fake IIO sysfs tree for libiio's local: backend (docs/SENSOR-INTERFACES.md):
#   scripts/fake-iio.sh DIR [NAME [PRESSURE_KPA [TEMP_MILLI_C]]]
# -> DIR/bus/iio/devices/iio:device0/{name,in_pressure_input,in_temp_input}
# Use it with scripts/with-fake-iio.sh DIR CMD... . Change values from outside by writing a temp file
# outside the device directory and renaming it over the attribute.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 DIR [NAME [PRESSURE_KPA [TEMP_MILLI_C]]]" >&2; exit 2; }
dir=$1 name=${2:-bmp280} kpa=${3:-97.772062500} temp=${4:-16021}
dev="$dir/bus/iio/devices/iio:device0"
mkdir -p "$dev"
printf '%s\n' "$name" >"$dev/name"
printf '%s\n' "$kpa" >"$dev/in_pressure_input"
printf '%s\n' "$temp" >"$dev/in_temp_input"
echo "$dev"
