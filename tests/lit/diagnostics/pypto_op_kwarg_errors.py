# The PyPTO op forms ptoc reads keep PyPTO's rejections: out_dtype other than the accumulator's,
# a transposed / flat create outside Mat, both at once, and a Vec tile stored into a tensor of
# another dtype (only the fixpipe out of Acc converts).
# RUN: split-file %s %t
# RUN: not %ptoc fmt %t/out_dtype.py 2>&1 | FileCheck %s --check-prefix=OUT
# OUT: out_dtype.py:6:{{[0-9]+}}: error: out_dtype=FP16 of tile.matmul disagrees with its accumulator dtype FP32
# OUT: hint: drop out_dtype, or cast the result: pl.cast(c, pl.FP16)
# RUN: not %ptoc fmt %t/create_vec.py 2>&1 | FileCheck %s --check-prefix=VEC
# VEC: create_vec.py:4:{{[0-9]+}}: error: transpose=True of tile.create needs a 2-D tile with target_memory=pl.Mem.Mat
# VEC: hint: create it with target_memory=pl.Mem.Mat, or drop the flag
# RUN: not %ptoc fmt %t/create_both.py 2>&1 | FileCheck %s --check-prefix=BOTH
# BOTH: create_both.py:4:{{[0-9]+}}: error: tile.create takes transpose=True or flat_layout=True, not both
# RUN: not %ptoc fmt %t/store_vec.py 2>&1 | FileCheck %s --check-prefix=STORE
# STORE: store_vec.py:5:{{[0-9]+}}: error: the tile and the tensor of tile.store must have the same dtype, got FP32 and FP16

#--- out_dtype.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP16]:
    a = pl.move(pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
    b = pl.move(pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
    c = pl.tile.matmul(a, b, out_dtype=pl.FP16)
    return x
#--- create_vec.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP16]:
    t = pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Vec, transpose=True)
    return x
#--- create_both.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP16]) -> pl.Tensor[[16, 16], pl.FP16]:
    t = pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat, transpose=True, flat_layout=True)
    return x
#--- store_vec.py
import pypto.language as pl
@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
    t = pl.load(x, [0, 0], [16, 16])
    y1 = pl.store(t, [0, 0], y)
    return y1
