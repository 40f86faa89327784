# A cube store into a tensor the vector side stored earlier, with nothing between them on the
# V->C pipe: after the split the AIC and the AIV run concurrently and only the C->V direction is
# fenced, so which write lands last depends on their timing (the simulator ran the AIC first
# and kept the vector's values: a silent mismatch). Rejected at the cube store, with a note at
# the vector store; the atomic form (the cube adds into the tensor, reading it) too. A cube
# load of such a tensor stays accepted, as in the reference (reference/a2a3.test, VCGM).
# RUN: not %ptoc opt %s --passes=compile 2>&1 | FileCheck %s
# CHECK: {{.*}}v2c_gm_write_order.py:27:14: error: expand-mixed-kernel: this cube tile.store stores into 'o', which the vector side stored earlier; after the split the AIC and the AIV run concurrently and nothing orders the cube access after the vector store, so the result depends on their timing
# CHECK: {{.*}}v2c_gm_write_order.py:23:14: note: the vector store of 'o'
# CHECK: hint: hand the vector result to the cube with a tile.move into cube memory
# RUN: sed -e 's/o2 = pl.store(acc, \[0, 0\], o1)/o2 = pl.store(acc, [0, 0], o1, atomic=True)/' %s > %t.py
# RUN: not %ptoc opt %t.py --passes=compile 2>&1 | FileCheck %s --check-prefix=ADD
# ADD: error: expand-mixed-kernel: this cube tile.store adds into 'o', which the vector side stored earlier
import pypto.language as pl


@pl.program
class GmWriteOrder:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        o1 = pl.store(pl.exp(t), [0, 0], o)
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(a_l, b_r)
        o2 = pl.store(acc, [0, 0], o1)
        return o2
