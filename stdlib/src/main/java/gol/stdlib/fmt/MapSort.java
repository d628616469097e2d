package gol.stdlib.fmt;

import gol.runtime.GoMap;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Struct;
import gol.runtime.Values;
import gol.stdlib.Addr;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The entries of a map in the order fmt prints them (Go's internal/fmtsort): keys compared by
 * their kind — numbers by value (NaN first), strings byte-wise, false before true, pointers and
 * channels by address, structs and arrays element by element, interfaces by dynamic type (here
 * by the type's name: Go uses the type descriptor's address, which no program can rely on) then
 * value.
 */
final class MapSort {
  private MapSort() {
  }

  /** One entry as interface-like halves. */
  record Entry(long keyBits, Object keyRef, long valBits, Object valRef) {
  }

  static Entry[] sorted(GoMap m) {
    int n = m.len();
    long[] kb = new long[n];
    Object[] kr = new Object[n];
    long[] vb = new long[n];
    Object[] vr = new Object[n];
    m.entries(kb, kr, vb, vr);
    Entry[] es = new Entry[n];
    for (int i = 0; i < n; i++) {
      es[i] = new Entry(kb[i], kr[i], vb[i], vr[i]);
    }
    RType kt = m.keyType;
    Arrays.sort(es, Comparator.comparing(e -> e, (a, b) -> compare(kt, a.keyBits, a.keyRef, b.keyBits, b.keyRef)));
    return es;
  }

  static int compare(RType t, long ab, Object ar, long bb, Object br) {
    RType.Kind k = t.kind;
    if (k == RType.Kind.BOOL) {
      return Long.compare(ab, bb);
    }
    if (k.isSigned()) {
      return Long.compare(ab, bb);
    }
    if (k.isUnsigned()) {
      return Long.compareUnsigned(ab, bb);
    }
    if (k.isFloat()) {
      return compareFloat(Double.longBitsToDouble(ab), Double.longBitsToDouble(bb));
    }
    if (k == RType.Kind.COMPLEX64 || k == RType.Kind.COMPLEX128) {
      // fmtsort: by real part, then imaginary part
      gol.runtime.Complex x = (gol.runtime.Complex) ar;
      gol.runtime.Complex y = (gol.runtime.Complex) br;
      int c = compareFloat(x.re, y.re);
      return c != 0 ? c : compareFloat(x.im, y.im);
    }
    switch (k) {
      case STRING:
        return ((GoString) ar).compareTo((GoString) br);
      case STRUCT: {
        Struct x = (Struct) ar;
        Struct y = (Struct) br;
        for (int i = 0; i < t.fieldTypes.length; i++) {
          int c = compare(t.fieldTypes[i], x.bits(i), x.ref(i), y.bits(i), y.ref(i));
          if (c != 0) {
            return c;
          }
        }
        return 0;
      }
      case ARRAY:
        for (int i = 0; i < t.len; i++) {
          int c = compare(t.elem, Values.elemBits(ar, i), Values.elemRef(ar, i), Values.elemBits(br, i),
              Values.elemRef(br, i));
          if (c != 0) {
            return c;
          }
        }
        return 0;
      case INTERFACE: {
        Iface x = (Iface) ar;
        Iface y = (Iface) br;
        if (x == null || y == null) {
          return x == null ? (y == null ? 0 : -1) : 1;
        }
        int c = x.type.name.compareTo(y.type.name);
        return c != 0 ? c : compare(x.type, x.bits, x.ref, y.bits, y.ref);
      }
      default:
        return Long.compareUnsigned(Addr.of(ar), Addr.of(br));
    }
  }

  /** NaN first, then by value (-0 and +0 equal), as fmtsort compares floats. */
  private static int compareFloat(double x, double y) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return Double.isNaN(x) ? (Double.isNaN(y) ? 0 : -1) : 1;
    }
    return Double.compare(x == 0 ? 0 : x, y == 0 ? 0 : y);
  }
}
