package gol.runtime;

import java.lang.reflect.Field;

/**
 * sun.misc.Unsafe (jdk.unsupported, present in every JDK 17), or null where it cannot be had:
 * what {@link ByteWords} reads words with and the syntax tree cache makes nodes with. It costs
 * nothing to set up, where a VarHandle's or a reflective constructor's first use spins classes.
 */
public final class UnsafeAccess {
  private UnsafeAccess() {
  }

  /** The instance, or null. */
  public static final sun.misc.Unsafe UNSAFE = find();

  private static sun.misc.Unsafe find() {
    try {
      Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (sun.misc.Unsafe) f.get(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
