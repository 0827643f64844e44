#!/usr/bin/env python3
"""Measures the pages of `flightlog serve` in headless Chromium (Debian's, driven by Playwright).

Builds a temporary logbook of simulated flights (`flightlog simulate`, `import`, `edit`) and flights entered by hand
(`add`), serves it, and loads the flight list (all flights and a filtered list), flight pages, the stats page and
the Status page (from status files written beside the logbook: in flight, with problems, a year old) at 320x568,
390x844 and 1280x800, in light and in dark mode (emulated colour scheme; the dark pass loads DARK_PAGES only).
The CHECKS, each a function of one visited page:
  - every page: no sideways scrolling; every text at least 12 CSS px;
  - every chart label (HTML labels of the barogram and map, any SVG <text>) at least 12 CSS px, no two of a chart
    overlapping, each inside its chart, none covering the plot; axis, legend and key texts and the map's labels
    with a contrast of 4.5 on their panel, and in dark mode no bright panel;
  - at least 3 flight rows of a filtered list fully on the first phone screen, 15 in the desktop table, which
    never scrolls sideways in its box;
  - the header (logged in: the owner's name and the log-out button) in at most 2 lines on a phone, 1 on a desktop;
  - the flight analysis (#analysis facts, #thermals lines) at least 12 CSS px, inside the page, no two of its texts
    overlapping; a flight with thermals draws them on the map (circle.thermal) with its scored route;
  - the barogram-to-map link: hovering a known point of the barogram gives the time the time axis has there, the
    IGC fix's pressure altitude, and a map marker on the drawn track where that fix lies; the arrow keys move it;
    on a phone, with the plot scrolled up under the header as a thumb scrubs it, the readout stays in view;
  - the Status page's headline on the first screen, no label overlapping its value;
  - logged in with a WeGlide account, each flight page's Upload to WeGlide button whole inside the page;
  - on every flight page's map, no label (names, the release's time, airspace names) or turnpoint number over
    another or over a mark (take-off and landing dots, the release diamond, a turnpoint's corner, an airfield's
    ring); on its barogram at least 3 times.
The flight pages include a 5-hour flight, the demo flight (`flightlog simulate`'s defaults), each flight of the
real IGC files in ../shared/flights when that folder exists, and airspace over their fields.
A second server with `[server] map_tiles` (an MBTiles file of plain generated tiles) shows a flight map over tiles.
Prints the smallest label size per page and the rows on the first screen; writes the SHOTS screenshots (the ones
docs/ shows) to artifacts/screenshots/ (or --out). Exit 1 with one line per violation; exit 0 with a note when
chromium is absent.

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
VIEWPORTS = [(320, 568), (390, 844), (1280, 800)]
MIN_PX = 12.0
MIN_ROWS = 3
MIN_DESKTOP_ROWS = 15
PASSWORD = "measure-pages password"

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
(limit) => Array.from(document.querySelectorAll('ul.flights > li, .flights-table tbody tr')).filter((li) => {
  const r = li.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= limit; }).length
"""

# How far the desktop table's content runs past its box (a column cut off), px.
TABLE_JS = """
() => { const t = document.querySelector('.flights-table');
  return t && t.offsetWidth ? t.scrollWidth - t.clientWidth : 0; }
"""

# The header's lines of text (line boxes more than 8 px apart vertically are separate lines) and whether it shows
# who is logged in.
HEADER_JS = """
() => {
  const header = document.querySelector('header.top'), tops = [];
  const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    if (!walker.currentNode.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(walker.currentNode);
    for (const r of range.getClientRects()) if (r.width > 0) tops.push((r.top + r.bottom) / 2);
  }
  tops.sort((a, b) => a - b);
  const lines = tops.filter((t, i) => i === 0 || t - tops[i - 1] > 8).length;
  return {lines, account: !!header.querySelector('form.logout'), text: header.textContent.trim()};
}
"""

# Whether the cursor's readout is on screen and not covered (by the sticky header or anything else).
READOUT_JS = """
() => { const e = document.getElementById('cursor-readout'); if (!e) return false;
  const r = e.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) return false;
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !!hit && e.contains(hit); }
"""

# Scrolls the barogram's plot up to just under the sticky header: where a thumb scrubbing it holds the page.
SCROLL_PLOT_JS = """
() => { const plot = document.querySelector('#barogram svg.plot');
  const header = document.querySelector('header.top').getBoundingClientRect().bottom;
  scrollBy(0, plot.getBoundingClientRect().top - header - 4); }
"""

# Every visible text's font size (below 12 px listed) and the page's width.
TEXT_JS = """
() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, e = node.parentElement;
    const r = e.getBoundingClientRect();
    if (!node.textContent.trim() || r.width === 0 || r.height === 0 || e.closest('svg, script')) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 12) small.push(`'${node.textContent.trim().slice(0, 30)}' ${size} px`);
  }
  return {small, wide: document.documentElement.scrollWidth};
}
"""

# Axis, legend and key texts of the charts, and the map's labels (on their own halo), against the background of
# the panel they sit on: the contrast ratio (WCAG) and the panel's luminance.
CONTRAST_JS = """
() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const panel = (e) => { for (let p = e; p; p = p.parentElement) { const c = getComputedStyle(p).backgroundColor;
    if (rgb(c).length === 3 || (rgb(c)[3] || 0) > 0.5) return c; } return 'rgb(255, 255, 255)'; };
  return Array.from(document.querySelectorAll('.chart .tick, .chart .legend li, .mapkey span, .tcap span, .mapbox .lb'))
    .filter((e) => e.textContent.trim() && e.getBoundingClientRect().width > 0)
    .map((e) => { const a = lum(getComputedStyle(e).color), b = lum(panel(e));
      return {text: e.textContent.trim().slice(0, 30), panel: b,
              ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)}; });
}
"""

TILES_JS = """
() => Promise.all(Array.from(document.querySelectorAll('#map image')).map((i) =>
  new Promise((done) => { const im = new Image(); im.onload = () => done(im.naturalWidth === 256);
    im.onerror = () => done(false); im.src = i.getAttribute('href'); })))
"""

# The cursor's state: readout time and pressure altitude, the marker's centre, the plot, the visible time ticks
# (centre x, local, UTC), the map's px per metre (scale bar) and the marker's distance from the drawn track.
CURSOR_JS = """
() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const readout = document.getElementById('cursor-readout');
  const time = (readout.querySelector('b') || {textContent: ''}).textContent.replace(' local', '');
  const p = readout.textContent.match(/pressure alt\\. (-?\\d+) m/);
  const marker = document.querySelector('#map .dot.cursor');
  const m = marker && !marker.hidden ? box(marker) : null;
  const centre = m ? [(m[0] + m[2]) / 2, (m[1] + m[3]) / 2] : null;
  const shown = (e) => e.getBoundingClientRect().width > 0;
  const local = Array.from(document.querySelectorAll('#barogram .taxis .lb.strong')).filter(shown);
  const utc = Array.from(document.querySelectorAll('#barogram .taxis .lb:not(.strong)')).filter(shown);
  // A tick's line: the middle of its time, or the edge a time at the plot's end starts or ends at.
  const anchor = (e, b) => { const t = e.style.transform || '';
    return t.includes('-100%') ? b[2] : t.includes('-50%') ? (b[0] + b[2]) / 2 : b[0]; };
  const ticks = local.map((e, i) => { const b = box(e);
    return [anchor(e, b), e.textContent.trim(), utc[i] ? utc[i].textContent.trim() : '']; });
  const bar = document.querySelector('#map .mapkey .scale');
  const words = bar.nextElementSibling.textContent.trim().split(' ');
  const metres = parseFloat(words[0]) * (words[1] === 'km' ? 1000 : 1);
  let offTrack = Infinity;
  if (centre) document.querySelectorAll('#map svg polyline').forEach((line) => {
    if (line.closest('.route')) return;
    const t = line.getScreenCTM(), pts = line.points;
    let prev = null;
    for (let i = 0; i < pts.numberOfItems; i++) {
      const q = pts.getItem(i), x = t.a * q.x + t.c * q.y + t.e, y = t.b * q.x + t.d * q.y + t.f;
      if (prev) {
        const dx = x - prev[0], dy = y - prev[1], l = dx * dx + dy * dy;
        const u = l ? Math.max(0, Math.min(1, ((centre[0] - prev[0]) * dx + (centre[1] - prev[1]) * dy) / l)) : 0;
        offTrack = Math.min(offTrack, Math.hypot(centre[0] - prev[0] - u * dx, centre[1] - prev[1] - u * dy));
      }
      prev = [x, y];
    }
  });
  return {time, pressure: p ? Number(p[1]) : null, marker: centre, plot: box(document.querySelector('#barogram svg.plot')),
          ticks, pxPerMetre: bar.getBoundingClientRect().width / metres, offTrack};
}
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


# The map's labels (names, the release's time) and numbered turnpoint squares, and the marks of the route (take-off
# and landing dots, the release diamond, turnpoint corners) and airfield symbols, as boxes on screen.
MAP_MARKS_JS = """
() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const map = document.querySelector('#map .mapbox');
  if (!map) return null;
  const of = (sel) => Array.from(map.querySelectorAll(sel)).filter(shown)
    .map((e) => ({text: e.textContent.trim() || e.className, box: box(e)}));
  return {labels: of('.lb'), numbers: of('.tp'), marks: of('.dot:not(.cursor), .rel, .afs, .tpv, .tkp, .tkr')};
}
"""

# The barogram's local time labels on screen.
TIME_TICKS_JS = """
() => Array.from(document.querySelectorAll('#barogram .taxis .lb.strong'))
  .filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.textContent.trim())
"""


def box_text(b):
    return "[" + " ".join(f"{x:.1f}" for x in b) + "]"


def check_map_marks(v):
    """No map label or turnpoint number covers another, or a mark of the route or an airfield's symbol."""
    m = v.page.evaluate(MAP_MARKS_JS)
    if m is None:
        return
    texts = m["labels"] + m["numbers"]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if overlaps(a["box"], b["box"]):
                v.fail(f"map labels '{a['text']}' and '{b['text']}' overlap")
        for mark in m["marks"]:
            if overlaps(a["box"], mark["box"]):
                v.fail(f"map label '{a['text']}' {box_text(a['box'])} covers a mark ({mark['text']}) "
                       f"{box_text(mark['box'])}")
    v.report.append(f"{v.where}: {len(m['labels'])} map labels, {len(m['numbers'])} turnpoints, "
                    f"{len(m['marks'])} marks")


def check_task(v):
    """A flight with a task: its Task section and the task drawn on the map (zones, legs, rings)."""
    drawn = v.page.evaluate("() => ({section: !!document.getElementById('task'),"
                            " zones: document.querySelectorAll('#map .task-zone').length,"
                            " legs: document.querySelectorAll('#map .task-leg').length,"
                            " rings: document.querySelectorAll('#map .tkp').length})")
    v.report.append(f"{v.where}: task section {drawn['section']}, {drawn['zones']} zones, {drawn['legs']} legs, "
                    f"{drawn['rings']} rings")
    if not drawn["section"] or drawn["zones"] != 4 or drawn["legs"] != 3 or drawn["rings"] < 3:
        v.fail(f"the task is not shown whole: {drawn}")


def check_time_ticks(v):
    """The barogram names at least 3 times (labels apart: check_labels)."""
    ticks = v.page.evaluate(TIME_TICKS_JS)
    if len(ticks) < 3:
        v.fail(f"the barogram's time axis has {len(ticks)} times ({', '.join(ticks)}), fewer than 3")


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
    """Ten simulated flights: ASK 21 with an instructor (four), guests, an LS 4, a self-launcher, an outlanding, a
    5-hour flight; nine paper flights; the demo flight, the shared real flights (``shared_pages``) and airspace."""
    db, cfg = os.path.join(work, "flightlog.sqlite"), os.path.join(work, "flightlog.toml")
    with open(cfg, "w") as f:
        f.write('pilot = "Jürgen Müller"\nglider_type = "ASK 21"\nregistration = "D-1234"\n'
                '[owner]\nname = "Simulated Pilot"\n'
                # A WeGlide account (never called here): the flight pages have the Upload to WeGlide button.
                '[weglide]\nuser_id = 12345\ndate_of_birth = "1985-04-12"\nurl = "http://127.0.0.1:9"\n')
    specs = [("winch", "2025-05-03T09:12:00Z", 14, None), ("aerotow", "2025-05-03T12:40:00Z", 95, None),
             ("winch", "2025-06-14T10:05:00Z", 38, None), ("self", "2025-07-20T11:30:00Z", 186, None),
             ("winch", "2025-08-02T13:15:00Z", 52, None), ("winch", "2025-08-09T10:00:00Z", 23, None),
             ("aerotow", "2025-08-16T11:00:00Z", 71, None), ("winch", "2025-08-23T12:30:00Z", 9, None),
             ("aerotow", "2025-08-30T11:45:00Z", 64, "50.6210,7.3080"), ("aerotow", "2025-09-06T09:30:00Z", 300, None)]
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
    # Flights entered by hand, from a paper logbook: enough for a desktop screen of flights.
    # Long landing places and guest names, as a club's logbook has them, so that a row that wraps shows.
    for day in range(1, 10):
        run([flightlog, "add", "--database", db, "--config", cfg, "--date", f"2025-04-{day:02d}", "--takeoff", "14:00",
             "--landing", "14:25", "--takeoff-place", "EDKL", "--launch", "winch",
             "--guest", "Anna-Katharina Berg-Schneider"])
        run([flightlog, "edit", "--database", db, "--config", cfg, str(len(specs) + day),
             "--landing-place", "Wipperfürth-Neye, Wiese am Sportplatz hinter der Kirche"])
    demo = os.path.join(work, "demo.igc")
    run([flightlog, "simulate", "-o", demo])  # the demo flight: the simulator's defaults
    PAGES.append(("flight-demo", f"/flights/{import_flights(flightlog, db, cfg, demo)[0]}"))
    # A flight with a declared task (C records) round points of its own track; a declared task and one being built.
    # A flight of its own: the same fixes as flight 4 with C records added are flight 4 (import skips them).
    untasked, tasked = os.path.join(work, "sim-task.igc"), os.path.join(work, "task.igc")
    run([flightlog, "simulate", "--launch", "self", "--start", "2025-07-27T11:30:00Z", "--minutes", "186",
         "--seed", "4", "-o", untasked])
    with_task(untasked, tasked)
    PAGES.append(("flight-task", f"/flights/{import_flights(flightlog, db, cfg, tasked)[0]}"))
    run([flightlog, "task", "declare", "--database", db, "--config", cfg, "--points", "EDKA,EDKV,EDKL,EDKA"])
    PAGES.extend([("task", "/task"), ("task-draft", "/task?points=EDKA%0AEDKV%0AEDKL%0AEDKA&op=find&find=Bad")])
    # The real flights in a logbook of their own (its own server): the list's checks keep their flights.
    shared = os.path.join(work, "shared.sqlite")
    PAGES.extend(shared_pages(flightlog, shared, cfg))
    airspace = os.path.join(work, "airspace.txt")
    with open(airspace, "w") as f:
        f.write(AIRSPACE)
    for logbook in (db, shared):
        run([flightlog, "airspace", "import", "--database", logbook, "--config", cfg, airspace])
    return db, cfg


def with_task(src, dst):
    """`src` with a declaration (C records, spec A3.5) of a start, two turnpoints and a finish at its own fixes
    a tenth, two fifths, seven tenths and nineteen twentieths of the way through it."""
    with open(src, encoding="ascii", errors="replace") as f:
        lines = f.read().splitlines()
    bs = [line for line in lines if line.startswith("B") and len(line) >= 24]
    picks = [bs[int(len(bs) * f)] for f in (0.1, 0.4, 0.7, 0.95)]
    names = ["Start over the field", "Turnpoint one", "Turnpoint two with a long name", "Finish"]
    task = ["C" + "0" * 18 + "0001" + "02" + "Measure task", "C0000000N00000000ETAKEOFF"]
    task += [f"C{b[7:15]}{b[15:24]}{name}" for b, name in zip(picks, names)] + ["C0000000N00000000ELANDING"]
    first_b = next(i for i, line in enumerate(lines) if line.startswith("B"))
    with open(dst, "w", encoding="ascii") as f:
        f.write("\r\n".join(lines[:first_b] + task + lines[first_b:]) + "\r\n")


# The real flights of ../shared/flights next to the repository, when that folder is there.
SHARED_FLIGHTS = os.path.join(os.path.dirname(ROOT), "shared", "flights")

# Airspace over the simulated flights' field (Aachen-Merzbrück) and the shared flights' fields: boxes and a circle
# of several sizes, so that some names fit and some do not.
AIRSPACE = """AC D
AN CTR Merzbrueck Test
AL GND
AH 2500ft MSL
DP 50:45:00 N 006:05:00 E
DP 50:45:00 N 006:20:00 E
DP 50:55:00 N 006:20:00 E
DP 50:55:00 N 006:05:00 E
AC R
AN ED-R Small Test
AL GND
AH FL100
V X=50:50:00 N 006:12:00 E
DC 1.5
AC C
AN TMA Rhein Test
AL 2500ft MSL
AH FL100
DP 50:55:00 N 006:50:00 E
DP 50:55:00 N 007:10:00 E
DP 51:10:00 N 007:10:00 E
DP 51:10:00 N 006:50:00 E
"""


def import_flights(flightlog, db, cfg, igc):
    """Imports `igc`; the ids of the flights it added."""
    def last():
        if not os.path.exists(db):
            return 0
        with sqlite3.connect(db) as c:
            return c.execute("SELECT coalesce(max(id), 0) FROM flight").fetchone()[0]
    before = last()
    run([flightlog, "import", "--database", db, "--config", cfg, igc])
    return list(range(before + 1, last() + 1))


def shared_pages(flightlog, db, cfg):
    """A page per flight of the shared real flights (none without the folder)."""
    if not os.path.isdir(SHARED_FLIGHTS):
        return []
    pages = []
    for name in sorted(os.listdir(SHARED_FLIGHTS)):
        if name.lower().endswith(".igc"):
            ids = import_flights(flightlog, db, cfg, os.path.join(SHARED_FLIGHTS, name))
            pages += [(f"flight-shared-{name.rsplit('.', 1)[0]}-{i}", f"shared:/flights/{i}") for i in ids]
    return pages


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


PAGES = [("list", "/"), ("list-filtered", "/?instructor=yes&plane=ASK+21"), ("flight-long", "/flights/4"),
         ("flight-outlanding", "/flights/9"), ("flight-short", "/flights/8"), ("stats", "/stats"),
         ("stats-filtered", "/stats?instructor=yes"), ("flight-tiles", "tiles:/flights/9"),
         ("flight-tiles-short", "tiles:/flights/8"), ("flight-5h", "/flights/10")]
# (make_logbook adds the demo flight, a flight with a task, the task page and the shared flights' pages.)
# Dark mode changes colours only: its pass loads these pages (and the status pages), not all of PAGES.
DARK_PAGES = {"list", "flight-long", "flight-tiles", "stats", "flight-task", "task-draft"}
# The screenshots docs/ shows (viewport width, scheme, page, clip height or None for the first screen).
SHOTS = [(390, "light", "flight-long", "phone-flight-cursor.png"), (390, "dark", "flight-long", "phone-flight-dark.png"),
         (1280, "light", "list", "desktop-list.png"), (1280, "light", "flight-long", "desktop-flight.png"),
         (390, "light", "flight-short", "phone-weglide.png"), (390, "light", "flight-task", "phone-task-map.png"),
         (390, "light", "task", "phone-task.png")]


class Visit:
    """One loaded page at one viewport and colour scheme: what a check needs, and where it reports."""

    def __init__(self, page, name, width, height, scheme, problems, report, work):
        self.page, self.name, self.width, self.height, self.scheme = page, name, width, height, scheme
        self.problems, self.report, self.work = problems, report, work
        self.where = f"{name} at {width}x{height} {scheme}"

    def fail(self, text):
        self.problems.append(f"{self.where}: {text}")


def check_page(v):
    """Every page: no sideways scrolling, every text at least 12 CSS px."""
    m = v.page.evaluate(TEXT_JS)
    if m["wide"] > v.width:
        v.fail(f"the page is {m['wide']} px wide (scrolls sideways)")
    for t in m["small"]:
        v.fail(f"text below {MIN_PX:g} px: {t}")


def check_charts(v):
    """Chart labels: 12 px, apart, inside their chart, off the plot; readable on the chart's panel."""
    labels = v.page.evaluate(MEASURE_JS)
    least = check_labels(v.where, labels, v.problems)
    if least is not None:
        v.report.append(f"{v.where}: {len(labels)} chart labels, smallest {least:.1f} px")
    for c in v.page.evaluate(CONTRAST_JS):
        if c["ratio"] < 4.5:
            v.fail(f"chart text '{c['text']}' has contrast {c['ratio']:.1f} on its panel (< 4.5)")
        if v.scheme == "dark" and c["panel"] > 0.2:
            v.fail(f"a bright chart panel in dark mode (luminance {c['panel']:.2f}) behind '{c['text']}'")


def check_tiles(v):
    drawn = v.page.evaluate(TILES_JS)
    if not drawn or not all(drawn):
        v.fail(f"{len(drawn)} map tiles, not all served")


def check_rows(v):
    """Flights fully on the first screen: 3 of a filtered list on a phone, 15 in the desktop table."""
    rows = v.page.evaluate(ROWS_JS, v.height)
    v.report.append(f"{v.where}: {rows} flights fully on the first screen")
    need = (MIN_DESKTOP_ROWS if v.width >= 1000 and v.name == "list"
            else MIN_ROWS if v.width == 390 and v.name == "list-filtered" else 0)
    if v.width == 1280 and v.name == "list" and not v.page.evaluate("() => !!document.querySelector('.flights-table th')"):
        v.fail("no flight table on the desktop")
    if rows < need:
        v.fail(f"only {rows} flights fully visible in the first {v.height} px (need {need})")
    cut = v.page.evaluate(TABLE_JS)
    if cut > 0:
        v.fail(f"the flight table runs {cut} px past its box (a column cut off)")


def check_header(v):
    """Logged in, the header (name and log-out button included) keeps to 2 lines on a phone, 1 on a desktop."""
    h = v.page.evaluate(HEADER_JS)
    v.report.append(f"{v.where}: header in {h['lines']} line(s)")
    if not h["account"]:
        v.fail("not logged in: the header shows no account")
    most = 1 if v.width >= 1000 else 2
    if h["lines"] > most:
        v.fail(f"the header '{h['text']}' takes {h['lines']} lines (at most {most})")


def check_flight(v):
    marks = check_analysis(v.where, v.page, v.width, v.problems)
    if marks and v.name == "flight-long":
        v.report.append(f"{v.where}: {marks['thermals']} thermals listed, {marks['circles']} drawn on the map")


def check_status(v):
    m = v.page.evaluate(STATUS_JS)
    v.report.append(f"{v.where}: '{m['headline']}', its bottom at {m['bottom']} px")
    if m["headline"] is None or m["bottom"] > v.height:
        v.fail("the headline is not on the first screen")
    v.problems.extend(f"{v.where}: a label overlaps its value: {t}" for t in m["overlaps"])


def check_weglide(v):
    """Logged in with a WeGlide account (on the server without tiles, where the login is): the flight page's Upload
    to WeGlide button, whole inside the page."""
    box = v.page.evaluate("() => { const b = [...document.querySelectorAll('form.actions button')]"
                          ".find(b => b.textContent.includes('Upload to WeGlide'));"
                          " if (!b) return null; const r = b.getBoundingClientRect();"
                          " return [r.left, r.right, r.height]; }")
    if box is None:
        v.fail("no Upload to WeGlide button")
    elif box[0] < 0 or box[1] > v.width or box[2] < 24:
        v.fail(f"the Upload to WeGlide button is at {box[0]:.0f}..{box[1]:.0f} px, {box[2]:.0f} px high")


# Checks by page-name prefix, run in this order on every page visited. A new check: a function of a Visit, a line.
CHECKS = [("", check_page), ("", check_charts), ("list", check_rows), ("flight", check_flight),
          ("flight", check_map_marks), ("flight", check_time_ticks), ("task", check_map_marks),
          ("flight-task", check_task),
          ("list", check_header), ("stats", check_header), ("flight-long", check_header),
          ("flight-tiles", check_tiles), ("flight-long", lambda v: check_cursor(v, os.path.join(v.work, "sim-4.igc"))),
          ("status", check_status), ("flight-long", check_weglide), ("flight-outlanding", check_weglide),
          ("flight-short", check_weglide)]



def igc_fixes(path):
    """(UTC seconds of the day, latitude, longitude, pressure altitude) of each B record."""
    fixes = []
    with open(path, encoding="ascii", errors="replace") as f:
        for line in f:
            if line.startswith("B") and len(line) >= 35:
                t = int(line[1:3]) * 3600 + int(line[3:5]) * 60 + int(line[5:7])
                lat = (int(line[7:9]) + int(line[9:14]) / 60000) * (1 if line[14] == "N" else -1)
                lon = (int(line[15:18]) + int(line[18:23]) / 60000) * (1 if line[23] == "E" else -1)
                fixes.append((t, lat, lon, int(line[25:30])))
    return fixes


def seconds(clock):
    parts = [int(p) for p in clock.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)


def check_cursor(v, igc):
    """The barogram-to-map link: hover a known point of the barogram; the readout's time must be the time axis's
    at that point, the map marker must lie on the drawn track and where the IGC file's fix at that time lies
    (relative to the first fix, at the scale bar's scale); Home and the arrow keys move the cursor."""
    page = v.page
    if not page.evaluate("() => !!document.getElementById('cursor-readout')"):
        v.fail("the barogram-to-map script did not run (no readout)")
        return
    page.focus("#barogram svg.plot")
    page.keyboard.press("Home")
    first = page.evaluate(CURSOR_JS)
    page.keyboard.press("ArrowRight")
    if seconds(page.evaluate(CURSOR_JS)["time"]) <= seconds(first["time"]):
        v.fail("ArrowRight did not move the cursor on")
    plot = first["plot"]
    page.mouse.move(plot[0] + 0.37 * (plot[2] - plot[0]), (plot[1] + plot[3]) / 2)
    m = page.evaluate(CURSOR_JS)
    ticks = m["ticks"]
    if len(ticks) < 2 or m["marker"] is None:
        v.fail(f"no marker on the map or too few time ticks ({len(ticks)})")
        return
    # The time at the pointer from the axis labels (local above UTC), the time zone from their difference.
    (x0, local0, utc0), (x1, local1, _) = ticks[0], ticks[-1]
    x = plot[0] + 0.37 * (plot[2] - plot[0])
    axis_time = seconds(local0) + (x - x0) / (x1 - x0) * (seconds(local1) - seconds(local0))
    shown = seconds(m["time"])
    per_px = (seconds(local1) - seconds(local0)) / (x1 - x0)
    if abs(shown - axis_time) > 2 * per_px + 30:
        v.fail(f"the readout says {m['time']} where the time axis says {axis_time / 3600:.4f} h")
    offset = seconds(local0) - seconds(utc0)
    fixes = igc_fixes(igc)
    fix = min(fixes, key=lambda f: abs(f[0] - (shown - offset) % 86400))
    start = min(fixes, key=lambda f: abs(f[0] - (seconds(first["time"]) - offset) % 86400))
    if m["pressure"] is not None and abs(m["pressure"] - fix[3]) > 2:
        v.fail(f"the readout's pressure altitude {m['pressure']} m is not the IGC fix's {fix[3]} m at {m['time']}")
    # Metres east and north of the first fix, on the page at the scale bar's px per metre.
    r = 6371008.8
    east = math.radians(fix[2] - start[2]) * r * math.cos(math.radians((fix[1] + start[1]) / 2))
    north = math.radians(fix[1] - start[1]) * r
    expected = (first["marker"][0] + east * m["pxPerMetre"], first["marker"][1] - north * m["pxPerMetre"])
    off = math.hypot(m["marker"][0] - expected[0], m["marker"][1] - expected[1])
    v.report.append(f"{v.where}: cursor at {m['time']}, marker {off:.1f} px from the IGC fix, "
                    f"{m['offTrack']:.1f} px from the drawn track")
    if off > 4:
        v.fail(f"the map marker is {off:.1f} px from the IGC fix at {m['time']} (> 4)")
    if m["offTrack"] > 3:
        v.fail(f"the map marker is {m['offTrack']:.1f} px off the drawn track (> 3)")
    if v.width < 1000:  # the map is above, off screen: the readout must stay in view while the thumb scrubs
        page.evaluate(SCROLL_PLOT_JS)
        plot = page.evaluate(CURSOR_JS)["plot"]
        page.mouse.move(plot[0] + 0.6 * (plot[2] - plot[0]), (plot[1] + plot[3]) / 2)
        if not page.evaluate(READOUT_JS):
            v.fail("scrubbing the barogram: the readout is off screen or covered")


def measure(bases, out, work, problems):
    """Every page of PAGES (DARK_PAGES in dark) and the Status page from each status file, at every viewport in
    light and dark, with the CHECKS; one browser."""
    from playwright.sync_api import sync_playwright

    report = []
    status_path = os.path.join(work, "flightlogd.status.json")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            for width, height in VIEWPORTS:
                context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                              color_scheme=scheme)
                page = context.new_page()
                log_in(page, bases["plain"])
                def url(path):  # "tiles:/flights/9": that server's page
                    server, _, rest = path.partition(":")
                    return bases[server] + rest if rest.startswith("/") else bases["plain"] + path
                visits = [(n, url(path), None) for n, path in PAGES if scheme == "light" or n in DARK_PAGES]
                visits += [(name, bases["plain"] + "/status", (status, age))
                           for name, status, age in status_files(bases["pid"])
                           if scheme == "light" or name == "status-problems"]
                for name, url, status in visits:
                    if status:
                        with open(status_path, "w") as f:
                            json.dump(status[0], f)
                        written = time.time() - status[1]
                        os.utime(status_path, (written, written))
                    v = Visit(page, name, width, height, scheme, problems, report, work)
                    response = page.goto(url)
                    if response is None or response.status != 200:
                        v.fail(f"HTTP {response.status if response else 'no answer'}")
                        continue
                    for prefix, check in CHECKS:
                        if name.startswith(prefix):
                            check(v)
                    for shot_width, shot_scheme, shot_name, file in SHOTS:
                        if (shot_width, shot_scheme, shot_name) == (width, scheme, name):
                            shoot(page, os.path.join(out, file))
                context.close()
        browser.close()
    if os.path.exists(status_path):
        os.remove(status_path)
    return report


def log_in(page, base):
    """Logs in with the logbook's password (the session cookie then goes with every page of this context)."""
    page.goto(base + "/login")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.grid button[type=submit]")
    page.wait_for_load_state()


def shoot(page, path):
    """A screenshot of the first screen, or on a phone's flight page of its map and barogram (the cursor left on,
    the sticky header and the focus ring out of the picture)."""
    page.evaluate("() => { document.activeElement.blur(); document.querySelector('.top').style.position = 'static'; }")
    if path.endswith("phone-weglide.png"):  # the WeGlide section: its heading and the button
        section = page.evaluate("() => { const h = [...document.querySelectorAll('h2')]"
                                ".find(h => h.textContent == 'WeGlide');"
                                " const f = h && h.nextElementSibling; if (!f) return null;"
                                " const a = h.getBoundingClientRect(), b = f.getBoundingClientRect();"
                                " return [a.top + scrollY, b.bottom + scrollY]; }")
        if section:
            page.screenshot(path=path, clip={"x": 0, "y": max(0, section[0] - 12), "width": page.viewport_size["width"],
                                             "height": section[1] - section[0] + 24}, full_page=True)
            return
    charts = page.evaluate("() => { const c = document.querySelector('.charts');"
                           " if (!c) return null; const r = c.getBoundingClientRect();"
                           " return [r.left, r.top + scrollY, r.width, r.height]; }")
    if charts and page.viewport_size["width"] < 1000:
        page.screenshot(path=path, clip={"x": 0, "y": max(0, charts[1] - 8), "width": page.viewport_size["width"],
                                         "height": charts[3] + 16}, full_page=True)
    else:
        page.screenshot(path=path)


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
        hashed = run([args.flightlog, "serve", "--hash-password"], input=PASSWORD + "\n").stdout.strip()
        with open(cfg, "a") as f:
            f.write("[server]\n" + hashed + "\n")
        tiles_cfg = os.path.join(work, "tiles.toml")
        make_tiles(os.path.join(work, "map.mbtiles"))
        with open(cfg) as f, open(tiles_cfg, "w") as g:
            g.write(f.read() + 'map_tiles = "%s"\n' % os.path.join(work, "map.mbtiles"))
        servers = [serve(args.flightlog, db, cfg, work, "serve"), serve(args.flightlog, db, tiles_cfg, work, "serve-tiles"),
                   serve(args.flightlog, os.path.join(work, "shared.sqlite"), cfg, work, "serve-shared")]
        base, tiles_base, shared_base = [b for _, b in servers]
        for _, b in servers:
            if not wait_for(b):
                print("measure-pages: flightlog serve did not answer", file=sys.stderr)
                return 1
        problems = []
        bases = {"plain": base, "tiles": tiles_base, "shared": shared_base, "pid": servers[0][0].pid}
        for line in measure(bases, args.out, work, problems):
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
