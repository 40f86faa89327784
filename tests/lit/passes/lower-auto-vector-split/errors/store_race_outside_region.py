# A tensor stored full width outside the regions (both lanes run that store after
# lowering) and also inside a region: the lanes' writes would race. Rejected at the
# outside store (found by the robustness harness).
# RUN: not %ptoc opt %s --passes=lower-auto-vector-split 2>&1 | FileCheck %s
# CHECK: {{.*}}store_race_outside_region.py:17:9: error: lower-auto-vector-split: 'out' is stored here, outside the pl.split_aiv regions, and also inside a region; statements outside the regio
# CHECK: hint: move this store into the region (a NONE region can write it from one lane: `if aiv_id == 0
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
        raw = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        out_1 = pl.store(raw, [0, 0], out)
        for i, (o,) in pl.range(1, init_values=(out_1,)):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                t = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
                o2 = pl.store(pl.neg(t), [0, 0], o)
            o3 = pl.yield_(o2)
        return o3
