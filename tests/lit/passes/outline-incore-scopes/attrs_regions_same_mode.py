# A scope holding pl.split_aiv regions that all use one mode: "split_aiv": True plus that
# mode as the representative "split", then "slot_num" from pl.cross_core_slot. The regions
# stay inside the outlined body, and the printed function parses back to itself (its
# "split_aiv" attr keeps the bare regions from being re-wrapped in a scope).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 4 output(s)
import pypto.language as pl


@pl.program
class SameMode:
    @pl.function
    def main(self, q: pl.Tensor[[64, 128], pl.FP16], kt: pl.Tensor[[128, 128], pl.FP16],
             x: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
             y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]
             ) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)]):
            q_l = pl.move(pl.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            qk = pl.matmul(q_l, k_r)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                qk_h: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec] = pl.aiv_shard(qk)
                sc = pl.mul(qk_h, 0.125)
                out_1 = pl.store(sc, [aiv_id * 32, 0], out)
            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [0, 0], [64, 128])
                y_1 = pl.store(pl.exp(t), [0, 0], y)
        return out_1, y_1

# CHECK:      @pl.program
# CHECK-NEXT: class SameMode:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, q: pl.Tensor{{\[\[}}64, 128], pl.FP16], kt: pl.Tensor{{\[\[}}128, 128], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]], x: pl.Tensor{{\[\[}}64, 128], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}64, 128], pl.FP32], pl.Tensor{{\[\[}}64, 128], pl.FP32]]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True, "slot_num": 4})
# CHECK-NEXT:         q_l: {{.*}} = pl.tile.move(pl.tile.load(q, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
# CHECK-NEXT:         k_r: {{.*}} = pl.tile.move(pl.tile.load(kt, [0, 0], [128, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
# CHECK-NEXT:         qk: {{.*}} = pl.tile.matmul(q_l, k_r)
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT:             qk_h: {{.*}} = pl.tile.aiv_shard(qk, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT:             sc: {{.*}} = pl.tile.muls(qk_h, 0.125)
# CHECK-NEXT:             out_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tile.store(sc, [aiv_id * 32, 0], out)
# CHECK-NEXT:         for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT:             t: {{.*}} = pl.tile.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
# CHECK-NEXT:             y_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tile.store(pl.tile.exp(t), [0, 0], y)
# CHECK-NEXT:         return out, y
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, q: pl.Tensor{{\[\[}}64, 128], pl.FP16], kt: pl.Tensor{{\[\[}}128, 128], pl.FP16], x: pl.Tensor{{\[\[}}64, 128], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]], y: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> tuple[pl.Tensor{{\[\[}}64, 128], pl.FP32], pl.Tensor{{\[\[}}64, 128], pl.FP32]]:
# CHECK-NEXT:         main_incore_0_result: tuple[pl.Tensor{{\[\[}}64, 128], pl.FP32], pl.Tensor{{\[\[}}64, 128], pl.FP32]] = self.main_incore_0(q, kt, out, x, y)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = main_incore_0_result[0]
# CHECK-NEXT:         y_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = main_incore_0_result[1]
# CHECK-NEXT:         return out_1, y_1
