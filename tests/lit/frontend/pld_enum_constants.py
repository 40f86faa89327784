# A module-level name (or a builder parameter, --define) bound to a pld enum member stands for
# its code where it is written: op=OP is op=3 (pld.ReduceOp.Prod).
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s --define=OP=pld.ReduceOp.Max | FileCheck %s --check-prefix=MAX
import pypto.language as pl
import pypto.language.distributed as pld


def build(OP=pld.ReduceOp.Prod):
    @pl.function(type=pl.FunctionType.InCore)
    def k(data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
          signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]]) -> pld.DistributedTensor[[1, 64], pl.FP32]:
        # CHECK: pld.tensor.allreduce(data, signal, op=3)
        # MAX: pld.tensor.allreduce(data, signal, op=1)
        data = pld.tensor.allreduce(data, signal, op=OP)
        return data

    return k
