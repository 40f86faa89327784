# A tile in Left (L0A) cannot be read by a vector op: nothing moves data out of Left.
# RUN: not %ptoc opt %s --passes=infer-tile-memory-space 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    m = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    l = pl.move(m, target_memory=pl.Mem.Left)
    # CHECK: diag_no_path_out_of_left.py:[[@LINE+2]]:5: error: tile.add needs argument 'lhs' in Vec memory, but 'l' lives in Left, which no data path leaves
    # CHECK: hint: Left only feeds the cube unit
    s = pl.add(l, l)
    o = pl.store(s, [0, 0], out)
    return o
