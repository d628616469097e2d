package gol.stdlib.strconv;

import gol.runtime.GoString;

/**
 * strconv.ParseFloat (atof.go). Go's syntax is checked here — decimal and hexadecimal mantissas,
 * optional exponent (required for hex), underscores only between digits of a base-prefixed number,
 * "inf"/"infinity"/"nan" in any case — and the conversion itself is left to the JDK's correctly
 * rounded parsers on a cleaned-up copy of the text. The JDK parsers alone would accept too much
 * (surrounding spaces, "Infinity", a trailing 'd' or 'f').
 */
public final class Atof {
  /** A ParseFloat result: the value and the error, or null. */
  public record Result(double value, NumError err) {
  }

  private Atof() {
  }

  /** strconv.ParseFloat: bitSize 32 rounds to float32 (the result is that float32 as a double). */
  public static Result parseFloat(GoString s, long bitSize) {
    String text = s.toString();
    Double special = special(text);
    if (special != null) {
      return new Result(special, null);
    }
    String clean = clean(s);
    if (clean == null) {
      return new Result(0, new NumError("ParseFloat", s, NumError.ERR_SYNTAX));
    }
    double v = bitSize == 32 ? Float.parseFloat(clean) : Double.parseDouble(clean);
    if (Double.isInfinite(v)) {
      return new Result(v, new NumError("ParseFloat", s, NumError.ERR_RANGE));
    }
    return new Result(v, null);
  }

  /** ±inf, ±infinity, nan (any case; no sign on nan), or null. */
  private static Double special(String s) {
    String t = s;
    double sign = 1;
    boolean signed = false;
    if (!t.isEmpty() && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
      sign = t.charAt(0) == '-' ? -1 : 1;
      t = t.substring(1);
      signed = true;
    }
    if (t.equalsIgnoreCase("inf") || t.equalsIgnoreCase("infinity")) {
      return sign * Double.POSITIVE_INFINITY;
    }
    if (!signed && t.equalsIgnoreCase("nan")) {
      return Double.NaN;
    }
    return null;
  }

  /**
   * Checks {@code s} against Go's float syntax and returns it without underscores, in a form the
   * JDK parses the same way ("0x1.8p1" style for hex); null on a syntax error.
   */
  private static String clean(GoString s) {
    int n = s.len;
    int i = 0;
    StringBuilder out = new StringBuilder(n + 2);
    if (i < n && (s.byteAt(i) == '+' || s.byteAt(i) == '-')) {
      out.append((char) s.byteAt(i));
      i++;
    }
    boolean hex = i + 2 < n && s.byteAt(i) == '0' && (s.byteAt(i + 1) | 0x20) == 'x';
    if (hex) {
      out.append("0x");
      i += 2;
    }
    boolean underscores = false;
    boolean sawDot = false;
    boolean sawDigits = false;
    for (; i < n; i++) {
      int c = s.byteAt(i);
      if (c == '_') {
        underscores = true;
      } else if (c == '.' && !sawDot) {
        sawDot = true;
        out.append('.');
      } else if ('0' <= c && c <= '9' || hex && 'a' <= (c | 0x20) && (c | 0x20) <= 'f') {
        sawDigits = true;
        out.append((char) c);
      } else {
        break;
      }
    }
    if (!sawDigits) {
      return null;
    }
    if (i < n && (s.byteAt(i) | 0x20) == (hex ? 'p' : 'e')) {
      out.append(hex ? 'p' : 'e');
      i++;
      if (i < n && (s.byteAt(i) == '+' || s.byteAt(i) == '-')) {
        out.append((char) s.byteAt(i));
        i++;
      }
      if (i >= n || s.byteAt(i) < '0' || s.byteAt(i) > '9') {
        return null;
      }
      for (; i < n && ('0' <= s.byteAt(i) && s.byteAt(i) <= '9' || s.byteAt(i) == '_'); i++) {
        if (s.byteAt(i) == '_') {
          underscores = true;
        } else {
          out.append((char) s.byteAt(i));
        }
      }
    } else if (hex) {
      return null; // a hex mantissa needs a 'p' exponent
    }
    if (i != n || underscores && !Atoi.underscoreOk(s)) {
      return null;
    }
    return out.toString();
  }
}
