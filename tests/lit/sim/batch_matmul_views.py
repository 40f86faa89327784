# The numerics of three PyPTO forms (issue 10), recomputed in plain Python from arange inputs:
# a batch tensor.matmul [2, 3, 4] x [4, 5] (the rhs broadcast over the batch), a 3-D
# tile.transpose_view (each [3, 4] matrix transposed) and an FP32 Acc tile stored into an FP16
# tensor (the fixpipe rounds: the fp32 sum of 16 products 0.1 lands as fp16 1.599609375).
# RUN: rm -rf %t && mkdir -p %t/in
# RUN: %python %S/Inputs/sim_expect.py save %t/in/a.npy float32 2,3,4
# RUN: %python %S/Inputs/sim_expect.py save %t/in/b.npy float32 4,5
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# CHECK: ran k in
# RUN: %python -c "import struct; d = open('%t/out/c.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<30f', d[10 + n:]); e = [sum(float(bi * 12 + i * 4 + p) * float(p * 5 + j) for p in range(4)) for bi in range(2) for i in range(3) for j in range(5)]; assert list(o) == e, (o, e)"
# RUN: %python -c "import struct; d = open('%t/out/t.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<24f', d[10 + n:]); e = [float(bi * 12 + i * 4 + j) for bi in range(2) for j in range(4) for i in range(3)]; assert list(o) == e, (o, e)"
# RUN: %python -c "import struct; d = open('%t/out/h.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); assert b'<f2' in d[:n + 10], d[:n + 10]; o = struct.unpack('<256e', d[10 + n:]); assert all(v == 1.599609375 for v in o), o[:4]"
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(
    a: pl.Tensor[[2, 3, 4], pl.FP32],
    b: pl.Tensor[[4, 5], pl.FP32],
    c: pl.Out[pl.Tensor[[2, 3, 5], pl.FP32]],
    t: pl.Out[pl.Tensor[[2, 4, 3], pl.FP32]],
    h: pl.Out[pl.Tensor[[16, 16], pl.FP16]],
) -> tuple[pl.Tensor[[2, 3, 5], pl.FP32], pl.Tensor[[2, 4, 3], pl.FP32], pl.Tensor[[16, 16], pl.FP16]]:
    p: pl.Tensor[[2, 3, 5], pl.FP32] = pl.tensor.matmul(a, b)
    c1 = pl.assemble(c, p, [0, 0, 0])
    x = pl.load(a, [0, 0, 0], [2, 3, 4])
    xt = pl.tile.transpose_view(x)
    t1 = pl.store(xt, [0, 0, 0], t)
    l = pl.move(pl.move(pl.tile.full([16, 16], 0.1, dtype=pl.FP32), target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
    r = pl.move(pl.move(pl.tile.full([16, 16], 1.0, dtype=pl.FP32), target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
    acc = pl.matmul(l, r)
    h1 = pl.store(acc, [0, 0], h)
    return c1, t1, h1
