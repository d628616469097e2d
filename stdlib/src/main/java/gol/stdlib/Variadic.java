package gol.stdlib;

import gol.runtime.Slice;

/** The operands of a {@code ...any} parameter: the slot holds a {@link Slice} of Iface, or null. */
public final class Variadic {
  private static final Object[] NONE = new Object[0];

  private Variadic() {
  }

  /** The elements (Iface or null) of the {@code []any} in {@code slot}, as a fresh array. */
  public static Object[] of(Object slot) {
    if (!(slot instanceof Slice s) || s.len == 0) {
      return NONE;
    }
    Object[] a = new Object[s.len];
    System.arraycopy((Object[]) s.array, s.off, a, 0, s.len);
    return a;
  }
}
