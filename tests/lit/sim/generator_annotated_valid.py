# A tile.full / tile.create annotated with a constant valid_shape (the form of the A2/A3 lane-1
# replay's empty tiles, valid_shape [0, 0]) has that valid region: the full tile's store writes
# only its 2 valid rows of `out` (the other rows keep their zeros); the empty created tile's sum
# is computed but not stored (a store of an empty tile in an AIV function is an error:
# sim/empty_store_hardware.py). The annotation survives the print -> parse round trip.
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# RUN: %python -c "import struct; d = open('%t/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<32f', d[10 + n:]); assert all(v == 0 for v in o[16:]) and all(v == 1.0 for v in o[:16]), o"
# RUN: %ptoc opt %s > %t.py && %ptoc opt %t.py | %ptoc equal - %t.py | FileCheck %s --check-prefix=EQ
# RUN: %ptoc opt %s | FileCheck %s --check-prefix=PRINT
# CHECK: ran f in {{.*}}; inputs: out (zeros)
# EQ: {{^}}equal
# PRINT: t: pl.Tile{{\[\[}}4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 8])] = pl.tile.full([4, 8], 1.0, dtype=pl.FP32)
# PRINT: e: pl.Tile{{\[\[}}4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.create([4, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class AnnotatedValid:
    @pl.function(type=pl.FunctionType.AIV)
    def f(self, out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 8])] = pl.tile.full([4, 8], 1.0, dtype=pl.FP32)
        out = pl.store(t, [0, 0], out)
        e: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.create([4, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        e5 = pl.adds(e, 5.0)
        return out
