package gol.interp.vm;

import gol.runtime.GoPanic;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Values;

/** Run-time type tests: type assertions and type-switch cases, with Go's panic texts. */
final class Types {
  private Types() {
  }

  /** Whether the dynamic type of v is t (a concrete type) or implements t (an interface type). */
  static boolean is(Iface v, RType t) {
    if (v == null) {
      return false;
    }
    if (t.kind != RType.Kind.INTERFACE) {
      return v.type == t || t.samePredeclared(v.type);
    }
    RType vt = v.type;
    Object[] cache = t.implCache;
    for (int i = 0; i < cache.length; i += 2) {
      if (cache[i] == vt) {
        return cache[i + 1] == Boolean.TRUE;
      }
    }
    return implementsMiss(vt, t, cache);
  }

  /** How many dynamic types an interface type remembers the answer for (see RType.implCache). */
  private static final int IMPL_CACHE = 8;

  /** Types.is for a dynamic type t's cache does not hold: found out, and remembered. */
  private static boolean implementsMiss(RType vt, RType t, Object[] cache) {
    boolean ok = missingMethod(vt, t) == null;
    int n = Math.min(cache.length, 2 * (IMPL_CACHE - 1));
    Object[] grown = new Object[n + 2];
    grown[0] = vt;
    grown[1] = ok ? Boolean.TRUE : Boolean.FALSE;
    System.arraycopy(cache, 0, grown, 2, n); // the oldest answer drops off a full cache
    t.implCache = grown;
    return ok;
  }

  /** The first method of interface t that type vt lacks, or null (methods match by name and signature). */
  static String missingMethod(RType vt, RType t) {
    String[] names = t.ifaceMethods;
    for (int i = 0; i < names.length; i++) {
      String m = names[i];
      if (!vt.methods.containsKey(m)) {
        return m;
      }
      if (vt.methodSigs != null && t.ifaceSigs != null && !t.ifaceSigs[i].equals(vt.methodSigs.get(m))) {
        return m;
      }
    }
    return null;
  }

  /**
   * x.(T) into slot a: the value (or, for an interface T, the interface value itself); with
   * commaOk also ok in L[a+1] — a failed comma-ok assertion gives T's zero value.
   */
  static void assertType(long[] ls, Object[] rs, int a, Iface v, Sites.Assert site, boolean commaOk) {
    RType t = site.target;
    boolean ok = is(v, t);
    if (commaOk) {
      ls[a + 1] = ok ? 1 : 0;
    }
    if (ok) {
      if (t.kind == RType.Kind.INTERFACE) {
        rs[a] = v;
      } else {
        ls[a] = v.bits;
        rs[a] = v.ref;
      }
      return;
    }
    if (!commaOk) {
      throw failure(v, site);
    }
    if (t.kind.isPrimitive()) {
      ls[a] = 0;
    } else {
      rs[a] = t.kind == RType.Kind.INTERFACE ? null : Values.zeroRef(t);
    }
  }

  /** Go's runtime.TypeAssertionError text. */
  private static GoPanic failure(Iface v, Sites.Assert site) {
    RType t = site.target;
    String msg;
    if (v == null) {
      msg = "interface conversion: " + (t.kind == RType.Kind.INTERFACE ? "interface" : site.from)
          + " is nil, not " + t.name;
    } else if (t.kind == RType.Kind.INTERFACE) {
      msg = "interface conversion: " + v.type.name + " is not " + t.name + ": missing method "
          + missingMethod(v.type, t);
    } else {
      msg = "interface conversion: " + site.from + " is " + v.type.name + ", not " + t.name;
      if (v.type.name.equals(t.name)) { // two types with one name: say why they differ, as Go does
        msg += java.util.Objects.equals(v.type.pkgPath, t.pkgPath) ? " (types from different scopes)"
            : " (types from different packages)";
      }
    }
    return new GoPanic(new TypeAssertionError(msg));
  }

  /** A runtime.Error whose text has no "runtime error: " prefix (Go's *TypeAssertionError). */
  static final class TypeAssertionError implements gol.runtime.GoError {
    final String msg;

    TypeAssertionError(String msg) {
      this.msg = msg;
    }

    @Override
    public gol.runtime.GoString error() {
      return gol.runtime.GoString.of(msg);
    }

    @Override
    public String toString() {
      return msg;
    }
  }

}
