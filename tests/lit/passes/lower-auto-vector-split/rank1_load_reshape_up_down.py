# A rank-1 vector load has no 2-D split axis: it stays whole ([128]); the reshape to
# [128, 1] is emitted full width and sliced per lane ([64, 1] at row subblock_idx * 64)
# before the store, as the reference does (reference case
# test_reshape_of_rank1_load_is_sliced_per_subblock; it used to be halved to [64] and the
# reshape rejected). Under LEFT_RIGHT the same [128] load reshaped to a [1, 128] row is
# sliced on its columns.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split --entry up_down | FileCheck %s --check-prefix=CHK
# RUN: %ptoc check %s --passes=lower-auto-vector-split --entry left_right | FileCheck %s --check-prefix=CHK
# CHK: check ok
# CHECK-LABEL: def up_down(
# CHECK: scale_row: pl.Tile{{\[\[}}128], pl.FP32, pl.Mem.Vec] = pl.tile.load(scale, [0], [128], target_memory=pl.Mem.Vec)
# CHECK-NEXT: scale_2d_view: pl.Tile{{\[\[}}128, 1], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(scale_row, [128, 1])
# CHECK-NEXT: scale_2d: pl.Tile{{\[\[}}64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.slice(scale_2d_view, [64, 1], [subblock_idx * 64, 0])
# CHECK-NEXT: pl.tile.store(scale_2d, [0 + subblock_idx * 64, 0], out_0)
# CHECK-LABEL: def left_right(
# CHECK: scale_row: pl.Tile{{\[\[}}128], pl.FP32, pl.Mem.Vec] = pl.tile.load(scale, [0], [128], target_memory=pl.Mem.Vec)
# CHECK-NEXT: scale_2d_view: pl.Tile{{\[\[}}1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(scale_row, [1, 128])
# CHECK-NEXT: scale_2d: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(scale_2d_view, [1, 64], [0, subblock_idx * 64])
# CHECK-NEXT: pl.tile.store(scale_2d, [0, 0 + subblock_idx * 64], out_0)
import pypto.language as pl


@pl.program
class Rank1:
    @pl.function(type=pl.FunctionType.InCore)
    def up_down(self, a: pl.Tensor[[128, 128], pl.FP32], scale: pl.Tensor[[128], pl.FP32],
                out_0: pl.Out[pl.Tensor[[128, 1], pl.FP32]], o2: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> tuple[pl.Tensor[[128, 1], pl.FP32], pl.Tensor[[128, 128], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        cube_seed = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        seed_vec = pl.tile.move(cube_seed, target_memory=pl.Mem.Vec)
        o3 = pl.tile.store(seed_vec, [0, 0], o2)
        scale_row = pl.tile.load(scale, [0], [128], target_memory=pl.Mem.Vec)
        scale_2d = pl.tile.reshape(scale_row, [128, 1])
        out_store = pl.tile.store(scale_2d, [0, 0], out_0)
        return out_store, o3

    @pl.function(type=pl.FunctionType.InCore)
    def left_right(self, a: pl.Tensor[[128, 128], pl.FP32], scale: pl.Tensor[[128], pl.FP32],
                   out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]], o2: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> tuple[pl.Tensor[[1, 128], pl.FP32], pl.Tensor[[128, 128], pl.FP32]]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        cube_seed = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Mat)
        seed_vec = pl.tile.move(cube_seed, target_memory=pl.Mem.Vec)
        o3 = pl.tile.store(seed_vec, [0, 0], o2)
        scale_row = pl.tile.load(scale, [0], [128], target_memory=pl.Mem.Vec)
        scale_2d = pl.tile.reshape(scale_row, [1, 128])
        out_store = pl.tile.store(scale_2d, [0, 0], out_0)
        return out_store, o3
