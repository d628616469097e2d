package gol.stdlib.net.http;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;

/**
 * The natives of package net/http (http.gol): the running goroutine's trace, which the server
 * logs after a handler's panic as Go's does with runtime.Stack.
 */
public final class HttpPkg {
  private HttpPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "goroutineStack" -> HttpPkg::goroutineStack;
      default -> null;
    };
  }

  /** func goroutineStack() string: "goroutine N [running]:\n" and the frames. */
  static void goroutineStack(G g, int base) {
    g.rs[base] = GoString.of(g.sched.stack(g));
    g.ls[base] = 0;
  }
}
