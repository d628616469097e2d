package gol.runtime;

import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Little-endian 8- and 4-byte reads of a byte array, each one load once compiled: what
 * {@link GoString}'s hash and {@link GoMap}'s packed string keys read, and bufio's word scan. A byte-array view
 * VarHandle would do the same, but its first use spins method-handle classes for about 20 ms,
 * which every program would pay at start-up; {@code sun.misc.Unsafe} costs nothing to set up
 * (jdk.unsupported, present in every JDK 17). Indices are checked, so a wrong one throws rather
 * than reading outside the array. Without Unsafe the bytes are assembled one by one.
 */
public final class ByteWords {
  private ByteWords() {}

  private static final sun.misc.Unsafe UNSAFE = UnsafeAccess.UNSAFE;
  private static final long BASE = UNSAFE == null ? 0 : UNSAFE.arrayBaseOffset(byte[].class);
  private static final boolean BIG = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

  /** Bytes b[i..i+8) as a little-endian long. */
  public static long getLong(byte[] b, int i) {
    Objects.checkFromIndexSize(i, 8, b.length);
    if (UNSAFE == null) {
      return (long) getInt(b, i) & 0xFFFFFFFFL | (long) getInt(b, i + 4) << 32;
    }
    long w = UNSAFE.getLong(b, BASE + i);
    return BIG ? Long.reverseBytes(w) : w;
  }

  /** Bytes b[i..i+4) as a little-endian int. */
  public static int getInt(byte[] b, int i) {
    Objects.checkFromIndexSize(i, 4, b.length);
    if (UNSAFE == null) {
      return b[i] & 0xFF | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | b[i + 3] << 24;
    }
    int w = UNSAFE.getInt(b, BASE + i);
    return BIG ? Integer.reverseBytes(w) : w;
  }
}
