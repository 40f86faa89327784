# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        # CHECK: submit_deps_not_task_ids.py:[[@LINE+2]]:{{[0-9]+}}: error: system.submit depends on task ids (Scalar[TASK_ID] or pl.Array[n, pl.TASK_ID]), got Scalar[INDEX]
        # CHECK: hint: pass the task id of a pl.submit, e.g. deps=[tid]
        y, tid = pl.submit(self.k, x, deps=[n])
        return y
