package gol.runtime;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/*
 * The scheduler of one running program (Go's schedt, runtime2.go, and proc.go).
 *
 * Concepts
 *   G: a goroutine. M: a worker thread. P: a logical processor, GOMAXPROCS of them; an M needs a
 *   P to run a G. Each P has a local run queue (P.java); the scheduler has the global run queue,
 *   the idle P list and the idle M list. An M loops: findRunnable, then execute the G through
 *   the Executor (the interpreter) until it parks, yields, is preempted or ends.
 *
 *   findRunnable's order (Go's): every 61st schedtick the global queue first (so a stream of
 *   local work cannot starve it); runnext (inherits the time slice) and the local ring; the
 *   global queue; the poller hook (non-blocking); stealing half of a random victim's queue
 *   (a few passes, the last also taking runnext) — only while fewer than half the busy Ps have a
 *   spinning M; then the M gives its P back and parks.
 *
 *   Spinning Ms. The protocol that keeps "work exists and every P is idle" impossible:
 *     submitter: 1. put the G on a run queue; 2. (StoreLoad: the volatile reads below);
 *                3. if an idle P exists and no M is spinning, wakeP() starts a spinning M.
 *     spinner:   1. give its P back (under sched.lock, after a last look at the global queue);
 *                2. drop spinning (decrement nmSpinning); 3. look at every run queue again, and
 *                take a P back if one has work.
 *   Either the submitter sees the spinner still spinning (and the spinner's final look finds
 *   the G) or it sees nmSpinning == 0 and starts a new spinning M. A spinning M that finds work
 *   stops spinning and calls wakeP (Go's resetspinning), so there is a new spinner for whatever
 *   else is queued — wakeP does nothing while another M spins or no P is idle.
 *   Spinning is bounded as Go bounds it: at most half the busy Ps have a spinning M, and a
 *   spinner makes STEAL_TRIES passes over the other Ps, then gives its P back and parks
 *   (LockSupport.park, no timeout). The waits in the idle path: the 3 us before taking a
 *   running P's runnext (Go's usleep(3)), and one SPIN_LINGER_NS wait before parking by an M
 *   that ran a G since its last such wait (a producer on another P fills its queue a few Gs at a
 *   time; see findRunnable) — an idle program's Ms park without spinning.
 *   go and goready put the G in runnext and wake an M only when something besides runnext is
 *   queued (the ring or the global queue): a lone runnext G runs as soon as the current G
 *   stops, and waking an M for it (a park/unpark pair per channel handoff) was pure cost.
 *   sysmon wakes an M for a runnext G that has sat there a whole sysmon tick (Sysmon.retake),
 *   so a G started by a G that keeps running does not wait for the 10 ms preemption.
 *
 *   No free Gs. Go reuses dead Gs (gfput/gfget) because its stacks are costly to allocate; gol
 *   does not, because on the JVM a pooled G is the expensive kind of object: it lives long
 *   enough to be promoted to the old generation, and every later store of a reference into it
 *   (its stack slots, call stack, run-queue link) dirties a card that G1's refinement threads
 *   must scan. Measured on bench/spawn.gol 3000000 (perf, all threads): 7.4 s of CPU with
 *   per-P free lists (G1 Refine threads alone 14 %), 3.1 s allocating every G afresh. A dead G
 *   is garbage as soon as its P's allg list is compacted.

 *   Parking (gopark/goready). A G blocks by registering itself in a wait structure under that
 *   structure's lock, recording the lock in g.waitUnlock and returning PARKED to its M; the M
 *   marks it WAITING and only then runs the unlock function. Whoever finds it there later
 *   (holding the same lock) calls goready after releasing its locks: WAITING -> RUNNABLE into
 *   the readier's P's runnext (or the global queue from a thread without a P).
 *
 *   Goroutine count (Go's gcount): per-P deltas (P.ngDelta, owner only) plus a global count
 *   for threads without a P, summed racily by gcount: one shared counter would be a cache line
 *   crossing between the Ms for every goroutine started on one P and ended on another.
 *
 *   Deadlock (checkdead): when the last M goes idle and no M is in a system call and the poller
 *   hook has nobody sleeping, no G can ever run again: "fatal error: all goroutines are asleep -
 *   deadlock!" with every goroutine's trace, exit status 2.
 *
 *   The end. When main's G returns (or os.Exit, or an unrecovered panic, or a fatal error) exit()
 *   records the status, marks every running G for preemption and wakes every M; Ms leave at
 *   their next scheduling point and runMain returns the status once they are gone (or after a
 *   short grace period for an M stuck in a system call: Ms are daemon threads). A main that
 *   returns while a panic is under way waits for it, and an unrecovered panic's report is
 *   preceded by freeze() (Go's freezetheworld): see PanicExit.
 *
 *   Service mode (the REPL). A scheduler started by serve() has no main G: it keeps its Ps, Ms
 *   and sysmon between submissions, each REPL input arriving as one more G through start()
 *   from the REPL thread. The end of a G, a panic (printed, the G dies, the rest keep running)
 *   and "nothing can run" are reported to the Listener instead of ending the program; only
 *   os.Exit and close() end it. kill(g) is Ctrl-C: the G is dropped at its next safe point or the
 *   next time an M would run it (a G parked forever stays parked, as a leaked goroutine does).
 *
 * Files (one concept each, with its own invariants): this file holds the M loop (schedule,
 *   execute, findRunnable), starting and readying Gs, spinning Ms, the idle P and M lists and
 *   the global queue; Resize is runtime.GOMAXPROCS, Syscalls the system-call hand-off,
 *   SchedNetpoll the network poller's hooks, Deadlock checkdead and its report, PanicExit
 *   main's wait for a panicking G and the freeze before a panic's report, GoroutineDump traces
 *   and schedtrace; the per-P run queue and stealing are P, preemption is Sysmon.
 *
 * Invariants
 *   - A G is in exactly one place (G.casStatus enforces the transitions).
 *   - npidle == the length of the idle P list; nmidle == the length of the idle M list.
 *   - 0 <= nmSpinning <= the number of Ms with spinning set.
 *   - Every P with id < gomaxprocs is idle (on pidle), held by an M, or in a syscall — or, while
 *     a shrinking setGomaxprocs waits for it (wantedP), handed over to the resizer (wantedFree).
 *   - When a shrinking setGomaxprocs that got `resizing` returns (the program not ending), every
 *     P with id >= gomaxprocs is DEAD and the caller's M holds a P with id < gomaxprocs.
 *
 * Locking / ownership (lock ranking, lockrank.go)
 *   sched.lock guards the global queue, pidle, midle, allm, allgGlobal and the counts that go
 *   with them, and wantedFree/resizer (wantedP is written under it, read racily). Channel and semaphore locks rank above it: nobody takes sched.lock while holding
 *   one — chan.go's rule, "do not ready a G while holding the channel lock" (goready after
 *   unlock), is followed everywhere. handoffP and findRunnable must agree: a P with work is
 *   never put on the idle list without an M being woken for it.
 *
 * State transitions
 *   see G (casStatus table), P (IDLE/RUNNING/SYSCALL, plus DEAD for a P above GOMAXPROCS) and M.
 */
public final class Sched {
  /** The scheduling knobs of one program (GOMAXPROCS and GOLDEBUG's, overridable by tests). */
  public static final class Options {
    public int gomaxprocs = defaultProcs();
    public int schedtrace = Debug.SCHEDTRACE;
    public boolean scheddetail = Debug.SCHEDDETAIL;
    public boolean nosteal = Debug.NOSTEAL;
    public boolean preemptOff = Debug.ASYNCPREEMPTOFF;
    public boolean schedstats = Debug.SCHEDSTATS;
    /** Where schedtrace lines go (default: the machine's stderr). */
    public PrintStream traceOut;
    /** Service mode: see the file comment and {@link Sched#serve}. */
    public boolean service;

    static int defaultProcs() {
      String s = System.getenv("GOMAXPROCS");
      if (s != null) {
        try {
          int n = Integer.parseInt(s.trim());
          if (n > 0) {
            return Math.min(n, MAX_PROCS);
          }
        } catch (NumberFormatException e) {
          // ignored, as Go ignores a malformed GOMAXPROCS
        }
      }
      return Runtime.getRuntime().availableProcessors();
    }
  }

  /** What a service-mode scheduler tells its owner. Called on Ms and sysmon: must not block. */
  public interface Listener {
    /** gp is dead: {@code how} is Executor.DONE, GOEXIT, DIED (its panic printed) or KILLED. */
    void ended(G gp, int how);

    /** Every M went idle with nothing runnable: every G left waits forever unless more come. */
    void allAsleep();

    /** os.Exit(code) (or a fatal runtime error): the scheduler is ending. */
    void exited(int code);
  }

  /** {@link Listener#ended} for a G stopped by {@link #kill}. */
  public static final int KILLED = -1;

  /** The poller's view for the scheduler (the poller milestone implements it). */
  public interface Poller {
    /** Non-blocking poll: readies the Gs whose timers or sockets are ready (via injectGList). */
    void pollNonBlocking();

    /** How many Gs are sleeping on timers or waiting on the network (checkdead). */
    int waiting();

    /** Whether the program has opened a socket (Go's netpollinited). */
    default boolean netpollInited() {
      return false;
    }

    /** Whether some G waits on the network (an idle M should poll it). */
    default boolean netpollWanted() {
      return false;
    }

    /** netpoll(0) if nobody else is polling: the readied Gs go to out (see netpollDone). */
    default void netpollNow(List<G> out) {
    }

    /** Claims the right to block in netpoll: false if another M is blocked there. */
    default boolean claimBlocking() {
      return false;
    }

    /** netpoll(-1) by the claim's owner: the readied Gs go to out. */
    default void netpollBlock(List<G> out) {
    }

    /** Gives the claim back. */
    default void releaseBlocking() {
    }

    /** n Gs a poll returned are queued or running: they no longer count as waiting. */
    default void netpollDone(int n) {
    }

    /** When a poll of the network last ended (System.nanoTime). */
    default long lastPoll() {
      return Long.MAX_VALUE;
    }

    /** The program is ending: stop the poller thread (called once by exit). */
    default void shutdown() {
    }
  }

  public static final int MAX_PROCS = 1024;

  // ---- wait reasons (Go's waitReason strings) ----
  public static final String WAIT_CHAN_RECEIVE = "chan receive";
  public static final String WAIT_CHAN_SEND = "chan send";
  public static final String WAIT_CHAN_RECEIVE_NIL = "chan receive (nil chan)";
  public static final String WAIT_CHAN_SEND_NIL = "chan send (nil chan)";
  public static final String WAIT_SELECT = "select";
  public static final String WAIT_SELECT_NO_CASES = "select (no cases)";

  // a field updater, not a VarHandle: see P
  static final AtomicIntegerFieldUpdater<Sched> NMSPINNING =
      AtomicIntegerFieldUpdater.newUpdater(Sched.class, "nmSpinning");

  public final Machine machine;
  final Executor exec;
  final Options opt;
  public volatile Poller poller;
  /** Service mode's owner (set before serve). */
  public volatile Listener listener;

  final Lock lock = new Lock();

  // global run queue (sched.lock)
  private final GlobalRunq globq = new GlobalRunq();
  volatile int runqSize;

  // idle Ps (sched.lock)
  private P pidle;
  volatile int npidle;

  // Ms (sched.lock)
  private M midle;
  int nmidle;
  /** Ms blocked in netpoll (at most one): idle for checkdead. */
  int nmpoll;
  int mcount;
  final List<M> allm = new ArrayList<>();
  /** Allocations counted by Ms that have exited (under lock): see {@link Alloc}. */
  private long exitedMallocs;
  private long exitedMallocBytes;
  @SuppressWarnings("unused") // via NMSPINNING
  volatile int nmSpinning;
  final AtomicInteger nsyscall = new AtomicInteger();

  volatile P[] allp = new P[0];
  volatile int gomaxprocs;

  // A shrinking setGomaxprocs (see there): one at a time does the stop-the-world-lite.
  // (a field updater, not an AtomicBoolean: that is a VarHandle, and hello world's start-up loads
  // no java.lang.invoke class: StartupClassesTest)
  static final AtomicIntegerFieldUpdater<Sched> RESIZING =
      AtomicIntegerFieldUpdater.newUpdater(Sched.class, "resizing");
  /** 1 while a shrink holds it (via RESIZING). */
  volatile int resizing;
  /** The P (P0) whose M must hand it over to the resizer, whose own P is retired; or null. */
  volatile P wantedP;
  /** wantedP was handed over: IDLE, on no list, the resizer's to acquire (sched.lock). */
  boolean wantedFree;
  /** The M waiting for wantedP (sched.lock). */
  M resizer;

  private final AtomicLong goidgen = new AtomicLong(1);
  /** How many ids Go's runtime gives its own goroutines before main.main's first go statement. */
  private static final int RUNTIME_GS = 4;
  /** Goroutines started minus ended by threads without a P; the rest is in P.ngDelta (gcount). */
  final AtomicLong ngoroutine = new AtomicLong();
  /** Gs created by threads without a P (the main G), under sched.lock. */
  final List<G> allgGlobal = new ArrayList<>();

  private G mainG;
  volatile boolean mainGoexited;
  volatile boolean exiting;
  /**
   * Set for good by the first os/signal.Notify: a signal can arrive at any time and wake a
   * goroutine, so a program with nothing else to do waits for it instead of reporting a
   * deadlock (Go's signal loop keeps an M in signal_recv for the same effect).
   */
  public volatile boolean signalsWatched;
  final AtomicInteger exitOnce = new AtomicInteger();
  /**
   * Go's runningPanicDefers: panics started (gopanic) and not yet recovered or reported. The VM
   * counts them; a main that returns while it is not 0 waits (mainReturned).
   */
  public final AtomicInteger runningPanicDefers = new AtomicInteger();
  /** Go's panicking: set by the VM before it prints an unrecovered panic; main then never exits 0. */
  public volatile boolean panicking;
  /**
   * Go's freezetheworld: an unrecovered panic is being printed and will end the program, so no M
   * starts a G any more (findRunnable parks until exit). Set by {@link PanicExit#freeze}.
   */
  volatile boolean frozen;
  /** main.main returned while a panic's deferred calls ran: the program ends when they are done. */
  volatile boolean mainReturned;
  /**
   * Claimed (0 -> 1) by the one thread that prints the deadlock report (Deadlock.reportDeadlock).
   * An AtomicInteger, not an AtomicBoolean: that one is built on VarHandles, whose classes a
   * hello world must not load (StartupClassesTest).
   */
  final AtomicInteger deadlockReported = new AtomicInteger();
  private volatile int exitCode;
  private final CountDownLatch done = new CountDownLatch(1);

  /** Successful steals and preemptions at safe points, for the REPL's :sched. */
  final AtomicLong nsteal = new AtomicLong();
  final AtomicLong npreempt = new AtomicLong();
  /** Ms handed a P and woken (startM) and Ms parked for want of work (stopM): thread traffic. */
  final AtomicLong nstartm = new AtomicLong();
  final AtomicLong nstopm = new AtomicLong();

  Sysmon sysmon;
  volatile boolean sysmonWait;
  final long startNanos = System.nanoTime();

  public Sched(Machine machine, Executor exec, Options opt) {
    this.machine = machine;
    this.exec = exec;
    this.opt = opt;
  }

  // ======== entry points ========

  /**
   * Runs a program: {@code main} (a G whose first frame the interpreter has pushed, status
   * RUNNABLE) and every G it starts, on GOMAXPROCS Ps, until main returns, os.Exit, an
   * unrecovered panic, a fatal error or a deadlock. Blocks the caller until then and returns the
   * exit status. Every M and sysmon have stopped (or are stopping: see the file comment) when it
   * returns, and stdout is flushed.
   */
  public static int runMain(Machine m, Executor x, G main) {
    return new Sched(m, x, new Options()).run(main);
  }

  public int run(G main) {
    mainG = main;
    main.sched = this;
    // Go's runtime starts four goroutines of its own before main.main (forcegc, bgsweep,
    // bgscavenge, finalizers: ids 2-5), so a program's first go statement usually gets id 6;
    // gol numbers from there too, so traces read as Go's do
    goidgen.set(main.id + RUNTIME_GS + 1);
    ngoroutine.set(1);
    int n = Math.max(1, Math.min(opt.gomaxprocs, MAX_PROCS));
    lock.lock();
    try {
      allgGlobal.add(main);
      procResize(n);
      globRunqPut(main);
    } finally {
      lock.unlock();
    }
    sysmon = new Sysmon(this);
    sysmon.start();
    startM(null, false);
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exit(2);
    }
    shutdown();
    machine.stdout.flush();
    if (opt.schedstats) {
      machine.stderr.println("schedstats: steals=" + nsteal.get() + " preemptions=" + npreempt.get()
          + " startm=" + nstartm.get() + " stopm=" + nstopm.get() + " goroutines=" + (goidgen.get() - 1 - RUNTIME_GS));
      machine.stderr.flush();
    }
    return exitCode;
  }

  /**
   * Starts a service-mode scheduler (opt.service): GOMAXPROCS idle Ps and sysmon, no main G.
   * Returns at once; Gs come through {@link #newG}(null) and {@link #start}, from any thread,
   * until {@link #close}.
   */
  public void serve() {
    if (!opt.service) {
      throw new IllegalStateException("serve: not a service-mode scheduler");
    }
    int n = Math.max(1, Math.min(opt.gomaxprocs, MAX_PROCS));
    lock.lock();
    try {
      procResize(n);
    } finally {
      lock.unlock();
    }
    sysmon = new Sysmon(this);
    sysmon.start();
  }

  /** Ends a service-mode scheduler: every G stops at its next safe point; waits for the Ms. */
  public void close() {
    exit(0);
    shutdown();
    machine.stdout.flush();
  }

  /**
   * Whether gp, stopped at a safe point because g.preempt was set, may simply go on running:
   * nothing else waits in its P's queue or the global queue, and no one asked it to stop for
   * another reason (Ctrl-C, exit, a P being retired). schedule() would pick it again at once, so
   * this saves leaving and re-entering the interpreter — which matters: a return from a compiled
   * dispatch loop every 10 ms costs a CPU-bound loop a third of its speed. Called by the M running gp.
   */
  public boolean keepRunning(G gp) {
    M m = gp.m;
    P pp = m != null ? m.p : null;
    return pp != null && !gp.killed && !exiting && pp.id < gomaxprocs && pp != wantedP && !othersWaiting(pp);
  }

  /** Whether a G waits to run on pp: in its queue (runnext included) or the global one. */
  boolean othersWaiting(P pp) {
    return runqSize != 0 || !pp.runqEmpty();
  }

  /**
   * Ctrl-C for one G (service mode): it is dropped — made DEAD without running its deferred
   * calls — at its next safe point, or when an M would next run it. Any thread may call it.
   */
  public void kill(G gp) {
    gp.killed = true;
    gp.preempt = true;
  }

  /**
   * Creates a G to be started by the running G {@code parent} (Go's newproc1 before runqput):
   * the caller pushes its first frame and arguments, then calls {@link #start}.
   */
  public G newG(G parent) {
    return newG(parent, G.INITIAL_SLOTS);
  }

  /**
   * {@link #newG(G)} for a function whose frame takes {@code slots} slots: the stack gets
   * G.GO_CALL_SLOTS more (at least G.GO_MIN_SLOTS), room for the first call the function makes.
   */
  public G newG(G parent, int slots) {
    G gp;
    if (slots >= G.INITIAL_SLOTS) {
      gp = new G(goidgen.getAndIncrement(), machine);
    } else {
      gp = new G(goidgen.getAndIncrement(), machine, Math.max(slots + G.GO_CALL_SLOTS, G.GO_MIN_SLOTS), G.GO_FRAMES);
    }
    gp.sched = this;
    gp.parentGoid = parent != null ? parent.id : 0;
    return gp;
  }

  /**
   * Makes a G prepared by {@link #newG} runnable (status must be RUNNABLE already, as the
   * interpreter's start leaves it, or IDLE): into the current P's runnext, so the new G runs
   * next (Go's newproc), and wakes an idle P if there is one.
   */
  public void start(G gp) {
    if (gp.status == G.IDLE) {
      gp.casStatus(G.IDLE, G.RUNNABLE);
    }
    M mp = M.current();
    P pp = mp != null && mp.sched == this ? mp.p : null;
    if (pp != null) {
      P.NGDELTA.lazySet(pp, pp.ngDelta + 1);
      pp.allgAdd(gp);
      if (pp.runqPut(gp, true)) {
        wakeP();
      }
    } else {
      ngoroutine.incrementAndGet();
      lock.lock();
      try {
        allgGlobal.add(gp);
        globRunqPut(gp);
      } finally {
        lock.unlock();
      }
      wakeP();
    }
  }

  /**
   * Publishes a G prepared by {@link #newG} and the executor (status RUNNABLE, not yet seen by
   * anyone) as parked with {@code reason}, on no wait structure: Go's newproc1 with parked=true,
   * used for a coroutine's G, which runs only when its Coro is switched to. Called by the
   * running G that created it.
   */
  void startParked(G gp, String reason) {
    gp.waitReason = reason;
    gp.status = G.WAITING; // (unpublished: a plain write, as Interp.start's)
    M mp = M.current();
    P pp = mp != null && mp.sched == this ? mp.p : null;
    if (pp != null) {
      P.NGDELTA.lazySet(pp, pp.ngDelta + 1);
      pp.allgAdd(gp);
    } else {
      ngoroutine.incrementAndGet();
      lock.lock();
      try {
        allgGlobal.add(gp);
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * Called by a native that must block its G (Go's gopark): {@code gp} has been put in a wait
   * structure under {@code unlock}'s lock, which is still held. The native returns normally;
   * the VM sees {@code g.stop == STOP_PARK}, saves the pc past the call and returns PARKED; the
   * M marks the G WAITING and runs {@code unlock}. When the G is readied it resumes after the
   * call. See {@link Native}.
   */
  public static void park(G gp, Unlockf unlock, String reason) {
    gp.waitUnlock = unlock;
    gp.waitReason = reason;
    gp.parkedInCall = true;
    gp.stop = G.STOP_PARK;
  }

  /**
   * The same for the VM's own blocking instructions (channel operations, select): the
   * instruction saves its own pc (it re-executes on resume and finishes using g.param) and
   * returns PARKED itself.
   */
  public static void parkOp(G gp, Unlockf unlock, String reason) {
    gp.waitUnlock = unlock;
    gp.waitReason = reason;
    gp.parkedInCall = false;
  }

  /**
   * Makes a waiting G runnable (Go's goready/ready): into the current M's P's runnext (the readied
   * G runs next and inherits the time slice), or the global queue when the caller has no P.
   * Call with no runtime lock held.
   */
  public void goready(G gp) {
    gp.casStatus(G.WAITING, G.RUNNABLE);
    M mp = M.current();
    P pp = mp != null && mp.sched == this ? mp.p : null;
    if (pp != null) {
      if (pp.runqPut(gp, true)) {
        wakeP();
      }
    } else {
      lock.lock();
      try {
        globRunqPut(gp);
      } finally {
        lock.unlock();
      }
      wakeP();
    }
  }

  /** Puts a list of Gs readied by a thread without a P (the poller) on the global queue. */
  public void injectGList(List<G> gs) {
    injectGList(gs, 0);
  }

  /**
   * Puts gs[from ..] (waiting Gs just readied) on the global queue and starts an M for each while
   * a P is idle. Mirrors runtime.injectglist.
   */
  void injectGList(List<G> gs, int from) {
    int n = gs.size() - from;
    if (n <= 0) {
      return;
    }
    G[] batch = new G[n];
    for (int i = 0; i < n; i++) {
      G gp = gs.get(from + i);
      gp.casStatus(G.WAITING, G.RUNNABLE);
      batch[i] = gp;
    }
    lock.lock();
    try {
      globq.putAll(batch, n);
      runqSize += n;
    } finally {
      lock.unlock();
    }
    for (int i = 0; i < n && npidle > 0; i++) {
      startM(null, false);
    }
  }

  /** runtime.NumGoroutine. */
  /**
   * Adds the allocations every M has counted (and those of exited Ms) to r = {mallocs, bytes}.
   * Another M's counts are read without stopping it: they may be a moment old.
   */
  void addAllocs(long[] r) {
    lock.lock();
    try {
      r[0] += exitedMallocs;
      r[1] += exitedMallocBytes;
      for (M mp : allm) {
        r[0] += mp.mallocs;
        r[1] += mp.mallocBytes;
      }
    } finally {
      lock.unlock();
    }
  }

  public long numGoroutine() {
    return gcount();
  }

  /**
   * The number of live goroutines (Go's gcount): the global count plus every P's delta. The
   * counts are per P because one shared counter, bumped by the M that starts a G and by the M
   * that ends it, is a cache line bouncing between the Ms once per goroutine. Racy, as Go's.
   */
  long gcount() {
    long n = ngoroutine.get();
    for (P pp : allp) {
      n += pp.ngDelta;
    }
    return n;
  }

  /** Counts a G that ended on mp (its P's delta, or the global count without a P). */
  private void gended(M mp) {
    P pp = mp.p;
    if (pp != null) {
      P.NGDELTA.lazySet(pp, pp.ngDelta - 1);
    } else {
      ngoroutine.decrementAndGet();
    }
  }

  public int gomaxprocs() {
    return gomaxprocs;
  }

  /** See {@link Resize#setGomaxprocs}. */
  public int setGomaxprocs(int n) {
    return Resize.setGomaxprocs(this, n);
  }

  /** See {@link Resize#handOverP}. */
  private void handOverP(M mp, P pp) {
    Resize.handOverP(this, mp, pp);
  }

  // ======== the M loop ========

  void mstart(M mp) {
    try {
      while (schedule(mp)) {
        // One round per call: HotSpot compiles a method once it has been called a few hundred
        // times, but a loop that never returns only by on-stack replacement, after tens of
        // thousands of iterations in its interpreter (a quarter of a second of scheduling).
      }
    } catch (Throwable t) {
      internalFatal(t);
    } finally {
      lock.lock();
      try {
        mcount--;
        allm.remove(mp);
        exitedMallocs += mp.mallocs;
        exitedMallocBytes += mp.mallocBytes;
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * One round of the scheduler (Go's schedule): finds a runnable G and runs it until it stops.
   * False when the program is ending.
   */
  private boolean schedule(M mp) {
    if (mp.p == null) { // woken by startM, or lost its P in a syscall
      if (!acquireNextP(mp)) {
        return false;
      }
    }
    G gp = findRunnable(mp);
    if (gp == null) {
      return false; // the program is ending
    }
    if (mp.spinning) {
      resetSpinning(mp);
    }
    mp.ranSinceLinger = true;
    execute(mp, gp, mp.inheritTime);
    return true;
  }

  /** Parks an M without a P until startM gives it one. False when the program is ending. */
  private boolean acquireNextP(M mp) {
    while (mp.nextp == null) {
      if (exiting) {
        return false;
      }
      stopM(mp);
    }
    if (exiting) {
      return false;
    }
    P pp = mp.nextp;
    mp.nextp = null;
    acquireP(mp, pp);
    return true;
  }

  /**
   * Runs gp on mp until it stops, then puts it where it belongs. Mirrors runtime.execute plus
   * the g0 halves of gopark (park_m), gosched/gopreempt (goschedImpl) and goexit0.
   */
  private void execute(M mp, G gp, boolean inheritTime) {
    P pp = mp.p;
    gp.casStatus(G.RUNNABLE, G.RUNNING);
    gp.m = mp;
    if (Debug.NETPOLLDELAY && gp.readyAt != 0) {
      NetpollDelay.ran(System.nanoTime() - gp.readyAt);
      gp.readyAt = 0;
    }
    // Release stores, not volatile ones: sysmon and exit read curg and schedtick racily (a stale
    // read costs one late or early preemption), and a full fence per switch is what made a
    // goroutine switch cost hundreds of nanoseconds.
    M.CURG.lazySet(mp, gp);
    if (gp.preempt) {
      gp.preempt = false;
    }
    if (!inheritTime) {
      P.SCHEDTICK.lazySet(pp, pp.schedtick + 1);
    }
    if (gp.killed) {
      dropKilled(mp, gp);
      return;
    }
    int r;
    try {
      r = exec.run(gp);
    } catch (GoExit e) {
      mp.curg = null;
      exit(e.code);
      return;
    }
    M.CURG.lazySet(mp, null);
    switch (r) {
      case Executor.PARKED: {
        Unlockf u = gp.waitUnlock;
        gp.waitUnlock = null;
        gp.m = null;
        gp.casStatus(G.RUNNING, G.WAITING);
        u.unlockf(); // from here on another M may run gp
        break;
      }
      case Executor.PREEMPTED:
      case Executor.YIELDED: {
        if (gp.killed && gp.status == G.RUNNING) {
          dropKilled(mp, gp);
          break;
        }
        if (r == Executor.PREEMPTED) {
          npreempt.incrementAndGet();
        }
        gp.m = null;
        gp.casStatus(gp.status == G.SYSCALL ? G.SYSCALL : G.RUNNING, G.RUNNABLE);
        lock.lock();
        try {
          globRunqPut(gp);
        } finally {
          lock.unlock();
        }
        if (mp.p != null) {
          wakeP();
        } else {
          startM(null, false); // exitsyscall found no P: let an M with a P pick gp up
        }
        break;
      }
      case Executor.DONE:
      case Executor.GOEXIT:
        gp.m = null;
        gp.casStatus(G.RUNNING, G.DEAD);
        gended(mp);
        if (gp.coro != null) {
          gp.coro.exited(this); // Go's coroexit: the G that switched to the coroutine runs next
        }
        if (gp == mainG) {
          if (r == Executor.DONE) {
            mainReturned();
          } else {
            mainGoexited = true;
          }
        } else if (listener == null) {
          gp.dropStack(); // garbage now, though its P's allg list names it until compacted
        }
        notifyEnded(gp, r);
        break;
      case Executor.DIED:
        gp.m = null;
        gp.casStatus(G.RUNNING, G.DEAD);
        if (opt.service) {
          gended(mp);
          notifyEnded(gp, r);
        } else {
          exit(2);
        }
        break;
      default:
        throw new IllegalStateException("execute: bad executor result " + r);
    }
  }

  /** See {@link PanicExit#mainReturned}. */
  private void mainReturned() {
    PanicExit.mainReturned(this);
  }

  /** A killed G (service mode) that was about to run or just stopped: RUNNING -> DEAD. */
  private void dropKilled(M mp, G gp) {
    mp.curg = null;
    gp.m = null;
    gp.casStatus(G.RUNNING, G.DEAD);
    gended(mp);
    notifyEnded(gp, KILLED);
  }

  private void notifyEnded(G gp, int how) {
    Listener l = listener;
    if (l != null) {
      l.ended(gp, how);
    }
  }

  /**
   * Finds a runnable G for mp, which holds a P; parks mp (giving the P back) while there is none.
   * Returns null when the program is ending. Sets mp.inheritTime. Mirrors runtime.findRunnable.
   * The common case — a G in the local or global queue — is all this method does; the rest
   * (polling, stealing, parking) is findElsewhere: HotSpot compiles the two apart, so the short
   * path is compiled early and small, and a rare branch first taken in the long one does not
   * throw away and recompile both.
   */
  private G findRunnable(M mp) {
    boolean[] inh = mp.inheritOut;
    for (;;) {
      if (exiting) {
        return null;
      }
      if (frozen) {
        LockSupport.park(this); // until exit unparks every M
        continue;
      }
      P pp = mp.p;
      if (pp == null) {
        if (!acquireNextP(mp)) {
          return null;
        }
        continue;
      }
      if (pp.id >= gomaxprocs || pp == wantedP) { // GOMAXPROCS shrank: see setGomaxprocs
        if (pp.id >= gomaxprocs) {
          retireP(mp, pp);
        } else {
          handOverP(mp, pp);
        }
        continue;
      }
      mp.inheritTime = false;
      // Check the global runnable queue once in a while to ensure fairness.
      if (pp.schedtick % Tunables.GLOBAL_CHECK_TICKS == 0 && runqSize > 0) {
        G gp = globRunqGetLocked(pp, 1);
        if (gp != null) {
          return gp;
        }
      }
      G gp = pp.runqGet(inh);
      if (gp != null) {
        mp.inheritTime = inh[0];
        return gp;
      }
      if (runqSize != 0) {
        gp = globRunqGetLocked(pp, 0);
        if (gp != null) {
          return gp;
        }
      }
      gp = findElsewhere(mp, pp);
      if (gp != null) {
        return gp;
      }
    }
  }

  /**
   * findRunnable's long way, for an M whose P's queue and the global queue were empty: polls the
   * network, steals, or gives the P back and parks. Returns a G, or null to look again from the
   * top (then mp may hold no P: findRunnable acquires one or ends, and checks exiting).
   */
  private G findElsewhere(M mp, P pp) {
    Poller pl = poller;
    if (pl != null) {
      pl.pollNonBlocking();
      if (runqSize != 0) {
        return null;
      }
      // Go's netpoll(0) before stealing: a G whose socket is ready runs here, on this P.
      if (pl.netpollWanted()) {
        List<G> ready = mp.netReady;
        pl.netpollNow(ready);
        if (Debug.NETPOLLDELAY) {
          stampReady(ready, NetpollDelay.BY_M);
        }
        if (!ready.isEmpty()) {
          return takeReady(pl, ready);
        }
      }
    }
    // Steal, while fewer than half the busy Ps have a spinning M (CPU is wasted otherwise).
    int procs = gomaxprocs;
    if (!opt.nosteal && (mp.spinning || 2 * nmSpinning < procs - npidle)) {
      if (!mp.spinning) {
        becomeSpinning(mp);
      }
      G gp = stealWork(pp, procs);
      if (gp != null) {
        return gp;
      }
      // Go's bound: the steal passes, then park — except that an M which ran a G since it
      // last looked waits once, still spinning, for SPIN_LINGER_NS and looks again. A
      // goroutine that keeps spawning (or readying) Gs for another P fills its queue a
      // few Gs at a time; without the wait the other M found one or two, ran them, parked,
      // and was woken by the producer's next go (bench/spawn.gol: 12,000 park/unpark pairs,
      // a futex wake in the producer's path each). While it waits it counts as spinning, so
      // the producer's wakeP is a read. An M with nothing to do since it last waited parks
      // straight away: no timed spinning while the program is idle.
      if (mp.ranSinceLinger) {
        mp.ranSinceLinger = false;
        P.pause(Tunables.SPIN_LINGER_NS);
        return null;
      }
    }
    // Nothing to do: give the P back.
    lock.lock();
    if (exiting) {
      lock.unlock();
      return null;
    }
    if (runqSize != 0) {
      G gp = globRunqGet(pp, 0);
      lock.unlock();
      return gp;
    }
    releaseP(mp);
    pidlePut(pp);
    boolean allIdle = npidle == gomaxprocs;
    lock.unlock();
    if (mp.spinning) {
      mp.spinning = false;
      if (NMSPINNING.getAndAdd(this, -1) <= 0) {
        throw new IllegalStateException("findRunnable: negative nmspinning");
      }
      // Look again at the global queue and every P: work submitted while we were spinning
      // may have seen nmSpinning > 0 and not woken anyone (see the file comment).
      lock.lock();
      if (runqSize != 0) {
        P p2 = pidleGet();
        if (p2 != null) {
          G gp = globRunqGet(p2, 0);
          lock.unlock();
          acquireP(mp, p2);
          becomeSpinning(mp);
          return gp;
        }
      }
      lock.unlock();
      P[] ps = allp;
      for (int i = 0; i < procs && i < ps.length; i++) {
        if (!ps[i].runqEmpty()) {
          lock.lock();
          P p2 = pidleGet();
          lock.unlock();
          if (p2 != null) {
            acquireP(mp, p2);
            becomeSpinning(mp);
            return null;
          }
          break;
        }
      }
    }
    if (allIdle) {
      machine.stdout.flush(); // nothing runnable: output must not wait in the buffer
    }
    pl = poller;
    if (pl != null && pl.netpollWanted()) {
      return netpollBlock(mp, pl); // parks in the Selector instead of on midle
    }
    return null; // findRunnable parks mp in acquireNextP
  }

  /** See {@link SchedNetpoll#takeReady}. */
  private G takeReady(Poller pl, List<G> ready) {
    return SchedNetpoll.takeReady(this, pl, ready);
  }

  /** See {@link SchedNetpoll#netpollBlock}. */
  private G netpollBlock(M mp, Poller pl) {
    return SchedNetpoll.netpollBlock(this, mp, pl);
  }

  /** See {@link SchedNetpoll#sysmonNetpoll}. */
  void sysmonNetpoll(long now, List<G> ready) {
    SchedNetpoll.sysmonNetpoll(this, now, ready);
  }

  /** See {@link SchedNetpoll#stampReady}. */
  private static void stampReady(List<G> ready, int by) {
    SchedNetpoll.stampReady(ready, by);
  }

  /** Tries to steal a G from another P. Mirrors runtime.stealWork. */
  private G stealWork(P pp, int procs) {
    P[] ps = allp;
    int n = Math.min(procs, ps.length);
    if (n <= 1) {
      return null;
    }
    for (int i = 0; i < Tunables.STEAL_TRIES; i++) {
      boolean stealRunNext = i == Tunables.STEAL_TRIES - 1;
      int off = fastrandn(n);
      for (int j = 0; j < n; j++) {
        P p2 = ps[(off + j) % n];
        if (p2 == pp || p2.status == P.DEAD_STATUS) {
          continue;
        }
        if (pp.id >= gomaxprocs) {
          return null; // GOMAXPROCS shrank while we spun: a retired P must not take work
        }
        if (!p2.runqEmpty()) {
          G gp = pp.runqSteal(p2, stealRunNext);
          if (gp != null) {
            nsteal.incrementAndGet();
            return gp;
          }
        }
      }
    }
    return null;
  }

  private void becomeSpinning(M mp) {
    mp.spinning = true;
    NMSPINNING.getAndAdd(this, 1);
  }

  /** mp found work while spinning: stop spinning and let another M take over the looking. */
  private void resetSpinning(M mp) {
    mp.spinning = false;
    if (NMSPINNING.getAndAdd(this, -1) <= 0) {
      throw new IllegalStateException("resetSpinning: negative nmspinning");
    }
    wakeP();
  }

  /**
   * Starts a spinning M with an idle P when there is an idle P and no spinning M. Called after
   * making a G runnable. Mirrors runtime.wakep.
   */
  void wakeP() {
    if (npidle == 0 || nmSpinning != 0 || !NMSPINNING.compareAndSet(this, 0, 1)) {
      return;
    }
    startM(null, true);
  }

  /**
   * Runs some M with P pp (an idle P when null). When spinning, the caller has already counted
   * the new M in nmSpinning; if no P is idle the count is given back. Mirrors runtime.startm.
   */
  void startM(P pp, boolean spinning) {
    lock.lock();
    if (pp == null) {
      pp = pidleGet();
      if (pp == null) {
        lock.unlock();
        if (spinning) {
          NMSPINNING.getAndAdd(this, -1);
        }
        return;
      }
    }
    if (exiting) {
      pidlePut(pp);
      lock.unlock();
      if (spinning) {
        NMSPINNING.getAndAdd(this, -1);
      }
      return;
    }
    M nm = midle;
    if (nm != null) {
      midle = nm.schedlink;
      nm.schedlink = null;
      nmidle--;
    } else {
      nm = new M(this, allm.size() + mcount + 1);
      mcount++;
      allm.add(nm);
    }
    nm.spinning = spinning;
    nm.nextp = pp;
    lock.unlock();
    nstartm.incrementAndGet();
    if (nm.getState() == Thread.State.NEW) {
      nm.start();
    } else {
      nm.notewakeup();
    }
  }

  /** Parks mp, which has no P, on the idle list until startM wakes it. Mirrors runtime.stopm. */
  private void stopM(M mp) {
    boolean dead;
    lock.lock();
    try {
      mp.schedlink = midle;
      midle = mp;
      nmidle++;
      dead = checkdead();
    } finally {
      lock.unlock();
    }
    if (dead && !allAsleep()) {
      return;
    }
    nstopm.incrementAndGet();
    mp.notesleep();
    if (mp.nextp == null && !exiting) {
      // spurious: still on the idle list? take ourselves off it so startM cannot pick us twice
      lock.lock();
      try {
        removeIdleM(mp);
      } finally {
        lock.unlock();
      }
    }
  }

  private void removeIdleM(M mp) {
    M prev = null;
    for (M m = midle; m != null; prev = m, m = m.schedlink) {
      if (m == mp) {
        if (prev == null) {
          midle = m.schedlink;
        } else {
          prev.schedlink = m.schedlink;
        }
        m.schedlink = null;
        nmidle--;
        return;
      }
    }
  }

  /** See {@link Syscalls#handoffP}. */
  void handoffP(P pp) {
    Syscalls.handoffP(this, pp);
  }

  void acquireP(M mp, P pp) {
    if (pp.m != null || pp.status != P.IDLE) {
      throw new IllegalStateException("acquireP: P" + pp.id + " is not idle (status " + pp.status + ")");
    }
    mp.p = pp;
    pp.m = mp;
    pp.status = P.RUNNING;
  }

  void releaseP(M mp) {
    P pp = mp.p;
    pp.m = null;
    pp.status = P.IDLE;
    mp.p = null;
  }

  /** See {@link Resize#retireP}. */
  private void retireP(M mp, P pp) {
    Resize.retireP(this, mp, pp);
  }

  /** See {@link Resize#procResize}. */
  private void procResize(int n) {
    Resize.procResize(this, n);
  }

  // ======== idle Ps, global queue (sched.lock) ========

  /** Puts pp on the idle list. sched.lock must be held. Mirrors runtime.pidleput. */
  void pidlePut(P pp) {
    assert lock.isHeldByCurrentThread() : "pidlePut: sched.lock not held";
    if (pp.id >= gomaxprocs) {
      pp.status = P.DEAD_STATUS;
      return;
    }
    if (pp == wantedP) { // a shrinking setGomaxprocs waits for it (P0): it is the resizer's now
      wantedFree = true;
      LockSupport.unpark(resizer);
      return;
    }
    pp.link = pidle;
    pidle = pp;
    npidle++;
  }

  /** Takes a P off the idle list, or null. sched.lock must be held. Mirrors runtime.pidleget. */
  P pidleGet() {
    assert lock.isHeldByCurrentThread() : "pidleGet: sched.lock not held";
    P pp = pidle;
    if (pp != null) {
      pidle = pp.link;
      pp.link = null;
      npidle--;
      if (sysmonWait) {
        sysmonWait = false;
        LockSupport.unpark(sysmon);
      }
    }
    return pp;
  }

  boolean removeIdleP(P pp) {
    P prev = null;
    for (P q = pidle; q != null; prev = q, q = q.link) {
      if (q == pp) {
        if (prev == null) {
          pidle = q.link;
        } else {
          prev.link = q.link;
        }
        q.link = null;
        npidle--;
        return true;
      }
    }
    return false;
  }

  /** Puts gp at the tail of the global queue. sched.lock must be held. Mirrors globrunqput. */
  void globRunqPut(G gp) {
    assert lock.isHeldByCurrentThread() : "globRunqPut: sched.lock not held";
    globq.put(gp);
    runqSize++;
  }

  /** Puts batch[0 .. n) at the tail, in order (runqPutSlow); the queue keeps the array. Takes sched.lock. */
  void globRunqPutAll(G[] batch, int n) {
    lock.lock();
    try {
      globq.putAll(batch, n);
      runqSize += n;
    } finally {
      lock.unlock();
    }
  }

  private G globRunqGetLocked(P pp, int max) {
    lock.lock();
    try {
      return globRunqGet(pp, max);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Takes a batch of Gs from the global queue: returns the first, puts the rest (up to max - 1,
   * and at most half the local ring) on pp's local queue. sched.lock must be held. Mirrors
   * runtime.globrunqget.
   */
  private G globRunqGet(P pp, int max) {
    assert lock.isHeldByCurrentThread() : "globRunqGet: sched.lock not held";
    int sz = runqSize;
    if (sz == 0) {
      return null;
    }
    int n = Math.min(sz, sz / Math.max(1, gomaxprocs) + 1);
    if (max > 0 && n > max) {
      n = max;
    }
    if (n > P.RUNQ_SIZE / 2) {
      n = P.RUNQ_SIZE / 2;
    }
    n = Math.min(n, 1 + pp.runqFree());
    runqSize = sz - n;
    G gp = globq.take();
    if (n > 1) {
      globq.moveTo(pp, n - 1);
    }
    return gp;
  }

  // ======== system calls ========

  /** See {@link Syscalls#enterSyscall}. */
  public void enterSyscall(G gp) {
    Syscalls.enterSyscall(this, gp);
  }

  /** See {@link Syscalls#exitSyscall}. */
  public boolean exitSyscall(G gp) {
    return Syscalls.exitSyscall(this, gp);
  }

  // ======== deadlock, exit ========

  /** See {@link Deadlock#checkdead}. */
  private boolean checkdead() {
    return Deadlock.checkdead(this);
  }

  /** See {@link Deadlock#recheckDead}. */
  public void recheckDead() {
    Deadlock.recheckDead(this);
  }

  /** See {@link Deadlock#allAsleep}. */
  private boolean allAsleep() {
    return Deadlock.allAsleep(this);
  }

  /** See {@link GoroutineDump#otherGoroutines}. */
  public String otherGoroutines(G self) {
    return GoroutineDump.otherGoroutines(this, self);
  }

  /** See {@link GoroutineDump#stack}. */
  public String stack(G gp) {
    return GoroutineDump.stack(this, gp);
  }

  /** See {@link GoroutineDump#goroutineHeader}. */
  static String goroutineHeader(G gp) {
    return GoroutineDump.goroutineHeader(gp);
  }

  /** See {@link GoroutineDump#liveGs}. */
  List<G> liveGs() {
    return GoroutineDump.liveGs(this);
  }

  /**
   * Ends the program with {@code code} (the first call wins): flushes stdout, stops every G at
   * its next safe point and wakes every M so it can leave. Mirrors the effect of Go's exit(code).
   */
  public void exit(int code) {
    if (!exitOnce.compareAndSet(0, 1)) {
      return;
    }
    exitCode = code;
    exiting = true;
    Listener l = listener;
    if (l != null) {
      l.exited(code);
    }
    machine.stdout.flush();
    List<M> ms = allMs();
    for (M m : ms) {
      G g = m.curg;
      if (g != null) {
        g.preempt = true;
      }
      LockSupport.unpark(m);
    }
    if (sysmon != null) {
      LockSupport.unpark(sysmon);
    }
    Poller pl = poller;
    if (pl != null) {
      pl.shutdown();
    }
    done.countDown();
  }

  /** Whether the program has been told to end (the VM's safe points return at once then). */
  public boolean exiting() {
    return exiting;
  }

  /** Waits a little for the Ms and sysmon to leave, so in-process runs do not leak threads. */
  private void shutdown() {
    List<Thread> ts;
    lock.lock();
    try {
      ts = new ArrayList<>(allm);
    } finally {
      lock.unlock();
    }
    if (sysmon != null) {
      ts.add(sysmon);
    }
    long deadline = System.nanoTime() + 500_000_000L;
    for (Thread t : ts) {
      long left = deadline - System.nanoTime();
      if (left <= 0 || t == Thread.currentThread()) {
        continue;
      }
      LockSupport.unpark(t);
      try {
        t.join(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** See {@link PanicExit#freeze}. */
  public void freeze(G self) {
    PanicExit.freeze(this, self);
  }

  /** See {@link PanicExit#allMs}. */
  private List<M> allMs() {
    return PanicExit.allMs(this);
  }

  /** A bug in the runtime on an M: Go's throw. Prints and ends the program with status 2. */
  private void internalFatal(Throwable t) {
    if (exitOnce.get() != 0) {
      return;
    }
    machine.stderr.println("fatal error: " + t);
    if (Debug.get("javatrace") != 0) {
      t.printStackTrace(machine.stderr);
    }
    machine.stderr.flush();
    exit(2);
  }

  // ======== diagnostics ========

  /** See {@link Deadlock#asleep}. */
  public boolean asleep() {
    return Deadlock.asleep(this);
  }

  /** See {@link GoroutineDump#goroutines}. */
  public List<G> goroutines() {
    return GoroutineDump.goroutines(this);
  }

  /** See {@link GoroutineDump#stateOf}. */
  public static String stateOf(G gp) {
    return GoroutineDump.stateOf(gp);
  }

  /** See {@link GoroutineDump#schedtraceNow}. */
  public String schedtraceNow(boolean detail) {
    return GoroutineDump.schedtraceNow(this, detail);
  }

  /** See {@link GoroutineDump#schedtrace}. */
  String schedtrace(boolean detail) {
    return GoroutineDump.schedtrace(this, detail);
  }

  static int fastrandn(int n) {
    return ThreadLocalRandom.current().nextInt(n);
  }
}
