# tensor.create(init_value=v) is pre-filled with v; tensor.assemble(atomic=pl.AtomicType.Add)
# adds the source into the window, atomic 0 (the default) overwrites it.
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# CHECK: ran main in {{.*}}; inputs: out (zeros); wrote out.npy, return_0.npy
# RUN: mkdir -p %t.in && %python %S/Inputs/sim_expect.py check create_init_atomic %t.in %t
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=FMT
import pypto.language as pl


@pl.function
def main(out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
    a = pl.create_tensor([4, 8], dtype=pl.FP32, init_value=1.5, manual_dep=True)
    # FMT: pl.tensor.create([4, 8], dtype=pl.FP32, manual_dep=True, init_value=1.5)
    b = pl.create_tensor([2, 8], dtype=pl.FP32, init_value=2)
    # FMT: pl.tensor.create([2, 8], dtype=pl.FP32, init_value=2.0)
    a = pl.assemble(a, b, [2, 0], atomic=pl.AtomicType.Add)
    # FMT: pl.tensor.assemble(a, b, [2, 0], atomic=1)
    a = pl.assemble(a, b, [0, 0], atomic=False)
    # FMT: pl.tensor.assemble(a, b, [0, 0])
    out = pl.assemble(out, a, [0, 0])
    return out
