package gol.stdlib.context;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;

/**
 * The natives of package context (context.gol): the two questions Go's context asks its
 * reflectlite — a dynamic type's name (for String) and whether it is comparable (WithValue).
 */
public final class ContextPkg {
  private ContextPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "typeString" -> ContextPkg::typeString;
      case "comparable" -> ContextPkg::comparable;
      default -> null;
    };
  }

  /** func typeString(v any) string: v's dynamic type as %T prints it. */
  static void typeString(G g, int base) {
    Object v = g.rs[base];
    g.rs[base] = GoString.of(v instanceof Iface i ? i.type.name : "<nil>");
  }

  /** func comparable(v any) bool: whether v's dynamic type supports ==. */
  static void comparable(G g, int base) {
    Object v = g.rs[base];
    g.rs[base] = null;
    g.ls[base] = !(v instanceof Iface i) || i.type.comparable() ? 1 : 0;
  }
}
