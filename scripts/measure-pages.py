#!/usr/bin/env python3
"""Measures the phone pages of `flightlog serve` in headless Chromium (Debian's, driven by Playwright).

Builds a temporary logbook of simulated flights (`flightlog simulate`, `import`, `edit`), serves it, loads the
flight list (all flights and a filtered list), flight pages and the stats page at 390x844 and 1280x800 and checks,
in the rendered page:
  - every chart label (HTML labels of the barogram and map, any SVG <text>) is at least 12 CSS px: computed
    font-size times the SVG's scale for <text>, the computed font-size and the box height for HTML text;
  - no two labels of a chart overlap, each lies inside its chart, and no barogram label covers the plot;
  - no page scrolls sideways;
  - at least 3 flight rows of a filtered list are fully visible in the first 844 px of the phone screen;
  - the flight analysis (#analysis facts, #thermals lines) is at least 12 CSS px, inside the page's width, no two
    of its texts overlapping; a flight with thermals draws them on the map (circle.thermal) with its scored route.
A second server with `[server] map_tiles` (an MBTiles file of plain generated tiles) shows a flight map over tiles.
The Status page, from status files written beside the logbook (in flight, with problems, a year old), at 320x568
and 390x844: the headline within the first screen, no sideways scrolling, every text at least 12 CSS px, no label
overlapping its value.
Prints the smallest label size per viewport and the rows on the first screen; writes screenshots to
artifacts/screenshots/ (or --out). Exit 1 with one line per violation; exit 0 with a note when chromium is absent.

Usage: scripts/measure-pages.py [--flightlog .build/debug/flightlog] [--out artifacts/screenshots]
Run it with the venv's python from scripts/setup-playwright.sh.
"""
import argparse
import json
import math
import os
import shutil
import socket
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib

CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.access(p, os.X_OK)), None)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VIEWPORTS = [(390, 844), (1280, 800)]
MIN_PX = 12.0
MIN_ROWS = 3

# Every label of every chart on the page: text, rendered font size, box, the chart it belongs to and whether it
# must keep off the plot. SVG <text> counts with the SVG's scale; legacy charts (cairo drawings scaled into the
# page, text as glyphs) report the size their smallest text (6.5 units) renders at.
MEASURE_JS = """
() => {
  const out = [];
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  document.querySelectorAll('.chart').forEach((chart, ci) => {
    const plot = chart.querySelector('.plot');
    const frame = chart.querySelector('.mapbox') || chart;
    const sel = '.lb, .legend li, .mapkey span, .tcap span';
    chart.querySelectorAll(sel).forEach((e) => {
      const text = e.textContent.trim();
      if (!text) return;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return;
      const inMap = !!e.closest('.mapbox');
      out.push({chart: chart.id || ('chart' + ci), text, size: parseFloat(getComputedStyle(e).fontSize),
                height: r.height, box: box(e), plot: plot && !inMap && e.closest('.baro-grid') ? box(plot) : null,
                frame: inMap || e.classList.contains('lb') ? box(inMap ? frame : e.parentElement) : null});
    });
    chart.querySelectorAll('svg text').forEach((e) => {
      const m = e.getScreenCTM();
      out.push({chart: chart.id || ('chart' + ci), text: e.textContent.trim(),
                size: parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b),
                height: e.getBoundingClientRect().height, box: box(e), plot: null, frame: null});
    });
  });
  document.querySelectorAll('figure > svg').forEach((svg, i) => {
    const vb = svg.viewBox.baseVal;
    if (!vb || !vb.width) return;
    const scale = svg.getBoundingClientRect().width / vb.width;
    out.push({chart: 'legacy' + i, text: '(A4 chart text, 6.5 units)', size: 6.5 * scale, height: 6.5 * scale,
              box: [0, 0, 0, 0], plot: null, frame: null, legacy: true});
  });
  return out;
}
"""

ROWS_JS = """
(limit) => Array.from(document.querySelectorAll('ul.flights > li')).filter((li) => {
  const r = li.getBoundingClientRect(); return r.top >= 0 && r.bottom <= limit; }).length
"""


# The analysis block's texts: each fact's label and value, each thermal line's cells.
ANALYSIS_JS = """
() => Array.from(document.querySelectorAll('#analysis dt, #analysis dd, #analysis p, #thermals li > *'))
  .map((e) => { const r = e.getBoundingClientRect();
    return {text: e.textContent.trim().slice(0, 40), size: parseFloat(getComputedStyle(e).fontSize),
            box: [r.left, r.top, r.right, r.bottom]}; })
  .filter((t) => t.text && t.box[2] > t.box[0])
"""

MARKS_JS = """
() => ({circles: document.querySelectorAll('#map circle.thermal').length,
        route: document.querySelectorAll('#map polyline.scored').length,
        bands: document.querySelectorAll('#barogram rect.thermal-band').length,
        thermals: document.querySelectorAll('#thermals li').length})
"""


def check_analysis(page_name, page, width, problems):
    """The analysis block reads at this width: 12 px text, inside the page, nothing overlapping; marks drawn."""
    texts = page.evaluate(ANALYSIS_JS)
    if not texts:
        problems.append(f"{page_name}: no analysis block")
        return
    for t in texts:
        if t["size"] < MIN_PX:
            problems.append(f"{page_name}: analysis text '{t['text']}' is {t['size']:.1f} px (< {MIN_PX:g})")
        if t["box"][0] < -0.5 or t["box"][2] > width + 0.5:
            problems.append(f"{page_name}: analysis text '{t['text']}' runs off the page ({t['box'][2]:.0f} px)")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if overlaps(a["box"], b["box"]):
                problems.append(f"{page_name}: analysis texts '{a['text']}' and '{b['text']}' overlap")
    marks = page.evaluate(MARKS_JS)
    if marks["thermals"] and (marks["circles"] == 0 or marks["bands"] != marks["thermals"] or marks["route"] != 1):
        problems.append(f"{page_name}: {marks['thermals']} thermals listed but {marks['circles']} circles, "
                        f"{marks['bands']} barogram bands and {marks['route']} scored routes drawn")
    return marks


def run(args, **kw):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def make_logbook(flightlog, work):
    """Nine simulated flights: ASK 21 with an instructor (four), guests, an LS 4, a self-launcher, an outlanding."""
    db, cfg = os.path.join(work, "flightlog.sqlite"), os.path.join(work, "flightlog.toml")
    with open(cfg, "w") as f:
        f.write('pilot = "Jürgen Müller"\nglider_type = "ASK 21"\nregistration = "D-1234"\n'
                '[owner]\nname = "Simulated Pilot"\n')
    specs = [("winch", "2025-05-03T09:12:00Z", 14, None), ("aerotow", "2025-05-03T12:40:00Z", 95, None),
             ("winch", "2025-06-14T10:05:00Z", 38, None), ("self", "2025-07-20T11:30:00Z", 186, None),
             ("winch", "2025-08-02T13:15:00Z", 52, None), ("winch", "2025-08-09T10:00:00Z", 23, None),
             ("aerotow", "2025-08-16T11:00:00Z", 71, None), ("winch", "2025-08-23T12:30:00Z", 9, None),
             ("aerotow", "2025-08-30T11:45:00Z", 64, "50.6210,7.3080")]
    for n, (launch, start, minutes, at) in enumerate(specs, 1):
        igc = os.path.join(work, f"sim-{n}.igc")
        cmd = [flightlog, "simulate", "--launch", launch, "--start", start, "--minutes", str(minutes),
               "--seed", str(n), "-o", igc]
        run(cmd + (["--at", at] if at else []))
        run([flightlog, "import", "--database", db, "--config", cfg, igc])
    edits = [(1, ["--instructor", "Øyvind Ærø"]), (2, ["--guest", "Çağrı Şahin"]), (3, ["--instructor", "Øyvind Ærø"]),
             (4, ["--plane", "Arcus M", "--registration", "D-KXYZ"]), (5, ["--instructor", "Øyvind Ærø"]),
             (6, ["--instructor", "Øyvind Ærø"]), (7, ["--plane", "LS 4", "--registration", "D-1445"]),
             (8, ["--instructor", "Øyvind Ærø", "--landing-place", "Hürtgenwald"])]
    for flight, opts in edits:
        run([flightlog, "edit", "--database", db, "--config", cfg, str(flight)] + opts)
    return db, cfg


def png(width, height, rgb, grid_rgb):
    """A plain PNG: one colour with a darker border (so tile seams would show)."""
    rows = b""
    for y in range(height):
        row = bytearray()
        for x in range(width):
            row += bytes(grid_rgb if x in (0, width - 1) or y in (0, height - 1) else rgb)
        rows += b"\x00" + bytes(row)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def make_tiles(path, south=50.4, north=51.3, west=5.8, east=7.8, zooms=range(7, 14)):
    """An MBTiles file of plain tiles (two tints in a chequer) over the simulated flights' area."""
    tiles = [png(256, 256, (232, 238, 226), (200, 208, 196)), png(256, 256, (226, 234, 238), (196, 204, 210))]
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE metadata (name text, value text);"
                     "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [("format", "png"), ("minzoom", str(zooms[0])),
                   ("maxzoom", str(zooms[-1])), ("attribution", "generated test tiles")])
    def tile(lat, lon, z):
        n = 2 ** z
        r = math.radians(lat)
        return int((lon + 180) / 360 * n), int((1 - math.log(math.tan(r) + 1 / math.cos(r)) / math.pi) / 2 * n)
    for z in zooms:
        (x0, y0), (x1, y1) = tile(north, west, z), tile(south, east, z)
        db.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)",
                       [(z, x, 2 ** z - 1 - y, tiles[(x + y) % 2]) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)])
    db.commit()
    db.close()


STATUS_VIEWPORTS = [(320, 568), (390, 844)]

# The Status page: every visible text's font size, the headline's bottom edge, labels overlapping their values.
STATUS_JS = """
() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, e = node.parentElement;
    const r = e.getBoundingClientRect();
    if (!node.textContent.trim() || r.width === 0 || r.height === 0) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 12) small.push(`'${node.textContent.trim().slice(0, 30)}' ${size} px`);
  }
  const overlaps = [];
  document.querySelectorAll('dl.status > div').forEach((row) => {
    const a = row.querySelector('dt').getBoundingClientRect(), b = row.querySelector('dd').getBoundingClientRect();
    if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5) overlaps.push(row.textContent);
  });
  const h = document.querySelector('h1.headline');
  return {small, overlaps, wide: document.documentElement.scrollWidth,
          headline: h ? h.textContent : null, bottom: h ? h.getBoundingClientRect().bottom : null};
}
"""


def status_files(pid):
    """Status files as flightlogd writes them: (name, JSON object, age in seconds by the file's time)."""
    now = time.time()
    iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
    live = {"pid": pid, "updatedAt": iso(now), "stopped": False, "gpsdConnected": True, "gpsMode": 3,
            "satellitesUsed": 11, "lastFixTime": iso(now - 1), "lastFixAgeSeconds": 0.6, "latitude": 50.6210,
            "longitude": 7.3080, "gnssAltitudeMeters": 1254.0, "barometerConfigured": True,
            "barometerDevice": "bmp280 (iio:device0)", "gpsOnly": False, "pressurePascals": 87_123.4,
            "temperatureCelsius": 14.5, "pressureAltitudeMeters": 1236.0, "varioMetersPerSecond": 1.4,
            "flying": True, "flyingSince": "2025-08-30T11:45:00Z", "flightId": 9, "recordingId": 1,
            "recordedFixes": 4120, "databaseWritable": True, "positionGlitches": 0, "pressureGlitches": 0,
            "fixesDurableIn": "journal (direct 512-byte sectors), into the database every minute",
            "fixToDiskMillisP50": 3.1, "fixToDiskMillisP99": 12.4, "fixToDiskMillisMax": 40.2}
    troubled = dict(live, flying=False, flyingSince=None, flightId=None, gpsdConnected=False, gpsMode=1,
                    gpsdProblem="cannot connect to gpsd at localhost:2947: Connection refused",
                    barometerProblem="barometer silent: no sample from /sys/bus/iio/devices/iio:device0 for 12 s",
                    databaseWritable=False, positionGlitches=2, pressureGlitches=3)
    year_old = dict(live, updatedAt=iso(now - 365 * 86400), lastFixTime=iso(now - 365 * 86400 - 1))
    return [("status-flying", live, 0), ("status-problems", troubled, 0), ("status-year-old", year_old, 365 * 86400)]


def measure_status(base, pid, folder, out, problems):
    """The Status page from each of ``status_files``, at each of STATUS_VIEWPORTS; returns report lines."""
    from playwright.sync_api import sync_playwright

    path = os.path.join(folder, "flightlogd.status.json")
    report = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for width, height in STATUS_VIEWPORTS:
                context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
                page = context.new_page()
                for name, status, age in status_files(pid):
                    with open(path, "w") as f:
                        json.dump(status, f)
                    written = time.time() - age
                    os.utime(path, (written, written))
                    where = f"{name} at {width}x{height}"
                    response = page.goto(base + "/status")
                    if response is None or response.status != 200:
                        problems.append(f"{where}: HTTP {response.status if response else 'no answer'}")
                        continue
                    page.screenshot(path=os.path.join(out, f"{name}-{width}x{height}.png"))
                    m = page.evaluate(STATUS_JS)
                    report.append(f"{where}: '{m['headline']}', its bottom at {m['bottom']} px")
                    if m["headline"] is None or m["bottom"] > height:
                        problems.append(f"{where}: the headline is not on the first screen")
                    if m["wide"] > width:
                        problems.append(f"{where}: the page is {m['wide']} px wide (scrolls sideways)")
                    problems.extend(f"{where}: text below {MIN_PX:g} px: {t}" for t in m["small"])
                    problems.extend(f"{where}: a label overlaps its value: {t}" for t in m["overlaps"])
                context.close()
            browser.close()
    finally:
        os.remove(path)
    return report


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(flightlog, db, cfg, work, name):
    """`flightlog serve` on a free port: (process, base URL)."""
    port = free_port()
    log = open(os.path.join(work, name + ".log"), "w")
    process = subprocess.Popen([flightlog, "serve", "--database", db, "--config", cfg, "--port", str(port)],
                               stdout=log, stderr=subprocess.STDOUT)
    return process, f"http://127.0.0.1:{port}"


def wait_for(base):
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/", timeout=2).read()
            return True
        except OSError:
            time.sleep(0.1)
    return False


def overlaps(a, b, tolerance=0.5):
    return min(a[2], b[2]) - max(a[0], b[0]) > tolerance and min(a[3], b[3]) - max(a[1], b[1]) > tolerance


def check_labels(page_name, labels, problems):
    """Size, overlap, containment; returns the smallest size."""
    smallest = None
    for label in labels:
        smallest = label["size"] if smallest is None else min(smallest, label["size"])
        shown = min(label["size"], label["height"]) if not label.get("legacy") else label["size"]
        if label["size"] < MIN_PX or (not label.get("legacy") and label["height"] < MIN_PX):
            problems.append(f"{page_name}: {label['chart']} label '{label['text']}' renders at {shown:.1f} px (< {MIN_PX:g})")
        if label["plot"] and overlaps(label["box"], label["plot"]):
            problems.append(f"{page_name}: {label['chart']} label '{label['text']}' covers the plot")
        frame = label["frame"]
        if frame and not (label["box"][0] >= frame[0] - 0.5 and label["box"][1] >= frame[1] - 0.5
                          and label["box"][2] <= frame[2] + 0.5 and label["box"][3] <= frame[3] + 0.5):
            problems.append(f"{page_name}: {label['chart']} label '{label['text']}' is cut off at its chart's edge")
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if a["chart"] == b["chart"] and not a.get("legacy") and overlaps(a["box"], b["box"]):
                problems.append(f"{page_name}: {a['chart']} labels '{a['text']}' and '{b['text']}' overlap")
    return smallest


def measure(base, tiles_base, out, problems):
    from playwright.sync_api import sync_playwright

    report = []
    filtered = "/?instructor=yes&plane=ASK+21"
    pages = [("list", "/", False), ("list-filtered", filtered, False), ("flight-long", "/flights/4", True),
             ("flight-outlanding", "/flights/9", True), ("flight-short", "/flights/8", True),
             ("stats", "/stats", True), ("stats-filtered", "/stats?instructor=yes", True),
             ("flight-tiles", tiles_base + "/flights/9", True), ("flight-tiles-short", tiles_base + "/flights/8", True)]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for width, height in VIEWPORTS:
            context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
            page = context.new_page()
            smallest, count = None, 0
            for name, path, full in pages:
                response = page.goto(path if path.startswith("http") else base + path)
                if response is None or response.status != 200:
                    problems.append(f"{name} at {width}x{height}: HTTP {response.status if response else 'no answer'}")
                    continue
                shot = os.path.join(out, f"{name}-{width}x{height}.png")
                page.screenshot(path=shot, full_page=full)
                wide = page.evaluate("() => document.documentElement.scrollWidth")
                if wide > width:
                    problems.append(f"{name} at {width}x{height}: the page is {wide} px wide (scrolls sideways)")
                if name.startswith("flight-tiles"):
                    drawn = page.evaluate(
                        "() => Promise.all(Array.from(document.querySelectorAll('#map image')).map((i) =>"
                        " new Promise((done) => { const im = new Image(); im.onload = () => done(im.naturalWidth === 256);"
                        " im.onerror = () => done(false); im.src = i.getAttribute('href'); })))")
                    if not drawn or not all(drawn):
                        problems.append(f"{name} at {width}x{height}: {len(drawn)} map tiles, not all served")
                labels = page.evaluate(MEASURE_JS)
                count += len(labels)
                least = check_labels(f"{name} at {width}x{height}", labels, problems)
                if least is not None:
                    smallest = least if smallest is None else min(smallest, least)
                if name.startswith("flight"):
                    marks = check_analysis(f"{name} at {width}x{height}", page, width, problems)
                    if marks and name == "flight-long":
                        report.append(f"{name} at {width}x{height}: {marks['thermals']} thermals listed, "
                                      f"{marks['circles']} drawn on the map")
                if name.startswith("list"):
                    rows = page.evaluate(ROWS_JS, height)
                    report.append(f"{name} at {width}x{height}: {rows} flights fully on the first screen")
                    if name == "list-filtered" and width == 390 and rows < MIN_ROWS:
                        problems.append(f"{name} at {width}x{height}: only {rows} flight rows fully visible "
                                        f"in the first {height} px (need {MIN_ROWS})")
            report.append(f"{width}x{height}: {count} chart labels, smallest "
                          + (f"{smallest:.1f} px" if smallest is not None else "—"))
            context.close()
        browser.close()
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flightlog", default=os.environ.get("FLIGHTLOG", os.path.join(ROOT, ".build/debug/flightlog")))
    parser.add_argument("--out", default=os.path.join(ROOT, "artifacts/screenshots"))
    args = parser.parse_args()
    if CHROMIUM is None:
        print("measure-pages: skipped: chromium is not installed (apt-get install -y chromium)")
        return 0
    if not os.access(args.flightlog, os.X_OK):
        print(f"measure-pages: {args.flightlog} is missing: build first (swift build --product flightlog)", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="flightlog-measure-")
    servers = []
    try:
        db, cfg = make_logbook(args.flightlog, work)
        tiles_cfg = os.path.join(work, "tiles.toml")
        make_tiles(os.path.join(work, "map.mbtiles"))
        with open(cfg) as f, open(tiles_cfg, "w") as g:
            g.write(f.read() + '[server]\nmap_tiles = "%s"\n' % os.path.join(work, "map.mbtiles"))
        servers = [serve(args.flightlog, db, cfg, work, "serve"), serve(args.flightlog, db, tiles_cfg, work, "serve-tiles")]
        base, tiles_base = [b for _, b in servers]
        for _, b in servers:
            if not wait_for(b):
                print("measure-pages: flightlog serve did not answer", file=sys.stderr)
                return 1
        problems = []
        for line in measure(base, tiles_base, args.out, problems):
            print("measure-pages: " + line)
        for line in measure_status(base, servers[0][0].pid, work, args.out, problems):
            print("measure-pages: " + line)
        print(f"measure-pages: screenshots in {args.out}")
        for line in problems:
            print("measure-pages: FAIL: " + line)
        return 1 if problems else 0
    finally:
        for process, _ in servers:
            process.terminate()
            process.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
