#!/usr/bin/env python3
"""Prints benchmarks/results.json as a Markdown table (for the README)."""
import json
import os
import sys

path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "results.json")
data = json.load(open(path))
m = data["machine"]
print(f"Measured on {m['cpu_model']}, {m['cpus']} cores, {m['system']} (load {m['load_before']:.1f} before, "
      f"{m.get('load_after', 0):.1f} after){' — quick mode' if m.get('quick') else ''}."
      + (" The analysis rows were measured again later (load {:.1f} before, {:.1f} after).".format(
          *m["analysis_load"]) if "analysis_load" in m else "") + "\n")
print("| benchmark | flightlog | peer | unit | ours / peer | peer | goal |")
print("|---|---|---|---|---|---|---|")
for r in data["rows"]:
    f = lambda v: "—" if v is None else f"{v:.3g}"
    ratio = r["ratio_ours_over_peer"]
    ours = r["note"] if r["ours"] is None and r["note"] else f(r["ours"])  # "not finished in 120 s"
    if "not proven" in r["note"]:
        ours += " (not proven)"
    print(f"| {r['name']} | {ours} | {f(r['peer'])} | {r['unit']} | {f(ratio)} | {r['peer_name'] or '—'} | "
          f"{r['goal'] or '—'} |")
