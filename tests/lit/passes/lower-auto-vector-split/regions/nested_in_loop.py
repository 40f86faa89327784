# A full-width region inside a pl.range loop (a row-block loop): the pass recurses
# into the loop, lowers the region in place each iteration and keeps the loop.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: for blk, (o,) in pl.range(2, init_values=(out,)):
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: t: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [blk * 64 + subblock_idx * 32, 0], [32, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: o2: {{.*}} = pl.tile.store(pl.tile.neg(t), [blk * 64 + subblock_idx * 32, 0], o)
# CHECK-NEXT: o_out = pl.yield_(o2)
import pypto.language as pl


@pl.program
class RegionInLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[128, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        for blk, (o,) in pl.range(2, init_values=(out,)):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [blk * 64, 0], [64, 64], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.neg(t), [blk * 64, 0], o)
            o_out = pl.yield_(o2)
        return o_out
