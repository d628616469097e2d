package gol.runtime;

import java.util.Arrays;

/**
 * Operations on gol values that depend on their type: zero values, copies of value composites,
 * equality and hashing (for ==, interface comparison and map keys).
 *
 * <p><b>Arrays.</b> An array value {@code [N]T} is a plain Java array of length N, of the same
 * element representation as a slice's backing array ({@link Slice}): {@code byte[]} for
 * byte/uint8, {@code long[]} for the other primitive kinds, {@code Object[]} otherwise (strings
 * as GoString, never null; struct and array elements as owned value objects). Like a
 * {@link Struct}, an array is owned by one location and copied into others, so a pointer to an
 * array is the Java array itself and slicing an array shares it.
 *
 * <p>A value is passed around as a slot's two halves (bits, ref); composites are always in ref.
 */
public final class Values {
  private Values() {
  }

  /** The zero value of a reference-kind type: "" for strings, a new value for structs/arrays, else nil. */
  public static Object zeroRef(RType t) {
    switch (t.kind) {
      case STRING:
        return GoString.EMPTY;
      case COMPLEX64: case COMPLEX128:
        return Complex.ZERO;
      case STRUCT:
        return new Struct(t);
      case ARRAY:
        if (t.len > Integer.MAX_VALUE) { // more than a Java array holds: Go's allocation fails too
          throw new OutOfMemoryError("array of " + t.len + " elements");
        }
        return newArray(t.elem, (int) t.len);
      default:
        return null;
    }
  }

  /** A Java array of n zero elements of type {@code elem} (also a slice's backing array). */
  public static Object newArray(RType elem, int n) {
    if (elem.kind == RType.Kind.UINT8) {
      return new byte[n];
    }
    if (elem.kind.isPrimitive()) {
      return new long[n];
    }
    Object[] a = new Object[n];
    fillZero(elem, a, 0, n);
    return a;
  }

  /** A Java array of n elements of type elem, left null/0 (the caller fills it). */
  public static Object newArrayNoFill(RType elem, int n) {
    if (elem.kind == RType.Kind.UINT8) {
      return new byte[n];
    }
    return elem.kind.isPrimitive() ? new long[n] : new Object[n];
  }

  /** Sets a[from..to) to the zero value of elem (a no-op for nil-zero kinds). */
  public static void fillZero(RType elem, Object[] a, int from, int to) {
    if (elem.kind == RType.Kind.STRING) {
      Arrays.fill(a, from, to, GoString.EMPTY);
    } else if (elem.kind == RType.Kind.COMPLEX64 || elem.kind == RType.Kind.COMPLEX128) {
      Arrays.fill(a, from, to, Complex.ZERO);
    } else if (elem.isValue()) {
      for (int i = from; i < to; i++) {
        a[i] = zeroRef(elem);
      }
    }
  }

  /** A copy of value {@code v} of type t: deep for structs and arrays, v itself otherwise. */
  public static Object copy(RType t, Object v) {
    if (t.kind == RType.Kind.STRUCT) {
      return ((Struct) v).copy();
    }
    if (t.kind != RType.Kind.ARRAY) {
      return v;
    }
    if (v instanceof long[] a) {
      return a.clone();
    }
    if (v instanceof byte[] a) {
      return a.clone();
    }
    Object[] a = ((Object[]) v).clone();
    if (t.elem.isValue()) {
      for (int i = 0; i < a.length; i++) {
        a[i] = copy(t.elem, a[i]);
      }
    }
    return a;
  }

  /** Copies the contents of value {@code src} into the value object {@code dst} of type t. */
  public static void assign(RType t, Object dst, Object src) {
    if (dst == src) {
      return;
    }
    if (t.kind == RType.Kind.STRUCT) {
      ((Struct) dst).assign((Struct) src);
    } else if (src instanceof long[] a) {
      System.arraycopy(a, 0, dst, 0, a.length);
    } else if (src instanceof byte[] a) {
      System.arraycopy(a, 0, dst, 0, a.length);
    } else {
      Object[] s = (Object[]) src;
      Object[] d = (Object[]) dst;
      if (t.elem.isValue()) {
        for (int i = 0; i < s.length; i++) {
          assign(t.elem, d[i], s[i]);
        }
      } else {
        System.arraycopy(s, 0, d, 0, s.length);
      }
    }
  }

  /**
   * Exchanges two values of value type t (structs, arrays) in place, without allocating: what
   * sort.Slice's swap does to a slice of structs.
   */
  public static void swap(RType t, Object x, Object y) {
    if (x == y) {
      return;
    }
    if (t.kind == RType.Kind.STRUCT) {
      ((Struct) x).swapWith((Struct) y);
    } else if (x instanceof long[] a) {
      long[] b = (long[]) y;
      for (int i = 0; i < a.length; i++) {
        long v = a[i];
        a[i] = b[i];
        b[i] = v;
      }
    } else if (x instanceof byte[] a) {
      byte[] b = (byte[]) y;
      for (int i = 0; i < a.length; i++) {
        byte v = a[i];
        a[i] = b[i];
        b[i] = v;
      }
    } else {
      Object[] a = (Object[]) x;
      Object[] b = (Object[]) y;
      for (int i = 0; i < a.length; i++) {
        if (t.elem.isValue()) {
          swap(t.elem, a[i], b[i]);
        } else {
          Object v = a[i];
          a[i] = b[i];
          b[i] = v;
        }
      }
    }
  }

  // ---- equality ----

  /** {@code x == y} for two values of type t given as slot halves. */
  public static boolean equal(RType t, long xb, Object xr, long yb, Object yr) {
    if (t.kind.isPrimitive()) {
      if (t.kind.isFloat()) {
        return Double.longBitsToDouble(xb) == Double.longBitsToDouble(yb);
      }
      return xb == yb;
    }
    return equalRef(t, xr, yr);
  }

  /** {@code x == y} for two values of reference-kind type t. */
  public static boolean equalRef(RType t, Object x, Object y) {
    switch (t.kind) {
      case STRING:
        return x.equals(y);
      case COMPLEX64: case COMPLEX128:
        return ((Complex) x).eq((Complex) y);
      case INTERFACE:
        return equalIface((Iface) x, (Iface) y);
      case STRUCT: {
        Struct a = (Struct) x;
        Struct b = (Struct) y;
        RType[] ft = t.fieldTypes;
        for (int i = 0; i < ft.length; i++) {
          int k = t.fieldSlot[i];
          boolean eq = ft[i].kind.isPrimitive()
              ? equal(ft[i], a.l[k], null, b.l[k], null)
              : equalRef(ft[i], a.r[k], b.r[k]);
          if (!eq) {
            return false;
          }
        }
        return true;
      }
      case ARRAY: {
        RType e = t.elem;
        int n = (int) t.len;
        for (int i = 0; i < n; i++) {
          if (!equal(e, elemBits(x, i), elemRef(x, i), elemBits(y, i), elemRef(y, i))) {
            return false;
          }
        }
        return true;
      }
      case SLICE: case MAP: case FUNC:
        throw GoPanic.runtime("comparing uncomparable type " + t.name);
      default: // pointers, chans, unsafe pointers
        return Ref.same(x, y);
    }
  }

  /** Interface equality: same dynamic type and equal values; panics on uncomparable dynamic types. */
  public static boolean equalIface(Iface x, Iface y) {
    if (x == null || y == null) {
      return x == y;
    }
    if (x.type != y.type && !x.type.samePredeclared(y.type)) {
      return false;
    }
    if (!x.type.comparable()) {
      throw GoPanic.runtime("comparing uncomparable type " + x.type.name);
    }
    return equal(x.type, x.bits, x.ref, y.bits, y.ref);
  }

  /** Element i of a Java array value, primitive half. */
  public static long elemBits(Object a, int i) {
    if (a instanceof long[] l) {
      return l[i];
    }
    if (a instanceof byte[] b) {
      return b[i] & 0xFF;
    }
    return 0;
  }

  /** Element i of a Java array value, reference half. */
  public static Object elemRef(Object a, int i) {
    return a instanceof Object[] o ? o[i] : null;
  }

  // ---- hashing (map keys) ----

  /** A hash of a value of type t consistent with {@link #equal}. */
  public static int hash(RType t, long bits, Object ref) {
    if (t.kind.isPrimitive()) {
      if (t.kind.isFloat()) {
        double d = Double.longBitsToDouble(bits);
        if (d != d) {
          // NaN equals no key, so any hash will do: a random one, as Go's, keeps m[NaN] = v
          // inserts spread instead of one probe chain that grows with each (quadratic)
          return java.util.concurrent.ThreadLocalRandom.current().nextInt();
        }
        bits = d == 0 ? 0 : bits; // +0 and -0 are equal keys
      }
      return Long.hashCode(bits * 0x9E3779B97F4A7C15L);
    }
    switch (t.kind) {
      case STRING:
        return ref.hashCode();
      case COMPLEX64: case COMPLEX128:
        return ((Complex) ref).hash();
      case INTERFACE: {
        Iface i = (Iface) ref;
        if (i == null) {
          return 0;
        }
        if (!i.type.comparable()) {
          throw GoPanic.runtime("hash of unhashable type " + i.type.name);
        }
        return i.type.hashCode() * 31 + hash(i.type, i.bits, i.ref);
      }
      case STRUCT: {
        Struct s = (Struct) ref;
        int h = 17;
        RType[] ft = t.fieldTypes;
        for (int i = 0; i < ft.length; i++) {
          int k = t.fieldSlot[i];
          h = h * 31 + (ft[i].kind.isPrimitive() ? hash(ft[i], s.l[k], null) : hash(ft[i], 0, s.r[k]));
        }
        return h;
      }
      case ARRAY: {
        int h = 19;
        for (int i = 0; i < t.len; i++) {
          h = h * 31 + hash(t.elem, elemBits(ref, i), elemRef(ref, i));
        }
        return h;
      }
      default:
        return ref == null ? 0 : ref.hashCode();
    }
  }
}
