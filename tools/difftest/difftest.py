#!/usr/bin/env python3
"""Differential tester: random Go programs (gen.py) run with real Go and with gol, compared.

Usage: tools/difftest/difftest.py [--batches N] [--funcs F] [--stmts S] [--seed SEED]
                                  [--go PATH] [--gol PATH] [--out DIR]

Each batch is one program of F test functions (so `go build` runs once per F generated tests).
Its output is split at the "== tN" markers; a function whose output differs (or a program gol
rejects, or gol's internal error) is a divergence: it is cut out into a program of its own,
minimised by deleting statement lines while the divergence stays, and written to DIR
(default tools/difftest/found) with Go's output. Prints the counts at the end. Not run by CI.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "", "TIMEOUT"


def go_run(go, src, d, timeout=600):
    """(built, status, stdout, stderr) of src under Go."""
    path = os.path.join(d, "prog.go")
    with open(path, "w") as f:
        f.write(src)
    rc, _, err = run([go, "build", "-o", "prog", "prog.go"], d, 900)
    if rc != 0:
        return False, rc, "", err
    rc, out, err = run(["./prog"], d, timeout)
    return True, rc, out, err


def gol_run(gol, src, d, timeout=900):
    path = os.path.join(d, "prog.gol")
    with open(path, "w") as f:
        f.write(src)
    env = dict(os.environ, GOL_NO_BUILD="1")
    try:
        p = subprocess.run([gol, "run", "prog.gol"], cwd=d, capture_output=True, timeout=timeout, env=env)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, "", "TIMEOUT"


def sections(out):
    """Output split at the '== tN' markers: name -> text."""
    res = {}
    cur = None
    for line in out.splitlines(keepends=True):
        m = re.match(r"^== (t\d+)$", line.rstrip("\n"))
        if m:
            cur = m.group(1)
            res[cur] = ""
        elif cur is not None:
            res[cur] += line
    return res


def single(fn_src):
    name = re.match(r"func (t\d+)\(\)", fn_src).group(1)
    return gen.PRELUDE + "\n" + fn_src + "\nfunc main() {\n\t%s()\n}\n" % name


def signature(go_res, gol_res):
    """What diverges, or None: compares exit status, stdout and the first stderr line."""
    _, grc, gout, gerr = go_res
    lrc, lout, lerr = gol_res
    first = lambda e: e.splitlines()[0] if e.strip() else ""
    if grc != lrc or gout != lout or first(gerr) != first(lerr):
        return True
    return None


def diverges(src, args, d):
    g = go_run(args.go, src, d)
    if not g[0]:
        return False
    return signature(g, gol_run(args.gol, src, d)) is not None


def reduce(src, args, d):
    """Deletes statement lines (one, then runs of them) while the program still diverges."""
    lines = src.split("\n")
    start = next(i for i, l in enumerate(lines) if re.match(r"func t\d+\(\)", l))
    changed = True
    while changed:
        changed = False
        i = len(lines) - 1
        while i > start + 5:
            l = lines[i]
            if l.startswith("\t") and not l.startswith("\t\t") and not l.startswith("\tdefer") \
                    and not l.startswith("\t}"):
                cand = lines[:i] + lines[i + 1:]
                if diverges("\n".join(cand), args, d):
                    lines = cand
                    changed = True
            i -= 1
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batches", type=int, default=10)
    ap.add_argument("--funcs", type=int, default=40)
    ap.add_argument("--stmts", type=int, default=20)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--go", default="/usr/lib/go-1.23/bin/go")
    ap.add_argument("--gol", default=os.path.join(ROOT, "gol"))
    ap.add_argument("--out", default=os.path.join(ROOT, "tools", "difftest", "found"))
    ap.add_argument("--no-reduce", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    tests = divergent = batches = 0
    t0 = time.time()
    with tempfile.TemporaryDirectory() as d:
        for b in range(args.batches):
            seed = args.seed + b
            src, funcs = gen.program(seed, args.funcs, args.stmts)
            g = go_run(args.go, src, d)
            if not g[0]:
                print("seed %d: generated program does not build with Go (generator bug):\n%s" % (seed, g[3][:2000]))
                continue
            batches += 1
            tests += len(funcs)
            l = gol_run(args.gol, src, d)
            if signature(g, l) is None:
                print("seed %d: %d tests agree" % (seed, len(funcs)), flush=True)
                continue
            gs, ls = sections(g[2]), sections(l[1])
            bad = [f for f in funcs if gs.get(re.match(r"func (t\d+)", f).group(1)) !=
                   ls.get(re.match(r"func (t\d+)", f).group(1))]
            if not bad and l[0] != g[1]:
                # the whole program failed in gol (a compile error or a crash): find which function
                bad = [f for f in funcs if diverges(single(f), args, d)]
            print("seed %d: %d of %d tests diverge; gol status %d: %s" % (seed, len(bad), len(funcs), l[0], l[2][:300].strip()), flush=True)
            for f in bad:
                one = single(f)
                if not diverges(one, args, d):
                    print("  (%s only diverges inside the batch)" % f[:9])
                    continue
                divergent += 1
                small = one if args.no_reduce else reduce(one, args, d)
                name = "seed%d_%s.go" % (seed, re.match(r"func (t\d+)", f).group(1))
                with open(os.path.join(args.out, name), "w") as fh:
                    fh.write(small)
                gg = go_run(args.go, small, d)
                ll = gol_run(args.gol, small, d)
                print("  %s: go: %r / gol: %r %r" % (name, gg[2][-300:], ll[1][-300:], ll[2][:300]), flush=True)
    print("difftest: %d batches, %d generated tests, %d divergent (%.0f s)" % (batches, tests, divergent, time.time() - t0))
    return 1 if divergent else 0


if __name__ == "__main__":
    sys.exit(main())
