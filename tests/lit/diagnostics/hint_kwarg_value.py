# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP16]):
# CHECK: hint_kwarg_value.py:[[@LINE+2]]:38: error: keyword argument 'target_memory' of tile.load must be one of pl.Mem.Vec, pl.Mem.Mat; got pl.Mem.Left
# CHECK: hint: use target_memory=pl.Mem.Mat, then pl.move(t, target_memory=pl.Mem.Left)
    t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Left)
