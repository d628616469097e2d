package gol.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A Go string: an immutable sequence of bytes, usually UTF-8. Slicing shares the backing array
 * (O(1), as in Go), so a value is a window {@code [off, off+len)} of {@code bytes}, which is never
 * written after construction. The zero value is {@link #EMPTY}; string slots never hold null.
 */
public final class GoString implements Comparable<GoString> {
  public static final GoString EMPTY = new GoString(new byte[0], 0, 0);

  public final byte[] bytes;
  public final int off;
  public final int len;
  private int hash;

  public GoString(byte[] bytes, int off, int len) {
    this.bytes = bytes;
    this.off = off;
    this.len = len;
  }

  /** Wraps {@code b}, which the caller must never modify afterwards. */
  public static GoString wrap(byte[] b) {
    return b.length == 0 ? EMPTY : new GoString(b, 0, b.length);
  }

  public static GoString of(String s) {
    return wrap(s.getBytes(StandardCharsets.UTF_8));
  }

  public int byteAt(int i) {
    return bytes[off + i] & 0xFF;
  }

  public GoString slice(int lo, int hi) {
    if (lo == 0 && hi == len) {
      return this;
    }
    return hi == lo ? EMPTY : new GoString(bytes, off + lo, hi - lo);
  }

  public GoString concat(GoString o) {
    if (o.len == 0) {
      return this;
    }
    if (len == 0) {
      return o;
    }
    byte[] b = new byte[len + o.len];
    System.arraycopy(bytes, off, b, 0, len);
    System.arraycopy(o.bytes, o.off, b, len, o.len);
    return new GoString(b, 0, b.length);
  }

  /**
   * The concatenation of the n strings in {@code rs[base..base+n)} ({@code a + b + c ...}), built
   * in one allocation rather than one per {@code +}.
   */
  public static GoString concat(Object[] rs, int base, int n) {
    int total = 0;
    GoString only = EMPTY;
    int nonEmpty = 0;
    for (int i = base; i < base + n; i++) {
      GoString s = (GoString) rs[i];
      if (s.len != 0) {
        total += s.len;
        only = s;
        nonEmpty++;
      }
    }
    if (nonEmpty <= 1) {
      return only;
    }
    if (total < 0) {
      throw new OutOfMemoryError("string concatenation too long");
    }
    byte[] b = new byte[total];
    int at = 0;
    for (int i = base; i < base + n; i++) {
      GoString s = (GoString) rs[i];
      System.arraycopy(s.bytes, s.off, b, at, s.len);
      at += s.len;
    }
    return new GoString(b, 0, total);
  }

  /** A fresh copy of the bytes (for {@code []byte(s)}). */
  public byte[] toBytes() {
    return Arrays.copyOfRange(bytes, off, off + len);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof GoString s) || s.len != len) {
      return false;
    }
    return Arrays.equals(bytes, off, off + len, s.bytes, s.off, s.off + s.len);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0 && len > 0) {
      h = 1;
      for (int i = off, end = off + len; i < end; i++) {
        h = 31 * h + bytes[i];
      }
      hash = h;
    }
    return h;
  }

  /** Byte-wise unsigned comparison, as Go compares strings. */
  @Override
  public int compareTo(GoString o) {
    return Arrays.compareUnsigned(bytes, off, off + len, o.bytes, o.off, o.off + o.len);
  }

  /** Decodes as UTF-8 (invalid bytes become U+FFFD): for Java-side use, never for Go output. */
  @Override
  public String toString() {
    return new String(bytes, off, len, StandardCharsets.UTF_8);
  }
}
