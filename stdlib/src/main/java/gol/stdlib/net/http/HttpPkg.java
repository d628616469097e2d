package gol.stdlib.net.http;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.stdlib.Registry;

/**
 * The natives of package net/http (http.gol): the running goroutine's trace, which the server
 * logs after a handler's panic as Go's does with runtime.Stack.
 */
public final class HttpPkg {
  private HttpPkg() {
  }

  public static void install(Registry r) {
    r.reg("goroutineStack", HttpPkg::goroutineStack);
  }

  /** func goroutineStack() string: "goroutine N [running]:\n" and the frames. */
  static void goroutineStack(G g, int base) {
    g.rs[base] = GoString.of(g.sched.stack(g));
    g.ls[base] = 0;
  }
}
