#!/usr/bin/env python3
"""Every column of a real logbook, given in turn values of other types, read back by the commands that read it.

SQLite keeps any value in any column and the database file is outside input (a hand edit with sqlite3, a file from
an older flightlog): no command may stop on such a value. This builds a logbook from samples/ with `flightlog`
itself (two flights, one analysed, an edit, a deletion, a declared task, an airspace file), then for each column
of each table and each value below, on a fresh copy, sets the column in every row and runs the reading commands.
A command that is killed by a signal (a trap) or hangs is reported; exit status 1 if any was.

    scripts/hostile-columns.py [--flightlog PATH] [--quick]

`--quick` (CI's smoke) gives each column one value, of another type than its declared one, and runs `list`, `show 1`
and `export --to`; the full run takes about 10 minutes on 2 cores.
"""

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VALUES = ["x'ff00'", "'x'", "42", "-1e300", "NULL"]
OPENAIR = """AC D
AN Test zone
AL GND
AH 1000ft
DP 50:40:00 N 006:00:00 E
DP 50:50:00 N 006:00:00 E
DP 50:50:00 N 006:10:00 E
"""


def run(binary, args, database, timeout=60):
    return subprocess.run(
        [binary, *args, "--database", database], capture_output=True, text=True, errors="replace", timeout=timeout
    )


def build_logbook(binary, work):
    """Two imported flights (the second deleted and imported again: flight 3), an edit, a task, an airspace file."""
    database = os.path.join(work, "logbook.sqlite")
    samples = os.path.join(ROOT, "samples")
    airspace = os.path.join(work, "zone.txt")
    with open(airspace, "w") as f:
        f.write(OPENAIR)
    steps = [
        ["import", os.path.join(samples, "simulated-aerotow.igc")],
        ["import", os.path.join(samples, "simulated-winch.igc")],
        ["edit", "1", "--remarks", "nice day"],
        ["task", "declare", "--points", "EDKA,EDKL,EDKA"],
        ["delete", "2", "--yes"],
        ["import", os.path.join(samples, "simulated-winch.igc")],
        ["airspace", "import", airspace],
        ["show", "1"],
    ]
    for step in steps:
        result = run(binary, step, database)
        if result.returncode != 0:
            sys.exit(f"setting up the logbook: flightlog {' '.join(step)} failed:\n{result.stderr}")
    return database


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--flightlog", default=os.path.join(ROOT, ".build", "debug", "flightlog"))
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="flightlog-hostile-")
    # A copy, so that a rebuild meanwhile cannot replace the binary under the run.
    binary = os.path.join(work, "flightlog")
    shutil.copy(options.flightlog, binary)
    source = build_logbook(binary, work)
    stick = os.path.join(work, "stick")
    commands = [
        ["list"], ["list", "--json"], ["stats"], ["show", "1"], ["show", "3"], ["task", "show"], ["airspace", "list"],
        ["export", "1", "--igc", "-o", os.path.join(work, "x.igc")],
        ["export", "--pdf", "-o", os.path.join(work, "x.pdf")],
        ["export", "--to", stick],
    ]
    with sqlite3.connect(source) as db:
        tables = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name != 'grdb_migrations' ORDER BY name")]
        columns = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in tables}
        declared = {(t, r[1]): r[2].upper() for t in tables for r in db.execute(f"PRAGMA table_info({t})")}
    if options.quick:
        commands = [commands[0], commands[3], commands[-1]]
    failures, tried = [], 0
    for table in tables:
        for column in columns[table]:
            values = VALUES
            if options.quick:
                values = ["42"] if declared[(table, column)] == "BLOB" else ["x'ff00'"]
            for value in values:
                database = os.path.join(work, "planted.sqlite")
                for suffix in ["", "-wal", "-shm"]:
                    if os.path.exists(database + suffix):
                        os.remove(database + suffix)
                shutil.copy(source, database)
                db = sqlite3.connect(database)
                try:
                    changed = db.execute(f"UPDATE {table} SET {column} = {value}").rowcount
                    db.commit()
                except sqlite3.Error:
                    changed = 0  # a constraint refuses the value: nothing to read
                finally:
                    db.close()
                if changed == 0:
                    continue
                tried += 1
                for command in commands:
                    shutil.rmtree(stick, ignore_errors=True)
                    os.makedirs(stick)
                    what = f"{table}.{column} = {value}: flightlog {' '.join(command)}"
                    try:
                        result = run(binary, command, database)
                    except subprocess.TimeoutExpired:
                        failures.append(f"{what}: no answer in 60 s")
                        break
                    if result.returncode < 0 or result.returncode >= 128:
                        fatal = [line for line in result.stderr.splitlines() if "Fatal error" in line][:1]
                        failures.append(f"{what}: exit {result.returncode} {' '.join(fatal)[:300]}")
                        break
    shutil.rmtree(work, ignore_errors=True)
    print(f"{tried} planted values in {sum(map(len, columns.values()))} columns of {len(tables)} tables, "
          f"{len(commands)} commands each: {len(failures)} stopped")
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
