import pypto.language as pl


@pl.program
class GmWriteOrderLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        for i, (oc,) in pl.range(4, init_values=(o,)):
            a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            acc = pl.matmul(a_l, b_r)
            o2 = pl.store(acc, [0, 0], oc)
            t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
            o3 = pl.store(pl.exp(t), [0, 0], o2)
            oc2 = pl.yield_(o3)
        return oc2
