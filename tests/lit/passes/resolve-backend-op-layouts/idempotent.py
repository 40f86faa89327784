# Running the pass twice gives the same program as running it once.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts > %t.once.py
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts,resolve-backend-op-layouts > %t.twice.py
# RUN: %ptoc equal %t.once.py %t.twice.py
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts,resolve-backend-op-layouts
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 1], pl.FP32], y: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 1], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
    a = pl.load(x, [0, 0], [16, 1])
    c = pl.exp(a)
    m = pl.load(y, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    v = pl.move(m, target_memory=pl.Mem.Vec)
    w = pl.muls(v, 2.0)
    o = pl.store(c, [0, 0], out)
    o2 = pl.store(w, [0, 0], out2)
    return o, o2
