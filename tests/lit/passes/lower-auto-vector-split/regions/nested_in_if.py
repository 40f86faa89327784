# Regions inside both arms of an if (LEFT_RIGHT in one, NONE in the other): each is
# lowered in its own arm; the if's phi carries the stored tensor.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: if flag:
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: t: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0 + subblock_idx * 32], [16, 32], target_memory=pl.Mem.Vec)
# CHECK: else:
# CHECK-NEXT: lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: u: pl.Tile{{\[\[}}8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [lane * 8, 0], [8, 64], target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class RegionInIf:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[16, 64], pl.FP32], flag: pl.Scalar[pl.BOOL],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        if flag:
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                t = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
                o1 = pl.store(pl.exp(t), [0, 0], out)
            r = pl.yield_(o1)
        else:
            for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                u = pl.load(x, [lane * 8, 0], [8, 64], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.relu(u), [lane * 8, 0], out)
            r = pl.yield_(o2)
        return r
