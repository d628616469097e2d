package gol.interp.parse;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Checks and decodes literal tokens. The lexer accepts numbers, runes and strings loosely; the
 * checks here are gc's scanner checks ({@code cmd/compile/internal/syntax/scanner.go}), with its
 * messages and its positions (as an offset, in characters, from the start of the literal).
 *
 * <p>Values: integers and runes as {@link BigInteger}, floats (and imaginary parts) as the exact
 * {@link BigDecimal} (hex floats too: every binary fraction is a finite decimal), strings as the
 * UTF-8 bytes they denote ({@code "\xff"} is the single byte 0xFF).
 */
public final class Literals {
  private Literals() {
  }

  /** Receives a problem at {@code offset} characters from the literal's first character. */
  public interface Problems {
    void error(int offset, String message);
  }

  // ---- numbers ----

  /**
   * Checks a number literal (INT, FLOAT or IMAG token text) and returns its value: a BigInteger
   * for an integer, a BigDecimal for a float or an imaginary literal (the imaginary part). Returns
   * null if a problem was reported.
   */
  public static Object number(String lit, Problems problems) {
    boolean ok = true;
    int i = 0;
    int n = lit.length();
    boolean imag = n > 0 && lit.charAt(n - 1) == 'i';
    int end = imag ? n - 1 : n;
    boolean isFloat = false;
    int base = 10;
    char prefix = 0;
    int digsep = 0;
    int[] invalid = {-1};

    boolean seenPoint = lit.charAt(0) == '.';
    if (!seenPoint) {
      if (lit.charAt(0) == '0') {
        i++;
        char c = i < end ? Character.toLowerCase(lit.charAt(i)) : 0;
        if (c == 'x') {
          i++;
          base = 16;
          prefix = 'x';
        } else if (c == 'o') {
          i++;
          base = 8;
          prefix = 'o';
        } else if (c == 'b') {
          i++;
          base = 2;
          prefix = 'b';
        } else {
          base = 8;
          prefix = '0';
          digsep = 1; // the leading 0 is a digit
        }
      }
      int[] r = digits(lit, i, end, base, invalid);
      i = r[0];
      digsep |= r[1];
      if (i < end && lit.charAt(i) == '.') {
        if (prefix == 'o' || prefix == 'b') {
          problems.error(i, "invalid radix point in " + baseName(base) + " literal");
          ok = false;
        }
        i++;
        seenPoint = true;
      }
    } else {
      i++;
    }
    if (seenPoint) {
      isFloat = true;
      int[] r = digits(lit, i, end, base, invalid);
      i = r[0];
      digsep |= r[1];
    }
    if ((digsep & 1) == 0 && ok) {
      problems.error(i, baseName(base) + " literal has no digits");
      ok = false;
    }
    int expAt = -1;
    char e = i < end ? Character.toLowerCase(lit.charAt(i)) : 0;
    if (e == 'e' || e == 'p') {
      if (ok) {
        if (e == 'e' && prefix != 0 && prefix != '0') {
          problems.error(i, "'" + lit.charAt(i) + "' exponent requires decimal mantissa");
          ok = false;
        } else if (e == 'p' && prefix != 'x') {
          problems.error(i, "'" + lit.charAt(i) + "' exponent requires hexadecimal mantissa");
          ok = false;
        }
      }
      expAt = i;
      i++;
      isFloat = true;
      if (i < end && (lit.charAt(i) == '+' || lit.charAt(i) == '-')) {
        i++;
      }
      int[] r = digits(lit, i, end, 10, null);
      i = r[0];
      digsep = r[1] | (digsep & 2);
      if ((digsep & 1) == 0 && ok) {
        problems.error(i, "exponent has no digits");
        ok = false;
      }
    } else if (prefix == 'x' && isFloat && ok) {
      problems.error(i, "hexadecimal mantissa requires a 'p' exponent");
      ok = false;
    }
    if (!isFloat && !imag && invalid[0] >= 0 && ok) {
      problems.error(invalid[0], "invalid digit '" + lit.charAt(invalid[0]) + "' in " + baseName(base) + " literal");
      ok = false;
    }
    if ((digsep & 2) != 0 && ok) {
      int bad = invalidSep(lit.substring(0, end));
      if (bad >= 0) {
        problems.error(bad, "'_' must separate successive digits");
        ok = false;
      }
    }
    if (!ok) {
      return null;
    }
    String body = lit.substring(0, end).replace("_", "");
    if (imag && !isFloat && prefix == '0') {
      return new BigDecimal(new BigInteger(body)); // 0123i is decimal, for backward compatibility
    }
    if (!isFloat) {
      BigInteger v = switch (prefix) {
        case 'x', 'o', 'b' -> new BigInteger(body.substring(2), base);
        case '0' -> body.length() == 1 ? BigInteger.ZERO : new BigInteger(body.substring(1), 8);
        default -> new BigInteger(body);
      };
      return imag ? new BigDecimal(v) : v;
    }
    if (expAt >= 0 && !exponentFitsInt(body)) {
      return UNREPRESENTABLE;
    }
    if (prefix == 'x') {
      return hexFloat(body, expAt >= 0);
    }
    return new BigDecimal(body);
  }

  /**
   * The value of a float literal whose exponent does not fit in 32 bits, or whose binary exponent
   * is so large that its exact value cannot be held: the checker reports it as a malformed
   * constant (its decimal exponent is far past the checker's limit).
   */
  private static final BigDecimal UNREPRESENTABLE = new BigDecimal(BigInteger.ONE, -Integer.MAX_VALUE);

  /** Binary exponents past this are not computed exactly (about 10^1,000,000). */
  private static final int MAX_BINARY_EXPONENT = 3_400_000;

  private static boolean exponentFitsInt(String body) {
    int at = body.startsWith("0x") || body.startsWith("0X")
        ? Math.max(body.indexOf('p'), body.indexOf('P'))
        : Math.max(body.indexOf('e'), body.indexOf('E'));
    return new BigInteger(body.substring(at + 1).replace("+", "")).bitLength() < 32;
  }

  /** Scans digits and '_' from i; returns {end, digsep}. Digits >= base are recorded in invalid. */
  private static int[] digits(String s, int i, int end, int base, int[] invalid) {
    int digsep = 0;
    if (base <= 10) {
      int max = '0' + base;
      while (i < end) {
        char c = s.charAt(i);
        int ds = 1;
        if (c == '_') {
          ds = 2;
        } else if (c < '0' || c > '9') {
          break;
        } else if (c >= max && invalid != null && invalid[0] < 0) {
          invalid[0] = i;
        }
        digsep |= ds;
        i++;
      }
    } else {
      while (i < end) {
        char c = s.charAt(i);
        if (c == '_') {
          digsep |= 2;
        } else if (Character.digit(c, 16) >= 0) {
          digsep |= 1;
        } else {
          break;
        }
        i++;
      }
    }
    return new int[] {i, digsep};
  }

  /** The index of the first '_' that does not separate digits (or follow the prefix), or -1. */
  private static int invalidSep(String x) {
    char x1 = ' '; // prefix char, we only care if it's 'x'
    char d = '.'; // digit, one of '_', '0' (a digit), or '.' (anything else)
    int i = 0;
    if (x.length() >= 2 && x.charAt(0) == '0') {
      x1 = Character.toLowerCase(x.charAt(1));
      if (x1 == 'x' || x1 == 'o' || x1 == 'b') {
        d = '0';
        i = 2;
      }
    }
    for (; i < x.length(); i++) {
      char p = d;
      char c = x.charAt(i);
      if (c == '_') {
        if (p != '0') {
          return i;
        }
        d = '_';
      } else if (c >= '0' && c <= '9' || x1 == 'x' && Character.digit(c, 16) >= 0) {
        d = '0';
      } else {
        if (p == '_') {
          return i - 1;
        }
        d = '.';
      }
    }
    if (d == '_') {
      return x.length() - 1;
    }
    return -1;
  }

  private static String baseName(int base) {
    switch (base) {
      case 2:
        return "binary";
      case 8:
        return "octal";
      case 10:
        return "decimal";
      default:
        return "hexadecimal";
    }
  }

  /** 0xMANT[.FRAC]pEXP, without underscores, exactly. */
  private static BigDecimal hexFloat(String s, boolean hasExp) {
    int p = hasExp ? Math.max(s.indexOf('p'), s.indexOf('P')) : s.length();
    String mant = s.substring(2, p);
    long exp = hasExp ? Long.parseLong(s.substring(p + 1).replace("+", "")) : 0;
    int dot = mant.indexOf('.');
    if (dot >= 0) {
      exp -= 4 * (mant.length() - dot - 1);
      mant = mant.substring(0, dot) + mant.substring(dot + 1);
    }
    BigInteger m = mant.isEmpty() ? BigInteger.ZERO : new BigInteger(mant, 16);
    if (m.signum() == 0) {
      return BigDecimal.ZERO;
    }
    if (exp > MAX_BINARY_EXPONENT) {
      return UNREPRESENTABLE;
    }
    if (exp < -MAX_BINARY_EXPONENT) {
      return new BigDecimal(BigInteger.ONE, Integer.MAX_VALUE); // underflows to zero
    }
    if (exp >= 0) {
      return new BigDecimal(m.shiftLeft((int) exp));
    }
    // m / 2^k == m * 5^k / 10^k
    return new BigDecimal(m.multiply(BigInteger.valueOf(5).pow((int) -exp)), (int) -exp);
  }

  // ---- runes and strings ----

  /** The code points of {@code s} (a loop, not a stream: streams cost a cold start milliseconds). */
  private static int[] codePoints(String s) {
    int[] cps = new int[s.length()];
    int n = 0;
    for (int i = 0; i < s.length(); n++) {
      int c = s.codePointAt(i);
      cps[n] = c;
      i += Character.charCount(c);
    }
    return n == cps.length ? cps : java.util.Arrays.copyOf(cps, n);
  }

  /**
   * Checks a rune literal (with its quotes; the closing one may be missing after a reported
   * lexical error) and returns its value, or null after a problem.
   */
  public static BigInteger rune(String lit, Problems problems) {
    int[] cps = codePoints(lit);
    boolean closed = cps.length >= 2 && cps[cps.length - 1] == '\'';
    int end = closed ? cps.length - 1 : cps.length;
    int n = 0;
    long value = 0;
    boolean ok = true;
    for (int i = 1; i < end; n++) {
      if (cps[i] == '\\') {
        long[] r = escape(cps, i + 1, cps.length, '\'', problems);
        if (r == null) {
          ok = false;
          break;
        }
        value = r[1];
        i = (int) r[0];
      } else {
        value = cps[i];
        i++;
      }
    }
    if (!closed) {
      return null; // "rune literal not terminated" / "newline in rune literal" already reported
    }
    if (ok) {
      if (n == 0) {
        problems.error(end, "empty rune literal or unescaped '");
        ok = false;
      } else if (n != 1) {
        problems.error(0, "more than one character in rune literal");
        ok = false;
      }
    }
    return ok ? BigInteger.valueOf(value) : null;
  }

  /**
   * Checks an interpreted string literal ("...", the closing quote may be missing after a
   * reported lexical error) and returns its bytes, or null after a problem.
   */
  public static byte[] string(String lit, Problems problems) {
    int[] cps = codePoints(lit);
    boolean closed = cps.length >= 2 && cps[cps.length - 1] == '"';
    int end = closed ? cps.length - 1 : cps.length;
    ByteArrayOutputStream out = new ByteArrayOutputStream(lit.length());
    boolean ok = true;
    for (int i = 1; i < end; ) {
      int c = cps[i];
      if (c == '\\') {
        long[] r = escape(cps, i + 1, cps.length, '"', problems);
        if (r == null) {
          ok = false;
          i += 2;
          continue;
        }
        int kind = (int) r[2];
        if (kind == 1) {
          out.write((int) r[1]); // \x and octal escapes are bytes
        } else {
          utf8(out, (int) r[1]);
        }
        i = (int) r[0];
      } else {
        utf8(out, c);
        i++;
      }
    }
    return ok ? out.toByteArray() : null;
  }

  /** A raw string literal's bytes: the text between the backquotes, carriage returns dropped. */
  public static byte[] rawString(String lit) {
    int end = lit.length() >= 2 && lit.endsWith("`") ? lit.length() - 1 : lit.length();
    String body = lit.substring(1, end).replace("\r", "");
    return body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The bytes of a string or raw string literal token, or null after a reported problem. */
  public static byte[] anyString(String lit, Problems problems) {
    return lit.startsWith("`") ? rawString(lit) : string(lit, problems);
  }

  /**
   * Decodes the escape whose first character (after the backslash) is at {@code i}. Returns
   * {next index, value, kind (1 = byte, 0 = code point)}, or null after reporting a problem.
   */
  private static long[] escape(int[] cps, int i, int end, int quote, Problems problems) {
    if (i >= end) {
      return new long[] {i, '\\', 0}; // unterminated: the caller's lexical error covers it
    }
    int c = cps[i];
    int n;
    int base;
    long max;
    int kind = 0;
    switch (c) {
      case 'a':
        return new long[] {i + 1, 7, 0};
      case 'b':
        return new long[] {i + 1, 8, 0};
      case 'f':
        return new long[] {i + 1, 12, 0};
      case 'n':
        return new long[] {i + 1, 10, 0};
      case 'r':
        return new long[] {i + 1, 13, 0};
      case 't':
        return new long[] {i + 1, 9, 0};
      case 'v':
        return new long[] {i + 1, 11, 0};
      case '\\':
        return new long[] {i + 1, '\\', 0};
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
        n = 3;
        base = 8;
        max = 255;
        kind = 1;
        break;
      case 'x':
        i++;
        n = 2;
        base = 16;
        max = 255;
        kind = 1;
        break;
      case 'u':
        i++;
        n = 4;
        base = 16;
        max = Character.MAX_CODE_POINT;
        break;
      case 'U':
        i++;
        n = 8;
        base = 16;
        max = Character.MAX_CODE_POINT;
        break;
      default:
        if (c == quote) {
          return new long[] {i + 1, c, 0};
        }
        problems.error(i, "unknown escape");
        return null;
    }
    long x = 0;
    for (int k = n; k > 0; k--) {
      if (i >= end) {
        return new long[] {i, x, kind}; // unterminated: reported by the lexer
      }
      int d = Character.digit(cps[i], 16);
      if (d < 0 || d >= base) {
        problems.error(i, "invalid character " + quoteRune(cps[i]) + " in "
            + (base == 8 ? "octal" : "hexadecimal") + " escape");
        return null;
      }
      x = x * base + d;
      i++;
    }
    if (x > max && base == 8) {
      problems.error(i, "octal escape value " + x + " > 255");
      return null;
    }
    if (x > max || x >= 0xD800 && x < 0xE000) {
      problems.error(i, "escape is invalid Unicode code point " + gol.grammar.SemicolonInserter.formatU((int) x));
      return null;
    }
    return new long[] {i, x, kind};
  }

  /** Go's %q of a rune: 'x', or an escape for a quote, backslash or control character. */
  private static String quoteRune(int c) {
    switch (c) {
      case '\'':
        return "'\\''";
      case '\\':
        return "'\\\\'";
      case '\n':
        return "'\\n'";
      case '\t':
        return "'\\t'";
      default:
        if (c < 0x20 || c == 0x7F) {
          return String.format("'\\x%02x'", c);
        }
        return "'" + new String(Character.toChars(c)) + "'";
    }
  }

  private static void utf8(ByteArrayOutputStream out, int c) {
    if (c < 0x80) {
      out.write(c);
    } else if (c < 0x800) {
      out.write(0xC0 | c >> 6);
      out.write(0x80 | c & 0x3F);
    } else if (c < 0x10000) {
      out.write(0xE0 | c >> 12);
      out.write(0x80 | c >> 6 & 0x3F);
      out.write(0x80 | c & 0x3F);
    } else {
      out.write(0xF0 | c >> 18);
      out.write(0x80 | c >> 12 & 0x3F);
      out.write(0x80 | c >> 6 & 0x3F);
      out.write(0x80 | c & 0x3F);
    }
  }
}
