# tile.batch_matmul broadcasts the batch axes (PyPTO): a plain [K, N] rhs against a [2, M, K]
# lhs, and [2, 1, M, K] x [1, 3, K, N] -> [2, 3, M, N]; batch_matmul_acc takes an accumulator of
# that shape. Mismatched batch axes are rejected at the call.
# RUN: split-file %s %t
# RUN: %ptoc fmt %t/ok.py | FileCheck %s
# CHECK: c: pl.Tile{{\[\[}}2, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a, b)
# CHECK: d: pl.Tile{{\[\[}}2, 3, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(a4, b4)
# CHECK: e: pl.Tile{{\[\[}}2, 16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(c, a, b)
# RUN: not %ptoc fmt %t/bad.py 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: bad.py:6:{{[0-9]+}}: error: tile.batch_matmul: [2, 16, 128] x [3, 128, 64] do not chain
# BAD: hint: lhs is [.., M, K] and rhs [.., K, N]; batch axes equal or 1

#--- ok.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[2, 16, 128], pl.BF16], w: pl.Tensor[[128, 64], pl.BF16]) -> pl.Tensor[[2, 16, 128], pl.BF16]:
    a = pl.load(x, [0, 0, 0], [2, 16, 128], target_memory=pl.Mem.Mat)
    b = pl.load(w, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
    c = pl.tile.batch_matmul(a, b)
    a4 = pl.tile.create([2, 1, 16, 128], dtype=pl.BF16, target_memory=pl.Mem.Mat)
    b4 = pl.tile.create([1, 3, 128, 64], dtype=pl.BF16, target_memory=pl.Mem.Mat)
    d = pl.tile.batch_matmul(a4, b4)
    e = pl.tile.batch_matmul_acc(c, a, b)
    return x
#--- bad.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[2, 16, 128], pl.BF16], w: pl.Tensor[[3, 128, 64], pl.BF16]) -> pl.Tensor[[2, 16, 128], pl.BF16]:
    a = pl.load(x, [0, 0, 0], [2, 16, 128], target_memory=pl.Mem.Mat)
    b = pl.load(w, [0, 0, 0], [3, 128, 64], target_memory=pl.Mem.Mat)
    c = pl.tile.batch_matmul(a, b)
    return x
