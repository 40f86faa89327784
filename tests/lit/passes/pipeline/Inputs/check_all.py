#!/usr/bin/env python3
"""Runs the whole mixed-kernel split pipeline over every corpus program and example
and checks, with the simulator, that the lowered program computes bit-identical
outputs (`ptoc check`). Prints one line per program and a summary.

usage: check_all.py PTOC PASSES DIR...
"""
import subprocess
import sys
from pathlib import Path

ptoc, passes, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
ok = failed = 0
for d in dirs:
    for f in sorted(Path(d).glob("*.py")):
        text = f.read_text()
        if "import pypto.language" not in text:
            continue  # helper scripts (e.g. the corpus coverage checker)
        cmd = [ptoc, "check", str(f), "--passes=" + passes, "--verify-each"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode == 1 and "cannot choose the entry function" in r.stderr:
            # several independent kernels: check each function nobody calls
            names = r.stderr.split("error: cannot choose the entry function: ")[1].split(" are")[0]
            results = []
            for name in [n.strip() for n in names.split(",")]:
                results.append(subprocess.run(cmd + ["--entry", name], capture_output=True,
                                              text=True, timeout=120))
            bad = [x for x in results if x.returncode != 0]
            r = bad[0] if bad else results[0]
        if r.returncode == 0 and r.stdout.startswith("check ok"):
            ok += 1
            print(f"ok {f.name}")
        else:
            failed += 1
            print(f"FAIL {f.name} (exit {r.returncode}): {(r.stdout + r.stderr).strip()[:400]}")
print(f"checked {ok + failed} programs: {ok} ok, {failed} failed")
sys.exit(1 if failed else 0)
