# PyPTO's call-site attributes round-trip: `attrs={...}` on a call of a program function
# (arg_directions, one pl.adir.X per argument; scalars such as core_num) and on an op call
# (pipeline_membership), printed back as one dict after the keyword arguments.
# RUN: %ptoc fmt %s > %t.py
# RUN: %ptoc fmt %t.py > %t2.py
# RUN: diff %t.py %t2.py
# RUN: %ptoc equal %s %t.py
# RUN: FileCheck %s < %t.py
# RUN: rm -rf %t.dir && %ptoc run %s --out %t.dir > /dev/null
# RUN: %ptoc fmt %S/Inputs/call_attrs_flag.py --define=FLAG=True | FileCheck %s --check-prefix=DEFINE
import pypto.language as pl


@pl.program
class CallAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
               ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        # CHECK: u: pl.Tile{{.*}} = pl.tile.move(t, target_memory=pl.Mem.Vec, attrs={"pipeline_membership": "0:0"})
        u = pl.tile.move(t, target_memory=pl.Mem.Vec, attrs={"pipeline_membership": "0:0"})
        out = pl.store(u, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]
             ) -> pl.Tensor[[16, 64], pl.FP32]:
        # CHECK: r: pl.Tensor{{.*}} = self.kernel(x, out, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing], "core_num": 4, "sync_start": True, "arg_direction_overrides": [0, 1]})
        r = self.kernel(x, out, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing],
                                       "core_num": 4, "sync_start": True,
                                       "arg_direction_overrides": [0, 1]})
        return r
# DEFINE: attrs={"sync_start": True}
