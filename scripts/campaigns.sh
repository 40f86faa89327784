#!/usr/bin/env bash
# The long robustness campaigns, run by hand before a release (CI and `ctest` run small
# fixed-seed samples of each: tests/lit/roundtrip/*mutations.test,
# tests/lit/diagnostics/hints_everywhere.test, tests/lit/robustness/gen_mixed_sample.test).
#
#   scripts/campaigns.sh [BUILD_DIR] [SEEDS]      (default: build, "21 22 23")
#
# Each campaign prints its summary line; failing programs are saved under
# /tmp/ptoc-campaigns/<campaign>-<seed>/. Exit status 1 when any campaign fails.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD="${1:-build}"
SEEDS="${2:-21 22 23}"
PTOC="$BUILD/tools/ptoc/ptoc"
OUT=/tmp/ptoc-campaigns
PASSES_COMPILE=convert-to-ssa,outline-incore-scopes,infer-tile-memory-space,resolve-backend-op-layouts,lower-auto-vector-split,expand-mixed-kernel,split-vector-kernel,stamp-tfree-split,pipeline-cross-core-loops,schedule-cross-core,guard-empty-stores
INPUTS=(tests/corpus examples tests/lit/passes)
status=0

run() {  # NAME SEED CMD...
  local name="$1" seed="$2"
  shift 2
  local dir="$OUT/$name-$seed"
  rm -rf "$dir" && mkdir -p "$dir"
  echo "== $name (seed $seed)"
  local start=$SECONDS
  if ! "$@" --save-dir "$dir" >"$dir/log" 2>&1; then status=1; fi
  grep -E "variants:|check:|programs|mismatch|internal|diagnostics without|passed" "$dir/log" | sed 's/^/   /'
  echo "   ($((SECONDS - start)) s)"
}

for seed in $SEEDS; do
  run pipeline-mutations "$seed" python3 tests/robustness/mutate_pipeline.py "$PTOC" "${INPUTS[@]}" \
    --variants-per-file 7 --seed "$seed" --check --check-prefix
  run compile-mutations "$seed" python3 tests/robustness/mutate_pipeline.py "$PTOC" "${INPUTS[@]}" \
    --variants-per-file 7 --seed "$seed" --check --check-prefix --passes "$PASSES_COMPILE"
  run hints "$seed" python3 tests/robustness/mutate_pipeline.py "$PTOC" "${INPUTS[@]}" \
    tests/lit/diagnostics --variants-per-file 6 --seed "$seed" --require-hints
  run gen-mixed-compile "$seed" python3 tests/robustness/gen_mixed.py "$PTOC" --count 2000 \
    --seed "$seed" --passes=compile --expect-clean --min-accepted 98
done
exit $status
