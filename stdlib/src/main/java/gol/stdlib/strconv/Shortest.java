package gol.stdlib.strconv;

import java.math.BigInteger;

/**
 * The shortest decimal that reads back as a float64, by Giulietti's Schubfach method (the one
 * JDK 19's Double.toString uses; JDK 17's is slower and sometimes a digit too long): strconv's
 * 'g' -1, %v and Println of a float64 (issue 14). The decimal chosen is Go's: the shortest in
 * the value's rounding interval, of those the closest to the value, a tie to the even digit.
 *
 * <p>v = c·2^q. With k = floor(log10 2^q), one 126-bit approximation g of 10^-k (scaled by a
 * power of two) turns c, and the interval's ends, into 4·v/10^k rounded to odd ({@link #rop}):
 * enough to tell whether s·10^k or (s+1)·10^k (s = floor(v/10^k), 16 or 17 digits) lies in the
 * interval, or a decimal one digit shorter does (the method's theorem: nothing shorter can).
 * Trailing zeros then give the truly shortest length.
 *
 * <p>The tables g(k) are made with BigInteger the first time each k is needed (a program prints
 * numbers of a few magnitudes), not all 617 at start-up.
 */
final class Shortest {
  private Shortest() {
  }

  private static final int Q_MIN = -1074;
  private static final long C_MIN = 1L << 52;
  private static final long MASK_63 = (1L << 63) - 1;
  private static final int K_MIN = -324;
  private static final int K_MAX = 292;

  /** g(k) = floor(10^-k · 2^(125 - floor(log2 10^-k))) + 1 as g1·2^63 + g0; null until needed. */
  private static final G[] GS = new G[K_MAX - K_MIN + 1];

  /** One g(k) (final fields: safely seen by every thread once stored). */
  private record G(long g1, long g0) {
  }

  /**
   * The shortest decimal for the finite float64 {@code abs} > 0 as {@code {significand, exponent}}
   * (abs ≈ significand·10^exponent, no trailing zeros), or null for subnormals below about
   * 1e-322, whose rounding interval is so wide that a decimal two or more digits shorter than
   * s may lie in it (the JDK then keeps two digits, where Go goes down to one: 5e-323, not
   * 4.9E-323); the caller's exact path answers those.
   */
  static long[] of(double abs) {
    long bits = Double.doubleToRawLongBits(abs);
    long t = bits & (C_MIN - 1);
    int bq = (int) (bits >>> 52) & 0x7FF;
    if (bq == 0x7FF || bits < 0) {
      return null;
    }
    if (bq != 0) {
      long c = C_MIN | t;
      int q = bq - 1075;
      if (0 < -q && -q < 53) { // an integer below 2^53: itself
        long f = c >> -q;
        if (f << -q == c) {
          return strip(f, 0);
        }
      }
      return toDecimal(q, c);
    }
    if (t < 3) {
      return null; // 5e-324 and 1e-323 (zero is not asked for)
    }
    return toDecimal(Q_MIN, t);
  }

  private static long[] toDecimal(int q, long c) {
    int out = (int) c & 1; // an even c's interval includes its ends
    long cb = c << 2;
    long cbr = cb + 2;
    long cbl;
    int k;
    if (c != C_MIN || q == Q_MIN) {
      cbl = cb - 2;
      k = flog10pow2(q);
    } else { // a power of two: the interval below is half as wide
      cbl = cb - 1;
      k = flog10threeQuartersPow2(q);
    }
    int h = q + flog2pow10(-k) + 2;
    G g = GS[k - K_MIN];
    if (g == null) {
      BigInteger x = g(k);
      g = new G(x.shiftRight(63).longValue(), x.longValue() & MASK_63);
      GS[k - K_MIN] = g; // two threads at once only compute the same numbers twice
    }
    long g1 = g.g1();
    long g0 = g.g0();
    long vb = rop(g1, g0, cb << h);
    long vbl = rop(g1, g0, cbl << h);
    long vbr = rop(g1, g0, cbr << h);
    long s = vb >> 2;
    if (s < 100) {
      return null; // the smallest subnormals: see of
    }
    long sp10 = 10 * Math.multiplyHigh(s, 115_292_150_460_684_698L << 4); // 10·floor(s/10)
    long tp10 = sp10 + 10;
    boolean upin = vbl + out <= sp10 << 2;
    boolean wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) {
      return strip(upin ? sp10 : tp10, k);
    }
    long tt = s + 1;
    boolean uin = vbl + out <= s << 2;
    boolean win = (tt << 2) + out <= vbr;
    if (uin != win) {
      return strip(uin ? s : tt, k);
    }
    long cmp = vb - ((s + tt) << 1);
    return strip(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : tt, k);
  }

  /** floor(g·cp / 2^127), its lowest bit set if anything was dropped (rounding to odd). */
  private static long rop(long g1, long g0, long cp) {
    long x1 = Math.multiplyHigh(g0, cp);
    long y0 = g1 * cp;
    long y1 = Math.multiplyHigh(g1, cp);
    long z = (y0 >>> 1) + x1;
    long vbp = y1 + (z >>> 63);
    return vbp | ((z & MASK_63) + MASK_63) >>> 63;
  }

  private static long[] strip(long f, int e) {
    while (f % 10 == 0) {
      f /= 10;
      e++;
    }
    return new long[] {f, e};
  }

  /** floor(e·log10 2), exact for |e| ≤ 5456721 (checked by StrconvShortestTest over the range used). */
  static int flog10pow2(int e) {
    return (int) (e * 661_971_961_083L >> 41);
  }

  /** floor(e·log10 2 + log10 3/4). */
  static int flog10threeQuartersPow2(int e) {
    return (int) (e * 661_971_961_083L + -274_743_187_321L >> 41);
  }

  /** floor(e·log2 10). */
  static int flog2pow10(int e) {
    return (int) (e * 913_124_641_741L >> 38);
  }

  /** g(k) exactly: floor(10^-k · 2^(125 - floor(log2 10^-k))) + 1, in [2^125, 2^126). */
  static BigInteger g(int k) {
    int r = 125 - flog2pow10(-k);
    BigInteger g;
    if (k <= 0) {
      BigInteger p = BigInteger.TEN.pow(-k);
      g = r >= 0 ? p.shiftLeft(r) : p.shiftRight(-r);
    } else {
      g = BigInteger.ONE.shiftLeft(r).divide(BigInteger.TEN.pow(k));
    }
    return g.add(BigInteger.ONE);
  }
}
