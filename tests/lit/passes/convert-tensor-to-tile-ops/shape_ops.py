# Creation, expansion and shape ops: tensor.full -> tile.full, tensor.expands -> tile.full of
# the operand's shape, expand_clone of a column -> tile.row_expand, cast / reshape /
# transpose -> their tile ops, a slice of a computed value -> tile.slice, tensor.create +
# assemble into it -> tile.create + tile.assemble, tensor.dim -> the constant; a view and the
# extent of a GM tensor stay tensor ops.
# RUN: %ptoc opt %s --passes=convert-tensor-to-tile-ops --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=mixed-split | FileCheck %s --check-prefix=RUNS
# RUNS: check ok: main gives the same 1 output(s)
import pypto.language as pl


@pl.program
class Shapes:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Tensor[[16, 1], pl.FP32]) -> pl.Tensor[[32, 16], pl.FP16]:
        f: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.full([16, 64], 0.5, dtype=pl.FP32)
        e: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.expands(x, 2.0)
        w: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.expand_clone(c, x)
        s1: pl.Tensor[[16, 64], pl.FP32] = pl.add(f, e)
        s2: pl.Tensor[[16, 64], pl.FP32] = pl.mul(s1, w)
        n: pl.Scalar[pl.INDEX] = pl.tensor.dim(s2, 1)
        gv: pl.Tensor[[16, 64], pl.FP32] = pl.tensor.view(x, [16, 64])
        ge: pl.Scalar[pl.INDEX] = pl.tensor.dim(gv, 0)
        h: pl.Tensor[[16, 32], pl.FP32] = pl.tensor.slice(s2, [16, 32], [0, 32])
        t: pl.Tensor[[32, 16], pl.FP32] = pl.tensor.transpose(h, 0, 1)
        acc: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.create([32, 32], dtype=pl.FP32)
        acc1: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.assemble(acc, t, [0, 0])
        acc2: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.assemble(acc1, t, [0, 16])
        r: pl.Tensor[[1024], pl.FP32] = pl.tensor.reshape(acc2, [1024])
        r2: pl.Tensor[[32, 32], pl.FP32] = pl.tensor.reshape(r, [32, 32])
        q: pl.Tensor[[32, 16], pl.FP32] = pl.tensor.slice(r2, [32, 16], [0, 16])
        o: pl.Tensor[[32, 16], pl.FP16] = pl.tensor.cast(q, dtype=pl.FP16)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], c: pl.Tensor[[16, 1], pl.FP32]) -> pl.Tensor[[32, 16], pl.FP16]:
        o: pl.Tensor[[32, 16], pl.FP16] = self.kernel(x, c)
        return o

# CHECK:      f: pl.Tile{{\[\[}}16, 64], pl.FP32{{.*}}] = pl.tile.full([16, 64], 0.5, dtype=pl.FP32)
# CHECK-NEXT: e: pl.Tile{{\[\[}}16, 64], pl.FP32{{.*}}] = pl.tile.full([16, 64], 2.0, dtype=pl.FP32)
# CHECK-NEXT: w: pl.Tile{{.*}} = pl.tile.row_expand(x__tile, c__tile)
# CHECK-NEXT: s1: pl.Tile{{.*}} = pl.tile.add(f, e)
# CHECK-NEXT: s2: pl.Tile{{.*}} = pl.tile.mul(s1, w)
# CHECK-NEXT: n: pl.Scalar[pl.INDEX] = 64
# CHECK-NEXT: gv: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.view(x, [16, 64])
# CHECK-NEXT: ge: pl.Scalar[pl.INDEX] = 16
# CHECK-NEXT: h: pl.Tile{{\[\[}}16, 32], pl.FP32{{.*}}] = pl.tile.slice(s2, [16, 32], [0, 32])
# CHECK-NEXT: t: pl.Tile{{\[\[}}32, 16], pl.FP32{{.*}}] = pl.tile.transpose(h, 0, 1)
# CHECK-NEXT: acc: pl.Tile{{\[\[}}32, 32], pl.FP32{{.*}}] = pl.tile.create([32, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: acc1: pl.Tile{{.*}} = pl.tile.assemble(acc, t, [0, 0])
# CHECK-NEXT: acc2: pl.Tile{{.*}} = pl.tile.assemble(acc1, t, [0, 16])
# CHECK-NEXT: r: pl.Tile{{\[\[}}1024], pl.FP32{{.*}}] = pl.tile.reshape(acc2, [1024])
# CHECK-NEXT: r2: pl.Tile{{\[\[}}32, 32], pl.FP32{{.*}}] = pl.tile.reshape(r, [32, 32])
# CHECK-NEXT: q: pl.Tile{{\[\[}}32, 16], pl.FP32{{.*}}] = pl.tile.slice(r2, [32, 16], [0, 16])
# CHECK-NEXT: o: pl.Tile{{\[\[}}32, 16], pl.FP16{{.*}}] = pl.tile.cast(q, dtype=pl.FP16
