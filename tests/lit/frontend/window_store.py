# PyPTO's window write `dst[a:b, c] = src` on a tensor (and on a tile with a slice) is
# dst = assemble(dst, src, offsets): a slice gives an offset (0 when left out) and an
# extent, an integer index a unit window whose axis the source does not have (the source
# is reshaped up to the target's rank), axes past the indices are whole. It reads the same
# as the explicit form (Inputs/window_store_explicit.py) and runs.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc equal %s %S/Inputs/window_store_explicit.py
# RUN: rm -rf %t.dir && %ptoc run %s --out %t.dir > /dev/null
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    a = pl.tensor.slice(x, [8, 64], [0, 0])
    # CHECK: out: {{.*}} = pl.tensor.assemble(out, a, [8, 0])
    out[8:16, :] = a
    # CHECK-NEXT: out: {{.*}} = pl.tensor.assemble(out, a, [0, 0])
    out[:8] = a
    r = pl.tensor.slice(x, [1, 64], [3, 0])
    row = pl.tensor.reshape(r, [64])
    for i in pl.range(2):
        # CHECK: out: {{.*}} = pl.tensor.assemble(out, pl.tensor.reshape(row, [1, 64]), [i + 4, 0])
        out[i + 4, :] = row
        h = pl.tensor.slice(x, [1, 32], [0, 0])
        # CHECK: out: {{.*}} = pl.tensor.assemble(out, h, [i, 32])
        out[i : i + 1, 32:64] = h
    t = pl.load(x, [0, 0], [16, 64])
    u = pl.load(x, [0, 0], [8, 64])
    # CHECK: t: {{.*}} = pl.tile.assemble(t, u, [8, 0])
    t[8:16, :] = u
    out = pl.store(t, [0, 0], out)
    return out
