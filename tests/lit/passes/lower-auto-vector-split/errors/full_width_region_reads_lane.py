# A data-parallel (full-width) LEFT_RIGHT region whose body reads its lane index:
# the pass halves the body itself, so a lane-dependent full-width body has no single
# meaning (found by the robustness harness). Rejected at the first read.
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}full_width_region_reads_lane.py:17:13: error: lower-auto-vector-split: this data-parallel pl.split_aiv region (LEFT_RIGHT) reads its lane index 'aiv_id' here, but its body is writte
# CHECK: hint: use mode=pl.SplitMode.NONE to divide the work by lane yourself, or write the per-lane form
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[16, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        pl.func_attr({"split_aiv": True})
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            u = pl.load(x, [aiv_id * 8, 0], [8, 64], target_memory=pl.Mem.Vec)
            out_1 = pl.store(pl.relu(u), [aiv_id * 8, 0], out)
        return out_1
