# tensor.assemble(atomic=pl.AtomicType.Add) (also spelled atomic=True) into a GM tensor becomes an
# atomic tile.store (atomic=1: the store adds into the window), and the simulator adds, before
# and after the conversion: out starts at 1.0, rows 16..31 get 1 + exp(0) = 2, rows 0..15 keep 1.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops | FileCheck %s
# CHECK: pl.tile.store({{.*}}, [16, 0], o0, atomic=1)
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s --check-prefix=SIM
# RUN: %python -c "import struct; d = open('%t/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<2048f', d[10 + n:]); assert all(v == 1.0 for v in o[:1024]) and all(v == 2.0 for v in o[1024:]), o[1020:1030]"
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops > %t.py && %ptoc run %t.py --out %t/conv | FileCheck %s --check-prefix=SIM
# RUN: %python -c "import struct; d = open('%t/conv/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<2048f', d[10 + n:]); assert all(v == 1.0 for v in o[:1024]) and all(v == 2.0 for v in o[1024:]), o[1020:1030]"
# SIM: ran kernel
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(out: pl.InOut[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
    ones = pl.tile.full([32, 64], 1.0, dtype=pl.FP32)
    o0 = pl.store(ones, [0, 0], out)
    z: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], 0.0, dtype=pl.FP32)
    e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.exp(z)
    o: pl.Tensor[[32, 64], pl.FP32] = pl.tensor.assemble(o0, e, [16, 0], atomic=True)
    return o
