# An annotated pl.yield_ target (PyPTO's printer writes one) must agree with the value.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    acc0 = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i, (acc,) in pl.range(4, init_values=(acc0,)):
        t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        nxt = pl.add(acc, t)
        acc_out: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.yield_(nxt)
    y = pl.store(acc_out, [0, 0], y)
    return y
