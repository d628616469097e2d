package gol.stdlib.math;

/**
 * Go's trigonometric and hyperbolic functions, computed as Go computes them (its pure-Go
 * versions, after Stephen Moshier's Cephes library, which is not fdlibm): the same argument
 * reduction, the same polynomial coefficients, the same order of operations, so results agree
 * with Go to the last bit. Arguments of 2**29 and more are reduced as Go reduces them (Payne-Hanek:
 * the mantissa times 192 bits of 4/π picked from a 1,280-bit expansion, computed here at class
 * initialisation).
 */
public final class Trig {
  private Trig() {
  }

  private static final double PI = Math.PI;
  /** 4/π rounded once. */
  private static final double FOUR_OVER_PI = 1.27323954473516268615107010698011489627567716592365;
  /** π/4 in three parts for extended-precision reduction. */
  private static final double PI4A = 7.85398125648498535156e-1;
  private static final double PI4B = 3.77489470793079817668e-8;
  private static final double PI4C = 2.69515142907905952645e-15;
  private static final double REDUCE_THRESHOLD = 1 << 29;

  private static final double[] SIN = {
      1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
      -1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1};
  private static final double[] COS = {
      -1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
      2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2};

  /** 4/π in binary: 4/π = Σ M_PI4[i]·2**(-64·i), i = 0..19 (M_PI4[0] == 1). */
  static final long[] M_PI4 = fourOverPi();

  /** The bits of 4/π from π by Machin's formula in 1,400-bit fixed point. */
  private static long[] fourOverPi() {
    int prec = 1400;
    java.math.BigInteger one = java.math.BigInteger.ONE.shiftLeft(prec);
    java.math.BigInteger pi = arctanInv(5, one).shiftLeft(4).subtract(arctanInv(239, one).shiftLeft(2));
    java.math.BigInteger q = java.math.BigInteger.ONE.shiftLeft(64 * 19 + 2 + prec).divide(pi);
    long[] words = new long[20];
    for (int i = 19; i >= 0; i--) {
      words[i] = q.longValue();
      q = q.shiftRight(64);
    }
    return words;
  }

  /** arctan(1/n) in fixed point with {@code one} as 1, by its Taylor series. */
  private static java.math.BigInteger arctanInv(int n, java.math.BigInteger one) {
    java.math.BigInteger n2 = java.math.BigInteger.valueOf((long) n * n);
    java.math.BigInteger power = one.divide(java.math.BigInteger.valueOf(n));
    java.math.BigInteger sum = power;
    for (int k = 1; power.signum() != 0; k++) {
      power = power.divide(n2);
      java.math.BigInteger term = power.divide(java.math.BigInteger.valueOf(2L * k + 1));
      sum = (k & 1) == 1 ? sum.subtract(term) : sum.add(term);
    }
    return sum;
  }

  /** M_PI4 from bit {@code shift} of word {@code d}: 64 bits of 4/π (Go's shifts: 64 gives 0). */
  private static long window(int d, int shift) {
    return (M_PI4[d] << shift) | (shift == 0 ? 0 : M_PI4[d + 1] >>> (64 - shift));
  }

  /**
   * Go's trigReduce for x >= 2**29: the octant j and x - j·π/4, from x's mantissa times the
   * 192 bits of 4/π that matter at x's exponent.
   */
  private static double[] payneHanek(double x) {
    long ix = Double.doubleToRawLongBits(x);
    int exp = (int) ((ix >>> 52) & 0x7FF) - 1023 - 52;
    ix = ix & ~(0x7FFL << 52) | (1L << 52);
    int digit = (exp + 61) / 64;
    int bitshift = (exp + 61) % 64;
    long z0 = window(digit, bitshift);
    long z1 = window(digit + 1, bitshift);
    long z2 = window(digit + 2, bitshift);
    long z2hi = Math.multiplyHigh(z2, ix) + ((z2 >> 63) & ix); // ix < 2**53: unsigned high part
    long z1hi = Math.multiplyHigh(z1, ix) + ((z1 >> 63) & ix);
    long z1lo = z1 * ix;
    long z0lo = z0 * ix;
    long lo = z1lo + z2hi;
    long carry = Long.compareUnsigned(lo, z1lo) < 0 ? 1 : 0;
    long hi = z0lo + z1hi + carry;
    long j = hi >>> 61;
    hi = hi << 3 | lo >>> 61;
    int lz = Long.numberOfLeadingZeros(hi);
    long e = 1023 - (lz + 1);
    hi = (hi << (lz + 1)) | (lo >>> (64 - (lz + 1)));
    hi >>>= 64 - 52;
    hi |= e << 52;
    double z = Double.longBitsToDouble(hi);
    if ((j & 1) == 1) {
      j++;
      j &= 7;
      z--;
    }
    return new double[] {j, z * (PI / 4)};
  }

  /** The octant j (made even) and the reduced argument of x >= 0, packed as {j, z}. */
  private static double[] reduce(double x) {
    if (x >= REDUCE_THRESHOLD) {
      return payneHanek(x);
    }
    long j = (long) (x * FOUR_OVER_PI);
    double y = j;
    if ((j & 1) == 1) {
      j++;
      y++;
    }
    double z = ((x - y * PI4A) - y * PI4B) - y * PI4C;
    return new double[] {j, z};
  }

  private static double sinPoly(double z, double zz) {
    return z + z * zz * ((((((SIN[0] * zz) + SIN[1]) * zz + SIN[2]) * zz + SIN[3]) * zz + SIN[4]) * zz + SIN[5]);
  }

  private static double cosPoly(double zz) {
    return 1.0 - 0.5 * zz + zz * zz * ((((((COS[0] * zz) + COS[1]) * zz + COS[2]) * zz + COS[3]) * zz + COS[4]) * zz + COS[5]);
  }

  public static double sin(double x) {
    if (x == 0 || Double.isNaN(x)) {
      return x;
    } else if (Double.isInfinite(x)) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    }
    boolean sign = x < 0;
    x = Math.abs(x);
    double[] r = reduce(x);
    long j = (long) r[0] & 7;
    double z = r[1];
    if (j > 3) {
      sign = !sign;
      j -= 4;
    }
    double zz = z * z;
    double y = j == 1 || j == 2 ? cosPoly(zz) : sinPoly(z, zz);
    return sign ? -y : y;
  }

  public static double cos(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    }
    x = Math.abs(x);
    double[] r = reduce(x);
    long j = (long) r[0] & 7;
    double z = r[1];
    boolean sign = false;
    if (j > 3) {
      j -= 4;
      sign = !sign;
    }
    if (j > 1) {
      sign = !sign;
    }
    double zz = z * z;
    double y = j == 1 || j == 2 ? sinPoly(z, zz) : cosPoly(zz);
    return sign ? -y : y;
  }

  public static double tan(double x) {
    if (x == 0 || Double.isNaN(x)) {
      return x;
    } else if (Double.isInfinite(x)) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    }
    boolean sign = x < 0;
    x = Math.abs(x);
    double[] r = reduce(x);
    long j = (long) r[0];
    double z = r[1];
    double zz = z * z;
    double y;
    if (zz > 1e-14) {
      y = z + z * (zz * (((-1.30936939181383777646e4 * zz) + 1.15351664838587416140e6) * zz
          + -1.79565251976484877988e7)
          / ((((zz + 1.36812963470692954678e4) * zz + -1.32089234440210967447e6) * zz
          + 2.50083801823357915839e7) * zz + -5.38695755929454629881e7));
    } else {
      y = z;
    }
    if ((j & 2) == 2) {
      y = -1 / y;
    }
    return sign ? -y : y;
  }

  /** atan on [0, 0.66] by a rational function. */
  private static double xatan(double x) {
    double z = x * x;
    z = z * ((((-8.750608600031904122785e-01 * z + -1.615753718733365076637e+01) * z
        + -7.500855792314704667340e+01) * z + -1.228866684490136173410e+02) * z
        + -6.485021904942025371773e+01)
        / (((((z + 2.485846490142306297962e+01) * z + 1.650270098316988542046e+02) * z
        + 4.328810604912902668951e+02) * z + 4.853903996359136964868e+02) * z
        + 1.945506571482613964425e+02);
    return x * z + x;
  }

  /** atan for x >= 0, reduced to [0, 0.66]. */
  private static double satan(double x) {
    final double morebits = 6.123233995736765886130e-17; // pi/2 = PIO2 + Morebits
    final double tan3pio8 = 2.41421356237309504880; // tan(3*pi/8)
    if (x <= 0.66) {
      return xatan(x);
    }
    if (x > tan3pio8) {
      return PI / 2 - xatan(1 / x) + morebits;
    }
    return PI / 4 + xatan((x - 1) / (x + 1)) + 0.5 * morebits;
  }

  public static double atan(double x) {
    if (x == 0) {
      return x;
    }
    return x > 0 ? satan(x) : -satan(-x);
  }

  public static double asin(double x) {
    if (x == 0) {
      return x;
    }
    boolean sign = x < 0;
    x = Math.abs(x);
    if (x > 1) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    }
    double temp = Math.sqrt(1 - x * x);
    temp = x > 0.7 ? PI / 2 - satan(temp / x) : satan(x / temp);
    return sign ? -temp : temp;
  }

  public static double acos(double x) {
    return PI / 2 - asin(x);
  }

  public static double atan2(double y, double x) {
    if (Double.isNaN(y) || Double.isNaN(x)) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    } else if (y == 0) {
      return x >= 0 && !GoMath.signbit(x) ? GoMath.copysign(0, y) : GoMath.copysign(PI, y);
    } else if (x == 0) {
      return GoMath.copysign(PI / 2, y);
    } else if (Double.isInfinite(x)) {
      if (x > 0) {
        return Double.isInfinite(y) ? GoMath.copysign(PI / 4, y) : GoMath.copysign(0, y);
      }
      return Double.isInfinite(y) ? GoMath.copysign(3 * PI / 4, y) : GoMath.copysign(PI, y);
    } else if (Double.isInfinite(y)) {
      return GoMath.copysign(PI / 2, y);
    }
    double q = atan(y / x);
    if (x < 0) {
      return q <= 0 ? q + PI : q - PI;
    }
    return q;
  }

  public static double sinh(double x) {
    boolean sign = x < 0;
    if (sign) {
      x = -x; // not Math.abs: Sinh(-0) is -0
    }
    double temp;
    if (x > 21) {
      temp = GoMath.exp(x) * 0.5;
    } else if (x > 0.5) {
      double ex = GoMath.exp(x);
      temp = (ex - 1 / ex) * 0.5;
    } else {
      double sq = x * x;
      temp = (((-0.2630563213397497062819489e+2 * sq + -0.2894211355989563807284660366e+4) * sq
          + -0.8991272022039509355398013511e+5) * sq + -0.6307673640497716991184787251e+6) * x;
      temp = temp / (((sq + -0.173678953558233699533450911e+3) * sq
          + 0.1521517378790019070696485176e+5) * sq + -0.6307673640497716991212077277e+6);
    }
    return sign ? -temp : temp;
  }

  public static double cosh(double x) {
    x = Math.abs(x);
    if (x > 21) {
      return GoMath.exp(x) * 0.5;
    }
    double ex = GoMath.exp(x);
    return (ex + 1 / ex) * 0.5;
  }

  public static double tanh(double x) {
    final double maxlog = 8.8029691931113054295988e+01; // log(2**127)
    double z = Math.abs(x);
    if (z > 0.5 * maxlog) {
      return x < 0 ? -1 : 1;
    } else if (z >= 0.625) {
      double s = GoMath.exp(2 * z);
      z = 1 - 2 / (s + 1);
      return x < 0 ? -z : z;
    } else if (x == 0) {
      return x;
    }
    double s = x * x;
    return x + x * s * ((-9.64399179425052238628e-1 * s + -9.92877231001918586564e1) * s
        + -1.61468768441708447952e3)
        / (((s + 1.12811678491632931402e2) * s + 2.23548839060100448583e3) * s
        + 4.84406305325125486048e3);
  }
}
