#!/usr/bin/env python3
"""flightlog benchmarks, side by side with what pilots' scripts and the gpsd tools use today.

Prints a table (ours / peer / ratio, smaller is better) and writes it as JSON.

    python3 benchmarks/run.py            # full sizes (a few minutes)
    python3 benchmarks/run.py --quick    # small sizes; CI runs this to prove it works (numbers not judged)
    python3 benchmarks/run.py --analysis # only the flight analysis rows again, in place of those in results.json

Needs a release build (it runs `swift build $BUILD_FLAGS` itself, as `make` does: by default
`-c release --static-swift-stdlib`; CI's quick run sets BUILD_FLAGS=--static-swift-stdlib, the debug build it
has anyway, since it judges no number), the aerofiles venv (scripts/setup-aerofiles.sh),
gpsfake and gpxlogger (scripts/gpsfake-env.sh) and the sqlite3 CLI. Whole-process figures are the median of
several runs of the command; in-process figures time only the operation inside one process.
"""
import argparse
import glob
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "flights")

PEER_WRITE = r'''
import datetime, json, sys, time
from aerofiles.igc import Writer
fixes = json.load(open(sys.argv[1]))
out, iterations = sys.argv[2], int(sys.argv[3])
def write():
    with open(out, "wb") as fp:
        w = Writer(fp)
        w.write_headers({"manufacturer_code": "XFL", "logger_id": "BEN", "date": datetime.date(2025, 6, 14),
            "fix_accuracy": 50, "pilot": "Bench", "copilot": "", "glider_type": "ASK 21", "glider_id": "D-1234",
            "firmware_version": "1", "hardware_version": "1", "logger_type": "aerofiles,bench",
            "gps_receiver": "gpsd,1,max18000m", "pressure_sensor": "Bosch,BMP280,max9000m",
            "competition_id": "", "competition_class": ""})
        w.write_fix_extensions([("FXA", 3), ("SIU", 2)])
        for f in fixes:
            h, m, s = f[0]
            w.write_fix(time=datetime.time(h, m, s), latitude=f[1], longitude=f[2], valid=f[3],
                        pressure_alt=f[4], gps_alt=f[5], extensions=[f[6], f[7]])
start = time.perf_counter()
for _ in range(iterations):
    write()
print(json.dumps({"seconds_per_op": (time.perf_counter() - start) / iterations}))
'''

PEER_READ = r'''
import json, sys, time
from aerofiles.igc import Reader
iterations, files = int(sys.argv[1]), sys.argv[2:]
contents = []
for path in files:
    with open(path, encoding="latin-1", newline=None) as f:
        contents.append(f.read())
import io
fixes = 0
start = time.perf_counter()
for _ in range(iterations):
    for text in contents:
        r = Reader().read(io.StringIO(text))
        fixes += len(r["fix_records"][1])
print(json.dumps({"seconds_per_op": (time.perf_counter() - start) / iterations, "fixes": fixes // iterations}))
'''

PEER_READ_WHOLE = r'''
import sys
from aerofiles.igc import Reader
n = 0
for path in sys.argv[1:]:
    with open(path, encoding="latin-1", newline=None) as f:
        n += len(Reader().read(f)["fix_records"][1])
print(n)
'''


def run(cmd, env=None, quiet=True, check=True):
    result = subprocess.run(cmd, env=env, stdout=subprocess.PIPE if quiet else None, stderr=subprocess.PIPE, text=True)
    if check and result.returncode != 0:
        sys.exit(f"benchmark step failed: {' '.join(cmd)}\n{result.stderr}")
    return result.stdout


def wall(cmd, runs, env=None, before=None):
    """Median wall time of a whole process, seconds."""
    times = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        result = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            sys.exit(f"benchmark step failed: {' '.join(cmd)}\n{result.stderr.decode()}")
    return statistics.median(times)


class Table:
    def __init__(self):
        self.rows = []

    def add(self, name, ours, peer, unit, peer_name="", goal=None, note=""):
        ratio = (ours / peer) if (ours is not None and peer) else None
        self.rows.append({"name": name, "ours": ours, "peer": peer, "ratio_ours_over_peer": ratio, "unit": unit,
                          "peer_name": peer_name, "goal": goal, "note": note})
        fmt = lambda v: "—" if v is None else (f"{v:.4g}")
        print(f"{name:<44} {fmt(ours):>10} {fmt(peer):>10} {unit:<6} {('%.3f' % ratio) if ratio else '—':>8}  "
              f"{peer_name}{'  goal: ' + goal if goal else ''}{'  (' + note + ')' if note else ''}", flush=True)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_port(port, seconds=60, proc=None):
    """True once something listens on `port`; False when `proc` (the server starting) ends first or after `seconds`
    (generous: gpsfake starts gpsd, and a busy machine, e.g. lintian beside the benchmark, slows both)."""
    end = time.time() + seconds
    while time.time() < end:
        if proc is not None and proc.poll() is not None:
            return False
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            time.sleep(0.02)
    return False


def vm_rss(pid):
    """Resident set size now (VmRSS, MB) of a live process."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return 0


def proc_usage(pid):
    """CPU seconds (user+sys), peak RSS (MB) and private anonymous memory now (RssAnon, MB) of a live process.

    RSS also counts the pages of the program file and its libraries that are mapped in (shared, clean, dropped
    first under memory pressure); RssAnon is the heap and stacks the process alone holds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / tick
    hwm = anon = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"):
                hwm = int(line.split()[1]) / 1024
            elif line.startswith("RssAnon"):
                anon = int(line.split()[1]) / 1024
    return cpu, hwm, anon


def descendants(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], stdout=subprocess.PIPE, text=True).stdout.split()
    pids = [int(p) for p in out]
    for p in list(pids):
        pids += descendants(p)
    return pids


def start_gpsfake(nmea, port, delay, workdir, env):
    env = dict(env, TMPDIR=workdir)
    return subprocess.Popen(["timeout", "1800", "gpsfake", "-1", "-p", "-q", "-P", str(port), "-c", str(delay), nmea],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def stop_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def daemon_run(bins, env, workdir, nmea, epochs, baro_hz, delay=0):
    """flightlogd recording the NMEA log through gpsfake + the fake IIO barometer; returns its figures."""
    os.makedirs(workdir, exist_ok=True)
    iio = os.path.join(workdir, "iio")
    run([os.path.join(ROOT, "scripts/fake-iio.sh"), iio, "bmp280", "97.7720625", "21500"], env=env)
    port = free_port()
    fake = start_gpsfake(nmea, port, delay, workdir, env)
    if not wait_port(port, proc=fake):
        stop_group(fake)
        sys.exit(f"gpsfake did not start on port {port} (exit status {fake.returncode})")
    db = os.path.join(workdir, "flights.sqlite")
    # As the unit runs it: the status file in a RAM folder (RuntimeDirectory=flightlog), linked from beside the database.
    env = dict(env, RUNTIME_DIRECTORY=tempfile.mkdtemp(prefix="flightlog-run-", dir="/dev/shm"))
    daemon = subprocess.Popen([os.path.join(ROOT, "scripts/with-fake-iio.sh"), iio, bins["flightlogd"], "--gpsd",
                               f"127.0.0.1:{port}", "--database", db, "--barometer", "bmp280", "--barometer-rate",
                               str(baro_hz)], env=env, stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(workdir, "flightlogd.log"), "w"))
    status_path = os.path.join(workdir, "flightlogd.status.json")
    start = time.time()
    fixes = 0
    pid = None
    steady = None  # (time, cpu, bytes written) once recording runs: start-up left out of the per-hour figures
    deadline = start + max(120, epochs * delay * 3 * 1.5 + 60)
    while time.time() < deadline:
        time.sleep(0.25)
        try:
            fixes = json.load(open(status_path)).get("recordedFixes", 0)
        except (OSError, ValueError):
            continue
        if pid is None:
            pid = daemon_pid(daemon)
        if steady is None and fixes >= 3:
            steady = (time.time(), proc_usage(pid)[0], write_bytes(pid))
        if fixes >= epochs or (fake.poll() is not None and time.time() - start > 5 and fixes > 0):
            time.sleep(2.5)  # one more status write and commit
            break
    pid = daemon_pid(daemon)
    cpu, rss, anon = proc_usage(pid)
    rss_now = vm_rss(pid)
    written = write_bytes(pid)
    end = time.time()
    status = json.load(open(status_path))
    os.kill(pid, signal.SIGTERM)
    daemon.wait(timeout=30)
    stop_group(fake)
    figures = {"cpu": cpu, "rss": rss, "rss_now": rss_now, "anon": anon, "fixes": status.get("recordedFixes", 0),
               "p50": status.get("fixToDiskMillisP50"), "p99": status.get("fixToDiskMillisP99"), "db": db}
    if steady is not None and end - steady[0] > 1:
        figures["steady_seconds"] = end - steady[0]
        figures["steady_cpu"] = cpu - steady[1]
        figures["steady_written"] = written - steady[2]
    return figures


def daemon_pid(daemon):
    """with-fake-iio.sh execs unshare, which execs bash, which execs the daemon: the same PID or a child."""
    pid = daemon.pid
    for candidate in [daemon.pid] + descendants(daemon.pid):
        try:
            if "flightlogd" in open(f"/proc/{candidate}/cmdline").read():
                pid = candidate
        except OSError:
            pass
    return pid


def write_bytes(pid):
    """Bytes the process caused to be written to storage (/proc/PID/io write_bytes: WAL, checkpoints, status file)."""
    with open(f"/proc/{pid}/io") as f:
        for line in f:
            if line.startswith("write_bytes"):
                return int(line.split()[1])
    return 0


def gpxlogger_run(env, workdir, nmea, epochs, delay=0):
    os.makedirs(workdir, exist_ok=True)
    port = free_port()
    fake = start_gpsfake(nmea, port, delay, workdir, env)
    if not wait_port(port, proc=fake):
        stop_group(fake)
        sys.exit(f"gpsfake did not start on port {port} (exit status {fake.returncode})")
    out = os.path.join(workdir, "track.gpx")
    logger = subprocess.Popen(["gpxlogger", "-f", out, f"127.0.0.1:{port}"], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    # gpxlogger exits when gpsd goes away: sample its usage while it runs.
    cpu = rss = anon = 0.0
    deadline = time.time() + max(120, epochs * delay * 3 * 2 + 60)
    while time.time() < deadline and logger.poll() is None:
        try:
            cpu, rss, anon = proc_usage(logger.pid)
        except (OSError, IndexError):
            break
        if fake.poll() is not None:
            time.sleep(1)
            try:
                cpu, rss, anon = proc_usage(logger.pid)
            except (OSError, IndexError):
                pass
            break
        time.sleep(0.1)
    logger.terminate()
    logger.wait(timeout=10)
    stop_group(fake)
    points = open(out).read().count("<trkpt") if os.path.exists(out) else 0
    return {"cpu": cpu, "rss": rss, "anon": anon, "fixes": points}


def flight_files(fl, work, quick):
    """The shared flights (quick: three), or three simulated 2-hour flights where there are none; and which."""
    files = sorted(glob.glob(os.path.join(SHARED, "*.igc")) + glob.glob(os.path.join(SHARED, "*.IGC")))
    source = "../shared/flights"
    if not files:
        source = "generated"
        for n, launch in enumerate(["winch", "aerotow", "self"]):
            path = os.path.join(work, f"gen{n}.igc")
            run([fl, "simulate", "--launch", launch, "--minutes", "120", "--seed", str(n + 1), "-o", path])
            files.append(path)
    return (files[:3] if quick else files), source


def is_analysis_row(row):
    return row["name"].startswith(("flight analysis", "analysis "))


def analysis_rows(table, bins, files, work, quick):
    fl = bins["flightlog"]
    # 2b. The flight analysis (every contest route exact over every fix, the scoring window), in-process: the
    # longest of those files, and a 10-hour 1 Hz flight (quick: 2 hours). Goal: under 1 s on one core.
    longest = max(files, key=os.path.getsize)
    res = json.loads(run([bins["bench"], "analyse", longest, "--iterations", str(1 if quick else 3)]))
    table.add(f"flight analysis, {os.path.basename(longest)} ({res['fixes']} fixes), in-process",
              res["seconds_per_op"], None, "s", "", "< 1 s",
              "free distance over 6 and 4 legs, FAI triangle, out-and-return: proven optimum over every fix")
    ten = os.path.join(work, "ten-hours.igc")
    run([fl, "simulate", "--launch", "aerotow", "--minutes", "120" if quick else "600", "-o", ten])
    res = json.loads(run([bins["bench"], "analyse", ten, "--iterations", str(1 if quick else 3)]))
    table.add(f"flight analysis, simulated {'2' if quick else '10'}-hour flight at 1 Hz ({res['fixes']} fixes), in-process",
              res["seconds_per_op"], None, "s", "", "< 1 s")

    # 2b'. Task scoring (issue 41): a 10-hour 1 Hz flight (quick: 2 hours) against a 10-point racing task and AAT,
    # with the flight rules (a start gate, the release and engine runs found on the fixes for each score).
    for kind in ["racing", "aat"]:
        res = json.loads(run([bins["bench"], "task-score", "--kind", kind, "--hours", "2" if quick else "10",
                              "--flight-rules"]))
        table.add(f"analysis task score, {kind}, 10 points, gate and engine rules, {res['fixes']} fixes at 1 Hz",
                  res["seconds_per_op"],
                  None, "s", "", "< 0.2 s", "completed" if res["completed"] else "NOT completed")

    # 2c. Each part of the analysis alone (release build; the CPU time of the search's one thread, which the
    # machine's other load inflates less than wall time): the longest file and the simulated flight, and (not in
    # quick mode) synthetic tracks that are still slow for the exact search: a straight glide losing 1,200 m each
    # hour, circling in one place, a zig-zag; 1 hour and 10 hours (the goal's length) of each at 1 Hz, one process
    # per part, a part over 120 s reported as not finished. Goal: the proven optimum in under 1 s each.
    limit = 120
    cases = [(os.path.basename(longest), [longest]), (os.path.basename(ten), [ten])]
    if not quick:
        cases += [(f"synthetic {kind}, {hours} h at 1 Hz", ["--synthetic", kind, "--hours", str(hours)])
                  for hours in [1, 10] for kind in ["glide", "circling", "zigzag"]]
        # One straight glide to the ground (a plateau of equally long routes, the 1000 m rule binding all along):
        # the shape whose free distance search stops at its budget, and its relatives.
        cases += [(f"straight glide losing {loss} m, {hours} h at {rate} Hz",
                   ["--synthetic", "straight", "--loss", str(loss), "--per-second", str(rate), "--hours", str(hours)])
                  for loss, rate, hours in [(1500, 1, 2), (3000, 1, 10), (1500, 4, 2), (3000, 4, 10)]]
    parts = [("free6", "< 1 s"), ("free4", "< 1 s"), ("triangle", "< 1 s"), ("phases", None)]
    for label, case_args in cases:
        groups = [[part] for part in parts] if "--synthetic" in case_args else [parts]
        for group in groups:
            cmd = [bins["bench"], "contest", "--parts", ",".join(p for p, _ in group)] + case_args
            try:
                out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit)
            except subprocess.TimeoutExpired:
                for part, goal in group:
                    table.add(f"analysis {part}, {label}", None, None, "s", "", goal, f"not finished in {limit} s")
                continue
            if out.returncode != 0:
                sys.exit(f"benchmark step failed: {' '.join(cmd)}\n{out.stderr}")
            res = json.loads(out.stdout)
            for part, goal in group:
                km = res[part + "_km"]
                note = f"cruise {km:.1f} km" if part == "phases" else f"{km:.1f} km"
                if not res.get(part + "_proven", True):
                    note += "; not proven: the search stopped at its node limit"
                    if part + "_upper_km" in res:
                        note += f", at most {res[part + '_upper_km']:.1f} km"
                table.add(f"analysis {part}, {label} ({res['fixes']} fixes)", res[part], None, "s", "", goal, note)


def build_flags():
    """How `make` builds (its BUILD_FLAGS): release for the Pi unless the caller says otherwise."""
    return os.environ.get("BUILD_FLAGS", "-c release --static-swift-stdlib").split()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes, to prove the benchmark works")
    parser.add_argument("--json", default=None, help="where to write")
    parser.add_argument("--analysis", action="store_true",
                        help="re-measure only the flight analysis rows, in place of those in the JSON file")
    args = parser.parse_args()
    if args.json is None:
        args.json = os.path.join(ROOT, "benchmarks", "results-quick.json" if args.quick else "results.json")
    quick = args.quick
    runs = 2 if quick else 5

    release = ["swift", "build"] + build_flags()
    print(f"== setup ({' '.join(release)}, aerofiles venv, gpsfake/gpxlogger)", flush=True)
    run(release + ["--product", "flightlog"], quiet=False)
    run(release + ["--product", "flightlogd"], quiet=False)
    run(release + ["--product", "flightlog-bench"], quiet=False)
    bindir = run(release + ["--show-bin-path"]).strip()
    bins = {"flightlog": os.path.join(bindir, "flightlog"), "flightlogd": os.path.join(bindir, "flightlogd"),
            "bench": os.path.join(bindir, "flightlog-bench")}
    python = run([os.path.join(ROOT, "scripts/setup-aerofiles.sh")]).strip().splitlines()[-1]
    env = dict(os.environ)
    env["PATH"] = run(["bash", "-c", f". '{ROOT}/scripts/gpsfake-env.sh' >/dev/null 2>&1; echo $PATH"]).strip()
    work = tempfile.mkdtemp(prefix="flightlog-bench-")
    fl = bins["flightlog"]
    peer_write = os.path.join(work, "peer_write.py")
    open(peer_write, "w").write(PEER_WRITE)
    peer_read = os.path.join(work, "peer_read.py")
    open(peer_read, "w").write(PEER_READ)
    peer_read_whole = os.path.join(work, "peer_read_whole.py")
    open(peer_read_whole, "w").write(PEER_READ_WHOLE)
    machine = {"machine": platform.machine(), "system": platform.platform(), "cpus": os.cpu_count(),
               "cpu_model": next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?"),
               "load_before": os.getloadavg()[0], "quick": quick, "build": " ".join(build_flags())}
    print(f"machine: {machine['cpu_model']}, {machine['cpus']} cores, load {machine['load_before']:.1f}", flush=True)
    table = Table()
    print(f"\n{'benchmark':<44} {'ours':>10} {'peer':>10} {'unit':<6} {'ratio':>8}  peer", flush=True)
    if args.analysis:
        analysis_rows(table, bins, flight_files(fl, work, quick)[0], work, quick)
        data = json.load(open(args.json))
        kept = [r for r in data["rows"] if not is_analysis_row(r)]
        at = next((i for i, r in enumerate(data["rows"]) if is_analysis_row(r)), len(kept))
        data["rows"] = kept[:at] + table.rows + kept[at:]
        data["machine"]["analysis_load"] = [machine["load_before"], os.getloadavg()[0]]
        with open(args.json, "w") as f:
            json.dump(data, f, indent=2)
        print(f"\nreplaced the analysis rows in {args.json}")
        shutil.rmtree(work, ignore_errors=True)
        return

    # 1. IGC export of a 25,000-fix flight.
    minutes = 60 if quick else 407
    big = os.path.join(work, "big.igc")
    run([fl, "simulate", "--launch", "aerotow", "--minutes", str(minutes), "-o", big])
    db1 = os.path.join(work, "export.sqlite")
    run([fl, "import", big, "--database", db1])
    fixes_json = os.path.join(work, "fixes.json")
    run([python, "-c", f'''
import json
from aerofiles.igc import Reader
r = Reader().read(open({big!r}, encoding="latin-1"))
out = [[[f["time"].hour, f["time"].minute, f["time"].second], f["lat"], f["lon"], f["validity"] == "A",
        f["pressure_alt"], f["gps_alt"], int(f.get("FXA", 0)), int(f.get("SIU", 0))] for f in r["fix_records"][1]]
json.dump(out, open({fixes_json!r}, "w"))
'''])
    n_fixes = len(json.load(open(fixes_json)))
    outdir = os.path.join(work, "igc-out")
    os.makedirs(outdir)
    ours = wall([fl, "export", "--igc", "1", "-o", outdir + "/", "--database", db1], runs)
    peer = wall([python, peer_write, fixes_json, os.path.join(work, "peer.igc"), "1"], runs)
    table.add(f"IGC export, {n_fixes} fixes, whole process", ours, peer, "s", "aerofiles 1.5.6 Writer", "≥ 50× faster")
    iterations = 5 if quick else 20
    ours = json.loads(run([bins["bench"], "igc-write", big, "--iterations", str(iterations)]))["seconds_per_op"]
    peer = json.loads(run([python, peer_write, fixes_json, os.path.join(work, "peer.igc"), str(max(2, iterations // 4))]))["seconds_per_op"]
    table.add(f"IGC export, {n_fixes} fixes, in-process", ours, peer, "s", "aerofiles 1.5.6 Writer")

    # 2. IGC import / parse of every shared flight (or generated ones).
    files, source = flight_files(fl, work, quick)
    db2 = os.path.join(work, "import.sqlite")
    def fresh():
        for suffix in ["", "-wal", "-shm"]:
            if os.path.exists(db2 + suffix):
                os.remove(db2 + suffix)
    ours = wall([fl, "import", "--database", db2] + files, runs, before=fresh)
    peer = wall([python, peer_read_whole] + files, runs)
    table.add(f"IGC import, {len(files)} files ({source}), whole process", ours, peer, "s",
              "aerofiles 1.5.6 Reader", "≥ 50× faster", "ours also detects flights and stores them in SQLite")
    ours = json.loads(run([bins["bench"], "igc-parse", "--iterations", str(iterations)] + files))["seconds_per_op"]
    peer = json.loads(run([python, peer_read, str(max(1, iterations // 10))] + files))["seconds_per_op"]
    table.add(f"IGC parse, {len(files)} files, in-process", ours, peer, "s", "aerofiles 1.5.6 Reader")

    analysis_rows(table, bins, files, work, quick)

    # 3. The daemon: a 1-hour flight (quick: 10 min) through gpsfake at full speed, barometer at 25 Hz.
    # 1 Hz only: the IGC file the simulator writes holds whole seconds (10 Hz: benchmarks/daemon.sh, own NMEA).
    for hz in [1]:
        sim = os.path.join(work, f"hour{hz}.igc")
        run([fl, "simulate", "--launch", "aerotow", "--minutes", "10" if quick else "50", "--interval-ms",
             str(1000 // hz), "-o", sim])
        nmea = os.path.join(work, f"hour{hz}.nmea")
        run([fl, "replay", sim, "--nmea", nmea])
        epochs = open(nmea).read().count("RMC")
        ours = daemon_run(bins, env, os.path.join(work, f"daemon{hz}"), nmea, epochs, 25)
        peer = gpxlogger_run(env, os.path.join(work, f"gpx{hz}"), nmea, epochs)
        label = f"{epochs} epochs at {hz} Hz"
        table.add(f"daemon CPU, {label}", ours["cpu"], peer["cpu"], "s", "gpxlogger (gpsd 3.22)", "≤ 2×",
                  f"ours stored {ours['fixes']} fixes + 25 Hz barometer; gpxlogger wrote {peer['fixes']} points")
        table.add(f"daemon peak RSS, {label}", ours["rss"], peer["rss"], "MB", "gpxlogger (gpsd 3.22)", "≤ 15 MB")
        table.add(f"daemon private memory (RssAnon) at the end, {label}", ours["anon"], peer["anon"], "MB",
                  "gpxlogger (gpsd 3.22)", "", "heap and stacks; RSS adds the mapped pages of the program file")
        if hz == 1:
            hours = epochs / 3600
            # Growth of the database file over an empty one, after folding the WAL in.
            run(["sqlite3", ours["db"], "PRAGMA wal_checkpoint(TRUNCATE)"])
            empty = os.path.join(work, "empty.sqlite")
            run([bins["bench"], "make-db", empty, "--flights", "0"])
            run(["sqlite3", empty, "PRAGMA wal_checkpoint(TRUNCATE)"])
            size = os.path.getsize(ours["db"]) - os.path.getsize(empty)
            blob = int(run(["sqlite3", "-readonly", ours["db"], "SELECT sum(length(data)) FROM trackChunk"]).strip() or 0)
            igc_bytes = sum(len(l) + 1 for l in open(sim, encoding="latin-1") if l.startswith("B"))
            table.add("storage per flight hour: track blobs", blob / hours / 1e3, igc_bytes / hours / 1e3, "kB",
                      "IGC B-record text", "≤ IGC bytes")
            table.add("storage per flight hour: database file growth", size / hours / 1e3, igc_bytes / hours / 1e3,
                      "kB", "IGC B-record text", "", "SQLite pages of track, flight and indexes")
    # Fix-to-disk latency at real time (gpsd delivery → committed), from the daemon's own measurement.
    rt = os.path.join(work, "rt.igc")
    run([fl, "simulate", "--launch", "winch", "--minutes", "5", "-o", rt])
    rt_nmea = os.path.join(work, "rt.nmea")
    run([fl, "replay", rt, "--nmea", rt_nmea])
    lines = open(rt_nmea).read().splitlines(keepends=True)
    seconds = 20 if quick else 90
    open(rt_nmea, "w").write("".join(lines[: seconds * 3]))
    live = daemon_run(bins, env, os.path.join(work, "realtime"), rt_nmea, seconds, 25, delay=0.333)
    table.add(f"fix-to-disk latency p50, {seconds} s at real time", (live["p50"] or 0) / 1000, None, "s", "", "")
    table.add(f"fix-to-disk latency p99, {seconds} s at real time", (live["p99"] or 0) / 1000, None, "s", "", "≤ 1 s")
    # What the Pi Zero pays while flying: CPU at the real pace (1 Hz GNSS, 25 Hz barometer), per hour of recording.
    peer = gpxlogger_run(env, os.path.join(work, "gpx-realtime"), rt_nmea, seconds, delay=0.333)
    steady = live.get("steady_seconds") or seconds
    table.add(f"daemon CPU per hour at real time (from {seconds} s; 1 Hz GNSS, 25 Hz barometer)",
              live.get("steady_cpu", live["cpu"]) * 3600 / steady, peer["cpu"] * 3600 / seconds, "s",
              "gpxlogger (gpsd 3.22)", "≤ 5 s",
              "ours from the third fix on (start-up left out) with 25 barometer reads a second; gpxlogger reads no barometer")
    table.add(f"daemon RSS at the end of {seconds} s at real time", live["rss_now"], peer["rss"], "MB",
              "gpxlogger (gpsd 3.22)", "≤ 15 MB",
              "start-up's clean file pages are given back 30 s in (the quick run ends before); peer: its peak")
    table.add(f"bytes written to storage per recorded hour (from {seconds} s at real time)",
              live.get("steady_written", 0) * 3600 / steady / 1e6, None, "MB", "", "≤ 15 MB",
              "/proc/PID/io write_bytes: live journal (a sector a second), settles, WAL, checkpoints")

    # 5. Queries on a 10,000-flight database (quick: 1,000).
    flights = 1000 if quick else 10000
    db3 = os.path.join(work, "many.sqlite")
    run([bins["bench"], "make-db", db3, "--flights", str(flights)])
    run(["sqlite3", db3, "PRAGMA wal_checkpoint(TRUNCATE)"])
    ours = wall([fl, "list", "--instructor", "--database", db3], runs)
    peer = wall(["sqlite3", "-readonly", db3,
                 "SELECT id, localDate, takeoffTime, landingTime, gliderType, registration, pilot, secondPerson, "
                 "secondPersonRole, launchMethod FROM flight WHERE secondPersonRole = 'instructor' ORDER BY takeoffTime"],
                runs)
    table.add(f"list --instructor, {flights} flights, whole process", ours, peer, "s", "sqlite3 CLI, same query", "≤ 2×")
    mid = flights // 2
    ours = wall([fl, "show", str(mid), "--database", db3], runs)
    peer = wall(["sqlite3", "-readonly", db3, f"SELECT * FROM flight WHERE id = {mid}; SELECT data FROM trackChunk "
                 f"WHERE recordingId = (SELECT recordingId FROM flight WHERE id = {mid})"], runs)
    table.add(f"show, {flights} flights, whole process", ours, peer, "s", "sqlite3 CLI, flight + track rows", "",
              "ours also decodes the track and draws the barogram")

    # 6. The PDF logbook of 1,000 flights (quick: 200).
    pdf_flights = 200 if quick else 1000
    until = run(["sqlite3", "-readonly", db3, f"SELECT localDate FROM flight ORDER BY takeoffTime LIMIT 1 OFFSET {pdf_flights - 1}"]).strip()
    ours = wall([fl, "export", "--pdf", "--until", until, "-o", os.path.join(work, "logbook.pdf"), "--database", db3], runs)
    table.add(f"PDF logbook, {pdf_flights} flights, whole process", ours, None, "s", "", "≤ 1 s")

    # 6. What `make install` and the .deb put on the card: both executables, stripped as they install.
    stripped = 0
    for name in ["flightlog", "flightlogd"]:
        copy = os.path.join(work, name + ".stripped")
        run(["strip", "-o", copy, bins[name]])
        stripped += os.path.getsize(copy)
    table.add("installed size, both executables stripped", stripped / 1e6, None, "MB", "", "≤ 40 MB",
              "static Swift runtime, Foundation and ICU data in each")

    machine["load_after"] = os.getloadavg()[0]
    with open(args.json, "w") as f:
        json.dump({"machine": machine, "rows": table.rows}, f, indent=2)
    print(f"\nwrote {args.json}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
