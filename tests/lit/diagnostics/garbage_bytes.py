# RUN: not %ptoc fmt %s 2>&1 | FileCheck %s
# CHECK: garbage_bytes.py:3:5: error: invalid character {{.*}}xff
x = ÿþ
