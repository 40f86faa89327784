# PyPTO's loop keywords: attrs={...} on pl.range / pl.parallel / pl.unroll / pl.pipeline (kept
# and printed back, read by no ptoc pass), and pl.pipeline's stage= as any compile-time
# integer (a module constant too).
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc run %s --seed 1 | FileCheck %s --check-prefix=SIM
import pypto.language as pl

STAGES = 2


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    # CHECK: for i, (o,) in pl.pipeline(4, init_values=(out,), stage=2, attrs={"pipeline_overlap_stores": False}):
    for i, (o,) in pl.pipeline(4, stage=STAGES, init_values=(out,), attrs={"pipeline_overlap_stores": False}):
        t = pl.load(x, [i * 16, 0], [16, 64])
        o2 = pl.store(pl.add(t, t), [i * 16, 0], o)
        r = pl.yield_(o2)
    # CHECK: for j in pl.range(2, attrs={"note": "x"}):
    for j in pl.range(2, attrs={"note": "x"}):
        pass
    return r
# SIM: ran f in
