# RUN: %ptoc fmt %s | FileCheck %s
# RUN: not %ptoc fmt %S/Inputs/yield_annotated_bad.py 2>&1 | FileCheck %s --check-prefix=BAD
# An annotated pl.yield_ target (PyPTO's printer writes one) must agree with the value.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    acc0 = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
    for i, (acc,) in pl.range(4, init_values=(acc0,)):
        t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        nxt = pl.add(acc, t)
        # CHECK: acc_out = pl.yield_(nxt)
        acc_out: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
    y = pl.store(acc_out, [0, 0], y)
    return y
# BAD: yield_annotated_bad.py:12:18: error: type annotation Tile{{.*}}FP16{{.*}} disagrees with the deduced type Tile{{.*}}FP32
