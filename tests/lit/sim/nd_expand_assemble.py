# N-D forms of PyPTO (issue 10): col_expand / row_expand of a 3-D tile broadcast each matrix's
# own row / column, and a lower-rank source assembles into the target's trailing axes (a
# [4, 16] chunk into a [2, 4, 16] tensor at [1, 0, 0], as tensor and tile assemble).
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# CHECK: ran k in
# RUN: %python -c "import struct; d = open('%t/c.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<32f', d[10 + n:]); e = [float(j) for b in range(2) for i in range(2) for j in range(8)]; assert list(o) == e, o"
# RUN: %python -c "import struct; d = open('%t/r.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<32f', d[10 + n:]); e = [float(b * 2 + i) for b in range(2) for i in range(2) for j in range(8)]; assert list(o) == e, o"
# RUN: %python -c "import struct; d = open('%t/a.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<128f', d[10 + n:]); assert o[:64] == (0.0,) * 64 and o[64:] == (3.0,) * 64, o"
# RUN: %python -c "import struct; d = open('%t/t.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<128f', d[10 + n:]); assert o[:64] == (5.0,) * 64 and o[64:] == (0.0,) * 64, o"
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff - %t.py
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(
    rows: pl.Tensor[[2, 1, 8], pl.FP32],
    cols: pl.Tensor[[2, 2, 1], pl.FP32],
    c: pl.Out[pl.Tensor[[2, 2, 8], pl.FP32]],
    r: pl.Out[pl.Tensor[[2, 2, 8], pl.FP32]],
    a: pl.Out[pl.Tensor[[2, 4, 16], pl.FP32]],
    t: pl.Out[pl.Tensor[[2, 4, 16], pl.FP32]],
) -> tuple[pl.Tensor[[2, 2, 8], pl.FP32], pl.Tensor[[2, 2, 8], pl.FP32], pl.Tensor[[2, 4, 16], pl.FP32], pl.Tensor[[2, 4, 16], pl.FP32]]:
    ramp = pl.tile.cast(pl.tile.ci(0, [1, 8], dtype=pl.INT32), target_type=pl.FP32)
    row3 = pl.tile.reshape(pl.tile.col_expand(pl.tile.full([2, 8], 0.0, dtype=pl.FP32), ramp), [2, 1, 8])
    c1 = pl.store(pl.tile.col_expand(pl.tile.full([2, 2, 8], 0.0, dtype=pl.FP32), row3), [0, 0, 0], c)
    idx = pl.tile.reshape(pl.tile.cast(pl.tile.ci(0, [1, 4], dtype=pl.INT32), target_type=pl.FP32), [2, 2, 1])
    r1 = pl.store(pl.tile.row_expand(pl.tile.full([2, 2, 8], 0.0, dtype=pl.FP32), idx), [0, 0, 0], r)
    chunk: pl.Tensor[[4, 16], pl.FP32] = pl.tensor.full([4, 16], 3.0, dtype=pl.FP32)
    a1 = pl.assemble(a, chunk, [1, 0, 0])
    big = pl.tile.full([2, 4, 16], 0.0, dtype=pl.FP32)
    big2 = pl.tile.assemble(big, pl.tile.full([4, 16], 5.0, dtype=pl.FP32), [0, 0, 0])
    t1 = pl.store(big2, [0, 0, 0], t)
    return c1, r1, a1, t1
