# RUN: %ptoc fmt %s | FileCheck %s
# RUN: not %ptoc run %s --entry k 2>&1 | FileCheck %s --check-prefix=SIM
# PyPTO's sub-byte and microscaling dtypes are read and printed; the simulator reports them.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
# CHECK: def k(a: pl.Tensor{{\[\[}}16, 64], pl.FP4], b: pl.Tensor{{\[\[}}16, 64], pl.INT4], c: pl.Tensor{{\[\[}}16, 64], pl.HF8]) -> pl.Tensor{{\[\[}}16, 64], pl.FP4]:
def k(a: pl.Tensor[[16, 64], pl.FP4], b: pl.Tensor[[16, 64], pl.INT4],
      c: pl.Tensor[[16, 64], pl.HF8]) -> pl.Tensor[[16, 64], pl.FP4]:
    # CHECK: t: pl.Tile{{\[\[}}16, 64], pl.FP4, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
    t = pl.load(a, [0, 0], [16, 64])
    return a
# SIM: error: the simulator does not model parameter 'a' of type Tensor{{\[\[}}16, 64], FP4]
