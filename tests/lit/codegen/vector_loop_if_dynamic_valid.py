# Pure vector kernel: a dynamic valid shape (v_row=?, alloc_tile valid_row = %n), a tile carried
# by a loop (one buffer; the yielded value is moved into it) and an if whose tile result is a
# buffer allocated before it that each branch moves into. The store is guarded by `n > 0`
# (guard-empty-stores: TSTORE requires a non-empty valid region, and n may be 0).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: %ptoc compile %s --arch=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
# A5-LABEL: func.func @f(%x: !pto.ptr<f32>, %n: index, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: %acc_pv = pto.partition_view %x_view, offsets = [%c0, %c0], sizes = [%n, %c64] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A5: %acc = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A5: pto.tload ins(%acc_pv : !pto.partition_tensor_view<?x64xf32>) outs(%acc : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout
# A5: scf.for %i = %c1 to %c4 step %c1 {
# A5: %t_pv = pto.partition_view %x_view, offsets = [%v, %c0], sizes = [%n, %c64] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A5: %t = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=5
# A5: pto.tload ins(%t_pv : !pto.partition_tensor_view<?x64xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=non
# A5: %acc_1 = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A5: scf.if %cmp {
# A5: %acc_2 = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A5: pto.tadd ins(%acc, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=
# A5: pto.tmov ins(%acc_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc_1 : !pto.t
# A5: } else {
# A5: %acc_3 = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A5: pto.tmax ins(%acc, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=
# A5: pto.tmov ins(%acc_3 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc_1 : !pto.t
# A5: pto.tmov ins(%acc_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc : !pto.til
# A5: %cmp_1 = arith.cmpi sgt, %n, %c0 : index
# A5-NEXT: scf.if %cmp_1 {
# A5-NEXT: %y_lane_pv = pto.partition_view %y_view, offsets = [%c0, %c0], sizes = [%n, %c64] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A5-NEXT: pto.tstore ins(%acc : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y_lane_pv : !pto.pa
# A2A3-LABEL: func.func @f(%x: !pto.ptr<f32>, %n: index, %y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A2A3: %acc_pv = pto.partition_view %x_view, offsets = [%c0, %c0], sizes = [%n, %c64] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A2A3: %acc = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal
# A2A3: pto.tload ins(%acc_pv : !pto.partition_tensor_view<?x64xf32>) outs(%acc : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout
# A2A3: scf.for %i = %c1 to %c4 step %c1 {
# A2A3: %t_pv = pto.partition_view %x_view, offsets = [%v, %c0], sizes = [%n, %c64] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A2A3: %t = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=5
# A2A3: pto.tload ins(%t_pv : !pto.partition_tensor_view<?x64xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=non
# A2A3: %acc_1 = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A2A3: scf.if %cmp {
# A2A3: %acc_2 = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A2A3: pto.tadd ins(%acc, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=
# A2A3: pto.tmov ins(%acc_2 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc_1 : !pto.t
# A2A3: } else {
# A2A3: %acc_3 = pto.alloc_tile valid_row = %n valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fract
# A2A3: pto.tmax ins(%acc, %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=
# A2A3: pto.tmov ins(%acc_3 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc_1 : !pto.t
# A2A3: pto.tmov ins(%acc_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%acc : !pto.til
# A2A3: %cmp_1 = arith.cmpi sgt, %n, %c0 : index
# A2A3-NEXT: scf.if %cmp_1 {
# A2A3-NEXT: %y_lane_pv = pto.partition_view %y_view, offsets = [%c0, %c0], sizes = [%n, %c64] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x64xf32>
# A2A3-NEXT: pto.tstore ins(%acc : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y_lane_pv : !pto.pa
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
      y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    acc = pl.load(x, [0, 0], [16, 64], valid_shape=[n, 64])
    for i in pl.range(1, 4):
        t = pl.load(x, [i * 16, 0], [16, 64], valid_shape=[n, 64])
        if i < 2:
            acc = pl.add(acc, t)
        else:
            acc = pl.maximum(acc, t)
    y = pl.store(acc, [0, 0], y)
    return y
