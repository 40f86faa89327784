# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s | %ptoc fmt - | FileCheck %s
# RUN: not %ptoc fmt %S/Inputs/tensor_layout_dn.py 2>&1 | FileCheck %s --check-prefix=DN
# Tensor layouts and strides (PyPTO's pl.TensorView): read, stored, printed and read back.
# A bare layout prints as pl.X (DN as a view: PyPTO refuses the pl.DN shorthand), a view with
# strides / valid_shape / pad as pl.TensorView(...);
# the plain row-major view (pl.ND, pl.TensorView(stride=[], layout=pl.TensorLayout.ND)) and a
# pl.MemRef(...) are the tensor itself.
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class Views:
    @pl.function(type=pl.FunctionType.Orchestration)
    # CHECK: def f(self, a: pl.Tensor{{\[\[}}16, 2], pl.FP8E8M0, pl.MX_A_ZZ], b: pl.Tensor{{\[\[}}2, 16], pl.FP8E8M0, pl.MX_B_NN], c: pl.Tensor{{\[\[}}16, 1], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.DN)], d: pl.Tensor{{\[\[}}16, 16], pl.FP16, pl.NZ], e: pl.Tensor{{\[\[}}16, 64], pl.FP32, pl.TensorView(stride=[5120, 1], layout=pl.TensorLayout.ND)], g: pl.Tensor{{\[\[}}4, 2], pl.FP32, pl.TensorView(stride=[1, 4], layout=pl.TensorLayout.DN)], h: pl.Tensor{{\[\[}}M, 64], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND, valid_shape=[M, 32], pad=pl.PadValue.zero)], k: pl.Tensor{{\[\[}}16, 64], pl.FP32]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32, pl.TensorView(stride=[5120, 1], layout=pl.TensorLayout.ND)]:
    def f(self, a: pl.Tensor[[16, 2], pl.FP8E8M0, pl.MX_A_ZZ],
          b: pl.Tensor[[2, 16], pl.FP8E8M0, pl.TensorLayout.MX_B_NN],
          c: pl.Tensor[[16, 1], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.DN)],
          d: pl.Tensor[[16, 16], pl.FP16, pl.NZ, pl.MemRef("mem_ddr_0", 0, 512)],
          e: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[5120, 1], layout=pl.TensorLayout.ND)],
          g: pl.Tensor[[4, 2], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN, stride=[1, 4])],
          h: pl.Tensor[[M, 64], pl.FP32, pl.TensorView([64, 1], pl.TensorLayout.ND, [M, 32], pl.PadValue.zero)],
          k: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.ND)],
          ) -> pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[5120, 1], layout=pl.TensorLayout.ND)]:
        # An annotation may add a view the deduced type lacks (PyPTO's printer writes them).
        # CHECK: r: pl.Tensor{{\[\[}}16, 64], pl.FP32, pl.TensorView(stride=[5120, 1], layout=pl.TensorLayout.ND)] = e
        r: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[5120, 1], layout=pl.TensorLayout.ND)] = e
        return r
# DN: tensor_layout_dn.py:5:{{[0-9]+}}: error: pl.Tensor[..., pl.DN] is not supported
# DN: hint: write the view: pl.TensorView(stride=[...], layout=pl.TensorLayout.DN)
