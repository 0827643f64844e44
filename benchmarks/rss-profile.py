#!/usr/bin/env python3
"""Where a running process's resident memory is: which mappings, and inside its own (static) executable which
ELF sections and which libraries' symbols the resident pages belong to.

    sudo python3 benchmarks/rss-profile.py PID [--top 15]

Reads /proc/PID/maps and /proc/PID/pagemap (root: present bits only need CAP_SYS_ADMIN for PFNs, not for the
present bit) and the executable's section and symbol tables (`nm`). A symbol's library is guessed from its
mangled module name (Swift `$s<len><Module>`), or `icu` for ICU's data and code, else `C/other`.
"""
import argparse
import bisect
import collections
import os
import re
import struct
import subprocess

PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_pages(pid, start, end):
    """Addresses of the resident pages in [start, end)."""
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(start // PAGE * 8)
        data = f.read((end - start) // PAGE * 8)
    out = []
    for i in range(len(data) // 8):
        (entry,) = struct.unpack_from("<Q", data, i * 8)
        if entry & (1 << 63):
            out.append(start + i * PAGE)
    return out


def sections(path):
    """(file offset, size, name) of the allocated sections."""
    text = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True, check=True).stdout
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if m and int(m.group(2), 16):
            out.append((int(m.group(2), 16), int(m.group(4), 16), m.group(1)))
    return sorted(out)


def owner_of(symbol):
    if "icu" in symbol.lower() or symbol.startswith("u_") or "_74" in symbol:
        return "icu"
    m = re.match(r"\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", symbol)
    if m:
        n = int(m.group(1))
        return m.group(2)[:n]
    if symbol.startswith("sqlite3"):
        return "sqlite3"
    if symbol.startswith("swift_") or symbol.startswith("_swift"):
        return "swiftCore runtime"
    return "C/other"


def symbols(path):
    """Sorted (virtual address, size, owner)."""
    text = subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True, text=True).stdout
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 4:
            out.append((int(parts[0], 16), int(parts[1], 16), owner_of(parts[3])))
    return sorted(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pid", type=int)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    exe = os.readlink(f"/proc/{args.pid}/exe")
    by_mapping = collections.Counter()
    exe_pages = []  # (address, file offset)
    exe_base = None
    with open(f"/proc/{args.pid}/maps") as f:
        for line in f:
            parts = line.split()
            start, end = (int(x, 16) for x in parts[0].split("-"))
            name = parts[5] if len(parts) > 5 else "[anon]"
            pages = resident_pages(args.pid, start, end)
            by_mapping[name] += len(pages) * PAGE
            if name == exe:
                offset = int(parts[2], 16)
                if exe_base is None:
                    exe_base = start - offset
                exe_pages += [(p, p - start + offset) for p in pages]
    total = sum(by_mapping.values())
    print(f"resident {total / 1e6:.1f} MB in pid {args.pid} ({exe})")
    for name, size in by_mapping.most_common(args.top):
        print(f"  {size / 1e6:7.2f} MB  {name}")
    secs = sections(exe)
    by_section = collections.Counter()
    for _, off in exe_pages:
        i = bisect.bisect_right([s[0] for s in secs], off) - 1
        by_section[secs[i][2] if i >= 0 and off < secs[i][0] + secs[i][1] + PAGE else "?"] += PAGE
    print("executable pages by section:")
    for name, size in by_section.most_common(args.top):
        print(f"  {size / 1e6:7.2f} MB  {name}")
    syms = symbols(exe)
    starts = [s[0] for s in syms]
    by_owner = collections.Counter()
    # Virtual addresses in nm are link-time; for a PIE add the load base.
    base = exe_base if syms and syms[0][0] < 0x1000000 and exe_base and exe_base > 0x1000000 else 0
    for address, _ in exe_pages:
        owners = collections.Counter()
        lo = bisect.bisect_left(starts, address - base - (1 << 20))
        for j in range(lo, len(syms)):
            s_addr, s_size, owner = syms[j]
            if s_addr >= address - base + PAGE:
                break
            overlap = min(s_addr + s_size, address - base + PAGE) - max(s_addr, address - base)
            if overlap > 0:
                owners[owner] += overlap
        by_owner[owners.most_common(1)[0][0] if owners else "(no symbol)"] += PAGE
    print("executable pages by owner of most of the page:")
    for name, size in by_owner.most_common(args.top):
        print(f"  {size / 1e6:7.2f} MB  {name}")


if __name__ == "__main__":
    main()
