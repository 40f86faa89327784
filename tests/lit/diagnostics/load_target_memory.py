# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(y: pl.Tensor[[64, 32], pl.FP16]):
    # CHECK: load_target_memory.py:[[@LINE+1]]:38: error: keyword argument 'target_memory' of tile.load must be one of pl.Mem.Vec, pl.Mem.Mat; got pl.Mem.Right
    b = pl.load(y, [0, 0], [64, 32], target_memory=pl.Mem.Right)
