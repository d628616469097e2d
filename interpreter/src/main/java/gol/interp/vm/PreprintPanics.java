package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import java.util.ArrayList;
import java.util.List;

/*
 * Go's preprintpanics: before an unrecovered panic is reported, the Error or String method of
 * every value on its chain runs, on the panicking goroutine, and its result is what gets printed.
 *
 * Concepts
 *   The methods are gol code, and gol code may block: an Error method that receives from a
 *   channel needs the goroutine that sends, so the methods cannot be called from Java while the
 *   report is being written (nor after the world is frozen). They run as deferred calls do: each
 *   is pushed above the panicking frames on the panic's trampoline (Panics.TRAMP, shown in
 *   traces as Go shows preprintpanics, inlined into panic), and the G goes back to its M's
 *   dispatch loop — so the method can park, be preempted, start goroutines or call os.Exit like
 *   any code. When it returns, the trampoline's PANICCONT brings the result here (methodReturned)
 *   and the next method is pushed; after the last, Panics.report prints the chain and the G dies.
 *
 *   Order and choice, as Go's: newest panic first (a chain of three panics whose methods read
 *   one channel prints the oldest with the last value read); a value of type error gets its
 *   Error method, else a fmt.Stringer its String; runtime errors (GoError) are formatted by
 *   PanicValue, as their methods have no side effects.
 *
 *   What a method may do, as in Go. recover() in it returns nil (the panic is not its caller's
 *   to recover). A panic inside it that it recovers itself is ordinary. A panic that leaves it
 *   aborts the printing panic (its trampoline is passed) and, finding no deferred call below,
 *   ends the G with "fatal error: panic while printing panic value" (Panics.next). runtime.Goexit
 *   in it ends the goroutine without a report — the panic stays counted, so a returning main
 *   waits for it as Go's does (PanicExit) — and os.Exit ends the program.
 *
 * Invariants
 *   - While a method runs, the panic whose values are printed (the one that ran out of deferred
 *     calls) is the G's current panic and holds the state (Panic.preprint); its trampoline is
 *     at Panic.tramp, the method's frame just above it, whose result lands in the trampoline's
 *     second slot (TRAMP's frameSize is 2, so the slot survives a stack shrink).
 *   - When the trampoline pops, the G's frames are the panicking frames again, exactly: the
 *     report's traceback does not show the methods.
 *   - Sched.panicking is set and the panic's count dropped only after the last method (Go's
 *     fatalpanic): a main that returns while a method blocks waits as for deferred calls.
 *
 * Ownership: only the M running the G touches its state (as Panics').
 */
final class PreprintPanics {
  private PreprintPanics() {
  }

  /** The printing state of a panic chain (on its newest panic, Panic.preprint). */
  static final class State {
    /** The chain oldest first, Goexits left out (Go prints nothing for them). */
    final Panics.Panic[] chain;
    /** What each panic prints as: its value, or its method's result as a string. */
    final Object[] values;
    /** The panic looked at (whose method runs), counting down from the newest. */
    int at;

    State(Panics.Panic[] chain) {
      this.chain = chain;
      this.values = new Object[chain.length];
      for (int i = 0; i < chain.length; i++) {
        values[i] = chain[i].value;
      }
      this.at = chain.length;
    }
  }

  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  /** Go's Error and String method signature (RType.methodSigs). */
  private static final String STRING_METHOD_SIG = "func() string";

  /**
   * p, the G's current panic, has run every deferred call and is unrecovered: calls the first
   * method (RESUME) or, when no value has one, reports the chain (DIED).
   */
  static int start(G g, Panics.Panic p) {
    List<Panics.Panic> chain = new ArrayList<>();
    for (Panics.Panic q = p; q != null; q = q.link) {
      if (!q.goexit) {
        chain.add(0, q);
      }
    }
    p.preprint = new State(chain.toArray(new Panics.Panic[0]));
    return callNext(g, p);
  }

  /** PANICCONT after a method: {@code result} is what it returned (Panics.cont has popped the trampoline). */
  static int methodReturned(G g, Panics.Panic p, Object result) {
    State s = p.preprint;
    if (result instanceof GoString text) {
      s.values[s.at] = new Iface(STRING, 0, text);
    }
    return callNext(g, p);
  }

  /** Pushes the next value's method above the trampoline (RESUME), or reports the chain (DIED). */
  private static int callNext(G g, Panics.Panic p) {
    State s = p.preprint;
    while (--s.at >= 0) {
      Object v = s.values[s.at];
      if (!(v instanceof Iface i) || i.ref instanceof GoError) {
        continue;
      }
      Object m = method(i.type, "Error");
      if (m == null) {
        m = method(i.type, "String");
      }
      if (m == null) {
        continue;
      }
      int base = Panics.pushTrampoline(g, p);
      if (m instanceof Closure c) {
        Interp.enter(g, c.proto, c.cells, base, 0);
      } else {
        Interp.enter(g, (Proto) m, null, base, 0);
      }
      g.ls[base] = i.bits; // the receiver (after enter: it may have grown the stack)
      g.rs[base] = i.ref;
      g.framePc[g.depth - 1] = 0;
      return Interp.RESUME;
    }
    Panics.report(g, p);
    return Interp.DIED;
  }

  /**
   * t's method {@code name} if it is Go's {@code func() string} (by its signature where the
   * compiler recorded one, else by its shape: the receiver in, one result out), or null.
   */
  private static Object method(RType t, String name) {
    Object m = t.methods.get(name);
    Proto p = m instanceof Closure c ? c.proto : m instanceof Proto q ? q : null;
    if (p == null || p.numParams != 1 || p.numResults != 1) {
      return null;
    }
    if (t.methodSigs != null && !STRING_METHOD_SIG.equals(t.methodSigs.get(name))) {
      return null;
    }
    return m;
  }
}
