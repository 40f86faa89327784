# RUN: %ptoc fmt %s > %t.py
# RUN: FileCheck %s < %t.py
# RUN: %ptoc fmt %t.py | diff %t.py -
# A module-level @pl.function next to the @pl.program class is a function of the program
# (PyPTO adds the module-level functions a program calls to it); the class calls it by its
# bare name. The canonical form has it in the class, called as self.f.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def scale(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 16])
    out = pl.store(pl.mul(t, 2.0), [0, 0], out)
    return out


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        out = scale(x, out)
        out = shift(out, out)
        return out


@pl.function(type=pl.FunctionType.InCore)
def shift(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 16])
    out = pl.store(pl.add(t, 1.0), [0, 0], out)
    return out

# CHECK: @pl.program
# CHECK-NEXT: class P:
# CHECK-DAG: def scale(self,
# CHECK-DAG: def shift(self,
# CHECK-DAG: out{{.*}} = self.scale(x, out)
# CHECK-DAG: = self.shift(
