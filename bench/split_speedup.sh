#!/bin/sh
# The split speedup on the cycle model (docs/cost-model.md §5): for each mixed kernel, the
# whole pipeline with its pl.split mode against the same kernel with pl.split(NONE) (the
# vector work on AIV lane 0 alone), and the bound for its shape.
#
# bound = T / (T - W / 2), from the unsplit run: T its cycles, W the busy time of its AIV
# lane (the union of the lane's V, MTE2 and MTE3 busy intervals: the work the split halves).
# It is Amdahl's law: 2.0x when the lane's work is the whole run, less as the cube and the
# transfers (which the split does not shorten) take a larger share. It assumes the lane's
# work is on the critical path and the rest of the schedule stays as it is, so a lowering
# that overlaps better than the unsplit run can exceed it.
#
# lane = P / P', P' the lanes' share of the split run's critical path: how much the split
# shrank the lanes' own work on the path (2.0x if every instruction halved; less because a
# vector instruction's fixed head and the [rows, 1] column statistics do not halve).
# ceiling = T / (T - P + P'): the speedup if only the lanes' part of the path changed and the
# rest of it (the cube's work, the transfers, the flag latencies) stayed as in the unsplit
# run. speedup < ceiling means the split run lost time outside the lanes (a lowering fault:
# transfer serialization, back-pressure, a late tfree); speedup = ceiling means what is left
# is the lanes' work itself.
#
# Usage: bench/split_speedup.sh [PTOC] [ARCH]   (run from the source root)
PTOC=${1:-build/tools/ptoc/ptoc}
ARCH=${2:-a5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
L=tests/lit/passes/lower-auto-vector-split
printf '%-32s %7s %8s %8s %7s %7s %6s %8s\n' kernel split unsplit speedup bound path lane ceiling
for k in examples/flash_attention.py examples/qk_matmul_split.py \
         tests/corpus/25_auto_split_softmax.py examples/gelu_left_right_odd.py \
         $L/col_reduce_left_right.py $L/odd_extent_up_down.py $L/loop_matmul_acc_left_right.py \
         $L/flash_round_trip_up_down.py $L/c2v_add_up_down.py bench/split/matmul_exp_loop.py \
         bench/split/matmul_exp_long.py bench/split/flash_attention_long.py; do
  none="$TMP/$(basename "$k")"
  sed -E -e 's/pl\.split\(pl\.SplitMode\.(UP_DOWN|LEFT_RIGHT)\)/pl.split(pl.SplitMode.NONE)/' \
      -e 's/"split": pl\.SplitMode\.(UP_DOWN|LEFT_RIGHT)/"split": pl.SplitMode.NONE/' "$k" > "$none"
  "$PTOC" compare "$k" --passes=compile --against=compile --against-file="$none" \
      --arch="$ARCH" > "$TMP/out" 2>&1 || { echo "$k: ptoc compare failed"; cat "$TMP/out"; exit 1; }
  awk -v name="$(basename "$k")" '
    /^--passes=/  {
      split_t = $2
      for (i = 1; i < NF; ++i)
        if ($i == "AIV0" || $i == "AIV1") { q = $(i + 8); sub(/\)/, "", q); ps += q }
    }
    /^--against=/ {
      unsplit_t = $4
      for (i = 1; i < NF; ++i) if ($i == "AIV0") { w = $(i + 2); p = $(i + 8); sub(/\)/, "", p) }
    }
    END {
      if (split_t == "" || unsplit_t == "" || w == "" || ps <= 0) { print name ": unreadable compare output"; exit 1 }
      printf "%-32s %7d %8d %7.2fx %6.2fx %6.2fx %5.2fx %7.2fx\n", name, split_t, unsplit_t,
             unsplit_t / split_t, unsplit_t / (unsplit_t - w / 2), unsplit_t / (unsplit_t - p / 2),
             p / ps, unsplit_t / (unsplit_t - p + ps)
    }' "$TMP/out" || exit 1
done
