# A vector tile.extract reading a Mat tile (a C->V boundary without a pl.move): the cube cuts
# the window in Mat and pushes it (split=0); the AIV pops it as the extract's Vec tile. (It
# used to be rejected: the tile exists only on the AIC.) Repro m09 and
# lower-auto-vector-split/create_and_extract_up_down.py cover the split forms (a static window
# sliced per lane; a lane-offset window the AIV slices out of the whole pushed source).
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=OK
# CHECK: def f_aic(
# (schedule-cross-core issues the push of s as soon as s is computed, then the window cut.)
# CHECK: pl.tile.tpush_to_aiv(s, split=0)
# CHECK-NEXT: gm: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.load(gt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: g_win: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Mat] = pl.tile.extract(gm, 0, 0, [64, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: pl.tile.tpush_to_aiv(g_win, split=0)
# CHECK: def f_aiv(
# CHECK: g: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class CubeRead:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16],
          gt: pl.Tensor[[64, 64], pl.FP32],
          y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        gm = pl.load(gt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        s = pl.matmul(a_l, b_r)
        h = pl.move(s, target_memory=pl.Mem.Vec)
        g = pl.tile.extract(gm, 0, 0, [64, 64], target_memory=pl.Mem.Vec)
        y1 = pl.store(pl.add(h, g), [0, 0], y)
        return y1
