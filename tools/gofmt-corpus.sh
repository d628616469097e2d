#!/usr/bin/env bash
# Records interpreter/src/test/resources/gofmt/corpus.sha256 for GolFmtTest: for every
# package-mode program of tests/ and examples/ that gofmt accepts, the SHA-256 of the file and of
# gofmt's output for it. Needs Go's gofmt (GOFMT=/path/to/gofmt); the build never runs this.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GOFMT=${GOFMT:-gofmt}
out=interpreter/src/test/resources/gofmt/corpus.sha256
tmp=$(mktemp)
for f in $(git ls-files 'tests/*.gol' 'examples/*.gol' | sort); do
  grep -q '^package ' "$f" || continue
  want=$("$GOFMT" < "$f" 2>/dev/null | sha256sum | cut -d' ' -f1) || continue
  "$GOFMT" < "$f" > /dev/null 2>&1 || continue
  echo "$f $(sha256sum < "$f" | cut -d' ' -f1) $want"
done > "$tmp"
mv "$tmp" "$out"
wc -l < "$out"
