package gol.stdlib.strconv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Shortest (Schubfach) against exact arithmetic: its logarithm approximations and its digits. */
class ShortestTest {
  /** floor(log10 x) of a positive exact decimal. */
  private static int floorLog10(BigDecimal x) {
    return x.precision() - x.scale() - 1;
  }

  @Test
  void logarithmApproximationsAreExactOverTheRangeUsed() {
    for (int e = -1074; e <= 971; e++) {
      BigDecimal p = e >= 0 ? new BigDecimal(BigInteger.TWO.pow(e))
          : BigDecimal.ONE.divide(new BigDecimal(BigInteger.TWO.pow(-e)));
      assertEquals(floorLog10(p), Shortest.flog10pow2(e), "flog10pow2 " + e);
      BigDecimal q = p.multiply(new BigDecimal("0.75"));
      assertEquals(floorLog10(q), Shortest.flog10threeQuartersPow2(e), "flog10threeQuartersPow2 " + e);
    }
    for (int e = -292; e <= 324; e++) {
      BigInteger t = BigInteger.TEN.pow(Math.abs(e));
      int exact = e >= 0 ? t.bitLength() - 1 : -t.bitLength();
      assertEquals(exact, Shortest.flog2pow10(e), "flog2pow10 " + e);
    }
  }

  @Test
  void agreesWithTheExactSearch() {
    Random r = new Random(7);
    for (int i = 0; i < 20000; i++) {
      check(Double.longBitsToDouble(r.nextLong() & Long.MAX_VALUE));
      check(i / 7.0);
      check(r.nextDouble() * Math.pow(10, r.nextInt(40) - 20));
    }
    for (int e = -1074; e <= 1023; e++) {
      double p = Math.scalb(1.0, e);
      check(p);
      check(Math.nextUp(p));
      check(Math.nextDown(p));
    }
  }

  private static void check(double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      return;
    }
    long[] fe = Shortest.of(v);
    Ftoa.Digits exact = Ftoa.shortestExact(v, false);
    if (fe == null) {
      assertEquals(true, v < 1e-321, "only the smallest subnormals are left to the exact path: " + v);
      return;
    }
    assertNotNull(exact);
    String digits = Long.toString(fe[0]);
    assertEquals(new String(exact.d(), 0, exact.nd()), digits, "digits of " + v);
    assertEquals(exact.dp(), digits.length() + (int) fe[1], "decimal point of " + v);
  }
}
