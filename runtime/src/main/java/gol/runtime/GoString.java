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
  /** The content's hash, computed on first use ({@link #hashCode}); 0 until then. */
  private int hash;
  /**
   * The first 3 bytes, big-endian and zero-padded, shifted left by 8 with 1 in the low byte,
   * computed on first use ({@link #compareTo}); 0 until then. One write, so a racing reader sees
   * 0 or the whole value. An int takes the object's padding (28 bytes of fields and header round
   * up to 32): a long, 7 bytes, made every string 8 bytes bigger, which cost bench/strwork more
   * than its better hit rate gained sorts.
   */
  private int prefix;

  private static final long MUL1 = 0x9E3779B97F4A7C15L;
  private static final long MUL2 = 0xC2B2AE3D27D4EB4FL;

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
      int len = s.len;
      if (len <= 16) { // pieces of keys and lines are short: a loop costs less than the call
        byte[] from = s.bytes;
        int off = s.off;
        for (int j = 0; j < len; j++) {
          b[at + j] = from[off + j];
        }
      } else {
        System.arraycopy(s.bytes, s.off, b, at, len);
      }
      at += len;
    }
    return new GoString(b, 0, total);
  }

  /** A fresh copy of the bytes (for {@code []byte(s)}). */
  public byte[] toBytes() {
    return Arrays.copyOfRange(bytes, off, off + len);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GoString s && equals(s);
  }

  /** Whether the two strings hold the same bytes (the map's and switch's key comparison). */
  public boolean equals(GoString s) {
    if (this == s) {
      return true;
    }
    int n = len;
    if (s.len != n) {
      return false;
    }
    int h1 = hash;
    int h2 = s.hash;
    if (h1 != h2 && h1 != 0 && h2 != 0) {
      return false;
    }
    return sameBytes(bytes, off, s.bytes, s.off, n);
  }

  /** Whether a[ao..ao+n) and b[bo..bo+n) are equal: 8 bytes at a time, the last 8 overlapping. */
  static boolean sameBytes(byte[] a, int ao, byte[] b, int bo, int n) {
    if (n >= 8) {
      for (int i = 0; i < n - 8; i += 8) {
        if (ByteWords.getLong(a, ao + i) != ByteWords.getLong(b, bo + i)) {
          return false;
        }
      }
      return ByteWords.getLong(a, ao + n - 8) == ByteWords.getLong(b, bo + n - 8);
    }
    if (n >= 4) {
      return ByteWords.getInt(a, ao) == ByteWords.getInt(b, bo)
          && ByteWords.getInt(a, ao + n - 4) == ByteWords.getInt(b, bo + n - 4);
    }
    for (int i = 0; i < n; i++) {
      if (a[ao + i] != b[bo + i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The content's hash, cached. Maps and string switches probe with it, mostly with fresh strings
   * (a concatenation, a {@code string(b)}), so it reads 8 bytes a step instead of Java's one
   * multiply-add a byte (a 14-byte key was 20 ns of serial multiplies). A string of at most
   * {@link #SHORT} bytes hashes its two packed words ({@link #lo}, {@link #hi}), which
   * {@link GoMap} also keeps for its keys. Never 0, so 0 means "not computed yet".
   */
  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      byte[] b = bytes;
      int n = len;
      h = n <= SHORT ? hashShort(lo(b, off, n), hi(b, off, n)) : hashLong(b, off, n);
      hash = h;
    }
    return h;
  }

  /** hashCode, given the string's packed words (at most SHORT bytes). */
  int hashCode(long lo, long hi) {
    int h = hash;
    if (h == 0) {
      h = hash = hashShort(lo, hi);
    }
    return h;
  }

  /** The longest string {@link #lo} and {@link #hi} hold: 15 bytes and the length. */
  static final int SHORT = 15;

  /** Bytes 0-7 of b[off..off+n) (n at most SHORT), little-endian, zeros past the end. */
  static long lo(byte[] b, int off, int n) {
    if (n >= 8) {
      return ByteWords.getLong(b, off);
    }
    if (n >= 4) { // bytes 0-3, then bytes 4..n-1 from the last four
      long last = ByteWords.getInt(b, off + n - 4) & 0xFFFFFFFFL;
      return ByteWords.getInt(b, off) & 0xFFFFFFFFL | last >>> 8 * (8 - n) << 32;
    }
    if (n == 0) {
      return 0;
    }
    // 1-3 bytes without a loop: bytes 0, n/2 and n-1 cover them (n = 1: all three are byte 0)
    int mid = n >> 1;
    return b[off] & 0xFFL | (b[off + mid] & 0xFFL) << 8 * mid | (b[off + n - 1] & 0xFFL) << 8 * (n - 1);
  }

  /** Bytes 8..n-1 of b[off..off+n) (n at most SHORT), little-endian, with n in the top byte. */
  static long hi(byte[] b, int off, int n) {
    long w = 0;
    if (n > 8) { // the last eight bytes, without those lo holds
      w = ByteWords.getLong(b, off + n - 8) >>> 8 * (16 - n);
    }
    return w | (long) n << 56;
  }

  static int hashShort(long lo, long hi) {
    return finish(Long.rotateLeft(lo * MUL2, 31) ^ hi);
  }

  /** The hash of a string longer than SHORT: 8 bytes a step, the last 8 overlapping. */
  private static int hashLong(byte[] b, int off, int n) {
    long h = n * MUL1;
    int end = off + n;
    for (int i = off; end - i > 8; i += 8) {
      h = Long.rotateLeft((h ^ ByteWords.getLong(b, i)) * MUL2, 31);
    }
    return finish(h ^ ByteWords.getLong(b, end - 8));
  }

  private static int finish(long h) {
    h *= MUL1;
    h ^= h >>> 32;
    h *= MUL2;
    int r = (int) (h ^ h >>> 29);
    return r != 0 ? r : 1;
  }

  /**
   * Byte-wise unsigned comparison, as Go compares strings. Two strings that differ in their
   * first 3 bytes, or are both that short, are ordered by their cached prefixes alone, without
   * reading their byte arrays: sorting a slice too big for the cache, a string's object and its
   * bytes were two dependent misses a comparison (bench/sortstructs's names).
   */
  @Override
  public int compareTo(GoString o) {
    int a = prefix();
    int b = o.prefix();
    if (a != b) {
      return Integer.compareUnsigned(a, b);
    }
    if (len <= 3 && o.len <= 3) { // equal up to the shorter, the longer's rest zero bytes
      return Integer.compare(len, o.len);
    }
    return Arrays.compareUnsigned(bytes, off, off + len, o.bytes, o.off, o.off + o.len);
  }

  private int prefix() {
    int p = prefix;
    if (p == 0) {
      int n = Math.min(len, 3);
      for (int i = 0; i < n; i++) {
        p |= (bytes[off + i] & 0xFF) << (24 - 8 * i);
      }
      p |= 1;
      prefix = p;
    }
    return p;
  }

  /** Decodes as UTF-8 (invalid bytes become U+FFFD): for Java-side use, never for Go output. */
  @Override
  public String toString() {
    return new String(bytes, off, len, StandardCharsets.UTF_8);
  }
}
