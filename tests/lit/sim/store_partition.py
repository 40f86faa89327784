# tile.store through a reinterpreting partition (PyPTO's ND store, docs/simulator-semantics.md §4):
#  - `shapes=[1, 6, 8]` (FlattenTileNdTo2D's collapsed form): the [6, 8] tile fills the
#    [2, 3, 8] tensor row-major, its extent 6 running past axis 1 (size 3) into axis 0, so
#    `out` holds a's 48 values in order;
#  - a rank-2 tile [1, 8] stored into the rank-3 tensor at [1, 2, 0]: padded to [1, 1, 8], it
#    writes a's last row at elements 40-47 of `row` and leaves the rest zero.
# RUN: rm -rf %t && mkdir -p %t/in
# RUN: %python %S/Inputs/sim_expect.py save %t/in/a.npy float32 6,8
# RUN: %ptoc run %s --inputs %t/in --out %t/out | FileCheck %s
# CHECK: ran main in
# RUN: %python -c "import struct; d = open('%t/out/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<48f', d[10 + n:]); assert list(o) == [float(i) for i in range(48)], o"
# RUN: %python -c "import struct; d = open('%t/out/row.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<48f', d[10 + n:]); assert list(o) == [0.0] * 40 + [float(40 + j) for j in range(8)], o"
# The printed form keeps the partition as the fourth argument and round-trips.
# RUN: %ptoc fmt %s > %t/c.py && %ptoc fmt %t/c.py | diff %t/c.py - && FileCheck %s --check-prefix=FMT < %t/c.py
# FMT: pl.tile.store(t, [0, 0, 0], out, [1, 6, 8])
# FMT: pl.tile.store(r, [1, 2, 0], row)
import pypto.language as pl


@pl.program
class PartitionStore:
    @pl.function(type=pl.FunctionType.InCore)
    def main(
        self,
        a: pl.Tensor[[6, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[2, 3, 8], pl.FP32]],
        row: pl.Out[pl.Tensor[[2, 3, 8], pl.FP32]],
    ) -> tuple[pl.Tensor[[2, 3, 8], pl.FP32], pl.Tensor[[2, 3, 8], pl.FP32]]:
        t = pl.load(a, [0, 0], [6, 8])
        out = pl.store(t, [0, 0, 0], out, shapes=[1, 6, 8])
        r = pl.load(a, [5, 0], [1, 8])
        row = pl.store(r, [1, 2, 0], row)
        return out, row
