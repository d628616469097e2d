package gol.stdlib.errors;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Ref;
import gol.runtime.Values;

/**
 * The natives of package errors (errors.gol): the bits of reflection that Is and As need (Go's
 * errors uses internal/reflectlite for them). Everything else, including the walk along Unwrap
 * chains and trees, is gol code.
 */
public final class ErrorsPkg {
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  private ErrorsPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "comparable" -> ErrorsPkg::comparable;
      case "checkAsTarget" -> ErrorsPkg::checkAsTarget;
      case "assignableTo" -> ErrorsPkg::assignableTo;
      case "setTarget" -> ErrorsPkg::setTarget;
      case "unwrapped" -> ErrorsPkg::unwrapped;
      default -> null;
    };
  }

  /** func comparable(x any) bool: whether x's dynamic type supports == (reflectlite Comparable). */
  static void comparable(G g, int base) {
    Iface x = (Iface) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = x == null || x.type.comparable() ? 1 : 0;
  }

  /**
   * func checkAsTarget(target any): panics as errors.As does unless target is a non-nil pointer
   * to an interface type or to a type that implements error.
   */
  static void checkAsTarget(G g, int base) {
    Object t = g.rs[base];
    if (t == null) {
      throw stringPanic("errors: target cannot be nil");
    }
    Iface target = (Iface) t;
    if (target.type.kind != RType.Kind.POINTER || target.ref == null) {
      throw stringPanic("errors: target must be a non-nil pointer");
    }
    RType elem = target.type.elem;
    if (elem.kind != RType.Kind.INTERFACE && !elem.methods.containsKey("Error")) {
      throw stringPanic("errors: *target must be interface or implement error");
    }
  }

  /**
   * func assignableTo(err error, target any) bool: whether err's dynamic type is assignable to
   * the type target points to — implements it (an interface), or is it (identical types share
   * one descriptor).
   */
  static void assignableTo(G g, int base) {
    Iface err = (Iface) g.rs[base];
    RType want = ((Iface) g.rs[base + 1]).type.elem;
    g.rs[base] = null;
    g.ls[base] = err != null && assignable(err.type, want) ? 1 : 0;
  }

  static boolean assignable(RType have, RType want) {
    if (want.kind != RType.Kind.INTERFACE) {
      return have == want;
    }
    if (want.ifaceMethods == null) {
      return true;
    }
    for (String m : want.ifaceMethods) {
      if (!have.methods.containsKey(m)) {
        return false;
      }
    }
    return true;
  }

  /** func setTarget(target any, err error): *target = err (converted to *target's type). */
  static void setTarget(G g, int base) {
    Iface target = (Iface) g.rs[base];
    Iface err = (Iface) g.rs[base + 1];
    RType want = target.type.elem;
    Object p = target.ref;
    if (want.kind == RType.Kind.INTERFACE) {
      Ref.storeR(p, err);
    } else if (want.isValue()) {
      Values.assign(want, p, err.ref);
    } else if (want.kind.isPrimitive()) {
      Ref.storeL(p, err.bits);
    } else {
      Ref.storeR(p, err.ref);
    }
    g.rs[base] = null;
    g.rs[base + 1] = null;
  }

  /**
   * func unwrapped(v any) ([]error, bool): whether v, typed error by the caller, is really a
   * non-nil []error (a Slice) — see errors.gol. A nil []error looks like a nil error, and both
   * end the walk along the tree.
   */
  static void unwrapped(G g, int base) {
    Object v = g.rs[base];
    boolean many = v instanceof gol.runtime.Slice;
    g.rs[base] = many ? v : null;
    g.ls[base + 1] = many ? 1 : 0;
    g.rs[base + 1] = null;
  }

  private static GoPanic stringPanic(String message) {
    return new GoPanic(new Iface(STRING, 0, GoString.of(message)));
  }
}
