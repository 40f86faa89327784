# A serial loop around a parallel unit (nested scf.for).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%A: !pto.ptr<f32>, %B: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%a_pv : !pto.partition_tensor_view<3x128xf32>) outs(%a_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=3, cols=128, v_row=3, v_col=128, blayout=row_major, slayou
# A5: pto.vecscope {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<64xpred>
# A5: scf.for %r = %c0 to %c3 step %c1 {
# A5: scf.for %q = %c0 to %c2 step %c1 {
# A5: %vload_0 = pto.vmi.vload %a_1_ub[%v_2] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
# A5: %vmuls_1 = pto.vmi.vmuls %vload_0, %cst_f32, %mask : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
# A5: pto.vmi.vstore %vmuls_1, %b_ub[%v_5], %mask : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
# A5: pto.tstore ins(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=3, cols=128, v_row=3, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B_pv : !pto.pa
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((3, 128), "float32"), B: T.Tensor((3, 128), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((3, 128), "float32")
        b = T.alloc_shared((3, 128), "float32")
        T.copy(A, a)
        with T.SimdVF(lanes=64):
            for r in T.serial(3):
                for i in T.Parallel(128):
                    b[r, i] = a[r, i] * 2.0
        T.copy(b, B)
