package gol.stdlib.strconv;

import gol.stdlib.ByteBuf;
import gol.stdlib.strconv.Ftoa.Digits;

/**
 * The common cases of {@link Ftoa}'s digit generation without BigDecimal: each method returns the
 * same digits as the exact (BigDecimal) path or null when it cannot be sure, and the caller then
 * takes the exact path. Go's answers are exact, so these must be too; bench/ and the strconv tests
 * compare them with Go's output.
 */
final class FastDigits {
  /** 5^i for i ≤ 27 (5^27 < 2^63). */
  private static final long[] POW5 = new long[28];

  static {
    POW5[0] = 1;
    for (int i = 1; i < POW5.length; i++) {
      POW5[i] = POW5[i - 1] * 5;
    }
  }

  private FastDigits() {
  }

  /**
   * {@code abs} (finite, ≥ 0) rounded half-to-even to {@code prec} digits after the decimal point,
   * as Go's %.{prec}f rounds: abs = m·2^e exactly, so abs·10^prec = m·5^prec·2^(e+prec), a 128-bit
   * product shifted — integer arithmetic, exact. Null when the result does not fit in 63 bits or
   * prec > 27.
   */
  static Digits fixed(double abs, int prec) {
    long q = scaled(abs, prec);
    return q < 0 ? null : q == 0 ? Digits.ZERO : digits(q, -prec);
  }

  /** 10^i for i ≤ 18. */
  private static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  /**
   * Appends %.{prec}f of {@code abs} (finite, ≥ 0; "-" first if {@code neg}) straight from the
   * rounded integer {@link #scaled} gives, with no digit string in between; false (nothing
   * appended) when that integer is unknown or prec > 18.
   */
  static boolean appendFixed(ByteBuf dst, double abs, int prec, boolean neg) {
    if (prec > 18) {
      return false;
    }
    long q = scaled(abs, prec);
    if (q < 0) {
      return false;
    }
    if (neg) {
      dst.put('-');
    }
    long p = POW10[prec];
    appendDecimal(dst, q / p, 1);
    if (prec > 0) {
      dst.put('.');
      appendDecimal(dst, q % p, prec);
    }
    return true;
  }

  /** Appends v ≥ 0 in decimal, with leading zeros to at least {@code width} digits (≤ 19). */
  private static void appendDecimal(ByteBuf dst, long v, int width) {
    int n = Math.max(gol.stdlib.Decimal.length(v), width);
    int start = dst.extend(n);
    byte[] b = dst.array();
    int i = gol.stdlib.Decimal.write(b, start + n, v);
    while (i > start) {
      b[--i] = '0';
    }
  }

  /**
   * round(abs · 10^prec) half-to-even as a long, exactly; -1 when it does not fit in 63 bits or
   * prec > 27.
   */
  private static long scaled(double abs, int prec) {
    if (prec > 27) {
      return -1;
    }
    long bits = Double.doubleToRawLongBits(abs);
    int be = (int) (bits >>> 52) & 0x7FF;
    long m = bits & ((1L << 52) - 1);
    if (be == 0) {
      be = 1;
    } else {
      m |= 1L << 52;
    }
    if (m == 0) {
      return 0;
    }
    int e = be - 1075; // abs = m · 2^e
    long f = POW5[prec];
    long hi = Math.multiplyHigh(m, f); // P = hi:lo = m · 5^prec < 2^116
    long lo = m * f;
    int s = -(e + prec); // abs · 10^prec = P / 2^s
    long q;
    if (s <= 0) {
      int l = -s;
      if (hi != 0 || l >= 63 || lo < 0 || (lo >>> (63 - l)) != 0) {
        return -1;
      }
      q = lo << l;
    } else if (s >= 128) {
      q = 0; // P < 2^116 < 2^(s-1), half a unit: rounds down
    } else if (s < 64) {
      if ((hi >>> s) != 0) {
        return -1;
      }
      q = (hi << (64 - s)) | (lo >>> s);
      if (q < 0) {
        return -1;
      }
      long rem = lo & ((1L << s) - 1);
      int c = Long.compareUnsigned(rem, 1L << (s - 1));
      if (c > 0 || c == 0 && (q & 1) != 0) {
        q++;
      }
    } else {
      int t = s - 64; // 0 ≤ t < 64; hi < 2^52, so q fits
      q = hi >>> t;
      int c;
      if (t == 0) {
        c = Long.compareUnsigned(lo, 1L << 63);
      } else {
        long remHi = hi & ((1L << t) - 1);
        long halfHi = 1L << (t - 1);
        c = remHi != halfHi ? Long.compare(remHi, halfHi) : lo != 0 ? 1 : 0;
      }
      if (c > 0 || c == 0 && (q & 1) != 0) {
        q++;
      }
    }
    return q;
  }

  /**
   * The shortest digits that read back as {@code abs}: for a float64 {@link Shortest}'s (all but
   * the smallest subnormals); for a float32, when the JDK's {@code toString} has found them: its p digits D always read back; if neither p-1-digit neighbour of D reads back, no
   * shorter decimal does (the values that read back form an interval holding D, so any shorter one
   * would put a neighbour of D inside it too). The p-digit decimals that read back are then a run
   * D-a..D+b, and Go's answer is the one closest to the exact value (only a run longer than one,
   * common at 17 digits, needs BigDecimal to tell). Null when a shorter decimal reads back
   * (JDK-4511638's too-long outputs): the exact path decides.
   */
  static Digits shortest(double abs, boolean f32) {
    if (!f32) {
      long[] fe = Shortest.of(abs);
      if (fe != null) {
        return digits(fe[0], (int) fe[1]);
      }
    }
    String s = f32 ? Float.toString((float) abs) : Double.toString(abs);
    long d = 0;
    int nd = 0;
    int dp = 0; // digits before the point, once leading zeros are dropped
    boolean point = false;
    int i = 0;
    int n = s.length();
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c == '.') {
        point = true;
      } else if (c >= '0' && c <= '9') {
        if (nd == 0 && c == '0') {
          if (point) {
            dp--;
          }
          continue;
        }
        if (nd == 18) {
          return null;
        }
        d = d * 10 + (c - '0');
        nd++;
        if (!point) {
          dp++;
        }
      } else {
        break;
      }
    }
    if (i < n) { // an exponent: E-7, E10
      dp += Integer.parseInt(s, i + 1, n, 10);
    }
    if (nd == 0) {
      return null;
    }
    while (d % 10 == 0) {
      d /= 10;
      nd--;
    }
    // value = d · 10^(dp - nd)
    int exp = dp - nd;
    if (nd > 1) {
      long lo = d / 10;
      if (readsBack(lo, exp + 1, abs, f32) || readsBack(lo + 1, exp + 1, abs, f32)) {
        return null;
      }
    }
    // The p-digit decimals that read back are a run around d; Go keeps the one closest to the
    // exact value (a tie goes to the even digit).
    long lo = d;
    long hi = d;
    while (readsBack(lo - 1, exp, abs, f32)) {
      lo--;
    }
    while (readsBack(hi + 1, exp, abs, f32)) {
      hi++;
    }
    if (lo < hi) {
      d = closest(lo, hi, exp, abs);
    }
    return digits(d, exp);
  }

  /** Of u · 10^exp for u in [lo, hi], the one closest to abs; a tie goes to the even u. */
  private static long closest(long lo, long hi, int exp, double abs) {
    java.math.BigDecimal exact = new java.math.BigDecimal(abs);
    long best = lo;
    java.math.BigDecimal bestDist = null;
    for (long u = lo; u <= hi; u++) {
      java.math.BigDecimal dist = java.math.BigDecimal.valueOf(u, -exp).subtract(exact).abs();
      int c = bestDist == null ? -1 : dist.compareTo(bestDist);
      if (c < 0 || c == 0 && (u & 1) == 0) {
        best = u;
        bestDist = dist;
      }
    }
    return best;
  }

  /** 10^i for i ≤ 22, each exact as a double (5^22 < 2^53). */
  private static final double[] POW10D = new double[23];
  /** 10^i for i ≤ 10, each exact as a float (5^10 < 2^24). */
  private static final float[] POW10F = new float[11];

  static {
    double d = 1;
    for (int i = 0; i < POW10D.length; i++) {
      POW10D[i] = d;
      d *= 10;
    }
    float f = 1;
    for (int i = 0; i < POW10F.length; i++) {
      POW10F[i] = f;
      f *= 10;
    }
  }

  /**
   * Whether u · 10^exp parses back to abs. When u and 10^|exp| are both exact in the float type,
   * one multiplication or division rounds the exact value once, to nearest even, as the parser
   * does (Clinger's fast path), so no text is made and parsed.
   */
  private static boolean readsBack(long u, int exp, double abs, boolean f32) {
    if (u <= 0) {
      return false;
    }
    if (!f32 && u < 1L << 53 && -POW10D.length < exp && exp < POW10D.length) {
      return (exp >= 0 ? (double) u * POW10D[exp] : (double) u / POW10D[-exp]) == abs;
    }
    if (f32 && u < 1L << 24 && -POW10F.length < exp && exp < POW10F.length) {
      return (exp >= 0 ? (float) u * POW10F[exp] : (float) u / POW10F[-exp]) == (float) abs;
    }
    String s = u + "E" + exp;
    return f32 ? Float.parseFloat(s) == (float) abs : Double.parseDouble(s) == abs;
  }

  /** The Digits of u · 10^exp (u > 0), trailing zeros dropped. */
  private static Digits digits(long u, int exp) {
    while (u % 10 == 0) {
      u /= 10;
      exp++;
    }
    byte[] b = new byte[19];
    int k = b.length;
    for (long v = u; v != 0; v /= 10) {
      b[--k] = (byte) ('0' + v % 10);
    }
    int nd = b.length - k;
    return new Digits(java.util.Arrays.copyOfRange(b, k, b.length), nd, nd + exp);
  }
}
