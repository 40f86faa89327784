# The front end accepts an operand outside the op's memory spaces (infer-tile-memory-space
# inserts the move); a pass that requires TileMemoryInferred rejects it on its input.
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP16], y: pl.Tensor[[64, 32], pl.FP16]):
    a = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
    b = pl.load(y, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    br = pl.move(b, target_memory=pl.Mem.Right)
    # FMT: pl.tile.matmul(a, br)
    # CHECK: matmul_memory.py:[[@LINE+3]]:9: error: property TileMemoryInferred violated in function 'f': argument 'lhs' (a) of tile.matmul must be in Left memory, got Mat
    # CHECK: hint: run infer-tile-memory-space, or insert pl.move(a, target_memory=pl.Mem.Left)
    # CHECK: error: pass 'lower-auto-vector-split' requires property TileMemoryInferred
    c = pl.tile.matmul(a, br)
