# A module-level pl.dynamic dim used as a value (`blocks = M // 16`; the front end also folds
# tensor.dim of a dynamic axis to it, as in PyPTO's dynamic paged attention) is defined
# everywhere: convert-to-ssa keeps its Var and UseAfterDef accepts it, so the program passes
# mixed-split; the simulator reads M from the extent of the parameter x.
# RUN: %ptoc check --dim M=32 --passes=mixed-split %s | FileCheck %s
# CHECK: check ok: main gives the same 2 output(s) before and after --passes=mixed-split
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[M, 64], pl.FP32], y: pl.Out[pl.Tensor[[M, 64], pl.FP32]], i: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 64], pl.FP32]:
        t = pl.load(x, [i * 16, 0], [16, 64])
        y = pl.store(pl.add(t, t), [i * 16, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 64], pl.FP32], y: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        blocks = M // 16
        for i in pl.range(blocks):
            y = self.k(x, y, i)
        return y
