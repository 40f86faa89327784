# A hand-written standalone split AIV kernel (an AIV function with split codes, neither split_aiv
# nor dual_aiv_dispatch) is written full width, as if one vector core held the whole tile
# (pypto-facts §3.9 arm 3): split-vector-kernel halves it. The simulator runs the source the
# same way, once on lane 0 with whole tiles through the split-coded pipe, so `check` compares
# like with like (before, it ran the source on two lanes, each pushing the whole tile as its
# half: compile-mutations seed 32 found the mismatch). A kernel stamped dual_aiv_dispatch is
# per lane as written: split-vector-kernel only stamps its split (sim/pipe_v2c_gather.py).
# The program is sim/pipe_v2c_gather.py (per lane, dual_aiv_dispatch) written full width: no
# marker, no lane index, the whole [64, 128] load.
# RUN: sed -e '/"dual_aiv_dispatch": True/d' -e '/sb = pl.tile.get_subblock_idx()/d' -e 's/pl.load(x, \[sb \* 32, 0\], \[32, 128\])/pl.load(x, [0, 0], [64, 128])/' %S/pipe_v2c_gather.py > %t.py
# RUN: %ptoc run %t.py | FileCheck %s --check-prefix=RAN
# RUN: %ptoc check %t.py --passes=compile | FileCheck %s --check-prefix=OK
# RUN: %ptoc check %t.py --passes=compile --arch=a2a3 | FileCheck %s --check-prefix=OK
# RUN: %ptoc opt %t.py --passes=compile | FileCheck %s
# RUN: sed 's/^        v2c = pl.system.import_peer_buffer/        pl.func_attr({"dual_aiv_dispatch": True})\n        v2c = pl.system.import_peer_buffer/' %t.py > %t.dual.py
# RUN: %ptoc opt %t.dual.py --passes=convert-to-ssa,split-vector-kernel | FileCheck %s --check-prefix=DUAL
# RUN: not %ptoc run %t.dual.py 2>&1 | FileCheck %s --check-prefix=DUALSIM
# RAN: ran proj in
# OK: check ok: proj gives the same 2 output(s)
# CHECK: def proj_aiv(
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# CHECK: xh: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0 + subblock_idx * 32, 0], [32, 128], target_memory=pl.Mem.Vec)
# DUAL: def proj_aiv(
# DUAL-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# DUAL: xh: pl.Tile{{\[\[}}64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 128], target_memory=pl.Mem.Vec)
# DUALSIM: does not fit the slot_size 16384
