# An empty region (e.g. emptied by an earlier pass) is dropped without binding a lane
# index (no subblock_idx / aiv_id statements); the statements outside it stay full
# width and the function is still stamped (reference case test_empty_region_is_noop).
# RUN: %ptoc opt %s --passes=lower-auto-vector-split --verify-each | FileCheck %s
# CHECK: pl.func_attr({"split_aiv": True, "split_aiv_region_validated": True})
# CHECK-NEXT: t_outer: pl.Tile{{\[\[}}128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
# CHECK-NEXT: outer_store: {{.*}} = pl.tile.store(t_outer, [0, 0], out_0)
# CHECK-NEXT: return outer_store
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, data: pl.Tensor[[128, 128], pl.FP32],
          out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        t_outer = pl.load(data, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        outer_store = pl.store(t_outer, [0, 0], out_0)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            pass
        return outer_store
