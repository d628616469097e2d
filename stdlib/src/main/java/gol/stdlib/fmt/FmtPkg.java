package gol.stdlib.fmt;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import gol.stdlib.Variadic;

/**
 * The natives of package fmt (fmt.gol): the printer runs natively ({@link #format}); the Print
 * and Sprint functions are gol code around it, because formatting may need Error/String methods
 * written in gol, which only gol code can call (natives never call gol: see {@link Recorder}).
 */
public final class FmtPkg {
  private FmtPkg() {
  }

  /**
   * fmt's natives, told apart by a switch in one class: a method reference each would cost a
   * lambda linkage (a fraction of a millisecond of cold code) at the start of every program that
   * imports fmt, which is nearly every program.
   */
  private static final String[] NAMES = {"doFormat", "writeOut", "stringBytes", "isNilPointer", "stdoutHook",
      "stdinHook"};

  public static Native link(String name) {
    int i = IndexedNative.indexOf(NAMES, name);
    return i >= 0 ? new Call(i) : ScanNatives.link(name);
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> format(g, b);
        case 1 -> writeOut(g, b);
        case 2 -> stringBytes(g, b);
        case 3 -> isNilPointer(g, b);
        case 4 -> g.rs[b] = g.machine.stdoutRedirect.hook;
        default -> g.rs[b] = g.machine.stdinRedirect.hook;
      }
    }
  }

  /**
   * func stringBytes(s string) []byte: s is Fprint's new text, held by nobody else, so a slice
   * over its whole array is made without copying it (a copy when s is part of an array).
   */
  static void stringBytes(G g, int b) {
    GoString s = (GoString) g.rs[b];
    byte[] bytes = s.off == 0 && s.len == s.bytes.length ? s.bytes : s.toBytes();
    g.rs[b] = new Slice(bytes, 0, bytes.length, bytes.length);
  }

  /**
   * A printer kept per thread for the next format call, so that each Sprintf does not allocate
   * one with its buffers and its parsed formats (Plan); a buffer that grew past KEPT_BUFFER
   * bytes is let go.
   */
  private static final ThreadLocal<Printer[]> PRINTER = new PrinterSlot();
  private static final int KEPT_BUFFER = 4096;

  /** A thread's slot for its kept printer (a class, not a lambda: see StartupClassesTest). */
  private static final class PrinterSlot extends ThreadLocal<Printer[]> {
    @Override
    protected Printer[] initialValue() {
      return new Printer[1];
    }
  }

  /** fmt.gol's newResult: a flag added to format's mode. */
  private static final int NEW_RESULT = 8;

  /**
   * func doFormat(mode int, format string, a []any, texts []string) (s string, vals []any, which []int)
   *
   * <p>Formats a as Sprint (mode 0), Sprintln (1), Sprintf (2) or Errorf (3) would; with
   * {@link #NEW_RESULT} added to the mode, the result is counted as the one allocation Go's
   * Sprint functions make (string(p.buf); Fprint writes p.buf itself). With texts nil it records
   * the values whose gol-written methods the printer needs (see {@link Recorder}): if there are
   * none, s is the result and vals is nil; else vals/which list them, in order, for fmt.gol to
   * call, and it calls doFormat again with their results in texts. For Errorf the final pass
   * returns in which the operand indexes of the %w verbs (Go's wrappedErrs).
   */
  static void format(G g, int base) {
    int mode = (int) g.ls[base];
    boolean newResult = (mode & NEW_RESULT) != 0;
    mode &= ~NEW_RESULT;
    GoString f = (GoString) g.rs[base + 1];
    Object[] a = operands(g.rs[base + 2]);
    Object ts = g.rs[base + 3];
    GoString[] texts = ts == null ? null : texts((gol.runtime.Slice) ts);
    Printer[] cache = PRINTER.get();
    Printer p = cache[0];
    cache[0] = null; // in use (a nested format on this thread makes its own)
    Recorder rec;
    if (p == null) {
      rec = new Recorder(texts);
      p = new Printer(rec);
    } else {
      rec = ((Recorder) p.methods()).reset(texts);
      p.reset(rec);
    }
    p.wrapErrs = mode == 3;
    switch (mode) {
      case 0 -> p.doPrint(a);
      case 1 -> p.doPrintln(a);
      default -> p.doPrintf(f, a);
    }
    if (texts == null && rec.recorded()) {
      recorded(g, base, rec);
      cache[0] = p;
      return;
    }
    GoString s = p.buffer().toGoString();
    if (newResult) {
      Alloc.noscan(g, s.len);
    }
    g.rs[base] = s;
    p.buffer().trim(KEPT_BUFFER);
    cache[0] = p;
    g.rs[base + 1] = null;
    g.rs[base + 2] = null;
    if (mode == 3) {
      wrapped(g, base, p);
    }
  }

  // format's rare parts, methods of their own so that HotSpot compiles a small format (in C1 and
  // in C2) for the common case: no methods to call, not Errorf.

  /** The second pass's method results, from fmt.gol's []string. */
  private static GoString[] texts(gol.runtime.Slice ts) {
    GoString[] texts = new GoString[ts.len];
    for (int i = 0; i < ts.len; i++) {
      texts[i] = (GoString) ((Object[]) ts.array)[ts.off + i];
    }
    return texts;
  }

  /** The first pass's results when the printer needs gol-written methods: vals and which. */
  private static void recorded(G g, int base, Recorder rec) {
    int n = rec.values.size();
    int m = rec.states == null ? 0 : rec.states.size();
    long[] which = new long[n + m]; // the kinds, then the Format calls' states
    for (int i = 0; i < n; i++) {
      which[i] = rec.which.get(i);
    }
    for (int i = 0; i < m; i++) {
      which[n + i] = rec.states.get(i);
    }
    g.rs[base] = GoString.EMPTY;
    g.rs[base + 1] = new gol.runtime.Slice(rec.values.toArray(new Object[0]), 0, n, n);
    g.rs[base + 2] = new gol.runtime.Slice(which, 0, n + m, n + m);
  }

  /** Errorf's third result: the operand indexes of its %w verbs. */
  private static void wrapped(G g, int base, Printer p) {
    int n = p.wrappedErrs.size();
    long[] w = new long[n];
    for (int i = 0; i < n; i++) {
      w[i] = p.wrappedErrs.get(i);
    }
    g.rs[base + 2] = new gol.runtime.Slice(w, 0, n, n);
  }

  /**
   * The operands in the []any slot: the slice's own array when it is exactly that (the varargs
   * slice a call makes), since the printer only reads it.
   */
  private static Object[] operands(Object slot) {
    if (slot instanceof gol.runtime.Slice s && s.off == 0 && s.array instanceof Object[] arr
        && arr.length == s.len) {
      return arr;
    }
    return Variadic.of(slot);
  }

  /** func writeOut(s string) int: writes s to standard output. */
  static void writeOut(G g, int base) {
    gol.runtime.StdRedirect r = g.machine.stdoutRedirect;
    if (r != null && r.active()) {
      g.ls[base] = -1; // os.Stdout was replaced or closed: fmt writes to it
      return;
    }
    GoString s = (GoString) g.rs[base];
    g.machine.stdout.write(s.bytes, s.off, s.len);
    g.ls[base] = s.len;
  }

  /** func isNilPointer(v any) bool: v holds a nil pointer (Go's catchPanic prints "<nil>" then). */
  static void isNilPointer(G g, int base) {
    Object v = g.rs[base];
    g.ls[base] = v instanceof gol.runtime.Iface i && i.type.kind == gol.runtime.RType.Kind.POINTER && i.ref == null ? 1 : 0;
  }


}
