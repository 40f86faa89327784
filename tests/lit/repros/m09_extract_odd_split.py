# Repro m09: tile.extract of a Mat tile with an odd split extent (65 rows, UP_DOWN).
# Halving the extract's window put lane 1 at rows [33, 66) of a 65-row tile. tile.extract
# has no valid-shape form for lane 1's shorter share, so the pass extracts the whole
# window and slices this lane's rows with their valid extent (the slice window may
# overhang an odd source; only its valid part must lie inside). The LEFT_RIGHT function
# does the same on 33 columns.
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s
# RUN: %ptoc opt %s --passes=mixed-split --verify-each | FileCheck %s --check-prefix=IR
# CHECK: check ok
# IR: ex: pl.Tile{{\[\[}}33, 64], {{.*}} = pl.tile.slice(pl.tile.extract(gm, 0, 0, [65, 64], target_memory=pl.Mem.Vec), [33, 64], [subblock_idx * 33, 0], [pl.min(pl.max(65, subblock_idx * 33) - subblock_idx * 33, 33), 64])
# IR: ex: pl.Tile{{\[\[}}16, 17], {{.*}} = pl.tile.slice(pl.tile.extract(gm, 0, 0, [16, 33], target_memory=pl.Mem.Vec), [16, 17], [0, subblock_idx * 17], [16, pl.min(pl.max(33, subblock_idx * 17) - subblock_idx * 17, 17)])
import pypto.language as pl


@pl.program
class ExtractOdd:
    @pl.function
    def main(self, a: pl.Tensor[[65, 32], pl.FP16], b: pl.Tensor[[32, 64], pl.FP16], g: pl.Tensor[[65, 64], pl.FP32],
             b2: pl.Tensor[[32, 33], pl.FP16], g2: pl.Tensor[[16, 33], pl.FP32],
             o: pl.Out[pl.Tensor[[65, 64], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 33], pl.FP32]]) -> tuple[pl.Tensor[[65, 64], pl.FP32], pl.Tensor[[16, 33], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            a_l = pl.move(pl.load(a, [0, 0], [65, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            gm = pl.load(g, [0, 0], [65, 64], target_memory=pl.Mem.Mat)
            ex = pl.tile.extract(gm, 0, 0, [65, 64], target_memory=pl.Mem.Vec)
            o = pl.store(pl.add(v, ex), [0, 0], o)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b2, [0, 0], [32, 33], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            gm = pl.load(g2, [0, 0], [16, 33], target_memory=pl.Mem.Mat)
            ex = pl.tile.extract(gm, 0, 0, [16, 33], target_memory=pl.Mem.Vec)
            o2 = pl.store(pl.sub(v, ex), [0, 0], o2)
        return o, o2
