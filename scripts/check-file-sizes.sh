#!/usr/bin/env bash
# Checks the project's rule that no source file is longer than 800 lines (a longer one is
# split by what it holds): lists every .cpp / .h file under lib/, include/, tools/,
# tests/unit/ and bench/ with more lines than that, and fails when there is one.
# tests/lit/cli/file_sizes.test runs it.
# Usage: scripts/check-file-sizes.sh [SOURCE_DIR]   (default: the checkout of this script)
set -uo pipefail
limit=800
root="${1:-$(dirname "$0")/..}"
cd "$root" || exit 2
over=0
while IFS= read -r f; do
  n=$(wc -l <"$f")
  if [ "$n" -gt "$limit" ]; then
    echo "too long: $f ($n lines)"
    over=$((over + 1))
  fi
done < <(find lib include tools tests/unit bench -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
echo "$over file(s) over $limit lines"
[ "$over" -eq 0 ]
