# A task-parallel NONE region: no split axis, so no halving, no offset
# localization and no injected subblock_idx; the author's aiv_id binding carries
# the lane (an aiv_id-strided loop gives each lane disjoint rows). The function is
# still stamped split_aiv so both lanes run the body.
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=lower-auto-vector-split
# CHECK: pl.func_attr({"split_aiv": True, "split_aiv_region_validated": True})
# CHECK-NEXT: aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NEXT: for i, (o,) in pl.range(aiv_id, 8, 2, init_values=(out,)):
# CHECK-NEXT: t: pl.Tile{{\[\[}}8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [i * 8, 0], [8, 64], target_memory=pl.Mem.Vec)
# CHECK-NOT: subblock_idx
import pypto.language as pl


@pl.program
class TaskParallel:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for i, (o,) in pl.range(aiv_id, 8, 2, init_values=(out,)):
                t = pl.load(x, [i * 8, 0], [8, 64], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.abs(t), [i * 8, 0], o)
                o_out = pl.yield_(o2)
        return o_out
