# The bitwise ops on 16-bit integers: what a2a3 takes (PTOAS v0.27 accepts both arches'
# output; tnot on a2a3 and tshrs take 16 bits, the and / or / xor family 8 or 16). The kernel
# is bitwise.py's with INT16 tiles and without its arg-reduction (INT32-only on a2a3).
# RUN: sed -e 's/pl\.INT32/pl.INT16/g' -e 's/\[\[16, 1\], pl\.INT16\]/[[16, 1], pl.INT32]/g' -e '/row_argmax\|r1 = pl.store(am/d' %S/bitwise.py > %t.py
# RUN: %ptoc compile %t.py --arch=a2a3 --emit=pto | FileCheck %s
# RUN: %ptoc compile %t.py --arch=a5 --emit=pto | FileCheck %s
# CHECK: pto.tand ins(%a, %b : {{.*}}dtype=i16
# CHECK: pto.txors ins(%i, %{{.*}}, %j_tmp : !pto.tile_buf<{{.*}}>, i16, !pto.tile_buf<{{.*}}>) outs(%j :
# CHECK: pto.tshrs ins(%k, %{{.*}} : !pto.tile_buf<{{.*}}>, i16) outs(%m :
# CHECK: pto.tnot ins(%m : {{.*}}dtype=i16
# CHECK-NOT: trowargmax
