package gol.interp;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads what a {@link ByteWriter} wrote, from {@code data[at, end)}; reading past the end throws
 * IllegalStateException ("truncated"), which the caches take for a damaged entry. The codecs'
 * readers extend it with their records. Not thread-safe.
 */
public class ByteReader {
  protected final byte[] data;
  protected int at;
  protected final int end;

  public ByteReader(byte[] data, int from, int to) {
    this.data = data;
    this.at = from;
    this.end = to;
  }

  private int byte1() {
    if (at >= end) {
      throw new IllegalStateException("truncated");
    }
    return data[at++];
  }

  /** {@link ByteWriter#u}'s number. */
  public final int u() {
    int r = 0;
    for (int shift = 0; ; shift += 7) {
      int x = byte1();
      r |= (x & 0x7F) << shift;
      if (x >= 0) {
        return r;
      }
    }
  }

  /** {@link ByteWriter#s}'s number. */
  public final long s() {
    long r = 0;
    for (int shift = 0; ; shift += 7) {
      int x = byte1();
      r |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        return r >>> 1 ^ -(r & 1);
      }
    }
  }

  /** {@link ByteWriter#fixed}'s number. */
  public final long fixed() {
    if (at + 8 > end) {
      throw new IllegalStateException("truncated");
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (data[at++] & 0xFF);
    }
    return v;
  }

  public final boolean bool() {
    return byte1() != 0;
  }

  /** {@link ByteWriter#bytes}' bytes. */
  public final byte[] bytes() {
    int n = u();
    if (n < 0 || at + n > end) {
      throw new IllegalStateException("truncated");
    }
    byte[] r = Arrays.copyOfRange(data, at, at + n);
    at += n;
    return r;
  }

  /** {@link ByteWriter#string}'s string. */
  public final String string() {
    int n = u();
    if (n < 0 || at + n > end) {
      throw new IllegalStateException("truncated");
    }
    String r = new String(data, at, n, StandardCharsets.UTF_8);
    at += n;
    return r;
  }

  /** Whether everything up to the end was read. */
  public final boolean atEnd() {
    return at == end;
  }
}
