# LEFT_RIGHT explicit region with aic_gather in a plain pl.at scope, in SSA form (tests/corpus/29_split_aiv_left_right_pv.py
# with every name assigned once, as convert-to-ssa will hand it to this pass).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class QkPvLeftRight:
    @pl.function
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             v: pl.Tensor[[128, 64], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                s_h: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(s)
                p_h = pl.exp(pl.mul(s_h, 0.125))
                p16 = pl.tile.cast(p_h, dtype=pl.FP16)
                p_mat: pl.Tile[[64, 128], pl.FP16, pl.Mem.Mat] = pl.aic_gather(p16)
            p_l = pl.move(p_mat, target_memory=pl.Mem.Left)
            v_r = pl.move(pl.load(v, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            o = pl.matmul(p_l, v_r)
            out_1 = pl.store(o, [0, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class QkPvLeftRight:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, q: pl.Tensor{{\[\[}}64, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], v: pl.Tensor{{\[\[}}128, 64], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}64, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
# CHECK-NEXT:         q_l: {{.*}} = pl.tile.move(pl.tile.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
# CHECK-NEXT:         k_r: {{.*}} = pl.tile.move(pl.tile.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
# CHECK-NEXT:         s: {{.*}} = pl.tile.matmul(q_l, k_r)
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
# CHECK-NEXT:             s_h: {{.*}} = pl.tile.aiv_shard(s, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT:             p_h: {{.*}} = pl.tile.exp(pl.tile.muls(s_h, 0.125))
# CHECK-NEXT:             p16: {{.*}} = pl.tile.cast(p_h, dtype=pl.FP16)
# CHECK-NEXT:             p_mat: {{.*}} = pl.tile.aic_gather(p16, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT:         p_l: {{.*}} = pl.tile.move(p_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT:         v_r: {{.*}} = pl.tile.move(pl.tile.load(v, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
# CHECK-NEXT:         o: {{.*}} = pl.tile.matmul(p_l, v_r)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tile.store(o, [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, q: pl.Tensor{{\[\[}}64, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], v: pl.Tensor{{\[\[}}128, 64], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}64, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}64, 64], pl.FP32] = self.main_incore_0(q, kt, v, out)
# CHECK-NEXT:         return out_1
