# A full-width LEFT_RIGHT region inside a pl.range loop over row blocks: each
# iteration's region halves the columns; the loop-carried tensor is untouched.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: for blk, (o,) in pl.range(4, init_values=(out,)):
# CHECK-NEXT: subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: t: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [blk * 16, 0 + subblock_idx * 64], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: o2: {{.*}} = pl.tile.store(pl.tile.adds(t, 1.0), [blk * 16, 0 + subblock_idx * 64], o)
import pypto.language as pl


@pl.program
class RegionInLoopLR:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
        for blk, (o,) in pl.range(4, init_values=(out,)):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                t = pl.load(x, [blk * 16, 0], [16, 128], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.add(t, 1.0), [blk * 16, 0], o)
            o_out = pl.yield_(o2)
        return o_out
