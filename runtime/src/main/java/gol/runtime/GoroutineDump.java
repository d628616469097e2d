package gol.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/*
 * Goroutine listings for people: trace headers, every goroutine's trace (deadlock, GOTRACEBACK
 * style dumps, the REPL's :goroutines) and GOLDEBUG=schedtrace/scheddetail lines.
 *
 * Invariants
 *   - Reads only: nothing here changes scheduler state.
 *   - liveGs lists each live G once, by id (a G is in one allg list: a P's or allgGlobal).
 *
 * Locking / ownership
 *   The G lists and M list are read under sched.lock; other Ms are not stopped, so a running
 *   goroutine may show a stale frame and counts may be a moment old (as Go's schedtrace).
 */
final class GoroutineDump {
  private GoroutineDump() {
  }

  /**
   * Every goroutine but {@code self}, each as a blank line, its header and its frames: what a
   * fatal panic adds under GOTRACEBACK=all (package testing's timeout). Other Ms are not
   * stopped, so a goroutine running right now may show a stale frame.
   */
  static String otherGoroutines(Sched sched, G self) {
    StringBuilder sb = new StringBuilder();
    for (G gp : liveGs(sched)) {
      if (gp != self && gp.depth > 0) {
        sb.append('\n').append(goroutineHeader(gp)).append(sched.exec.traceback(gp));
      }
    }
    return sb.toString();
  }

  /**
   * The running G's own trace as runtime.Stack(buf, false) prints it: the header line and its
   * frames, innermost first (used by natives that log a recovered panic's stack).
   */
  static String stack(Sched sched, G gp) {
    return goroutineHeader(gp) + sched.exec.traceback(gp);
  }

  /** {@code goroutine N [reason]:} and a newline. */
  static String goroutineHeader(G gp) {
    String state;
    switch (gp.status) {
      case G.RUNNABLE -> state = "runnable";
      case G.RUNNING -> state = "running";
      case G.SYSCALL -> state = "syscall";
      case G.WAITING -> state = gp.waitReason != null ? gp.waitReason : "waiting";
      default -> state = "dead";
    }
    return "goroutine " + gp.id + " [" + state + "]:\n";
  }

  /** Every G not dead, by id. Only when the world is stopped (deadlock) or for diagnostics. */
  static List<G> liveGs(Sched sched) {
    List<G> out = new ArrayList<>();
    sched.lock.lock();
    try {
      for (G gp : sched.allgGlobal) {
        if (gp.status != G.DEAD) {
          out.add(gp);
        }
      }
      // (a G is in one allg list: a set only guards the diagnostics against a racy snapshot)
      java.util.Set<G> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      seen.addAll(out);
      for (P pp : sched.allp) {
        G[] a = pp.allg;
        for (int i = 0; i < pp.nallg && i < a.length; i++) {
          if (a[i] != null && a[i].status != G.DEAD && seen.add(a[i])) {
            out.add(a[i]);
          }
        }
      }
    } finally {
      sched.lock.unlock();
    }
    out.sort(Comparator.comparingLong(g -> g.id));
    return out;
  }

  /** Every goroutine not dead, by id (a racy snapshot: for the REPL's :goroutines). */
  static List<G> goroutines(Sched sched) {
    return liveGs(sched);
  }

  /** A goroutine's state as a trace header shows it: running, runnable, chan receive, ... */
  static String stateOf(G gp) {
    String h = goroutineHeader(gp);
    return h.substring(h.indexOf('[') + 1, h.lastIndexOf(']'));
  }

  /**
   * The schedtrace line now (the REPL's :sched), plus the counts schedtrace leaves out:
   * {@code steals=N preemptions=N goroutines=N}.
   */
  static String schedtraceNow(Sched sched, boolean detail) {
    String s = schedtrace(sched, detail);
    int nl = s.indexOf('\n');
    return s.substring(0, nl) + " steals=" + sched.nsteal.get() + " preemptions=" + sched.npreempt.get()
        + " goroutines=" + sched.gcount() + s.substring(nl);
  }

  /** Go's schedtrace line (and, with detail, one line per P, M and G). */
  static String schedtrace(Sched sched, boolean detail) {
    long ms = (System.nanoTime() - sched.startNanos) / 1_000_000;
    StringBuilder sb = new StringBuilder();
    P[] ps = sched.allp;
    int procs = sched.gomaxprocs;
    sched.lock.lock();
    try {
      sb.append("SCHED ").append(ms).append("ms: gomaxprocs=").append(procs)
          .append(" idleprocs=").append(sched.npidle)
          .append(" threads=").append(sched.mcount + 1)
          .append(" spinningthreads=").append(sched.nmSpinning)
          .append(" idlethreads=").append(sched.nmidle)
          .append(" runqueue=").append(sched.runqSize);
      if (detail) {
        sb.append(" gcwaiting=0 nmidlelocked=0 stopwait=0 sysmonwait=").append(sched.sysmonWait ? 1 : 0).append('\n');
        for (int i = 0; i < procs && i < ps.length; i++) {
          P pp = ps[i];
          M m = pp.m;
          sb.append("  P").append(i).append(": status=").append(pp.status)
              .append(" schedtick=").append(pp.schedtick)
              .append(" syscalltick=").append(pp.syscalltick)
              .append(" m=").append(m != null ? m.mid : -1)
              .append(" runqsize=").append(pp.runqSize())
              .append(" gfreecnt=0 timerslen=0\n");
        }
        for (M m : sched.allm) {
          P pp = m.p;
          G g = m.curg;
          sb.append("  M").append(m.mid).append(": p=").append(pp != null ? pp.id : -1)
              .append(" curg=").append(g != null ? g.id : -1)
              .append(" mallocing=0 throwing=0 preemptoff= locks=0 dying=0 spinning=").append(m.spinning)
              .append(" blocked=").append(m.nextp == null && pp == null)
              .append(" lockedg=-1\n");
        }
      } else {
        sb.append(" [");
        for (int i = 0; i < procs && i < ps.length; i++) {
          sb.append(i > 0 ? " " : "").append(ps[i].runqSize());
        }
        sb.append("]\n");
      }
    } finally {
      sched.lock.unlock();
    }
    if (detail) {
      for (G g : liveGs(sched)) {
        M m = g.m;
        sb.append("  G").append(g.id).append(": status=").append(g.status)
            .append('(').append(g.status == G.WAITING && g.waitReason != null ? g.waitReason : "").append(')')
            .append(" m=").append(m != null ? m.mid : -1).append(" lockedm=-1\n");
      }
    }
    return sb.toString();
  }
}
