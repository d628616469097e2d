#!/usr/bin/env python3
"""Differential check of gol fmt's syntax errors against real gofmt (not run in CI: needs Go).

    tools/fmt-errors-diff.py [COUNT [SEED]] [--mutations N] [--gofmt PATH] [--keep DIR]

Takes the package-mode programs of tests/ and examples/, mutates each copy (once, or with
--mutations N from 1 to N times: deletes, duplicates, swaps or inserts a token; deletes,
duplicates or swaps a line; inserts a character that tests the scanner: a quote, a comment
mark, a malformed number, non-ASCII), writes every mutant as NAME.gol and NAME.go, runs
`gol fmt -l` and `gofmt -l` over the directory and compares, file by file, what each prints on
stderr (the syntax errors, or nothing when the mutant still parses). Prints the agreement rate
and the first disagreements (SHOW=N of each kind).
"""
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|`[^`]*`|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|'
                   r'[A-Za-z_][A-Za-z_0-9]*|\d[\w.]*|<<=|>>=|&\^=|\.\.\.|&&|\|\||<-|\+\+|--|==|!=|<=|>=|:=|'
                   r'[-+*/%&|^<>]=|<<|>>|&\^|[-+*/%&|^<>=!()\[\]{},;.:~]', re.S)
INSERTS = ['(', ')', '[', ']', '{', '}', ',', ';', ':', '=', ':=', '.', '+', '*', '<-', 'func', 'var',
           'type', 'if', 'else', 'for', 'go', 'return', 'x', '1', '"s"', 'case', 'struct', '...']


def programs():
    out = []
    for top in ('tests', 'examples'):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if f.endswith('.gol'):
                    p = os.path.join(d, f)
                    try:
                        src = open(p, encoding='utf-8').read()
                    except UnicodeDecodeError:
                        continue
                    code = re.sub(r'//[^\n]*|/\*.*?\*/', '', src, flags=re.S).lstrip()
                    if code.startswith('package'):
                        # drop the suite's expectation blocks: gofmt need not see them
                        out.append(src)
    return sorted(out)


CHARS = ['"', "'", '`', '\\', '/*', '*/', '@', '#', '$', '0x', '_', 'e', '.', '\u00e9', '\u201c', '\x00', '\t', '0b2',
         '1e', '\\x', '\U0001F600']


def mutate(src, rnd):
    kind = rnd.randrange(8)
    if kind == 7:
        # a character or two that tests the scanner: quotes, comment marks, bad numbers, non-ASCII
        i = rnd.randrange(len(src) + 1)
        return src[:i] + rnd.choice(CHARS) + src[i:]
    if kind >= 4:
        lines = src.split('\n')
        i = rnd.randrange(len(lines))
        if kind == 4:
            del lines[i]
        elif kind == 5:
            lines.insert(i, lines[i])
        else:
            j = min(i + 1, len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        return '\n'.join(lines)
    toks = [m for m in TOKEN.finditer(src) if not m.group().startswith('/')]
    if not toks:
        return src
    m = toks[rnd.randrange(len(toks))]
    a, b = m.start(), m.end()
    if kind == 0:
        return src[:a] + src[b:]
    if kind == 1:
        return src[:b] + ' ' + m.group() + src[b:]
    if kind == 2:
        n = toks[min(toks.index(m) + 1, len(toks) - 1)]
        if n is m:
            return src[:a] + src[b:]
        return src[:a] + n.group() + src[b:n.start()] + m.group() + src[n.end():]
    return src[:a] + rnd.choice(INSERTS) + ' ' + src[a:]


def by_file(text, ext):
    errs = defaultdict(list)
    for line in text.splitlines():
        name = line.split(':', 1)[0]
        if name.endswith(ext):
            errs[os.path.basename(name)[:-len(ext)]].append(line.replace(name, 'F', 1))
    return errs


def has_package(path):
    code = re.sub(r'//[^\n]*|/\*.*?\*/', '', open(path, encoding='utf-8').read(), flags=re.S).lstrip()
    return re.match(r'package\b', code) is not None


def main():
    args = [a for a in sys.argv[1:]]
    gofmt = '/usr/lib/go-1.23/bin/gofmt'
    keep = None
    if '--gofmt' in args:
        i = args.index('--gofmt')
        gofmt = args[i + 1]
        del args[i:i + 2]
    most = 1
    if '--mutations' in args:
        i = args.index('--mutations')
        most = int(args[i + 1])
        del args[i:i + 2]
    if '--keep' in args:
        i = args.index('--keep')
        keep = args[i + 1]
        del args[i:i + 2]
    count = int(args[0]) if args else 2000
    seed = int(args[1]) if len(args) > 1 else 1
    rnd = random.Random(seed)
    progs = programs()
    d = keep or tempfile.mkdtemp(prefix='fmterr')
    os.makedirs(d, exist_ok=True)
    names = []
    for k in range(count):
        src = rnd.choice(progs)
        for _ in range(rnd.randint(1, most)):
            src = mutate(src, rnd)
        name = 'm%05d' % k
        for ext in ('.gol', '.go'):
            with open(os.path.join(d, name + ext), 'w', encoding='utf-8') as f:
                f.write(src)
        names.append(name)
    g = subprocess.run([gofmt, '-l', d], capture_output=True, text=True)
    o = subprocess.run([os.path.join(ROOT, 'gol'), 'fmt', '-l', d], capture_output=True, text=True)
    want = by_file(g.stderr, '.go')
    got = by_file(o.stderr, '.gol')
    scripts = [n for n in names if not has_package(os.path.join(d, n + '.go'))]
    compared = [n for n in names if n not in scripts]
    bad = [n for n in compared if want.get(n, []) != got.get(n, [])]
    lists = [n for n in bad if want.get(n) and got.get(n)]
    accepted = [n for n in bad if want.get(n) and not got.get(n)]
    rejected = [n for n in bad if not want.get(n)]
    broken = sum(1 for n in compared if want.get(n))
    print('%d mutants, %d without a package clause (gol script mode: not compared)' % (count, len(scripts)))
    print('%d compared (%d with syntax errors under gofmt): %d agree, %d differ: %.2f%% agreement'
          % (len(compared), broken, len(compared) - len(bad), len(bad),
             100.0 * (len(compared) - len(bad)) / max(1, len(compared))))
    print('  %d: both report errors, the lists differ' % len(lists))
    print('  %d: gofmt reports errors, gol fmt formats (gol accepts top-level statements)' % len(accepted))
    print('  %d: gofmt formats, gol fmt reports an error (gol\'s parser is stricter)' % len(rejected))
    show = int(os.environ.get('SHOW', '15'))
    for group in (lists, rejected, accepted):
        for n in group[:show]:
            print('==', os.path.join(d, n + '.go'))
            print('  gofmt:  ' + '\n          '.join(want.get(n, []) or ['(formats)']))
            print('  golfmt: ' + '\n          '.join(got.get(n, []) or ['(formats)']))
    if not keep:
        for n in names:
            for ext in ('.gol', '.go'):
                os.remove(os.path.join(d, n + ext))
        os.rmdir(d)


if __name__ == '__main__':
    main()
