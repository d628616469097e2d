package gol.stdlib.regexp;

/**
 * UTF-8 bytes as the UTF-16 text Go's regexp would see: each byte that does not start a valid
 * UTF-8 sequence reads as U+FFFD of width 1 (utf8.DecodeRune's rule). byteOffset maps each
 * char index of the text (and its length) back to a byte offset.
 */
final class Utf8Text {
  final String text;
  final int[] byteOffset;

  Utf8Text(byte[] b) {
    StringBuilder sb = new StringBuilder(b.length);
    int[] map = new int[2 * b.length + 1];
    int i = 0;
    while (i < b.length) {
      int n = seqLen(b, i);
      int cp;
      if (n == 0) {
        cp = 0xFFFD;
        n = 1;
      } else {
        cp = decode(b, i, n);
      }
      map[sb.length()] = i;
      sb.appendCodePoint(cp);
      if (Character.charCount(cp) == 2) {
        map[sb.length() - 1] = i;
      }
      i += n;
    }
    map[sb.length()] = b.length;
    this.text = sb.toString();
    this.byteOffset = map;
  }

  static boolean valid(byte[] b) {
    return firstInvalid(b) < 0;
  }

  /** The offset of the first byte that does not start a valid UTF-8 sequence, or -1. */
  static int firstInvalid(byte[] b) {
    int i = 0;
    while (i < b.length) {
      if (b[i] >= 0) {
        i++;
        continue;
      }
      int n = seqLen(b, i);
      if (n == 0) {
        return i;
      }
      i += n;
    }
    return -1;
  }

  /** The length of the valid UTF-8 sequence at i (Go's rules: no overlongs, surrogates or > U+10FFFF), or 0. */
  private static int seqLen(byte[] b, int i) {
    int c = b[i] & 0xFF;
    if (c < 0x80) {
      return 1;
    }
    int n;
    int lo = 0x80;
    int hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      if (c == 0xE0) {
        lo = 0xA0;
      } else if (c == 0xED) {
        hi = 0x9F;
      }
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      if (c == 0xF0) {
        lo = 0x90;
      } else if (c == 0xF4) {
        hi = 0x8F;
      }
    } else {
      return 0;
    }
    if (i + n > b.length) {
      return 0;
    }
    int c1 = b[i + 1] & 0xFF;
    if (c1 < lo || c1 > hi) {
      return 0;
    }
    for (int k = 2; k < n; k++) {
      int ck = b[i + k] & 0xFF;
      if (ck < 0x80 || ck > 0xBF) {
        return 0;
      }
    }
    return n;
  }

  private static int decode(byte[] b, int i, int n) {
    int c = b[i] & 0xFF;
    if (n == 1) {
      return c;
    }
    int cp = c & (0xFF >> (n + 1));
    for (int k = 1; k < n; k++) {
      cp = cp << 6 | (b[i + k] & 0x3F);
    }
    return cp;
  }
}
