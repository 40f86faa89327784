# RUN: %ptoc fmt %s | FileCheck %s
# PyPTO's printer adds memory-planning details to types: pl.MemRef(...) is read and dropped,
# the plain row-major view (pl.ND, pl.TensorView(stride=[], layout=pl.TensorLayout.ND)) is
# the tensor itself (other layouts: tensor_views.py).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
# CHECK: def f(x: pl.Tensor{{\[\[}}16, 64], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
def f(x: pl.Tensor[[16, 64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 4096)],
      y: pl.Out[pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.ND)]]
      ) -> pl.Tensor[[16, 64], pl.FP32, pl.ND]:
    # CHECK: t: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load
    t: pl.Tile[[16, 64], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec] = pl.load(x, [0, 0], [16, 64])
    y = pl.store(t, [0, 0], y)
    return y
