package gol.stdlib.fmt;

import gol.runtime.GoString;
import gol.stdlib.ByteBuf;
import gol.stdlib.Utf8;
import gol.stdlib.strconv.Ftoa;
import gol.stdlib.strconv.Quote;

/**
 * The raw formatter under {@link Printer} (Go's {@code fmt} struct, format.go): the flags, width
 * and precision of one verb, and the routines that format one basic value into the output buffer
 * honouring them — padding, integers in any base, strings, quoted strings, characters, floats.
 *
 * <p><b>Invariants.</b> {@code wid} and {@code prec} are ≥ 0 and meaningful only when
 * {@code widPresent}/{@code precPresent}; {@code zero} pads on the left only ({@code minus}
 * wins); {@code plusV}/{@code sharpV} are the {@code %+v}/{@code %#v} forms, set instead of
 * {@code plus}/{@code sharp} for verb 'v'.
 */
final class Format {
  static final byte[] LDIGITS = "0123456789abcdefx".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  static final byte[] UDIGITS = "0123456789ABCDEFX".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  final ByteBuf buf;

  boolean widPresent;
  boolean precPresent;
  boolean minus;
  boolean plus;
  boolean sharp;
  boolean space;
  boolean zero;
  boolean plusV;
  boolean sharpV;
  int wid;
  int prec;

  /** Scratch space for one number, filled right to left. */
  private byte[] num = new byte[68];
  /** Scratch space for one float's text (fmtFloat), reused by each. */
  private final ByteBuf floatText = new ByteBuf(32);

  Format(ByteBuf buf) {
    this.buf = buf;
  }

  void clearFlags() {
    widPresent = precPresent = minus = plus = sharp = space = zero = plusV = sharpV = false;
    wid = prec = 0;
  }

  /** Sets every flag, the width and the precision at once from a {@link Plan} directive. */
  void setFlags(int flags, int width, int precision) {
    sharp = (flags & Plan.SHARP) != 0;
    zero = (flags & Plan.ZERO) != 0;
    plus = (flags & Plan.PLUS) != 0;
    minus = (flags & Plan.MINUS) != 0;
    space = (flags & Plan.SPACE) != 0;
    plusV = sharpV = false;
    widPresent = width != Plan.NONE;
    wid = widPresent ? width : 0;
    precPresent = precision != Plan.NONE;
    prec = precPresent ? precision : 0;
  }

  /** Appends {@code n} bytes of padding: zeros when zero-padding to the left, else spaces. */
  void writePadding(int n) {
    if (n > 0) {
      buf.fill(zero && !minus ? '0' : ' ', n);
    }
  }

  /** Appends {@code b[off, off+len)} padded to the width, on the left unless {@code minus}. */
  void pad(byte[] b, int off, int len) {
    if (!widPresent || wid == 0) {
      buf.put(b, off, len);
      return;
    }
    int width = wid - Utf8.runeCount(b, off, len);
    if (!minus) {
      writePadding(width);
      buf.put(b, off, len);
    } else {
      buf.put(b, off, len);
      writePadding(width);
    }
  }

  /** Pads the bytes appended to {@code buf} since {@code start} (formatted in place). */
  void padFrom(int start) {
    if (!widPresent || wid == 0) {
      return;
    }
    byte[] b = java.util.Arrays.copyOfRange(buf.array(), start, buf.length());
    buf.truncate(start);
    pad(b, 0, b.length);
  }

  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] NIL = {'<', 'n', 'i', 'l', '>'};

  void fmtBoolean(boolean v) {
    byte[] b = v ? TRUE : FALSE;
    pad(b, 0, b.length);
  }

  /** {@code <nil>}, padded. */
  void fmtNil() {
    pad(NIL, 0, NIL.length);
  }

  /** %U: "U+0078", or with {@code sharp} "U+0078 'x'" when printable; {@code u} is unsigned. */
  void fmtUnicode(long u) {
    int p = precPresent && prec > 4 ? prec : 4;
    ByteBuf out = new ByteBuf(24 + p);
    out.ascii("U+");
    String hex = Long.toHexString(u).toUpperCase(java.util.Locale.ROOT);
    out.fill('0', p - hex.length());
    out.ascii(hex);
    if (sharp && Long.compareUnsigned(u, Utf8.MAX_RUNE) <= 0 && Quote.isPrint((int) u)) {
      out.ascii(" '").rune((int) u).put('\'');
    }
    boolean oldZero = zero;
    zero = false;
    pad(out.array(), 0, out.length());
    zero = oldZero;
  }

  /**
   * Formats the integer {@code u} (two's complement bits; negative only if {@code signed}) in
   * {@code base} with the given digit set, honouring precision (minimum digits), zero padding,
   * {@code + space #} and verb 'O' (0o prefix).
   */
  void fmtInteger(long u, int base, boolean signed, int verb, byte[] digits) {
    boolean negative = signed && u < 0;
    if (negative) {
      u = -u;
    }
    int need = 3 + (widPresent ? wid : 0) + (precPresent ? prec : 0);
    byte[] b = need > num.length ? new byte[Math.max(need, 68)] : num;
    int p = 0;
    if (precPresent) {
      p = prec;
      if (p == 0 && u == 0) {
        // precision 0 and value 0 print nothing but the padding
        boolean oldZero = zero;
        zero = false;
        writePadding(wid);
        zero = oldZero;
        return;
      }
    } else if (zero && !minus && widPresent) {
      p = wid;
      if (negative || plus || space) {
        p--; // leave room for the sign
      }
    }
    int i = b.length;
    switch (base) {
      case 10 -> {
        if (u < 0) { // an unsigned value of 2^63 or more: one unsigned step brings it below
          long next = Long.divideUnsigned(u, 10);
          b[--i] = (byte) ('0' + (u - next * 10));
          u = next;
        }
        while (u >= 100) { // two digits a step; a signed division by a constant is a multiply
          long next = u / 100;
          int r = (int) (u - next * 100);
          b[--i] = (byte) ('0' + r % 10);
          b[--i] = (byte) ('0' + r / 10);
          u = next;
        }
        if (u >= 10) {
          b[--i] = (byte) ('0' + u % 10);
          u /= 10;
        }
      }
      case 16 -> {
        while (Long.compareUnsigned(u, 16) >= 0) {
          b[--i] = digits[(int) (u & 0xF)];
          u >>>= 4;
        }
      }
      case 8 -> {
        while (Long.compareUnsigned(u, 8) >= 0) {
          b[--i] = (byte) ('0' + (u & 7));
          u >>>= 3;
        }
      }
      case 2 -> {
        while (Long.compareUnsigned(u, 2) >= 0) {
          b[--i] = (byte) ('0' + (u & 1));
          u >>>= 1;
        }
      }
      default -> throw new IllegalArgumentException("fmtInteger: unknown base " + base);
    }
    b[--i] = digits[(int) u];
    while (i > 0 && p > b.length - i) {
      b[--i] = '0';
    }
    if (sharp) {
      switch (base) {
        case 2 -> {
          b[--i] = 'b';
          b[--i] = '0';
        }
        case 8 -> {
          if (b[i] != '0') {
            b[--i] = '0';
          }
        }
        case 16 -> {
          b[--i] = digits[16];
          b[--i] = '0';
        }
        default -> {
        }
      }
    }
    if (verb == 'O') {
      b[--i] = 'o';
      b[--i] = '0';
    }
    if (negative) {
      b[--i] = '-';
    } else if (plus) {
      b[--i] = '+';
    } else if (space) {
      b[--i] = ' ';
    }
    // zero padding was done above as precision, or is ignored because a precision was given
    boolean oldZero = zero;
    zero = false;
    pad(b, i, b.length - i);
    zero = oldZero;
  }

  /** The length of {@code s} cut to at most {@code prec} runes when a precision is present. */
  int truncatedLength(byte[] b, int off, int len) {
    if (!precPresent) {
      return len;
    }
    int n = prec;
    int end = off + len;
    for (int i = off; i < end; ) {
      if (--n < 0) {
        return i - off;
      }
      i += (b[i] & 0x80) == 0 ? 1 : Utf8.width(Utf8.decode(b, i, end));
    }
    return len;
  }

  /** %s of a string. */
  void fmtS(GoString s) {
    pad(s.bytes, s.off, truncatedLength(s.bytes, s.off, s.len));
  }

  /** %x / %X of a string: two hex digits per byte, {@code space} separates, {@code sharp} adds 0x. */
  void fmtSx(GoString s, byte[] digits) {
    int length = s.len;
    if (precPresent && prec < length) {
      length = prec;
    }
    int width = 2 * length;
    if (width > 0) {
      if (space) {
        if (sharp) {
          width *= 2; // each byte gets its own 0x
        }
        width += length - 1;
      } else if (sharp) {
        width += 2;
      }
    } else {
      if (widPresent) {
        writePadding(wid);
      }
      return;
    }
    if (widPresent && wid > width && !minus) {
      writePadding(wid - width);
    }
    if (sharp) {
      buf.put('0').put(digits[16]);
    }
    for (int i = 0; i < length; i++) {
      if (space && i > 0) {
        buf.put(' ');
        if (sharp) {
          buf.put('0').put(digits[16]);
        }
      }
      int c = s.byteAt(i);
      buf.put(digits[c >> 4]).put(digits[c & 0xF]);
    }
    if (widPresent && wid > width && minus) {
      writePadding(wid - width);
    }
  }

  /** %q of a string: Go-quoted ({@code plus}: ASCII only), or backquoted with {@code sharp} if possible. */
  void fmtQ(GoString s) {
    int len = truncatedLength(s.bytes, s.off, s.len);
    int start = buf.length();
    if (sharp && Quote.canBackquote(s.bytes, s.off, len)) {
      buf.put('`').put(s.bytes, s.off, len).put('`');
    } else {
      Quote.appendQuote(buf, s.bytes, s.off, len, plus);
    }
    padFrom(start);
  }

  /** %c: the integer as a UTF-8 encoded character (U+FFFD when not a valid rune). */
  void fmtC(long c) {
    int r = Long.compareUnsigned(c, Utf8.MAX_RUNE) > 0 ? Utf8.RUNE_ERROR : (int) c;
    int start = buf.length();
    buf.rune(r);
    padFrom(start);
  }

  /** %q of an integer: a Go character literal ({@code plus}: ASCII only). */
  void fmtQc(long c) {
    long r = Long.compareUnsigned(c, Utf8.MAX_RUNE) > 0 ? Utf8.RUNE_ERROR : c;
    int start = buf.length();
    Quote.appendQuoteRune(buf, r, plus);
    padFrom(start);
  }

  /**
   * A float in {@code verb} ('e' 'E' 'f' 'g' 'G' 'b' 'x' 'X') with default precision
   * {@code prec} (-1: shortest), as the {@code size}-bit float it is.
   */
  void fmtFloat(double v, int size, int verb, int prec) {
    if (precPresent) {
      prec = this.prec;
    }
    ByteBuf n = floatText;
    n.truncate(0);
    n.put('+'); // reserve room for a sign
    Ftoa.append(n, v, (char) verb, prec, size);
    byte[] b = n.array();
    int off = 0;
    int len = n.length();
    if (b[1] == '-' || b[1] == '+') {
      off = 1;
      len--;
    }
    if (space && b[off] == '+' && !plus) {
      b[off] = ' ';
    }
    if (b[off + 1] == 'I' || b[off + 1] == 'N') {
      // infinities and NaN are not numbers to pad with zeros; NaN gets a sign only if asked
      boolean oldZero = zero;
      zero = false;
      if (b[off + 1] == 'N' && !space && !plus) {
        off++;
        len--;
      }
      pad(b, off, len);
      zero = oldZero;
      return;
    }
    if (sharp && verb != 'b') {
      n = sharpFloat(b, off, len, verb, prec);
      b = n.array();
      off = 0;
      len = n.length();
    }
    if (plus || b[off] != '+') {
      // a sign to show: with zero padding it goes before the zeros
      if (zero && !minus && widPresent && wid > len) {
        buf.put(b[off]);
        writePadding(wid - len);
        buf.put(b, off + 1, len - 1);
        return;
      }
      pad(b, off, len);
      return;
    }
    pad(b, off + 1, len - 1);
  }

  /**
   * The {@code #} flag for floats: always a decimal point, and for %g/%v/%x the trailing zeros up
   * to the precision (6 if none) are kept. {@code b[off]} is the sign.
   */
  private static ByteBuf sharpFloat(byte[] b, int off, int len, int verb, int prec) {
    int digits = 0;
    if (verb == 'v' || verb == 'g' || verb == 'G' || verb == 'x') {
      digits = prec == -1 ? 6 : prec;
    }
    ByteBuf out = new ByteBuf(len + Math.max(digits, 0) + 8);
    out.put(b[off]);
    int tail = off + len; // start of the exponent part, if any
    boolean hasDecimalPoint = false;
    boolean sawNonzeroDigit = false;
    for (int i = off + 1; i < off + len; i++) {
      int c = b[i];
      if (c == '.') {
        hasDecimalPoint = true;
      } else if (c == 'p' || c == 'P' || ((c == 'e' || c == 'E') && verb != 'x' && verb != 'X')) {
        tail = i;
        break;
      } else {
        if (c != '0') {
          sawNonzeroDigit = true;
        }
        if (sawNonzeroDigit) {
          digits--; // count significant digits after the first non-zero one
        }
      }
    }
    out.put(b, off + 1, tail - off - 1);
    if (!hasDecimalPoint) {
      if (tail - off == 2 && b[off + 1] == '0') {
        digits--; // a lone leading 0 counts once
      }
      out.put('.');
    }
    out.fill('0', digits);
    out.put(b, tail, off + len - tail);
    return out;
  }
}
