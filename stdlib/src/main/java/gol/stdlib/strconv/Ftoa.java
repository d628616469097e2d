package gol.stdlib.strconv;

import gol.stdlib.ByteBuf;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Float formatting exactly as Go's strconv.FormatFloat / AppendFloat (ftoa.go): formats
 * {@code 'e' 'E' 'f' 'g' 'G' 'b' 'x' 'X'}, precision {@code -1} meaning "the fewest digits that
 * read back as the same value", bit size 32 or 64.
 *
 * <p><b>How digits are produced.</b> Go uses Ryū; gol works on the exact decimal value of the
 * binary float ({@code new BigDecimal(double)} is exact). Fixed precision is that exact value
 * rounded half-to-even, which is what Go's exact algorithms produce. Shortest: for a digit count
 * p, take the two p-digit decimals that bracket the exact value and keep those that parse back to
 * the same float (the JDK's parsers round correctly); of two, the closer wins; the answer is the
 * smallest p that has one. Go's shortest output is the closest among the shortest strings that
 * round-trip, so this agrees. {@code Double.toString}'s digits are not used as the answer: before
 * JDK 19 it sometimes prints more digits than needed (JDK-4511638); its length only bounds the
 * search. Cost: about 2.5 µs for a random 17-digit double (JDK 17), against 0.3 µs for
 * {@code Double.toString}; so {@link FastDigits} answers the common cases first with integer
 * arithmetic (fixed precision) and a check of the JDK's digits (shortest), and only what it cannot
 * decide comes here.
 *
 * <p>A digit string is {@code d[0..nd)} with the decimal point {@code dp} places from its start
 * (value = 0.d × 10^dp), without trailing zeros; zero has {@code nd == 0, dp == 0}.
 */
public final class Ftoa {
  private static final byte[] LOWER_HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] UPPER_HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private Ftoa() {
  }

  /** A decimal digit string: the value is 0.d[0]d[1]...d[nd-1] × 10^dp. */
  record Digits(byte[] d, int nd, int dp) {
    static final Digits ZERO = new Digits(new byte[0], 0, 0);
  }

  /** strconv.FormatFloat as a Java string (tests and diagnostics). */
  public static String format(double v, char fmt, int prec, int bitSize) {
    ByteBuf b = new ByteBuf(32);
    append(b, v, fmt, prec, bitSize);
    return b.toString();
  }

  /**
   * strconv.AppendFloat. {@code bitSize} 32 means {@code v} holds a float32 value and is formatted
   * as one (shortest digits of the float32, not of the double).
   */
  public static void append(ByteBuf dst, double v, char fmt, int prec, int bitSize) {
    boolean f32 = bitSize == 32;
    long bits;
    int expBits;
    int mantBits;
    int bias;
    if (f32) {
      bits = Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
      expBits = 8;
      mantBits = 23;
      bias = -127;
    } else {
      bits = Double.doubleToRawLongBits(v);
      expBits = 11;
      mantBits = 52;
      bias = -1023;
    }
    boolean neg = (bits >>> (expBits + mantBits)) != 0;
    int exp = (int) (bits >>> mantBits) & ((1 << expBits) - 1);
    long mant = bits & ((1L << mantBits) - 1);
    if (exp == (1 << expBits) - 1) {
      dst.ascii(mant != 0 ? "NaN" : neg ? "-Inf" : "+Inf");
      return;
    } else if (exp == 0) {
      exp++; // denormal
    } else {
      mant |= 1L << mantBits; // implicit top bit
    }
    exp += bias;
    switch (fmt) {
      case 'b' -> fmtB(dst, neg, mant, exp, mantBits);
      case 'x', 'X' -> fmtX(dst, prec, fmt, neg, mant, exp, mantBits);
      // a float32's digits are those of the value rounded to float32 (5e-324 is 0 there)
      case 'e', 'E', 'f', 'g', 'G' -> decimal(dst, Math.abs(f32 ? (double) (float) v : v), fmt, prec, f32, neg);
      default -> dst.put('%').put(fmt);
    }
  }

  /**
   * %.{prec}f of a finite float64 {@code v} (a '-' first when its sign bit is set, as Go prints
   * -0.00), straight from the rounded integer when FastDigits knows it; false, with nothing
   * appended, for an infinity or NaN and for what only the exact path can do.
   */
  public static boolean appendFixed(ByteBuf dst, double v, int prec) {
    return Double.isFinite(v) && prec >= 0
        && FastDigits.appendFixed(dst, Math.abs(v), prec, Double.doubleToRawLongBits(v) < 0);
  }

  private static void decimal(ByteBuf dst, double abs, char fmt, int prec, boolean f32, boolean neg) {
    boolean shortest = prec < 0;
    Digits digs;
    if (shortest) {
      digs = shortest(abs, f32);
      switch (fmt) {
        case 'e', 'E' -> prec = Math.max(digs.nd - 1, 0);
        case 'f' -> prec = Math.max(digs.nd - digs.dp, 0);
        default -> prec = digs.nd;
      }
    } else if (fmt == 'f') {
      if (FastDigits.appendFixed(dst, abs, prec, neg)) {
        return;
      }
      digs = abs == 0 ? Digits.ZERO : FastDigits.fixed(abs, prec);
      if (digs == null) {
        digs = digits(new BigDecimal(abs).setScale(prec, RoundingMode.HALF_EVEN));
      }
    } else {
      int n = prec + 1;
      if (fmt == 'g' || fmt == 'G') {
        if (prec == 0) {
          prec = 1;
        }
        n = prec;
      }
      digs = abs == 0 ? Digits.ZERO
          : digits(new BigDecimal(abs).round(new MathContext(n, RoundingMode.HALF_EVEN)));
    }
    formatDigits(dst, shortest, neg, digs, prec, fmt);
  }

  /**
   * The shortest digit string that parses back to {@code abs} (as a float32 if {@code f32}).
   * The JDK's toString always reads back, so its digit count bounds the search from above (it is
   * at most a digit or so too long); round-tripping lengths are upward closed, so walking down
   * from there until a length fails finds the shortest in one to three steps.
   */
  static Digits shortest(double abs, boolean f32) {
    if (abs == 0) {
      return Digits.ZERO;
    }
    Digits fast = FastDigits.shortest(abs, f32);
    return fast != null ? fast : shortestExact(abs, f32);
  }

  /** {@link #shortest} on the exact decimal value, for what {@link FastDigits} leaves. */
  static Digits shortestExact(double abs, boolean f32) {
    BigDecimal exact = new BigDecimal(abs);
    int p = significantDigits(f32 ? Float.toString((float) abs) : Double.toString(abs));
    Digits best = closest(exact, p, abs, f32);
    if (best == null) {
      p = f32 ? 9 : 17; // cannot happen; 9 / 17 digits always round-trip
      best = closest(exact, p, abs, f32);
    }
    for (Digits d; p > 1 && (d = closest(exact, p - 1, abs, f32)) != null; p--) {
      best = d;
    }
    return best;
  }

  /**
   * Of the two {@code p}-digit decimals around {@code exact}, the one that reads back as
   * {@code abs} — the closer one if both do — or null if neither does.
   */
  private static Digits closest(BigDecimal exact, int p, double abs, boolean f32) {
    BigDecimal down = exact.round(new MathContext(p, RoundingMode.DOWN));
    BigDecimal up = exact.round(new MathContext(p, RoundingMode.UP));
    boolean downOk = readsBack(down, abs, f32);
    boolean upOk = readsBack(up, abs, f32);
    if (downOk && upOk) {
      int c = exact.subtract(down).compareTo(up.subtract(exact));
      if (c == 0) {
        return digits(exact.round(new MathContext(p, RoundingMode.HALF_EVEN)));
      }
      return digits(c < 0 ? down : up);
    }
    return downOk ? digits(down) : upOk ? digits(up) : null;
  }

  /** The number of significant digits in a JDK float text like "1.2345E-7" or "100.0". */
  private static int significantDigits(String s) {
    int end = s.indexOf('E');
    if (end < 0) {
      end = s.length();
    }
    int first = -1;
    int last = -1;
    int count = 0;
    for (int i = 0; i < end; i++) {
      char c = s.charAt(i);
      if (c >= '1' && c <= '9') {
        if (first < 0) {
          first = count;
        }
        last = count;
      }
      if (c >= '0' && c <= '9') {
        count++;
      }
    }
    return first < 0 ? 1 : last - first + 1;
  }

  private static boolean readsBack(BigDecimal d, double abs, boolean f32) {
    String s = d.toString();
    return f32 ? Float.parseFloat(s) == (float) abs : Double.parseDouble(s) == abs;
  }

  /** The digit string of a positive (or zero) BigDecimal, trailing zeros dropped. */
  static Digits digits(BigDecimal x) {
    if (x.signum() == 0) {
      return Digits.ZERO;
    }
    String u = x.unscaledValue().toString();
    int n = u.length();
    int dp = n - x.scale();
    while (n > 0 && u.charAt(n - 1) == '0') {
      n--;
    }
    byte[] d = new byte[n];
    for (int i = 0; i < n; i++) {
      d[i] = (byte) u.charAt(i);
    }
    return new Digits(d, n, dp);
  }

  /** %e, %f or %g of a digit string, as Go's formatDigits. */
  private static void formatDigits(ByteBuf dst, boolean shortest, boolean neg, Digits digs, int prec, char fmt) {
    switch (fmt) {
      case 'e', 'E' -> fmtE(dst, neg, digs, prec, fmt);
      case 'f' -> fmtF(dst, neg, digs, prec);
      default -> {
        int eprec = prec;
        if (eprec > digs.nd && digs.nd >= digs.dp) {
          eprec = digs.nd;
        }
        // %e is used if the exponent is below -4 or at least the precision; for the shortest
        // form the decision uses precision 6.
        if (shortest) {
          eprec = 6;
        }
        int exp = digs.dp - 1;
        if (exp < -4 || exp >= eprec) {
          if (prec > digs.nd) {
            prec = digs.nd;
          }
          fmtE(dst, neg, digs, prec - 1, fmt == 'g' ? 'e' : 'E');
        } else {
          if (prec > digs.dp) {
            prec = digs.nd;
          }
          fmtF(dst, neg, digs, Math.max(prec - digs.dp, 0));
        }
      }
    }
  }

  /** -d.ddddde±dd: {@code prec} digits after the point, an exponent of at least two digits. */
  private static void fmtE(ByteBuf dst, boolean neg, Digits d, int prec, char fmt) {
    if (neg) {
      dst.put('-');
    }
    dst.put(d.nd != 0 ? d.d[0] : '0');
    if (prec > 0) {
      dst.put('.');
      int m = Math.min(d.nd, prec + 1);
      if (m > 1) {
        dst.put(d.d, 1, m - 1);
      }
      dst.fill('0', prec + 1 - Math.max(m, 1));
    }
    dst.put(fmt);
    int exp = d.nd == 0 ? 0 : d.dp - 1;
    if (exp < 0) {
      dst.put('-');
      exp = -exp;
    } else {
      dst.put('+');
    }
    if (exp < 10) {
      dst.put('0').put('0' + exp);
    } else if (exp < 100) {
      dst.put('0' + exp / 10).put('0' + exp % 10);
    } else {
      dst.put('0' + exp / 100).put('0' + exp / 10 % 10).put('0' + exp % 10);
    }
  }

  /** -ddd.ddd with {@code prec} digits after the point. */
  private static void fmtF(ByteBuf dst, boolean neg, Digits d, int prec) {
    if (neg) {
      dst.put('-');
    }
    if (d.dp > 0) {
      int m = Math.min(d.nd, d.dp);
      dst.put(d.d, 0, m);
      dst.fill('0', d.dp - m);
    } else {
      dst.put('0');
    }
    if (prec > 0) {
      dst.put('.');
      for (int i = 0; i < prec; i++) {
        int j = d.dp + i;
        dst.put(0 <= j && j < d.nd ? d.d[j] : '0');
      }
    }
  }

  /** -ddddp±ddd: the mantissa as a decimal integer and a binary exponent. */
  private static void fmtB(ByteBuf dst, boolean neg, long mant, int exp, int mantBits) {
    if (neg) {
      dst.put('-');
    }
    dst.ascii(Long.toString(mant));
    dst.put('p');
    exp -= mantBits;
    if (exp >= 0) {
      dst.put('+');
    }
    dst.ascii(Integer.toString(exp));
  }

  /** -0x1.yyyyp±dd: hexadecimal mantissa (rounded to {@code prec} hex digits if prec ≥ 0). */
  private static void fmtX(ByteBuf dst, int prec, char fmt, boolean neg, long mant, int exp, int mantBits) {
    if (mant == 0) {
      exp = 0;
    }
    // Shift the digits so that the leading 1 (if any) is at bit 60.
    mant <<= 60 - mantBits;
    while (mant != 0 && (mant & (1L << 60)) == 0) {
      mant <<= 1;
      exp--;
    }
    if (prec >= 0 && prec < 15) {
      int shift = prec * 4;
      long extra = (mant << shift) & ((1L << 60) - 1);
      mant >>>= 60 - shift;
      if (Long.compareUnsigned(extra | (mant & 1), 1L << 59) > 0) {
        mant++;
      }
      mant <<= 60 - shift;
      if ((mant & (1L << 61)) != 0) {
        mant >>>= 1; // carried into a new leading digit
        exp++;
      }
    }
    byte[] hex = fmt == 'X' ? UPPER_HEX : LOWER_HEX;
    if (neg) {
      dst.put('-');
    }
    dst.put('0').put(fmt).put('0' + (int) ((mant >>> 60) & 1));
    mant <<= 4; // drop the leading digit
    if (prec < 0 && mant != 0) {
      dst.put('.');
      while (mant != 0) {
        dst.put(hex[(int) ((mant >>> 60) & 15)]);
        mant <<= 4;
      }
    } else if (prec > 0) {
      dst.put('.');
      for (int i = 0; i < prec; i++) {
        dst.put(hex[(int) ((mant >>> 60) & 15)]);
        mant <<= 4;
      }
    }
    dst.put(fmt == 'X' ? 'P' : 'p');
    if (exp < 0) {
      dst.put('-');
      exp = -exp;
    } else {
      dst.put('+');
    }
    if (exp < 100) {
      dst.put('0' + exp / 10).put('0' + exp % 10);
    } else if (exp < 1000) {
      dst.put('0' + exp / 100).put('0' + exp / 10 % 10).put('0' + exp % 10);
    } else {
      dst.put('0' + exp / 1000).put('0' + exp / 100 % 10).put('0' + exp / 10 % 10).put('0' + exp % 10);
    }
  }
}
