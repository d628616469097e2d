package gol.interp.vm;

import gol.runtime.G;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A function's code translated to JVM bytecode by {@link JitCompiler}: one hidden class per
 * {@link Proto}, which HotSpot then compiles like any Java method. See {@link Jit} for the
 * contract of {@link #run}.
 */
public abstract class Compiled {
  /** Returned by {@link #run}: g's top frame is another one now; resume it at its framePc. */
  static final int RELOAD = -1;
  /** Returned by {@link #run}: the G stopped at a safe point; framePc[top] holds its resume pc. */
  static final int SAFEPOINT = -2;
  /** Returned by {@link #run} when called directly (nest > 0): the function returned. */
  static final int RETURNED = -3;
  /**
   * Returned by {@link #run}: a native asked the VM to stop the G (g.stop set, framePc[top] the
   * pc past the call); the VM finishes that as after its own CALLN (Conc.stopped).
   */
  static final int STOPPED = -4;
  /**
   * Returned by {@link #run}: a channel operation parked the G (framePc[top] is its pc, which
   * re-executes on resume). The G may already run on another M: nothing may touch it.
   */
  static final int PARKED = -5;
  /**
   * Returned by {@link #run} when called by the VM: the G's outermost function returned (depth
   * is 0), as exec's RET returns DONE.
   */
  static final int FINISHED = -6;
  /** How deep compiled code calls compiled code on the Java stack before it goes through the VM. */
  static final int MAX_NEST = 48;
  /**
   * run's nest argument from compiled code: the callee's frame index above these bits, the
   * number of compiled callers below them (at most MAX_NEST); 0 from the VM.
   */
  static final int NEST_BITS = 6;
  /** Frames at this depth or deeper are called through the VM (their index does not fit). */
  static final int MAX_DEPTH = (1 << (31 - NEST_BITS)) - 2;

  protected final Proto p;
  protected final int[] code;
  protected final Object[] kr;

  /** run bound to this object: how the VM calls it (see {@link #enter}). */
  final MethodHandle entry;

  private static final MethodHandle RUN;

  static {
    try {
      RUN = MethodHandles.lookup().findVirtual(Compiled.class, "run",
          MethodType.methodType(int.class, G.class, int.class, int.class, int.class, Object[].class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Makes a bound method handle as the constructor does, to no use: the first one a process makes
   * initialises java.lang.invoke (5-10 ms of cold code, a class spun for a lambda form), which
   * the JIT tier's first translation would otherwise wait for (gol run's warm-up thread calls
   * it for a program whose runs left translations: CacheFiles.jitHint).
   */
  public static void warmUp() {
    RUN.bindTo(null);
  }

  protected Compiled(Proto p) {
    this.p = p;
    this.code = p.code;
    this.kr = p.kr;
    this.entry = RUN.bindTo(this);
  }

  /**
   * The VM's way into compiled code: through a MethodHandle, not a virtual call of run. exec's
   * call site sees a new receiver class with every function the tier compiles; C2 compiled it
   * as an inlined, type-guarded call of the one or two classes it had seen, each new class then
   * hit the guard's trap, and the fourth made HotSpot recompile all of exec (the biggest
   * method it compiles, 80-200 ms of the one C2 thread, while everything else waited in its
   * profiled tier). A non-constant handle is never speculated on.
   */
  final int enter(G g, int fp, int pc) throws Throwable {
    return (int) entry.invokeExact(g, fp, pc, 0, (Object[]) null);
  }

  /**
   * Runs the top frame of {@code g} (the frame of {@link #p} at {@code fp}) from {@code pc}, an
   * entry point, until an instruction the translation leaves to the interpreter; returns that
   * instruction's pc, or {@link #SAFEPOINT} / {@link #RELOAD} / {@link #RETURNED} (see
   * {@link Jit}). An entry pc that is not an entry point is returned as it is. {@code nest} is 0
   * when the VM calls (the frame is g's top one); from compiled code it is the frame's index
   * (shifted by {@link #NEST_BITS}) and how many compiled callers are below on the Java stack,
   * pc is 0 and {@code cells} the callee's cells: the callee puts its frame on g's arrays
   * itself, unless it is frameless ({@link Frameless}).
   */
  public abstract int run(G g, int fp, int pc, int nest, Object[] cells);
}
