package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.stdlib.PanicValue;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/*
 * What a dying goroutine prints, in Go's words (panic.go printpanics, traceback.go traceback1;
 * the value itself is formatted by stdlib's PanicValue, after PreprintPanics has run its Error
 * or String method on the goroutine).
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

  /**
   * Go's printpanics for a chain of panics (oldest first), whose values' Error and String methods
   * have run (PreprintPanics: a value here is the method's result): each later one on a new line
   * after a tab, a recovered one marked " [recovered]"; then the traceback.
   */
  static void unrecoveredPanics(G g, Object[] values, boolean[] recovered, boolean sigsegv, Throwable cause) {
    if (g.sched != null) {
      g.sched.freeze(g); // (after the Error methods, which may wait for other goroutines)
    }
    Out o = new Out();
    for (int i = 0; i < values.length; i++) {
      o.str(i > 0 ? "\tpanic: " : "panic: ");
      printPanicValue(o, values[i]);
      o.str(recovered[i] ? " [recovered]\n" : "\n");
    }
    if (sigsegv) {
      o.str("[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n");
    }
    o.str("\n");
    goroutine(o, g, null);
    if (g.machine.tracebackAll && g.sched != null) {
      o.str(g.sched.otherGoroutines(g));
    }
    emit(g, o, cause);
  }

  /**
   * An Error or String method called to print a panic value panicked with {@code value}: Go's
   * preprintpanics throws "panic while printing panic value" with the new value if it is a
   * string, else its type. g's frames are those of the method, above the panicking ones.
   */
  static void panicWhilePrinting(G g, Object value, boolean sigsegv, Throwable cause) {
    if (g.sched != null) {
      g.sched.freeze(g); // Go's throw freezes the world before it prints
    }
    Object v = Panics.asInterface(value);
    Out o = new Out();
    o.str("fatal error: panic while printing panic value");
    if (v instanceof Iface i && i.type.kind == RType.Kind.STRING && i.type.name.equals("string")) {
      o.str(": ");
      o.bytes((GoString) i.ref);
    } else if (v instanceof Iface i) {
      o.str(": type " + i.type.name);
    }
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

  /** A Java exception inside the VM or a native: gol's bug, reported as such with g's trace. */
  static void internalError(G g, Throwable e) {
    Out o = new Out();
    o.str("gol: internal error: " + e + "\n");
    if (!JAVATRACE) {
      o.str(gol.interp.BugReport.HINT + "\n");
    }
    o.str("\n");
    goroutine(o, g, null);
    emit(g, o, e);
  }

  private static void emit(G g, Out o, Throwable cause) {
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
    StringBuilder sb = new StringBuilder();
    sb.append("goroutine ").append(g.id).append(" [running]:\n");
    frames(sb, g, entering, true);
    o.str(sb.toString());
  }

  /**
   * The one traceback printer (Go's traceback1 + printcreatedby), for panics, fatal errors and
   * the deadlock report (VmExecutor.traceback): g's visible frames innermost first, each as
   * {@code main.f(...)} (or {@code main.f()} for a function without parameters, as Go prints a
   * call with no arguments) and {@code \tfile.gol:LINE}; more than 100 frames print as Go 1.21+
   * does (the innermost 50, "...N frames elided...", the outermost 50); then, for a G started
   * by a go statement, {@code created by F in goroutine N} and the go statement's line.
   *
   * <p>Runtime-internal functions (unexported names in package runtime, such as the entry
   * {@code runtime.main}) are hidden, as Go's showframe hides them. {@code topAtInstruction}:
   * whether the top frame's pc is the instruction that stopped (a running or panicking G, or one
   * parked by a channel instruction) rather than just past a call (a G parked inside a native).
   * Callers' pcs are return addresses, so their line is that of pc - 1.
   */
  static void frames(StringBuilder sb, G g, Proto entering, boolean topAtInstruction) {
    int count = entering != null ? 1 : 0;
    for (int d = 0; d < g.depth; d++) { // a deep stack is not copied: count, then print the ends
      count += hidden((Proto) g.frameFn[d]) ? 0 : 1;
    }
    int i = 0;
    if (entering != null) {
      frame(sb, entering, entering.line);
      i++;
    }
    for (int d = g.depth - 1; d >= 0; d--) {
      Proto p = (Proto) g.frameFn[d];
      if (hidden(p)) {
        continue;
      }
      if (count > INNER_FRAMES + OUTER_FRAMES && i >= INNER_FRAMES && i < count - OUTER_FRAMES) {
        if (i == INNER_FRAMES) {
          sb.append("...").append(count - INNER_FRAMES - OUTER_FRAMES).append(" frames elided...\n");
        }
        i++;
        continue;
      }
      boolean at = d == g.depth - 1 && topAtInstruction;
      frame(sb, p, p.lineAt(at ? g.framePc[d] : g.framePc[d] - 1));
      i++;
    }
    if (g.createdBy instanceof Proto c) {
      sb.append("created by ").append(c.name).append(" in goroutine ").append(g.parentGoid).append('\n');
      sb.append('\t').append(c.file).append(':').append(c.lineAt(g.createdPc)).append('\n');
    }
  }

  private static void frame(StringBuilder sb, Proto p, int line) {
    sb.append(p.name).append(p.numParams == 0 ? "()" : "(...)").append("\n\t");
    sb.append(p.file).append(':').append(line).append('\n');
  }

  /** Whether Go's traceback would hide a frame of this function: runtime.x with x unexported. */
  /** A frame Go's tracebacks do not show: the runtime's own, and the compiler's wrappers. */
  private static boolean hidden(Proto p) {
    return p.wrapper || hidden(p.name);
  }

  static boolean hidden(String name) {
    return name.startsWith("runtime.") && name.length() > 8 && !Character.isUpperCase(name.charAt(8));
  }

  // ---- panic values (printpanics / printpanicval) ----

  /**
   * The value as Go prints it after "panic: ": a value with an Error or String method is that
   * method's result by now (PreprintPanics); the formatting is stdlib's {@link PanicValue} (the
   * same rules as builtin print).
   */
  static void printPanicValue(Out o, Object v) {
    GoString text;
    try {
      text = PanicValue.format(v);
    } catch (RuntimeException e) { // not a gol value: an interpreter bug, but still say something
      text = GoString.of(String.valueOf(v));
    }
    o.bytes(text);
  }

  /** A byte buffer: Go strings are written as their raw bytes. */
  static final class Out {
    final ByteArrayOutputStream buf = new ByteArrayOutputStream();

    void str(String s) {
      buf.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    void bytes(GoString s) {
      buf.write(s.bytes, s.off, s.len);
    }

    @Override
    public String toString() {
      return buf.toString(StandardCharsets.UTF_8);
    }
  }
}
