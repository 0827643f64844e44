#!/usr/bin/env python3
"""igc_lib's thermals and circling % for IGC files, to compare with flightlog's (docs/CONTEST-AND-THERMALS.md).

Not part of CI. igc_lib is not on PyPI: clone https://github.com/marcin-osowski/igc_lib (the figures in the docs
and in SharedFlightPhasesTests are from commit 14d6837) and pass its folder:

    scripts/compare-phases.py ~/src/igc_lib ../shared/flights/*.igc ../shared/flights/*.IGC
"""
import pathlib
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
sys.modules.setdefault("pathlib2", pathlib)  # igc_lib imports pathlib2; the standard module does the same here
sys.path.insert(0, sys.argv[1])
import igc_lib  # noqa: E402

for path in sys.argv[2:]:
    flight = igc_lib.Flight.create_from_file(path)
    name = pathlib.Path(path).name
    if not flight.valid:
        print(f"{name}: igc_lib finds no valid flight ({'; '.join(flight.notes)})")
        continue
    circling = sum(t.time_change() for t in flight.thermals)
    cruise = sum(g.time_change() for g in flight.glides)
    climbing = [t for t in flight.thermals if t.alt_change() > 0]
    percent = 100 * circling / (circling + cruise) if circling + cruise else 0
    print(f"{name}: {len(flight.thermals)} thermals ({len(climbing)} gaining height), circling {percent:.1f} %")
