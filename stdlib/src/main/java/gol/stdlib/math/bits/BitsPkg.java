package gol.stdlib.math.bits;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.Native;
import java.util.function.LongUnaryOperator;

/**
 * The natives of package math/bits (bits.gol). Unsigned values of n bits arrive zero-extended
 * in {@code g.ls}, and results are written back the same way.
 */
public final class BitsPkg {
  private BitsPkg() {
  }

  /**
   * The native of bodiless func {@code name}: a sized function is named for its width (LeadingZeros8
   * .. LeadingZeros64), and without a width it is the uint one (64 bits).
   */
  public static Native link(String name) {
    int end = name.length();
    while (end > 0 && Character.isDigit(name.charAt(end - 1))) {
      end--;
    }
    int n = end == name.length() ? 64 : Integer.parseInt(name.substring(end));
    return switch (name.substring(0, end)) {
      case "LeadingZeros" -> one(x -> Long.numberOfLeadingZeros(x) - (64 - n));
      case "TrailingZeros" -> one(x -> x == 0 ? n : Long.numberOfTrailingZeros(x));
      case "OnesCount" -> one(Long::bitCount);
      case "Len" -> one(x -> 64 - Long.numberOfLeadingZeros(x));
      case "Reverse" -> one(x -> Long.reverse(x) >>> (64 - n));
      case "ReverseBytes" -> one(x -> Long.reverseBytes(x) >>> (64 - n));
      case "RotateLeft" -> (g, base) -> g.ls[base] = rotate(g.ls[base], g.ls[base + 1], n);
      case "Add" -> n == 32 ? BitsPkg::add32 : BitsPkg::add64;
      case "Sub" -> n == 32 ? BitsPkg::sub32 : BitsPkg::sub64;
      case "Mul" -> n == 32 ? BitsPkg::mul32 : BitsPkg::mul64;
      case "Div" -> n == 32 ? BitsPkg::div32 : BitsPkg::div64;
      case "Rem" -> n == 32 ? BitsPkg::rem32 : BitsPkg::rem64;
      default -> null;
    };
  }

  private static Native one(LongUnaryOperator f) {
    return (g, base) -> g.ls[base] = f.applyAsLong(g.ls[base]);
  }

  private static long mask(int n) {
    return n == 64 ? -1L : (1L << n) - 1;
  }

  /** x rotated left by k mod n bits (right if k is negative). */
  static long rotate(long x, long k, int n) {
    int s = (int) Math.floorMod(k, (long) n);
    if (s == 0) {
      return x;
    }
    return ((x << s) | (x >>> (n - s))) & mask(n);
  }

  /** func Add64(x, y, carry uint64) (sum, carryOut uint64) */
  static void add64(G g, int base) {
    long x = g.ls[base];
    long y = g.ls[base + 1];
    long sum = x + y + g.ls[base + 2];
    g.ls[base] = sum;
    g.ls[base + 1] = ((x & y) | ((x | y) & ~sum)) >>> 63;
  }

  static void add32(G g, int base) {
    long sum = g.ls[base] + g.ls[base + 1] + g.ls[base + 2];
    g.ls[base] = sum & 0xFFFFFFFFL;
    g.ls[base + 1] = sum >>> 32;
  }

  /** func Sub64(x, y, borrow uint64) (diff, borrowOut uint64) */
  static void sub64(G g, int base) {
    long x = g.ls[base];
    long y = g.ls[base + 1];
    long diff = x - y - g.ls[base + 2];
    g.ls[base] = diff;
    g.ls[base + 1] = ((~x & y) | (~(x ^ y) & diff)) >>> 63;
  }

  static void sub32(G g, int base) {
    long diff = g.ls[base] - g.ls[base + 1] - g.ls[base + 2];
    g.ls[base] = diff & 0xFFFFFFFFL;
    g.ls[base + 1] = diff < 0 ? 1 : 0;
  }

  /** func Mul64(x, y uint64) (hi, lo uint64) */
  static void mul64(G g, int base) {
    long x = g.ls[base];
    long y = g.ls[base + 1];
    g.ls[base] = Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    g.ls[base + 1] = x * y;
  }

  static void mul32(G g, int base) {
    long p = g.ls[base] * g.ls[base + 1];
    g.ls[base] = p >>> 32;
    g.ls[base + 1] = p & 0xFFFFFFFFL;
  }

  /** func Div64(hi, lo, y uint64) (quo, rem uint64): panics for y == 0 or y <= hi. */
  static void div64(G g, int base) {
    long hi = g.ls[base];
    long lo = g.ls[base + 1];
    long y = g.ls[base + 2];
    check(hi, y);
    java.math.BigInteger n = unsigned(hi).shiftLeft(64).or(unsigned(lo));
    java.math.BigInteger[] qr = n.divideAndRemainder(unsigned(y));
    g.ls[base] = qr[0].longValue();
    g.ls[base + 1] = qr[1].longValue();
  }

  static void div32(G g, int base) {
    long hi = g.ls[base];
    long y = g.ls[base + 2];
    check(hi, y);
    long n = hi << 32 | g.ls[base + 1];
    g.ls[base] = Long.divideUnsigned(n, y);
    g.ls[base + 1] = Long.remainderUnsigned(n, y);
  }

  /** func Rem64(hi, lo, y uint64) uint64: like Div64 but only y == 0 panics. */
  static void rem64(G g, int base) {
    long y = g.ls[base + 2];
    if (y == 0) {
      throw GoPanic.runtime("integer divide by zero");
    }
    java.math.BigInteger n = unsigned(g.ls[base]).shiftLeft(64).or(unsigned(g.ls[base + 1]));
    g.ls[base] = n.mod(unsigned(y)).longValue();
  }

  static void rem32(G g, int base) {
    long y = g.ls[base + 2];
    if (y == 0) {
      throw GoPanic.runtime("integer divide by zero");
    }
    long n = g.ls[base] << 32 | g.ls[base + 1];
    g.ls[base] = Long.remainderUnsigned(n, y);
  }

  private static void check(long hi, long y) {
    if (y == 0) {
      throw GoPanic.runtime("integer divide by zero");
    }
    if (Long.compareUnsigned(y, hi) <= 0) {
      throw GoPanic.runtime("integer overflow");
    }
  }

  private static java.math.BigInteger unsigned(long x) {
    return new java.math.BigInteger(Long.toUnsignedString(x));
  }
}
