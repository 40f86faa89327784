# An extent over 2^31 is rejected where it is written, by the op as by an annotation: a
# tile.create of one (and the T dialect's alloc_shared, which becomes one) used to be
# accepted and printed as an annotation that did not read back (found by the front-end
# fuzzer). The same kernel with a valid extent formats.
# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
# RUN: not %ptoc fmt %S/Inputs/huge_dimension_t.py 2>&1 | FileCheck %S/Inputs/huge_dimension_t.py --check-prefix=T
# RUN: sed 's/26666666656/2147483648/' %s | %ptoc fmt - | FileCheck %s --check-prefix=OK
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 64], pl.FP32]):
# CHECK: huge_dimension.py:[[@LINE+3]]:24: error: dimension 0 of the shape of tile.create must be at most 2^31, got 26666666656
# CHECK: hint: split the work into smaller tiles and loop over them with pl.range
# OK: t: pl.Tile{{\[\[}}2147483648], pl.FP32, pl.Mem.Vec] = pl.tile.create([2147483648]
    t = pl.tile.create([26666666656], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    return
