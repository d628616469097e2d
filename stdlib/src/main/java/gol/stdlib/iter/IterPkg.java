package gol.stdlib.iter;

import gol.runtime.Coro;
import gol.runtime.Native;

/**
 * The natives of package iter (iter.gol): the two coroutine primitives Pull and Pull2 are built
 * on, Go's runtime.newcoro and runtime.coroswitch (see {@link Coro}).
 */
public final class IterPkg {
  private IterPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      // newcoro(f func(*coro)) *coro: a parked goroutine that will call f with the new coroutine
      case "newcoro" -> (g, base) -> g.rs[base] = Coro.create(g, g.rs[base]);
      // coroswitch(c *coro): park this goroutine and run the other side (Coro parks g: g.stop)
      case "coroswitch" -> (g, base) -> ((Coro) g.rs[base]).switchTo(g);
      default -> null;
    };
  }
}
