package gol.stdlib.reflect;

import gol.runtime.RType;
import gol.runtime.Struct;

/**
 * What another package's natives may read of a reflect.Value: its type and its value as a slot
 * holds it (encoding/json's Java encoder walks a Value's contents without making a Value per
 * element). A reflect.Value reaches a native as the one-field struct it is in gol; its field is
 * the {@link Val}, or nil for the zero Value.
 */
public final class Handles {
  private Handles() {
  }

  /** The Val inside a reflect.Value passed to a native (a Struct), or null for the zero Value. */
  public static Object of(Object value) {
    return value == null ? null : ((Struct) value).r[0];
  }

  public static RType type(Object h) {
    return ((Val) h).t;
  }

  /** The primitive half of the value (0 for reference kinds). */
  public static long bits(Object h) {
    return ((Val) h).bits();
  }

  /** The reference half of the value (null for primitive kinds). */
  public static Object ref(Object h) {
    return ((Val) h).ref();
  }
}
