# A tile parameter's declared valid_shape is honoured by the random inputs: only its 2 valid
# rows get random values, and a store of the tile writes only those rows of `out` (the other
# rows keep their zeros).
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# RUN: %python -c "import struct; d = open('%t/out.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<32f', d[10 + n:]); assert all(v == 0 for v in o[16:]) and any(v != 0 for v in o[:16]), o"
# CHECK: ran f in {{.*}}; inputs: x (random), out (zeros)
import pypto.language as pl


@pl.program
class ValidParam:
    @pl.function(type=pl.FunctionType.AIV)
    def f(self, x: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 8])],
          out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        out = pl.store(x, [0, 0], out)
        return out
