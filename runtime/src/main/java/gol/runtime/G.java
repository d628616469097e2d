package gol.runtime;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/*
 * A goroutine (Go's g, runtime2.go): its id, status, its own growable stack and its call stack.
 *
 * Concepts
 *   Stack. Slot i of the stack is the pair (ls[i], rs[i]): bools, integers and floats (raw bits)
 *   live in ls, every other value in rs, so primitives are never boxed. Frames are contiguous
 *   windows of slots addressed by their base index fp.
 *
 *   Call stack. Parallel arrays indexed by depth (0 = the G's outermost function):
 *     frameFn[d]    the function running at depth d (the interpreter's Proto)
 *     frameCells[d] the heap cells of the closure running at depth d (null for a plain call)
 *     frameFp[d]    its frame base
 *     framePc[d]    for d < depth-1: the pc the frame resumes at when its callee returns;
 *                   for the top frame: only meaningful while the G is not running on an M (parked,
 *                   panicking, dead) — the pc it stopped at.
 *   depth is the number of active frames.
 *
 * Invariants
 *   - Nothing outside this G holds an index into its stack or a reference to ls/rs, and frames
 *     refer to each other by index only, so growing and shrinking are: allocate, copy, drop the
 *     old (Go's copystack without the pointer adjustment). The VM caches ls/rs in locals and
 *     reloads them after anything that can move the stack.
 *   - For every active frame d: frameFp[d] + frameSize(frameFn[d]) <= capacity().
 *   - Stack bytes (slots * BYTES_PER_SLOT plus frames * BYTES_PER_FRAME) never pass
 *     machine.maxStackBytes: growing past it throws StackOverflow, a fatal error.
 *
 *   - A G is in exactly one place (DESIGN.md's parking invariant): running on one M (RUNNING,
 *     SYSCALL), in one run queue (RUNNABLE), or in one wait structure (WAITING). Every change of
 *     place goes through casStatus, which throws on a transition not in the table below or when
 *     the status is not the expected one — two Ms can never both take the same G.
 *
 * Locking / ownership
 *   Only the M running this G touches its stack and call stack; while the G is runnable or
 *   waiting, nobody does (the stack is not owned: Go's _Grunnable/_Gwaiting) — with one
 *   exception, a waker that completes the G's channel operation: it holds the channel lock the
 *   G parked under, writes the received value into the G's slot (Sudog.slot) and sets param,
 *   then readies it (Go's direct send to a receiver's stack). preempt is written by sysmon;
 *   selectDone is CASed by wakers (Go's g.selectDone); status is CASed by the scheduler.
 *   The scheduling fields (schedlink, m, waitReason, waitUnlock, stop, param, waiting) belong to
 *   whoever owns the G in its current place: its M while running, the run queue's owner (under
 *   its lock or ring protocol) while runnable, the wait structure's lock while waiting.
 *
 * State transitions (Go's _G* constants, same values; casStatus enforces them)
 *   IDLE     -> RUNNABLE   newproc / Interp.start: the first frame is pushed
 *   (RUNNABLE -> WAITING   a new coroutine's G, before anyone can see it: Sched.startParked)
 *   RUNNABLE -> RUNNING    execute: an M took it from a run queue
 *   RUNNING  -> RUNNABLE   preempted at a safe point, Gosched
 *   RUNNING  -> WAITING    gopark, after which the unlock function runs
 *   WAITING  -> RUNNABLE   goready, by whoever took the G out of its wait structure
 *   RUNNING  -> SYSCALL    entersyscall;  SYSCALL -> RUNNING exitsyscall (fast or with a new P)
 *   SYSCALL  -> RUNNABLE   exitsyscall found no P: the G goes to the global queue
 *   RUNNING  -> DEAD       its outermost function returned, Goexit, or it died of a panic
 */
public final class G {
  /** The stack of a new G: 64 slots, 8 bytes of long + a reference each (well under 1 KiB of longs). */
  public static final int INITIAL_SLOTS = 64;
  public static final int INITIAL_FRAMES = 16;
  /** What a call-stack entry is charged against the stack limit (fn, cells, fp, pc). */
  public static final int BYTES_PER_FRAME = 24;

  /** Just allocated, not started: the stack holds nothing. */
  public static final int IDLE = 0;
  /** On a run queue, not running: the stack is not owned by anyone. */
  public static final int RUNNABLE = 1;
  /** Running on an M, which owns the stack. */
  public static final int RUNNING = 2;
  /** In a blocking system call (a native bracketed by enterSyscall/exitSyscall). */
  public static final int SYSCALL = 3;
  /** Parked in one wait structure (channel, select, timer, poller, semaphore); not owned. */
  public static final int WAITING = 4;
  /** Finished: its outermost function returned. The G is garbage once no list names it. */
  public static final int DEAD = 6;

  /** The goroutine id. */
  public final long id;
  public final Machine machine;

  public long[] ls;
  public Object[] rs;

  public Object[] frameFn;
  public Object[][] frameCells;
  public int[] frameFp;
  public int[] framePc;
  public int depth;

  /** One of IDLE..DEAD. Changed through {@link #casStatus} by the scheduler. */
  public volatile int status = IDLE;

  // Field updaters rather than VarHandles: see P (the same code in C2, a third of the cost in
  // the profiled C1 code a program starts in).
  private static final AtomicIntegerFieldUpdater<G> STATUS = AtomicIntegerFieldUpdater.newUpdater(G.class, "status");
  private static final AtomicIntegerFieldUpdater<G> SELECT_DONE =
      AtomicIntegerFieldUpdater.newUpdater(G.class, "selectDone");

  // ---- scheduling (Go's g fields; see Sched) ----

  /** The scheduler this G belongs to (null for a G run outside one, e.g. by Interp.run). */
  public Sched sched;
  /** Next G in a list the runtime builds (a Sema's waiters, a closed channel's): Go's schedlink. */
  G schedlink;
  /** The M running this G, while RUNNING or SYSCALL (written and read by that M only). */
  M m;
  /** Why the G waits (Go's waitReason text, e.g. "chan receive"), while WAITING. */
  public String waitReason;
  /** gopark's unlock function, set by a parking operation and run by the M after the switch. */
  public Unlockf waitUnlock;
  /**
   * A request from a native to the VM, checked after every native call: {@link #STOP_PARK} (the
   * native called {@link Sched#park}), {@link #STOP_YIELD} (Gosched, or exitsyscall found no P),
   * {@link #STOP_GOEXIT} (runtime.Goexit), {@link #STOP_CALL} (reflect's call of a func value:
   * {@link #param} holds the {@link ReflectCall}). 0 = carry on.
   */
  public int stop;
  /** Set with STOP_PARK when the G parked inside a native (its pc is past the call). */
  public boolean parkedInCall;
  /**
   * Set by a waker just before goready: the Sudog whose operation completed (Go's g.param). A
   * channel or select instruction that parked re-executes when the G resumes and, seeing param,
   * finishes instead of starting over.
   */
  public Object param;
  /** Sudogs of a blocked select (linked through Sudog.waitLink), Go's g.waiting. */
  public Sudog waiting;
  /** The goroutine that started this one (Go's parentGoid; 0 for main). */
  public long parentGoid;
  /**
   * Where the go statement that started this G was (Go's gopc), for "created by" lines: the
   * interpreter's function object and the pc of its GO instruction.
   */
  public Object createdBy;
  public int createdPc;
  /** When a network poll readied this G (GOLDEBUG=netpolldelay only; 0 otherwise). */
  long readyAt;

  /**
   * A free sudog for this G's next blocking send or receive (Go keeps a per-P sudog cache; one
   * per G is enough for plain channel operations, which block on one channel at a time). Taken
   * by {@link Sudog#acquire}; given back by the G itself once its operation completed.
   */
  Sudog sudogCache;

  /** The coroutine this G runs the body of (iter.Pull's iterator), or null: see {@link Coro}. */
  Coro coro;

  /** 0 until a waker claims this G's select (CAS 0 -> 1), Go's g.selectDone. */
  volatile int selectDone;

  public static final int STOP_PARK = 1;
  public static final int STOP_YIELD = 2;
  public static final int STOP_GOEXIT = 3;
  public static final int STOP_CALL = 4;

  /**
   * Moves the G from status {@code from} to {@code to} (Go's casgstatus). Throws when the
   * transition is not one of the table in the file comment or when the status is not
   * {@code from} — a G found in two places is a runtime bug, never silently tolerated.
   */
  public void casStatus(int from, int to) {
    if (!legal(from, to)) {
      throw new IllegalStateException("casStatus: G " + id + ": bad transition " + from + " -> " + to);
    }
    // Every transition is made by the G's current owner (the M running it, the waker that took
    // it out of its wait structure under that structure's lock, the M that took it from a run
    // queue by CAS), so a checked release store suffices: it is a plain move on x86, where a CAS
    // would cost a full fence on every goroutine switch. With assertions on (the tests) the CAS
    // proves the ownership claim: two Ms can never both move the same G.
    if (CAS_STATUS) {
      if (!STATUS.compareAndSet(this, from, to)) {
        throw badStatus(from, to);
      }
    } else {
      if (status != from) {
        throw badStatus(from, to);
      }
      STATUS.lazySet(this, to); // store-release: the G's stack is published with its status
    }
  }

  private IllegalStateException badStatus(int from, int to) {
    return new IllegalStateException("casStatus: G " + id + ": status is " + status + ", not " + from
        + " (-> " + to + ")");
  }

  private static final boolean CAS_STATUS = casStatusAsserted();

  @SuppressWarnings("all")
  private static boolean casStatusAsserted() {
    boolean on = false;
    assert on = true; // side effect: true when assertions are enabled for this class
    return on;
  }

  private static boolean legal(int from, int to) {
    switch (from) {
      case IDLE:
        return to == RUNNABLE;
      case RUNNABLE:
        return to == RUNNING;
      case RUNNING:
        return to == RUNNABLE || to == WAITING || to == SYSCALL || to == DEAD;
      case WAITING:
        return to == RUNNABLE;
      case SYSCALL:
        return to == RUNNING || to == RUNNABLE;
      default:
        return false;
    }
  }

  /** A waker's claim on this G's pending select: true for exactly one caller per select. */
  boolean claimSelect() {
    return SELECT_DONE.compareAndSet(this, 0, 1);
  }

  /** Set by sysmon when this G has run longer than its time slice; checked at safe points. */
  public volatile boolean preempt;

  /** Set by Sched.kill (the REPL's Ctrl-C): the G is dropped instead of run or requeued. */
  public volatile boolean killed;

  /**
   * Shrink trigger: when a return leaves {@code depth <= shrinkDepth} (and depth > 0) the VM
   * checks whether the stack is under a quarter used and shrinks it. Armed (depth/4) by the VM
   * when a call grows the stack, 0 (disarmed) otherwise — so the check costs returns nothing
   * beyond the depth test they already make.
   */
  public int shrinkDepth;

  /**
   * Returns shrink the stack only down to this many slots (24 KB); safe points shrink it
   * further. A recursion a few dozen calls deep (fib) used to grow the stack on every descent
   * and shrink it on every return to the top: copying, and two branches that C2 had compiled
   * as never taken, each costing a deoptimization and a recompile of the recursive function.
   */
  public static final int SHRINK_ON_RETURN_FLOOR = 2048;

  /** Allocations counted while the G runs without an M (outside a scheduler): see {@link Alloc}. */
  long mallocs;
  long mallocBytes;

  /** How many times the stack grew / shrank (tests prove stacks move by copying). */
  public int grows;
  public int shrinks;

  public G(long id, Machine machine) {
    this(id, machine, INITIAL_SLOTS, INITIAL_FRAMES);
  }

  /**
   * A G whose stack starts with {@code slots} slots and room for {@code frames} frames: a go
   * statement sizes a new G's stack to its function's frame (see {@link #GO_MIN_SLOTS}), so a
   * million parked goroutines cost a few hundred bytes each rather than the 1.3 KB of the
   * default stack; a deeper call grows the stack by copying as usual.
   */
  public G(long id, Machine machine, int slots, int frames) {
    this.id = id;
    this.machine = machine;
    ls = new long[slots];
    rs = new Object[slots];
    frameFn = new Object[frames];
    frameCells = new Object[frames][];
    frameFp = new int[frames];
    framePc = new int[frames];
  }

  private static final long[] NO_LONGS = new long[0];
  private static final Object[] NO_REFS = new Object[0];
  private static final Object[][] NO_CELLS = new Object[0][];
  private static final int[] NO_INTS = new int[0];

  /**
   * Called by the scheduler when the G has ended (DEAD, depth 0): drops its stack and call stack,
   * so that the G, which its P's allg list names until the list is compacted, keeps nothing else
   * alive (a young collection would copy it all otherwise).
   */
  void dropStack() {
    ls = NO_LONGS;
    rs = NO_REFS;
    frameFn = NO_REFS;
    frameCells = NO_CELLS;
    frameFp = NO_INTS;
    framePc = NO_INTS;
    param = null;
    waiting = null;
    sudogCache = null;
  }

  /**
   * The smallest stack a go statement gives a new G, and its call-stack arrays' length: two
   * frames, the function and one call (a deeper call doubles them, once). Four cost 32 bytes
   * more per goroutine, and allocating a G is most of what a go statement costs.
   */
  public static final int GO_MIN_SLOTS = 8;
  /**
   * Slots a go statement adds to its function's frame: a goroutine's function nearly always
   * calls something, and a stack sized to the frame alone was grown (allocated and copied a
   * second time) by that first call — bench/fibgo.gol's goroutines all were. 8 slots cost a
   * parked goroutine 96 bytes.
   */
  public static final int GO_CALL_SLOTS = 8;
  public static final int GO_FRAMES = 2;

  /**
   * Makes slots {@code [0, top)} exist, growing the stack by doubling (copying) when needed.
   * Throws {@link StackOverflow} past the machine's stack limit (or when the JVM cannot allocate
   * the bigger stack: to the program that is the same fault).
   */
  public void ensure(int top) {
    if (top <= ls.length) {
      return;
    }
    int n = ls.length;
    while (n < top) {
      n *= 2;
    }
    long max = machine.maxStackBytes;
    if ((long) n * Machine.BYTES_PER_SLOT > max) {
      if ((long) top * Machine.BYTES_PER_SLOT > max) {
        throw new StackOverflow(max, null);
      }
      n = (int) (max / Machine.BYTES_PER_SLOT);
    }
    try {
      long[] nl = Arrays.copyOf(ls, n);
      rs = Arrays.copyOf(rs, n);
      ls = nl;
    } catch (OutOfMemoryError e) {
      throw new StackOverflow(max, null);
    }
    grows++;
  }

  /**
   * Doubles the call-stack arrays. Mirrors the depth side of runtime.newstack: past the limit
   * (frames are charged {@link #BYTES_PER_FRAME}) it throws {@link StackOverflow}, so even
   * recursion through frames of size 0 ends in Go's fatal error rather than exhausting the JVM.
   */
  public void growFrames() {
    int n = frameFp.length * 2;
    if ((long) n * BYTES_PER_FRAME > machine.maxStackBytes) {
      throw new StackOverflow(machine.maxStackBytes, null);
    }
    try {
      Object[] fn = Arrays.copyOf(frameFn, n);
      Object[][] cells = Arrays.copyOf(frameCells, n);
      int[] fp = Arrays.copyOf(frameFp, n);
      int[] pc = Arrays.copyOf(framePc, n);
      frameFn = fn;
      frameCells = cells;
      frameFp = fp;
      framePc = pc;
    } catch (OutOfMemoryError e) {
      throw new StackOverflow(machine.maxStackBytes, null);
    }
  }

  /**
   * Shrinks the stack by half when it uses under a quarter of its capacity (Go's shrinkstack),
   * never below the initial size. {@code used} is the top of the top frame (its fp + frame size);
   * slots at or above it are dead. Call only at a safe point, when no code holds ls/rs in locals
   * it will not reload (the VM does it at preemption points; the scheduler when the G parks).
   * The call-stack arrays are halved the same way. Returns whether anything moved.
   */
  public boolean shrinkStack(int used) {
    boolean moved = false;
    int n = ls.length;
    if (n > INITIAL_SLOTS && used < n / 4) {
      ls = Arrays.copyOf(ls, n / 2);
      rs = Arrays.copyOf(rs, n / 2);
      shrinks++;
      moved = true;
    }
    int f = frameFp.length;
    if (f > INITIAL_FRAMES && depth < f / 4) { // (a go statement's smaller arrays never shrink)
      frameFn = Arrays.copyOf(frameFn, f / 2);
      frameCells = Arrays.copyOf(frameCells, f / 2);
      frameFp = Arrays.copyOf(frameFp, f / 2);
      framePc = Arrays.copyOf(framePc, f / 2);
    }
    return moved;
  }

  /** The number of slots the stack has now. */
  public int capacity() {
    return ls.length;
  }

  /** Thrown when a G's stack would pass the limit: a fatal error, not a recoverable panic. */
  public static final class StackOverflow extends RuntimeException {
    public final long limit;
    /** The function whose entry did not fit (it heads the traceback, as in Go), or null. */
    public final Object entering;

    public StackOverflow(long limit) {
      this(limit, null);
    }

    public StackOverflow(long limit, Object entering) {
      super(null, null, false, false);
      this.limit = limit;
      this.entering = entering;
    }
  }
}
