#!/bin/sh
# The SIMD-VF kernels on the cycle model (docs/cost-model.md §5): each T kernel of kernels/
# vectorized by `--passes=simdvf` against its hand-written VMI twin in handwritten/ (as
# written), on the same seeded inputs. ratio = hand-written cycles / vectorized cycles
# (1.00x: as fast as the hand-written twin; below 1: slower).
# Usage: bench/simdvf/modeled_cycles.sh [PTOC] [ARCH]   (run from the source root)
PTOC=${1:-build/tools/ptoc/ptoc}
ARCH=${2:-a5}
D=bench/simdvf
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
printf '%-26s %10s %12s %7s\n' kernel vectorized hand-written ratio
for k in "$D"/kernels/*.py; do
  name=$(basename "$k")
  [ -f "$D/handwritten/$name" ] || continue
  "$PTOC" compare "$k" --passes=simdvf --against-file="$D/handwritten/$name" --arch="$ARCH" \
      > "$TMP/out" 2>&1 || { echo "$name: ptoc compare failed"; cat "$TMP/out"; exit 1; }
  tail -1 "$TMP/out" | awk -v name="$name" '
    / cycles against / { printf "%-26s %10d %12d %6.2fx\n", name, $3, $6, $6 / $3; ok = 1 }
    END { if (!ok) { print name ": unreadable compare output"; exit 1 } }' || exit 1
done
