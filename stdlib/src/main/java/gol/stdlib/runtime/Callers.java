package gol.stdlib.runtime;

import gol.runtime.FuncInfo;
import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Slice;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/*
 * runtime.Caller, Callers, CallersFrames, FuncForPC and Stack over the goroutine's own frames
 * (G.frameFn/framePc, whose functions are FuncInfos).
 *
 * Concepts
 *   A program counter handed to gol code is a number that names a function and an instruction:
 *   (function id + 1) << 32 | instruction index. Function ids are given out on first use, so a
 *   pc stays valid for the life of the program. Callers records return addresses, as Go's
 *   does; CallersFrames and FuncForPC(pc).FileLine look at pc - 1 for the line of the call.
 *   Each wrapper in runtime.gol (Caller, Callers, Stack) is a real gol function, so when its
 *   native runs the wrapper's frame is on top (depth - 1) and its caller is at depth - 2.
 *   Below the outermost frame Go has runtime.goexit; gol has none, so Callers adds it
 *   (with GOEXIT as its function id) so programs that walk to the end see what Go shows.
 */
final class Callers {
  private Callers() {
  }

  private static final ConcurrentHashMap<FuncInfo, Integer> IDS = new ConcurrentHashMap<>();
  private static final List<FuncInfo> FUNCS = new ArrayList<>();

  /** The line of runtime.goexit in Go 1.23's runtime/asm_amd64.s, which Caller reports for it. */
  private static final int GOEXIT_LINE = 1700;

  /** The synthetic outermost frame of every goroutine. */
  static final FuncInfo GOEXIT = new FuncInfo() {
    @Override
    public String funcName() {
      return "runtime.goexit";
    }

    @Override
    public String fileName() {
      return "runtime/asm_amd64.s";
    }

    @Override
    public int entryLine() {
      return 0;
    }

    @Override
    public int lineAt(int pc) {
      return 0;
    }

    @Override
    public boolean hasParams() {
      return false;
    }
  };

  static long pcOf(FuncInfo f, int pc) {
    Integer id = IDS.get(f);
    if (id == null) {
      synchronized (FUNCS) {
        id = IDS.get(f);
        if (id == null) {
          id = FUNCS.size();
          FUNCS.add(f);
          IDS.put(f, id);
        }
      }
    }
    return ((long) (id + 1) << 32) | (pc & 0xffffffffL);
  }

  /** The function a pc names, or null. */
  static FuncInfo funcOf(long pc) {
    long id = (pc >>> 32) - 1;
    synchronized (FUNCS) {
      return id >= 0 && id < FUNCS.size() ? FUNCS.get((int) id) : null;
    }
  }

  static int indexOf(long pc) {
    return (int) pc;
  }

  /** func caller(skip int) (pc uintptr, file string, line int, ok bool), from runtime.Caller. */
  static void caller(G g, int base) {
    long skip = g.ls[base];
    int d = g.depth - 2;
    long s = skip;
    for (;;) { // the skip-th frame below, compiler-made wrappers not counted (Go does not show them)
      while (d >= 0 && ((FuncInfo) g.frameFn[d]).wrapper()) {
        d--;
      }
      if (d < 0 || s <= 0) {
        break;
      }
      s--;
      d--;
    }
    if (skip < 0 || d < 0) {
      if (skip >= 0 && s == 0) { // one past the outermost frame: Go's runtime.goexit
        result(g, base, pcOf(GOEXIT, 1), GOEXIT.fileName(), GOEXIT_LINE, true);
      } else {
        result(g, base, 0, "", 0, false);
      }
      return;
    }
    FuncInfo f = (FuncInfo) g.frameFn[d];
    int ret = g.framePc[d];
    result(g, base, pcOf(f, ret - 1), f.fileName(), f.lineAt(ret - 1), true);
  }

  private static void result(G g, int base, long pc, String file, int line, boolean ok) {
    g.ls[base] = pc;
    g.rs[base] = null;
    g.rs[base + 1] = GoString.of(file);
    g.ls[base + 2] = line;
    g.ls[base + 3] = ok ? 1 : 0;
  }

  /**
   * func callers(skip int, pcs []uintptr) int, from runtime.Callers: skip 0 is Callers itself
   * (the wrapper's frame, at depth - 1), then its caller, and so on, then runtime.goexit.
   */
  static void callers(G g, int base) {
    long skip = g.ls[base];
    Slice pcs = (Slice) g.rs[base + 1];
    g.rs[base + 1] = null;
    int n = 0;
    int cap = pcs == null ? 0 : pcs.len;
    long[] out = pcs == null ? null : (long[]) pcs.array;
    int k = 0; // frames seen, innermost first
    for (int d = g.depth - 1; d >= -1 && n < cap; d--, k++) {
      if (d >= 0 && ((FuncInfo) g.frameFn[d]).wrapper()) {
        k--; // not shown, not counted
        continue;
      }
      if (k < skip) {
        continue;
      }
      long pc;
      if (d < 0) {
        pc = pcOf(GOEXIT, 1);
      } else {
        FuncInfo f = (FuncInfo) g.frameFn[d];
        pc = pcOf(f, d == g.depth - 1 ? 1 : g.framePc[d]);
      }
      out[pcs.off + n++] = pc;
    }
    g.ls[base] = n;
  }

  /**
   * func frameOf(pc uintptr) (function, file string, line int, entry uintptr, ok bool): what
   * CallersFrames and FuncForPC report for a pc (a return address: the line is pc - 1's).
   */
  static void frameOf(G g, int base) {
    long pc = g.ls[base];
    FuncInfo f = funcOf(pc);
    g.rs[base] = null;
    if (f == null) {
      g.rs[base] = GoString.EMPTY;
      g.rs[base + 1] = GoString.EMPTY;
      g.ls[base + 2] = 0;
      g.ls[base + 3] = 0;
      g.ls[base + 4] = 0;
      return;
    }
    int i = indexOf(pc);
    g.rs[base] = GoString.of(funcName(f));
    g.rs[base + 1] = GoString.of(f.fileName());
    g.ls[base + 2] = f == GOEXIT ? GOEXIT_LINE : f.lineAt(Math.max(0, i - 1));
    g.ls[base + 3] = pc & ~0xffffffffL;
    g.ls[base + 4] = 1;
  }

  /**
   * A function's name as Go's Frame.Function and Func.Name give it: the frame under a deferred
   * call that a panic runs is runtime.gopanic (tracebacks print it "panic", as Go's do).
   */
  private static String funcName(FuncInfo f) {
    String name = f.funcName();
    return name.equals("panic") && f.fileName().equals("runtime/panic.go") ? "runtime.gopanic" : name;
  }

  /**
   * The calling goroutine's trace as Go's runtime.Stack writes it, without the frames of
   * runtime.Stack (or debug.Stack when {@code fromDebug}, which Go shows) and without Go's
   * +0x offsets: "goroutine N [running]:", then "name(...)" and "\tfile:line" per frame.
   */
  static String trace(G g, int skipTop) {
    StringBuilder sb = new StringBuilder();
    sb.append("goroutine ").append(g.id).append(" [running]:\n");
    for (int d = g.depth - 1 - skipTop; d >= 0; d--) {
      FuncInfo f = (FuncInfo) g.frameFn[d];
      String name = f.funcName();
      if (f.wrapper() || name.startsWith("runtime.") && name.length() > 8 && !Character.isUpperCase(name.charAt(8))) {
        continue; // runtime.main and friends, hidden as in Go's tracebacks
      }
      sb.append(name).append(f.hasParams() ? "(...)" : "()").append("\n\t");
      sb.append(f.fileName()).append(':').append(f.lineAt(g.framePc[d] - 1)).append('\n');
    }
    return sb.toString();
  }
}
