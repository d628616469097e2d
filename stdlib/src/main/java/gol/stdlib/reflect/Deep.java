package gol.stdlib.reflect;

import gol.runtime.Complex;
import gol.runtime.GoMap;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.LongCell;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Ref;
import gol.runtime.RefCell;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Values;
import java.util.HashSet;
import java.util.Set;

/** reflect.DeepEqual and Value.IsZero, by Go's rules. */
final class Deep {
  private Deep() {
  }

  static boolean isZero(Val v) {
    return isZero(v.t, v.bits(), v.ref());
  }

  static boolean isZero(RType t, long bits, Object ref) {
    if (t.kind.isPrimitive()) {
      if (t.kind.isFloat()) {
        return Double.longBitsToDouble(bits) == 0; // -0.0 is zero since Go 1.22 (v.Float() == 0)
      }
      return bits == 0;
    }
    switch (t.kind) {
      case STRING:
        return ((GoString) ref).len == 0;
      case COMPLEX64: case COMPLEX128:
        return ((Complex) ref).eq(Complex.ZERO);
      case ARRAY:
        for (int i = 0; i < t.len; i++) {
          if (!isZero(t.elem, Values.elemBits(ref, i), Values.elemRef(ref, i))) {
            return false;
          }
        }
        return true;
      case STRUCT: {
        Struct s = (Struct) ref;
        for (int i = 0; i < t.fieldTypes.length; i++) {
          if (!isZero(t.fieldTypes[i], s.bits(i), s.ref(i))) {
            return false;
          }
        }
        return true;
      }
      default:
        return ref == null;
    }
  }

  /** DeepEqual(x, y any). */
  static boolean equal(Object x, Object y) {
    if (x == null || y == null) {
      return x == y;
    }
    Iface a = (Iface) x;
    Iface b = (Iface) y;
    if (a.type != b.type) {
      return false;
    }
    return equal(a.type, a.bits, a.ref, b.bits, b.ref, new HashSet<>());
  }

  private record Visit(Object a, Object b, RType t) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Visit v && v.a == a && v.b == b && v.t == t;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(a) * 31 + System.identityHashCode(b);
    }
  }

  private static long loadL(Object p) {
    return Ref.loadL(p);
  }

  private static boolean equal(RType t, long xb, Object xr, long yb, Object yr, Set<Visit> seen) {
    Kind k = t.kind;
    if (k.isPrimitive()) {
      if (k.isFloat()) {
        return Double.longBitsToDouble(xb) == Double.longBitsToDouble(yb);
      }
      return xb == yb;
    }
    switch (k) {
      case STRING:
        return xr.equals(yr);
      case COMPLEX64: case COMPLEX128:
        return ((Complex) xr).eq((Complex) yr);
      case ARRAY:
        for (int i = 0; i < t.len; i++) {
          if (!equal(t.elem, Values.elemBits(xr, i), Values.elemRef(xr, i), Values.elemBits(yr, i), Values.elemRef(yr, i), seen)) {
            return false;
          }
        }
        return true;
      case SLICE: {
        Slice a = (Slice) xr;
        Slice b = (Slice) yr;
        if ((a == null) != (b == null)) {
          return false;
        }
        if (a == null) {
          return true;
        }
        if (a.len != b.len) {
          return false;
        }
        if (a.array == b.array && a.off == b.off) {
          return true;
        }
        if (!seen.add(new Visit(a.array, b.array, t))) {
          return true;
        }
        for (int i = 0; i < a.len; i++) {
          if (!equal(t.elem, Values.elemBits(a.array, a.off + i), Values.elemRef(a.array, a.off + i),
              Values.elemBits(b.array, b.off + i), Values.elemRef(b.array, b.off + i), seen)) {
            return false;
          }
        }
        return true;
      }
      case INTERFACE: {
        if (xr == null || yr == null) {
          return xr == yr;
        }
        Iface a = (Iface) xr;
        Iface b = (Iface) yr;
        if (a.type != b.type) {
          return false;
        }
        return equal(a.type, a.bits, a.ref, b.bits, b.ref, seen);
      }
      case POINTER: {
        if (Ref.same(xr, yr)) {
          return true;
        }
        if (xr == null || yr == null) {
          return false;
        }
        if (!seen.add(new Visit(xr, yr, t))) {
          return true;
        }
        RType e = t.elem;
        if (e.isValue()) {
          return equal(e, 0, xr, 0, yr, seen);
        }
        if (e.kind.isPrimitive()) {
          return equal(e, loadL(xr), null, loadL(yr), null, seen);
        }
        return equal(e, 0, Ref.loadR(xr), 0, Ref.loadR(yr), seen);
      }
      case STRUCT: {
        Struct a = (Struct) xr;
        Struct b = (Struct) yr;
        for (int i = 0; i < t.fieldTypes.length; i++) {
          if (!equal(t.fieldTypes[i], a.bits(i), a.ref(i), b.bits(i), b.ref(i), seen)) {
            return false;
          }
        }
        return true;
      }
      case MAP: {
        GoMap a = (GoMap) xr;
        GoMap b = (GoMap) yr;
        if ((a == null) != (b == null)) {
          return false;
        }
        if (a == null) {
          return true;
        }
        if (a.len() != b.len()) {
          return false;
        }
        if (a == b) {
          return true;
        }
        if (!seen.add(new Visit(a, b, t))) {
          return true;
        }
        int n = a.len();
        long[] kb = new long[n];
        Object[] kr = new Object[n];
        long[] vb = new long[n];
        Object[] vr = new Object[n];
        a.entries(kb, kr, vb, vr);
        long[] ls = new long[1];
        Object[] rs = new Object[1];
        for (int i = 0; i < n; i++) {
          if (!b.get(kb[i], kr[i], ls, rs, 0)) {
            return false;
          }
          if (!equal(t.elem, vb[i], vr[i], ls[0], rs[0], seen)) {
            return false;
          }
        }
        return true;
      }
      case FUNC:
        return xr == null && yr == null;
      default: // chan, unsafe.Pointer
        return xr == yr;
    }
  }

}
