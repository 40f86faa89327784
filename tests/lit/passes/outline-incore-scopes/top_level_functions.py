# A file of top-level functions (no class): the outlined function is another top-level
# function, called with a bare name.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.function
def main(x: pl.Tensor[[16, 128], pl.FP32],
         out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="silu"):
        t = pl.load(x, [0, 0], [16, 128])
        sig = pl.tile.recip(pl.tile.adds(pl.tile.exp(pl.tile.neg(t)), 1.0))
        out_1 = pl.store(pl.mul(t, sig), [0, 0], out)
    return out_1

# CHECK:      @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT: def silu(x: pl.Tensor{{\[\[}}16, 128], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 128], pl.FP32]:
# CHECK-NEXT:     t: {{.*}} = pl.tile.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
# CHECK-NEXT:     sig: {{.*}} = pl.tile.recip(pl.tile.adds(pl.tile.exp(pl.tile.neg(t)), 1.0))
# CHECK-NEXT:     out_1: pl.Tensor{{\[\[}}16, 128], pl.FP32] = pl.tile.store(pl.tile.mul(t, sig), [0, 0], out)
# CHECK-NEXT:     return out
# CHECK-EMPTY:
# CHECK-NEXT: @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT: def main(x: pl.Tensor{{\[\[}}16, 128], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 128], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 128], pl.FP32]:
# CHECK-NEXT:     out_1: pl.Tensor{{\[\[}}16, 128], pl.FP32] = silu(x, out)
# CHECK-NEXT:     return out_1
