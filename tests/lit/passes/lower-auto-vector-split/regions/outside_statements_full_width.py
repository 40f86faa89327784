# Statements outside the regions are emitted full width: a load + store outside
# (the load/store carve-out of manual mode) and cube work before the region.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: raw: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: copy_1: {{.*}} = pl.tile.store(raw, [0, 0], copy)
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: t: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0 + subblock_idx * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class Outside:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32], copy: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        raw = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        copy_1 = pl.store(raw, [0, 0], copy)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            out_1 = pl.store(pl.rsqrt(pl.add(pl.abs(t), pl.full([64, 64], 1.0, dtype=pl.FP32))), [0, 0], out)
        return copy_1, out_1
