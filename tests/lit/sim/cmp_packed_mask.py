# tile.cmp / tile.cmps write PyPTO's packed predicate mask: a [4, 16] compare gives a UINT8
# [4, 32] tile (16 bits = 2 bytes per row, rounded up to 32) whose valid shape is [4, 2]; bit
# j % 8 of byte j / 8 holds element j. x = 0..15 on each row, so x < 5 sets bits 0..4 of
# byte 0 (31) and x == 9 bit 1 of byte 1 (2). tile.sel / tile.sels read the bits back.
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# RUN: %python -c "import struct; d = open('%t/m.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = d[10 + n:]; assert len(o) == 4 * 32 and list(o[:3]) == [31, 0, 0] and list(o[32:34]) == [31, 0], list(o[:40])"
# RUN: %python -c "import struct; d = open('%t/s.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<64f', d[10 + n:]); assert list(o[:16]) == [1.0] * 5 + [0.0] * 11 and o[48:64] == o[:16], o"
# RUN: %python -c "import struct; d = open('%t/e.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<64i', d[10 + n:]); assert list(o[:16]) == [-1] * 9 + [9] + [-1] * 6, o"
# RUN: %ptoc opt %s > %t.py && %ptoc opt %t.py | %ptoc equal - %t.py | FileCheck %s --check-prefix=EQ
# RUN: %ptoc opt %s | FileCheck %s --check-prefix=PRINT
# CHECK: ran f in
# EQ: {{^}}equal
# PRINT: lt: pl.Tile{{\[\[}}4, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[4, 2])] = pl.tile.cmps(x, pl.const(5, pl.INT32), cmp_type=2)
import pypto.language as pl


@pl.program
class PackedMask:
    @pl.function(type=pl.FunctionType.AIV)
    def f(
        self,
        m: pl.Out[pl.Tensor[[4, 32], pl.UINT8]],
        s: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
        e: pl.Out[pl.Tensor[[4, 16], pl.INT32]],
    ) -> tuple[pl.Tensor[[4, 32], pl.UINT8], pl.Tensor[[4, 16], pl.FP32], pl.Tensor[[4, 16], pl.INT32]]:
        ramp = pl.tile.ci(0, [1, 16], dtype=pl.INT32)
        x = pl.tile.col_expand(pl.tile.full([4, 16], 0, dtype=pl.INT32), ramp)
        lt: pl.Tile[[4, 32], pl.UINT8] = pl.tile.cmps(x, pl.const(5, pl.INT32), cmp_type=2)
        full: pl.Tile[[4, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.set_validshape(lt, 4, 32)
        m = pl.store(full, [0, 0], m)
        ones = pl.tile.full([4, 16], 1.0, dtype=pl.FP32)
        zeros = pl.tile.full([4, 16], 0.0, dtype=pl.FP32)
        tmp = pl.tile.create([1, 32], dtype=pl.UINT8)
        s = pl.store(pl.tile.sel(lt, ones, zeros, tmp), [0, 0], s)
        nine = pl.tile.full([4, 16], 9, dtype=pl.INT32)
        eq = pl.tile.cmp(x, nine, cmp_type=0)
        e = pl.store(pl.tile.sels(eq, x, tmp, -1), [0, 0], e)
        return m, s, e
