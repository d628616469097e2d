package gol.stdlib.big;

import java.math.BigInteger;

/**
 * The scanner of big.Float's Parse/SetString: an optional sign, a mantissa in base 2, 8, 10 or
 * 16 (base 0: a 0b, 0o or 0x prefix selects it, and '_' may separate digits) with an optional
 * point, and an optional exponent ('e' decimal or 'p' binary). It yields the digits as an
 * integer with the powers of 2 and 5 that scale it; big.gol does the (rounding) arithmetic.
 * Error texts are Go's.
 */
final class FloatParse {
  /** The scanned number: |x| = mant × 2**exp2 × 5**exp5; err is "" on success. */
  static final class Result {
    BigInteger mant = BigInteger.ZERO;
    long exp2;
    long exp5;
    boolean neg;
    int base;
    String err = "";
  }

  private final String s;
  private int pos;

  private FloatParse(String s) {
    this.s = s;
  }

  private int next() {
    return pos < s.length() ? s.charAt(pos++) & 0xff : -1;
  }

  private void unread() {
    pos--;
  }

  static Result parse(byte[] src, int base) {
    // bytes as Latin-1 chars, so charAt gives each byte
    String s = new String(src, java.nio.charset.StandardCharsets.ISO_8859_1);
    Result res = new Result();
    if (base != 0 && base != 2 && base != 8 && base != 10 && base != 16) {
      throw BigPkg.stringPanic("invalid number base " + base);
    }
    FloatParse p = new FloatParse(s);
    p.scan(res, base);
    if (res.err.isEmpty() && p.pos < s.length()) {
      res.err = "expected end of string, found " + quoteByte(s.charAt(p.pos));
    }
    return res;
  }

  private void scan(Result res, int base) {
    int c = next();
    if (c < 0) {
      res.err = "EOF";
      return;
    }
    if (c == '-' || c == '+') {
      res.neg = c == '-';
    } else {
      unread();
    }
    if (!mantissa(res, base)) {
      return;
    }
    exponent(res, base == 0);
  }

  /** Scans the digits and point; false with res.err set on an error. */
  private boolean mantissa(Result res, int base) {
    char prev = '.';
    boolean invalSep = false;
    int count = 0;
    int c = next();
    int b = base;
    if (base == 0) {
      b = 10;
      if (c == '0') {
        prev = '0';
        count = 1;
        c = next();
        int prefixBase = switch (c) {
          case 'b', 'B' -> 2;
          case 'o', 'O' -> 8;
          case 'x', 'X' -> 16;
          default -> 0;
        };
        if (prefixBase != 0) {
          b = prefixBase;
          count = 0; // the prefix is no digit
          c = next();
        }
      }
    }
    BigInteger bb = BigInteger.valueOf(b);
    BigInteger m = BigInteger.ZERO;
    int dp = -1;
    boolean fracOk = true;
    for (; c >= 0; c = next()) {
      if (c == '.' && fracOk) {
        fracOk = false;
        if (prev == '_') {
          invalSep = true;
        }
        prev = '.';
        dp = count;
      } else if (c == '_' && base == 0) {
        if (prev != '0') {
          invalSep = true;
        }
        prev = '_';
      } else {
        int d = digit(c);
        if (d >= b) {
          unread();
          break;
        }
        prev = '0';
        count++;
        m = m.multiply(bb).add(BigInteger.valueOf(d));
      }
    }
    res.base = b;
    if (invalSep || prev == '_') {
      res.err = "'_' must separate successive digits";
    }
    if (count == 0) {
      res.err = "number has no digits";
    }
    if (!res.err.isEmpty()) {
      return false;
    }
    res.mant = m;
    if (dp >= 0 && dp - count < 0) {
      long d = dp - count;
      switch (b) {
        case 10 -> {
          res.exp5 = d;
          res.exp2 = d;
        }
        case 8 -> res.exp2 = 3 * d;
        case 16 -> res.exp2 = 4 * d;
        default -> res.exp2 = d;
      }
    }
    return true;
  }

  private static int digit(int c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'z') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'Z') {
      return c - 'A' + 10;
    }
    return 99;
  }

  /** Scans an optional exponent: e or E (decimal) or p or P (binary), sign, digits. */
  private void exponent(Result res, boolean sepOk) {
    int c = next();
    if (c < 0) {
      return;
    }
    boolean binary;
    if (c == 'e' || c == 'E') {
      binary = false;
    } else if (c == 'p' || c == 'P') {
      binary = true;
    } else {
      unread();
      return;
    }
    StringBuilder digits = new StringBuilder();
    c = next();
    if (c == '+' || c == '-') {
      if (c == '-') {
        digits.append('-');
      }
      c = next();
    }
    char prev = '.';
    boolean invalSep = false;
    boolean hasDigits = false;
    for (; c >= 0; c = next()) {
      if (c >= '0' && c <= '9') {
        digits.append((char) c);
        prev = '0';
        hasDigits = true;
      } else if (c == '_' && sepOk) {
        if (prev != '0') {
          invalSep = true;
        }
        prev = '_';
      } else {
        unread();
        break;
      }
    }
    if (!hasDigits) {
      res.err = "number has no digits";
      return;
    }
    long e;
    try {
      e = Long.parseLong(digits.toString());
    } catch (NumberFormatException ex) {
      res.err = "strconv.ParseInt: parsing \"" + digits + "\": value out of range";
      return;
    }
    if (invalSep || prev == '_') {
      res.err = "'_' must separate successive digits";
      return;
    }
    if (!binary) {
      res.exp5 += e;
    }
    res.exp2 += e;
  }

  /** Go's %q of a byte: the byte as a rune in single quotes, escaped where Go escapes it. */
  static String quoteByte(char c) {
    switch (c) {
      case '\u0007':
        return "'\\a'";
      case '\b':
        return "'\\b'";
      case '\f':
        return "'\\f'";
      case '\n':
        return "'\\n'";
      case '\r':
        return "'\\r'";
      case '\t':
        return "'\\t'";
      case '\u000b':
        return "'\\v'";
      case '\'':
        return "'\\''";
      case '\\':
        return "'\\\\'";
      default:
        break;
    }
    if (c < 0x20 || c == 0x7f) {
      return String.format("'\\x%02x'", (int) c);
    }
    if (c >= 0x80 && c <= 0xa0 || c == 0xad) {
      return String.format("'\\u%04x'", (int) c);
    }
    return "'" + c + "'";
  }
}
