package gol.stdlib.reflect;

import gol.runtime.RType;
import gol.runtime.Struct;

/**
 * What another package's natives may do with a reflect.Value: read its type and its value as a
 * slot holds it, and store into a settable one (encoding/json's Java encoder and decoder walk a
 * Value's contents without making a Value per element). A reflect.Value reaches a native as the one-field struct it is in gol; its field is
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

  /** Whether the Value is settable (CanSet). */
  public static boolean canSet(Object h) {
    return ((Val) h).canSet();
  }

  /**
   * Stores (bits, ref) into the settable Value's variable, as Set does once it has checked the
   * type; a struct or array value object that is the variable's own is left as it is.
   */
  public static void store(Object h, long bits, Object ref) {
    Val v = (Val) h;
    if (v.t.isValue() && ref == v.ref()) {
      return;
    }
    v.store(bits, ref);
  }
}
