# A hand-written split_aiv gather whose full tile has 62 valid rows of a 64-row box: the lanes
# would hand the cube 32 and 30 rows, and a gather has no odd form.
# RUN: not %ptoc opt %s --passes=expand-mixed-kernel 2>&1 | FileCheck %s
# CHECK: gather_unequal_lanes.py:18:91: error: expand-mixed-kernel: the vector -> cube boundary 'tile.aic_gather' leaves the two AIV lanes 32 and 30 cells of its split axis (dim 0, valid extent 62 of 64); the lanes must hold equal extents or lane 1 nothing (a gather has no odd form)
# CHECK: hint: pad the split axis to 64 and narrow the cube-side result with pl.tile.set_validshape
import pypto.language as pl


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 32], pl.FP16], w: pl.Tensor[[32, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        sb = pl.tile.get_subblock_idx()
        xh = pl.load(x, [sb * 32, 0], [32, 32], [31, 32], target_memory=pl.Mem.Vec)
        w_r = pl.move(pl.load(w, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        full: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat, pl.TileView(valid_shape=[62, 32])] = pl.tile.aic_gather(xh, split=pl.SplitMode.UP_DOWN)
        x_l = pl.move(full, target_memory=pl.Mem.Left)
        o = pl.matmul(x_l, w_r)
        out1 = pl.store(o, [0, 0], out)
        return out1
