# A scalar parameter named like a pl.dynamic dimension that an earlier parameter's type
# already read would rebind the symbol after its use: reported (PyPTO does too). The same
# parameter before the annotations that use it is fine (tensor_dynamic_dims.py).
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

Q = pl.dynamic("Q")
LATE = pl.dynamic("LATE")


@pl.function(type=pl.FunctionType.InCore)
def kernel(
    x: pl.Tensor[[Q, 64], pl.FP32, pl.TensorView(valid_shape=[Q, LATE], layout=pl.TensorLayout.ND)],
    # CHECK: dynamic_dim_param_shadow.py:[[@LINE+3]]:5: error: parameter 'LATE' names the pl.dynamic dimension 'LATE' that the annotation of an earlier parameter already read
    # CHECK: dynamic_dim_param_shadow.py:[[@LINE-2]]:{{[0-9]+}}: note: the earlier parameter's annotation reads it here
    # CHECK: hint: move 'LATE' before the parameters whose types use it, or rename it
    LATE: pl.Scalar[pl.INDEX],
) -> pl.Tensor[[Q, 64], pl.FP32]:
    return x
