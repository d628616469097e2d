package gol.interp;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes of a cache entry being written (a syntax tree, a compiled program): variable-length
 * numbers, seven bits a byte, low first; {@link ByteReader} reads them back. Not thread-safe.
 */
public final class ByteWriter {
  private byte[] b = new byte[4096];
  private int n;

  private void byte1(int x) {
    if (n == b.length) {
      b = Arrays.copyOf(b, n * 2);
    }
    b[n++] = (byte) x;
  }

  /** An unsigned number. */
  public void u(int x) {
    while ((x & ~0x7F) != 0) {
      byte1(x & 0x7F | 0x80);
      x >>>= 7;
    }
    byte1(x);
  }

  /** A signed number, zigzag-coded so that small negative numbers are short too. */
  public void s(long x) {
    long z = x << 1 ^ x >> 63;
    while ((z & ~0x7FL) != 0) {
      byte1((int) (z & 0x7F) | 0x80);
      z >>>= 7;
    }
    byte1((int) z);
  }

  /** A number as eight bytes, high first (for bits that are rarely small: hashes, doubles). */
  public void fixed(long v) {
    for (int i = 56; i >= 0; i -= 8) {
      byte1((int) (v >>> i));
    }
  }

  public void bool(boolean v) {
    byte1(v ? 1 : 0);
  }

  /** A length, then the bytes. */
  public void bytes(byte[] x) {
    u(x.length);
    if (n + x.length > b.length) {
      b = Arrays.copyOf(b, Math.max(b.length * 2, n + x.length));
    }
    System.arraycopy(x, 0, b, n, x.length);
    n += x.length;
  }

  /** The string's UTF-8 bytes, as {@link #bytes}. */
  public void string(String s) {
    bytes(s.getBytes(StandardCharsets.UTF_8));
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(b, n);
  }
}
