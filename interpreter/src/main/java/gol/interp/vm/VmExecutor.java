package gol.interp.vm;

import gol.runtime.Executor;
import gol.runtime.G;
import gol.runtime.Machine;
import gol.runtime.Sched;

/**
 * The interpreter as the scheduler sees it (gol.runtime.Executor): an M runs a G by entering
 * the dispatch loop, which returns when the G finishes, parks, is preempted or dies.
 *
 * <p>Entry point for a loader: {@link #runMain(Machine, Proto, Object[])} runs a program's main
 * function on the M:P:N scheduler and returns its exit status.
 */
public final class VmExecutor implements Executor {
  public static final VmExecutor INSTANCE = new VmExecutor();

  private VmExecutor() {
  }

  /**
   * Runs {@code main} (no parameters) as goroutine 1 under a new scheduler with the default
   * options (GOMAXPROCS, GOLDEBUG) and returns the exit status: 0 when main returns, n for
   * os.Exit(n), 2 for an unrecovered panic, a fatal error or a deadlock. Blocks until the
   * program ends; stdout is flushed.
   */
  public static int runMain(Machine m, Proto main, Object[] cells) {
    return runMain(m, main, cells, new Sched.Options());
  }

  public static int runMain(Machine m, Proto main, Object[] cells, Sched.Options opt) {
    G g = m.newG();
    Interp.start(g, main, cells);
    return new Sched(m, INSTANCE, opt).run(g);
  }

  @Override
  public int run(G g) {
    int s = Interp.execLoop(g);
    switch (s) {
      case Interp.DONE:
        return DONE;
      case Interp.DIED:
        return DIED;
      case Interp.PARKED:
        return PARKED;
      case Interp.PREEMPTED:
        return PREEMPTED;
      case Interp.YIELDED:
        return YIELDED;
      case Interp.GOEXIT:
        return GOEXIT;
      default:
        throw new IllegalStateException("VmExecutor.run: exec returned " + s);
    }
  }

  @Override
  public void prepare(G g, G parent, Object fn, Object arg) {
    Closure f = (Closure) fn;
    Interp.start(g, f.proto, f.cells);
    g.rs[0] = arg;
    int d = parent.depth - 1;
    g.createdBy = parent.frameFn[d];
    g.createdPc = parent.framePc[d];
  }

  /**
   * The frames of a G that is not running (the deadlock report), by Traceback's printer. A G
   * parked by a channel instruction has framePc at that instruction; one parked inside a native
   * has it just past the call.
   */
  @Override
  public String traceback(G g) {
    StringBuilder sb = new StringBuilder();
    Traceback.frames(sb, g, null, !g.parkedInCall);
    return sb.toString();
  }
}
