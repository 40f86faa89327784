# Vectorized region over a 2-D tile.
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%X: !pto.ptr<f32>, %Y_init: !pto.ptr<f32>, %Y: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%x_pv : !pto.partition_tensor_view<3x128xf32>) outs(%x_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=3, cols=128, v_row=3, v_col=128, blayout=row_major, slayou
# A5: pto.tload ins(%y_pv : !pto.partition_tensor_view<3x128xf32>) outs(%y_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=3, cols=128, v_row=3, v_col=128, blayout=row_major, slayou
# A5: pto.vecscope {
# A5: scf.for %i = %c0 to %c3 step %c1 {
# A5: %q_res:1 = scf.for %q = %c0 to %c2 step %c1 iter_args(%remaining = %c70_i32) -> (i32) {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<64xpred>
# A5: %vload_0 = pto.vmi.vload %x_1_ub[%v_2] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
# A5: %vadds_1 = pto.vmi.vadds %vload_0, %cst_f32, %mask : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
# A5: pto.vmi.vstore %vadds_1, %y_1_ub[%v_5], %mask : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
# A5: scf.yield %v_6 : i32
# A5: pto.tstore ins(%y_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=3, cols=128, v_row=3, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%Y_pv : !pto.
import tilelang.language as T


@T.prim_func
def main(X: T.Tensor((3, 128), "float32"), Y_init: T.Tensor((3, 128), "float32"),
         Y: T.Tensor((3, 128), "float32")):
    with T.Kernel(1):
        x = T.alloc_shared((3, 128), "float32")
        y = T.alloc_shared((3, 128), "float32")
        T.copy(X, x)
        T.copy(Y_init, y)
        with T.SimdVF(lanes=64), T.Parallel(3, 70) as (i, j):
            y[i, j] = x[i, j] + 1.0
        T.copy(y, Y)
