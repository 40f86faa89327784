# @pl.inline functions are expanded at their calls: the body's statements go before the
# statement holding the call, the parameters name the caller's values, and the call stands
# for the returned value. No function of the program is made for them.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
import pypto.language as pl

SCALE = 3.0


@pl.inline
def scale(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result: pl.Tensor[[64], pl.FP32] = pl.mul(x, SCALE)
    return result


@pl.inline
def accumulate(x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
    init: pl.Tensor[[64], pl.FP32] = x
    for i, (acc,) in pl.range(n, init_values=(init,)):
        new_acc: pl.Tensor[[64], pl.FP32] = pl.add(acc, 1.0)
        out = pl.yield_(new_acc)
    return out


@pl.program
class P:
    # CHECK-NOT: def scale
    # CHECK-NOT: def accumulate
    # CHECK: def main(self, x: pl.Tensor{{\[\[}}64], pl.FP32], flag: pl.Scalar[pl.INT64])
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], flag: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        # CHECK-NEXT: result: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.muls(x, 3.0)
        # CHECK-NEXT: y: pl.Tensor{{\[\[}}64], pl.FP32] = result
        y: pl.Tensor[[64], pl.FP32] = scale(x)
        # CHECK-NEXT: result: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.muls(y, 3.0)
        # CHECK-NEXT: z: pl.Tensor{{\[\[}}64], pl.FP32] = result
        z: pl.Tensor[[64], pl.FP32] = scale(y)
        if flag == 0:
            # CHECK: result: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.muls(z, 3.0)
            # CHECK-NEXT: out2 = pl.yield_(result)
            out2: pl.Tensor[[64], pl.FP32] = pl.yield_(scale(z))
        else:
            # An argument that is not a variable is assigned to the parameter's name first.
            # CHECK: n: pl.Scalar[pl.INDEX] = 4
            # CHECK-NEXT: init: pl.Tensor{{\[\[}}64], pl.FP32] = z
            # CHECK-NEXT: for i, (acc,) in pl.range(n, init_values=(init,)):
            # CHECK-NEXT: new_acc: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.adds(acc, 1.0)
            # CHECK-NEXT: out = pl.yield_(new_acc)
            # CHECK-NEXT: out2 = pl.yield_(out)
            out2: pl.Tensor[[64], pl.FP32] = pl.yield_(accumulate(z, n=4))
        return out2
