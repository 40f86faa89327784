# PyPTO op keyword arguments and forms ptoc reads (issue 10): each prints back in canonical form
# and round-trips. tile.load clamp=True narrows the valid region to the tensor's edge (rows
# 2..5 of an 4-row tensor: 2 valid rows); tile.create transpose / flat_layout pick the ZN / flat
# Mat layout; tile.random's dtype defaults to UINT32; mgather's gather_oob spellings are its
# codes; a scalar operand of pl.tile.add / pl.tensor.mul is the scalar form (tile.adds,
# tensor.muls); out_dtype equal to the accumulator dtype is kept; an FP32 Acc tile stores into
# an FP16 tensor (the fixpipe converts); tile.extract may land in Acc.
# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff - %t.py
# CHECK: c: pl.Tile{{\[\[}}4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 8])] = pl.tile.load(x, [2, 0], [4, 8], target_memory=pl.Mem.Vec, clamp=True)
# CHECK: zn: pl.Tile{{\[\[}}16, 16], pl.FP16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat, transpose=True)
# CHECK: flat: pl.Tile{{\[\[}}16, 16], pl.FP16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat, flat_layout=True)
# CHECK: r: pl.Tile{{\[\[}}4, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 64], dtype=pl.UINT32)
# CHECK: = pl.tile.mgather(x, it, gather_oob=3)
# CHECK: = pl.tile.adds(c, v)
# CHECK: = pl.tile.div(c, c, high_precision=True)
# CHECK: acc: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a, b, out_dtype=pl.FP32)
# CHECK: = pl.tile.gemv(a1, b, acc_phase="final")
# CHECK: ex: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.extract(m32, 0, 0, [16, 16], target_memory=pl.Mem.Acc)
# CHECK: tm: pl.Tensor{{\[\[}}4, 8], pl.FP32] = pl.tensor.muls(y, v)
# CHECK: h: pl.Tensor{{\[\[}}16, 16], pl.FP16] = pl.tile.store(acc, [0, 0], out)
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(
    x: pl.Tensor[[4, 8], pl.FP32],
    idx: pl.Tensor[[1, 4], pl.INT32],
    v: pl.Scalar[pl.FP32],
    y: pl.Tensor[[4, 8], pl.FP32],
    out: pl.Out[pl.Tensor[[16, 16], pl.FP16]],
) -> pl.Tensor[[16, 16], pl.FP16]:
    c = pl.tile.load(x, [2, 0], [4, 8], clamp=True)
    zn = pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat, transpose=True)
    flat = pl.tile.create([16, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat, flat_layout=True)
    r = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 64])
    it = pl.tile.load(idx, [0, 0], [1, 4])
    g = pl.tile.mgather(x, it, gather_oob="zero")
    s = pl.tile.add(c, v)
    q = pl.tile.div(c, c, high_precision=True)
    a = pl.move(zn, target_memory=pl.Mem.Left)
    b = pl.move(flat, target_memory=pl.Mem.Right)
    acc = pl.tile.matmul(a, b, out_dtype=pl.FP32)
    a1 = pl.move(pl.tile.create([1, 16], dtype=pl.FP16, target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
    gv = pl.tile.gemv(a1, b, acc_phase="final")
    m32 = pl.tile.create([32, 32], dtype=pl.FP32, target_memory=pl.Mem.Mat)
    ex = pl.tile.extract(m32, 0, 0, [16, 16], target_memory=pl.Mem.Acc)
    tm = pl.tensor.mul(y, v)
    h = pl.tile.store(acc, [0, 0], out)
    return h
