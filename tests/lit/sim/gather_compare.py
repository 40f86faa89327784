# tile.gather_compare (PyPTO's compare-form tgather): per row, the column indices (+ offset) of
# the elements that compare true against kvalue, in increasing order, out_cols of them (the
# rest 0 here), and each row's match count. x = 0..15 on each row; x > 11 matches 12..15.
# A kvalue of another dtype than the source is rejected at the call; codegen reports the op.
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# CHECK: ran k in
# RUN: %python -c "import struct; d = open('%t/d.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<16i', d[10 + n:]); assert list(o) == [112, 113, 114, 115, 0, 0, 0, 0] * 2, o"
# RUN: %python -c "import struct; d = open('%t/c.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<2i', d[10 + n:]); assert list(o) == [4, 4], o"
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
# FMT: = pl.tile.gather_compare(x, pl.const(11, pl.INT32), tmp, cmp_mode=4, offset=100, out_cols=8)
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff - %t.py
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s --check-prefix=PTO
# PTO: error: tile.gather_compare has no PTO emitter
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(
    d: pl.Out[pl.Tensor[[2, 8], pl.INT32]], c: pl.Out[pl.Tensor[[1, 2], pl.INT32]]
) -> tuple[pl.Tensor[[2, 8], pl.INT32], pl.Tensor[[1, 2], pl.INT32]]:
    ramp = pl.tile.ci(0, [1, 16], dtype=pl.INT32)
    x = pl.tile.col_expand(pl.tile.full([2, 16], 0, dtype=pl.INT32), ramp)
    tmp = pl.tile.create([2, 16], dtype=pl.UINT8)
    dst, cnt = pl.tile.gather_compare(x, 11, tmp, cmp_mode="gt", offset=100, out_cols=8)
    d1 = pl.store(dst, [0, 0], d)
    c1 = pl.store(cnt, [0, 0], c)
    return d1, c1
