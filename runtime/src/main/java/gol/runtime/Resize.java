package gol.runtime;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/*
 * runtime.GOMAXPROCS: growing and shrinking the set of Ps (Go's procresize, and the
 * stop-the-world that surrounds it there; gol has no stop-the-world, so a shrink is "lite").
 *
 * Concepts
 *   Growing: procResize creates or revives Ps up to n and puts them on the idle list; wakeP
 *   starts Ms for them. Shrinking: procResize drops the idle Ps above n at once (DEAD); every
 *   other P above n is retired by its own M at its next scheduling point (retireP: its queue to
 *   the global queue, then DEAD), which preemptRetired hastens by preempting the M's G (again
 *   every RESIZE_POLL_NS) and by handing off a P left in a system call. The caller of a shrink
 *   waits until no P above n is held (Go's caller returns from a stopped world), so after
 *   GOMAXPROCS(1) nothing but the caller runs until it blocks. A caller whose own P is retired
 *   moves to P0 as Go's procresize moves it: P0 becomes wantedP, its M hands it over at its next
 *   scheduling point (handOverP, queue and all; or P0 was idle, or in a system call and taken by
 *   CAS), and the caller retires its old P itself (moveToWanted).
 *
 * Invariants
 *   - Every P with id < gomaxprocs is idle (on pidle), held by an M, or in a syscall — or, while
 *     a shrink waits for it, handed over to the resizer (Sched.wantedFree).
 *   - When a shrink that got Sched.resizing returns (the program not ending), every P with id >=
 *     gomaxprocs is DEAD and the caller's M holds a P with id < gomaxprocs.
 *   - No two shrinks wait on each other: one at a time holds resizing; another shrink meanwhile
 *     retires lazily (its own P too, at the caller's next safe point) and does not wait.
 *
 * Locking / ownership
 *   sched.lock guards procResize, pidle, wantedFree and resizer; wantedP is written under it and
 *   read racily (findRunnable, keepRunning, pidlePut under the lock). A P's queue is drained
 *   only by its owner: the M holding it (retireP), or the resizer for its own old P.
 */
final class Resize {
  private Resize() {
  }

  /**
   * runtime.GOMAXPROCS(n): sets the number of Ps when n >= 1 and returns the previous value.
   * Growing: the new Ps join the idle list at once. Shrinking is a stop-the-world-lite (Go stops
   * the world for procresize): the caller keeps running, every P above the new limit is retired
   * (its Gs go to the global queue, its running G is preempted), and the call returns once none
   * is held any more, so that after GOMAXPROCS(1) nothing but the caller runs until it blocks,
   * as in Go. If the caller's own P is one of them, its M moves to P0 as Go's procresize moves
   * it: P0's M hands P0 over at its next scheduling point (its running G preempted) and P0 keeps
   * its queue; the caller's old P is retired by the caller itself. See {@link #shrink}.
   */
  static int setGomaxprocs(Sched sched, int n) {
    int old = sched.gomaxprocs;
    if (n < 1 || n == old) {
      return old;
    }
    n = Math.min(n, Sched.MAX_PROCS);
    if (n > old) {
      sched.lock.lock();
      try {
        procResize(sched, n);
      } finally {
        sched.lock.unlock();
      }
      for (int i = old; i < n; i++) {
        sched.wakeP();
      }
      return old;
    }
    M mp = M.current();
    P cur = mp != null && mp.sched == sched ? mp.p : null;
    if (cur == null || !Sched.RESIZING.compareAndSet(sched, 0, 1)) {
      // A thread without a P, or another shrink is waiting (perhaps for our P: waiting here
      // too could wait in a circle). Retire lazily: each retired P's M at its next scheduling
      // point, ours included.
      sched.lock.lock();
      try {
        procResize(sched, n);
      } finally {
        sched.lock.unlock();
      }
      preemptRetired(sched, mp);
      if (cur != null && cur.id >= sched.gomaxprocs && mp.curg != null) {
        mp.curg.preempt = true;
      }
      return old;
    }
    try {
      shrink(sched, mp, cur, n);
    } finally {
      sched.resizing = 0;
    }
    return old;
  }

  /**
   * setGomaxprocs's shrinking half for the one caller holding {@code resizing}: mp, running the
   * caller on P cur, resizes, moves to P0 if cur is retired, and waits until every other
   * retired P is DEAD (or the program ends). Waits only for Ms that are not in a shrink of
   * their own: a concurrent shrink takes the lazy path and never waits, so no two wait on each
   * other.
   */
  static void shrink(Sched sched, M mp, P cur, int n) {
    sched.lock.lock();
    try {
      procResize(sched, n);
      if (cur.id >= n) {
        P p0 = sched.allp[0];
        sched.resizer = mp;
        sched.wantedP = p0;
        sched.wantedFree = sched.removeIdleP(p0);
      }
    } finally {
      sched.lock.unlock();
    }
    for (;;) {
      if (sched.wantedP != null && moveToWanted(sched, mp, cur)) {
        continue;
      }
      boolean busy = preemptRetired(sched, mp);
      if (sched.exiting || (!busy && sched.wantedP == null)) {
        break;
      }
      LockSupport.parkNanos(Tunables.RESIZE_POLL_NS);
    }
    if (sched.wantedP != null) { // the program is ending
      sched.lock.lock();
      sched.wantedP = null;
      sched.resizer = null;
      sched.lock.unlock();
    }
  }

  /**
   * One look at the P that shrink wants (P0) for mp, whose P cur is retired: takes it if its M
   * handed it over or it is in a system call, then retires cur (its Gs to the global queue).
   * Gives up wanting it if GOMAXPROCS grew back over cur meanwhile. True if it got P0 or gave up.
   */
  static boolean moveToWanted(Sched sched, M mp, P cur) {
    P want = sched.wantedP;
    if (want.status == P.SYSCALL && want.casStatus(P.SYSCALL, P.IDLE)) {
      sched.lock.lock();
      sched.wantedFree = true; // ours now: its M finds it gone when the system call returns
      sched.lock.unlock();
    }
    G[] gs = null;
    int k = 0;
    P unwanted = null;
    sched.lock.lock();
    try {
      boolean free = sched.wantedFree;
      if (cur.id < sched.gomaxprocs) { // grown back: cur is valid again
        if (free) {
          unwanted = want;
        }
      } else if (free) {
        gs = new G[P.RUNQ_SIZE + 1];
        k = cur.runqDrain(gs);
        for (int i = 0; i < k; i++) {
          sched.globRunqPut(gs[i]);
        }
        cur.m = null;
        cur.status = P.DEAD_STATUS;
        mp.p = null;
        sched.acquireP(mp, want);
        // A new tick on P0: sysmon's view of it (the tick it last saw change, and when) is that
        // of the G it ran before, and would preempt the caller at once after an idle spell.
        P.SCHEDTICK.lazySet(want, want.schedtick + 1);
      } else {
        M m = want.m;
        G g = m != null ? m.curg : null;
        if (g != null) {
          g.preempt = true; // its M hands the P over at its next scheduling point
        }
        return false;
      }
      sched.wantedFree = false;
      sched.wantedP = null;
      sched.resizer = null;
    } finally {
      sched.lock.unlock();
    }
    if (unwanted != null) {
      Syscalls.handoffP(sched, unwanted);
    } else if (k > 0) {
      sched.wakeP();
    }
    return true;
  }

  /**
   * Preempts the running G of every M that holds a P above GOMAXPROCS (but self's) so that the
   * M retires it at its next scheduling point, and hands off such a P left in a system call.
   * Returns whether some P above GOMAXPROCS (but self's) is not DEAD yet.
   */
  static boolean preemptRetired(Sched sched, M self) {
    boolean busy = false;
    P[] ps = sched.allp;
    for (int i = sched.gomaxprocs; i < ps.length; i++) {
      P pp = ps[i];
      if (pp.status == P.DEAD_STATUS || (self != null && pp == self.p)) {
        continue;
      }
      busy = true;
      if (pp.status == P.SYSCALL && pp.casStatus(P.SYSCALL, P.IDLE)) {
        Syscalls.handoffP(sched, pp); // as sysmon retakes it: an M retires it, or (empty) pidlePut drops it
        continue;
      }
      M m = pp.m;
      G g = m != null ? m.curg : null;
      if (g != null) {
        g.preempt = true;
      }
    }
    return busy;
  }

  /**
   * mp's P pp is the one a shrinking setGomaxprocs wants (P0): give it to the resizer, queue
   * and all, unless it stopped wanting it meanwhile. Like retireP, mp is left without a P.
   */
  static void handOverP(Sched sched, M mp, P pp) {
    sched.lock.lock();
    try {
      if (pp != sched.wantedP) {
        return; // no longer wanted: keep it
      }
      sched.releaseP(mp);
      sched.pidlePut(pp); // to the resizer, not the idle list
    } finally {
      sched.lock.unlock();
    }
    if (mp.spinning) {
      mp.spinning = false;
      Sched.NMSPINNING.getAndAdd(sched, -1);
    }
    if (sched.runqSize != 0) {
      sched.wakeP(); // as retireP: a submitter may have counted on this M while it spun
    }
  }

  /** mp's P is above GOMAXPROCS: move its Gs to the global queue and drop it. */
  static void retireP(Sched sched, M mp, P pp) {
    G[] gs = new G[P.RUNQ_SIZE + 1];
    int n = pp.runqDrain(gs);
    sched.lock.lock();
    try {
      for (int i = 0; i < n; i++) {
        sched.globRunqPut(gs[i]);
      }
      pp.m = null;
      pp.status = P.DEAD_STATUS;
      mp.p = null;
    } finally {
      sched.lock.unlock();
    }
    if (mp.spinning) {
      mp.spinning = false;
      Sched.NMSPINNING.getAndAdd(sched, -1);
    }
    // Like a spinner that gives up: the global queue may hold Gs whose submitters saw this M
    // spinning (or a G this M just preempted), so someone must look again.
    int wake = sched.runqSize != 0 ? Math.max(n, 1) : n;
    for (int i = 0; i < wake; i++) {
      sched.wakeP();
    }
  }

  /** Creates or revives Ps up to n and sets gomaxprocs. sched.lock must be held. */
  static void procResize(Sched sched, int n) {
    assert sched.lock.isHeldByCurrentThread() : "procResize: sched.lock not held";
    P[] ps = sched.allp;
    if (n > ps.length) {
      P[] nps = Arrays.copyOf(ps, n);
      for (int i = ps.length; i < n; i++) {
        nps[i] = new P(sched, i);
        nps[i].status = P.DEAD_STATUS;
      }
      sched.allp = ps = nps;
    }
    sched.gomaxprocs = n;
    for (int i = 0; i < ps.length; i++) {
      P pp = ps[i];
      if (i < n && pp.status == P.DEAD_STATUS) {
        pp.status = P.IDLE;
        sched.pidlePut(pp);
      } else if (i >= n && pp.status == P.IDLE && pp.m == null) {
        if (sched.removeIdleP(pp)) {
          pp.status = P.DEAD_STATUS;
        }
      }
    }
  }
}
