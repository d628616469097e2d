package gol.runtime;

/**
 * What an M calls to run a G: the interpreter's dispatch loop, seen from the runtime (which must
 * not depend on the interpreter). Mirrors the part of Go's execute/gogo that jumps into the G.
 *
 * <p>{@link #run} is called with the G RUNNING on the calling M; it returns when the G stops,
 * saying why. Before returning PARKED, PREEMPTED or YIELDED the executor has saved everything the
 * G needs to resume (its pc in {@code framePc[depth-1]}) and it does not touch the G afterwards:
 * the scheduler may hand it to another M at once. {@code os.Exit} arrives as a thrown
 * {@link GoExit}.
 */
public interface Executor {
  /** The G's outermost function returned. */
  int DONE = 0;
  /** The G asked to park ({@code g.waitUnlock}/{@code g.waitReason} set; its wait lock still held). */
  int PARKED = 1;
  /** The G stopped at a safe point because {@code g.preempt} was set (or the program is ending). */
  int PREEMPTED = 2;
  /** The G died of an unrecovered panic or a fatal error, already printed: the program exits 2. */
  int DIED = 3;
  /** The G called runtime.Goexit: it is finished, its deferred calls have run. */
  int GOEXIT = 4;
  /** The G yielded (Gosched) or must be requeued (exitsyscall found no P). */
  int YIELDED = 5;

  int run(G g);

  /**
   * Pushes the first frame of a new G ({@code g}, fresh from Sched.newG, no frames yet) that calls
   * the func value {@code fn} with the one reference argument {@code arg}; {@code parent} is the
   * running G that asked for it (its current frame becomes the "created by" location). The G is
   * left RUNNABLE, not yet published. Used for coroutines (see {@link Coro}), which a native
   * creates: natives never call gol code themselves.
   */
  default void prepare(G g, G parent, Object fn, Object arg) {
    throw new UnsupportedOperationException("prepare: this executor cannot start func values");
  }

  /**
   * The G's call stack as a goroutine trace prints it after the header line, innermost frame
   * first: {@code main.f(...)} then {@code \tfile.gol:LINE}, one pair per frame. Used by the
   * deadlock report and scheddetail for Gs that are not running.
   */
  String traceback(G g);
}
