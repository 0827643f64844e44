#!/usr/bin/env python3
"""Club sync benchmark: a season pushed to a real PostgreSQL server, pilots' list queries on a club
logbook of 10,000 flights, and the club's web pages (`flightlog serve --database postgres://…`) beside the same
pages served from the glider's SQLite file. Starts its own server (initdb + pg_ctl on a free loopback port, as `postgres` under root)
and uses the release `flightlog` and `flightlog-bench`.

Usage: python3 benchmarks/sync.py [--quick]     (make bench-sync; --quick: 20 flights of 30 min, 1,000 flights)
"""
import argparse, glob, http.cookiejar, json, os, re, shutil, socket, subprocess, sys, tempfile, time
import urllib.parse, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A throwaway PostgreSQL cluster: trust authentication on loopback, one database `club`."""

    def __init__(self, work):
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not bins:
            sys.exit("PostgreSQL is not installed (apt-get install -y postgresql)")
        self.bin = os.path.dirname(bins[-1])
        self.dir = os.path.join(work, "pg")
        os.makedirs(self.dir)
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(work, "postgres")
            shutil.chown(self.dir, "postgres")
        self.port = free_port()
        data = os.path.join(self.dir, "data")
        run(self.as_user + [f"{self.bin}/initdb", "-D", data, "-A", "trust", "-U", "flightlog", "-E", "UTF8"])
        run(self.as_user + [f"{self.bin}/pg_ctl", "-D", data, "-l", os.path.join(self.dir, "log"), "-w", "start", "-o",
                            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"])
        self.data = data
        self.psql(["-d", "postgres", "-c", "CREATE DATABASE club"])

    def psql(self, args):
        return run([f"{self.bin}/psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "flightlog", "-X", "-q", "-t",
                    "-A"] + args)

    def stop(self):
        subprocess.run(self.as_user + [f"{self.bin}/pg_ctl", "-D", self.data, "-m", "fast", "stop"],
                       capture_output=True)


class Web:
    """A running `flightlog serve`, and a browser session logged in to it (cookies kept)."""

    def __init__(self, fl, database, config, env, login=None, password=None):
        self.port = free_port()
        self.proc = subprocess.Popen([fl, "serve", "--database", database, "--config", config, "--port",
                                      str(self.port)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.base = f"http://127.0.0.1:{self.port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        for _ in range(200):
            try:
                self.opener.open(self.base + "/login", timeout=5).read()
                break
            except OSError:
                time.sleep(0.05)
        if login:
            form = self.get("/login").decode()
            csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', form).group(1)
            body = urllib.parse.urlencode({"csrf": csrf, "login": login, "password": password}).encode()
            page = self.opener.open(self.base + "/login", data=body, timeout=30).read().decode()
            assert "Log out" in page, "login failed"

    def get(self, path):
        with self.opener.open(self.base + path, timeout=300) as r:
            return r.read()

    def timed(self, path, repeat):
        """Median seconds of `repeat` GETs of `path`, and the size of the answer."""
        times, size = [], 0
        for _ in range(repeat):
            start = time.perf_counter()
            size = len(self.get(path))
            times.append(time.perf_counter() - start)
        return sorted(times)[len(times) // 2], size

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)


def web_rows(fl, server, config, env, pi, key, quick):
    """The same pages from the club logbook (a pilot logged in, and the admin) and from the glider's SQLite file."""
    url = f"postgres://flightlog@127.0.0.1:{server.port}/club?sslmode=disable"
    for login, pilot, is_admin in (("jane", "Doe, Jane", False), ("admin", "Club Admin", True)):
        subprocess.run([fl, "club", "add-user", login, "--pilot", pilot, "--database", url, "--config", config]
                       + (["--admin"] if is_admin else []), input="secret words\n", env=env, check=True,
                       capture_output=True, text=True)
    first = server.psql(["-d", "club", "-c", f"SELECT max(id) FROM flight WHERE pilot_key = '{key}'"]).strip()
    year = server.psql(["-d", "club", "-c", "SELECT extract(year FROM max(local_date))::int FROM flight"]).strip()
    pages = [("list, first page", "/"), ("list, filtered (LS 4, one year)", f"/?plane=ls+4&year={year}"),
             ("flight page (map, barogram)", f"/flights/{first}"), ("stats", "/stats"),
             (f"logbook PDF of {year}", f"/logbook.pdf?year={year}")]
    repeat = 3 if quick else 7
    rows = []
    for who, database, login in (("club, pilot", url, "jane"), ("club, admin", url, "admin"), ("Pi SQLite", pi, None)):
        web = Web(fl, database, config, env, login, "secret words" if login else None)
        try:
            for name, path in pages:
                if who == "Pi SQLite" and path.startswith("/flights/"):
                    path = "/flights/1"
                seconds, size = web.timed(path, repeat)
                rows.append((f"web {name} [{who}]", seconds * 1000, "ms", f"{size / 1024:.0f} KiB"))
        finally:
            web.stop()
    return rows


def timed(cmd, env):
    start = time.perf_counter()
    out = run(cmd, env=env)
    return time.perf_counter() - start, out.strip()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    season, hours, club = (20, 0.5, 1000) if args.quick else (200, 5, 10000)
    # As `make` builds (BUILD_FLAGS; release unless CI's quick run asks for its debug build).
    build = ["swift", "build"] + os.environ.get("BUILD_FLAGS", "-c release --static-swift-stdlib").split()
    for product in ("flightlog", "flightlog-bench"):
        subprocess.run(build + ["--product", product], cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    bindir = run(build + ["--show-bin-path"], cwd=ROOT).strip()
    fl, bench = os.path.join(bindir, "flightlog"), os.path.join(bindir, "flightlog-bench")
    work = tempfile.mkdtemp(prefix="flightlog-sync-bench-")
    os.chmod(work, 0o755)
    server = Server(work)
    rows = []
    try:
        config = os.path.join(work, "flightlog.toml")
        with open(config, "w") as f:
            f.write(f'[sync]\nurl = "postgres://flightlog@127.0.0.1:{server.port}/club?sslmode=disable"\n')
        env = dict(os.environ, FLIGHTLOG_SYNC_PASSWORD="unused")
        # A season on one glider's Pi: `season` flights of `hours` at 1 Hz.
        pi = os.path.join(work, "season.sqlite")
        run([bench, "make-db", pi, "--flights", str(season), "--fixes-per-flight", str(int(hours * 3600))])
        size = os.path.getsize(pi)
        first, line = timed([fl, "sync", "--database", pi, "--config", config], env)
        rows.append((f"sync a season: {season} flights of {hours:g} h at 1 Hz ({size / 1e6:.1f} MB logbook)", first,
                     "s", line))
        again, line = timed([fl, "sync", "--database", pi, "--config", config], env)
        rows.append(("sync again, nothing new", again, "s", line))
        server_bytes = int(server.psql(["-d", "club", "-c", "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
                                        "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' "
                                        "AND c.relkind = 'r'"]))
        rows.append(("server tables and indexes after the season", server_bytes / 1e6, "MB", ""))
        # A club logbook of `club` more flights from a second Pi, then what a pilot's list asks of it.
        other = os.path.join(work, "club.sqlite")
        run([bench, "make-db", other, "--flights", str(club)])
        seconds, line = timed([fl, "sync", "--database", other, "--config", config], env)
        rows.append((f"sync {club} short flights from a second Pi", seconds, "s", line))
        server.psql(["-d", "club", "-c", "ANALYZE"])
        # The club's most frequent pilot (make-db: "Doe, Jane" flies 6 of 7 flights).
        key, matches = server.psql(["-d", "club", "-c", "SELECT pilot_key, count(*) FROM flight GROUP BY 1 "
                                    "ORDER BY 2 DESC LIMIT 1"]).strip().split("|")
        query = os.path.join(work, "pilot-list.sql")
        with open(query, "w") as f:
            f.write("SELECT uuid, local_date, takeoff_time, landing_time, pilot, second_person, glider_type, "
                    f"registration FROM flight WHERE pilot_key = '{key}' ORDER BY local_date DESC, takeoff_time "
                    "DESC LIMIT 100;\n")
        out = run([os.path.join(server.bin, "pgbench"), "-h", "127.0.0.1", "-p", str(server.port), "-U", "flightlog",
                   "-n", "-f", query, "-T", "3" if args.quick else "10", "-c", "4", "-j", "2", "club"])
        tps = next(float(l.split("=")[1].split()[0]) for l in out.splitlines() if l.startswith("tps"))
        latency = next(float(l.split("=")[1].split()[0]) for l in out.splitlines() if "latency average" in l)
        rows.append((f"a pilot's list (100 newest of {matches}) on {club + season} flights, 4 clients",
                     tps, "queries/s", f"latency {latency:.2f} ms"))
        rows += web_rows(fl, server, config, env, other, key, args.quick)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    width = max(len(r[0]) for r in rows)
    for name, value, unit, note in rows:
        print(f"{name:<{width}}  {value:>10.3f} {unit:<10} {note}")
    with open(os.path.join(ROOT, "benchmarks", "sync-results.json" if not args.quick else "/dev/null"), "w") as f:
        json.dump([{"name": r[0], "value": r[1], "unit": r[2], "note": r[3]} for r in rows], f, indent=2)


if __name__ == "__main__":
    main()
