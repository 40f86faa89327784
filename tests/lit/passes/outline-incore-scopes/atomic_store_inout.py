# An atomic store (atomic=1 adds the tile into the tensor) reads its destination: the
# registry gives tile.store's output_tensor a read-write effect when atomic=1, so the
# outlined function takes the tensor InOut, not Out (a caller may not treat its old contents
# as dead, and `ptoc run` of the outlined function would start it from zeros). A plain store
# of a tensor only written stays Out.
# RUN: %ptoc opt %s --passes=convert-to-ssa,outline-incore-scopes --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile
# CHECK: def f_incore_0(self, x: pl.Tensor{{\[\[}}16, 16], pl.FP32], o: pl.InOut[pl.Tensor{{\[\[}}16, 16], pl.FP32]], p: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]])
import pypto.language as pl


@pl.program
class AtomicInOut:
    @pl.function
    def f(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
          p: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
            o = pl.store(t, [0, 0], o, atomic=True)
            p = pl.store(pl.exp(t), [0, 0], p)
        return o, p
