# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    with pl.simd_vf(lanes=64):
        m = pl.vmi.create_mask(64, size=64)
# CHECK: hint_kind_tile_for_vreg.py:[[@LINE+2]]:25: error: argument 1 of vmi.vadd must be a vector register, got Tile{{\[\[}}16, 64], FP32, Vec]
# CHECK: hint: read it into a register inside a `with pl.simd_vf(lanes=64):` region: pl.vmi.vload(t, offset, size=64)
        v = pl.vmi.vadd(t, t, m)
