# A tpop annotated with a constant valid_shape has that valid region (the form of the A2/A3
# lane-1 replay's empty pops, valid_shape [0, 0]): the AIV pops the pushed 16 x 16 tile
# annotated [8, 16], so its store writes rows 0-7 of `res` (random, non-zero inputs) and rows
# 8-15 keep their zeros. (Before, the annotation was ignored and all 16 rows were stored.)
# RUN: rm -rf %t && %ptoc run %s --entry pv --out %t | FileCheck %s
# CHECK: ran pv in {{.*}}; inputs: a (random), res (zeros) [seed 0]; wrote res.npy, return_0.npy
# RUN: %python -c "import struct; d = open('%t/res.npy', 'rb').read(); n = int.from_bytes(d[8:10], 'little'); o = struct.unpack('<256f', d[10 + n:]); assert all(v == 0 for v in o[128:]) and all(v != 0 for v in o[:128]), o"
import pypto.language as pl


@pl.program
class PopValid:
    @pl.function(type=pl.FunctionType.AIC)
    def send(self, a: pl.Tensor[[16, 16], pl.FP32], res: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        buf = pl.system.import_peer_buffer(name="pv_buf", peer_func="recv")
        pl.system.aic_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        m = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(m, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def recv(self, a: pl.Tensor[[16, 16], pl.FP32], res: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        buf = pl.system.reserve_buffer(name="pv_buf", size=2048)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.tile.tpop_from_aic(split=0)
        res = pl.store(t, [0, 0], res)
        pl.system.tfree_to_aic(t)
        return res

    @pl.function(type=pl.FunctionType.Group)
    def pv(self, a: pl.Tensor[[16, 16], pl.FP32], res: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.send(a, res)
        self.recv(a, res)
        return res
