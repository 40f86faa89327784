# A subscript that keeps a whole dynamic axis (PyPTO: `inputs[r]` of Tensor[[NR, NR, 64]]):
# the window keeps the symbolic extent, tensor.slice with the extent N and a tensor.reshape
# that drops the unit axis. Run with N = 4 on arange inputs: x[1] is elements 32 ... 63.
# RUN: rm -rf %t && mkdir -p %t/in
# RUN: %ptoc fmt %s > %t/c.py && %ptoc fmt %t/c.py | diff %t/c.py - && FileCheck %s < %t/c.py
# CHECK: row: pl.Tensor{{\[\[}}N, 8], pl.FP32] = pl.tensor.reshape(pl.tensor.slice(x, [1, N, 8], [1, 0, 0]), [N, 8])
# RUN: %python %S/../sim/Inputs/sim_expect.py save %t/in/x.npy float32 2,4,8
# RUN: %ptoc run %s --inputs %t/in --dim N=4 --out %t/out | FileCheck %s --check-prefix=SIM
# SIM: ran f in
# RUN: %python -c "import struct; d = open('%t/out/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<32f', d[10 + n:]); assert list(o) == [32.0 + i for i in range(32)], o"
# A reshape that changes a symbolic extent is an error.
# RUN: sed 's/row = x\[1\]/row = pl.tensor.reshape(pl.tensor.slice(x, [1, N, 8], [1, 0, 0]), [N * 8])/' %s > %t/bad.py
# RUN: not %ptoc fmt %t/bad.py 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: tensor.reshape of Tensor{{\[\[}}1, N, 8], FP32] to [N * 8] changes a symbolic extent
# BAD: hint: keep the dynamic extents in order and add or drop only axes of extent 1
import pypto.language as pl

N = pl.dynamic("N")


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[2, N, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
    row = x[1]
    t = pl.load(row, [0, 0], [4, 8])
    out = pl.store(t, [0, 0], out)
    return out
