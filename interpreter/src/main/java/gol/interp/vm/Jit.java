package gol.interp.vm;

import gol.runtime.Debug;
import gol.runtime.G;

/*
 * The JIT tier: when a function gets hot, JitCompiler translates its bytecode into a JVM class
 * (a Compiled) and the VM runs that instead of dispatching its instructions one by one.
 *
 * When: a function is compiled at its CALLS-th call (counted in Interp.enter), or when a
 * safe point finds it on top of a G's stack TICKS times — sysmon's 10 ms preemption tick, so a
 * loop that has run for 10 ms is hot whatever calls it makes. GOLDEBUG=jit=0 turns the tier
 * off, jit=2 compiles every function at its first call (the language suite runs that way too,
 * JitSuiteTest), jittrace=1 prints each compiled function on stderr.
 *
 * Contract between the interpreter and compiled code (Compiled.run(g, fp, pc, nest, cells)):
 *   - The VM's state is the interpreter's: registers are g's stack slots, frames are g's frame
 *     arrays. Compiled code keeps nothing of its own across a return, so it can give control
 *     back at any instruction: run returns the pc the interpreter continues at, in the same
 *     frame (an instruction it leaves to the interpreter, e.g. a call through the interpreter
 *     or a channel operation), or Compiled.SAFEPOINT when a backward jump found g.preempt set
 *     (framePc[top] then holds the resume pc; the top frame may be a leaf it called).
 *   - The interpreter enters at pc 0 on a call, at the target of a backward jump, and at the pc
 *     after a call when the callee returns; any other pc is returned unchanged.
 *   - A fault in compiled code stores its pc in framePc[its frame] and propagates; exec's
 *     fault handler then leaves framePc alone (exec sets its pc to -1 while compiled code runs).
 *   - Compiled code calling compiled code does not go through the VM; a frameless callee
 *     (Frameless) is not even on the frame arrays while it runs. Whenever control comes back
 *     to the VM (a return of any status but RETURNED, or a fault), every frame on the Java
 *     stack has written itself to the arrays on the way (ownFrame): what the VM sees is
 *     exactly what the interpreter would have built.
 *
 * Concurrency: a function found hot is queued (Proto.jitQueued; no lock) for one background
 * daemon thread, "gol-jit", which compiles it while the goroutine
 * keeps running in the interpreter — as HotSpot compiles in the background; on a 2-core
 * machine the translation then costs the program no time. Eager mode compiles on the calling
 * M instead. compile runs under this class's lock (never held across a park). Proto.jit is
 * written once; a Compiled's fields are final, so an M that sees the reference sees a complete
 * object; an M that does not see it yet interprets (it reads p.jit after the volatile
 * g.preempt, so it sees the reference soon).
 */
public final class Jit {
  private Jit() {
  }

  /** Calls before a function is compiled. */
  static final int CALLS = 1000;
  /** Backward jumps (loop iterations) in the interpreter before a function is compiled. */
  static final int BACK_EDGES = 5000;
  /**
   * Safe-point ticks a function is found running in before it is compiled. Two, because the
   * first preemption of a program's main goroutine comes at its first safe point, whatever runs
   * there (an init function), when loading the program already used up the first 10 ms.
   */
  static final int TICKS = 2;

  private static final boolean TRACE = Debug.value("jittrace", 0) != 0;

  /**
   * An implementation of Compiled that never runs, loaded with this class. While only one
   * subclass of Compiled is loaded, C2 compiles compiled code's calls of run (exec's went the
   * same way before it called through Compiled.enter) as direct calls of that one class,
   * depending on it staying alone; the second function the JIT tier compiled then invalidated
   * all that code at once, and the program ran in the profiled
   * tier until it was recompiled (spawn took 2.2-2.7 s instead of 0.9 in one run of three). With
   * this one loaded, the first compiled function is already the second implementation, so the
   * calls are compiled as virtual calls from the start.
   */
  @SuppressWarnings("unused")
  private static final Class<?> NOT_ALONE = Unused.class;

  private static final class Unused extends Compiled {
    Unused(Proto p) {
      super(p);
    }

    @Override
    public int run(G g, int fp, int pc, int nest, Object[] cells) {
      return pc;
    }
  }

  /** Functions compiled so far in this process (tests check the tier really ran). */
  private static int compiledCount;

  /** The call count that triggers compilation: -1 (never) when the tier is off, 1 when eager. */
  static int callThreshold = threshold(Debug.value("jit", 1));

  private static int threshold(int mode) {
    return mode == 0 ? -1 : mode == 2 ? 1 : CALLS;
  }

  /** Sets the mode as GOLDEBUG=jit does (0 off, 1 on, 2 eager); for tests. */
  public static void setMode(int mode) {
    callThreshold = threshold(mode);
  }

  /** The current mode, as {@link #setMode} takes it. */
  public static int mode() {
    return callThreshold == -1 ? 0 : callThreshold == 1 ? 2 : 1;
  }

  /** How many functions this process has compiled. */
  public static synchronized int compiledCount() {
    return compiledCount;
  }

  /**
   * Whether op is one a small leaf callee may consist of to be inlined: no calls, no channel
   * operations, nothing left to Ext (the compiler's ReadOnlyParams uses the same set).
   */
  public static boolean isLeafOp(int op) {
    return JitCompiler.isLeafOp(op);
  }

  /** A safe point found g running the function on top of its stack. */
  static void tick(G g) {
    Proto p = (Proto) g.frameFn[g.depth - 1];
    if (p.jit == null && !p.jitFailed && callThreshold > 0 && ++p.ticks >= TICKS) {
      loopHot(p);
    }
  }

  /** A function called this many times or fewer whose loop gets hot is loopHot (see Proto). */
  static final int LOOP_CALLS = 2;

  /** p got hot by its loops: see Proto.loopHot. */
  static void loopHot(Proto p) {
    if (p.hot <= LOOP_CALLS) {
      p.loopHot = true;
    }
    hot(p);
  }

  /** p got hot: compile it now in eager mode, else in the background. */
  static void hot(Proto p) {
    if (callThreshold < 0 || p.jitFailed) {
      return;
    }
    if (callThreshold == 1) {
      compile(p);
    } else {
      request(p);
    }
  }

  private static final java.util.concurrent.LinkedBlockingQueue<Proto> QUEUE =
      new java.util.concurrent.LinkedBlockingQueue<>();
  /**
   * Whether gol-jit has been started (set under QUEUE's monitor). Not an AtomicBoolean: on JDK 17
   * that class makes a VarHandle when it loads, which costs every gol run 1-3 ms of cold
   * java.lang.invoke code.
   */
  private static volatile boolean started;

  /**
   * Queues p for gol-jit. Takes no lock that compile holds, so a goroutine never waits for a
   * translation; two Ms may queue p twice (jitQueued is a plain flag), and compile skips it the
   * second time.
   */
  private static void request(Proto p) {
    if (p.jitQueued || p.jit != null || p.jitFailed) {
      return;
    }
    p.jitQueued = true;
    startThread();
    QUEUE.add(p);
  }

  /**
   * Starts gol-jit now, before anything is hot, when the tier compiles in the background (gol
   * run calls it as the program starts; earlier, it would compete with parsing and checking, and
   * hello.gol took 10-15 ms longer). Its first translation pays for loading ASM's classes,
   * running them in HotSpot's interpreter and the verifier's first use — 40-60 ms against 2-5
   * ms for the next one — so the thread makes a small function of its own first: the program's
   * first hot function is then compiled that much sooner. It waits {@link #WARM_DELAY_MS} for a
   * hot function before that, so that a program that ends sooner (a hello world ends within a
   * few milliseconds) never pays the 10-15 ms of CPU of the warm-up; a function that gets hot
   * meanwhile is compiled at once, without the warm-up.
   */
  public static void prewarm() {
    if (callThreshold > 1) {
      startThread();
    }
  }

  /**
   * {@link #prewarm()} for the program whose entry function is {@code entry}: if an earlier run
   * of it left translations in the cache ({@link JitCache}), gol-jit does not warm the translator
   * up — its hot functions are likely found there, and would wait behind the warm-up.
   */
  public static void prewarm(Proto entry) {
    prewarm(entry, null);
  }

  /**
   * As {@link #prewarm(Proto)}; {@code hint} (null: none) is the file to create once the program
   * has translations in the cache (gol.interp.CacheFiles.jitHint): its next run's warm-up thread
   * readies java.lang.invoke for them.
   */
  public static void prewarm(Proto entry, java.io.File hint) {
    synchronized (Jit.class) { // a process may run several programs (the REPL, the CDS training)
      program = entry;
      marker = null;
      hintFile = hint;
    }
    prewarm();
  }

  /** {@link #prewarm(Proto, java.io.File)}'s hint, until written; guarded by Jit.class. */
  private static java.io.File hintFile;

  /** Creates the hint file, once (the marker has names: the cache holds translations). */
  private static synchronized void hint() {
    java.io.File h = hintFile;
    hintFile = null;
    if (h != null && !h.exists()) {
      gol.interp.CacheFiles.writeAtomically(h.toPath(), new byte[0]);
    }
  }

  /** The running program's entry function (for JitCache's marker), or null. */
  private static volatile Proto program;
  /** The translations kept between runs, or null; opened by the first compile (under the lock). */
  private static JitCache cache;
  private static boolean cacheOpened;

  private static synchronized JitCache cache() {
    if (!cacheOpened) {
      cacheOpened = true;
      cache = JitCache.open();
    }
    return cache;
  }

  /** Uses {@code c} (null: none) as the translation cache instead of gol.jitcache's; for tests. */
  static synchronized void useCache(JitCache c) {
    cacheOpened = true;
    cache = c;
    marker = null;
  }

  /**
   * Defines the cached translations of the functions earlier runs of the program translated
   * (JitCache's marker lists their names), before they get hot here. Returns whether the marker
   * listed any: then the program has no use for the warm-up.
   */
  private static boolean preload() {
    Proto entry = program;
    JitCache c = cache();
    if (entry == null || c == null) {
      return false;
    }
    JitCache.Marker m = marker();
    // a loop-hot function (not one that runs once: JitRegions.outlines) is described as not
    // loop-hot here, and found only if a run translated it so: whether its loops get hot while
    // it is called at most twice is decided anew each run (sort's partition, called once on the
    // whole slice and then thousands of times, is loop-hot in one run and not in the next)
    java.util.List<String> names = m == null ? java.util.List.of() : new java.util.ArrayList<>(m.names());
    if (names.isEmpty()) {
      return false;
    }
    java.util.Map<String, Proto> byName = reachable(entry, new java.util.HashSet<>(names));
    for (String name : names) {
      Proto p = byName.get(name);
      if (p != null) {
        preload(p, c);
      }
    }
    hint(); // (a cache made before hints were)
    return true;
  }

  /** Runs {@link #preload()} for the program whose entry function is {@code entry}; for tests. */
  static boolean preload(Proto entry) {
    synchronized (Jit.class) {
      program = entry;
      marker = null;
    }
    return preload();
  }

  /** The running program's marker in the cache (read once), or null. */
  private static synchronized JitCache.Marker marker() {
    Proto entry = program;
    JitCache c = cache();
    if (marker == null && entry != null && c != null) {
      marker = c.marker(entry);
    }
    return marker;
  }

  private static JitCache.Marker marker;

  /** Defines p's cached translation if there is one; a miss is left for when p gets hot. */
  private static synchronized void preload(Proto p, JitCache c) {
    if (p.jit != null || p.jitFailed) {
      return;
    }
    long t0 = TRACE ? System.nanoTime() : 0;
    JitCache.Entry e = c.load(JitCache.describe(p));
    if (e == null) {
      return;
    }
    try {
      p.jit = JitCompiler.define(p, e.classFile());
    } catch (RuntimeException | LinkageError e2) {
      return; // cannot happen for an entry we wrote: translated when hot
    }
    compiledCount++;
    cacheHits++;
    if (TRACE) {
      trace(t0, p.name + " compiled (cached, before it got hot: " + e.variant() + ")");
    }
  }

  /**
   * The functions named in {@code names} among those entry reaches through constants (callees,
   * closures) and the methods of the types in constants (called through interfaces).
   */
  private static java.util.Map<String, Proto> reachable(Proto entry, java.util.Set<String> names) {
    java.util.Map<String, Proto> found = new java.util.HashMap<>();
    java.util.Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    java.util.ArrayDeque<Proto> todo = new java.util.ArrayDeque<>();
    todo.push(entry);
    seen.add(entry);
    while (!todo.isEmpty()) {
      Proto p = todo.pop();
      if (names.contains(p.name)) {
        found.putIfAbsent(p.name, p);
      }
      if (p.kr == null) {
        continue;
      }
      for (Object k : p.kr) {
        if (k instanceof Proto q && seen.add(q)) {
          todo.push(q);
        } else if (k instanceof gol.runtime.RType t && seen.add(t)) {
          for (Object m : t.methods.values()) {
            if (m instanceof Proto q && seen.add(q)) {
              todo.push(q);
            }
          }
        }
      }
    }
    return found;
  }

  private static void startThread() {
    if (started) {
      return;
    }
    synchronized (QUEUE) {
      if (!started) {
        started = true;
        Thread t = new Thread(new CompileLoop(), "gol-jit");
        t.setDaemon(true);
        t.start();
      }
    }
  }

  /**
   * Translates (and loads) a loop and a call of it, and drops the result: see prewarm. Returns
   * whether both translated (JitTest checks it, so that the warm-up keeps warming).
   */
  static synchronized boolean warm() {
    Proto sum = new Proto("gol.warm", "gol", 0);
    CodeBuilder cb = new CodeBuilder();
    cb.emit(Op.LOADI, 1, 0); // s := 0
    cb.emit(Op.LOADI, 2, 0); // i := 0
    int test = cb.emit(Op.JGE_I, 2, 0, 0);
    int body = cb.emit(Op.MULI, 3, 2, 3); // s += i * 3
    cb.emit(Op.ADD_I, 1, 1, 3);
    cb.emit(Op.FORLT, 2, 1, 0, body); // i++ < n
    cb.patch(test, cb.emit(Op.RET, 1, 1));
    sum.numParams = 1;
    sum.numResults = 1;
    sum.frameSize = 4;
    cb.finish(sum);
    Proto caller = new Proto("gol.warm.caller", "gol", 0);
    cb = new CodeBuilder();
    cb.emit(Op.LOADI, 1, 10);
    cb.emit(Op.CALL, cb.constR(sum), 1);
    cb.emit(Op.RET, 1, 1);
    caller.numResults = 1;
    caller.frameSize = 3;
    cb.finish(caller);
    long t0 = System.nanoTime();
    boolean ok = JitCompiler.compile(sum) != null && JitCompiler.compile(caller) != null;
    if (TRACE) {
      trace(t0, "warm-up" + (ok ? "" : " failed"));
    }
    return ok;
  }

  /** How long gol-jit waits for a hot function before it warms the translator up. */
  static final long WARM_DELAY_MS = 20;

  /** gol-jit's body (a class, not a method reference: a hello world links no lambda). */
  private static final class CompileLoop implements Runnable {
    @Override
    public void run() {
      compileLoop();
    }
  }

  private static void compileLoop() {
    boolean known = false;
    try {
      known = preload();
    } catch (RuntimeException | LinkageError e) { // only costs the time it saves
      if (TRACE) {
        System.err.println("jit: preload: " + e);
      }
    }
    Proto first;
    try {
      first = QUEUE.poll(WARM_DELAY_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      return;
    }
    if (first == null && !known) {
      try {
        warm();
      } catch (RuntimeException | LinkageError e) { // only costs the time it saves
        if (TRACE) {
          System.err.println("jit: warm-up: " + e);
        }
      }
    } else if (first != null) {
      compile(first);
    }
    for (;;) {
      try {
        compile(QUEUE.take());
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /**
   * Eager mode: compiles root and every function its constants reach (callees, closures),
   * before the G runs — so compiling does not eat the G's time slice and change scheduling.
   * Functions reached only through interfaces are compiled at their first call.
   */
  static synchronized void compileReachable(Proto root) {
    java.util.ArrayDeque<Proto> todo = new java.util.ArrayDeque<>();
    todo.push(root);
    while (!todo.isEmpty()) {
      Proto p = todo.pop();
      if (p.jitWalked) {
        continue;
      }
      p.jitWalked = true;
      compile(p);
      for (Object k : p.kr) {
        if (k instanceof Proto q && !q.jitWalked) {
          todo.push(q);
        }
      }
    }
  }

  /** Compiles p now (or records that it cannot be); afterwards p.jit or p.jitFailed is set. */
  static synchronized void compile(Proto p) {
    if (p.jit != null || p.jitFailed) {
      return;
    }
    Compiled c = null;
    long t0 = TRACE ? System.nanoTime() : 0;
    JitCache jc = cache();
    String variant = null;
    byte[] key = jc == null ? null : JitCache.describe(p);
    if (jc != null) {
      JitCache.Entry e = jc.load(key);
      if (e != null) {
        try {
          c = JitCompiler.define(p, e.classFile());
          variant = "cached: " + e.variant();
          cacheHits++;
        } catch (RuntimeException | LinkageError e2) { // cannot happen for an entry we wrote: translate
          if (TRACE) {
            System.err.println("jit: " + p.name + ": cached class: " + e2);
          }
        }
      }
    }
    boolean wasTooBig = p.tooBig;
    if (c == null) {
      try {
        byte[] bytes = JitCompiler.translate(p);
        if (bytes != null) {
          c = JitCompiler.define(p, bytes);
          variant = JitCompiler.lastVariant;
          if (jc != null) {
            jc.store(key, bytes, variant);
            JitCache.Marker m = marker();
            if (m != null) {
              m.add(p.name);
              hint();
            }
          }
        }
      } catch (RuntimeException | LinkageError | StackOverflowError e) { // a bug or a huge function: stay interpreted
        if (TRACE) {
          System.err.println("jit: " + p.name + ": " + e);
        }
      }
    }
    if (c == null && p.tooBig && !wasTooBig) {
      // too big for one method: counted again from zero, then translated by regions
      p.hot = 0;
      p.backEdges = 0;
      p.ticks = 0;
      p.jitQueued = false;
    } else if (c == null) {
      p.jitFailed = true;
    } else {
      p.jit = c;
      compiledCount++;
    }
    if (TRACE) {
      String why = c == null ? JitCompiler.unsupported(p) : null;
      trace(t0, p.name + (c != null ? " compiled (" + variant + ")"
          : !p.jitFailed ? " too big for one method (by regions when hot again)"
          : " stays interpreted (" + (why == null ? "too big" : why) + ")"));
    }
  }

  /** When this class was loaded: about when the program started (gol run prewarms). */
  private static final long LOADED = System.nanoTime();

  /** Prints a jittrace line: when (since the program started), how long since t0, what. */
  private static void trace(long t0, String what) {
    long now = System.nanoTime();
    System.err.printf("jit: at %.1f ms, %.2f ms: %s%n", (now - LOADED) / 1e6, (now - t0) / 1e6, what);
  }

  /** Translations this process found in the cache (tests check the cache is used). */
  private static int cacheHits;

  /** How many translations this process took from the cache. */
  public static synchronized int cacheHits() {
    return cacheHits;
  }

  /**
   * What compiled code returns when a callee it called directly returned {@code r} rather than
   * RETURNED: a pc r means the callee (g's top frame) stopped at an instruction left to the
   * interpreter — record it and have the VM reload the top frame; SAFEPOINT/RELOAD pass on.
   */
  static int stopped(int r, G g) {
    if (r >= 0) {
      g.framePc[g.depth - 1] = r;
      return Compiled.RELOAD;
    }
    return r;
  }

  /** What exec returns when compiled code it ran returned the negative code {@code r}. */
  static int status(G g, int r) {
    switch (r) {
      case Compiled.SAFEPOINT:
        return Interp.SAFEPOINT;
      case Compiled.STOPPED:
        return Conc.stopped(g, g.framePc[g.depth - 1]);
      case Compiled.PARKED:
        return Interp.PARKED;
      case Compiled.FINISHED:
        return Interp.DONE;
      default: // RELOAD
        return Interp.RESUME;
    }
  }

  /**
   * RET a n of a function the VM called, in slot mode: the goroutine's end (FINISHED) when it
   * has no other frame (Interp.finish), else the VM's RET at pc does the return.
   */
  static int vmReturn(G g, int fp, int a, int n, int pc) {
    return Interp.finish(g, fp, a, n) ? Compiled.FINISHED : pc;
  }

  /**
   * A frameless function (see Frameless) leaves to the VM or faults: its frame goes on g's
   * arrays as a call would have pushed it, resuming at pc, and the depth includes it. Its
   * callers write theirs as they return in turn; a frame above it that stopped first has
   * already raised the depth past it.
   */
  static void ownFrame(G g, Proto p, Object[] cells, int fp, int d, int pc) {
    g.frameFn[d] = p;
    g.frameCells[d] = cells;
    g.frameFp[d] = fp;
    g.framePc[d] = pc;
    if (g.depth <= d) {
      g.depth = d + 1;
    }
  }

  /**
   * A fault in a callee compiled code had inlined: push the frame the call would have pushed,
   * at the callee's faulting pc, so the panic unwinds and prints exactly as the interpreter's.
   */
  static void materialize(G g, Proto q, int fp, int resumePc, int calleePc) {
    Interp.enter(g, q, null, fp, resumePc);
    g.framePc[g.depth - 1] = calleePc;
  }
}
