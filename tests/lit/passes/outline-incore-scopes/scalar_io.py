# Scalars cross the boundary like any value: a scalar parameter and a scalar computed
# before the scope become In parameters; a scalar computed inside and used after is a
# result.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Scalars:
    @pl.function
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], alpha: pl.Scalar[pl.FP32],
             row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        base = row % 2 * 16
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [base, 0], [16, 64])
            beta = alpha * 2.0
            out_1 = pl.store(pl.mul(t, beta), [base, 0], out)
        u = pl.load(x, [16 - base, 0], [16, 64])
        out_2 = pl.store(pl.mul(u, beta), [16 - base, 0], out_1)
        return out_2

# CHECK:      @pl.program
# CHECK-NEXT: class Scalars:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def main_incore_0(self, x: pl.Tensor{{\[\[}}32, 64], pl.FP32], base: pl.Scalar[pl.INDEX], alpha: pl.Scalar[pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> tuple[pl.Scalar[pl.FP32], pl.Tensor{{\[\[}}32, 64], pl.FP32]]:
# CHECK-NEXT:         t: {{.*}} = pl.tile.load(x, [base, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         beta: pl.Scalar[pl.FP32] = alpha * 2.0
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = pl.tile.store(pl.tile.muls(t, beta), [base, 0], out)
# CHECK-NEXT:         return beta, out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def main(self, x: pl.Tensor{{\[\[}}32, 64], pl.FP32], alpha: pl.Scalar[pl.FP32], row: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 64], pl.FP32]:
# CHECK-NEXT:         base: pl.Scalar[pl.INDEX] = row % 2 * 16
# CHECK-NEXT:         main_incore_0_result: tuple[pl.Scalar[pl.FP32], pl.Tensor{{\[\[}}32, 64], pl.FP32]] = self.main_incore_0(x, base, alpha, out)
# CHECK-NEXT:         beta: pl.Scalar[pl.FP32] = main_incore_0_result[0]
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}32, 64], pl.FP32] = main_incore_0_result[1]
# CHECK-NEXT:         u: {{.*}} = pl.tile.load(x, [16 - base, 0], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT:         out_2: pl.Tensor{{\[\[}}32, 64], pl.FP32] = pl.tile.store(pl.tile.muls(u, beta), [16 - base, 0], out_1)
# CHECK-NEXT:         return out_2
