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
}
