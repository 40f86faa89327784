# The transpose hazard is checked per region with the region's own axis, also for a tile
# that is not halved (a Vec parameter held whole by both lanes) inside an UP_DOWN region
# (reference case test_transpose_hazard_per_region; it used to be accepted).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: region_transpose_unhalved.py:17:18: error: lower-auto-vector-split: tile.transpose of 'src' swaps the split axis 0 of this split vector work
# CHECK: hint: transpose on the cube side or before the split
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, src: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec],
          out_0: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            zt = pl.transpose(src, 0, 1)
            out_store = pl.store(zt, [0, 0], out_0)
        return out_store
