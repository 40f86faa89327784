# PyPTO's forms of four constructs, read, printed canonically and read back:
# - pl.system.syncall: the hard barrier (core_type=) and the soft one (mode="soft" with the
#   keyword operands gm_workspace= / used_cores=, printed positionally);
# - pl.system.cacheinvalid(): the whole GM, or (tensor, shapes, offsets);
# - pl.tensor.view: another shape of the same memory, a valid_shape, a layout;
# - `arr[i] = v` on a pl.Array: the functional update arr = pl.array.update_element(arr, i, v).
# RUN: %ptoc fmt %s > %t.py
# RUN: %ptoc fmt %t.py > %t2.py
# RUN: diff %t.py %t2.py
# RUN: %ptoc equal %s %t.py
# RUN: FileCheck %s < %t.py
import pypto.language as pl


@pl.program
class Forms:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], ws: pl.Tensor[[16], pl.INT32],
               n: pl.Scalar[pl.INT32]) -> pl.Tensor[[32, 32], pl.FP32]:
        # CHECK: pl.system.syncall(core_type="aiv_only")
        pl.system.syncall(core_type="aiv_only")
        # CHECK-NEXT: pl.system.syncall(ws, 4, core_type="aiv_only", mode="soft")
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=ws, used_cores=4)
        # CHECK-NEXT: pl.system.syncall(ws, n, mode="soft")
        pl.system.syncall(mode="soft", gm_workspace=ws, used_cores=n)
        # CHECK-NEXT: pl.system.cacheinvalid()
        pl.system.cacheinvalid()
        # CHECK-NEXT: pl.system.cacheinvalid(x, [1, 16], [0, 0])
        pl.system.cacheinvalid(x, [1, 16], [0, 0])
        # CHECK-NEXT: v: pl.Tensor{{\[\[}}32, 32], pl.FP32] = pl.tensor.view(x, [32, 32])
        v = pl.tensor.view(x, [32, 32])
        # CHECK-NEXT: w: pl.Tensor{{\[\[}}32, 32], pl.FP32] = pl.tensor.view(v, [32, 32], [32, 16])
        w = pl.tensor.view(v, [32, 32], valid_shape=[32, 16])
        # CHECK-NEXT: d: pl.Tensor{{\[\[}}32, 32], pl.FP32] = pl.tensor.view(w, layout="DN")
        d = pl.tensor.view(w, layout=pl.TensorLayout.DN)
        return d

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], ws: pl.Tensor[[16], pl.INT32]
             ) -> pl.Tensor[[32, 32], pl.FP32]:
        arr = pl.array.create(4, pl.INT32)
        # CHECK: arr: pl.Array[4, pl.INT32] = pl.array.update_element(arr, 0, pl.const(5, pl.INT32))
        arr[0] = 5
        for i in pl.range(4):
            # CHECK: arr: pl.Array[4, pl.INT32] = pl.array.update_element(arr, i, pl.cast(i, pl.INT32))
        # CHECK: n: pl.Scalar[pl.INT32] = pl.array.get_element(arr, 3)
            arr[i] = pl.cast(i, pl.INT32)
        n: pl.Scalar[pl.INT32] = arr[3]
        r = self.kernel(x, ws, n)
        return r
