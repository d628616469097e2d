package gol.runtime;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Java-level Executor for scheduler tests: a G's "code" is a {@link Task} in g.rs[0], a small
 * state machine that retries its current blocking operation when resumed (as the VM re-executes
 * a channel instruction). It checks that no G ever runs on two Ms at once.
 */
final class FakeExec implements Executor {
  final AtomicInteger doubleRuns = new AtomicInteger();
  final AtomicLong runs = new AtomicLong();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();
  Machine machine;

  abstract static class Task {
    final AtomicInteger running = new AtomicInteger();
    /** Yield at random to exercise the global queue. */
    boolean chaos;

    /** Runs until done (DONE) or blocked (PARKED) or yielding. */
    abstract int run(G g);
  }

  @Override
  public int run(G g) {
    Task t = (Task) g.rs[0];
    if (!t.running.compareAndSet(0, 1)) {
      doubleRuns.incrementAndGet();
    }
    runs.incrementAndGet();
    try {
      if (g.preempt) {
        return PREEMPTED;
      }
      if (t.chaos && ThreadLocalRandom.current().nextInt(64) == 0) {
        return YIELDED;
      }
      int r = t.run(g);
      if (r == PARKED && g.stop == G.STOP_PARK) {
        g.stop = 0;
      }
      return r;
    } finally {
      t.running.set(0); // before the M may hand the G to another M
    }
  }

  @Override
  public String traceback(G g) {
    return "task." + g.rs[0].getClass().getSimpleName() + "(...)\n\ttask.gol:1\n";
  }

  Sched sched(int procs) {
    machine = new Machine(new ByteArrayOutputStream(), false, new PrintStream(err, true, StandardCharsets.UTF_8), new String[0]);
    Sched.Options o = new Sched.Options();
    o.gomaxprocs = procs;
    return new Sched(machine, this, o);
  }

  /** Runs main under a new scheduler with procs Ps; returns the exit status. */
  int runMain(int procs, Task main) {
    Sched s = sched(procs);
    G g = machine.newG();
    g.rs[0] = main;
    g.casStatus(G.IDLE, G.RUNNABLE);
    return s.run(g);
  }

  static G spawn(G parent, Task t) {
    Sched s = parent.sched;
    G g = s.newG(parent);
    g.rs[0] = t;
    s.start(g);
    return g;
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
