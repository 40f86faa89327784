#!/usr/bin/env bash
# Compares ptoc's model of PTOAS v0.27's PlanMemory (`ptoc plan-memory`, docs/ptoas-plan-memory.md)
# with the real PTOAS on PTO files: for each, whether the local buffers and the reserve_buffer
# are placed (model: exit 0; PTOAS: no "overflow" / "failed to allocate local memory hole"
# error) and, where both place them, the reserve_buffer bases (PTOAS prints its module after
# PlanMemory with `base = N`). PTOAS errors that are not about memory (an unknown split code,
# a missing dialect) are reported as "other" and not compared.
#
#   scripts/check-plan-memory-with-ptoas.sh PTOAS_BINARY [PTOC_BINARY] -- FILE.pto:ARCH ...
#   scripts/check-plan-memory-with-ptoas.sh PTOAS_BINARY [PTOC_BINARY]        (the kernels below)
#
# Without files it compiles the kernels pipeline-cross-core-loops rotates (examples/flash_attention.py,
# bench/split/*.py, tests/lit/passes/pipeline-cross-core-loops/*.py), split and with pl.split(NONE),
# for a5 and a2a3, once with the capacity gate and once with PTOC_ROTATION_GATE=off (two stages
# where possible) and PTOC_ROTATION_GATE=off PTOC_ROTATION_DEPTH=1 (one stage), so the gate's
# refusals are checked too. Exit 1 on any disagreement.
set -u
ptoas=${1:?usage: scripts/check-plan-memory-with-ptoas.sh PTOAS_BINARY [PTOC_BINARY] [-- FILE.pto:ARCH ...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
ptoc=$root/build/tools/ptoc/ptoc
if [ $# -gt 0 ] && [ "$1" != "--" ]; then ptoc=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  P=$root/tests/lit/passes/pipeline-cross-core-loops
  for k in "$root"/examples/flash_attention.py "$root"/bench/split/*.py "$P"/*.py; do
    b=$(basename "$k" .py)
    cp "$k" "$work/$b.py"
    sed -E -e 's/pl\.split\(pl\.SplitMode\.(UP_DOWN|LEFT_RIGHT)\)/pl.split(pl.SplitMode.NONE)/' \
        -e 's/"split": pl\.SplitMode\.(UP_DOWN|LEFT_RIGHT)/"split": pl.SplitMode.NONE/' "$k" > "$work/${b}_none.py"
    cmp -s "$work/$b.py" "$work/${b}_none.py" && rm "$work/${b}_none.py"
  done
  for k in "$work"/*.py; do
    b=$(basename "$k" .py)
    for arch in a5 a2a3; do
      for mode in gate two one; do
        case $mode in
          gate) env=();;
          two) env=(PTOC_ROTATION_GATE=off);;
          one) env=(PTOC_ROTATION_GATE=off PTOC_ROTATION_DEPTH=1);;
        esac
        out="$work/$b.$mode.$arch.pto"
        env "${env[@]}" "$ptoc" compile "$k" --arch=$arch --emit=pto -o "$out" 2>/dev/null &&
          files+=("$out:$arch")
      done
    done
  done
fi
agree=0; disagree=0; other=0
for fa in "${files[@]}"; do
  f=${fa%:*}; arch=${fa##*:}
  parch=$([ "$arch" = a5 ] && echo a5 || echo a3)
  "$ptoc" plan-memory "$f" --arch="$arch" > "$work/model" 2>&1
  mrc=$?
  mbase=$(grep -o 'ring [0-9]* B at [0-9]*' "$work/model" | awk '{print $5}' | tr '\n' ' ')
  "$ptoas" --pto-arch="$parch" "$f" -o "$work/out.cpp" > "$work/log" 2>&1
  prc=$?
  pbase=$(sed -n '/end PTO plan Mem/,$p' "$work/log" | grep -o 'reserve_buffer{[^}]*base = [0-9]*' |
          grep -o '[0-9]*$' | tr '\n' ' ')
  perr=$(grep -m1 -o 'error: .*' "$work/log" | cut -c1-100)
  name=$(basename "$f")
  if [ $prc -ne 0 ] && ! grep -q 'overflow\|failed to allocate local memory hole' "$work/log"; then
    other=$((other + 1)); printf '%-5s %-48s other PTOAS error: %s\n' "$arch" "$name" "$perr"; continue
  fi
  m=$([ $mrc -eq 0 ] && echo placed || echo rejected)
  p=$([ $prc -eq 0 ] && echo placed || echo rejected)
  if [ "$m" = "$p" ] && { [ "$p" = rejected ] || [ "$mbase" = "$pbase" ]; }; then
    agree=$((agree + 1)); verdict=agree
  else
    disagree=$((disagree + 1)); verdict=DISAGREE
  fi
  printf '%-5s %-48s model %-8s ptoas %-8s %-8s ring bases model [%s] ptoas [%s]\n' \
    "$arch" "$name" "$m" "$p" "$verdict" "$mbase" "$pbase"
done
echo "== $agree agree, $disagree disagree, $other with another PTOAS error"
[ "$disagree" -eq 0 ]
