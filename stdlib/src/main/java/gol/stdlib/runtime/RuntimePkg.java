package gol.stdlib.runtime;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Sched;
import gol.runtime.GoExit;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import java.nio.charset.StandardCharsets;

/**
 * The natives of package runtime (runtime.gol): Gosched, NumGoroutine, GOMAXPROCS, NumCPU,
 * Goexit. Gosched and Goexit are requests to the VM through {@code g.stop} (see
 * gol.runtime.Native): the G goes to the global run queue, or ends.
 */
public final class RuntimePkg {
  private RuntimePkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "Gosched" -> (g, b) -> {
        if (g.sched != null) {
          g.stop = G.STOP_YIELD;
        }
      };
      case "Goexit" -> (g, b) -> g.stop = G.STOP_GOEXIT;
      case "NumGoroutine" -> (g, b) -> g.ls[b] = g.sched != null ? g.sched.numGoroutine() : 1;
      case "NumCPU" -> (g, b) -> g.ls[b] = Runtime.getRuntime().availableProcessors();
      case "GC" -> (g, b) -> System.gc();
      case "runtimeErrorText" -> (g, b) -> {
        if (!(((Iface) g.rs[b]).ref instanceof gol.runtime.GoError e)) {
          throw new NullPointerException(); // a program's own TypeAssertionError: Go's nil dereference
        }
        g.rs[b] = e.error();
      };
      case "caller" -> Callers::caller;
      case "callers" -> Callers::callers;
      case "frameOf" -> Callers::frameOf;
      case "stack" -> RuntimePkg::stack;
      case "memStats" -> MemStats::read;
      case "Breakpoint" -> RuntimePkg::breakpoint;
      case "checkFinalizer" -> RuntimePkg::checkFinalizer;
      case "GOMAXPROCS" -> (g, b) -> {
        Sched s = g.sched;
        long n = g.ls[b];
        if (s == null) {
          g.ls[b] = 1;
          return;
        }
        // The caller carries on: a shrink moves its M to P0 if its own P is retired (Go's procresize).
        g.ls[b] = s.setGomaxprocs((int) Math.min(n, Sched.MAX_PROCS));
      };
      default -> null;
    };
  }

  /**
   * func stack(buf []byte, skip int) int: the goroutine's trace (Callers.trace, without the
   * skip innermost frames: the wrappers) copied into buf, truncated to fit; returns the count.
   */
  static void stack(G g, int base) {
    Slice buf = (Slice) g.rs[base];
    int skip = (int) g.ls[base + 1];
    g.rs[base] = null;
    byte[] t = Callers.trace(g, skip).getBytes(StandardCharsets.UTF_8);
    int n = buf == null ? 0 : Math.min(buf.len, t.length);
    if (n > 0) {
      System.arraycopy(t, 0, (byte[]) buf.array, buf.off, n);
    }
    g.ls[base] = n;
  }

  /**
   * runtime.Breakpoint: with no debugger attached, Go's program dies of SIGTRAP; gol prints
   * Go's first lines and the goroutine's trace and exits with status 2 as Go does.
   */
  static void breakpoint(G g, int base) {
    String s = "SIGTRAP: trace trap\nPC=0x0 m=0 sigcode=128\n\n" + Callers.trace(g, 0);
    g.machine.stderr.print(s);
    g.machine.stderr.flush();
    throw new GoExit(2);
  }

  /**
   * func checkFinalizer(obj any, finalizer any): SetFinalizer's argument checks, with Go's
   * fatal texts; gol never runs finalizers (Go does not promise to either).
   */
  static void checkFinalizer(G g, int base) {
    Object o = g.rs[base];
    Object f = g.rs[base + 1];
    g.rs[base] = null;
    g.rs[base + 1] = null;
    if (!(o instanceof Iface obj)) {
      throw fatal(g, "runtime.SetFinalizer: first argument is nil");
    }
    if (obj.type.kind != RType.Kind.POINTER) {
      throw fatal(g, "runtime.SetFinalizer: first argument is " + obj.type.name + ", not pointer");
    }
    if (f instanceof Iface fn && fn.type.kind != RType.Kind.FUNC) {
      throw fatal(g, "runtime.SetFinalizer: second argument is " + fn.type.name + ", not a function");
    }
  }

  /** Go's throw: "fatal error: msg", the trace, exit status 2. */
  private static GoExit fatal(G g, String msg) {
    g.machine.stderr.print("fatal error: " + msg + "\n\n" + Callers.trace(g, 1));
    g.machine.stderr.flush();
    return new GoExit(2);
  }
}
