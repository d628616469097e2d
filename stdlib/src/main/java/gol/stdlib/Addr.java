package gol.stdlib;

import gol.runtime.RType;

/**
 * Made-up addresses for printing: gol values live in the Java heap and have no stable address,
 * but Go prints pointers ({@code %p}, {@code %v} of a pointer, builtin println of a pointer or
 * interface). An address here is derived from the object's identity hash, so it is stable for the
 * object's lifetime and looks like Go's: heap data near {@code 0xc000000000}, type descriptors
 * near {@code 0x4a0000}. Two live objects can (rarely) share an address; output that depends on
 * addresses is never compared by tests, in Go or in gol.
 */
public final class Addr {
  private static final long HEAP_BASE = 0xc000000000L;
  private static final long TYPE_BASE = 0x4a0000L;

  private Addr() {
  }

  /** The address of a heap object; 0 for null (a nil pointer). */
  public static long of(Object o) {
    if (o == null) {
      return 0;
    }
    return HEAP_BASE + ((System.identityHashCode(o) & 0x7FFFFFFL) << 3);
  }

  /** The address of a type descriptor (the first word of an interface value). */
  public static long ofType(RType t) {
    return TYPE_BASE + ((System.identityHashCode(t) & 0xFFFFL) << 5);
  }
}
