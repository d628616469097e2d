package gol.stdlib.big;

import java.math.BigInteger;

/**
 * The binary core of big.Float: rounding a mantissa to a precision in bits with one of Go's six
 * rounding modes. A finite Float is {@code |x| = mant × 2**(exp - bitLen(mant))} (Go's
 * {@code 0.mant × 2**exp}) with mant > 0 kept free of trailing zero bits, so MinPrec is
 * {@code bitLen(mant)}.
 */
public final class FloatMath {
  /** Go's RoundingMode values. */
  static final int TO_NEAREST_EVEN = 0;
  static final int TO_NEAREST_AWAY = 1;
  static final int TO_ZERO = 2;
  static final int AWAY_FROM_ZERO = 3;
  static final int TO_NEGATIVE_INF = 4;
  static final int TO_POSITIVE_INF = 5;

  private FloatMath() {
  }

  /** A rounded magnitude: mant (no trailing zero bits), Go's exponent, and the Accuracy. */
  record Rounded(BigInteger mant, long exp, int acc) {
  }

  /**
   * Rounds the magnitude {@code 0.mant × 2**exp} (plus a sticky bit for discarded nonzero bits
   * below mant) of a number with sign neg to prec bits. The accuracy is -1 (Below), 0 or +1
   * (Above) for the signed value; a carry out of the top bit raises the exponent.
   */
  static Rounded round(BigInteger mant, long exp, boolean neg, long prec, int mode, boolean sbit) {
    int n = mant.bitLength();
    if (n <= prec) {
      return new Rounded(stripped(mant), exp, 0);
    }
    int r = (int) (n - prec); // bits dropped
    boolean rbit = mant.testBit(r - 1);
    boolean sticky = sbit || mant.getLowestSetBit() < r - 1;
    BigInteger q = mant.shiftRight(r);
    int acc = 0;
    if (rbit || sticky) {
      boolean inc = switch (mode) {
        case TO_NEGATIVE_INF -> neg;
        case TO_ZERO -> false;
        case TO_NEAREST_EVEN -> rbit && (sticky || q.testBit(0));
        case TO_NEAREST_AWAY -> rbit;
        case AWAY_FROM_ZERO -> true;
        case TO_POSITIVE_INF -> !neg;
        default -> false;
      };
      acc = inc != neg ? 1 : -1;
      if (inc) {
        q = q.add(BigInteger.ONE);
        if (q.bitLength() > prec) {
          exp++;
        }
      }
    }
    return new Rounded(stripped(q), exp, acc);
  }

  /** m without its trailing zero bits (m > 0). */
  static BigInteger stripped(BigInteger m) {
    int tz = m.getLowestSetBit();
    return tz > 0 ? m.shiftRight(tz) : m;
  }

  /**
   * The IEEE value nearest (ties to even) to a/b (b > 0) in a format with mbits mantissa bits
   * (the implicit one included) and normal exponents emin..emax, denormals included: a
   * quotient with two bits to spare and the remainder as sticky bit round exactly once. The
   * result is exact in a double; exact[0] tells whether it equals a/b.
   */
  static double quotient(BigInteger a, BigInteger b, int mbits, int emin, int emax, boolean[] exact) {
    exact[0] = a.signum() == 0;
    if (a.signum() == 0) {
      return 0;
    }
    boolean neg = a.signum() < 0;
    a = a.abs();
    int k = mbits + 2 + b.bitLength() - a.bitLength();
    BigInteger[] qr = k >= 0 ? a.shiftLeft(k).divideAndRemainder(b) : a.divideAndRemainder(b.shiftLeft(-k));
    BigInteger q = qr[0];
    boolean sticky = qr[1].signum() != 0;
    long e = q.bitLength() - (long) k; // a/b = 0.q × 2**e
    long p = mbits;
    if (e - 1 < emin) { // denormal: fewer mantissa bits
      p = mbits + (e - 1 - emin);
      if (p <= 0) { // below the smallest denormal: 0 or that, ties to even (0)
        double tiny = Math.scalb(1.0, emin - mbits + 1);
        boolean half = p == 0 && (q.bitCount() > 1 || sticky);
        double r = half ? tiny : 0;
        return neg ? -r : r;
      }
    }
    Rounded r = round(q, e, neg, p, TO_NEAREST_EVEN, sticky);
    exact[0] = r.acc() == 0 && !sticky;
    if (r.exp() - 1 > emax) {
      exact[0] = false;
      return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    double f = Math.scalb(r.mant().doubleValue(), (int) (r.exp() - r.mant().bitLength()));
    return neg ? -f : f;
  }
}
