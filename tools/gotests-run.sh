#!/bin/bash
# tools/gotests-run.sh GOL FILE...: runs the "// run" programs among Go's test files (Go's test/ directory,
# installed with Go, never copied here) with gol; a pass is exit 0 and output equal to the .out
# file (or empty when there is none). Prints a FAIL line per failure and the tally. Not run by CI.
GOL=$1; shift
pass=0; fail=0; skip=0
for f in "$@"; do
  head -1 $f | grep -q '^// run$' || { skip=$((skip+1)); continue; }
  if grep -q '"unsafe"\|"runtime/\|"internal/\|"reflect"\|//go:\|"os/exec"\|"syscall"\|"plugin"\|"go/' $f; then skip=$((skip+1)); continue; fi
  d=$(mktemp -d); cp $f $d/prog.gol
  exp=${f%.go}.out
  (cd $d && GOL_NO_BUILD=1 timeout 60 $GOL run prog.gol > out 2>&1; echo $? > rc)
  rc=$(cat $d/rc)
  if [ -f $exp ]; then ok=$(cmp -s $exp $d/out && echo y); else ok=$([ ! -s $d/out ] && echo y); fi
  if [ "$rc" = 0 ] && [ "$ok" = y ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL $f rc=$rc: $(head -c 200 $d/out | tr '\n' ' ')"; fi
  rm -rf $d
done
echo "pass=$pass fail=$fail skip=$skip"
