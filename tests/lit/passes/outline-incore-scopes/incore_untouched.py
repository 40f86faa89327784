# InCore functions are not visited: a pl.split_aiv region written directly in an InCore
# function is wrapped in a pl.at scope by the parser (whatever the enclosing function's
# type) and stays that way; lower-auto-vector-split rejects it later. A program without
# scopes in Opaque / Orchestration functions comes out unchanged.
# RUN: %ptoc fmt %s | FileCheck %s --check-prefix=PARSED
# RUN: %ptoc opt %s --passes=outline-incore-scopes --verify-each > %t.py
# RUN: %ptoc fmt %s | diff - %t.py
# RUN: FileCheck %s --input-file %t.py
import pypto.language as pl


@pl.program
class Untouched:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[128, 128], pl.FP32],
          c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            base = aiv_id * 64
            c_1 = pl.store(pl.exp(pl.load(a, [base, 0], [64, 128])), [base, 0], c)
        return c_1

    @pl.function(type=pl.FunctionType.InCore)
    def g(self, a: pl.Tensor[[128, 128], pl.FP32],
          c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="inner"):
            c_1 = pl.store(pl.load(a, [0, 0], [128, 128]), [0, 0], c)
        return c_1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 128], pl.FP32],
             c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        c_1 = self.g(a, c)
        return c_1

# PARSED:      def f(
# PARSED-NEXT:     with pl.at(level=pl.Level.CORE_GROUP):
# PARSED-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK:      def f(
# CHECK-NEXT:     with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT:         for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK:      def g(
# CHECK-NEXT:     with pl.at(level=pl.Level.CORE_GROUP, name_hint="inner"):
# CHECK-NOT: @pl.function
# CHECK:      @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT: def main(
