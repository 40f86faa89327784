# Names are unique program-wide: a hint reused in the same function gets _0, _1; a hint
# another function already outlined is namespaced under the outlining function; a hint or
# a default name equal to an existing function gets a suffix.
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=outline-incore-scopes --entry first | FileCheck %s --check-prefix=FIRST
# RUN: %ptoc check %s --passes=outline-incore-scopes --entry second | FileCheck %s --check-prefix=SECOND
# FIRST: check ok: first gives the same 2 output(s)
# SECOND: check ok: second gives the same 2 output(s)
import pypto.language as pl


@pl.program
class Collide:
    @pl.function(type=pl.FunctionType.InCore)
    def second_incore_0(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return x

    @pl.function
    def first(self, x: pl.Tensor[[16, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kern"):
            a = pl.exp(pl.load(x, [0, 0], [16, 64]))
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kern"):
            b = pl.relu(a)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kern"):
            out_1 = pl.store(b, [0, 0], out)
        return out_1

    @pl.function
    def second(self, x: pl.Tensor[[16, 64], pl.FP32],
               out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="kern"):
            a = pl.exp(pl.load(x, [0, 0], [16, 64]))
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
            b = pl.neg(a)
        with pl.at(level=pl.Level.CORE_GROUP):
            out_1 = pl.store(b, [0, 0], out)
        return out_1

# CHECK:      @pl.program
# CHECK-NEXT: class Collide:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def second_incore_0(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         return x
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def kern(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]) -> pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]:
# CHECK-NEXT:         a: {{.*}} = pl.tile.exp(pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec))
# CHECK-NEXT:         return a
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def kern_0(self, a: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]) -> pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]:
# CHECK-NEXT:         b: {{.*}} = pl.tile.relu(a)
# CHECK-NEXT:         return b
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def kern_1(self, b: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(b, [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def first(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         a: {{.*}} = self.kern(x)
# CHECK-NEXT:         b: {{.*}} = self.kern_0(a)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.kern_1(b, out)
# CHECK-NEXT:         return out_1
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def second_kern(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32]) -> pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]:
# CHECK-NEXT:         a: {{.*}} = pl.tile.exp(pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec))
# CHECK-NEXT:         return a
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def second_first(self, a: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]) -> pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec]:
# CHECK-NEXT:         b: {{.*}} = pl.tile.neg(a)
# CHECK-NEXT:         return b
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.InCore)
# CHECK-NEXT:     def second_incore_0_0(self, b: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tile.store(b, [0, 0], out)
# CHECK-NEXT:         return out
# CHECK-EMPTY:
# CHECK-NEXT:     @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT:     def second(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT:         a: {{.*}} = self.second_kern(x)
# CHECK-NEXT:         b: {{.*}} = self.second_first(a)
# CHECK-NEXT:         out_1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = self.second_incore_0_0(b, out)
# CHECK-NEXT:         return out_1
