# Pipe misuse is an error at the op that finds it (file:line:col, exit status 1), never a
# hang: a push while every slot is in use and nobody frees one, slot sizes that disagree
# between the two ends, a tile larger than the slot, a slot buffer of the wrong size, a
# split code that differs between push and pop, a pop annotated with the wrong shape, and an
# import from a function that is not the peer.
# RUN: not %ptoc run %s --entry full 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not %ptoc run %s --entry sizes 2>&1 | FileCheck %s --check-prefix=SIZES
# RUN: not %ptoc run %s --entry big 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: not %ptoc run %s --entry reserve 2>&1 | FileCheck %s --check-prefix=RESERVE
# RUN: not %ptoc run %s --entry codes 2>&1 | FileCheck %s --check-prefix=CODES
# RUN: not %ptoc run %s --entry shape 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not %ptoc run %s --entry peer 2>&1 | FileCheck %s --check-prefix=PEER
# RUN: not %ptoc run %s --entry lonely 2>&1 | FileCheck %s --check-prefix=LONELY
import pypto.language as pl


@pl.program
class PipeErrors:
    # --- three pushes through two slots; the consumer never frees ---
    @pl.function(type=pl.FunctionType.AIC)
    def full_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="full_c2v", peer_func="full_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        for i in pl.range(3):
            # FULL: pipe_errors.py:[[@LINE+3]]:{{[0-9]+}}: error: deadlock in core group 'full': full_aic (AIC) waits in tile.tpush_to_aiv and no task can proceed
            # FULL: note: full_aic (AIC) is blocked in tile.tpush_to_aiv: all 2 slots of the C2V pipe 0 are in use, and only system.tfree_to_aic releases one (full_aiv (AIV lane 0) is blocked)
            # FULL: note: full_aiv (AIV lane 0) is blocked in tile.tpop_from_aic: the C2V pipe 0 holds no tile for lane 0 (tile #2 of 2 pushed), and full_aic (AIC) is blocked
            pl.tile.tpush_to_aiv(t, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def full_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="full_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        for i in pl.range(3):
            h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)

    @pl.function(type=pl.FunctionType.Group)
    def full(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.full_aic(x)
        self.full_aiv(x)

    # --- the two ends disagree on slot_size ---
    @pl.function(type=pl.FunctionType.AIC)
    def sizes_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="sizes_c2v", peer_func="sizes_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)

    @pl.function(type=pl.FunctionType.AIV)
    def sizes_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="sizes_c2v", size=1024, base=-1)
        # SIZES: pipe_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: slot_size mismatch on the C2V pipe 0: sizes_aiv sets slot_size=512, but sizes_aic set slot_size=1024
        # SIZES: pipe_errors.py:{{[0-9]+}}:{{[0-9]+}}: note: sizes_aic sets up the pipe here
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=512, slot_num=2)

    @pl.function(type=pl.FunctionType.Group)
    def sizes(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.sizes_aic(x)
        self.sizes_aiv(x)

    # --- a tile larger than the slot ---
    @pl.function(type=pl.FunctionType.AIC)
    def big_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="big_c2v", peer_func="big_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=512, slot_num=2)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        # BIG: pipe_errors.py:[[@LINE+1]]:{{[0-9]+}}: error: tile.tpush_to_aiv in big_aic pushes [16, 16] FP32 (1024 bytes), which does not fit the slot_size 512 of the C2V pipe 0
        pl.tile.tpush_to_aiv(t, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def big_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="big_c2v", size=1024, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=512, slot_num=2)

    @pl.function(type=pl.FunctionType.Group)
    def big(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.big_aic(x)
        self.big_aiv(x)

    # --- a slot buffer that is not slot_size x slot_num ---
    @pl.function(type=pl.FunctionType.AIC)
    def reserve_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="reserve_c2v", peer_func="reserve_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=4)

    @pl.function(type=pl.FunctionType.AIV)
    def reserve_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="reserve_c2v", size=2048, base=-1)
        # RESERVE: pipe_errors.py:[[@LINE+1]]:{{[0-9]+}}: error: slot buffer 'reserve_c2v' of the C2V pipe 0 has 2048 bytes, but slot_size 1024 x slot_num 4 = 4096
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=4)

    @pl.function(type=pl.FunctionType.Group)
    def reserve(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.reserve_aic(x)
        self.reserve_aiv(x)

    # --- pushed with split=1, popped with split=0 ---
    @pl.function(type=pl.FunctionType.AIC)
    def codes_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="codes_c2v", peer_func="codes_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(t, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def codes_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="codes_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        # CODES: pipe_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: tile.tpop_from_aic(split=0) in codes_aiv pops a tile pushed with split=1 by codes_aic (AIC)
        # CODES: pipe_errors.py:{{[0-9]+}}:{{[0-9]+}}: note: pushed here
        h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)

    @pl.function(type=pl.FunctionType.Group)
    def codes(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.codes_aic(x)
        self.codes_aiv(x)

    # --- the pop's annotation does not match the lane's half ---
    @pl.function(type=pl.FunctionType.AIC)
    def shape_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        c2v = pl.system.import_peer_buffer(name="shape_c2v", peer_func="shape_aiv")
        pl.system.aic_initialize_pipe(c2v, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        t = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        pl.tile.tpush_to_aiv(t, split=2)

    @pl.function(type=pl.FunctionType.AIV)
    def shape_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        pl.func_attr({"dual_aiv_dispatch": True})
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="shape_c2v", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024, slot_num=2)
        # SHAPE: pipe_errors.py:[[@LINE+1]]:{{[0-9]+}}: error: tile.tpop_from_aic in shape_aiv is annotated Tile{{\[\[}}8, 16], FP32, Vec], but lane 0's half of the pushed [16, 16] FP32 tile is [16, 8] FP32
        h: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)

    @pl.function(type=pl.FunctionType.Group)
    def shape(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.shape_aic(x)
        self.shape_aiv(x)

    # --- import_peer_buffer names a function that is not the peer ---
    @pl.function(type=pl.FunctionType.AIC)
    def peer_aic(self, x: pl.Tensor[[16, 16], pl.FP32]):
        # PEER: pipe_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: system.import_peer_buffer in peer_aic imports 'peer_c2v' from 'full_aiv', but the peer of peer_aic in core group 'peer' is 'peer_aiv'
        # PEER: hint: write peer_func="peer_aiv"
        c2v = pl.system.import_peer_buffer(name="peer_c2v", peer_func="full_aiv")

    @pl.function(type=pl.FunctionType.AIV)
    def peer_aiv(self, x: pl.Tensor[[16, 16], pl.FP32]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="peer_c2v", size=2048, base=-1)

    @pl.function(type=pl.FunctionType.Group)
    def peer(self, x: pl.Tensor[[16, 16], pl.FP32]):
        self.peer_aic(x)
        self.peer_aiv(x)

    # --- a pipe op outside a core group ---
    @pl.function(type=pl.FunctionType.InCore)
    def lonely(self, x: pl.Tensor[[16, 16], pl.FP32]):
        # LONELY: pipe_errors.py:[[@LINE+2]]:{{[0-9]+}}: error: system.reserve_buffer runs outside a core group
        # LONELY: hint: pipe ops work in the AIC and AIV functions called by a Group function
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048, base=-1)
