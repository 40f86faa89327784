# A V->C gather (UP_DOWN): each AIV lane pushes its [32, 64] half with split=1 and the AIC pops
# the joined [64, 64] tile into Mat, keeps the cube-side move to Left and frees the slot after
# it. On A5 the lanes push through the NZ adapter move; on A2/A3 the half goes as it is.
# RUN: %ptoc opt %s --passes=compile --arch=a5 --verify-each | FileCheck %s --check-prefixes=CHECK,A5
# RUN: %ptoc opt %s --passes=compile --arch=a2a3 --verify-each | FileCheck %s --check-prefixes=CHECK,A2A3
# RUN: %ptoc check %s --passes=compile --arch=a5
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# CHECK: def proj_aic(
# CHECK: pl.system.aic_initialize_pipe(pl.const(0, pl.INT32), proj_v2c_slot_buffer, dir_mask=2, slot_size=8192, slot_num=2)
# CHECK: x_l_mat: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
# CHECK-NEXT: x_l: pl.Tile{{\[\[}}64, 64], pl.FP16, pl.Mem.Left] = pl.tile.move(x_l_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(x_l_mat, split=1)
# CHECK: def proj_aiv(
# A5: xh_nz: {{.*}} = pl.tile.move(xh, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
# A5-NEXT: pl.tile.tpush_to_aic(xh_nz, split=1)
# A2A3-NOT: _nz
# A2A3: pl.tile.tpush_to_aic(xh, split=1)
import pypto.language as pl


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def proj(self, x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP16],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        xv = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        xh = pl.cast(pl.muls(xv, 0.5), pl.FP16)
        x_l = pl.move(xh, target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(x_l, w_r)
        out1 = pl.store(o, [0, 0], out)
        return out1
