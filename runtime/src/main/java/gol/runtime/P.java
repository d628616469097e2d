package gol.runtime;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/*
 * A logical processor (Go's p, runtime2.go; its run queue functions from proc.go).
 *
 * Concepts
 *   An M must hold a P to run gol code. The P owns a local run queue: a 256-slot ring of
 *   runnable Gs, lock-free for its owner, plus runnext, a one-G slot that is run before the ring
 *   (a G just readied or spawned by the running G: communicating Gs run back to back, and the
 *   readied G inherits the rest of the time slice). Other Ps take from the ring only by stealing
 *   half of it (runqSteal). A P also lists the Gs created on it (allg) for tracebacks.
 *
 * Invariants
 *   - runqTail - runqHead is in [0, 256]: the indices are ints allowed to wrap, like Go's
 *     uint32s, and the difference is right across the wrap; slots are runq[i & 255].
 *   - Only the owner P writes runqTail (store-release after writing the slot) and puts into
 *     runnext a non-null G; anyone may CAS runqHead forward (consume) or runnext to null (steal).
 *     So the owner fills an empty runnext with a release store, no atomic read-modify-write.
 *   - runnextSeq changes with every put into runnext: the same G seen there twice with the same
 *     seq sat there all along (sysmon's and a thief's test; a G identity alone is fooled by a
 *     ping-pong pair, whose runnext holds the same two Gs in turn).
 *   - A G is in at most one of: one P's ring, one P's runnext, the global queue.
 *
 * Locking / ownership
 *   "Executed only by the owner P": runqPut, runqGet, runqPutSlow, runqSteal (into this P).
 *   "Can be executed by any P": runqGrab, runqEmpty, runqSize.
 *   status/m/schedtick/syscalltick/runnextSeq/ngDelta are written by the owner (status also by
 *   sysmon's CAS when it retakes a P in a syscall), read by sysmon, thieves and gcount racily.
 *
 * State transitions (Go's _P*)
 *   IDLE -> RUNNING (acquireP) -> SYSCALL (entersyscall) -> RUNNING (exitsyscall fast path)
 *   SYSCALL -> IDLE (sysmon retakes it: handoffP); RUNNING -> IDLE (releaseP, M has no work).
 */
public final class P {
  public static final int IDLE = 0;
  public static final int RUNNING = 1;
  public static final int SYSCALL = 2;
  /** Above GOMAXPROCS: not used until GOMAXPROCS grows again (Go's _Pdead). */
  public static final int DEAD_STATUS = 4;

  static final int RUNQ_SIZE = Tunables.RUNQ_SIZE;
  private static final int MASK = RUNQ_SIZE - 1;

  // Atomic field updaters, not VarHandles: both compile to the same instructions in C2, but a
  // VarHandle operation in C1's profiled code (where the scheduler runs for the first few
  // hundred milliseconds of every program) costs three times an updater's. Every field is
  // volatile, so a plain read is the acquire load; lazySet is the release store.
  private static final AtomicIntegerFieldUpdater<P> HEAD =
      AtomicIntegerFieldUpdater.newUpdater(P.class, "runqHead");
  private static final AtomicIntegerFieldUpdater<P> TAIL =
      AtomicIntegerFieldUpdater.newUpdater(P.class, "runqTail");
  private static final AtomicReferenceFieldUpdater<P, G> RUNNEXT =
      AtomicReferenceFieldUpdater.newUpdater(P.class, G.class, "runnext");
  private static final AtomicIntegerFieldUpdater<P> STATUS =
      AtomicIntegerFieldUpdater.newUpdater(P.class, "status");
  private static final AtomicIntegerFieldUpdater<P> RUNNEXT_SEQ =
      AtomicIntegerFieldUpdater.newUpdater(P.class, "runnextSeq");
  static final AtomicLongFieldUpdater<P> NGDELTA = AtomicLongFieldUpdater.newUpdater(P.class, "ngDelta");
  /** schedtick, for release stores by the owner (sysmon reads it racily). */
  static final AtomicLongFieldUpdater<P> SCHEDTICK = AtomicLongFieldUpdater.newUpdater(P.class, "schedtick");

  public final int id;
  final Sched sched;
  volatile int status = IDLE;
  /** The M holding this P (null when idle). */
  volatile M m;
  /** Incremented on every scheduler call that does not inherit a time slice. */
  volatile long schedtick;
  /** Incremented on every system call. */
  volatile long syscalltick;
  /** Next P on the idle list (under sched.lock). */
  P link;

  // sysmon's view (Go's sysmontick), touched by sysmon only
  long sysSchedtick;
  long sysSchedwhen;
  long sysSyscalltick;
  long sysSyscallwhen;
  /** The runnext G sysmon saw on its last tick (a G left there a whole tick gets an M woken). */
  G sysRunnext;
  /** runnextSeq when sysmon saw sysRunnext. */
  int sysRunnextSeq;

  /**
   * Bumped by the owner whenever it puts a G in runnext: a thief or sysmon that sees the same G
   * in runnext twice knows from it whether the G sat there all along or was run and put back (a
   * ping-pong pair's runnext holds the same two Gs in turn). Owner writes, others read racily.
   */
  volatile int runnextSeq;

  /** Goroutines started minus goroutines ended by Ms holding this P (Sched.gcount sums them). */
  volatile long ngDelta;

  private final G[] runq = new G[RUNQ_SIZE];
  private volatile int runqHead;
  private volatile int runqTail;
  private volatile G runnext;

  /** Gs created on this P (owner only; dead ones are dropped when the list is compacted). */
  G[] allg = new G[16];
  int nallg;
  private int compactAt = 16;

  P(Sched sched, int id) {
    this.sched = sched;
    this.id = id;
  }

  boolean casStatus(int from, int to) {
    return STATUS.compareAndSet(this, from, to);
  }

  /**
   * Puts gp on the local run queue: in runnext when {@code next} (the old runnext, if any, moves
   * to the ring), else at the ring's tail; a full ring moves half of itself to the global queue.
   * Executed only by the owner P. Mirrors runtime.runqput (proc.go). Returns whether some G
   * other than runnext is queued now (the ring or the global queue has work another M could
   * take): a G put in an empty runnext alone runs as soon as the current G stops, so waking an
   * M for it would only make it spin (see Sched.start).
   */
  boolean runqPut(G gp, boolean next) {
    if (Debug.RANDOMSCHED && next && Sched.fastrandn(2) == 0) {
      next = false;
    }
    if (next) {
      RUNNEXT_SEQ.lazySet(this, runnextSeq + 1);
      // Only the owner stores a non-null runnext; thieves only CAS it to null. So an empty
      // runnext stays empty until this store, and a plain release store fills it (no atomic on
      // a channel handoff's path); a full one is swapped by CAS, which fails only if a thief
      // took the old G meanwhile — then runnext is empty.
      G old = runnext;
      if (old == null || !RUNNEXT.compareAndSet(this, old, gp)) {
        RUNNEXT.lazySet(this, gp); // store-release: gp's fields are published with it
        return runqTail != runqHead;
      }
      gp = old; // kick the old runnext out to the regular run queue
    }
    for (;;) {
      int h = runqHead; // load-acquire, synchronize with consumers
      int t = runqTail;
      if (t - h < RUNQ_SIZE) {
        runq[t & MASK] = gp;
        TAIL.lazySet(this, t + 1); // store-release, makes the item available for consumption
        return true;
      }
      if (runqPutSlow(gp, h, t)) {
        return true;
      }
      // the queue is not full any more (stolen from), the put above will succeed
    }
  }

  /**
   * Moves half of the (full) ring plus gp to the global queue. Executed only by the owner P.
   * Mirrors runtime.runqputslow.
   */
  private boolean runqPutSlow(G gp, int h, int t) {
    int n = (t - h) / 2;
    if (n != RUNQ_SIZE / 2) {
      throw new IllegalStateException("runqPutSlow: queue is not full");
    }
    G[] batch = new G[n + 1];
    for (int i = 0; i < n; i++) {
      batch[i] = runq[(h + i) & MASK];
    }
    if (!HEAD.compareAndSet(this, h, h + n)) { // cas-release, commits consume
      return false;
    }
    batch[n] = gp;
    if (Debug.RANDOMSCHED) {
      for (int i = 1; i <= n; i++) {
        int j = Sched.fastrandn(i + 1);
        G x = batch[i];
        batch[i] = batch[j];
        batch[j] = x;
      }
    }
    sched.globRunqPutAll(batch, n + 1);
    return true;
  }

  /**
   * Puts src[from .. from + n) at the ring's tail, in order, with one release store (a batch
   * from the global queue). The ring must have room for them. Executed only by the owner P.
   */
  void runqPutAll(G[] src, int from, int n) {
    int t = runqTail;
    if (t - runqHead + n > RUNQ_SIZE) {
      throw new IllegalStateException("runqPutAll: no room for " + n);
    }
    for (int i = 0; i < n; i++) {
      runq[(t + i) & MASK] = src[from + i];
    }
    TAIL.lazySet(this, t + n); // store-release, makes the items available for consumption
  }

  /** Free slots in the ring. Executed only by the owner P (thieves only ever free more). */
  int runqFree() {
    return RUNQ_SIZE - (runqTail - runqHead);
  }

  /**
   * Takes a G from the local queue: runnext first ({@code inheritTime[0]} set: it continues the
   * current time slice), then the ring's head. Executed only by the owner P. Returns null when
   * empty. Mirrors runtime.runqget.
   */
  G runqGet(boolean[] inheritTime) {
    // If there's a runnext, it's the next G to run. It can only be taken atomically: a stealer
    // may race us for it (an exchange: the owner is the only one who stores a non-null value).
    if (runnext != null) {
      G next = RUNNEXT.getAndSet(this, null);
      if (next != null) {
        inheritTime[0] = true;
        return next;
      }
    }
    inheritTime[0] = false;
    for (;;) {
      int h = runqHead; // load-acquire, synchronize with other consumers
      int t = runqTail;
      if (t == h) {
        return null;
      }
      G gp = runq[h & MASK];
      if (HEAD.compareAndSet(this, h, h + 1)) { // cas-release, commits consume
        return gp;
      }
    }
  }

  /**
   * Grabs half of this P's ring (rounded up; runnext too when the ring is empty and
   * {@code stealRunNext}) into {@code batch} starting at {@code batchHead}. Returns the number
   * of Gs grabbed. Can be executed by any P. Mirrors runtime.runqgrab.
   */
  int runqGrab(G[] batch, int batchHead, boolean stealRunNext) {
    for (;;) {
      int h = runqHead; // load-acquire, synchronize with other consumers
      int t = runqTail; // load-acquire, synchronize with the producer
      int n = t - h;
      n = n - n / 2;
      if (n == 0) {
        if (stealRunNext) {
          int seq = runnextSeq;
          G next = runnext;
          if (next != null) {
            if (status == RUNNING) {
              pause(Tunables.STEAL_RUNNEXT_WAIT_NS);
              if (runnext != next || runnextSeq != seq) {
                return 0; // the owner ran it: it is busy with its own handoffs, leave it be
              }
            }
            if (!RUNNEXT.compareAndSet(this, next, null)) {
              continue;
            }
            batch[batchHead & MASK] = next;
            return 1;
          }
        }
        return 0;
      }
      if (n > RUNQ_SIZE / 2) { // read inconsistent h and t
        continue;
      }
      for (int i = 0; i < n; i++) {
        batch[(batchHead + i) & MASK] = runq[(h + i) & MASK];
      }
      if (HEAD.compareAndSet(this, h, h + n)) { // cas-release, commits consume
        return n;
      }
    }
  }

  /**
   * Spins for about {@code ns} without touching shared memory. Go's runqgrab sleeps 3 µs
   * (usleep(3): ~50x a channel handoff) before stealing a running P's runnext, which the owner
   * is likely to schedule itself (a G it just readied, as in a channel ping-pong); a thread
   * cannot sleep that briefly, so it spins — and must not poll the victim's cache lines while it
   * does, or every handoff of the owner pays a cross-core miss.
   */
  static void pause(long ns) {
    long deadline = System.nanoTime() + ns;
    do {
      for (int i = 0; i < 16; i++) {
        Thread.onSpinWait();
      }
    } while (System.nanoTime() < deadline);
  }

  /**
   * Steals half of p2's Gs into this P's ring and returns one of them, or null. Executed only by
   * the owner P (this). Mirrors runtime.runqsteal.
   */
  G runqSteal(P p2, boolean stealRunNext) {
    int t = runqTail;
    int n = p2.runqGrab(runq, t, stealRunNext);
    if (n == 0) {
      return null;
    }
    n--;
    G gp = runq[(t + n) & MASK];
    if (n == 0) {
      return gp;
    }
    int h = runqHead; // load-acquire, synchronize with consumers
    if (t - h + n >= RUNQ_SIZE) {
      throw new IllegalStateException("runqSteal: runq overflow");
    }
    TAIL.lazySet(this, t + n); // store-release, makes the item available for consumption
    return gp;
  }

  /** The runnext G, or null (sysmon's look). Can be executed by any P. */
  G runnextPeek() {
    return runnext;
  }

  /** Whether the local queue (ring and runnext) is empty. Can be executed by any P. */
  boolean runqEmpty() {
    // Read head, tail, runnext, then tail again: if tail did not move, the snapshot is
    // consistent (Go's runqempty defends against a concurrent runqput moving runnext to the ring).
    for (;;) {
      int h = runqHead;
      int t = runqTail;
      G next = runnext;
      if (runqTail == t) {
        return h == t && next == null;
      }
    }
  }

  /** An approximation of the local queue's length (schedtrace). Can be executed by any P. */
  int runqSize() {
    int n = runqTail - runqHead;
    return Math.max(0, Math.min(n, RUNQ_SIZE)) + (runnext != null ? 1 : 0);
  }

  /** Empties the ring and runnext into a list (GOMAXPROCS shrinking, under stop). Owner only. */
  int runqDrain(G[] out) {
    boolean[] inherit = new boolean[1];
    int n = 0;
    for (G gp; (gp = runqGet(inherit)) != null; ) {
      out[n++] = gp;
    }
    return n;
  }

  /** Records a G created on this P. Executed only by the owner P. */
  void allgAdd(G gp) {
    if (nallg == allg.length) {
      if (nallg >= compactAt) {
        int k = 0;
        for (int i = 0; i < nallg; i++) {
          if (allg[i].status != G.DEAD) {
            allg[k++] = allg[i];
          }
        }
        java.util.Arrays.fill(allg, k, nallg, null);
        nallg = k;
        compactAt = Math.max(16, 2 * k);
      }
      if (nallg == allg.length) {
        allg = java.util.Arrays.copyOf(allg, allg.length * 2);
      }
    }
    allg[nallg++] = gp;
  }
}
