# Explicit-boundary region under name_hint="qk" and pl.cross_core_slot(slot_num=4), in SSA form (tests/corpus/26_cross_core_slot_shard.py
# with every name assigned once, as convert-to-ssa will hand it to this pass).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class QkShard:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)], name_hint="qk"):
            q_mat = pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
            k_mat = pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
            q_l = pl.move(q_mat, target_memory=pl.Mem.Left)
            k_r = pl.move(k_mat, target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                qk_h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(qk)
                sc = pl.mul(qk_h, 0.125)
                out_1 = pl.store(sc, [aiv_id * 32, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class QkShard:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def qk(self, q: pl.Tensor{{\[\[}}64, 128], pl.FP16], kt: pl.Tensor{{\[\[}}128, 128], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 128], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "slot_num": 4})
# CHECK-NEXT:         q_mat: {{.*}} = pl.tile.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT:         k_mat: {{.*}} = pl.tile.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT:         q_l: {{.*}} = pl.tile.move(q_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT:         k_r: {{.*}} = pl.tile.move(k_mat, target_memory=pl.Mem.Right)
# CHECK-NEXT:         qk: {{.*}} = pl.tile.matmul(q_l, k_r)
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT:             qk_h: {{.*}} = pl.tile.aiv_shard(qk, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT:             sc: {{.*}} = pl.tile.muls(qk_h, 0.125)
# CHECK-NEXT:             out_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tile.store(sc, [aiv_id * 32, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, q: pl.Tensor{{\[\[}}64, 128], pl.FP16], kt: pl.Tensor{{\[\[}}128, 128], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 128], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = self.qk(q, kt, out)
# CHECK-NEXT:         return out_1
