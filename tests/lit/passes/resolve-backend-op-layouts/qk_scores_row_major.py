# examples/qk_matmul_split.py after outlining: the Acc -> Vec move (the fixpipe, which writes
# ND on its way out of L0C: ptoas-facts §4.5) feeds row-major readers, so the move itself
# delivers row-major and no Vec -> Vec repair move follows; every later op reads row-major
# results and needs nothing.
# RUN: %ptoc opt %s --passes=resolve-backend-op-layouts --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=resolve-backend-op-layouts
# CHECK: s: pl.Tile{{\[\[}}128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(scores, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: s1: {{.*}}pl.Mem.Vec] = pl.tile.muls(s, scale)
# CHECK-NEXT: pl.tile.row_max(s1)
# CHECK-NOT: pl.tile.move
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def main_incore_0(q: pl.Tensor[[128, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16], scale: pl.Scalar[pl.FP32], p: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    q_mat = pl.load(q, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
    k_mat = pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
    q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
    k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
    scores = pl.matmul(q_l, k_r)
    s = pl.move(scores, target_memory=pl.Mem.Vec)
    s1 = pl.mul(s, scale)
    m = pl.row_max(s1)
    d = pl.row_expand_sub(s1, m)
    e = pl.exp(d)
    t = pl.row_sum(e)
    probs = pl.row_expand_div(e, t)
    o = pl.store(probs, [0, 0], p)
    return o
