# Paired timing shared by bench/abpair (two checkouts) and bench/envpair (two environments of
# one): one gol program run on side A and side B, interleaved (A B, B A, ...) after two untimed
# runs of each (plan, tree and JIT caches, and the CDS archive, which GOL_JAVA_OPTS keys), N
# pairs. Prints, for wall and for CPU time (user + system of the whole process tree), each
# side's median and the median and mean of the pairs' differences B - A in milliseconds with
# their standard deviation: pairing cancels most of a shared machine's drift, and CPU moves
# less than wall time there. GOL_NO_BUILD=1 is set: build the jars first.
import os, resource, statistics, subprocess, time


def program(name):
    """A bench/ program's name (strwork) or a path to a .gol file."""
    if os.path.isfile(name):
        return name
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name.removesuffix('.gol') + '.gol')


def env(words):
    """The environment with GOL_NO_BUILD=1 and space-separated VAR=value words ("" for none)."""
    e = dict(os.environ, GOL_NO_BUILD='1')
    for w in words.split():
        k, _, v = w.partition('=')
        e[k] = v
    return e


def run(side, prog, args):
    root, words = side
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([os.path.join(root, 'gol'), 'run', prog] + args, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env(words))
    wall = (time.perf_counter() - t) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000


def compare(n, a, b, name, args):
    """Sides a and b are (checkout directory, environment words)."""
    prog = program(name)
    for side in (a, b):
        run(side, prog, args)
        run(side, prog, args)
    A = []
    B = []
    for i in range(n):
        if i % 2 == 0:
            A.append(run(a, prog, args)); B.append(run(b, prog, args))
        else:
            B.append(run(b, prog, args)); A.append(run(a, prog, args))
    label = os.path.basename(prog) + ' ' + ' '.join(args)
    for k, what in ((0, 'wall'), (1, 'cpu')):
        d = [y[k] - x[k] for x, y in zip(A, B)]
        print("%-22s %-4s A med %6.1f  B med %6.1f  diff med %+6.1f mean %+6.1f (sd %.1f)" % (
            label, what, statistics.median(x[k] for x in A), statistics.median(y[k] for y in B),
            statistics.median(d), statistics.mean(d), statistics.stdev(d)))
