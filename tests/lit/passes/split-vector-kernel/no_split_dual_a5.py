# The lane-1 replay is an A2/A3 arm: on A5 (the default) an AIV function stamped
# dual_aiv_dispatch without a split mode keeps its body.
# RUN: %ptoc opt %s --passes=split-vector-kernel | FileCheck %s
# RUN: %ptoc opt %s --passes=split-vector-kernel --arch=a2a3 | FileCheck %s --check-prefix=A2A3
# CHECK: def k_aiv(
# CHECK-NEXT: pl.func_attr({"dual_aiv_dispatch": True})
# CHECK-NEXT: c2v: {{.*}} = pl.system.reserve_buffer(
# CHECK-NOT: if
# CHECK: return out
# A2A3: if subblock_idx == 0:
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True})
        c2v = pl.system.reserve_buffer(name="k_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        out = pl.store(h, [0, 0], out)
        pl.system.tfree_to_aic(h)
        return out
