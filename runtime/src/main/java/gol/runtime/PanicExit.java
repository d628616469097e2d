package gol.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/*
 * How a program ends while a goroutine panics: main's wait for a panicking goroutine (Go's
 * runtime.main after main.main returns) and the stop-the-world freeze before an unrecovered
 * panic's report (Go's freezetheworld).
 *
 * Concepts
 *   Main waits for panics. The VM counts every panic in Sched.runningPanicDefers from its start
 *   until it is recovered or reported, and sets Sched.panicking before its report. When main.main
 *   returns while the count is not 0, the program does not exit 0 at once: a daemon thread (not
 *   the M, so the panicking G can have its P) waits until the count drops (exit 0), a report
 *   begins (panicking: the reporting G exits 2), nothing has been runnable for a few polls (a
 *   deferred call that blocks is not waited for, as Go's 1000 Gosched are soon over) or
 *   MAIN_PANIC_WAIT_NS passes (exit 0).
 *
 *   Freeze. The G whose unrecovered panic is about to be printed (its Error and String methods
 *   have run, on the G, with the scheduler running: they may need other Gs), or whose such
 *   method panicked (Go's throw), sets Sched.frozen: from then on findRunnable parks every M
 *   that looks for work, and the Gs other Ms run are marked for preemption, so nothing another
 *   goroutine prints lands after the report. Not in service mode (the REPL), whose session
 *   outlives a goroutine's panic.
 *
 * Invariants
 *   - frozen is set once and never cleared: a frozen scheduler starts no G until exit() ends it
 *     (exit unparks the Ms, which then see exiting).
 *   - A main that returned never exits 0 once panicking is set: panicking is set before the
 *     panic's count drops (the VM's order), and the waiting thread reads the count, then
 *     panicking.
 *   - freeze waits at most ~5 ms: a G in a blocking call or a long native keeps running, and
 *     what it prints may still come (as in Go).
 *
 * Locking / ownership
 *   allMs and the liveness scan take sched.lock; freeze and the waiting thread hold no lock while
 *   they sleep. freeze is called by the panicking G's M only; the waiting thread is started once,
 *   by the M that ran main's last instruction.
 *
 * State transitions
 *   frozen: false -> true (freeze). mainReturned: false -> true (main's M).
 */
final class PanicExit {
  private PanicExit() {
  }

  /**
   * main.main returned: exit 0 — unless another goroutine is running a panic's deferred calls.
   * Then, as Go's runtime.main, let it finish: if the panic is recovered the program exits 0,
   * if it is reported its G exits 2; if that G blocks (no G runnable for a few polls) or after
   * MAIN_PANIC_WAIT_NS it exits 0. A daemon thread waits, not this M, so the panicking G can have this P.
   */
  static void mainReturned(Sched sched) {
    sched.mainReturned = true;
    if (sched.runningPanicDefers.get() == 0 && !sched.panicking) {
      sched.exit(0);
      return;
    }
    new MainReturned(sched).start();
  }

  private static void awaitPanics(Sched sched) {
    long deadline = System.nanoTime() + Tunables.MAIN_PANIC_WAIT_NS;
    int idle = 0;
    while (!sched.exiting && System.nanoTime() - deadline < 0 && sched.runningPanicDefers.get() != 0) {
      if (sched.panicking) {
        return; // the panicking G prints its report and ends the program with status 2
      }
      // Go's 1000 Gosched pass in well under a millisecond when nothing else can run: a
      // deferred call that sleeps or blocks is not waited for
      idle = anyRunnable(sched) ? 0 : idle + 1;
      if (idle >= 5) {
        break;
      }
      LockSupport.parkNanos(50_000L);
    }
    if (!sched.panicking) {
      sched.exit(0);
    }
  }

  /** Whether some G is running, runnable or in a system call (a racy snapshot). */
  private static boolean anyRunnable(Sched sched) {
    sched.lock.lock();
    try {
      for (G gp : sched.allgGlobal) {
        if (runnable(gp)) {
          return true;
        }
      }
      for (P pp : sched.allp) {
        G[] a = pp.allg;
        for (int i = 0; i < pp.nallg && i < a.length; i++) {
          if (a[i] != null && runnable(a[i])) {
            return true;
          }
        }
      }
      return false;
    } finally {
      sched.lock.unlock();
    }
  }

  private static boolean runnable(G gp) {
    int st = gp.status;
    return st == G.RUNNABLE || st == G.RUNNING || st == G.SYSCALL;
  }

  /** The thread of mainReturned (a class, not a lambda: linking one costs a cold JVM ~20 ms). */
  private static final class MainReturned extends Thread {
    private final Sched sched;

    MainReturned(Sched sched) {
      super("gol-main-returned");
      this.sched = sched;
      setDaemon(true);
    }

    @Override
    public void run() {
      awaitPanics(sched);
    }
  }

  /**
   * Go's freezetheworld, called by the G {@code self} whose unrecovered panic is about to be
   * printed (after its Error and String methods ran, which may need other Gs): from now on no M
   * starts a G, and the Gs running on other Ms stop at their next safe point, so that nothing
   * another goroutine prints lands after the report. Not in the REPL (a listener), whose session
   * outlives a goroutine's panic.
   */
  static void freeze(Sched sched, G self) {
    if (sched.listener != null) {
      return;
    }
    sched.frozen = true;
    List<M> ms = allMs(sched);
    // as Go's freezetheworld: preempt the others, then give them up to ~5 ms to stop (a G in a
    // blocking call or a long native keeps running; what it prints may still come)
    for (int attempt = 0; attempt < 5; attempt++) {
      boolean running = false;
      for (M m : ms) {
        G g = m.curg;
        if (g != null && g != self) {
          g.preempt = true;
          running = true;
        }
      }
      if (!running) {
        return;
      }
      LockSupport.parkNanos(1_000_000);
    }
  }

  /** A copy of allm, taken under the lock (freeze's and exit's list of Ms to stop). */
  static List<M> allMs(Sched sched) {
    sched.lock.lock();
    try {
      return new ArrayList<>(sched.allm);
    } finally {
      sched.lock.unlock();
    }
  }
}
