# Vectorized compare and select (vcmp / vsel).
# RUN: %ptoc compile %s --arch=a5 --emit=pto | FileCheck %s --check-prefix=A5
# A5-LABEL: func.func @main(%A: !pto.ptr<f32>, %B_init: !pto.ptr<f32>, %B: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
# A5: pto.tload ins(%a_pv : !pto.partition_tensor_view<1x256xf32>) outs(%a_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayou
# A5: pto.tload ins(%b_pv : !pto.partition_tensor_view<1x256xf32>) outs(%b_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayou
# A5: pto.vecscope {
# A5: %q_res:1 = scf.for %q = %c0 to %c3 step %c1 iter_args(%remaining = %c150_i32) -> (i32) {
# A5: %mask = pto.vmi.create_mask %cast : index -> !pto.vmi.mask<64xpred>
# A5: %vload_0 = pto.vmi.vload %a_1_ub[%v] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>
# A5: %vcmps_1 = pto.vmi.vcmps %vload_0, %cst_f32, %mask {cmp = "gt"} : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.mask<64xpred>
# A5: %vmuls_2 = pto.vmi.vmuls %vload_0, %cst_f32_1, %mask : !pto.vmi.vreg<64xf32>, f32, !pto.vmi.mask<64xpred> -> !pto.vmi.vreg<64xf32>
# A5: %vsel_3 = pto.vmi.vsel %vcmps_1, %vload_0, %vmuls_2 : !pto.vmi.mask<64xpred>, !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> !pto.vmi.vreg<64xf32>
# A5: pto.vmi.vstore %vsel_3, %b_1_ub[%v_1], %mask : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.vmi.mask<64xpred>
# A5: scf.yield %v_2 : i32
# A5: pto.tstore ins(%b_1 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%B_pv : !pto.
import tilelang.language as T


@T.prim_func
def main(A: T.Tensor((256,), "float32"), B_init: T.Tensor((256,), "float32"),
         B: T.Tensor((256,), "float32")):
    with T.Kernel(1):
        a = T.alloc_shared((256,), "float32")
        b = T.alloc_shared((256,), "float32")
        T.copy(A, a)
        T.copy(B_init, b)
        with T.SimdVF(lanes=64):
            for i in T.Parallel(150):
                b[i] = T.Select(a[i] > 0.0, a[i], a[i] * 0.25)
        T.copy(b, B)
