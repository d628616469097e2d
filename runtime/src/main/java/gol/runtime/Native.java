package gol.runtime;

/**
 * A Java function bound to a bodiless gol {@code func} declaration. Calling convention: the
 * arguments are in the goroutine's stack slots {@code base, base+1, ...} (one slot per parameter:
 * primitive kinds in {@code g.ls}, others in {@code g.rs}; a variadic parameter arrives as one
 * {@link Slice}); the native writes its results to slots {@code base, base+1, ...} the same way.
 * A native is a leaf: it never calls gol code. It may throw {@link GoPanic} or {@link GoExit}.
 *
 * <p><b>Natives that block, yield or end the G.</b> A native never blocks its thread while
 * holding a P. To wait, it queues its G in a wait structure under that structure's lock (e.g.
 * {@link Sema#lockedWait}, or its own Lock) and calls {@link Sched#park}{@code (g, lock, reason)},
 * leaving the lock held, then returns. The VM checks {@code g.stop} after every native call: for
 * {@link G#STOP_PARK} it saves the pc past the call and returns PARKED; the M marks the G
 * WAITING and only then releases the lock (Go's gopark), so no wake-up is lost. Whoever takes
 * the G off the wait structure later calls {@code g.sched.goready(g)} after releasing its locks;
 * the G resumes after the call, so the native must have finished its work before parking (a
 * waker hands over what was waited for: a lock, a token, a value written into the G's result
 * slots). {@link G#STOP_YIELD} (runtime.Gosched) requeues the G on the global queue;
 * {@link G#STOP_GOEXIT} ends it (runtime.Goexit). A native that must block its thread (file or
 * stdin I/O) brackets the call: {@code g.sched.enterSyscall(g); try { io } finally {
 * g.sched.exitSyscall(g); }}.
 */
@FunctionalInterface
public interface Native {
  void call(G g, int base);

  /**
   * Whether this native only reads: it writes no memory gol code can reach (it may allocate and
   * return new objects, or panic), and never parks. The compiler may then let a struct that gol
   * code shares be read after it without a copy (gol.interp.compile.ReadOnlyParams).
   */
  default boolean readsOnly() {
    return false;
  }
}
