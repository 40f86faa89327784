# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
    t = pl.load(x, [0, 0], [16, 64])
    with pl.simd_vf(lanes=64):
        a = pl.vmi.vload(t, 0, size=64)
# CHECK: hint_kind_mask.py:[[@LINE+2]]:25: error: argument 1 of vmi.vsel must be a mask, got Tile{{\[\[}}16, 64], FP32, Vec]
# CHECK: hint: make one with pl.vmi.create_mask(64, size=64) (all lanes) or compare registers with pl.vmi.vcmp(a, b, seed_mask, cmp="lt")
        s = pl.vmi.vsel(t, a, a)
