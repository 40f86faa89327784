#!/usr/bin/env bash
# Runs the real PTOAS on everything ptoc emits: every example and every codegen lit input
# (tests/lit/codegen/*.py and the inputs the codegen .test files name), compiled with `ptoc compile --emit=pto` for a5 and a2a3, then
# `ptoas --pto-arch=a5|a3` on each output. Prints one line per (input, arch) and a summary:
# accepted / rejected (with PTOAS's first error) / not emitted (ptoc's diagnostic), split
# into tile-level outputs and outputs with a vmi level (pto.vecscope), which a PTOAS without
# the VMI dialect (v0.27) cannot read.
#
#   scripts/check-with-ptoas.sh PTOAS_BINARY [PTOC_BINARY]
#
# PTOAS is not part of the build; CI does not run this script (docs/codegen.md §Validation).
set -u
ptoas=${1:?usage: scripts/check-with-ptoas.sh PTOAS_BINARY [PTOC_BINARY]}
root=$(cd "$(dirname "$0")/.." && pwd)
ptoc=${2:-$root/build/tools/ptoc/ptoc}
[ -x "$ptoas" ] || { echo "error: '$ptoas' is not an executable" >&2; exit 2; }
[ -x "$ptoc" ] || { echo "error: '$ptoc' is not built (cmake --build build --target ptoc)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

inputs=("$root"/examples/*.py "$root"/tests/lit/codegen/*.py)
# Codegen tests that pin the output of another test's input name it on their first line.
for t in "$root"/tests/lit/codegen/*.test; do
  src=$(sed -n 's|^# Input: tests/lit/\([^ ]*\).*|\1|p' "$t" | head -1)
  [ -n "$src" ] && inputs+=("$root/tests/lit/$src")
done
declare -A acc rej skip vacc vrej
for arch in a5 a2a3; do
  acc[$arch]=0; rej[$arch]=0; skip[$arch]=0; vacc[$arch]=0; vrej[$arch]=0
  parch=$([ "$arch" = a5 ] && echo a5 || echo a3)
  for f in "${inputs[@]}"; do
    name=$(basename "$(dirname "$f")")/$(basename "$f")
    out="$work/$(basename "$f" .py).$arch.pto"
    if ! "$ptoc" compile "$f" --arch="$arch" --emit=pto -o "$out" 2> "$work/ptoc.err"; then
      skip[$arch]=$((skip[$arch] + 1))
      printf '%-5s %-45s not emitted: %s\n' "$arch" "$name" \
        "$(grep -m1 'error:' "$work/ptoc.err" | sed 's/^[^ ]* //' | cut -c1-110)"
      continue
    fi
    level=tile
    grep -q 'pto\.vmi\.' "$out" && level=vmi
    if "$ptoas" --pto-arch="$parch" "$out" -o "$work/out.cpp" > "$work/ptoas.log" 2>&1; then
      if [ $level = vmi ]; then vacc[$arch]=$((vacc[$arch] + 1)); else acc[$arch]=$((acc[$arch] + 1)); fi
      printf '%-5s %-45s accepted (%s)\n' "$arch" "$name" "$level"
    else
      if [ $level = vmi ]; then vrej[$arch]=$((vrej[$arch] + 1)); else rej[$arch]=$((rej[$arch] + 1)); fi
      printf '%-5s %-45s REJECTED (%s): %s\n' "$arch" "$name" "$level" \
        "$(grep -m1 'error' "$work/ptoas.log" | sed "s|$work/||" | cut -c1-160)"
    fi
  done
done
echo "== summary (ptoas $("$ptoas" --version 2>/dev/null | head -1))"
for arch in a5 a2a3; do
  echo "$arch: tile level ${acc[$arch]} accepted / ${rej[$arch]} rejected;" \
    "vmi level ${vacc[$arch]} accepted / ${vrej[$arch]} rejected; ${skip[$arch]} not emitted"
done
total_rej=$((rej[a5] + rej[a2a3]))
[ "$total_rej" -eq 0 ]
