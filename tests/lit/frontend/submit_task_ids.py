# RUN: %ptoc fmt %s | FileCheck %s
# RUN: %ptoc fmt %s > %t.py && %ptoc fmt %t.py | diff %t.py -
# RUN: not %ptoc run %s --entry main 2>&1 | FileCheck %s --check-prefix=SIM
# pl.submit launches a kernel and yields its task id (Scalar[TASK_ID]); deps= lists the task
# ids (or arrays of them) it waits for. Its canonical form is the op system.submit, with the
# kernel's arguments and the deps as tuples (a list when every element is a scalar). Task-id arrays are pl.Array[n, pl.TASK_ID].
import pypto.language as pl


@pl.program
class Chain:
    @pl.function(type=pl.FunctionType.InCore)
    def stage(self, x: pl.Tensor[[16, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        out = pl.store(t, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        # CHECK: first: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()
        first = pl.system.task_invalid()
        # CHECK: tids: pl.Array[2, pl.TASK_ID] = pl.array.create(2, dtype=pl.TASK_ID)
        tids = pl.array.create(2, pl.TASK_ID)
        with pl.manual_scope():
            # CHECK: a_tid_tuple: tuple[pl.Tensor{{\[\[}}16, 64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.system.submit((x, out), [first], kernel="stage")
            a, tid = pl.submit(self.stage, x, out, deps=[first])
            # CHECK: tids: pl.Array[2, pl.TASK_ID] = pl.array.update_element(tids, 0, tid)
            tids = pl.array.update_element(tids, 0, tid)
            # CHECK: pl.system.submit((x, a), (tids,), kernel="stage", allow_early_resolve=True)
            b, tid2 = pl.submit(self.stage, x, a, deps=[tids], allow_early_resolve=True)
            # CHECK: all_done: pl.Scalar[pl.TASK_ID] = pl.system.task_dummy((tids, tid2))
            all_done = pl.system.task_dummy(deps=[tids, tid2])
            # CHECK: ok: pl.Scalar[pl.BOOL] = pl.system.task_is_valid(all_done)
            ok = pl.system.task_is_valid(all_done)
        return b
# SIM: error: the simulator does not model pl.TASK_ID values ('first' is Scalar[TASK_ID])
