package gol.stdlib.runtime;

import gol.runtime.G;
import gol.runtime.Sched;
import gol.stdlib.Registry;

/**
 * The natives of package runtime (runtime.gol): Gosched, NumGoroutine, GOMAXPROCS, NumCPU,
 * Goexit. Gosched and Goexit are requests to the VM through {@code g.stop} (see
 * gol.runtime.Native): the G goes to the global run queue, or ends.
 */
public final class RuntimePkg {
  private RuntimePkg() {
  }

  public static void install(Registry r) {
    r.reg("Gosched", (g, b) -> {
      if (g.sched != null) {
        g.stop = G.STOP_YIELD;
      }
    });
    r.reg("Goexit", (g, b) -> g.stop = G.STOP_GOEXIT);
    r.reg("NumGoroutine", (g, b) -> g.ls[b] = g.sched != null ? g.sched.numGoroutine() : 1);
    r.reg("NumCPU", (g, b) -> g.ls[b] = Runtime.getRuntime().availableProcessors());
    r.reg("GOMAXPROCS", (g, b) -> {
      Sched s = g.sched;
      long n = g.ls[b];
      if (s == null) {
        g.ls[b] = 1;
        return;
      }
      int old = s.setGomaxprocs((int) Math.min(n, Sched.MAX_PROCS));
      g.ls[b] = old;
      if (n > 0 && n < old) {
        g.stop = G.STOP_YIELD; // our P may be retired: reschedule now
      }
    });
  }
}
