package gol.stdlib;

import gol.runtime.GoString;
import java.util.Arrays;

/**
 * A growable byte buffer: what Go's fmt calls {@code buffer} and strconv's Append functions
 * append to. Output is built as bytes, never as a Java String, so user bytes (including invalid
 * UTF-8) pass through unchanged. Not thread-safe; one per formatting call.
 */
public final class ByteBuf {
  private byte[] b;
  private int n;

  public ByteBuf() {
    this(64);
  }

  public ByteBuf(int capacity) {
    b = new byte[Math.max(capacity, 16)];
  }

  public int length() {
    return n;
  }

  /** Drops everything after the first {@code len} bytes. */
  public void truncate(int len) {
    n = len;
  }

  /** Empties the buffer, and lets its array go if it is longer than {@code max} bytes. */
  public void trim(int max) {
    n = 0;
    if (b.length > max) {
      b = new byte[64];
    }
  }

  private void grow(int extra) {
    if (n + extra > b.length) {
      expand(extra);
    }
  }

  /**
   * grow's rare path, a method of its own so that grow stays small enough (as compiled code, not
   * only as bytecode) for C2 to inline it into every put: with the copy inside it, it was called.
   */
  private void expand(int extra) {
    b = Arrays.copyOf(b, Math.max(b.length * 2, n + extra));
  }

  public ByteBuf put(int c) {
    grow(1);
    b[n++] = (byte) c;
    return this;
  }

  /**
   * Makes room for {@code count} more bytes and counts them in, without writing them; returns
   * where they start in {@link #array()} (the caller fills them at once).
   */
  public int extend(int count) {
    grow(count);
    int at = n;
    n += count;
    return at;
  }

  /** Appends {@code count} copies of byte {@code c}. */
  public ByteBuf fill(int c, int count) {
    if (count > 0) {
      grow(count);
      Arrays.fill(b, n, n + count, (byte) c);
      n += count;
    }
    return this;
  }

  public ByteBuf put(byte[] src, int off, int len) {
    grow(len);
    // System.arraycopy even for the few bytes fmt mostly appends: a loop for up to 16 bytes
    // made bench/fmtbench's six-verb Sprintf 12% slower once C2 had compiled it (session 14)
    System.arraycopy(src, off, b, n, len);
    n += len;
    return this;
  }

  public ByteBuf put(GoString s) {
    return put(s.bytes, s.off, s.len);
  }

  /** Appends a Java string that is known to be ASCII (Go's fixed texts: "<nil>", "%!", ...). */
  public ByteBuf ascii(String s) {
    int len = s.length();
    grow(len);
    for (int i = 0; i < len; i++) {
      b[n++] = (byte) s.charAt(i);
    }
    return this;
  }

  /** Appends a Java string as UTF-8 (type names, which may contain non-ASCII identifiers). */
  public ByteBuf utf8(String s) {
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      rune(cp);
      i += Character.charCount(cp);
    }
    return this;
  }

  /** Appends the UTF-8 encoding of {@code r}; an invalid rune is encoded as U+FFFD (utf8.AppendRune). */
  public ByteBuf rune(int r) {
    grow(4);
    n = Utf8.encode(b, n, r);
    return this;
  }

  /** The backing array: valid bytes are {@code [0, length())}. Only for immediate use. */
  public byte[] array() {
    return b;
  }

  public GoString toGoString() {
    return n == 0 ? GoString.EMPTY : GoString.wrap(Arrays.copyOf(b, n));
  }

  public byte[] toBytes() {
    return Arrays.copyOf(b, n);
  }

  /** For tests and diagnostics: the content decoded as UTF-8. */
  @Override
  public String toString() {
    return new String(b, 0, n, java.nio.charset.StandardCharsets.UTF_8);
  }
}
