package gol.stdlib.strconv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * strconv.FormatFloat against Go. {@code ftoa.txt} holds lines
 * {@code <float64 bits in hex> <fmt> <prec> <bitSize> <Go's output>}, written by Go 1.19's
 * strconv for special values, random bit patterns, random magnitudes and random ratios, in the
 * formats e E f g G b x X with shortest and fixed precisions, as float64 and float32.
 */
class FtoaTest {
  @Test
  void matchesGoOnTheTable() throws IOException {
    List<String> failures = new ArrayList<>();
    int n = 0;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        FtoaTest.class.getResourceAsStream("ftoa.txt"), StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; n++) {
        String[] f = line.split(" ", 5);
        double v = Double.longBitsToDouble(Long.parseUnsignedLong(f[0], 16));
        String got = Ftoa.format(v, f[1].charAt(0), Integer.parseInt(f[2]), Integer.parseInt(f[3]));
        if (!got.equals(f[4])) {
          failures.add(line + "  got " + got);
        }
      }
    }
    assertTrue(n > 3000, "table read");
    assertTrue(failures.isEmpty(), failures.size() + " mismatches:\n" + String.join("\n", failures.subList(0, Math.min(40, failures.size()))));
  }

  @Test
  void shortestIsShortest() {
    assertEquals("0.3", Ftoa.format(0.3, 'g', -1, 64));
    assertEquals("0.30000000000000004", Ftoa.format(0.1 + 0.2, 'g', -1, 64));
    assertEquals("1e+23", Ftoa.format(1e23, 'g', -1, 64));
    assertEquals("2.8287938480615907e+17", Ftoa.format(2.82879384806159e17 + 64, 'g', -1, 64));
    assertEquals("5e-324", Ftoa.format(Double.MIN_VALUE, 'g', -1, 64));
    assertEquals("1e-45", Ftoa.format(Float.MIN_VALUE, 'g', -1, 32));
    assertEquals("0.1", Ftoa.format(0.1f, 'g', -1, 32));
    assertEquals("0.10000000149011612", Ftoa.format(0.1f, 'g', -1, 64));
    assertEquals("3.4028235e+38", Ftoa.format(Float.MAX_VALUE, 'g', -1, 32));
  }

  @Test
  void specials() {
    assertEquals("NaN", Ftoa.format(Double.NaN, 'f', 2, 64));
    assertEquals("+Inf", Ftoa.format(Double.POSITIVE_INFINITY, 'e', -1, 64));
    assertEquals("-Inf", Ftoa.format(Double.NEGATIVE_INFINITY, 'g', 3, 32));
    assertEquals("-0", Ftoa.format(-0.0, 'g', -1, 64));
    assertEquals("-0.000", Ftoa.format(-0.0, 'f', 3, 64));
    assertEquals("%z", Ftoa.format(1, 'z', -1, 64));
  }

  /** FastDigits answers as the exact path does, wherever it answers at all. */
  @Test
  void fastDigitsAgreeWithTheExactPath() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(11);
    int fastShortest = 0;
    int fastFixed = 0;
    for (int i = 0; i < 100_000; i++) {
      double v = switch (i % 4) {
        case 0 -> Math.abs(Double.longBitsToDouble(r.nextLong()));
        case 1 -> (double) r.nextInt(10_000_000) / (r.nextInt(999) + 1);
        case 2 -> r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
        default -> (double) (float) (r.nextDouble() * 1000);
      };
      if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) {
        continue;
      }
      boolean f32 = i % 8 == 3;
      Ftoa.Digits fast = FastDigits.shortest(v, f32);
      if (fast != null) {
        fastShortest++;
        assertDigits(Ftoa.shortestExact(v, f32), fast, v + " shortest");
      }
      int prec = r.nextInt(20);
      Ftoa.Digits fixed = FastDigits.fixed(v, prec);
      if (fixed != null) {
        fastFixed++;
        assertDigits(Ftoa.digits(new java.math.BigDecimal(v).setScale(prec, java.math.RoundingMode.HALF_EVEN)),
            fixed, v + " %." + prec + "f");
      }
    }
    assertTrue(fastShortest > 90_000, "the shortest fast path answered " + fastShortest);
    assertTrue(fastFixed > 50_000, "the fixed fast path answered " + fastFixed);
  }

  private static void assertDigits(Ftoa.Digits want, Ftoa.Digits got, String what) {
    assertEquals(new String(want.d(), 0, want.nd()) + "e" + want.dp(), new String(got.d(), 0, got.nd()) + "e" + got.dp(), what);
  }
}
