package gol.stdlib;

/**
 * UTF-8 as Go's unicode/utf8 defines it: decoding never fails, an invalid or truncated sequence
 * decodes as {@code (RuneError, 1)}; overlong forms, surrogates and values above U+10FFFF are
 * invalid. Used by fmt (rune counts for padding, %c, %q) and strconv (quoting).
 */
public final class Utf8 {
  public static final int RUNE_ERROR = 0xFFFD;
  public static final int MAX_RUNE = 0x10FFFF;
  public static final int RUNE_SELF = 0x80;

  private Utf8() {
  }

  /**
   * Decodes the rune starting at {@code b[i]} with {@code end} the end of the valid bytes. Returns
   * {@code rune << 8 | width}: take them apart with {@link #rune} and {@link #width}.
   */
  public static int decode(byte[] b, int i, int end) {
    int b0 = b[i] & 0xFF;
    if (b0 < 0x80) {
      return b0 << 8 | 1;
    }
    int need;
    int lo = 0x80;
    int hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      need = 1;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      need = 2;
      if (b0 == 0xE0) {
        lo = 0xA0;
      } else if (b0 == 0xED) {
        hi = 0x9F;
      }
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      need = 3;
      if (b0 == 0xF0) {
        lo = 0x90;
      } else if (b0 == 0xF4) {
        hi = 0x8F;
      }
    } else {
      return RUNE_ERROR << 8 | 1;
    }
    if (i + need >= end) {
      return RUNE_ERROR << 8 | 1; // truncated sequence
    }
    int b1 = b[i + 1] & 0xFF;
    if (b1 < lo || b1 > hi) {
      return RUNE_ERROR << 8 | 1;
    }
    if (need == 1) {
      return ((b0 & 0x1F) << 6 | (b1 & 0x3F)) << 8 | 2;
    }
    int b2 = b[i + 2] & 0xFF;
    if (b2 < 0x80 || b2 > 0xBF) {
      return RUNE_ERROR << 8 | 1;
    }
    if (need == 2) {
      return ((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)) << 8 | 3;
    }
    int b3 = b[i + 3] & 0xFF;
    if (b3 < 0x80 || b3 > 0xBF) {
      return RUNE_ERROR << 8 | 1;
    }
    return ((b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)) << 8 | 4;
  }

  public static int rune(int decoded) {
    return decoded >>> 8;
  }

  public static int width(int decoded) {
    return decoded & 0xFF;
  }

  /** Whether {@code r} is a Unicode scalar value (utf8.ValidRune). */
  public static boolean validRune(long r) {
    return (r >= 0 && r < 0xD800) || (r > 0xDFFF && r <= MAX_RUNE);
  }

  /** The number of runes in {@code b[off, off+len)}, each invalid byte counting as one. */
  public static int runeCount(byte[] b, int off, int len) {
    int count = 0;
    int end = off + len;
    for (int i = off; i < end; count++) {
      i += (b[i] & 0x80) == 0 ? 1 : width(decode(b, i, end));
    }
    return count;
  }

  /** Writes the encoding of {@code r} (U+FFFD if invalid) at {@code b[n]}; returns the new end. */
  public static int encode(byte[] b, int n, int r) {
    if (r >= 0 && r < 0x80) {
      b[n++] = (byte) r;
      return n;
    }
    if (!validRune(r)) {
      r = RUNE_ERROR;
    }
    if (r < 0x800) {
      b[n++] = (byte) (0xC0 | r >> 6);
    } else if (r < 0x10000) {
      b[n++] = (byte) (0xE0 | r >> 12);
      b[n++] = (byte) (0x80 | (r >> 6 & 0x3F));
    } else {
      b[n++] = (byte) (0xF0 | r >> 18);
      b[n++] = (byte) (0x80 | (r >> 12 & 0x3F));
      b[n++] = (byte) (0x80 | (r >> 6 & 0x3F));
    }
    b[n++] = (byte) (0x80 | (r & 0x3F));
    return n;
  }
}
