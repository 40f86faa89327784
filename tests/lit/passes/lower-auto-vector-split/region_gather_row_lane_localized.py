# An explicit-boundary pl.split_aiv region may hold a tile.gather_row whose READ offset
# (src_offset) uses the lane index: each lane pulls its own GM row into its half (the
# reference's scattered per-lane gather). The op's registry window names src_offset as its
# address (errors/region_gather_row_dst_only.py: a lane index in dst_offset alone is not).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# CHECK: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: g: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.gather_row(acc, x, [0, 0], [aiv_id * 32, 0], [1, 64])
# CHECK: pl.tile.maximum(h, g)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 64], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(m)
            acc = pl.full([32, 64], 0.0, dtype=pl.FP32)
            g = pl.tile.gather_row(acc, x, [0, 0], [aiv_id * 32, 0], [1, 64])
            r = pl.maximum(h, g)
            y1 = pl.store(r, [aiv_id * 32, 0], y)
        return y1
