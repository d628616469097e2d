#!/usr/bin/env python3
"""Time from launch to the REPL's first prompt, in a pseudo-terminal.

usage: bench/repl-startup.py [N] [GOL]   (default: 15 runs of ./gol)

Each run starts GOL with no arguments on a new pty (80x24, TERM=xterm-256color), waits until
"gol> " appears, records the wall time and the process's CPU time (user+sys from /proc) at that
moment, then types Ctrl-D. `GOL version` and `GOL bench/hello.gol` are timed in the same loop,
interleaved, as baselines. Prints medians and minima.
"""
import fcntl, os, pty, select, struct, subprocess, sys, termios, time

HZ = os.sysconf("SC_CLK_TCK")


def cpu(pid):
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])) / HZ


def prompt(gol):
    t0 = time.time()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.execvp(gol, [gol])
    buf, wall, used = b"", float("nan"), float("nan")
    while True:
        r, _, _ = select.select([fd], [], [], 20)
        if not r:
            break
        try:
            buf += os.read(fd, 4096)
        except OSError:
            break
        if b"gol> " in buf:
            wall, used = time.time() - t0, cpu(pid)
            break
    os.write(fd, b"\x04")
    os.waitpid(pid, 0)
    return wall, used


def run(cmd):
    t0 = time.time()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.time() - t0


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    gol = sys.argv[2] if len(sys.argv) > 2 else "./gol"
    run([gol, "version"])  # builds the jar and the CDS archive if needed
    version, hello, walls, cpus = [], [], [], []
    for _ in range(n):
        version.append(run([gol, "version"]))
        hello.append(run([gol, "bench/hello.gol"]))
        w, c = prompt(gol)
        walls.append(w)
        cpus.append(c)
    med = lambda xs: sorted(xs)[len(xs) // 2]
    print("load average %.1f, %d runs" % (os.getloadavg()[0], n))
    for name, xs in (("gol version", version), ("gol bench/hello.gol", hello), ("REPL first prompt", walls),
                     ("REPL first prompt, CPU", cpus)):
        print("%-24s median %5.0f ms   min %5.0f ms" % (name, 1000 * med(xs), 1000 * min(xs)))


if __name__ == "__main__":
    main()
