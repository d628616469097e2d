package gol.interp.vm;

/**
 * A compiled function (Lua's Proto): its code, constant pools and what the VM and tracebacks need
 * to know about it. Immutable once the compiler hands it over, except that the compiler may
 * patch constant-pool entries (forward references to functions compiled later).
 */
public final class Proto implements gol.runtime.FuncInfo {
  /** The name as tracebacks print it: {@code main.fib}, {@code main.main.func1}, {@code fmt.Println}. */
  public final String name;
  public final String file;
  public final int line;

  /** Registers the frame needs: parameters first, then locals and temporaries. */
  public int frameSize;
  public int numParams;
  public int numResults;
  public int[] code;
  public long[] kl;
  public Object[] kr;
  /** Source line of the instruction at each pc (same length as code; operand entries repeat it). */
  public int[] lines;
  /**
   * For a function literal: where each captured cell comes from when the enclosing function
   * executes CLOSURE — {@code c >= 0}: the enclosing frame's register c (which holds the cell);
   * {@code c < 0}: the enclosing closure's own cell {@code -c-1}.
   */
  public int[] captures = new int[0];
  /** Non-null for a bodiless function bound to a native; then code is a stub that calls it. */
  public gol.runtime.Native nativeFn;
  /**
   * For a function containing defer statements: the register holding its frame's defer records
   * (a linked list, newest first), and the pc of its return epilogue (runs the remaining
   * deferred calls, then returns the result registers) — where a recovered panic resumes it.
   * -1 when the function has no defers (Panics skips its frames).
   */
  public int deferReg = -1;
  public int deferRet;
  /**
   * For a function whose defers are open-coded (compile/OpenDefers): the register of the mask
   * whose bit i says defer statement i has run and its call is pending, then for each statement
   * its func register, its first argument register and its argument count. A panic passing the
   * frame turns the pending calls into records (Panics.openToRecords). Null otherwise.
   */
  public int[] openDefers;
  /**
   * A wrapper the compiler made (the "-fm" function of a method value x.m): it only passes its
   * arguments on. recover() looks through it, as Go's does through its wrappers, so that in
   * {@code defer x.m()} the method counts as called directly by the deferred call.
   */
  public boolean wrapper;

  /**
   * The wrapper of {@code defer recover()}: its recover is taken as made by the function that
   * deferred it (Go: it recovers only when that function was itself called by the panic, e.g.
   * {@code defer func() { defer recover() }()}; directly in the panicking function it does not).
   */
  public boolean deferredRecover;

  /** The JIT tier's translation once the function got hot ({@link Jit}); null before. */
  public Compiled jit;
  /** Calls so far, counted by the VM until the function is compiled. */
  int hot;
  /** Backward jumps the interpreter took in this function. */
  int backEdges;
  /** Safe points that found the function running (sysmon's 10 ms ticks). */
  int ticks;
  /** The JIT tier tried and cannot translate this function: it stays interpreted. */
  boolean jitFailed;
  /** Eager mode has compiled this function and the functions its constants refer to. */
  boolean jitWalked;
  /** Queued for the background compiler (Jit.request). */
  boolean jitQueued;
  /**
   * Its translation as one method was too big: the next time it gets hot it is translated by
   * regions (JitRegions), which costs more, so only a function hot twice over pays it.
   */
  boolean tooBig;
  /**
   * It got hot by its loops (back edges, or a safe point finding it running) while called at
   * most Jit.LOOP_CALLS times: its translation outlines the loops that call out, as a function
   * that runs once does (JitRegions.outline).
   */
  boolean loopHot;

  public Proto(String name, String file, int line) {
    this.name = name;
    this.file = file;
    this.line = line;
  }

  @Override
  public String funcName() {
    return name;
  }

  @Override
  public String fileName() {
    return file;
  }

  /** The source line of the instruction at {@code pc}. */
  @Override
  public int lineAt(int pc) {
    return lines != null && pc >= 0 && pc < lines.length ? lines[pc] : line;
  }

  @Override
  public int entryLine() {
    return line;
  }

  @Override
  public boolean wrapper() {
    return wrapper;
  }

  @Override
  public boolean hasParams() {
    return numParams > 0;
  }

  @Override
  public String toString() {
    return name;
  }
}
