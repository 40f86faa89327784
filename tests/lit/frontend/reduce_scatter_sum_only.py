# pld.tensor.reduce_scatter reduces with ReduceOp.Sum only (PyPTO's deducer rejects the rest).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, data: pl.InOut[pld.DistributedTensor[[2, 16], pl.FP32]],
          signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]]) -> pl.Tensor[[2, 16], pl.FP32]:
        # CHECK: reduce_scatter_sum_only.py:[[@LINE+1]]:56: error: keyword argument 'op' of pld.tensor.reduce_scatter must be one of 0; got 1
        data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Max)
        return data
