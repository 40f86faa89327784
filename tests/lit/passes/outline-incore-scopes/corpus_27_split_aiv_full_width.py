# A bare full-width region of an Opaque function (scope-wrapped by the parser), in SSA form (tests/corpus/27_split_aiv_full_width.py
# with every name assigned once, as convert-to-ssa will hand it to this pass).
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=outline-incore-scopes > %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class FullWidthRegion:
    @pl.function
    def main(self, x: pl.Tensor[[128, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [0, 0], [128, 64])
            m = pl.row_max(t)
            e = pl.exp(pl.row_expand_sub(t, m))
            out_1 = pl.store(e, [0, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class FullWidthRegion:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}128, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}128, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 64], pl.FP32]:
# CHECK-NEXT:         pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT:             t: {{.*}} = pl.tile.load(x, [0, 0], [128, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:             m: {{.*}} = pl.tile.row_max(t)
# CHECK-NEXT:             e: {{.*}} = pl.tile.exp(pl.tile.row_expand_sub(t, m))
# CHECK-NEXT:             out_1: pl.Tensor{{\[\[}}128, 64], pl.FP32] = pl.tile.store(e, [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}128, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}128, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 64], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}128, 64], pl.FP32] = self.main_incore_0(x, out)
# CHECK-NEXT:         return out_1
