# Attr bridging without regions: pl.split(MODE) becomes the function attr "split" and
# pl.cross_core_slot(slot_num=N) becomes "slot_num" (in that order); pl.split(NONE)
# bridges nothing, since NONE is the same as no split.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class SplitSlot:
    @pl.function
    def main(self, q: pl.Tensor[[64, 64], pl.FP16], kt: pl.Tensor[[64, 128], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP,
                   optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)]):
            q_l = pl.move(pl.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            k_r = pl.move(pl.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.move(pl.matmul(q_l, k_r), target_memory=pl.Mem.Vec)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            e = pl.exp(pl.mul(s, 0.125))
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE)]):
            out_1 = pl.store(e, [0, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class SplitSlot:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, q: pl.Tensor{{\[\[}}64, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16]) -> pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.UP_DOWN, "slot_num": 4})
# CHECK-NEXT:         q_l: {{.*}} = pl.tile.move(pl.tile.load(q, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
# CHECK-NEXT:         k_r: {{.*}} = pl.tile.move(pl.tile.load(kt, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
# CHECK-NEXT:         s: {{.*}} = pl.tile.move(pl.tile.matmul(q_l, k_r), target_memory=pl.Mem.Vec)
# CHECK-NEXT:         return s
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_1(self, s: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)]) -> pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
# CHECK-NEXT:         e: {{.*}} = pl.tile.exp(pl.tile.muls(s, 0.125))
# CHECK-NEXT:         return e
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_2(self, e: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 128], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tile.store(e, [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, q: pl.Tensor{{\[\[}}64, 64], pl.FP16], kt: pl.Tensor{{\[\[}}64, 128], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}64, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 128], pl.FP32]:
# CHECK-NEXT:         s: {{.*}} = self.main_incore_0(q, kt)
# CHECK-NEXT:         e: {{.*}} = self.main_incore_1(s)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}64, 128], pl.FP32] = self.main_incore_2(e, out)
# CHECK-NEXT:         return out_1
