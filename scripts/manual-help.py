#!/usr/bin/env python3
"""Mends `--experimental-dump-help` JSON (stdin -> stdout) for argument-parser's generate-manual (build-deb.sh).

generate-manual drops every non-ASCII character, so each one becomes the ASCII mark ZzU<hex>zZ, which build-deb.sh
turns into the groff/mandoc escape \\[u<hex>]. A command whose only subcommand is the built-in `help` (flightlogd)
loses it, so its page does not read `flightlogd subcommand`.
"""
import json
import re
import sys

info = json.load(sys.stdin)
command = info["command"]
if [sub["commandName"] for sub in command.get("subcommands", [])] == ["help"]:
    del command["subcommands"]
text = json.dumps(info, ensure_ascii=False)
sys.stdout.write(re.sub(r"[^\x00-\x7f]", lambda m: "ZzU%04XzZ" % ord(m.group()), text))
