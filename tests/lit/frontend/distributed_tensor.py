# RUN: %ptoc fmt %s | FileCheck %s
# RUN: not %ptoc run %s --entry k 2>&1 | FileCheck %s --check-prefix=SIM
# pld.DistributedTensor is a tensor type of its own (this rank's view of a window every rank
# holds); the printer imports PyPTO's distributed module when a program uses it.
import pypto.language as pl
import pypto.language.distributed as pld


# CHECK: import pypto.language as pl
# CHECK-NEXT: import pypto.language.distributed as pld
@pl.function(type=pl.FunctionType.Spmd)
# CHECK: def k(x: pld.DistributedTensor{{\[\[}}16, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
def k(x: pld.DistributedTensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    y = pl.store(t, [0, 0], y)
    return y
# SIM: error: the simulator does not model distributed tensors
