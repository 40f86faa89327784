#!/bin/sh
# The split speedup on the cycle model (docs/cost-model.md §6): for each mixed kernel, the
# whole pipeline with its pl.split mode against the same kernel with pl.split(NONE) (the
# vector work on AIV lane 0 alone). Usage: bench/split_speedup.sh [PTOC] [ARCH]
PTOC=${1:-build/tools/ptoc/ptoc}
ARCH=${2:-a5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
L=tests/lit/passes/lower-auto-vector-split
for k in examples/flash_attention.py examples/qk_matmul_split.py \
         tests/corpus/25_auto_split_softmax.py examples/gelu_left_right_odd.py \
         $L/col_reduce_left_right.py $L/odd_extent_up_down.py $L/loop_matmul_acc_left_right.py \
         $L/flash_round_trip_up_down.py $L/c2v_add_up_down.py; do
  none="$TMP/$(basename "$k")"
  sed -E -e 's/pl\.split\(pl\.SplitMode\.(UP_DOWN|LEFT_RIGHT)\)/pl.split(pl.SplitMode.NONE)/' -e 's/"split": pl\.SplitMode\.(UP_DOWN|LEFT_RIGHT)/"split": pl.SplitMode.NONE/' "$k" > "$none"
  line=$("$PTOC" compare "$k" --passes=compile --against=compile --against-file="$none" \
         --arch="$ARCH" 2>&1 | tail -1)
  printf '%-48s %s\n' "$(basename "$k")" "$line"
done
