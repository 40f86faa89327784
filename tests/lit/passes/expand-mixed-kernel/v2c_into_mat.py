# A V->C move into Mat that names no layout: the AIC pops it straight into the move's
# destination (Mat), moves it on to Left itself and frees the slot after that move. On A2/A3
# the AIV pushes the tile as it is; on A5 the push goes through the NZ adapter (the cube's FIFO
# reads it as fractal), like every push to the cube.
# RUN: %ptoc opt %s --passes=compile --arch=a2a3 --verify-each | FileCheck %s
# RUN: %ptoc opt %s --passes=compile | FileCheck %s --check-prefix=A5
# RUN: %ptoc check %s --passes=compile
# RUN: %ptoc check %s --passes=compile --arch=a2a3
# A5: pl.tile.tpush_to_aic(xs_nz, split=0)
# CHECK: def mm_aic(
# CHECK: xs_m: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=0)
# CHECK-NEXT: xs_l: {{.*}} = pl.tile.move(xs_m, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(xs_m, split=0)
# CHECK: def mm_aiv(
# CHECK-NOT: _nz
# CHECK: pl.tile.tpush_to_aic(xs, split=0)
import pypto.language as pl


@pl.program
class IntoMat:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, x: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP16],
           out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        xv = pl.load(x, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
        xs = pl.cast(pl.muls(xv, 0.5), pl.FP16)
        xs_m = pl.move(xs, target_memory=pl.Mem.Mat)
        xs_l = pl.move(xs_m, target_memory=pl.Mem.Left)
        w_r = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        o = pl.matmul(xs_l, w_r)
        out1 = pl.store(o, [0, 0], out)
        return out1
