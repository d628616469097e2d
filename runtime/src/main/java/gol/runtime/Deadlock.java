package gol.runtime;

import java.io.PrintStream;

/*
 * Deadlock detection (Go's checkdead) and the report that ends a deadlocked program.
 *
 * Concepts
 *   When the last M goes idle (stopM), an M is about to block in the network poll, or the
 *   poller thread has readied Gs (recheckDead), checkdead decides whether no G can ever run
 *   again: every M idle, none in a system call, nobody sleeping or waiting on the network, no
 *   signal watched, nothing queued. Then Go's "all goroutines are asleep - deadlock!" with every
 *   goroutine's trace and status 2 — or, in service mode (the REPL), the Listener is told.
 *
 * Invariants
 *   - checkdead never reports while a G is queued on the global queue: a thread without a P
 *     queues under sched.lock and calls wakeP after releasing it.
 *   - The report is printed once (deadlockReported, claimed before printing: the last M and the
 *     poller thread can find the same deadlock at once) and ends the program through Sched.exit.
 *
 * Locking / ownership
 *   checkdead runs under sched.lock (the M and P counts it reads are guarded by it); the report
 *   takes the lock again to list the goroutines (GoroutineDump.liveGs), so it runs without it.
 */
final class Deadlock {
  private Deadlock() {
  }

  /**
   * Whether no G can ever run again: every M is idle, none is in a system call, the poller has
   * nobody sleeping. sched.lock must be held. Mirrors runtime.checkdead.
   */
  static boolean checkdead(Sched sched) {
    assert sched.lock.isHeldByCurrentThread() : "checkdead: sched.lock not held";
    if (sched.exiting || sched.mcount - sched.nmidle - sched.nmpoll > 0 || sched.nsyscall.get() > 0 || sched.signalsWatched) {
      return false;
    }
    Sched.Poller pl = sched.poller;
    if (pl != null && pl.waiting() > 0) {
      return false;
    }
    if (pl != null && !sched.opt.service && pl.netpollInited()) {
      // Go 1.23 never reports this deadlock once the program has used the network (a listener
      // or a dial, even closed since: its netpoll M is not counted idle); measured with go run.
      return false;
    }
    if (sched.runqSize != 0) {
      // Queued by a thread without a P (the poller, a signal's handler, the REPL's owner): it
      // puts the G on the global queue under the lock and calls wakeP after releasing it, so
      // the last M can get here in between (Go readies only on Ms, and throws). Its wakeP
      // finds this M on the idle list. Was a fatal error, seen once in some thousand suite
      // programs under load (tests/os/files.gol, GOMAXPROCS=1).
      return false;
    }
    return true;
  }

  /**
   * Called by the poller thread after it has readied Gs and dropped its waiting counts: if every
   * M went idle meanwhile (the readied Gs ran and finished before the counts dropped, so the
   * last M's own checkdead still saw them), look again. The poller is not an M, so unlike Go's
   * (whose netpoll and timers run on Ms) nothing else would notice the deadlock.
   */
  static void recheckDead(Sched sched) {
    if (sched.npidle != sched.gomaxprocs || sched.exiting) {
      return;
    }
    boolean dead;
    sched.lock.lock();
    try {
      dead = checkdead(sched); // a queued G is not a deadlock: whoever queued it is starting an M
    } finally {
      sched.lock.unlock();
    }
    if (dead) {
      allAsleep(sched);
    }
  }

  /**
   * checkdead found every goroutine asleep. In service mode (the REPL) that is normal between
   * inputs: the owner is told and decides; returns true. Otherwise it is Go's deadlock: the
   * report is printed, the program ends, and this returns false.
   */
  static boolean allAsleep(Sched sched) {
    if (!sched.opt.service) {
      reportDeadlock(sched);
      return false;
    }
    Sched.Listener l = sched.listener;
    if (l != null) {
      l.allAsleep();
    }
    return true;
  }

  /** Prints Go's deadlock report with every goroutine's trace and ends the program (status 2). */
  static void reportDeadlock(Sched sched) {
    if (sched.mainReturned && !sched.panicking) {
      // main returned and only a panic's blocked deferred calls are left: Go's main stops
      // waiting for them and exits 0
      sched.exit(0);
      return;
    }
    // the last M's checkdead and the poller's recheckDead can both find the same deadlock:
    // only the one that claims the report prints it (exitOnce is set only after printing)
    if (sched.exitOnce.get() != 0 || !sched.deadlockReported.compareAndSet(0, 1)) {
      return;
    }
    StringBuilder sb = new StringBuilder();
    if (sched.mainGoexited && sched.gcount() == 0) {
      sb.append("fatal error: no goroutines (main called runtime.Goexit) - deadlock!\n");
    } else {
      sb.append("fatal error: all goroutines are asleep - deadlock!\n");
      for (G gp : GoroutineDump.liveGs(sched)) {
        sb.append('\n').append(GoroutineDump.goroutineHeader(gp)).append(sched.exec.traceback(gp));
      }
    }
    PrintStream err = sched.machine.stderr;
    err.print(sb);
    err.flush();
    sched.exit(2);
  }

  /**
   * Service mode: whether no G can run now (checkdead's condition, under sched.lock), for the
   * owner to confirm a {@link Listener#allAsleep} that may have been overtaken by new work.
   */
  static boolean asleep(Sched sched) {
    sched.lock.lock();
    try {
      return checkdead(sched);
    } finally {
      sched.lock.unlock();
    }
  }
}
