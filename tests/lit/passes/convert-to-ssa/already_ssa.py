# An SSA program (explicit init_values / pl.yield_, an if that yields, a while_
# loop) comes out structurally equal, and a second run changes nothing.
# RUN: %ptoc opt %s --passes=convert-to-ssa --verify-each > %t
# RUN: %ptoc equal %s %t
# RUN: %ptoc opt %t --passes=convert-to-ssa,convert-to-ssa --verify-each > %t2
# RUN: %ptoc equal %t %t2
# RUN: %ptoc check %s --passes=convert-to-ssa
# RUN: not %ptoc equal %s %S/Inputs/not_ssa.py
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], use_max: pl.Scalar[pl.BOOL],
      n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    zero = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i, (acc,) in pl.range(4, init_values=(zero,)):
        blk = pl.load(x, [i * 16, 0], [16, 64])
        nxt = pl.add(acc, blk)
        total = pl.yield_(nxt)
    for (k, steps) in pl.while_(init_values=(n, 0)):
        pl.cond(k > 8)
        k2 = k // 2
        steps2 = steps + 1
        k_out, steps_out = pl.yield_(k2, steps2)
    if use_max:
        res = pl.yield_(total)
    else:
        avg = pl.mul(total, pl.cast(steps_out, pl.FP32))
        res = pl.yield_(avg)
    out = pl.store(res, [0, 0], y)
    return out
