# Found by tests/robustness/gen_mixed.py (whole pipeline): a slice at row 51 of a tile whose valid
# rows end at min(n + 28, 65) was typed with min(6, min(n + 28, 65) - 51) valid rows — negative
# for n < 23, where the simulator (and the hardware) hold an empty region. Deduction now clamps
# the extent at 0 (min(6, max(V - 51, 0))); the simulator's check that AIV tiles hold the valid
# region their types give found it.
# RUN: %ptoc opt %s --passes=mixed-split | FileCheck %s --check-prefix=IR
# RUN: %ptoc check %s --passes=compile | FileCheck %s
# RUN: %ptoc check %s --passes=compile --arch=a2a3 | FileCheck %s
# CHECK: check ok
# IR: part: pl.Tile{{\[\[}}6, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(6, pl.max(pl.min(n + 28, 65) - 51, 0)), 8])] = pl.tile.slice(dv, [6, 8], [51, 0])
import pypto.language as pl


@pl.program
class SlicePastValid:
    @pl.function
    def main(self, a: pl.Tensor[[65, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16],
             x: pl.Tensor[[65, 16], pl.FP32], n: pl.Scalar[pl.INDEX],
             s_out: pl.Out[pl.Tensor[[65, 16], pl.FP32]],
             y: pl.Out[pl.Tensor[[7, 19], pl.FP32]]) -> tuple[pl.Tensor[[65, 16], pl.FP32], pl.Tensor[[7, 19], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(a, [0, 0], [65, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(a_l, b_r)
            s_out = pl.store(s, [0, 0], s_out)
            for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                v = pl.load(x, [0, 0], [65, 16])
                dv = pl.tile.set_validshape(v, pl.min(n + 28, 65), 16)
                part = pl.slice(dv, [6, 16], [51, 0])
                y = pl.store(pl.exp(part), [1, 3], y)
        return s_out, y
