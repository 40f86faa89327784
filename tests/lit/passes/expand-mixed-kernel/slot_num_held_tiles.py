# The vector side holds three popped tiles at once (v, x1, x2 are all used by the last add):
# with the default two slots the cube would wait at its third push for a slot the vector
# never frees (found by the robustness harness through --passes=compile). The pipe gets as
# many slots as tiles are held at once (at least 2).
# RUN: %ptoc opt %s --passes=compile --verify-each | FileCheck %s
# RUN: %ptoc check %s --passes=compile | FileCheck %s --check-prefix=OK
# CHECK: def main_incore_0_aic(
# CHECK: system.aic_initialize_pipe({{.*}}dir_mask=1, slot_size=4096, slot_num=3)
# CHECK: def main_incore_0_aiv(
# CHECK: system.aiv_initialize_pipe({{.*}}dir_mask=1, slot_size=4096, slot_num=3)
# OK: check ok: {{.*}}(bit-exact
import pypto.language as pl


@pl.program
class HeldTiles:
    @pl.function
    def main(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             g: pl.Tensor[[32, 32], pl.FP32], o: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            a_l = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
            b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
            v = pl.move(pl.matmul(a_l, b_r), target_memory=pl.Mem.Vec)
            x1 = pl.move(pl.load(g, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Vec)
            x2 = pl.tile.extract(pl.load(g, [0, 0], [32, 32], target_memory=pl.Mem.Mat), 0, 0, [32, 32], target_memory=pl.Mem.Vec)
            o = pl.store(pl.add(pl.add(v, x1), x2), [0, 0], o)
        return o
