package gol.stdlib.big;

import java.math.BigInteger;

/**
 * big.Float's Text/Append (and so String and fmt's %v of a *big.Float): the formats 'e', 'E',
 * 'f', 'g', 'G' through an exact decimal expansion of the binary value, rounded half to even
 * to the requested digits, or to the shortest digits that read back as the same value at the
 * Float's precision when prec < 0; 'b', 'p' and 'x' straight from the mantissa bits.
 */
public final class FloatText {
  /** Go's form values of a Float. */
  public static final int ZERO = 0;
  public static final int FINITE = 1;
  public static final int INF = 2;

  private FloatText() {
  }

  /** A decimal 0.digits × 10**exp; digits has no trailing zeros (empty for zero). */
  private static final class Decimal {
    String digits;
    int exp;

    /** The exact decimal of m × 2**shift (m >= 0). */
    Decimal(BigInteger m, long shift) {
      if (m.signum() == 0) {
        digits = "";
        exp = 0;
        return;
      }
      int fracDigits = 0;
      if (shift < 0) {
        int tz = m.getLowestSetBit();
        long drop = Math.min(tz, -shift);
        m = m.shiftRight((int) drop);
        shift += drop;
        if (shift < 0) { // m / 2**s == m × 5**s / 10**s
          fracDigits = (int) -shift;
          m = m.multiply(BigInteger.valueOf(5).pow(fracDigits));
          shift = 0;
        }
      }
      if (shift > 0) {
        m = m.shiftLeft((int) shift);
      }
      String s = m.toString();
      digits = s;
      exp = s.length() - fracDigits;
      trim();
    }

    private void trim() {
      int i = digits.length();
      while (i > 0 && digits.charAt(i - 1) == '0') {
        i--;
      }
      digits = digits.substring(0, i);
      if (i == 0) {
        exp = 0;
      }
    }

    /** The i'th digit, '0' outside the digits. */
    char at(int i) {
      return i >= 0 && i < digits.length() ? digits.charAt(i) : '0';
    }

    /** Rounds to at most n digits, half to even (n < 0: unchanged). */
    void round(int n) {
      if (n < 0 || n >= digits.length()) {
        return;
      }
      if (roundsUp(n)) {
        roundUp(n);
      } else {
        roundDown(n);
      }
    }

    private boolean roundsUp(int n) {
      char c = digits.charAt(n);
      if (c == '5' && n + 1 == digits.length()) { // exactly half way: to even
        return n > 0 && ((digits.charAt(n - 1) - '0') & 1) != 0;
      }
      return c >= '5';
    }

    void roundUp(int n) {
      if (n < 0 || n >= digits.length()) {
        return;
      }
      while (n > 0 && digits.charAt(n - 1) >= '9') {
        n--;
      }
      if (n == 0) { // all nines: 1 at the next power of ten
        digits = "1";
        exp++;
        return;
      }
      digits = digits.substring(0, n - 1) + (char) (digits.charAt(n - 1) + 1);
    }

    void roundDown(int n) {
      if (n < 0 || n >= digits.length()) {
        return;
      }
      digits = digits.substring(0, n);
      trim();
    }
  }

  /**
   * Go's Float.Append for a value with sign neg, form, mantissa and exponent (see FloatMath),
   * precision prec and rounding mode mode.
   */
  public static String text(boolean neg, int form, BigInteger mant, long exp, long prec, int mode, int fmt,
      int fprec) {
    StringBuilder sb = new StringBuilder();
    if (neg) {
      sb.append('-');
    }
    if (form == INF) {
      if (!neg) {
        sb.append('+');
      }
      return sb.append("Inf").toString();
    }
    switch (fmt) {
      case 'b' -> {
        return fmtB(sb, form, mant, exp, prec);
      }
      case 'p' -> {
        return fmtP(sb, form, mant, exp);
      }
      case 'x' -> {
        return fmtX(sb, neg, form, mant, exp, mode, fprec);
      }
      default -> {
      }
    }
    Decimal d = form == FINITE ? new Decimal(mant, exp - mant.bitLength()) : new Decimal(BigInteger.ZERO, 0);
    boolean shortest = false;
    if (fprec < 0) {
      shortest = true;
      if (form == FINITE) {
        roundShortest(d, mant, exp, prec);
      }
      switch (fmt) {
        case 'e', 'E' -> fprec = d.digits.length() - 1;
        case 'f' -> fprec = Math.max(d.digits.length() - d.exp, 0);
        case 'g', 'G' -> fprec = d.digits.length();
        default -> {
        }
      }
    } else {
      switch (fmt) {
        case 'e', 'E' -> d.round(1 + fprec);
        case 'f' -> d.round(d.exp + fprec);
        case 'g', 'G' -> {
          if (fprec == 0) {
            fprec = 1;
          }
          d.round(fprec);
        }
        default -> {
        }
      }
    }
    switch (fmt) {
      case 'e', 'E' -> {
        return fmtE(sb, (char) fmt, fprec, d);
      }
      case 'f' -> {
        return fmtF(sb, fprec, d);
      }
      case 'g', 'G' -> {
        int eprec = fprec;
        if (eprec > d.digits.length() && d.digits.length() >= d.exp) {
          eprec = d.digits.length();
        }
        if (shortest) {
          eprec = 6;
        }
        int e = d.exp - 1;
        if (e < -4 || e >= eprec) {
          if (fprec > d.digits.length()) {
            fprec = d.digits.length();
          }
          return fmtE(sb, (char) (fmt + 'e' - 'g'), fprec - 1, d);
        }
        if (fprec > d.exp) {
          fprec = d.digits.length();
        }
        return fmtF(sb, Math.max(fprec - d.exp, 0), d);
      }
      default -> {
        if (neg) {
          sb.setLength(sb.length() - 1);
        }
        return sb.append('%').appendCodePoint(fmt).toString();
      }
    }
  }

  /**
   * Shortens d (the exact value) to the fewest digits that still lie strictly inside (or, for
   * an even mantissa, on the edge of) the interval of values that round to the same prec-bit
   * mantissa: half an ulp on either side.
   */
  private static void roundShortest(Decimal d, BigInteger mant, long exp, long prec) {
    long s = mant.bitLength() - (prec + 1);
    BigInteger m = s < 0 ? mant.shiftLeft((int) -s) : mant.shiftRight((int) s);
    long e = exp - mant.bitLength() + s;
    Decimal lower = new Decimal(m.subtract(BigInteger.ONE), e);
    Decimal upper = new Decimal(m.add(BigInteger.ONE), e);
    boolean inclusive = !m.testBit(1);
    for (int i = 0; i < d.digits.length(); i++) {
      char c = d.digits.charAt(i);
      char l = lower.at(i);
      char u = upper.at(i);
      boolean okDown = l != c || inclusive && i + 1 == lower.digits.length();
      boolean okUp = c != u && (inclusive || c + 1 < u || i + 1 < upper.digits.length());
      if (okDown && okUp) {
        d.round(i + 1);
        return;
      } else if (okDown) {
        d.roundDown(i + 1);
        return;
      } else if (okUp) {
        d.roundUp(i + 1);
        return;
      }
    }
  }

  private static String fmtE(StringBuilder sb, char fmt, int prec, Decimal d) {
    sb.append(d.digits.isEmpty() ? '0' : d.digits.charAt(0));
    if (prec > 0) {
      sb.append('.');
      int i = 1;
      int m = Math.min(d.digits.length(), prec + 1);
      if (i < m) {
        sb.append(d.digits, i, m);
        i = m;
      }
      for (; i <= prec; i++) {
        sb.append('0');
      }
    }
    sb.append(fmt);
    long e = d.digits.isEmpty() ? 0 : d.exp - 1L;
    sb.append(e < 0 ? '-' : '+');
    e = Math.abs(e);
    if (e < 10) {
      sb.append('0');
    }
    return sb.append(e).toString();
  }

  private static String fmtF(StringBuilder sb, int prec, Decimal d) {
    if (d.exp > 0) {
      int m = Math.min(d.digits.length(), d.exp);
      sb.append(d.digits, 0, m);
      for (; m < d.exp; m++) {
        sb.append('0');
      }
    } else {
      sb.append('0');
    }
    if (prec > 0) {
      sb.append('.');
      for (int i = 0; i < prec; i++) {
        sb.append(d.at(d.exp + i));
      }
    }
    return sb.toString();
  }

  /** 'b': the mantissa as a prec-bit decimal integer, then p and the binary exponent. */
  private static String fmtB(StringBuilder sb, int form, BigInteger mant, long exp, long prec) {
    if (form == ZERO) {
      return sb.append('0').toString();
    }
    BigInteger m = mant.shiftLeft((int) (prec - mant.bitLength()));
    sb.append(m).append('p');
    long e = exp - prec;
    if (e >= 0) {
      sb.append('+');
    }
    return sb.append(e).toString();
  }

  /** 'p': 0x.hexmantissa then p and the binary exponent of 0.mant. */
  private static String fmtP(StringBuilder sb, int form, BigInteger mant, long exp) {
    if (form == ZERO) {
      return sb.append('0').toString();
    }
    // the mantissa as whole hex digits from the binary point, trailing zeros cut
    int n = mant.bitLength();
    BigInteger m = mant.shiftLeft((4 - n % 4) % 4);
    String h = m.toString(16);
    int i = h.length();
    while (i > 1 && h.charAt(i - 1) == '0') {
      i--;
    }
    sb.append("0x.").append(h, 0, i).append('p');
    if (exp >= 0) {
      sb.append('+');
    }
    return sb.append(exp).toString();
  }

  /** 'x': -0x1.hhhp±dd with prec hex digits (prec < 0: as many as the value needs). */
  private static String fmtX(StringBuilder sb, boolean neg, int form, BigInteger mant, long exp, int mode, int prec) {
    if (form == ZERO) {
      sb.append("0x0");
      if (prec > 0) {
        sb.append('.').append("0".repeat(prec));
      }
      return sb.append("p+00").toString();
    }
    long n;
    if (prec < 0) {
      n = 1 + (mant.bitLength() - 1 + 3) / 4 * 4;
    } else {
      n = 1 + 4L * prec;
    }
    FloatMath.Rounded r = FloatMath.round(mant, exp, neg, n, mode, false);
    BigInteger m = r.mant().shiftLeft((int) (n - r.mant().bitLength()));
    long e = r.exp() - 1;
    String hm = m.toString(16);
    sb.append("0x1");
    if (hm.length() > 1) {
      sb.append('.').append(hm, 1, hm.length());
    }
    sb.append('p').append(e >= 0 ? '+' : '-');
    e = Math.abs(e);
    if (e < 10) {
      sb.append('0');
    }
    return sb.append(e).toString();
  }
}
