"""Lists the exported API of Go's standard packages (Go's api/go1*.txt files) that gol's
standard packages do not declare: python3 tools/apicheck.py [--api DIR] [PKG...].

A name counts as declared when it appears in the package's .gol sources as Go would declare it
(func, method with its receiver type, type, const or var name); fields and interface methods are
checked by name. It reads text, so it can miss a name declared in an unusual way or count one
that appears only in a comment; a listed name is a place to look, not a verdict. Needs Go's api
directory (default /usr/lib/go-1.23/api); the build never runs this.
"""
import re,glob,os,sys,collections
ROOT=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STD=os.path.join(ROOT,'stdlib/src/main/resources/gol/std')
API='/usr/lib/go-1.23/api'
args=sys.argv[1:]
if args[:1]==['--api']:
    API=args[1]; args=args[2:]
pkgs={}
for d,_,fs in os.walk(STD):
    srcs=[f for f in fs if f.endswith('.gol')]
    if srcs:
        p=os.path.relpath(d,STD)
        pkgs[p]='\n'.join(open(os.path.join(d,f)).read() for f in srcs)
api=collections.defaultdict(set)
for f in glob.glob(os.path.join(API,'go1*.txt')):
    for line in open(f):
        m=re.match(r'pkg ([\w/]+)(?: \([^)]*\))?, (.*)',line.strip())
        if not m: continue
        api[m.group(1)].add(re.sub(r' #\d+$','',m.group(2)))
want=args or sorted(pkgs)
tot=0
for p in want:
    if p not in pkgs: print("NO PACKAGE",p); continue
    src=pkgs[p]; miss=[]
    for e in sorted(api[p]):
        m=re.match(r'func (\w+)',e)
        if m:
            if not re.search(r'func '+m.group(1)+r'\b',src): miss.append(e)
            continue
        m=re.match(r'method \((\*?)(\w+)\) (\w+)',e)
        if m:
            t,n=m.group(2),m.group(3)
            if not re.search(r'func \(\w* ?\*?'+t+r'(\[[^\]]*\])?\) '+n+r'\b',src):
                # embedded / interface method / promoted: accept if name appears as method anywhere
                if not re.search(r'\) '+n+r'\(',src) and not re.search(r'^\s+'+n+r'\(',src,re.M):
                    miss.append(e)
            continue
        m=re.match(r'type (\w+) (struct|interface)?,? ?(\w+)?',e)
        if m:
            if not re.search(r'\b'+m.group(1)+r'\b',src): miss.append(e)
            elif m.group(2) and m.group(3) and not re.search(r'\b'+m.group(3)+r'\b',src): miss.append(e)
            continue
        m=re.match(r'(const|var) (\w+)',e)
        if m:
            if not re.search(r'\b'+m.group(2)+r'\b',src): miss.append(e)
            continue
    tot+=len(miss)
    if miss:
        print(f"## {p}: {len(miss)} missing of {len(api[p])}")
        for x in miss[:400]: print("   ",x)
print("total missing",tot)
