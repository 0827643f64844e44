#!/usr/bin/env python3
"""Checks that the docs name only what exists (make lint runs it).

- Every relative link in README.md and docs/*.md points at a file or folder of the tree.
- Every path in backticks that starts at the repository root (Sources/, Tests/, scripts/, docs/, ...) exists,
  unless git ignores it (an output such as artifacts/ or .build-…/).
- Every file named in backticks by a partial path or its name alone (`Commands/Export.swift`, `FlightStore.swift`)
  is some file of the tree.
- Every target in Package.swift is named in docs/ARCHITECTURE.md.
- FlightLogCore imports what docs/ARCHITECTURE.md says, the C library alone (Glibc or Darwin): no Foundation.
Prints one line per fault and exits 1 if there is any.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOTED = ("Sources/", "Tests/", "scripts/", "docs/", "systemd/", "samples/", "benchmarks/", "Fuzz/", "packaging/",
          ".ci/", "Package.swift", "Makefile")
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")
FILE = re.compile(r"^[A-Za-z0-9_+./-]+\.(swift|sh|md|service|timer|path|rules)$")
IMPORT = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
CORE_IMPORTS = {"Glibc", "Darwin"}
TARGET = re.compile(r"\.(?:target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*\"([^\"]+)\"")


def ignored(path):
    """True when git ignores the path (a build output the docs may name)."""
    return subprocess.run(["git", "-C", ROOT, "check-ignore", "-q", path]).returncode == 0


def tree_files():
    """Every file of the work tree (not build outputs), as paths from the root."""
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return [path for path in listed if path and os.path.exists(os.path.join(ROOT, path))]


def named_file_exists(token, files):
    return any(path == token or path.endswith("/" + token) for path in files)


def faults_in(doc, files):
    faults = []
    here = os.path.dirname(doc)
    in_fence = False
    for number, line in enumerate(open(doc, encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            path = os.path.normpath(os.path.join(here, target.split("#")[0]))
            if not os.path.exists(path):
                faults.append(f"{os.path.relpath(doc, ROOT)}:{number}: link to missing {target}")
        if in_fence:
            continue
        for token in CODE.findall(line):
            token = re.sub(r":[0-9][0-9,-]*$", "", token)  # a line reference
            if not token.startswith(ROOTED):
                if FILE.match(token) and not token.startswith(("/", ".")) and not named_file_exists(token, files):
                    faults.append(f"{os.path.relpath(doc, ROOT)}:{number}: names missing file {token}")
                continue
            if re.search(r"[*<>{}…$]|\.\.\.", token):
                continue
            if not os.path.exists(os.path.join(ROOT, token)) and not ignored(token):
                faults.append(f"{os.path.relpath(doc, ROOT)}:{number}: names missing path {token}")
    return faults


def core_import_faults():
    """An import in FlightLogCore other than the C library (the fuzz targets compile its files on their own)."""
    faults = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "FlightLogCore", "**", "*.swift"), recursive=True)):
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            module = IMPORT.match(line)
            if module and module.group(1) not in CORE_IMPORTS:
                faults.append(f"{os.path.relpath(path, ROOT)}:{number}: FlightLogCore imports {module.group(1)} "
                              f"(only {' or '.join(sorted(CORE_IMPORTS))}: docs/ARCHITECTURE.md)")
    return faults


def main():
    docs = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    files = tree_files()
    faults = [fault for doc in docs for fault in faults_in(doc, files)] + core_import_faults()
    architecture = open(os.path.join(ROOT, "docs", "ARCHITECTURE.md"), encoding="utf-8").read()
    package = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    for name in TARGET.findall(package):
        if not re.search(r"(?<![A-Za-z0-9-])" + re.escape(name) + r"(?![A-Za-z0-9-])", architecture):
            faults.append(f"docs/ARCHITECTURE.md: Package.swift target {name} is not described")
    for fault in faults:
        print(fault)
    if faults:
        print(f"check-docs: {len(faults)} fault(s): fix the doc, or the path it names")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
