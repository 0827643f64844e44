#!/usr/bin/env python3
"""Checks IGC files written by flightlog: aerofiles 1.5.6 plus our own checks (docs/IGC-FORMAT.md).

Usage: check-igc.py [--expect-json FIXES.json] FILE.IGC...

aerofiles (text mode, Latin-1) must read each file without an exception and without errors, with one fix per
B line. Own checks: first line A, HFDTE on line 2, CR LF on every line, allowed bytes only (0x20-0x7E without
! $ * \\ ^ ~), lines <= 99 characters, B length as the I record declares, minutes < 60000, strictly increasing
times (a decrease of more than 12 h is the midnight wrap), nothing but L (and G) after the first G line.

--expect-json: a JSON list of {"time": "YYYY-MM-DDTHH:MM:SSZ", "lat": deg, "lon": deg, "valid": bool,
"pressure_alt": m, "gps_alt": m}, compared with what aerofiles reads (lat/lon within 1e-5 degrees).
Exits 1 with one readable line per problem; needs the venv of scripts/setup-aerofiles.sh.
"""
import argparse
import datetime
import json
import re
import sys

RESERVED = set(b"!$*\\^~")


def own_checks(data):
    problems = []
    if not data.endswith(b"\r\n"):
        problems.append("file does not end with CR LF")
    lines = data.split(b"\r\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines or not re.fullmatch(rb"A[A-Z0-9]{3}[A-Za-z0-9]{3,}.*", lines[0]):
        problems.append("line 1: not an A record (A + maker + serial)")
    if len(lines) < 2 or not lines[1].startswith(b"HFDTE"):
        problems.append("line 2: not the HFDTE date header")
    b_length = 35
    seen_i = seen_g = False
    previous = None
    day = 0
    b_lines = 0
    for number, line in enumerate(lines, start=1):
        if b"\r" in line or b"\n" in line:
            problems.append("line %d: a line end other than CR LF" % number)
        bad = sorted({b for b in line if b < 0x20 or b > 0x7E or b in RESERVED})
        if bad:
            problems.append("line %d: bytes not allowed in IGC: %s" % (number, ", ".join("0x%02X" % b for b in bad)))
        if len(line) > 99:
            problems.append("line %d: %d characters (at most 99)" % (number, len(line)))
        kind = line[:1]
        if number > 1 and kind == b"A":
            problems.append("line %d: a second A record" % number)
        if seen_g and kind not in (b"G", b"L"):
            problems.append("line %d: %r record after the G record (only L allowed)" % (number, kind.decode("latin-1")))
        if kind == b"G":
            seen_g = True
        elif kind == b"I":
            if seen_i:
                problems.append("line %d: a second I record" % number)
            seen_i = True
            count = int(line[1:3]) if line[1:3].isdigit() else -1
            if count < 0 or len(line) != 3 + 7 * count:
                problems.append("line %d: malformed I record" % number)
            else:
                ends = [int(line[3 + 7 * k + 2:3 + 7 * k + 4]) for k in range(count)]
                b_length = max([35] + ends)
        elif kind == b"B":
            b_lines += 1
            if len(line) != b_length:
                problems.append("line %d: B record has %d bytes, the I record declares %d" % (number, len(line), b_length))
                continue
            core = line[1:14] + line[15:23] + line[25:35].replace(b"-", b"0")
            if not core.isdigit():
                problems.append("line %d: B record has non-digits in its fixed fields" % number)
                continue
            if int(line[9:14]) >= 60000 or int(line[18:23]) >= 60000:
                problems.append("line %d: B record minutes >= 60000" % number)
            if line[24:25] not in (b"A", b"V"):
                problems.append("line %d: B validity is not A or V" % number)
            seconds = int(line[1:3]) * 3600 + int(line[3:5]) * 60 + int(line[5:7])
            if previous is not None:
                if seconds < previous and previous - seconds > 43200:
                    day += 1
                elif seconds <= previous:
                    problems.append("line %d: B time %s does not increase" % (number, line[1:7].decode()))
            previous = seconds
    return problems, b_lines


def aerofiles_checks(path, b_lines):
    from aerofiles.igc import Reader

    problems = []
    try:
        with open(path, encoding="latin-1", newline=None) as f:
            result = Reader().read(f)
    except Exception as error:  # noqa: BLE001 - any exception is a failed check
        return ["aerofiles raised %s: %s" % (type(error).__name__, error)], None
    for key, (errors, _) in result.items():
        if errors:
            problems.append("aerofiles %s errors: %s" % (key, "; ".join(str(e) for e in errors)))
    fixes = result["fix_records"][1]
    if len(fixes) != b_lines:
        problems.append("aerofiles read %d fixes from %d B lines" % (len(fixes), b_lines))
    return problems, fixes


def compare(fixes, expected):
    problems = []
    if len(fixes) != len(expected):
        return ["%d fixes, expected %d" % (len(fixes), len(expected))]
    for index, (got, want) in enumerate(zip(fixes, expected)):
        when = got["datetime"].astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        differences = []
        if when != want["time"]:
            differences.append("time %s != %s" % (when, want["time"]))
        for key in ("lat", "lon"):
            if abs(got[key] - want[key]) > 1e-5:
                differences.append("%s %.7f != %.7f" % (key, got[key], want[key]))
        if (got["validity"] == "A") != want["valid"]:
            differences.append("validity %s" % got["validity"])
        for key in ("pressure_alt", "gps_alt"):
            if got[key] != want[key]:
                differences.append("%s %d != %d" % (key, got[key], want[key]))
        if differences:
            problems.append("fix %d: %s" % (index, ", ".join(differences)))
            if len(problems) >= 10:
                problems.append("(more differences left out)")
                break
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", metavar="FILE.IGC")
    parser.add_argument("--expect-json", metavar="FIXES.json", help="expected fixes (needs exactly one file)")
    args = parser.parse_args()
    if args.expect_json and len(args.files) != 1:
        parser.error("--expect-json needs exactly one IGC file")
    failed = False
    for path in args.files:
        with open(path, "rb") as f:
            data = f.read()
        problems, b_lines = own_checks(data)
        aerofiles_problems, fixes = aerofiles_checks(path, b_lines)
        problems += aerofiles_problems
        if args.expect_json and fixes is not None:
            with open(args.expect_json) as f:
                problems += compare(fixes, json.load(f))
        for problem in problems:
            print("%s: %s" % (path, problem))
        if problems:
            failed = True
        else:
            print("%s: ok (%d fixes)" % (path, b_lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
