# Regression (robustness harness): vmi.vstore writes its tile in place. A tile created in Acc
# used to get a moved Vec copy that took the stores, so the stored result stayed zero (a
# silent miscompile `ptoc check` caught). Now: a diagnostic at the vstore.
# RUN: not %ptoc opt %s --passes=infer-tile-memory-space 2>&1 | FileCheck %s
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def f(x: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
    a = pl.load(x, [0, 0], [1, 64])
    o = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)
    with pl.simd_vf(lanes=64):
        m: pl.Mask[64] = pl.vmi.create_mask(64, size=64)
        v: pl.VReg[64, pl.FP32] = pl.vmi.vload(a, 0, size=64)
        # CHECK: diag_inplace_write_wrong_space.py:[[@LINE+2]]:9: error: vmi.vstore writes argument 'tile' in place, which must be in Vec memory, but 'o' lives in Acc
        # CHECK: hint: create 'o' in Vec memory (or leave its target_memory out); a moved copy would receive the write instead of 'o'
        pl.vmi.vstore(v, o, 0, m)
    y1 = pl.store(o, [0, 0], y)
    return y1
