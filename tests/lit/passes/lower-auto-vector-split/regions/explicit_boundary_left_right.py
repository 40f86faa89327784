# An explicit-boundary LEFT_RIGHT region with a V->C gather back to the cube
# (corpus 29 shape): spliced unchanged; the cube work after the region uses the
# gathered tile.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: s_h: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: p16: pl.Tile{{\[\[}}32, 32], pl.FP16, pl.Mem.Vec] = pl.tile.cast(pl.tile.exp(s_h), dtype=pl.FP16)
# CHECK-NEXT: p_mat: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Mat] = pl.tile.aic_gather(p16, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: p_l: {{.*}} = pl.tile.move(p_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: o: {{.*}} = pl.tile.matmul(p_l, v_r)
import pypto.language as pl


@pl.program
class ExplicitLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, q: pl.Tensor[[32, 32], pl.FP16], kt: pl.Tensor[[32, 64], pl.FP16],
          v: pl.Tensor[[64, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
        q_l = pl.move(pl.load(q, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        k_r = pl.move(pl.load(kt, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        v_r = pl.move(pl.load(v, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        s = pl.matmul(q_l, k_r)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            s_h = pl.aiv_shard(s)
            p16 = pl.cast(pl.exp(s_h), pl.FP16)
            p_mat = pl.aic_gather(p16)
        p_l = pl.move(p_mat, target_memory=pl.Mem.Left)
        o = pl.matmul(p_l, v_r)
        out_1 = pl.store(o, [0, 0], out)
        return out_1
