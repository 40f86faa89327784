# Regression (robustness harness): a full-width UP_DOWN region that updates its tensor in place
# (h = h + d) is outlined into an InCore split_aiv function whose region is not lowered yet.
# That function must mean what the scope meant: the region runs once at full width, not once
# per AIV lane (which applied the update twice and made `ptoc check` report a mismatch).
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=convert-to-ssa,outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# CHECK: def main_incore_0(
# CHECK: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
# CHECK: for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK: h_1: pl.Tensor{{\[\[}}32, 128], pl.FP32] = pl.tile.store(
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class InPlace:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, d: pl.Tensor[[32, 128], pl.FP32],
             h: pl.InOut[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            cur = pl.load(h, [0, 0], [32, 128])
            upd = pl.add(cur, pl.load(d, [0, 0], [32, 128]))
            h = pl.store(upd, [0, 0], h)
        return h
