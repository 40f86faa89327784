# RUN: %ptoc fmt %s | FileCheck %s
# Runtime task scopes of orchestration code print back in their canonical spelling:
# pl.scope(mode=pl.ScopeMode.MANUAL) is pl.manual_scope().
import pypto.language as pl


@pl.program
class Scopes:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
               ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        y = pl.store(t, [0, 0], y)
        return y

    # A hand-placed AUTO scope needs auto_scope=False (printed back in the decorator).
    # CHECK: @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.HOST, role=pl.Role.Orchestrator, auto_scope=False)
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.HOST, role=pl.Role.Orchestrator, auto_scope=False)
    def orch(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = pl.create_tensor([16, 64], dtype=pl.FP32)
        # CHECK: with pl.manual_scope():
        with pl.scope(mode=pl.ScopeMode.MANUAL):
            y = self.kernel(x, y)
        # CHECK: with pl.scope():
        with pl.scope():
            y = self.kernel(x, y)
        # CHECK: with pl.spmd(4, sync_start=True, name_hint="stage1", optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        with pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="stage1", sync_start=True):
            y = self.kernel(x, y)
        # CHECK: with pl.cluster():
        with pl.cluster():
            # CHECK: with pl.spmd(n):
            with pl.spmd(core_num=n):
                y = self.kernel(x, y)
        return y
