# PyPTO's partial tile subscripts: fewer indices than axes select a window, the axes left out
# whole. `t[2]` of a [4, 8] tile is the row window [1, 8] (tiles keep two axes), `t[3] = r`
# writes a row, and `u[1, 2]` of a [2, 4, 8] tile is its [1, 8] row (the dropped axes leave a
# leading unit axis). Run on arange inputs: row 3 of `out` is row 2 of `a`, row 0 is `c`'s
# elements 1 * 32 + 2 * 8 = 48 ... 55, rows 1 and 2 are `a`'s.
# RUN: rm -rf %t && mkdir -p %t/in
# RUN: %python %S/../sim/Inputs/sim_expect.py save %t/in/a.npy float32 4,8
# RUN: %python %S/../sim/Inputs/sim_expect.py save %t/in/c.npy float32 2,4,8
# RUN: %ptoc fmt %s | FileCheck %s
# CHECK: r: {{.*}} = pl.tile.slice(t, [1, 8], [2, 0])
# CHECK: t: {{.*}} = pl.tile.assemble(t, r, [3, 0])
# CHECK: q: {{.*}} = pl.tile.reshape(pl.tile.slice(u, [1, 1, 8], [1, 2, 0]), [1, 8])
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s --check-prefix=SIM
# SIM: ran f in
# RUN: %python -c "import struct; d = open('%t/out/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<32f', d[10 + n:]); e = [48.0 + j for j in range(8)] + [8.0 + j for j in range(8)] + [16.0 + j for j in range(8)] + [16.0 + j for j in range(8)]; assert list(o) == e, o"
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(
    a: pl.Tensor[[4, 8], pl.FP32],
    c: pl.Tensor[[2, 4, 8], pl.FP32],
    out: pl.Out[pl.Tensor[[4, 8], pl.FP32]],
) -> pl.Tensor[[4, 8], pl.FP32]:
    t = pl.load(a, [0, 0], [4, 8])
    r: pl.Tile[[1, 8], pl.FP32] = t[2]
    t[3] = r
    u = pl.load(c, [0, 0, 0], [2, 4, 8])
    q: pl.Tile[[1, 8], pl.FP32] = u[1, 2]
    t[0] = q
    out = pl.store(t, [0, 0], out)
    return out
