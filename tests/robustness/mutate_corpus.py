#!/usr/bin/env python3
"""Robustness: mutate every corpus program at random positions and run `ptoc fmt`
on each variant. ptoc must exit 0 (accepted) or 1 (diagnosed) — never crash, hang
or report an internal error (status 2). Deterministic for a given --seed.

usage: mutate_corpus.py PTOC CORPUS_DIR [--variants-per-file N] [--seed S]
"""
import random
import subprocess
import sys
from pathlib import Path

TOKENS = [b"(", b")", b"[", b"]", b":", b",", b"=", b"pl.", b"    ", b"\n", b"\t", b"#", b'"',
          b"'", b"\\", b"for ", b"if ", b"else:", b"pl.yield_(", b"pl.range(", b"-", b"**", b"1e999",
          b"99999999999999999999", b"\xff", b"\x00", b"pl.Tile[[", b"pl.Mem.", b"return ", b"self."]


def mutate(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not b:
            b += rng.choice(TOKENS)
            continue
        pos = rng.randrange(len(b))
        kind = rng.randrange(7)
        if kind == 0:    # delete a span
            del b[pos:pos + rng.randint(1, 12)]
        elif kind == 1:  # insert a token
            b[pos:pos] = rng.choice(TOKENS)
        elif kind == 2:  # replace a byte
            b[pos] = rng.randrange(256)
        elif kind == 3:  # duplicate a span
            span = b[pos:pos + rng.randint(1, 40)]
            b[pos:pos] = span
        elif kind == 4:  # truncate
            del b[pos:]
        elif kind == 5:  # swap two lines
            lines = bytes(b).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            b = bytearray(b"\n".join(lines))
        else:            # change indentation of a line
            lines = bytes(b).split(b"\n")
            i = rng.randrange(len(lines))
            lines[i] = b" " * rng.randint(0, 13) + lines[i].lstrip(b" ")
            b = bytearray(b"\n".join(lines))
    return bytes(b)


def main(argv):
    ptoc, corpus = argv[0], Path(argv[1])
    per_file = int(argv[argv.index("--variants-per-file") + 1]) if "--variants-per-file" in argv else 30
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 1
    rng = random.Random(seed)
    files = sorted(corpus.glob("*.py")) + sorted((corpus / "pairs").glob("*.py"))
    files = [f for f in files if f.name[0].isdigit() or f.parent.name == "pairs"]
    counts = {0: 0, 1: 0}
    failures = []
    for f in files:
        data = f.read_bytes()
        for k in range(per_file):
            variant = mutate(data, rng)
            try:
                r = subprocess.run([ptoc, "fmt", "-"], input=variant, capture_output=True, timeout=20)
            except subprocess.TimeoutExpired:
                failures.append((f.name, k, "hang (timeout)", variant))
                continue
            err = r.stderr.decode("utf-8", "replace")
            if r.returncode not in (0, 1) or "internal error" in err:
                failures.append((f.name, k, f"exit {r.returncode}: {err[-400:]}", variant))
            elif r.returncode == 1 and ": error: " not in err:
                failures.append((f.name, k, "exit 1 without a diagnostic", variant))
            else:
                counts[r.returncode] += 1
    total = sum(counts.values()) + len(failures)
    for name, k, why, variant in failures[:10]:
        out = Path(f"mutant-{name}-{k}.py")
        out.write_bytes(variant)
        print(f"FAIL {name} variant {k}: {why} (saved as {out})")
    print(f"{total} variants: {counts[0]} accepted, {counts[1]} diagnosed, {len(failures)} failures")
    print(f"{total - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
