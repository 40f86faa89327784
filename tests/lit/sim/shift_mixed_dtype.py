# tile.shl / tile.shr take shift amounts of another integer dtype than the values (PyPTO): the
# result has the values' dtype. 3 << 2 = 12 and 40 >> 3 = 5 as UINT16 with UINT32 shifts.
# PTO's tshl / tshr take one dtype: codegen reports the call.
# RUN: rm -rf %t && %ptoc run %s --out %t | FileCheck %s
# CHECK: ran k in
# RUN: %python -c "import struct; d = open('%t/a.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); assert b'<u2' in d[:n + 10]; o = struct.unpack('<256H', d[10 + n:]); assert all(v == 12 for v in o), o[:4]"
# RUN: %python -c "import struct; d = open('%t/b.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<256H', d[10 + n:]); assert all(v == 5 for v in o), o[:4]"
# RUN: not %ptoc compile %s --arch=a5 --emit=pto 2>&1 | FileCheck %s --check-prefix=PTO
# PTO: shift_mixed_dtype.py:22:{{[0-9]+}}: error: tile.shl with a shift tile of another dtype has no PTO emitter
# PTO: hint: cast the shift tile to the value's dtype first (pl.cast)
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(
    a: pl.Out[pl.Tensor[[16, 16], pl.UINT16]], b: pl.Out[pl.Tensor[[16, 16], pl.UINT16]]
) -> tuple[pl.Tensor[[16, 16], pl.UINT16], pl.Tensor[[16, 16], pl.UINT16]]:
    three = pl.tile.full([16, 16], 3, dtype=pl.UINT16)
    forty = pl.tile.full([16, 16], 40, dtype=pl.UINT16)
    two = pl.tile.full([16, 16], 2, dtype=pl.UINT32)
    s3 = pl.tile.full([16, 16], 3, dtype=pl.UINT32)
    x = pl.tile.shl(three, two)
    y = pl.tile.shr(forty, s3)
    a1 = pl.store(x, [0, 0], a)
    b1 = pl.store(y, [0, 0], b)
    return a1, b1
