#!/usr/bin/env python3
"""Writes the inputs of the slow-path timings (README "Large inputs"), the same bytes on every run.

Usage: scripts/generate-slow-inputs.py OUTDIR [--flightlog PATH/TO/flightlog]

Writes into OUTDIR:
  many-flights.igc  1,000,000 B records at 1 Hz: 334 flights of 2,994 fixes each (ground, tow, thermal, glide
                    out and back, landing roll, ground), one after the other over 11.6 days
  one-flight.igc    the first of those flights alone
  fields-200k.cup   200,000 airfields (styles 2-5) scattered over Europe, with the flights' field among them
With --flightlog it also builds, through that executable (`flightlog add`, a process per flight):
  remarks-300.sqlite  300 flights without a track, each with 2,000 characters of remarks

The timed commands, with HOME=OUTDIR/home and FLIGHTLOG_SYSTEM_AIRFIELDS=OUTDIR/home/airfields so that the CUP
file stays away from yours and from /etc (`airfields import` run as root writes to the system folder):
  flightlog import --database DB OUTDIR/many-flights.igc          (without the CUP file; a new DB each run)
  flightlog airfields import OUTDIR/fields-200k.cup               (once)
  flightlog import --database DB OUTDIR/one-flight.igc            (a new DB each run)
  flightlog airfields assign --all --database DB                  (DB holding the 334 flights)
  flightlog export --pdf --database OUTDIR/remarks-300.sqlite -o logbook.pdf
"""

import math
import os
import random
import subprocess
import sys

FLIGHTS = 334
FIXES = 1_000_000
PER_FLIGHT = FIXES // FLIGHTS  # 2,994; the last flight takes the 4 left over as ground fixes
HOME_LAT, HOME_LON, GROUND = 50.8230, 6.1860, 190.0  # a field near Aachen
EARTH = 6_371_000.0


def b_record(second, lat, lon, alt):
    """One B record at `second` after the first day's midnight (IGC times wrap at midnight)."""
    s = second % 86_400
    hh, mm, ss = s // 3600, s // 60 % 60, s % 60

    def angle(value, degree_digits, signs):
        sign = signs[0] if value >= 0 else signs[1]
        value = abs(value)
        degrees = int(value)
        thousandths = round((value - degrees) * 60_000)
        if thousandths == 60_000:
            degrees, thousandths = degrees + 1, 0
        return f"{degrees:0{degree_digits}d}{thousandths:05d}{sign}"

    a = max(0, round(alt))
    return f"B{hh:02d}{mm:02d}{ss:02d}{angle(lat, 2, 'NS')}{angle(lon, 3, 'EW')}A{a:05d}{a:05d}\n"


def flight(seed, fixes):
    """(north m, east m, altitude m) per second of one flight that starts and ends at rest on the field."""
    rnd = random.Random(seed)
    heading = rnd.uniform(0, 2 * math.pi)
    track = []
    n = e = 0.0
    alt = GROUND

    def hold(seconds):
        for _ in range(seconds):
            track.append((n, e, alt))

    def fly(seconds, speed, course, climb):
        nonlocal n, e, alt
        for _ in range(seconds):
            n += speed * math.cos(course)
            e += speed * math.sin(course)
            alt += climb
            track.append((n, e, alt))

    hold(120)
    for v in range(1, 21):  # take-off roll to 30 m/s
        fly(1, 1.5 * v, heading, 0)
    fly(300, 30, heading, 2.5)  # aerotow
    glide = 28.0
    out_time = 500
    back = None
    # The thermal takes what the other phases leave of the flight's fixes.
    tow_end_n, tow_end_e = n, e
    side = heading + math.pi / 2
    out_n = tow_end_n + glide * out_time * math.cos(side)
    out_e = tow_end_e + glide * out_time * math.sin(side)
    back = math.hypot(out_n, out_e)
    back_time = int(back / glide) + 1
    thermal = fixes - len(track) - out_time - back_time - 30 - 90
    radius, speed = 110.0, 22.0
    period = 2 * math.pi * radius / speed
    cn, ce = n, e
    start_angle = heading - math.pi / 2
    for t in range(1, thermal + 1):  # closed circles: the thermal ends near where it began
        phase = start_angle + 2 * math.pi * t / period
        n = cn + radius * (math.cos(phase) - math.cos(start_angle))
        e = ce + radius * (math.sin(phase) - math.sin(start_angle))
        alt += 1.6
        track.append((n, e, alt))
    fly(out_time, glide, side, -1.0)
    course = math.atan2(-e, -n)
    sink = (alt - GROUND) / back_time
    step = math.hypot(n, e) / back_time
    fly(back_time, step, course, -sink)
    alt = GROUND
    for v in range(30, 0, -1):  # landing roll
        fly(1, v * 0.5, course, 0)
    hold(fixes - len(track))
    return track


def write_igc(path, flights, first_only=False):
    with open(path, "w", newline="\r\n") as out:
        out.write("AXXXGEN slow-path input\nHFDTEDATE:010625,01\nHFPLTPILOTINCHARGE:Test Pilot\n")
        second = 8 * 3600
        for index in range(1 if first_only else flights):
            fixes = PER_FLIGHT if first_only or index < flights - 1 else FIXES - PER_FLIGHT * (flights - 1)
            for n, e, alt in flight(index, fixes):
                lat = HOME_LAT + math.degrees(n / EARTH)
                lon = HOME_LON + math.degrees(e / (EARTH * math.cos(math.radians(HOME_LAT))))
                out.write(b_record(second, lat, lon, alt))
                second += 1


def cup_angle(value, degree_digits, signs):
    sign = signs[0] if value >= 0 else signs[1]
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60
    text = f"{degrees:0{degree_digits}d}{minutes:06.3f}"
    if minutes >= 59.9995:
        text = f"{degrees + 1:0{degree_digits}d}00.000"
    return text + sign


def write_cup(path, count):
    rnd = random.Random(200_000)
    with open(path, "w", newline="\r\n") as out:
        out.write("name,code,country,lat,lon,elev,style,rwdir,rwlen,freq,desc\n")
        out.write(
            f'"Home Field","HOMEF",DE,{cup_angle(HOME_LAT, 2, "NS")},{cup_angle(HOME_LON, 3, "EW")},190.0m,4,'
            '070,800.0m,"123.500","the flights\' field"\n')
        for i in range(1, count):
            lat = rnd.uniform(36.0, 60.0)
            lon = rnd.uniform(-9.0, 30.0)
            if abs(lat - HOME_LAT) < 0.1 and abs(lon - HOME_LON) < 0.1:
                lat += 0.2  # nothing else near the flights' field
            style = 2 + i % 4
            out.write(
                f'"Field {i:06d}","F{i:06d}",XX,{cup_angle(lat, 2, "NS")},{cup_angle(lon, 3, "EW")},'
                f'{rnd.randint(0, 2000)}.0m,{style},{rnd.randint(0, 35) * 10:03d},{rnd.randint(300, 2000)}.0m,'
                f'"122.{rnd.randint(0, 999):03d}",""\n')


def remarks(i):
    words = ("thermal", "ridge", "wave", "cloud", "street", "final", "glide", "circuit", "winch", "launch")
    rnd = random.Random(i)
    text = f"Flight {i}:"
    while len(text) < 2000:
        text += " " + rnd.choice(words)
    return text[:2000]


def write_remarks_db(path, flightlog):
    if os.path.exists(path):
        os.remove(path)
    for i in range(300):
        day = f"2025-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}"
        hour = 8 + i // 336
        subprocess.run(
            [flightlog, "add", "--database", path, "--date", day, "--takeoff", f"{hour:02d}:00", "--landing",
             f"{hour:02d}:45", "--takeoff-place", "Hometown", "--utc-offset", "+02:00", "--plane", "ASK 21",
             "--registration", "D-1234", "--launch", "winch", "--remarks", remarks(i)],
            check=True, stdout=subprocess.DEVNULL)


def main():
    args = sys.argv[1:]
    flightlog = None
    if "--flightlog" in args:
        at = args.index("--flightlog")
        flightlog = args[at + 1]
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    outdir = args[0]
    os.makedirs(os.path.join(outdir, "home"), exist_ok=True)
    write_igc(os.path.join(outdir, "many-flights.igc"), FLIGHTS)
    write_igc(os.path.join(outdir, "one-flight.igc"), FLIGHTS, first_only=True)
    write_cup(os.path.join(outdir, "fields-200k.cup"), 200_000)
    if flightlog:
        write_remarks_db(os.path.join(outdir, "remarks-300.sqlite"), flightlog)


if __name__ == "__main__":
    main()
