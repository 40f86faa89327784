"""Fails with a diff and the regenerate command when a committed generated file is stale.

usage: compare_generated.py COMMITTED GENERATED REGENERATE_COMMAND
"""
import difflib
import sys

committed, generated, command = sys.argv[1], sys.argv[2], sys.argv[3]
with open(committed, encoding="utf-8") as f:
    want = f.read().splitlines(keepends=True)
with open(generated, encoding="utf-8") as f:
    got = f.read().splitlines(keepends=True)
if want != got:
    sys.stdout.writelines(difflib.unified_diff(want, got, committed, "generated"))
    print(f"\nerror: {committed} differs from what the registry generates; regenerate it with:\n"
          f"  {command}")
    sys.exit(1)
