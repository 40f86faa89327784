# LEFT_RIGHT: the columns are halved and the column offset is localized.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
# CHECK: popped: pl.Tile{{\[\[}}128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=pl.SplitMode.LEFT_RIGHT)
# CHECK-NEXT: y: pl.Tile{{\[\[}}128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(popped, 3.0)
# CHECK-NEXT: out_1: pl.Tensor{{\[\[}}128, 128], pl.FP32] = pl.tile.store(y, [0, 0 + subblock_idx * 64], out_0)
import pypto.language as pl


@pl.program
class SplitAutoLR:
    @pl.function(type=pl.FunctionType.InCore)
    def split_auto(self, a: pl.Tensor[[128, 128], pl.FP32],
                   out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        qk = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        y = pl.mul(popped, 3.0)
        out_1 = pl.store(y, [0, 0], out_0)
        return out_1
