#!/usr/bin/env bash
# The mutation fuzzing campaign outside CI: tools/fuzz.sh [COUNT [SEED [TIMEOUT_MS]]]
# Compiles the jar and the test classes when missing, then runs gol.interp.FuzzCampaign over the
# suite's and the examples' programs. Findings (crashes, hangs) go to tools/fuzz-findings/.
set -e
root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
if [[ ! -f interpreter/target/gol.jar || ! -f interpreter/target/test-classes/gol/interp/FuzzCampaign.class ]]; then
  mvn -q -B -DskipTests package # compiles the test classes too (FuzzCampaign is one)
fi
exec java -Xss16m -cp interpreter/target/gol.jar:interpreter/target/test-classes gol.interp.FuzzCampaign \
  "${1:-1000000}" "${2:-$(date +%s)}" "${3:-10000}" "$root"
