# A hand-written Group passes a value it computes to one member: the members of a Group run
# with one argument array (the Group's parameters), so the member cannot be given the Group's
# signature.
# RUN: not %ptoc opt %s --passes=convert-to-ssa,infer-tile-memory-space,expand-mixed-kernel 2>&1 | FileCheck %s
# CHECK: group_member_computed_arg.py:27:18: error: expand-mixed-kernel: Group 'mixed' passes 'row' to its member 'vec_side', but 'row' is computed in the Group: the AIC and AIV members of a Group run with one argument array, the Group's parameters
# CHECK: hint: compute 'row' inside 'vec_side', or make it a parameter of 'mixed'
import pypto.language as pl


@pl.program
class ComputedArg:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, q: pl.Tensor[[16, 16], pl.FP32], sink: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        return sink

    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], r: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(out, [r, 0], [1, 16], target_memory=pl.Mem.Vec)
        out2 = pl.store(t, [0, 0], out)
        return out2

    @pl.function(type=pl.FunctionType.Group)
    def mixed(self, q: pl.Tensor[[16, 16], pl.FP32], sink: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], task: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.cube_side(q, sink)
        row = task + 1
        result = self.vec_side(out, row)
        return result
