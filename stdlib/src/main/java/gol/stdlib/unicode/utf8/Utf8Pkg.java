package gol.stdlib.unicode.utf8;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import gol.stdlib.Utf8;

/**
 * The natives of package unicode/utf8 (utf8.gol), on {@link Utf8}'s decoder: an invalid or
 * truncated sequence decodes as (RuneError, 1), an empty input as (RuneError, 0). Strings and
 * byte slices share one implementation over (array, offset, length).
 */
public final class Utf8Pkg {

  private Utf8Pkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "RuneLen" -> Utf8Pkg::runeLen;
      case "RuneCount" -> Utf8Pkg::runeCount;
      case "RuneCountInString" -> Utf8Pkg::runeCountInString;
      case "DecodeRune" -> Utf8Pkg::decodeRune;
      case "DecodeRuneInString" -> Utf8Pkg::decodeRuneInString;
      case "DecodeLastRune" -> Utf8Pkg::decodeLastRune;
      case "DecodeLastRuneInString" -> Utf8Pkg::decodeLastRuneInString;
      case "EncodeRune" -> Utf8Pkg::encodeRune;
      case "Valid" -> Utf8Pkg::valid;
      case "ValidString" -> Utf8Pkg::validString;
      case "ValidRune" -> Utf8Pkg::validRune;
      case "FullRune" -> Utf8Pkg::fullRune;
      case "FullRuneInString" -> Utf8Pkg::fullRuneInString;
      case "RuneStart" -> Utf8Pkg::runeStart;
      default -> null;
    };
  }

  /** func RuneLen(r rune) int: the number of bytes to encode r, or -1 if r is not valid. */
  static void runeLen(G g, int base) {
    g.ls[base] = runeLen(g.ls[base]);
  }

  public static int runeLen(long r) {
    if (r < 0) {
      return -1;
    } else if (r < 0x80) {
      return 1;
    } else if (r < 0x800) {
      return 2;
    } else if (r >= 0xD800 && r <= 0xDFFF) {
      return -1;
    } else if (r < 0x10000) {
      return 3;
    } else if (r <= Utf8.MAX_RUNE) {
      return 4;
    }
    return -1;
  }

  static void runeCount(G g, int base) {
    Slice p = (Slice) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = p == null ? 0 : Utf8.runeCount((byte[]) p.array, p.off, p.len);
  }

  static void runeCountInString(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Utf8.runeCount(s.bytes, s.off, s.len);
  }

  static void decodeRune(G g, int base) {
    Slice p = (Slice) g.rs[base];
    g.rs[base] = null;
    setDecoded(g, base, p == null ? 0 : decode((byte[]) p.array, p.off, p.len));
  }

  static void decodeRuneInString(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    setDecoded(g, base, decode(s.bytes, s.off, s.len));
  }

  static void decodeLastRune(G g, int base) {
    Slice p = (Slice) g.rs[base];
    g.rs[base] = null;
    setDecoded(g, base, p == null ? 0 : decodeLast((byte[]) p.array, p.off, p.len));
  }

  static void decodeLastRuneInString(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    setDecoded(g, base, decodeLast(s.bytes, s.off, s.len));
  }

  private static void setDecoded(G g, int base, int decoded) {
    int width = Utf8.width(decoded);
    g.ls[base] = width == 0 ? Utf8.RUNE_ERROR : Utf8.rune(decoded);
    g.ls[base + 1] = width;
  }

  /** The first rune of {@code b[off, off+len)} as {@code rune << 8 | width}; width 0 if empty. */
  public static int decode(byte[] b, int off, int len) {
    return len == 0 ? Utf8.RUNE_ERROR << 8 : Utf8.decode(b, off, off + len);
  }

  /**
   * The last rune of {@code b[off, off+len)}: back up over at most UTFMax-1 continuation bytes to a
   * start byte; if the rune found there does not end exactly at the end, the last byte is an
   * error of width 1.
   */
  public static int decodeLast(byte[] b, int off, int len) {
    if (len == 0) {
      return Utf8.RUNE_ERROR << 8;
    }
    int end = off + len;
    int last = b[end - 1] & 0xFF;
    if (last < Utf8.RUNE_SELF) {
      return last << 8 | 1;
    }
    int lim = Math.max(end - 4, off);
    int start = end - 2;
    while (start >= lim && (b[start] & 0xC0) == 0x80) {
      start--;
    }
    if (start < off) {
      start = off;
    }
    int d = Utf8.decode(b, start, end);
    return start + Utf8.width(d) != end ? Utf8.RUNE_ERROR << 8 | 1 : d;
  }

  /**
   * func EncodeRune(p []byte, r rune) int: writes the encoding of r (RuneError if r is invalid)
   * into p; panics as Go's bounds check does when p is too short.
   */
  static void encodeRune(G g, int base) {
    Slice p = (Slice) g.rs[base];
    long r = g.ls[base + 1];
    g.rs[base] = null;
    int rr = Utf8.validRune(r) ? (int) r : Utf8.RUNE_ERROR;
    int n = runeLen(rr);
    int plen = p == null ? 0 : p.len;
    if (plen < n) {
      throw GoPanic.runtime("index out of range [" + (n == 1 ? 0 : n - 1) + "] with length " + plen);
    }
    byte[] tmp = new byte[4];
    Utf8.encode(tmp, 0, rr);
    System.arraycopy(tmp, 0, (byte[]) p.array, p.off, n);
    g.ls[base] = n;
  }

  static void valid(G g, int base) {
    Slice p = (Slice) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = p == null || valid((byte[]) p.array, p.off, p.len) ? 1 : 0;
  }

  static void validString(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = valid(s.bytes, s.off, s.len) ? 1 : 0;
  }

  /** Whether {@code b[off, off+len)} is entirely valid UTF-8. */
  public static boolean valid(byte[] b, int off, int len) {
    int end = off + len;
    for (int i = off; i < end; ) {
      if (b[i] >= 0) {
        i++;
        continue;
      }
      int d = Utf8.decode(b, i, end);
      if (Utf8.width(d) == 1) {
        return false;
      }
      i += Utf8.width(d);
    }
    return true;
  }

  static void validRune(G g, int base) {
    g.ls[base] = Utf8.validRune(g.ls[base]) ? 1 : 0;
  }

  static void fullRune(G g, int base) {
    Slice p = (Slice) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = p != null && fullRune((byte[]) p.array, p.off, p.len) ? 1 : 0;
  }

  static void fullRuneInString(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = fullRune(s.bytes, s.off, s.len) ? 1 : 0;
  }

  /**
   * Whether {@code b[off, off+len)} begins with a full encoding: an invalid sequence counts as full
   * (it decodes as a width-1 error); only a valid but truncated prefix is not.
   */
  public static boolean fullRune(byte[] b, int off, int len) {
    if (len == 0) {
      return false;
    }
    int b0 = b[off] & 0xFF;
    int size;
    if (b0 < 0xC2 || b0 > 0xF4) {
      return true; // ASCII, or a byte that can never start a sequence
    } else if (b0 < 0xE0) {
      size = 2;
    } else if (b0 < 0xF0) {
      size = 3;
    } else {
      size = 4;
    }
    if (len >= size) {
      return true;
    }
    int lo = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80;
    int hi = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF;
    if (len > 1) {
      int b1 = b[off + 1] & 0xFF;
      if (b1 < lo || b1 > hi) {
        return true;
      }
    }
    if (len > 2) {
      int b2 = b[off + 2] & 0xFF;
      if (b2 < 0x80 || b2 > 0xBF) {
        return true;
      }
    }
    return false;
  }

  /** func RuneStart(b byte) bool: whether b could be the first byte of an encoding. */
  static void runeStart(G g, int base) {
    g.ls[base] = (g.ls[base] & 0xC0) != 0x80 ? 1 : 0;
  }
}
