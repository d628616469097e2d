package gol.runtime;

/**
 * A pointer to a variable of primitive or reference kind that is not a whole heap cell: an
 * element of a slice or array, a field of a struct, a package-level variable. (A pointer to an
 * escaping local is its {@link LongCell} or {@link RefCell}; a pointer to a struct or array is
 * the value object itself, see {@link Struct}.)
 *
 * <p>{@code array} is the {@code long[]}, {@code byte[]} or {@code Object[]} holding the
 * variable at {@code index}. Two Refs are the same pointer when they name the same slot, so
 * {@code &a[0] == &a[0]} holds as in Go ({@link #equals}).
 */
public final class Ref {
  public final Object array;
  public final int index;

  public Ref(Object array, int index) {
    this.array = array;
    this.index = index;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Ref p && p.array == array && p.index == index;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(array) * 31 + index;
  }

  // ---- loads and stores through any pointer to a primitive or reference variable ----

  /** {@code *p} for a pointer to a primitive: a LongCell or a Ref (nil: NullPointerException). */
  public static long loadL(Object p) {
    if (p instanceof LongCell c) {
      return c.v;
    }
    Ref r = (Ref) p;
    if (r.array instanceof long[] a) {
      return a[r.index];
    }
    return ((byte[]) r.array)[r.index] & 0xFF;
  }

  public static void storeL(Object p, long v) {
    if (p instanceof LongCell c) {
      c.v = v;
      return;
    }
    Ref r = (Ref) p;
    if (r.array instanceof long[] a) {
      a[r.index] = v;
    } else {
      ((byte[]) r.array)[r.index] = (byte) v;
    }
  }

  /** {@code *p} for a pointer to a reference-kind variable: a RefCell or a Ref. */
  public static Object loadR(Object p) {
    if (p instanceof RefCell c) {
      return c.v;
    }
    Ref r = (Ref) p;
    return ((Object[]) r.array)[r.index];
  }

  public static void storeR(Object p, Object v) {
    if (p instanceof RefCell c) {
      c.v = v;
      return;
    }
    Ref r = (Ref) p;
    ((Object[]) r.array)[r.index] = v;
  }

  /** Pointer equality: identity, or the same slot. */
  public static boolean same(Object a, Object b) {
    return a == b || (a instanceof Ref r && r.equals(b)) || (a instanceof UnsafePointer u && u.equals(b));
  }
}
