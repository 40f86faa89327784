# The A2/A3 lane-1 replay of an op nested in another's arguments whose empty form is a
# tile.create (here a row_max, whose deduced [M, 1] type could not be empty): the create takes
# its valid shape from its annotation, so it gets a statement of its own; nested ops that stay
# (the adds) stay nested. Found by gen_mixed (the scope without a split); the printed program
# parses back to itself and computes the unsplit kernel's numbers.
# RUN: %ptoc opt %s --passes=compile --arch=a2a3 | FileCheck %s
# RUN: env PTOC_VERIFY_ROUNDTRIP=1 %ptoc check %s --passes=compile --arch=a2a3 --verify-each
# CHECK: else:
# CHECK-NEXT: v_1: pl.Tile{{\[\[}}17, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: empty: pl.Tile{{\[\[}}17, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.create([17, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: e_1: pl.Tile{{\[\[}}17, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 0])] = pl.tile.row_expand_add(pl.tile.adds(v_1, 1.0), empty)
# CHECK-NEXT: pl.system.tfree_to_aic(v_1, split=0)
import pypto.language as pl


@pl.program
class Nested:
    @pl.function
    def main(self, a: pl.Tensor[[17, 16], pl.FP16], b: pl.Tensor[[16, 32], pl.FP16],
             out: pl.Out[pl.Tensor[[17, 32], pl.FP32]]) -> pl.Tensor[[17, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(a, [0, 0], [17, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            s = pl.matmul(a_l, b_r)
            v = pl.move(s, target_memory=pl.Mem.Vec)
            e = pl.row_expand_add(pl.add(v, 1.0), pl.row_max(v))
            out = pl.store(e, [0, 0], out)
        return out
