#!/usr/bin/env python3
"""Chosen inputs for `ptoc check --inputs DIR` / `ptoc run --inputs DIR` without numpy.

  npy.py write DIR NAME DTYPE N V1,V2,...   N elements (0 = a 0-d scalar), the values repeated
                                            cyclically; DTYPE f4 | i4 | i8 | b1; values may be
                                            nan, inf, -inf, -0.0
  npy.py show FILE [COUNT]                   the first COUNT elements as `i: value` lines
                                            (floats with their sign: -0.0, nan)
"""
import math
import os
import struct
import sys

CODES = {"f4": ("<f4", "f"), "i4": ("<i4", "i"), "i8": ("<i8", "q"), "b1": ("|b1", "?")}


def write(d, name, dt, n, values):
    descr, code = CODES[dt]
    n = int(n)
    vals = [float(v) if dt == "f4" else (v.lower() in ("1", "true") if dt == "b1" else int(v))
            for v in values.split(",")]
    shape = "()" if n == 0 else "(%d,)" % n
    count = max(n, 1)
    data = b"".join(struct.pack("<" + code, vals[k % len(vals)]) for k in range(count))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name + ".npy"), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


def show(path, count=None):
    raw = open(path, "rb").read()
    hlen = struct.unpack("<H", raw[8:10])[0]
    header = raw[10:10 + hlen].decode()
    descr = header.split("'descr': '")[1].split("'")[0]
    code = {v[0]: v[1] for v in CODES.values()}[descr]
    size = struct.calcsize(code)
    body = raw[10 + hlen:]
    n = len(body) // size
    if count is not None:
        n = min(n, int(count))
    for k in range(n):
        (v,) = struct.unpack("<" + code, body[k * size:(k + 1) * size])
        if code == "f":
            v = "nan" if math.isnan(v) else ("-0.0" if v == 0 and math.copysign(1, v) < 0 else v)
        print("%d: %s" % (k, v))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(*sys.argv[2:7])
    else:
        show(*sys.argv[2:])
