# A region without parallel loops is hand-written VMI: every SIMD-VF pass leaves it as it is.
# RUN: %ptoc opt %corpus/36_vmi_arith.py --passes=simdvf > %t.after
# RUN: %ptoc fmt %corpus/36_vmi_arith.py > %t.before
# RUN: diff %t.before %t.after
