package gol.stdlib.flag;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.LongCell;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RefCell;
import gol.runtime.Struct;
import gol.runtime.Values;

/**
 * The natives of package flag (flag.gol): the few questions Go's flag asks package reflect —
 * a new zero value of a Value's dynamic type (for PrintDefaults' "is this the default?"), that
 * type's name, and whether it is a pointer type.
 */
public final class FlagPkg {
  private FlagPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "newZero" -> FlagPkg::newZero;
      case "elemTypeName" -> FlagPkg::elemTypeName;
      case "isPointer" -> FlagPkg::isPointer;
      default -> null;
    };
  }

  /** func newZero(v any) any: a zero value of v's type; for *T, a pointer to a new zero T. */
  static void newZero(G g, int base) {
    Iface v = (Iface) g.rs[base];
    RType t = v.type;
    if (t.kind != RType.Kind.POINTER) {
      g.rs[base] = new Iface(t, 0, t.kind.isPrimitive() ? null : Values.zeroRef(t));
      return;
    }
    RType e = t.elem;
    Object p;
    if (e.kind == RType.Kind.STRUCT) {
      p = new Struct(e);
    } else if (e.kind == RType.Kind.ARRAY) {
      p = Values.newArray(e.elem, (int) e.len);
    } else if (e.kind.isPrimitive()) {
      p = new LongCell(0);
    } else {
      p = new RefCell(Values.zeroRef(e));
    }
    g.rs[base] = new Iface(t, 0, p);
  }

  /** func elemTypeName(v any) string: v's type name, or its element's for a pointer type. */
  static void elemTypeName(G g, int base) {
    Iface v = (Iface) g.rs[base];
    RType t = v.type.kind == RType.Kind.POINTER ? v.type.elem : v.type;
    g.rs[base] = GoString.of(t.name);
  }

  /** func isPointer(v any) bool. */
  static void isPointer(G g, int base) {
    Object v = g.rs[base];
    g.rs[base] = null;
    g.ls[base] = v instanceof Iface i && i.type.kind == RType.Kind.POINTER ? 1 : 0;
  }
}
