package gol.stdlib.math;

/**
 * Package math's functions with Go's results. Where Go's result is defined by a simple
 * formula (Pow by repeated squaring of the mantissa, Log2 via Frexp, Log10 as Log/Ln10, Hypot
 * as max·sqrt(1+(min/max)²), Round half away from zero) the formula is Go's, so the last bit
 * agrees; the transcendental kernels are the JDK's fdlibm ({@link StrictMath}), which Go's
 * Log, Log1p, Expm1 and Cbrt follow too (via FreeBSD's msun). Go's Sin/Cos/Tan, Atan and
 * its derivatives use Cephes polynomials instead and may differ from fdlibm in the last bit.
 */
public final class GoMath {
  private static final long SIGN = 1L << 63;
  private static final long EXP_MASK = 0x7FFL << 52;
  private static final double LN2 = 0.693147180559945309417232121458176568;
  private static final double LN10 = 2.30258509299404568401799145468436421;

  private GoMath() {
  }

  public static double abs(double x) {
    return Double.longBitsToDouble(Double.doubleToRawLongBits(x) & ~SIGN);
  }

  public static boolean signbit(double x) {
    return Double.doubleToRawLongBits(x) < 0;
  }

  public static double copysign(double f, double sign) {
    long s = Double.doubleToRawLongBits(sign) & SIGN;
    return Double.longBitsToDouble(Double.doubleToRawLongBits(f) & ~SIGN | s);
  }

  public static double trunc(double x) {
    if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    return x < 0 ? Math.ceil(x) : Math.floor(x);
  }

  /** Half away from zero; ±0, ±Inf, NaN unchanged; the sign of a zero result is x's. */
  public static double round(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x) || abs(x) >= 0x1p52) {
      return x;
    }
    double t = trunc(x);
    if (abs(x - t) >= 0.5) {
      t += copysign(1, x);
    }
    return t == 0 ? copysign(0, x) : t;
  }

  public static double roundToEven(double x) {
    return Math.rint(x);
  }

  /** (int part, frac part) with the sign of f on both; Modf(±Inf) = (±Inf, NaN). */
  public static double[] modf(double f) {
    if (f < 1) {
      if (f < 0) {
        double[] r = modf(-f);
        return new double[] {-r[0], -r[1]};
      }
      if (f == 0) {
        return new double[] {f, f};
      }
      return new double[] {0, f};
    }
    double i = Math.floor(f);
    return new double[] {i, f - i};
  }

  /** frexp: {frac, exp} with frac in [½, 1); ±0, ±Inf and NaN give (f, 0). */
  public static double frexpFrac(double f) {
    if (f == 0 || Double.isNaN(f) || Double.isInfinite(f)) {
      return f;
    }
    long bits = Double.doubleToRawLongBits(normal(f));
    bits &= ~EXP_MASK;
    bits |= 1022L << 52;
    return Double.longBitsToDouble(bits);
  }

  public static int frexpExp(double f) {
    if (f == 0 || Double.isNaN(f) || Double.isInfinite(f)) {
      return 0;
    }
    int exp = abs(f) < Double.MIN_NORMAL ? -52 : 0;
    long bits = Double.doubleToRawLongBits(normal(f));
    return exp + (int) ((bits >>> 52) & 0x7FF) - 1022;
  }

  private static double normal(double f) {
    return abs(f) < Double.MIN_NORMAL ? f * 0x1p52 : f;
  }

  public static double ldexp(double frac, long exp) {
    if (frac == 0 || Double.isNaN(frac) || Double.isInfinite(frac)) {
      return frac;
    }
    int e = (int) Math.max(-3000, Math.min(3000, exp));
    return Math.scalb(frac, e);
  }

  /** Go's Pow: its special cases, then mantissa squaring for the integer part of y. */
  public static double pow(double x, double y) {
    if (y == 0 || x == 1) {
      return 1;
    } else if (y == 1) {
      return x;
    } else if (Double.isNaN(x) || Double.isNaN(y)) {
      return Double.NaN;
    } else if (x == 0) {
      boolean odd = signbit(x) && isOddInt(y);
      if (y < 0) {
        return odd ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      }
      return odd ? x : 0;
    } else if (Double.isInfinite(y)) {
      if (x == -1) {
        return 1;
      }
      return (abs(x) < 1) == (y > 0) ? 0 : Double.POSITIVE_INFINITY;
    } else if (Double.isInfinite(x)) {
      if (x < 0) {
        return pow(1 / x, -y);
      }
      return y < 0 ? 0 : Double.POSITIVE_INFINITY;
    } else if (y == 0.5) {
      return Math.sqrt(x);
    } else if (y == -0.5) {
      return 1 / Math.sqrt(x);
    }
    double[] m = modf(abs(y));
    double yi = m[0];
    double yf = m[1];
    if (yf != 0 && x < 0) {
      return Double.NaN;
    }
    if (yi >= 0x1p63) {
      if (x == -1) {
        return 1;
      }
      return (abs(x) < 1) == (y > 0) ? 0 : Double.POSITIVE_INFINITY;
    }
    double a1 = 1;
    long ae = 0;
    if (yf != 0) {
      if (yf > 0.5) {
        yf--;
        yi++;
      }
      a1 = StrictMath.exp(yf * StrictMath.log(x));
    }
    double x1 = frexpFrac(x);
    long xe = frexpExp(x);
    for (long i = (long) yi; i != 0; i >>= 1) {
      if (xe < -(1 << 12) || (1 << 12) < xe) {
        ae += xe;
        break;
      }
      if ((i & 1) == 1) {
        a1 *= x1;
        ae += xe;
      }
      x1 *= x1;
      xe <<= 1;
      if (x1 < .5) {
        x1 += x1;
        xe--;
      }
    }
    if (y < 0) {
      a1 = 1 / a1;
      ae = -ae;
    }
    return ldexp(a1, ae);
  }

  private static boolean isOddInt(double x) {
    if (abs(x) >= 0x1p53) {
      return false; // every float this large is even
    }
    double[] m = modf(x);
    return m[1] == 0 && ((long) m[0] & 1) == 1;
  }

  public static double log2(double x) {
    double frac = frexpFrac(x);
    int exp = frexpExp(x);
    if (frac == 0.5) {
      return exp - 1;
    }
    return StrictMath.log(frac) * (1 / LN2) + exp;
  }

  public static double log10(double x) {
    return StrictMath.log(x) * (1 / LN10);
  }

  public static double exp2(double x) {
    return StrictMath.pow(2, x);
  }

  public static double hypot(double p, double q) {
    p = abs(p);
    q = abs(q);
    if (Double.isInfinite(p) || Double.isInfinite(q)) {
      return Double.POSITIVE_INFINITY;
    }
    if (Double.isNaN(p) || Double.isNaN(q)) {
      return Double.NaN;
    }
    if (p == 0 && q == 0) {
      return 0;
    }
    double max = Math.max(p, q);
    double min = Math.min(p, q);
    min /= max;
    return max * Math.sqrt(1 + min * min);
  }

  /** Go's Max: +Inf wins over NaN; NaN otherwise; +0 over -0. */
  public static double max(double x, double y) {
    if (x == Double.POSITIVE_INFINITY || y == Double.POSITIVE_INFINITY) {
      return Double.POSITIVE_INFINITY;
    } else if (Double.isNaN(x) || Double.isNaN(y)) {
      return Double.NaN;
    } else if (x == 0 && x == y) {
      return signbit(x) ? y : x;
    }
    return x > y ? x : y;
  }

  /** Go's Min: -Inf wins over NaN; NaN otherwise; -0 over +0. */
  public static double min(double x, double y) {
    if (x == Double.NEGATIVE_INFINITY || y == Double.NEGATIVE_INFINITY) {
      return Double.NEGATIVE_INFINITY;
    } else if (Double.isNaN(x) || Double.isNaN(y)) {
      return Double.NaN;
    } else if (x == 0 && x == y) {
      return signbit(x) ? x : y;
    }
    return x < y ? x : y;
  }

  /** max(x-y, 0), with Go's NaN and infinity rules. */
  public static double dim(double x, double y) {
    double v = x - y;
    if (Double.isNaN(v)) {
      return Double.NaN; // includes Dim(+Inf, +Inf) and Dim(-Inf, -Inf)
    }
    return v <= 0 ? 0 : v;
  }

  /** Go's Mod: fmod (the sign of x); Mod(±Inf, y), Mod(x, 0) and NaNs give NaN. */
  public static double mod(double x, double y) {
    return x % y;
  }

  /** IEEE 754 remainder (round to nearest). */
  public static double remainder(double x, double y) {
    return Math.IEEEremainder(x, y);
  }

  public static double cbrt(double x) {
    return StrictMath.cbrt(x);
  }

  /** The integer exponent as Go's Ilogb: MinInt32 for 0, MaxInt32 for Inf and NaN. */
  public static long ilogb(double x) {
    if (x == 0) {
      return Integer.MIN_VALUE;
    } else if (Double.isNaN(x) || Double.isInfinite(x)) {
      return Integer.MAX_VALUE;
    }
    return frexpExp(x) - 1;
  }

  public static double logb(double x) {
    if (x == 0) {
      return Double.NEGATIVE_INFINITY;
    } else if (Double.isInfinite(x)) {
      return Double.POSITIVE_INFINITY;
    } else if (Double.isNaN(x)) {
      return x;
    }
    return frexpExp(x) - 1;
  }
}
