package gol.runtime;

/*
 * System calls: a native that blocks its thread gives its P up for the duration (Go's
 * entersyscall/exitsyscall) and handoffP, which gives such a P (or any P an M cannot run) to
 * another M or the idle list.
 *
 * Concepts
 *   enterSyscall leaves the P in the SYSCALL state, owned by nobody; sysmon retakes it after
 *   20 us (CAS SYSCALL -> IDLE, then handoffP), a shrinking GOMAXPROCS likewise. exitSyscall
 *   takes the old P back by the same CAS if nobody did, else any idle P, else the G yields to
 *   the global queue and its M parks.
 *
 * Invariants
 *   - A P in SYSCALL is taken by exactly one CAS winner (exitSyscall, sysmon or a resizer).
 *   - handoffP never idles a P with work: it starts an M for it instead.
 *
 * Locking / ownership
 *   P.status CAS for the SYSCALL P; sched.lock for pidle (pidleGet, pidlePut).
 */
final class Syscalls {
  private Syscalls() {
  }

  /**
   * Hands off P from an M that is blocked in a syscall (sysmon) or otherwise cannot run it.
   * Mirrors runtime.handoffp: start an M if the P has work or nobody is looking; else idle it.
   */
  static void handoffP(Sched sched, P pp) {
    if (!pp.runqEmpty() || sched.runqSize != 0) {
      sched.startM(pp, false);
      return;
    }
    if (sched.nmSpinning + sched.npidle == 0 && Sched.NMSPINNING.compareAndSet(sched, 0, 1)) {
      sched.startM(pp, true);
      return;
    }
    sched.lock.lock();
    if (sched.runqSize != 0) {
      sched.lock.unlock();
      sched.startM(pp, false);
      return;
    }
    sched.pidlePut(pp);
    sched.lock.unlock();
  }

  /**
   * Called by a native about to block its thread (file or stdin I/O): the P is released into
   * the SYSCALL state, where sysmon may hand it to another M. Always paired with
   * {@link Sched#exitSyscall}: {@code enterSyscall(g); try { io } finally { exitSyscall(g); }}.
   * Mirrors runtime.entersyscall.
   */
  static void enterSyscall(Sched sched, G gp) {
    sched.machine.stdout.flush();
    M mp = gp.m;
    P pp = mp.p;
    pp.syscalltick++;
    gp.casStatus(G.RUNNING, G.SYSCALL);
    mp.oldp = pp;
    mp.p = null;
    pp.m = null;
    sched.nsyscall.incrementAndGet();
    pp.status = P.SYSCALL; // from here sysmon may retake it
  }

  /**
   * The blocking call returned: take the old P back if sysmon did not retake it, else any idle
   * P. With no P the G cannot continue on this M: exitSyscall sets {@code g.stop = STOP_YIELD},
   * the VM returns YIELDED and the M queues the G globally and parks. Returns whether the G kept
   * running. Mirrors runtime.exitsyscall / exitsyscallfast.
   */
  static boolean exitSyscall(Sched sched, G gp) {
    M mp = gp.m;
    P oldp = mp.oldp;
    mp.oldp = null;
    sched.nsyscall.decrementAndGet();
    if (oldp != null && oldp.casStatus(P.SYSCALL, P.IDLE)) {
      sched.acquireP(mp, oldp);
      oldp.syscalltick++;
      gp.casStatus(G.SYSCALL, G.RUNNING);
      return true;
    }
    sched.lock.lock();
    P pp = sched.pidleGet();
    sched.lock.unlock();
    if (pp != null) {
      sched.acquireP(mp, pp);
      gp.casStatus(G.SYSCALL, G.RUNNING);
      return true;
    }
    gp.stop = G.STOP_YIELD; // execute sees SYSCALL status and mp.p == null
    return false;
  }
}
