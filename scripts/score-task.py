#!/usr/bin/env python3
"""The independent task scorer for the tests (docs/TASKS.md, "The opensoar oracle").

Scores one IGC file against a task given as JSON with PyPI opensoar 2.1.3 (a racing task or an AAT from the same
zones) and prints what it found as JSON. Run it with the python that scripts/setup-opensoar.sh prints:

    score-task.py FILE.igc TASK.json

TASK.json: {"kind": "racing" | "aat", "minimumTimeSeconds": n, "points": [{"name", "latitude", "longitude",
"radius" (m), "halfAngle" (deg), "innerRadius", "innerHalfAngle", "isLine", "orientation": "symmetrical" | "next" |
"previous" | "start" | "fixed", "orientationAngle"}], "startOpening": ISO 8601 UTC (optional, the start gate)}. Only valid B records are read (time, latitude, longitude),
so the oracle does not share flightlog's IGC reader either.
"""
import datetime
import json
import sys

from opensoar.task.aat import AAT
from opensoar.task.race_task import RaceTask
from opensoar.task.trip import Trip
from opensoar.task.waypoint import Waypoint


def read_trace(path):
    """The valid B fixes as opensoar's dicts (lat, lon, datetime in UTC), the date from HFDTE, midnight carried."""
    date, trace, last = None, [], None
    with open(path, "rb") as f:
        for raw in f:
            line = raw.decode("ascii", "replace").strip()
            if line.startswith("HFDTE"):
                digits = "".join(c for c in line if c.isdigit())[:6]
                date = datetime.date(2000 + int(digits[4:6]), int(digits[2:4]), int(digits[0:2]))
            elif line.startswith("B") and len(line) >= 35 and line[24] == "A" and date is not None:
                t = datetime.datetime.combine(date, datetime.time(int(line[1:3]), int(line[3:5]), int(line[5:7])))
                if last is not None and t < last - datetime.timedelta(hours=12):
                    date += datetime.timedelta(days=1)
                    t += datetime.timedelta(days=1)
                last = t
                lat = int(line[7:9]) + int(line[9:14]) / 60000
                lon = int(line[15:18]) + int(line[18:23]) / 60000
                trace.append({
                    "lat": -lat if line[14] == "S" else lat,
                    "lon": -lon if line[23] == "W" else lon,
                    "datetime": t.replace(tzinfo=datetime.timezone.utc),
                })
    return trace


def waypoint(p):
    return Waypoint(
        p["name"], p["latitude"], p["longitude"], r_min=p.get("innerRadius"), angle_min=p.get("innerHalfAngle"),
        r_max=p["radius"], angle_max=p["halfAngle"], is_line=p["isLine"], sector_orientation=p["orientation"],
        orientation_angle=p.get("orientationAngle"))


def main():
    trace = read_trace(sys.argv[1])
    with open(sys.argv[2]) as f:
        task = json.load(f)
    points = [waypoint(p) for p in task["points"]]
    opening = task.get("startOpening")  # the start gate, ISO 8601 UTC (opensoar's start_opening)
    opening = datetime.datetime.fromisoformat(opening.replace("Z", "+00:00")) if opening else None
    if task["kind"] == "aat":
        t = AAT(points, datetime.timedelta(seconds=task.get("minimumTimeSeconds") or 0), 0, opening)
    else:
        t = RaceTask(points, 0, opening)
    try:
        trip = Trip(t, trace)
    except IndexError:  # opensoar 2.1.3 fails on a trace that never starts (as after a start gate): no start
        print(json.dumps({"completed": False, "reached": 0, "startTime": None, "finishTime": None, "distanceKm": 0}))
        return
    completed = trip.outlanding_fix is None and len(trip.fixes) == len(points)
    out = {
        "completed": completed,
        "reached": len(trip.fixes),
        "startTime": trip.refined_start_time.isoformat() if trip.fixes else None,
        "finishTime": trip.finish_time.isoformat() if completed else None,
        "distanceKm": sum(trip.distances) / 1000,
        "taskDistanceKm": (sum(t.distances) if task["kind"] != "aat" else sum(t._nominal_distances)) / 1000,
        "fixTimes": [fix["datetime"].isoformat() for fix in trip.fixes],
    }
    if completed:
        seconds = (trip.finish_time - trip.refined_start_time).total_seconds()
        out["speedKmh"] = sum(trip.distances) / seconds * 3.6
    print(json.dumps(out))


if __name__ == "__main__":
    main()
