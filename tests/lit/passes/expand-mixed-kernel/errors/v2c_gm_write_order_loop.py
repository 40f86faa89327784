# Across a loop's back edge: each iteration the cube stores into `o`, the vector side reads it
# back and stores into it. The cube store of iteration i+1 must land after the vector store of
# iteration i (the next load reads the cube's value), but nothing orders them: the AIC may run
# an iteration ahead. Rejected at the cube store, naming the previous iteration.
# RUN: not %ptoc opt %s --passes=compile 2>&1 | FileCheck %s
# CHECK: {{.*}}v2c_gm_write_order_loop.py:27:18: error: expand-mixed-kernel: this cube tile.store stores into 'o', which the vector side stored in the previous iteration (the vector side reads it in the loop); after the split the AIC and the AIV run concurrently
# CHECK: {{.*}}v2c_gm_write_order_loop.py:29:18: note: the vector store of 'o'
# CHECK: hint: hand the vector result to the cube with a tile.move into cube memory
# A loop that runs once has no back edge: accepted, and the result is the same.
# RUN: sed -e 's/pl.range(4,/pl.range(1,/' %s > %t.once.py
# RUN: %ptoc check %t.once.py --passes=compile
# RUN: %ptoc check %t.once.py --passes=compile --schedule=aiv-first
# Without the vector read the last value is the last vector store's either way: accepted.
# RUN: sed -e 's/t = pl.load(o2, /t = pl.load(x, /' %s > %t.noread.py
# RUN: %ptoc check %t.noread.py --passes=compile
# RUN: %ptoc check %t.noread.py --passes=compile --schedule=aiv-first
import pypto.language as pl


@pl.program
class GmBackEdge:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        for i, (oc,) in pl.range(4, init_values=(o,)):
            acc = pl.matmul(pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left), pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right))
            o2 = pl.store(acc, [0, 0], oc)
            t = pl.load(o2, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
            o3 = pl.store(pl.exp(t), [0, 0], o2)
            oc2 = pl.yield_(o3)
        return oc2
