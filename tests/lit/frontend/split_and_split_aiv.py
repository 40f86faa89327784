# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
# A scope that splits automatically (pl.split) cannot also hold explicit pl.split_aiv regions;
# the front end rejects it at the scope when it reads the program (PyPTO does too).
import pypto.language as pl


@pl.function
def f(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
      ) -> pl.Tensor[[16, 64], pl.FP32]:
    # CHECK: split_and_split_aiv.py:[[@LINE+2]]:5: error: a pl.at scope with optimizations=[pl.split(pl.SplitMode.UP_DOWN)] cannot also hold pl.split_aiv regions: the function-level split and the per-region modes are mutually exclusive
    # CHECK: hint: drop pl.split(...)
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [aiv_id * 8, 0], [8, 64], target_memory=pl.Mem.Vec)
            y = pl.store(t, [aiv_id * 8, 0], y)
    return y
