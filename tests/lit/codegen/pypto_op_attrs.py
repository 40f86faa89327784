# PyPTO op keyword arguments that reach the PTO text: high_precision=True on tdiv / trecip /
# tlog appends {precisionType = #pto<..._precision high_precision>} after outs; an atomic
# store (atomic=pl.AtomicType.Add) appends {atomicType = #pto<atomic_type atomic_add>}; a plain
# one neither. tile.row_expand_add takes PTOAS's optional scratch tile.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s
# CHECK-LABEL: func.func @vec(
# CHECK: pto.tdiv ins({{.*}}) outs({{.*}}) {precisionType = #pto<div_precision high_precision>}
# CHECK: pto.trecip ins({{.*}}) outs({{.*}}) {precisionType = #pto<recip_precision high_precision>}
# CHECK: pto.tlog ins({{.*}}) outs({{[^{]*}}){{$}}
# CHECK: pto.trowexpandadd ins(%g, %col, %tmp :
# CHECK: pto.tstore ins({{.*}}) outs({{.*}}) {atomicType = #pto<atomic_type atomic_add>}
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def vec(x: pl.Tensor[[16, 64], pl.FP32], y: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    d = pl.tile.div(t, t, high_precision=True)
    r = pl.tile.recip(d, high_precision=True)
    g = pl.tile.log(r)
    col = pl.load(x, [0, 0], [16, 1])
    tmp = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    e = pl.tile.row_expand_add(g, col, tmp)
    y1 = pl.store(e, [0, 0], y, atomic=pl.AtomicType.Add)
    return y1
