package gol.runtime;

import java.util.concurrent.locks.LockSupport;

/*
 * A worker thread (Go's m, runtime2.go; notesleep/notewakeup of lock_futex.go).
 *
 * Concepts
 *   An M is a daemon platform thread. It runs Gs while it holds a P: Sched.mstart loops
 *   findRunnable -> execute. With nothing to do it gives its P back and parks itself on the
 *   scheduler's idle-M list (stopM); startM hands a P to an idle M (nextp) and unparks it.
 *   More Ms than Ps exist only while some are in system calls.
 *
 * Invariants
 *   - p != null exactly while the M may run gol code (or is spinning looking for it).
 *   - spinning: the M holds a P, has no G, and is looking for one; counted in sched.nmSpinning.
 *   - curg is the G running on this M, or null.
 *
 * Locking / ownership
 *   All fields except curg, nextp and the wake note are touched only by the M's own thread.
 *   nextp is set by the M that wakes this one (under sched.lock, before notewakeup); curg is
 *   read by sysmon (to preempt) racily. The note (woken) is a volatile flag + LockSupport.unpark:
 *   an unpark before the park is not lost.
 *
 * State transitions
 *   running a G -> spinning (holds P, looking) -> idle (no P, parked on sched.midle)
 *   -> (startM: nextp set, woken) -> spinning or running; in a syscall (no P) -> running again.
 */
public final class M extends Thread {
  final Sched sched;
  final int mid;
  /** The P held, or null. */
  P p;
  /** The P to acquire when woken (set by startM). */
  volatile P nextp;
  /** The P held before entering a syscall. */
  P oldp;
  boolean spinning;
  /** Whether this M ran a G since findRunnable last lingered (see Sched.findRunnable). */
  boolean ranSinceLinger;
  volatile G curg;
  /** curg, for release stores on the switch path (see Sched.execute). */
  static final java.util.concurrent.atomic.AtomicReferenceFieldUpdater<M, G> CURG =
      java.util.concurrent.atomic.AtomicReferenceFieldUpdater.newUpdater(M.class, G.class, "curg");
  /** Next M on the idle list (under sched.lock). */
  M schedlink;
  private volatile boolean woken;
  /** Whether the G that just ran was handed the rest of the previous time slice. */
  boolean inheritTime;
  final boolean[] inheritOut = new boolean[1];
  /** The Gs a network poll by this M readied (Sched.findElsewhere, netpollBlock). */
  final java.util.List<G> netReady = new java.util.ArrayList<>();

  /**
   * Allocations counted for the goroutines this M ran (see {@link Alloc}): written only by this
   * M's thread, read racily by {@link Sched#addAllocs}.
   */
  long mallocs;
  long mallocBytes;

  M(Sched sched, int id) {
    super(null, null, "gol-m" + id, 1 << 20);
    this.sched = sched;
    this.mid = id;
    setDaemon(true);
  }

  @Override
  public void run() {
    sched.mstart(this);
  }

  /** Parks the thread until notewakeup (or the program ends). Mirrors notesleep(&m.park). */
  void notesleep() {
    while (!woken) {
      if (sched.exiting) {
        return;
      }
      LockSupport.park(this);
    }
    woken = false;
  }

  /** Wakes the M parked in notesleep. Mirrors notewakeup(&m.park). */
  void notewakeup() {
    woken = true;
    LockSupport.unpark(this);
  }

  /** The M running the calling thread, or null (the caller of runMain, sysmon, tests). */
  static M current() {
    return Thread.currentThread() instanceof M m ? m : null;
  }
}
