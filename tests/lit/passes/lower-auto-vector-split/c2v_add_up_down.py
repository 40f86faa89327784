# The seed's first example: a cube tile (Mat) crosses to Vec, a vector add runs on
# it, the result is stored. The move becomes tile.aiv_shard (HALF), the add is
# halved, the store offset is localized by the injected subblock_idx; the cube
# operand stays full.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: qk: pl.Tile{{\[\[}}128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.load(
# CHECK-NEXT: popped: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=pl.SplitMode.UP_DOWN)
# CHECK-NEXT: y: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(popped, popped)
# CHECK-NEXT: out_1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = pl.tile.store(y, [0 + subblock_idx * 64, 0], out_0)
import pypto.language as pl


@pl.program
class SplitAuto:
    @pl.function(type=pl.FunctionType.InCore)
    def split_auto(self, a: pl.Tensor[[128, 128], pl.FP32],
                   out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        qk = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        popped: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        y = pl.add(popped, popped)
        out_1 = pl.store(y, [0, 0], out_0)
        return out_1
