#!/usr/bin/env bash
# Checks that adding a node kind is a compile error at every walker that does not
# handle it (docs/ir.md). Compiles every translation unit of the build with
# -fsyntax-only and -DPTOC_CHECK_DUMMY_NODE, which adds a statement kind `Dummy` that
# no walker knows, and lists the files that fail (and, with -v, the first error of each).
# Generic code (equality, hashing, default visitor/mutator recursion) must compile;
# exhaustive walkers (switches without default, functors) must not.
# Usage: scripts/check-node-kinds.sh [-v] [BUILD_DIR]   (needs compile_commands.json)
set -uo pipefail
verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
build="${1:-build}"
db="$build/compile_commands.json"
[ -f "$db" ] || { echo "no $db: configure the build first" >&2; exit 2; }
python3 - "$db" "$verbose" <<'PY'
import json, shlex, subprocess, sys
db, verbose = sys.argv[1], sys.argv[2] == "1"
failed = []
for entry in json.load(open(db)):
    f = entry["file"]
    if "/tests/" in f or "/bench/" in f or "/fuzz/" in f:
        continue
    args = shlex.split(entry["command"])
    if args[0].endswith("ccache"):
        args = args[1:]
    out = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT"):
            skip = True
            continue
        if a in ("-c", "-MD"):
            continue
        out.append(a)
    out += ["-fsyntax-only", "-DPTOC_CHECK_DUMMY_NODE", "-fmax-errors=1"]
    r = subprocess.run(out, cwd=entry["directory"], capture_output=True, text=True)
    if r.returncode != 0:
        failed.append(f)
        first = next((l for l in r.stderr.splitlines() if "error" in l), "")
        print(f"breaks: {f}" + (f"\n    {first}" if verbose else ""))
print(f"{len(failed)} file(s) do not compile with a dummy statement kind")
PY
