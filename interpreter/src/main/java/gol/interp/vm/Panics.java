package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoError;
import gol.runtime.Iface;
import gol.runtime.RType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/*
 * defer, panic and recover without Java recursion (Go's panic.go, on the VM's frames).
 *
 * Concepts
 *   Defer records. A function containing defer statements reserves one register (Proto.deferReg)
 *   holding its frame's records, newest first: DEFER pushes {func value, evaluated args}. Its
 *   return statements store the results and jump to the function's epilogue (Proto.deferRet),
 *   which pops and calls each record with ordinary CALLC instructions (DEFERPOP), then returns
 *   the result registers. So deferred calls on a normal return are plain VM calls, and deferred
 *   closures see and can change named results (they are the variables the epilogue returns).
 *   A function whose few defers are all outside loops open-codes them instead (compile/
 *   OpenDefers): each has fixed registers and a bit in a mask, its epilogue calls the pending
 *   ones before popping records, and a panic reaching its frame first turns the pending ones
 *   into records (openToRecords), so everything below sees records only.
 *
 *   Panics. A panic (a GoPanic, or a Java fault the VM maps to a runtime error) reaches
 *   Interp.fault, which calls gopanic. gopanic scans the frames from the top down for a frame
 *   with a pending record, pops it, and pushes two frames above the current top: the trampoline
 *   (a one-instruction Proto, PANICCONT) and the deferred call, then exec is re-entered
 *   (RESUME). When the deferred call returns, the trampoline runs PANICCONT (cont): if the call
 *   recovered, the stack is cut back to the deferring frame, which resumes at its epilogue —
 *   running its other deferred calls and returning its current results, as Go's recovery does;
 *   otherwise the scan continues. When no record is left, the Error or String methods of the
 *   chain's values run on the same trampoline (PreprintPanics: they may block like any code),
 *   then the panic is printed and the G dies.
 *
 *   recover() succeeds only in a function whose caller frame is the trampoline of the current
 *   panic — exactly Go's "called directly by a deferred function run by the panic".
 *
 *   Goexit. runtime.Goexit runs the G's deferred calls as a panic does (Go's goexit uses the
 *   same _panic walk, with p.goexit set): recover returns nil during it and does not stop it, and
 *   when no record is left the G ends (GOEXIT) instead of dying. A panic raised by one of its
 *   deferred calls aborts it, but if that panic is recovered the Goexit resumes (Go's recovery
 *   does not jump past a pending Goexit), and the chain printed for an unrecovered one skips it.
 *
 *   Nested panics. A panic while a deferred call runs starts a new Panic linked to the old one;
 *   its scan starts at the top, and passing the old panic's trampoline marks the old one aborted
 *   (its remaining records are run by the new panic). The fatal message prints the chain oldest
 *   first, "panic: A [recovered]" style, each later one indented by a tab (printpanics).
 *
 *   Main waits for panics. Each panic counts in Sched.runningPanicDefers until it is recovered
 *   or reported (report sets Sched.panicking first), so a main that returns while another G
 *   runs a panic's deferred calls or its values' methods waits for that panic, as Go's
 *   runtime.main does, instead of ending the program with status 0 in the middle of it.
 *
 * State: the current Panic of a G is kept in a map keyed by G (panics are rare, and this keeps
 * the scheduler's G free of panic fields); entries are removed when the panic ends.
 *
 * Ownership: only the M running a G touches its entry.
 */
final class Panics {
  private Panics() {
  }

  /** The trampoline: the frame under every deferred call run by a panic. */
  static final Proto TRAMP = trampoline();

  private static Proto trampoline() {
    Proto p = new Proto("panic", "runtime/panic.go", 0);
    CodeBuilder cb = new CodeBuilder();
    cb.emit(Op.PANICCONT);
    cb.emit(Op.NOP); // Ext.exec reads an operand slot before dispatching
    p.frameSize = 2; // slot 1: where a called Error or String method's result lands (PreprintPanics)
    cb.finish(p);
    return p;
  }

  private static final Map<G, Panic> CURRENT = new ConcurrentHashMap<>();

  /** A panic in progress (Go's _panic). */
  static final class Panic {
    final Object value;
    final boolean sigsegv;
    final Throwable cause;
    Panic link;
    boolean recovered;
    boolean aborted;
    /** A runtime.Goexit in progress, not a panic. */
    boolean goexit;
    /** The depth index of the frame whose records are being run. */
    int scan;
    /** The depth index of this panic's trampoline frame while a deferred call (or a method) runs. */
    int tramp = -1;
    /** Set once the panic ran out of deferred calls: its values' methods are being run. */
    PreprintPanics.State preprint;

    Panic(Object value, boolean sigsegv, Throwable cause, Panic link) {
      this.value = value;
      this.sigsegv = sigsegv;
      this.cause = cause;
      this.link = link;
    }
  }

  /** A deferred call: the func value and its arguments, evaluated at the defer statement. */
  static final class Defer {
    final Closure fn;
    final Defer next;
    /** How many argument registers the call takes. */
    private final int n;
    /** The arguments of a call with at most two, in the record itself (one allocation a defer). */
    private final long l0;
    private final long l1;
    private final Object r0;
    private final Object r1;
    /** The arguments of a call with more than two; null otherwise. */
    private final long[] l;
    private final Object[] r;

    /** fn may be nil: Go panics only when the deferred call runs (CALLC of nil), not here. */
    Defer(Closure fn, long[] ls, Object[] rs, int base, int n, Defer next) {
      this.fn = fn;
      this.next = next;
      this.n = n;
      if (n <= 2) { // defer mu.Unlock(), defer f.Close(), defer wg.Done(): the common shapes
        this.l0 = n > 0 ? ls[base] : 0;
        this.r0 = n > 0 ? rs[base] : null;
        this.l1 = n > 1 ? ls[base + 1] : 0;
        this.r1 = n > 1 ? rs[base + 1] : null;
        this.l = null;
        this.r = null;
      } else {
        this.l0 = 0;
        this.r0 = null;
        this.l1 = 0;
        this.r1 = null;
        this.l = java.util.Arrays.copyOfRange(ls, base, base + n);
        this.r = java.util.Arrays.copyOfRange(rs, base, base + n);
      }
    }

    void spread(long[] ls, Object[] rs, int base) {
      if (l != null) {
        System.arraycopy(l, 0, ls, base, n);
        System.arraycopy(r, 0, rs, base, n);
        return;
      }
      if (n > 0) {
        ls[base] = l0;
        rs[base] = r0;
        if (n > 1) {
          ls[base + 1] = l1;
          rs[base + 1] = r1;
        }
      }
    }
  }

  /** DEFER: a record of fn and the n argument registers at base (absolute slots), linked before next. */
  static Defer defer(Object fn, long[] ls, Object[] rs, int base, int n, Object next) {
    return new Defer((Closure) fn, ls, rs, base, n, (Defer) next);
  }

  /**
   * DEFERPOP (absolute slots): if the list in slot b is not empty, pops its first record into
   * slot a (the func) and the registers from base (the arguments) and returns true.
   */
  static boolean pop(long[] ls, Object[] rs, int b, int a, int base) {
    Defer d = (Defer) rs[b];
    if (d == null) {
      return false;
    }
    rs[b] = d.next;
    rs[a] = d.fn;
    d.spread(ls, rs, base);
    return true;
  }

  /** Thrown by PANICCONT to make exec return {@code status} (RESUME at {@code pc} of the new top frame). */
  static final class Resume extends RuntimeException {
    final int pc;
    final int status;

    Resume(int pc, int status) {
      super(null, null, false, false);
      this.pc = pc;
      this.status = status;
    }
  }

  /** A panic with value v starts in g, whose top frame's pc is saved (Go's gopanic). */
  static int gopanic(G g, Object v, boolean sigsegv, Throwable cause) {
    Panic p = new Panic(v, sigsegv, cause, CURRENT.get(g));
    p.scan = g.depth - 1;
    CURRENT.put(g, p);
    if (g.sched != null) {
      g.sched.runningPanicDefers.incrementAndGet();
    }
    return next(g, p);
  }

  /** runtime.Goexit in g (g.framePc[top] is past the native call): run every deferred call, then end. */
  static int goexit(G g) {
    Panic p = new Panic(null, false, null, CURRENT.get(g));
    p.goexit = true;
    p.scan = g.depth - 1;
    CURRENT.put(g, p);
    return next(g, p);
  }

  /** Runs p's next deferred call (RESUME), or reports p and dies (DIED). */
  private static int next(G g, Panic p) {
    for (int d = p.scan; d >= 0; d--) {
      Proto fp = (Proto) g.frameFn[d];
      if (fp == TRAMP) {
        for (Panic q = p.link; q != null; q = q.link) {
          if (q.tramp == d) {
            q.aborted = true;
          }
        }
        continue;
      }
      if (fp.deferReg < 0) {
        continue;
      }
      if (fp.openDefers != null) {
        openToRecords(g, fp, g.frameFp[d]);
      }
      int slot = g.frameFp[d] + fp.deferReg;
      Defer rec = (Defer) g.rs[slot];
      if (rec == null) {
        continue;
      }
      g.rs[slot] = rec.next;
      p.scan = d;
      int base = pushTrampoline(g, p);
      Closure c = rec.fn;
      if (c == null) {
        // a deferred nil func: calling it panics inside the deferred call, which aborts p
        return gopanic(g, new gol.runtime.RuntimeError("invalid memory address or nil pointer dereference"), true, null);
      }
      Interp.enter(g, c.proto, c.cells, base, 0);
      rec.spread(g.ls, g.rs, base);
      g.framePc[g.depth - 1] = 0;
      return Interp.RESUME;
    }
    if (p.goexit) {
      CURRENT.remove(g);
      return Interp.GOEXIT;
    }
    for (Panic q = p.link; q != null; q = q.link) {
      if (q.preprint != null) { // p left an Error or String method run to print q (Go's throw)
        CURRENT.remove(g);
        panicWhilePrinting(g, p);
        return Interp.DIED;
      }
    }
    return PreprintPanics.start(g, p);
  }

  /**
   * Pushes p's trampoline above g's top frame (the frame under a deferred call or a method run
   * for p) and returns the slot where the call's frame, its arguments first, goes.
   */
  static int pushTrampoline(G g, Panic p) {
    int top = g.depth - 1;
    int tfp = g.frameFp[top] + ((Proto) g.frameFn[top]).frameSize;
    Interp.enter(g, TRAMP, null, tfp, g.framePc[top] + 1);
    p.tramp = g.depth - 1;
    return tfp + 1;
  }

  /**
   * The pending open-coded defers of p's frame at fp become records on its list, the newest
   * first, and its mask is cleared: the panic runs them as it runs records, and a recovered
   * frame's epilogue finds them on the list instead of in the mask.
   */
  private static void openToRecords(G g, Proto p, int fp) {
    int[] od = p.openDefers;
    int mask = (int) g.ls[fp + od[0]];
    if (mask == 0) {
      return;
    }
    g.ls[fp + od[0]] = 0;
    int slot = fp + p.deferReg;
    Defer list = (Defer) g.rs[slot];
    for (int i = 0; 1 + 3 * i < od.length; i++) {
      if ((mask & (1 << i)) != 0) {
        list = new Defer((Closure) g.rs[fp + od[1 + 3 * i]], g.ls, g.rs, fp + od[2 + 3 * i], od[3 + 3 * i], list);
      }
    }
    g.rs[slot] = list;
  }

  /** PANICCONT: the deferred call (or PreprintPanics' method) above the trampoline returned. */
  static Resume cont(G g) {
    Panic p = CURRENT.get(g);
    if (p == null || g.depth < 2) {
      throw new IllegalStateException("PANICCONT outside a panic's trampoline");
    }
    int tfp = g.frameFp[g.depth - 1];
    g.depth--; // pop the trampoline
    g.framePc[g.depth - 1]--; // back to the panicking instruction (enter stored the pc after it)
    p.tramp = -1;
    if (p.preprint != null) { // the method's result is where its frame began
      return new Resume(0, PreprintPanics.methodReturned(g, p, g.rs[tfp + 1]));
    }
    if (p.recovered) {
      int d = p.scan;
      Proto fp = (Proto) g.frameFn[d];
      g.depth = d + 1;
      Panic rest = p.link;
      int removed = 1; // p and the aborted panics under it end here (Go's recovery)
      while (rest != null && rest.aborted) {
        if (rest.goexit) {
          panicsEnded(g, removed);
          // Go's recovery never jumps past a pending Goexit: the Goexit goes on with the
          // recovering frame's remaining records and those below it, and the G still ends
          rest.aborted = false;
          rest.scan = d;
          g.depth = d + 1;
          CURRENT.put(g, rest);
          return new Resume(0, next(g, rest));
        }
        removed++;
        rest = rest.link;
      }
      panicsEnded(g, removed);
      if (rest == null) {
        CURRENT.remove(g);
      } else {
        CURRENT.put(g, rest);
      }
      return new Resume(fp.deferRet, Interp.RESUME);
    }
    int s = next(g, p);
    return new Resume(0, s);
  }

  /** n panics of g were recovered: main may exit once no goroutine runs a panic's defers. */
  private static void panicsEnded(G g, int n) {
    if (g.sched != null) {
      g.sched.runningPanicDefers.addAndGet(-n);
    }
  }

  /** recover(): see the file comment. */
  static Object recover(G g) {
    Panic p = CURRENT.get(g);
    int caller = g.depth - 2; // the frame that called the function calling recover
    if (g.frameFn[g.depth - 1] instanceof Proto r && r.deferredRecover) {
      caller--; // defer recover(): the frame that called the function that deferred it
    }
    while (caller >= 1 && g.frameFn[caller] instanceof Proto w && w.wrapper) {
      caller--; // defer x.m(): the method value's wrapper called m
    }
    if (p == null || p.goexit || p.recovered || p.preprint != null || caller < 0 || g.frameFn[caller] != TRAMP
        || p.tramp != caller) {
      return null;
    }
    p.recovered = true;
    return ownTypes(g, asInterface(p.value));
  }

  /**
   * v, or v with the program's own descriptor for its predeclared dynamic type where a native
   * made the value with a descriptor of its own (a string panic value): map keys, reflect and
   * type identity then see the program's string.
   */
  private static Object ownTypes(G g, Object v) {
    RType.Universe u = g.machine.universe;
    if (v instanceof Iface i && i.type != null && i.type.universe == null && u != null) {
      RType own = u.basic(i.type.name);
      if (own != null && i.type.samePredeclared(own)) {
        return new Iface(own, i.bits, i.ref);
      }
    }
    return v;
  }

  /**
   * The dynamic types of runtime panic values as recover returns them, by Go's type name
   * ({@code runtime.boundsError}, {@code runtime.errorString}, {@code runtime.plainError},
   * {@code *runtime.TypeAssertionError}): %T prints that name, and each has Error and
   * RuntimeError methods, so the value is a {@code runtime.Error}.
   */
  private static final Map<String, RType> ERROR_TYPES = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The descriptor of the exported run-time error type {@code *runtime.TypeAssertionError} or
   * {@code *runtime.PanicNilError} (the compiler gives runtime.gol's types this one, so that
   * assertions to them match the values the VM makes), or null for any other name.
   */
  static RType exportedErrorType(String name) {
    return name.equals("*runtime.TypeAssertionError") || name.equals("*runtime.PanicNilError") ? errorType(name) : null;
  }

  private static RType errorType(String name) {
    return ERROR_TYPES.computeIfAbsent(name, Panics::newErrorType);
  }

  private static RType newErrorType(String name) {
    RType t = new RType(RType.Kind.POINTER, name, true);
    // a program's own &runtime.PanicNilError{} is not the VM's value but has the same text; a
    // program's TypeAssertionError has no types to name (Go's dereferences a nil pointer)
    gol.runtime.Native error = (g, base) -> g.rs[base] = g.rs[base] instanceof GoError e ? e.error()
        : name.equals("*runtime.PanicNilError") ? PanicNilError.TEXT : nilDeref();
    gol.runtime.Native none = (g, base) -> { };
    t.methods = Map.of("Error", method(name + ".Error", error, 1), "RuntimeError", method(name + ".RuntimeError", none, 0));
    return t;
  }

  private static gol.runtime.GoString nilDeref() {
    throw new NullPointerException(); // the VM reports it as Go's nil pointer dereference
  }

  private static Closure method(String name, gol.runtime.Native n, int results) {
    Proto m = new Proto(name, "runtime/error.go", 0);
    CodeBuilder cb = new CodeBuilder();
    cb.emit(Op.CALLN, cb.constR(n), 0);
    cb.emit(Op.RET, 0, results);
    m.frameSize = 1;
    m.numParams = 1;
    m.numResults = results;
    cb.finish(m);
    return new Closure(m, new Object[0]);
  }

  /** A panic value as recover returns it: an interface value (runtime errors get their Go type). */
  static Object asInterface(Object v) {
    if (v instanceof gol.runtime.RuntimeError e) {
      boolean bounds = e.message.startsWith("index out of range") || e.message.startsWith("slice bounds out of range")
          || e.message.startsWith("cannot convert slice with length"); // Go's boundsConvert
      return new Iface(errorType(bounds ? "runtime.boundsError" : "runtime.errorString"), 0, e);
    }
    if (v instanceof gol.runtime.PlainError e) {
      return new Iface(errorType("runtime.plainError"), 0, e);
    }
    if (v instanceof Types.TypeAssertionError e) {
      return new Iface(errorType("*runtime.TypeAssertionError"), 0, e);
    }
    if (v instanceof PanicNilError e) {
      return new Iface(errorType("*runtime.PanicNilError"), 0, e);
    }
    if (v instanceof GoError e) {
      return new Iface(errorType("runtime.Error"), 0, e);
    }
    return v;
  }

  /**
   * Go's fatalpanic, after preprintpanics: p's chain is printed as its PreprintPanics.State
   * says, with the traceback; the G is then dead.
   */
  static void report(G g, Panic p) {
    CURRENT.remove(g);
    if (g.sched != null) {
      g.sched.panicking = true; // before the count drops: a returning main must not exit 0
      g.sched.runningPanicDefers.decrementAndGet();
    }
    Panic[] chain = p.preprint.chain;
    Object[] values = p.preprint.values;
    boolean[] recovered = new boolean[chain.length];
    for (int i = 0; i < chain.length; i++) {
      recovered[i] = chain[i].recovered;
    }
    Traceback.unrecoveredPanics(g, values, recovered, sigsegv(p), p.cause);
  }

  /**
   * p, a panic raised by an Error or String method run to print an older panic, left it: Go's
   * preprintpanics recovers p and throws "panic while printing panic value".
   */
  private static void panicWhilePrinting(G g, Panic p) {
    if (g.sched != null) {
      g.sched.panicking = true; // Go's throw: main must not exit 0 meanwhile
    }
    Traceback.panicWhilePrinting(g, p.value, sigsegv(p), p.cause);
  }

  /**
   * Go keeps the goroutine's signal (gp.sig) while the panic it raised is still on the chain:
   * a deferred call that panics again still gets the "[signal SIGSEGV" line.
   */
  private static boolean sigsegv(Panic p) {
    for (Panic q = p; q != null; q = q.link) {
      if (q.sigsegv) {
        return true;
      }
    }
    return false;
  }
}
