package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoError;
import gol.runtime.GoExit;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.RuntimeError;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/*
 * What a dying goroutine prints, in Go's words (panic.go printpanics/printpanicval,
 * print.go printfloat, traceback.go traceback1).
 *
 * Concepts
 *   An unrecovered panic prints "panic: " + the value, a blank line, "goroutine N [running]:"
 *   and one entry per frame from the innermost: "main.f(...)" then "\tfile.gol:LINE". The
 *   innermost frame's line is that of the instruction that failed (framePc[top]); a caller's is
 *   that of its call (framePc[d] - 1, as Go uses pc-1 for return addresses). More than 100
 *   frames print as Go 1.21+ does: the innermost 50, "...N frames elided...", the outermost 50.
 *   Fatal errors (stack overflow, out of memory, interpreter bugs) print "fatal error: ..." and
 *   the same trace. Stdout is flushed first, so output order matches Go's unbuffered stdout.
 *
 * Invariants
 *   Nothing here runs on the hot path. Output goes to the machine's stderr as raw bytes: a panic
 *   string is printed byte for byte, as Go's print does.
 */
final class Traceback {
  private Traceback() {
  }

  static final int INNER_FRAMES = 50;
  static final int OUTER_FRAMES = 50;

  /** GOLDEBUG=javatrace=1: also print the Java stack trace of the fault (interpreter debugging). */
  static final boolean JAVATRACE = debugFlag("javatrace");

  /** Set while Error/String methods run for printing, so a nested panic does not print itself. */
  private static final ThreadLocal<int[]> PRINTING = ThreadLocal.withInitial(() -> new int[1]);

  private static boolean debugFlag(String key) {
    String s = System.getenv("GOLDEBUG");
    if (s == null) {
      return false;
    }
    for (String kv : s.split(",")) {
      if (kv.trim().equals(key + "=1")) {
        return true;
      }
    }
    return false;
  }

  /** Prints an unrecovered panic with value {@code v} and g's traceback (Go's fatalpanic). */
  static void unrecoveredPanic(G g, Object v, boolean sigsegv, Throwable cause) {
    if (PRINTING.get()[0] > 0) {
      throw new PrintFailure();
    }
    Out o = new Out();
    o.str("panic: ");
    printPanicValue(o, g, v);
    o.str("\n");
    if (sigsegv) {
      o.str("[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n");
    }
    o.str("\n");
    goroutine(o, g, null);
    emit(g, o, cause);
  }

  /** Go's throw("stack overflow") from newstack, without the runtime's own frames. */
  static void fatalStackOverflow(G g, long limit, Proto entering) {
    Out o = new Out();
    o.str("runtime: goroutine stack exceeds " + limit + "-byte limit\n");
    o.str("fatal error: stack overflow\n\n");
    goroutine(o, g, entering);
    emit(g, o, null);
  }

  /** Go's fatal/throw: "fatal error: msg" and the goroutine's trace. */
  static void fatal(G g, String msg, Throwable cause) {
    Out o = new Out();
    o.str("fatal error: " + msg + "\n\n");
    goroutine(o, g, null);
    emit(g, o, cause);
  }

  private static void emit(G g, Out o, Throwable cause) {
    g.machine.stdout.flush();
    PrintStream err = g.machine.stderr;
    err.write(o.buf.toByteArray(), 0, o.buf.size());
    if (cause != null && JAVATRACE) {
      cause.printStackTrace(err);
    }
    err.flush();
  }

  /**
   * "goroutine N [running]:" and the frames of g, innermost first; {@code entering} (when not
   * null) is a function whose frame could not be pushed, shown on top at its declaration line.
   */
  static void goroutine(Out o, G g, Proto entering) {
    o.str("goroutine " + g.id + " [running]:\n");
    int extra = entering != null ? 1 : 0;
    int count = g.depth + extra;
    for (int i = 0; i < count; i++) {
      if (count > INNER_FRAMES + OUTER_FRAMES && i >= INNER_FRAMES && i < count - OUTER_FRAMES) {
        if (i == INNER_FRAMES) {
          o.str("..." + (count - INNER_FRAMES - OUTER_FRAMES) + " frames elided...\n");
        }
        continue;
      }
      if (i < extra) {
        frame(o, entering, entering.line);
        continue;
      }
      int d = g.depth - 1 - (i - extra);
      Proto p = (Proto) g.frameFn[d];
      int pc = g.framePc[d];
      frame(o, p, d == g.depth - 1 ? p.lineAt(pc) : p.lineAt(pc - 1));
    }
  }

  private static void frame(Out o, Proto p, int line) {
    o.str(p.name + "(...)\n\t" + p.file + ":" + line + "\n");
  }

  // ---- panic values (printpanics / printpanicval) ----

  /** The value as Go prints it after "panic: ": Error()/String() first, then by kind. */
  static void printPanicValue(Out o, G g, Object v) {
    if (v instanceof RuntimeError e) {
      o.indented(GoString.of(e.errorText()));
    } else if (v instanceof GoError e) {
      o.indented(e.error());
    } else if (v instanceof Iface i) {
      if (i.ref instanceof GoError e) {
        o.indented(e.error());
        return;
      }
      GoString s = callMethod(g, i, "Error");
      if (s == null) {
        s = callMethod(g, i, "String");
      }
      if (s != null) {
        o.indented(s);
      } else {
        printValue(o, i);
      }
    } else if (v == null) {
      o.str("nil");
    } else {
      o.str(String.valueOf(v));
    }
  }

  /** printpanicval for basic types, printanycustomtype for named ones and the rest. */
  static void printValue(Out o, Iface i) {
    RType t = i.type;
    RType.Kind k = t.kind;
    boolean basic = k.isPrimitive() || k == RType.Kind.STRING;
    if (!basic) {
      o.str("(" + t.name + ") 0x" + Long.toHexString(0xc000000000L + System.identityHashCode(i.ref)));
      return;
    }
    if (t.named) {
      o.str(t.name + (k == RType.Kind.STRING ? "(\"" : "("));
    }
    if (k == RType.Kind.STRING) {
      o.indented((GoString) i.ref);
    } else if (k == RType.Kind.BOOL) {
      o.str(i.bits != 0 ? "true" : "false");
    } else if (k.isFloat()) {
      o.str(formatFloat(Double.longBitsToDouble(i.bits)));
    } else if (k.isUnsigned()) {
      o.str(Long.toUnsignedString(i.bits));
    } else {
      o.str(Long.toString(i.bits));
    }
    if (t.named) {
      o.str(k == RType.Kind.STRING ? "\")" : ")");
    }
  }

  /**
   * Runs v's method {@code name} (no arguments, one string result) to print a panic value, as
   * Go's preprintpanics does. The hook for gol-written Error/String methods: it assumes the
   * compiler stores a method in RType.methods as a Proto or Closure whose register 0 is the
   * receiver (v's bits/ref). Returns null when there is no such method or it fails.
   */
  static GoString callMethod(G g, Iface v, String name) {
    Object m = v.type.methods.get(name);
    Proto p;
    Object[] cells = null;
    if (m instanceof Closure c) {
      p = c.proto;
      cells = c.cells;
    } else if (m instanceof Proto q) {
      p = q;
    } else {
      return null;
    }
    if (p.numParams != 1 || p.numResults != 1) {
      return null;
    }
    G mg = new G(g.id, g.machine);
    int[] printing = PRINTING.get();
    printing[0]++;
    try {
      Interp.start(mg, p, cells);
      mg.ls[0] = v.bits;
      mg.rs[0] = v.ref;
      if (!Interp.run(mg)) {
        return null;
      }
      return mg.rs[0] instanceof GoString s ? s : null;
    } catch (PrintFailure | GoExit e) {
      return null;
    } finally {
      printing[0]--;
    }
  }

  /** Thrown instead of printing when a panic happens inside a method called to print a panic. */
  private static final class PrintFailure extends RuntimeException {
    PrintFailure() {
      super(null, null, false, false);
    }
  }

  /** Go's print(float64): {@code +1.500000e+000}, {@code NaN}, {@code +Inf} (print.go printfloat). */
  static String formatFloat(double v) {
    if (v != v) {
      return "NaN";
    }
    if (v + v == v && v > 0) {
      return "+Inf";
    }
    if (v + v == v && v < 0) {
      return "-Inf";
    }
    final int n = 7;
    char[] buf = new char[n + 7];
    buf[0] = '+';
    int e = 0;
    if (v == 0) {
      if (1 / v < 0) {
        buf[0] = '-';
      }
    } else {
      if (v < 0) {
        v = -v;
        buf[0] = '-';
      }
      while (v >= 10) {
        e++;
        v /= 10;
      }
      while (v < 1) {
        e--;
        v *= 10;
      }
      double h = 5.0;
      for (int i = 0; i < n; i++) {
        h /= 10;
      }
      v += h;
      if (v >= 10) {
        e++;
        v /= 10;
      }
    }
    for (int i = 0; i < n; i++) {
      int s = (int) v;
      buf[i + 2] = (char) (s + '0');
      v -= s;
      v *= 10;
    }
    buf[1] = buf[2];
    buf[2] = '.';
    buf[n + 2] = 'e';
    buf[n + 3] = '+';
    if (e < 0) {
      e = -e;
      buf[n + 3] = '-';
    }
    buf[n + 4] = (char) (e / 100 + '0');
    buf[n + 5] = (char) (e / 10 % 10 + '0');
    buf[n + 6] = (char) (e % 10 + '0');
    return new String(buf);
  }

  /** A byte buffer: Go strings are written as their raw bytes. */
  static final class Out {
    final ByteArrayOutputStream buf = new ByteArrayOutputStream();

    void str(String s) {
      buf.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Go's printindented: each newline is followed by a tab, so the trace stays parseable. */
    void indented(GoString s) {
      for (int i = 0; i < s.len; i++) {
        int b = s.bytes[s.off + i];
        buf.write(b);
        if (b == '\n') {
          buf.write('\t');
        }
      }
    }

    @Override
    public String toString() {
      return buf.toString(StandardCharsets.UTF_8);
    }
  }
}
