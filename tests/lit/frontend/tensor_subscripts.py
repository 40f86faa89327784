# RUN: %ptoc fmt %s | FileCheck %s
# Subscripts of tensors: an element read (tensor.read) and a window (tensor.slice; an integer
# index drops its axis through tensor.reshape). An element write is pl.tensor.write: like
# PyPTO, ptoc does not read `t[i, j] = v` on a tensor.
# An integer annotation on an INDEX value is a conversion.
import pypto.language as pl

N = 64


@pl.function(type=pl.FunctionType.Orchestration)
def f(x: pl.Tensor[[4, N], pl.FP32], i: pl.Scalar[pl.INDEX]) -> pl.Tensor[[2, 16], pl.FP32]:
    # CHECK: v: pl.Scalar[pl.FP32] = pl.tensor.read(x, [1, 2])
    v = x[1, 2]
    # CHECK: w: pl.Tensor{{\[\[}}2, 16], pl.FP32] = pl.tensor.slice(x, [2, 16], [0, i])
    w = x[0:2, i:i + 16]
    # CHECK: r: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(x, [1, 64], [3, 0]), [64])
    r = x[3, :]
    # CHECK: pl.tensor.write(w, [0, 0], v)
    pl.tensor.write(w, [0, 0], v)
    # CHECK: k: pl.Scalar[pl.INT64] = pl.cast(i * 2, pl.INT64)
    k: pl.Scalar[pl.INT64] = i * 2
    pl.static_assert(N % 16 == 0, "N is a multiple of 16")
    pl.static_print(N)
    return w
