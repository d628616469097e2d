package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.LongCell;
import gol.runtime.Machine;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RefCell;
import gol.runtime.RuntimeError;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Values;

/*
 * The VM: one dispatch loop over a goroutine's frames.
 *
 * Concepts
 *   exec(g) runs the top frame of g and every frame it calls, in one Java activation: a gol call
 *   pushes an entry on g's call-stack arrays and switches the hoisted locals (code, kl, kr, cells,
 *   fp, pc) to the callee; a return pops it and switches back (Wren's LOAD_FRAME). gol never
 *   recurses on the Java stack, so a G can stop between any two instructions and resume later,
 *   on another thread: everything a frame needs lives in g (stack slots, frameFn/frameCells/
 *   frameFp/framePc), nothing in Java locals that is not reloaded from g on entry.
 *
 *   exec returns a status to run(): DONE when the G's outermost function returned, DIED when it
 *   died of an unrecovered panic or fatal error (already printed), RESUME when it must be
 *   re-entered from g's saved state (after a panic was recovered — the defer milestone).
 *   Under the scheduler (gol.runtime.Sched, through VmExecutor) exec also returns PARKED (a
 *   channel instruction or a native parked the G: Conc), PREEMPTED (a safe point found
 *   g.preempt set: the G goes to the global queue), YIELDED and GOEXIT (natives' requests in
 *   g.stop). Before returning them the instruction saves the pc to resume at in framePc[top]
 *   and exec touches g no more: the G may be running on another M a moment later.
 *
 *   Faults. Anything thrown while an instruction runs — a GoPanic from a runtime check or a
 *   native, ArithmeticException (integer divide by zero), NullPointerException (nil func call,
 *   nil pointer: Go's SIGSEGV), G.StackOverflow — is caught once, around the whole loop: the
 *   handler saves pc in framePc[top] and calls fault(), which turns it into a gol panic
 *   (Traceback prints it, the G dies and the program exits 2) or a fatal error. Implicit
 *   exceptions cost nothing on the fast path, which is why divide-by-zero and nil checks are
 *   not explicit.
 *
 * Invariants
 *   - In exec, ls/rs are g.ls/g.rs except just after something that can move the stack (a call,
 *     a native, a safe point) — those cases reload them.
 *   - machine.globalLs/globalRs are cached for the whole exec: the loader sizes them before any
 *     goroutine runs and nothing replaces them while one does.
 *   - pc of a non-top frame (framePc[d]) is the pc after its call instruction; tracebacks use
 *     pc-1 to find the call's line (Go's "pc-1 for callers").
 *   - exec is ONE method under 8000 bytes of JVM bytecode (DispatchSizeTest fails above 7000):
 *     HotSpot does not compile bigger methods. Cases are tiny; slow paths live in Slow, Bounds,
 *     Traceback and the static helpers below.
 *
 * Defer / recover (next milestone) — where it plugs in
 *   A per-G defer stack: records {depth of the deferring frame, func value, evaluated args},
 *   pushed by a DEFER op (args evaluated then), so "a frame's defers" are the records on top
 *   whose depth is the frame's. RET of a frame with records runs them LIFO first: each is pushed
 *   as an ordinary frame flagged "deferred call" (a per-frame flag array in G), and the flagged
 *   frame's RET continues the deferring frame's return sequence instead of resuming its code.
 *   fault() becomes gopanic: it records the panic on g, pushes the topmost record's call the
 *   same way and returns RESUME, so deferred calls run on the G's own stack — no Java recursion,
 *   and they may block or be preempted like any code. recover() succeeds only when its caller is
 *   a flagged frame run by the current panic (Go's "directly deferred"); then gopanic pops the
 *   panicking frames down to the deferring one and resumes its return sequence. A record that
 *   panics again replaces the panic (Go's link / [recovered] printing in Traceback).
 *
 * Locking / ownership
 *   Only the M running g calls exec(g). The one cross-thread signal is g.preempt (volatile), read
 *   at calls and backward jumps.
 */
public final class Interp {
  private Interp() {
  }

  static { // reflect.MakeFunc's func values are stubs of this VM
    gol.runtime.MadeFunc.maker = new MadeFuncs.Maker();
  }

  /** exec result: the G's outermost function returned. */
  static final int DONE = 0;
  /** exec result: re-enter exec from the state saved in g (used once recover exists). */
  static final int RESUME = 1;
  /** exec result: the G died of an unrecovered panic or a fatal error, already reported. */
  static final int DIED = 2;
  /** exec result: the G parked (g.waitUnlock/waitReason set, framePc[top] saved); see Conc. */
  static final int PARKED = 3;
  /** exec result: the G stopped at a safe point (g.preempt), framePc[top] saved. */
  static final int PREEMPTED = 4;
  /** exec result: a native asked to yield (Gosched, exitsyscall without a P). */
  static final int YIELDED = 5;
  /** exec result: a native called runtime.Goexit. */
  static final int GOEXIT = 6;
  /** exec result: g.preempt was seen at a safe point, framePc[top] saved; see {@link #execLoop}. */
  static final int SAFEPOINT = 7;

  /**
   * Pushes the first frame of {@code g}: {@code fn} with its frame at slot 0. The caller puts the
   * arguments in slots 0.. (ls/rs by kind) after this call (or before, if it ensured the room).
   */
  public static void start(G g, Proto fn, Object[] cells) {
    if (g.depth != 0) {
      throw new IllegalStateException("start: G " + g.id + " already has frames");
    }
    if (Jit.callThreshold == 1) { // eager mode: compile what the G can reach before it runs
      Jit.compileReachable(fn);
    } else if (fn.hot < Jit.callThreshold && ++fn.hot == Jit.callThreshold) {
      Jit.hot(fn); // a goroutine body started often is hot (counting stops here: see enter)
    }
    g.ensure(Math.max(fn.frameSize, 1));
    g.frameFn[0] = fn;
    g.frameCells[0] = cells;
    g.frameFp[0] = 0;
    g.framePc[0] = 0;
    g.depth = 1;
    g.status = G.RUNNABLE;
  }

  public static void start(G g, Closure fn) {
    start(g, fn.proto, fn.cells);
  }

  /**
   * Runs {@code g} until its outermost function returns, then returns true; its results are in
   * slots 0.. of the stack. An unrecovered panic or a fatal error (stack overflow) is reported on
   * the machine's stderr, after flushing stdout, and run returns false: the program must exit
   * with status 2. {@code os.Exit(n)} throws {@code GoExit(n)} out of run.
   *
   * <p>(The scheduler milestone adds a third outcome — the G parked or was preempted and will be
   * resumed by another run(g) — by letting exec return PARKED; see the file comment.)
   */
  public static boolean run(G g) {
    g.status = G.RUNNING;
    int s;
    do {
      s = execLoop(g);
    } while (s == PREEMPTED || s == YIELDED);
    if (s == PARKED) { // one goroutine and no scheduler: it can never be woken
      g.status = G.WAITING;
      Traceback.fatal(g, "all goroutines are asleep - deadlock!", null);
      s = DIED;
    }
    g.status = G.DEAD;
    return s == DONE;
  }

  /**
   * A loader's one-call entry point: runs {@code main} (no parameters, no results) on a new
   * goroutine and returns the program's exit status — 0 when main returns, n for os.Exit(n), 2
   * for an unrecovered panic or a fatal error. Stdout is flushed in every case.
   */
  public static int runMain(Machine m, Proto main) {
    G g = m.newG();
    try {
      start(g, main, null);
      return run(g) ? 0 : 2;
    } catch (GoExit e) {
      return e.code;
    } finally {
      m.stdout.flush();
    }
  }

  /** The dispatch loop. See the file comment; keep every case small. */
  static int exec(G g) {
    int d = g.depth - 1;
    Proto p = (Proto) g.frameFn[d];
    int[] code = p.code;
    long[] kl = p.kl;
    Object[] kr = p.kr;
    Object[] cells = g.frameCells[d];
    int fp = g.frameFp[d];
    int pc = g.framePc[d];
    long[] ls = g.ls;
    Object[] rs = g.rs;
    long[] gl = g.machine.globalLs;
    Object[] gr = g.machine.globalRs;
    try {
      for (;;) {
        int t; // a taken jump's target: the cases that jump break out of the switch to the tail
        switch (code[pc]) {
          case Op.NOP:
            pc += 1;
            continue;
          case Op.MOV_L:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.MOV_R:
            rs[fp + code[pc + 1]] = rs[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.MOV: {
            int a = fp + code[pc + 1];
            int b = fp + code[pc + 2];
            ls[a] = ls[b];
            rs[a] = rs[b];
            pc += 3;
            continue;
          }
          case Op.LOADI:
            ls[fp + code[pc + 1]] = code[pc + 2];
            pc += 3;
            continue;
          case Op.LOADK_L:
            ls[fp + code[pc + 1]] = kl[code[pc + 2]];
            pc += 3;
            continue;
          case Op.LOADK_R:
            rs[fp + code[pc + 1]] = kr[code[pc + 2]];
            pc += 3;
            continue;
          case Op.NIL_R:
            rs[fp + code[pc + 1]] = null;
            pc += 2;
            continue;

          case Op.ADD_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] + ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.SUB_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] - ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.MUL_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] * ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.DIV_I: // a zero divisor throws ArithmeticException: see fault()
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] / ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.REM_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] % ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.DIV_U:
            ls[fp + code[pc + 1]] = Long.divideUnsigned(ls[fp + code[pc + 2]], ls[fp + code[pc + 3]]);
            pc += 4;
            continue;
          case Op.REM_U:
            ls[fp + code[pc + 1]] = Long.remainderUnsigned(ls[fp + code[pc + 2]], ls[fp + code[pc + 3]]);
            pc += 4;
            continue;
          case Op.ADDI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] + code[pc + 3];
            pc += 4;
            continue;
          case Op.ANDI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] & code[pc + 3];
            pc += 4;
            continue;
          case Op.ORI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] | code[pc + 3];
            pc += 4;
            continue;
          case Op.XORI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] ^ code[pc + 3];
            pc += 4;
            continue;
          case Op.SHLI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] << code[pc + 3];
            pc += 4;
            continue;
          case Op.SHRI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] >> code[pc + 3];
            pc += 4;
            continue;
          case Op.SHRUI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] >>> code[pc + 3];
            pc += 4;
            continue;
          case Op.MULI:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] * code[pc + 3];
            pc += 4;
            continue;
          case Op.NEG_I:
            ls[fp + code[pc + 1]] = -ls[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.AND:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] & ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.OR:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] | ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.XOR:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] ^ ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.ANDNOT:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] & ~ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.NOT_I:
            ls[fp + code[pc + 1]] = ~ls[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.SHL: {
            long x = ls[fp + code[pc + 2]];
            long s = ls[fp + code[pc + 3]];
            ls[fp + code[pc + 1]] = (s >>> 6) == 0 ? x << s : Slow.shift(Op.SHL, x, s);
            pc += 4;
            continue;
          }
          case Op.SHR_I: {
            long x = ls[fp + code[pc + 2]];
            long s = ls[fp + code[pc + 3]];
            ls[fp + code[pc + 1]] = (s >>> 6) == 0 ? x >> s : Slow.shift(Op.SHR_I, x, s);
            pc += 4;
            continue;
          }
          case Op.SHR_U: {
            long x = ls[fp + code[pc + 2]];
            long s = ls[fp + code[pc + 3]];
            ls[fp + code[pc + 1]] = (s >>> 6) == 0 ? x >>> s : Slow.shift(Op.SHR_U, x, s);
            pc += 4;
            continue;
          }
          case Op.WRAP:
            ls[fp + code[pc + 1]] = Slow.wrap(ls[fp + code[pc + 2]], code[pc + 3]);
            pc += 4;
            continue;

          case Op.ADD_F:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) + Double.longBitsToDouble(ls[fp + code[pc + 3]]));
            pc += 4;
            continue;
          case Op.SUB_F:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) - Double.longBitsToDouble(ls[fp + code[pc + 3]]));
            pc += 4;
            continue;
          case Op.MUL_F:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) * Double.longBitsToDouble(ls[fp + code[pc + 3]]));
            pc += 4;
            continue;
          case Op.DIV_F:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) / Double.longBitsToDouble(ls[fp + code[pc + 3]]));
            pc += 4;
            continue;
          case Op.NEG_F:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] ^ Long.MIN_VALUE;
            pc += 3;
            continue;
          case Op.ADDF_FL:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) + Double.longBitsToDouble(((Struct) rs[fp + code[pc + 3]]).l[code[pc + 4]]));
            pc += 5;
            continue;
          case Op.SUBF_FL:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) - Double.longBitsToDouble(((Struct) rs[fp + code[pc + 3]]).l[code[pc + 4]]));
            pc += 5;
            continue;
          case Op.MULF_FL:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Double.longBitsToDouble(ls[fp + code[pc + 2]]) * Double.longBitsToDouble(((Struct) rs[fp + code[pc + 3]]).l[code[pc + 4]]));
            pc += 5;
            continue;
          case Op.SQRT_F:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits(Math.sqrt(Double.longBitsToDouble(ls[fp + code[pc + 2]])));
            pc += 3;
            continue;
          case Op.F32:
            ls[fp + code[pc + 1]] = Slow.f32(ls[fp + code[pc + 2]]);
            pc += 3;
            continue;

          case Op.EQ_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] == ls[fp + code[pc + 3]] ? 1 : 0;
            pc += 4;
            continue;
          case Op.NE_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] != ls[fp + code[pc + 3]] ? 1 : 0;
            pc += 4;
            continue;
          case Op.LT_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] < ls[fp + code[pc + 3]] ? 1 : 0;
            pc += 4;
            continue;
          case Op.LE_I:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] <= ls[fp + code[pc + 3]] ? 1 : 0;
            pc += 4;
            continue;
          case Op.LT_U:
            ls[fp + code[pc + 1]] = Long.compareUnsigned(ls[fp + code[pc + 2]], ls[fp + code[pc + 3]]) < 0 ? 1 : 0;
            pc += 4;
            continue;
          case Op.LE_U:
            ls[fp + code[pc + 1]] = Long.compareUnsigned(ls[fp + code[pc + 2]], ls[fp + code[pc + 3]]) <= 0 ? 1 : 0;
            pc += 4;
            continue;
          case Op.EQ_F:
            ls[fp + code[pc + 1]] = Double.longBitsToDouble(ls[fp + code[pc + 2]]) == Double.longBitsToDouble(ls[fp + code[pc + 3]]) ? 1 : 0;
            pc += 4;
            continue;
          case Op.NE_F:
            ls[fp + code[pc + 1]] = Double.longBitsToDouble(ls[fp + code[pc + 2]]) != Double.longBitsToDouble(ls[fp + code[pc + 3]]) ? 1 : 0;
            pc += 4;
            continue;
          case Op.LT_F:
            ls[fp + code[pc + 1]] = Double.longBitsToDouble(ls[fp + code[pc + 2]]) < Double.longBitsToDouble(ls[fp + code[pc + 3]]) ? 1 : 0;
            pc += 4;
            continue;
          case Op.LE_F:
            ls[fp + code[pc + 1]] = Double.longBitsToDouble(ls[fp + code[pc + 2]]) <= Double.longBitsToDouble(ls[fp + code[pc + 3]]) ? 1 : 0;
            pc += 4;
            continue;
          case Op.EQ_S:
            ls[fp + code[pc + 1]] = rs[fp + code[pc + 2]].equals(rs[fp + code[pc + 3]]) ? 1 : 0;
            pc += 4;
            continue;
          case Op.NE_S:
            ls[fp + code[pc + 1]] = rs[fp + code[pc + 2]].equals(rs[fp + code[pc + 3]]) ? 0 : 1;
            pc += 4;
            continue;
          case Op.LT_S:
            ls[fp + code[pc + 1]] = ((GoString) rs[fp + code[pc + 2]]).compareTo((GoString) rs[fp + code[pc + 3]]) < 0 ? 1 : 0;
            pc += 4;
            continue;
          case Op.LE_S:
            ls[fp + code[pc + 1]] = ((GoString) rs[fp + code[pc + 2]]).compareTo((GoString) rs[fp + code[pc + 3]]) <= 0 ? 1 : 0;
            pc += 4;
            continue;
          case Op.NOT:
            ls[fp + code[pc + 1]] = ls[fp + code[pc + 2]] ^ 1;
            pc += 3;
            continue;
          case Op.EQ_REF:
            ls[fp + code[pc + 1]] = rs[fp + code[pc + 2]] == rs[fp + code[pc + 3]] ? 1 : 0;
            pc += 4;
            continue;
          case Op.NE_REF:
            ls[fp + code[pc + 1]] = rs[fp + code[pc + 2]] != rs[fp + code[pc + 3]] ? 1 : 0;
            pc += 4;
            continue;

          case Op.JMP:
            t = code[pc + 1];
            break;
          case Op.JT:
            if (ls[fp + code[pc + 1]] == 0) {
              pc += 3;
              continue;
            }
            t = code[pc + 2];
            break;
          case Op.JF:
            if (ls[fp + code[pc + 1]] != 0) {
              pc += 3;
              continue;
            }
            t = code[pc + 2];
            break;
          case Op.JLT_I:
            if (ls[fp + code[pc + 1]] >= ls[fp + code[pc + 2]]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JLE_I:
            if (ls[fp + code[pc + 1]] > ls[fp + code[pc + 2]]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JGE_I:
            if (ls[fp + code[pc + 1]] < ls[fp + code[pc + 2]]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JGT_I:
            if (ls[fp + code[pc + 1]] <= ls[fp + code[pc + 2]]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JEQ_I:
            if (ls[fp + code[pc + 1]] != ls[fp + code[pc + 2]]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JNE_I:
            if (ls[fp + code[pc + 1]] == ls[fp + code[pc + 2]]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JLTI:
            if (ls[fp + code[pc + 1]] >= code[pc + 2]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JLEI:
            if (ls[fp + code[pc + 1]] > code[pc + 2]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JGTI:
            if (ls[fp + code[pc + 1]] <= code[pc + 2]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JGEI:
            if (ls[fp + code[pc + 1]] < code[pc + 2]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JEQI:
            if (ls[fp + code[pc + 1]] != code[pc + 2]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.JNEI:
            if (ls[fp + code[pc + 1]] == code[pc + 2]) {
              pc += 4;
              continue;
            }
            t = code[pc + 3];
            break;
          case Op.FORLT: {
            int a = fp + code[pc + 1];
            long v = ls[a] + code[pc + 2];
            ls[a] = v;
            if (v >= ls[fp + code[pc + 3]]) {
              pc += 5;
              continue;
            }
            t = code[pc + 4];
            break;
          }
          case Op.FORLE: {
            int a = fp + code[pc + 1];
            long v = ls[a] + code[pc + 2];
            ls[a] = v;
            if (v > ls[fp + code[pc + 3]]) {
              pc += 5;
              continue;
            }
            t = code[pc + 4];
            break;
          }
          case Op.FORGT: {
            int a = fp + code[pc + 1];
            long v = ls[a] + code[pc + 2];
            ls[a] = v;
            if (v <= ls[fp + code[pc + 3]]) {
              pc += 5;
              continue;
            }
            t = code[pc + 4];
            break;
          }
          case Op.FORGE: {
            int a = fp + code[pc + 1];
            long v = ls[a] + code[pc + 2];
            ls[a] = v;
            if (v < ls[fp + code[pc + 3]]) {
              pc += 5;
              continue;
            }
            t = code[pc + 4];
            break;
          }

          case Op.CONCAT:
            rs[fp + code[pc + 1]] = Slow.concat(g, rs[fp + code[pc + 2]], rs[fp + code[pc + 3]]);
            pc += 4;
            continue;
          case Op.LEN_S:
            ls[fp + code[pc + 1]] = ((GoString) rs[fp + code[pc + 2]]).len;
            pc += 3;
            continue;
          case Op.INDEX_S:
            ls[fp + code[pc + 1]] = Slow.indexS((GoString) rs[fp + code[pc + 2]], ls[fp + code[pc + 3]]);
            pc += 4;
            continue;
          case Op.SLICE_S:
            rs[fp + code[pc + 1]] = Slow.sliceS((GoString) rs[fp + code[pc + 2]], ls, fp, code[pc + 3], code[pc + 4]);
            pc += 5;
            continue;

          case Op.I2F:
            ls[fp + code[pc + 1]] = Double.doubleToRawLongBits((double) ls[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.U2F:
            ls[fp + code[pc + 1]] = Slow.u2f(ls[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.F2I:
            ls[fp + code[pc + 1]] = Slow.f2i(ls[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.F2U:
            ls[fp + code[pc + 1]] = Slow.f2u(ls[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.RUNE2S:
            rs[fp + code[pc + 1]] = Slow.runeToString(g, ls[fp + code[pc + 2]]);
            pc += 3;
            continue;

          case Op.CALL: {
            Proto np = (Proto) kr[code[pc + 1]];
            int nfp = fp + code[pc + 2];
            enter(g, np, null, nfp, pc + 3);
            ls = g.ls;
            rs = g.rs;
            p = np;
            code = np.code;
            kl = np.kl;
            kr = np.kr;
            cells = null;
            fp = nfp;
            t = 0; // the safe point at the callee's entry: the jump tail's (one stable branch)
            break;
          }
          case Op.CALLC: {
            Closure c = (Closure) rs[fp + code[pc + 1]];
            Proto np = c.proto; // nil func value: NullPointerException, see fault()
            int nfp = fp + code[pc + 2];
            enter(g, np, c.cells, nfp, pc + 3);
            ls = g.ls;
            rs = g.rs;
            p = np;
            code = np.code;
            kl = np.kl;
            kr = np.kr;
            cells = c.cells;
            fp = nfp;
            t = 0; // the safe point at the callee's entry: the jump tail's (one stable branch)
            break;
          }
          case Op.CALLN:
            ((Native) kr[code[pc + 1]]).call(g, fp + code[pc + 2]);
            if (g.stop != 0) { // the native parked, yielded or exited the G (Native's contract)
              return Conc.stopped(g, pc + 3);
            }
            ls = g.ls;
            rs = g.rs;
            pc += 3;
            continue;
          case Op.RET: {
            int a = fp + code[pc + 1];
            for (int i = 0, n = code[pc + 2]; i < n; i++) {
              ls[fp + i] = ls[a + i];
              rs[fp + i] = rs[a + i];
            }
            d = g.depth - 1;
            g.depth = d;
            // 1 <= d <= shrinkDepth (0 unless a deep call grew the stack), as one signed compare
            if (d - 1 + Integer.MIN_VALUE < g.shrinkDepth + Integer.MIN_VALUE) {
              shrinkOnReturn(g);
              ls = g.ls;
              rs = g.rs;
            }
            // The G's last return (d == 0) is told apart without a branch (GoEnd): it goes on in
            // GoEnd's frame, put in the slot just freed, whose CALLN leaves exec with DONE.
            g.frameFn[d] = GoEnd.PROTO;
            int end = (d - 1) >>> 31; // 1 at depth 0
            d = d - 1 + end;
            p = (Proto) g.frameFn[d];
            code = p.code;
            kl = p.kl;
            kr = p.kr;
            cells = g.frameCells[d];
            fp = g.frameFp[d];
            pc = g.framePc[d] & (end - 1); // GoEnd's code from 0
            // through the jump tail (the caller may be compiled code to return to); GoEnd's
            // forward jump skips the tail's checks
            t = pc + end;
            break;
          }
          case Op.CLOSURE:
            rs[fp + code[pc + 1]] = Slow.closure(g, kr[code[pc + 2]], rs, fp, cells);
            pc += 3;
            continue;

          case Op.NEWCELL_L:
            rs[fp + code[pc + 1]] = Slow.newCellL(g);
            pc += 2;
            continue;
          case Op.NEWCELL_R:
            rs[fp + code[pc + 1]] = Slow.newCellR(g);
            pc += 2;
            continue;
          case Op.LDCELL_L:
            ls[fp + code[pc + 1]] = ((LongCell) rs[fp + code[pc + 2]]).v;
            pc += 3;
            continue;
          case Op.LDCELL_R:
            rs[fp + code[pc + 1]] = ((RefCell) rs[fp + code[pc + 2]]).v;
            pc += 3;
            continue;
          case Op.STCELL_L:
            ((LongCell) rs[fp + code[pc + 1]]).v = ls[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.STCELL_R:
            ((RefCell) rs[fp + code[pc + 1]]).v = rs[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.GETUP:
            rs[fp + code[pc + 1]] = cells[code[pc + 2]];
            pc += 3;
            continue;
          case Op.LDUP_L:
            ls[fp + code[pc + 1]] = ((LongCell) cells[code[pc + 2]]).v;
            pc += 3;
            continue;
          case Op.LDUP_R:
            rs[fp + code[pc + 1]] = ((RefCell) cells[code[pc + 2]]).v;
            pc += 3;
            continue;
          case Op.STUP_L:
            ((LongCell) cells[code[pc + 1]]).v = ls[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.STUP_R:
            ((RefCell) cells[code[pc + 1]]).v = rs[fp + code[pc + 2]];
            pc += 3;
            continue;

          case Op.LDG_L:
            ls[fp + code[pc + 1]] = gl[code[pc + 2]];
            pc += 3;
            continue;
          case Op.LDG_R:
            rs[fp + code[pc + 1]] = gr[code[pc + 2]];
            pc += 3;
            continue;
          case Op.STG_L:
            gl[code[pc + 1]] = ls[fp + code[pc + 2]];
            pc += 3;
            continue;
          case Op.STG_R:
            gr[code[pc + 1]] = rs[fp + code[pc + 2]];
            pc += 3;
            continue;

          case Op.BOX: {
            int b = fp + code[pc + 2];
            rs[fp + code[pc + 1]] = Slow.box(g, kr[code[pc + 3]], ls[b], rs[b]);
            pc += 4;
            continue;
          }
          case Op.VARARGS:
            rs[fp + code[pc + 1]] = Slow.varargs(rs, fp + code[pc + 2], code[pc + 3]);
            pc += 4;
            continue;
          case Op.PANIC:
            throw Slow.panic(rs[fp + code[pc + 1]]);
          case Op.UNREACHABLE:
            throw Slow.unreachable(p, pc);

          case Op.LEN_SL:
            ls[fp + code[pc + 1]] = Slow.len((Slice) rs[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.CAP_SL:
            ls[fp + code[pc + 1]] = Slow.cap((Slice) rs[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.LDX_L: {
            Slice s = (Slice) rs[fp + code[pc + 2]];
            int i = Slow.ix(s, ls[fp + code[pc + 3]]); // before s.array: a nil slice panics "index out of range"
            ls[fp + code[pc + 1]] = ((long[]) s.array)[i];
            pc += 4;
            continue;
          }
          case Op.LDX_B: {
            Slice s = (Slice) rs[fp + code[pc + 2]];
            int i = Slow.ix(s, ls[fp + code[pc + 3]]); // before s.array: a nil slice panics "index out of range"
            ls[fp + code[pc + 1]] = ((byte[]) s.array)[i] & 0xFF;
            pc += 4;
            continue;
          }
          case Op.LDX_R: {
            Slice s = (Slice) rs[fp + code[pc + 2]];
            int i = Slow.ix(s, ls[fp + code[pc + 3]]); // before s.array: a nil slice panics "index out of range"
            rs[fp + code[pc + 1]] = ((Object[]) s.array)[i];
            pc += 4;
            continue;
          }
          case Op.STX_L: {
            Slice s = (Slice) rs[fp + code[pc + 1]];
            int i = Slow.ix(s, ls[fp + code[pc + 2]]);
            ((long[]) s.array)[i] = ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          }
          case Op.STX_B: {
            Slice s = (Slice) rs[fp + code[pc + 1]];
            int i = Slow.ix(s, ls[fp + code[pc + 2]]);
            ((byte[]) s.array)[i] = (byte) ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          }
          case Op.STX_R: {
            Slice s = (Slice) rs[fp + code[pc + 1]];
            int i = Slow.ix(s, ls[fp + code[pc + 2]]);
            ((Object[]) s.array)[i] = rs[fp + code[pc + 3]];
            pc += 4;
            continue;
          }
          case Op.VARARGS_L:
            rs[fp + code[pc + 1]] = Slow.varargsL(ls, fp + code[pc + 2], code[pc + 3]);
            pc += 4;
            continue;
          case Op.DECRUNE: {
            long x = Slow.decodeRune((GoString) rs[fp + code[pc + 2]], ls[fp + code[pc + 3]]);
            int a = fp + code[pc + 1];
            ls[a] = (int) x;
            ls[a + 1] = x >>> 32;
            pc += 4;
            continue;
          }
          case Op.STR2BYTES:
            rs[fp + code[pc + 1]] = Slow.strToBytes(g, rs[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.BYTES2STR:
            rs[fp + code[pc + 1]] = Slow.bytesToStr(g, rs[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.STR2RUNES:
            rs[fp + code[pc + 1]] = Slow.strToRunes(g, rs[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.RUNES2STR:
            rs[fp + code[pc + 1]] = Slow.runesToStr(g, rs[fp + code[pc + 2]]);
            pc += 3;
            continue;
          case Op.GO:
          case Op.GOC:
          case Op.MKCHAN:
          case Op.SEND:
          case Op.RECV:
          case Op.RECV2:
          case Op.CLOSE:
          case Op.LEN_CH:
          case Op.CAP_CH:
          case Op.SELECT:
            t = Conc.exec(g, p, code, kr, pc, fp); // the next pc, or -1: parked (pc saved)
            if (t < 0) {
              return PARKED;
            }
            pc = t;
            continue;
          case Op.GETF_L:
            ls[fp + code[pc + 1]] = ((Struct) rs[fp + code[pc + 2]]).l[code[pc + 3]];
            pc += 4;
            continue;
          case Op.GETF_R:
            rs[fp + code[pc + 1]] = ((Struct) rs[fp + code[pc + 2]]).r[code[pc + 3]];
            pc += 4;
            continue;
          case Op.SETF_L:
            ((Struct) rs[fp + code[pc + 1]]).l[code[pc + 2]] = ls[fp + code[pc + 3]];
            pc += 4;
            continue;
          case Op.NEWV:
            rs[fp + code[pc + 1]] = Values.zeroRef((RType) kr[code[pc + 2]]);
            pc += 3;
            continue;
          case Op.SETF_R:
            ((Struct) rs[fp + code[pc + 1]]).r[code[pc + 2]] = rs[fp + code[pc + 3]];
            pc += 4;
            continue;
          default: // composite types, interfaces, defer: Ext (throws "bad opcode" for unknown ones)
            pc = Ext.exec(g, p, code, kr, pc, fp);
            continue;
        }
        // A taken jump, or a call's entry (t = 0). A backward jump or a call is a safe point (Op
        // notes). One check for all of them, so that its branch profile is never empty (sysmon
        // sets g.preempt every 10 ms): C2 does not prune it into a deoptimizing trap.
        if (t <= pc) {
          if (g.preempt) {
            // leave the loop: no call on this path, so C2 keeps the loop's state in registers;
            // the caller runs the safe point (safePoint) and re-enters exec
            g.framePc[g.depth - 1] = t;
            return SAFEPOINT;
          }
          Compiled c = p.jit;
          if (c != null) { // run the compiled code from here (Jit's contract)
            pc = -1;
            t = c.enter(g, fp, t);
            if (t < 0) { // stopped (a safe point, a native), or deeper frames left to the VM
              return Jit.status(g, t);
            }
            ls = g.ls;
            rs = g.rs;
          } else if (p.backEdges < Jit.BACK_EDGES && ++p.backEdges == Jit.BACK_EDGES) {
            Jit.loopHot(p); // a long loop is hot whatever calls it
          }
        }
        pc = t;
      }
    } catch (Throwable e) {
      if (pc >= 0) { // else compiled code faulted and saved its own pc (depth 0: GoEnd)
        g.framePc[Math.max(g.depth - 1, 0)] = pc;
      }
      return fault(g, e);
    }
  }

  // ---- calls and safe points (out of line; C2 inlines enter into exec when hot) ----

  /**
   * Pushes a frame for {@code p} at {@code fp}, the caller resuming at {@code resumePc}. Grows
   * the stack (by copying) and the call-stack arrays first, so a StackOverflow leaves g as it was.
   */
  static void enter(G g, Proto p, Object[] cells, int fp, int resumePc) {
    // Counting stops at the threshold: a Proto is read by every M that runs it, and a count
    // written on each call would move its cache line between the cores every time.
    if (p.hot < Jit.callThreshold && ++p.hot == Jit.callThreshold) {
      Jit.hot(p);
    }
    push(g, p, cells, fp, resumePc);
  }

  /** Pushes the frame (enter without the call count). */
  private static void push(G g, Proto p, Object[] cells, int fp, int resumePc) {
    int top = fp + p.frameSize;
    if (top > g.ls.length) {
      grow(g, top, p);
    }
    int d = g.depth;
    if (d == g.frameFp.length) {
      growFrames(g, p);
    }
    g.framePc[d - 1] = resumePc;
    g.frameFn[d] = p;
    g.frameCells[d] = cells;
    g.frameFp[d] = fp;
    g.depth = d + 1;
  }

  /**
   * RET a n of the G's outermost frame (at {@code fp}), for compiled code the VM called: when g
   * has no other frame, does what exec's RET does there (results to slots fp.., depth 0) and
   * returns true: the goroutine is done without a trip through exec for its last instruction.
   * Returns false, changing nothing, when a caller's frame is left.
   */
  static boolean finish(G g, int fp, int a, int n) {
    if (g.depth != 1) {
      return false;
    }
    copyResults(g, fp, a, n);
    g.depth = 0;
    return true;
  }

  /** RET's copy: registers a.. of the frame at fp (both halves) to its slots 0..n-1. */
  private static void copyResults(G g, int fp, int a, int n) {
    long[] ls = g.ls;
    Object[] rs = g.rs;
    a += fp;
    for (int i = 0; i < n; i++) {
      ls[fp + i] = ls[a + i];
      rs[fp + i] = rs[a + i];
    }
  }

  private static void grow(G g, int top, Proto p) {
    try {
      g.ensure(top);
    } catch (G.StackOverflow e) {
      throw new G.StackOverflow(e.limit, p);
    }
    g.shrinkDepth = g.capacity() > G.SHRINK_ON_RETURN_FLOOR ? g.depth / 4 : 0;
  }

  /**
   * A return went below g.shrinkDepth: the stack was grown by a deeper call. Shrink it by halves
   * while under a quarter is used (Go's shrinkstack rule), then re-arm for a quarter of the
   * current depth, so unwinding a deep recursion gives the memory back in O(size) total copying.
   */
  static void shrinkOnReturn(G g) {
    int top = usedSlots(g);
    while (g.capacity() > G.SHRINK_ON_RETURN_FLOOR && g.shrinkStack(top)) {
      // halve again
    }
    g.shrinkDepth = g.capacity() > G.SHRINK_ON_RETURN_FLOOR ? g.depth / 4 : 0;
  }

  private static void growFrames(G g, Proto p) {
    try {
      g.growFrames();
    } catch (G.StackOverflow e) {
      throw new G.StackOverflow(e.limit, p);
    }
  }

  /**
   * A safe point with g.preempt set, about to continue at {@code resumePc} in the top frame.
   * Under a scheduler the G yields: framePc[top] := resumePc and true (exec returns PREEMPTED;
   * the M puts the G on the global queue). Without one (Interp.run) the flag is just cleared.
   * It is also a safe time to shrink the stack (Go shrinks at GC scans, which happen at safe
   * points too): nothing above the top frame is live. (Returns shrink too: shrinkOnReturn.)
   */
  static boolean safePoint(G g) {
    g.preempt = false;
    Jit.tick(g);
    int d = g.depth - 1;
    int top = g.frameFp[d] + ((Proto) g.frameFn[d]).frameSize;
    if (g.capacity() > G.INITIAL_SLOTS && top < g.capacity() / 4) { // worth a look at every frame
      g.shrinkStack(usedSlots(g));
    }
    return g.sched != null && !g.sched.keepRunning(g);
  }

  /**
   * The slots the frames use: the highest frame end over all of them, not just the top frame's,
   * since a callee's frame starts inside its caller's (at the call's argument base), so a caller
   * with a large frame can reach beyond it (a stack shrunk to the callee's end would be too small
   * for the caller's registers after the return).
   */
  private static int usedSlots(G g) {
    int top = 0;
    for (int i = 0; i < g.depth; i++) {
      if (g.frameFn[i] instanceof Proto p) {
        top = Math.max(top, g.frameFp[i] + p.frameSize);
      }
    }
    return top;
  }

  /**
   * Runs exec until the G stops for a reason other than RESUME or a safe point it may run on
   * through (see {@link #safePoint}); SAFEPOINT becomes PREEMPTED when the G must give up its M.
   */
  static int execLoop(G g) {
    int s = resumeCompiled(g);
    for (;;) {
      if (s == NOT_STARTED || s == RESUME) {
        s = exec(g);
      }
      if (s == SAFEPOINT) {
        if (safePoint(g)) {
          return PREEMPTED;
        }
        s = RESUME;
      } else if (s != RESUME) {
        return s;
      }
    }
  }

  /** resumeCompiled: the G's top function is not compiled; exec runs it. */
  private static final int NOT_STARTED = -1;

  /**
   * A G the M is about to run whose top function is compiled runs the compiled code from where
   * it stands: exec only reaches compiled code at calls, returns and backward jumps, and neither
   * a new goroutine's start nor a resumption after a park or a preemption is one of them. The
   * compiled code returns a pc that is not one of its entry points at once (Jit's contract).
   * Returns what exec would, RESUME to go on in exec where the compiled code stopped, or
   * NOT_STARTED.
   */
  private static int resumeCompiled(G g) {
    int d = g.depth - 1;
    Compiled c = ((Proto) g.frameFn[d]).jit;
    if (c == null) {
      return NOT_STARTED;
    }
    try {
      int t = c.enter(g, g.frameFp[d], g.framePc[d]);
      if (t < 0) {
        return Jit.status(g, t);
      }
      g.framePc[d] = t;
      return RESUME;
    } catch (Throwable e) { // the compiled code saved its pc
      return fault(g, e);
    }
  }

  static RuntimeException badOp(Proto p, int pc) {
    return new IllegalStateException("bad opcode " + p.code[pc] + " in " + p.name + " at pc " + pc);
  }

  // ---- faults ----

  /**
   * Turns what was thrown while g's top frame executed the instruction at framePc[top] into Go's
   * behaviour. GoExit passes through. Today every panic is unrecovered: it is printed and the G
   * dies (DIED; the program exits 2). The defer milestone makes this gopanic: run deferred
   * calls, and on recover return RESUME.
   */
  static int fault(G g, Throwable e) {
    if (e instanceof GoExit x) {
      throw x;
    }
    if (e instanceof Panics.Resume r) { // the panic machinery rearranged g's frames: re-enter
      if (r.status == RESUME) {
        g.framePc[g.depth - 1] = r.pc;
      }
      return r.status;
    }
    if (e instanceof gol.runtime.Fatal f) { // Go's throw: no defers, no recover
      Traceback.fatal(g, f.getMessage(), null);
      return DIED;
    }
    if (e instanceof G.StackOverflow so) {
      Traceback.fatalStackOverflow(g, so.limit, (Proto) so.entering);
      return DIED;
    }
    if (e instanceof StackOverflowError) { // deep Java recursion in a native: same fault to the user
      Traceback.fatalStackOverflow(g, g.machine.maxStackBytes, null);
      return DIED;
    }
    if (e instanceof OutOfMemoryError) {
      Traceback.fatal(g, "runtime: out of memory", null);
      return DIED;
    }
    Object v;
    boolean sigsegv = false;
    if (e instanceof GoPanic gp) {
      v = gp.value;
    } else if (e instanceof ArithmeticException) {
      v = new RuntimeError("integer divide by zero");
    } else if (e instanceof NullPointerException) {
      v = new RuntimeError("invalid memory address or nil pointer dereference");
      sigsegv = true;
    } else {
      Traceback.internalError(g, e);
      return DIED;
    }
    return Panics.gopanic(g, v, sigsegv, e);
  }
}
