# flightlog: build and install the recorder service and the CLI on Debian 12 / Raspberry Pi OS.
#   make            release build
#   sudo make install / sudo make uninstall
#   make deb        a Debian package for this machine's architecture: flightlog_<version>_<arch>.deb
#   make test-powercut  issue 38's power cut: a whole two-flight day at 3x under load (20-40 min, not in CI)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
UNITDIR ?= /etc/systemd/system
SYSUSERSDIR ?= /usr/lib/sysusers.d
TMPFILESDIR ?= /usr/lib/tmpfiles.d
UDEVDIR ?= /etc/udev/rules.d
CONFDIR ?= /etc/flightlog
DATADIR ?= $(PREFIX)/share/flightlog
# The USB stick script (flightlog-usb@.service runs it from here).
HELPERDIR ?= $(PREFIX)/lib/flightlog
SWIFT ?= swift
SHELL := /bin/bash
# The Swift runtime and Foundation linked in: the CLI starts in ~10 ms instead of ~22 ms, the daemon maps less.
BUILD_FLAGS ?= -c release --static-swift-stdlib

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build $(BUILD_FLAGS) --product flightlogd
	$(SWIFT) build $(BUILD_FLAGS) --product flightlog

install:
	@test -x "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/flightlogd" || { echo "run 'make' first (as your user)"; exit 1; }
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(TMPFILESDIR) \
		$(DESTDIR)$(UDEVDIR) $(DESTDIR)$(CONFDIR)
	install -m 0755 "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/flightlogd" $(DESTDIR)$(BINDIR)/flightlogd
	install -m 0755 "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/flightlog" $(DESTDIR)$(BINDIR)/flightlog
	install -d $(DESTDIR)$(DATADIR) $(DESTDIR)$(CONFDIR)/airfields
	install -m 0644 Sources/FlightLogStore/Airfields/Data/airfields.tsv $(DESTDIR)$(DATADIR)/airfields.tsv
	install -m 0644 systemd/flightlogd.service $(DESTDIR)$(UNITDIR)/flightlogd.service
	install -m 0644 systemd/flightlog-web.service $(DESTDIR)$(UNITDIR)/flightlog-web.service
	install -m 0644 systemd/flightlog-club-web.service $(DESTDIR)$(UNITDIR)/flightlog-club-web.service
	install -m 0644 systemd/flightlog-sync.service systemd/flightlog-sync.timer systemd/flightlog-sync.path $(DESTDIR)$(UNITDIR)/
	install -m 0644 systemd/flightlog-weglide.service systemd/flightlog-weglide.timer systemd/flightlog-weglide.path $(DESTDIR)$(UNITDIR)/
	install -m 0644 systemd/flightlog-prove.service systemd/flightlog-prove.timer systemd/flightlog-prove.path $(DESTDIR)$(UNITDIR)/
	install -m 0644 systemd/flightlog.sysusers $(DESTDIR)$(SYSUSERSDIR)/flightlog.conf
	install -m 0644 systemd/flightlog.tmpfiles $(DESTDIR)$(TMPFILESDIR)/flightlog.conf
	install -m 0644 systemd/90-flightlog-iio.rules $(DESTDIR)$(UDEVDIR)/90-flightlog-iio.rules
	install -d $(DESTDIR)$(HELPERDIR)
	install -m 0755 systemd/flightlog-usb $(DESTDIR)$(HELPERDIR)/flightlog-usb
	install -m 0644 systemd/flightlog-usb@.service $(DESTDIR)$(UNITDIR)/flightlog-usb@.service
	install -m 0644 systemd/90-flightlog-usb.rules $(DESTDIR)$(UDEVDIR)/90-flightlog-usb.rules
	test -e $(DESTDIR)$(CONFDIR)/flightlog.toml || install -m 0644 systemd/flightlog.toml.example $(DESTDIR)$(CONFDIR)/flightlog.toml
	@if [ -z "$(DESTDIR)" ]; then \
		systemd-sysusers flightlog.conf 2>/dev/null || systemd-sysusers; \
		systemd-tmpfiles --create $(TMPFILESDIR)/flightlog.conf; \
		udevadm control --reload && udevadm trigger --subsystem-match=iio || true; \
		echo "USB sticks: plugging one in writes the new flights to FLIGHTLOG/ on it (flightlog-usb@.service)"; \
		systemctl daemon-reload; \
		echo "enable with: systemctl enable --now flightlogd (and flightlog-web for the phone;" \
			"flightlog-sync.timer flightlog-sync.path for a club logbook;" \
			"flightlog-prove.timer flightlog-prove.path to finish contest searches left not proven)"; \
	fi

uninstall:
	-@if [ -z "$(DESTDIR)" ]; then systemctl disable --now flightlogd 2>/dev/null; fi
	rm -f $(DESTDIR)$(BINDIR)/flightlogd $(DESTDIR)$(BINDIR)/flightlog $(DESTDIR)$(UNITDIR)/flightlogd.service \
		$(DESTDIR)$(UNITDIR)/flightlog-web.service $(DESTDIR)$(UNITDIR)/flightlog-club-web.service \
		$(DESTDIR)$(UNITDIR)/flightlog-sync.service \
		$(DESTDIR)$(UNITDIR)/flightlog-sync.timer $(DESTDIR)$(UNITDIR)/flightlog-sync.path \
		$(DESTDIR)$(UNITDIR)/flightlog-weglide.service $(DESTDIR)$(UNITDIR)/flightlog-weglide.timer \
		$(DESTDIR)$(UNITDIR)/flightlog-weglide.path $(DESTDIR)$(UNITDIR)/flightlog-prove.service \
		$(DESTDIR)$(UNITDIR)/flightlog-prove.timer $(DESTDIR)$(UNITDIR)/flightlog-prove.path \
		$(DESTDIR)$(SYSUSERSDIR)/flightlog.conf $(DESTDIR)$(TMPFILESDIR)/flightlog.conf \
		$(DESTDIR)$(UDEVDIR)/90-flightlog-iio.rules $(DESTDIR)$(DATADIR)/airfields.tsv \
		$(DESTDIR)$(HELPERDIR)/flightlog-usb $(DESTDIR)$(UNITDIR)/flightlog-usb@.service \
		$(DESTDIR)$(UDEVDIR)/90-flightlog-usb.rules
	-rmdir $(DESTDIR)$(DATADIR) $(DESTDIR)$(HELPERDIR) 2>/dev/null
	-@if [ -z "$(DESTDIR)" ]; then systemctl daemon-reload; fi
	@echo "kept $(CONFDIR)/flightlog.toml, $(CONFDIR)/airfields, /var/lib/flightlog (the logbook) and the flightlog user"

.PHONY: deb test-deb
# A .deb of the release build (scripts/build-deb.sh): stripped executables, units, rules, man pages, completions.
deb: build
	SWIFT="$(SWIFT)" BUILD_FLAGS="$(BUILD_FLAGS)" MAKE="$(MAKE)" scripts/build-deb.sh
# Builds, lints (lintian), installs, runs and purges the package; as root on a throwaway machine (CI).
test-deb:
	scripts/test-deb.sh

.PHONY: bench bench-quick bench-sync profile
# Benchmarks side by side with aerofiles, gpxlogger and the sqlite3 CLI (benchmarks/run.py).
bench:
	python3 benchmarks/run.py
	FLIGHTLOG_BENCHMARK=1 $(SWIFT) test --filter FlightStoreBenchmarks
bench-quick:
	python3 benchmarks/run.py --quick
# The club sync: a season pushed to a PostgreSQL server it starts, pilots' list queries on it.
bench-sync:
	python3 benchmarks/sync.py
# Instruction profiles (callgrind) of start-up, list, export and import (benchmarks/profile.sh).
profile:
	benchmarks/profile.sh

.PHONY: check test test-long lint format
# The fast loop: build, then the unit and component tests (pure logic, real SQLite files, the recorder on a driven
# clock, the pages and reports); no root, network, gpsd or PostgreSQL. It leaves out the two targets that start whole
# systems: FlightLogEndToEndTests (the built executables, gpsd, libiio, Chromium) and FlightLogSyncTests (its own
# PostgreSQL server); `make test` runs everything. One test at a time, as CI runs all but the real-time replays
# (scripts/replay-suites, in processes of their own beside the rest): in parallel the process-spawning
# tests outran their time limits on 2 cores. Extra `swift test` arguments: make check ARGS='--filter Store'.
CHECK_SKIP := FlightLogEndToEndTests\.|FlightLogSyncTests\.
check:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel --skip '$(CHECK_SKIP)' $(ARGS)
# The test suite as CI runs it (scripts/test.sh: system packages, fuzz smoke, quick benchmark, swift test).
test:
	scripts/test.sh
# The real-time replay suites, named once in scripts/replay-suites (scripts/test.sh runs each beside the rest).
REPLAY_SUITES := $(shell grep -v '^\#' scripts/replay-suites | tr -s ' ' '\n' | grep . | paste -sd'|')
# The real-time replays with the long cases CI leaves out (FLIGHTLOG_LONG_TESTS=1): the GPS fix lost for good 4 min
# before the landing through the real gpsd and libiio (~10 min, mostly real time), the winch flight replayed whole
# and fast; and the 10,000-operation parallel use of one database (CI runs a third). One after the other.
test-long:
	$(SWIFT) build --build-tests
	. scripts/gpsfake-env.sh && FLIGHTLOG_LONG_TESTS=1 $(SWIFT) test --skip-build --no-parallel \
		--filter 'FlightLogEndToEndTests\.($(REPLAY_SUITES))/|ParallelUseTests'

.PHONY: test-powercut
# Issue 38's power cut on its own terms (GPSTimeAndCutDayTests, 20-40 min, not in CI): a whole two-flight day at 3x
# through the real gpsd and the fake-sysfs barometer, the power cut during the first roll-out for 10 minutes, the
# second take-off 4 minutes after the restart, with one CPU burner per core (at 5 below the test's niceness when
# allowed) beside it. POWERCUT_BURNERS=0 runs it on an idle machine; FLIGHTLOG_POWERCUT_FLIGHT=FILE.igc flies another
# file twice.
POWERCUT_BURNERS ?= $(shell nproc)
test-powercut:
	$(SWIFT) build --build-tests
	pids=; trap 'kill $$pids 2>/dev/null' EXIT; \
	for i in $$(seq 1 $(POWERCUT_BURNERS)); do \
		{ nice -n -5 true 2>/dev/null && exec nice -n -5 sh -c 'while :; do :; done' || exec sh -c 'while :; do :; done'; } & \
		pids="$$pids $$!"; \
	done; \
	. scripts/gpsfake-env.sh && FLIGHTLOG_POWERCUT=1 $(SWIFT) test --skip-build --no-parallel \
		--filter 'FlightLogEndToEndTests\.GPSTimeAndCutDayTests/'

.PHONY: hostile-db hostile-db-smoke
# The logbook file as outside input: every column of a real logbook given in turn values of other types, then read
# by list, show, stats, the task, airspace list and the IGC, PDF and stick exports; fails on a trap or a hang
# (scripts/hostile-columns.py, ~10 min). The smoke (one value per column, three commands) runs in scripts/test.sh.
hostile-db:
	$(SWIFT) build --product flightlog
	python3 scripts/hostile-columns.py
hostile-db-smoke:
	$(SWIFT) build --product flightlog
	python3 scripts/hostile-columns.py --quick

.PHONY: fuzz fuzz-smoke
# libFuzzer targets in Fuzz/ (scripts/fuzz.sh): FUZZ_SECONDS per target (default 600) or FUZZ_RUNS executions each;
# crashes are copied to Tests/FuzzCorpus/open/<target>/.
fuzz:
	scripts/fuzz.sh run
# 20,000 runs per target with a fixed seed (the same inputs on every machine), for CI (scripts/test.sh runs it; FLIGHTLOG_SKIP_FUZZ=1 skips it there).
fuzz-smoke:
	scripts/fuzz.sh smoke

# swift-format (the toolchain's `swift format`) with .swift-format: `make lint` fails on any warning (scripts/test.sh
# runs it); `make format` rewrites the files in place. Then the docs check (scripts/check-docs.py): every path the
# README and docs/ name exists, and docs/ARCHITECTURE.md describes every target of Package.swift.
FORMAT_PATHS := Package.swift Sources Tests Fuzz
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)
	python3 scripts/check-docs.py
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)
