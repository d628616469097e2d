package gol.stdlib.big;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The natives of math/big: an Int's value is an immutable JDK {@link BigInteger} that the gol
 * side holds as an opaque {@code *bigval} (nil means 0), so copying an Int copies a reference
 * and every operation makes a new value. All natives are leaves.
 */
public final class BigPkg {
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  private BigPkg() {
  }

  /** The value a *bigval slot holds (nil is 0). */
  static BigInteger val(Object o) {
    return o == null ? BigInteger.ZERO : (BigInteger) o;
  }

  /** What a *bigval slot gets for v: nil for 0, so the zero Int and 0 are one value. */
  static Object ref(BigInteger v) {
    return v.signum() == 0 ? null : v;
  }

  private interface Op2 {
    BigInteger apply(BigInteger x, BigInteger y);
  }

  private interface Op1 {
    BigInteger apply(BigInteger x);
  }

  private static Native op2(Op2 f) {
    return (g, b) -> {
      g.rs[b] = ref(f.apply(val(g.rs[b]), val(g.rs[b + 1])));
      g.rs[b + 1] = null;
    };
  }


  private static Native op1(Op1 f) {
    return (g, b) -> g.rs[b] = ref(f.apply(val(g.rs[b])));
  }


  public static Native link(String name) {
    return switch (name) {
      case "fromInt64" -> (g, b) -> g.rs[b] = ref(BigInteger.valueOf(g.ls[b]));
      case "fromUint64" -> (g, b) -> g.rs[b] = ref(unsigned(g.ls[b]));
      case "add" -> op2(BigInteger::add);
      case "sub" -> op2(BigInteger::subtract);
      case "mul" -> op2(BigInteger::multiply);
      case "quo" -> op2((x, y) -> x.divide(nonZero(y)));
      case "rem" -> op2((x, y) -> x.remainder(nonZero(y)));
      case "div" -> op2((x, y) -> x.subtract(x.mod(nonZero(y).abs())).divide(y));
      case "mod" -> op2((x, y) -> x.mod(nonZero(y).abs()));
      case "and" -> op2(BigInteger::and);
      case "or" -> op2(BigInteger::or);
      case "xor" -> op2(BigInteger::xor);
      case "andNot" -> op2(BigInteger::andNot);
      case "neg" -> op1(BigInteger::negate);
      case "abs" -> op1(BigInteger::abs);
      case "not" -> op1(BigInteger::not);
      case "sqrt" -> op1(x -> {
        if (x.signum() < 0) {
          throw stringPanic("square root of negative number");
        }
        return x.sqrt();
      });
      case "cmp" -> (g, b) -> intResult(g, b, val(g.rs[b]).compareTo(val(g.rs[b + 1])), 2);
      case "cmpAbs" -> (g, b) -> intResult(g, b, val(g.rs[b]).abs().compareTo(val(g.rs[b + 1]).abs()), 2);
      case "sign" -> (g, b) -> intResult(g, b, val(g.rs[b]).signum(), 1);
      case "bitLen" -> (g, b) -> intResult(g, b, val(g.rs[b]).abs().bitLength(), 1);
      case "trailingZeroBits" -> (g, b) -> {
        BigInteger x = val(g.rs[b]);
        intResult(g, b, x.signum() == 0 ? 0 : x.getLowestSetBit(), 1);
      };
      case "lsh" -> (g, b) -> g.rs[b] = ref(val(g.rs[b]).shiftLeft(shiftCount(g.ls[b + 1])));
      case "rsh" -> (g, b) -> g.rs[b] = ref(val(g.rs[b]).shiftRight(shiftCount(g.ls[b + 1])));
      case "bit" -> BigPkg::bit;
      case "setBit" -> BigPkg::setBit;
      case "int64Of" -> (g, b) -> {
        long v = val(g.rs[b]).longValue();
        g.rs[b] = null;
        g.ls[b] = v;
      };
      case "uint64Of" -> (g, b) -> {
        long v = val(g.rs[b]).abs().longValue();
        g.rs[b] = null;
        g.ls[b] = v;
      };
      case "isInt64" -> (g, b) -> intResult(g, b, val(g.rs[b]).bitLength() <= 63 ? 1 : 0, 1);
      case "isUint64" -> (g, b) -> {
        BigInteger x = val(g.rs[b]);
        intResult(g, b, x.signum() >= 0 && x.bitLength() <= 64 ? 1 : 0, 1);
      };
      case "exp" -> BigPkg::exp;
      case "gcd" -> BigPkg::gcd;
      case "modInverse" -> BigPkg::modInverse;
      case "probablyPrime" -> (g, b) -> {
        BigInteger x = val(g.rs[b]);
        int n = (int) g.ls[b + 1];
        intResult(g, b, x.signum() > 0 && x.isProbablePrime(Math.max(2 * n, 64)) ? 1 : 0, 1);
      };
      case "text" -> BigPkg::text;
      case "parse" -> BigPkg::parse;
      case "bytesOf" -> (g, b) -> {
        byte[] a = magnitude(val(g.rs[b]));
        g.rs[b] = new Slice(a, 0, a.length, a.length);
      };
      case "fromBytes" -> (g, b) -> {
        Slice s = (Slice) g.rs[b];
        BigInteger v = BigInteger.ZERO;
        if (s != null && s.len > 0) {
          v = new BigInteger(1, (byte[]) s.array, s.off, s.len);
        }
        g.rs[b] = ref(v);
      };
      case "mulRange" -> (g, b) -> {
        long a = g.ls[b];
        long c = g.ls[b + 1];
        BigInteger p = BigInteger.ONE;
        if (a > c) {
          p = BigInteger.ONE;
        } else if (a <= 0 && c >= 0) {
          p = BigInteger.ZERO;
        } else {
          for (long i = a; i <= c; i++) {
            p = p.multiply(BigInteger.valueOf(i));
          }
        }
        g.rs[b] = ref(p);
      };
      case "float64Of" -> BigPkg::float64Of;
      case "ratFloatString" -> BigPkg::ratFloatString;
      case "ratFloat64" -> BigPkg::ratFloat64;
      case "ratFloat32" -> BigPkg::ratFloat32;
      case "fromFloat64" -> BigPkg::fromFloat64;
      default -> FloatNatives.link(name);
    };
  }

  static BigInteger unsigned(long v) {
    BigInteger x = BigInteger.valueOf(v & Long.MAX_VALUE);
    return v < 0 ? x.setBit(63) : x;
  }

  static BigInteger nonZero(BigInteger y) {
    if (y.signum() == 0) {
      throw stringPanic("division by zero");
    }
    return y;
  }

  private static int shiftCount(long n) {
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw GoPanic.runtime("makeslice: len out of range");
    }
    return (int) n;
  }

  private static void intResult(G g, int b, long v, int refs) {
    for (int i = 0; i < refs; i++) {
      g.rs[b + i] = null;
    }
    g.ls[b] = v;
  }

  /** The big-endian magnitude of x, no leading zero bytes. */
  static byte[] magnitude(BigInteger x) {
    byte[] a = x.abs().toByteArray();
    int i = 0;
    while (i < a.length && a[i] == 0) {
      i++;
    }
    return i == 0 ? a : java.util.Arrays.copyOfRange(a, i, a.length);
  }

  /** func bit(x *bigval, i int) uint: two's complement bit i (Go panics on a negative i). */
  static void bit(G g, int b) {
    long i = g.ls[b + 1];
    if (i < 0) {
      throw stringPanic("negative bit index");
    }
    BigInteger x = val(g.rs[b]);
    boolean set = i > Integer.MAX_VALUE ? x.signum() < 0 : x.testBit((int) i);
    intResult(g, b, set ? 1 : 0, 2);
  }

  /** func setBit(x *bigval, i int, v uint) *bigval */
  static void setBit(G g, int b) {
    long i = g.ls[b + 1];
    if (i < 0) {
      throw stringPanic("negative bit index");
    }
    long v = g.ls[b + 2];
    if (v != 0 && v != 1) {
      throw stringPanic("set bit is not 0 or 1");
    }
    BigInteger x = val(g.rs[b]);
    g.rs[b] = ref(v == 1 ? x.setBit((int) i) : x.clearBit((int) i));
  }

  /**
   * func exp(x, y, m *bigval) (*bigval, bool): x**y mod |m| (m nil or 0: no modulus). A
   * negative y without a modulus gives 1; with one it is an inverse (ok false when there is none).
   */
  static void exp(G g, int b) {
    BigInteger x = val(g.rs[b]);
    BigInteger y = val(g.rs[b + 1]);
    BigInteger m = val(g.rs[b + 2]).abs();
    BigInteger z;
    boolean ok = true;
    if (m.signum() == 0) {
      if (y.signum() <= 0) {
        z = BigInteger.ONE;
      } else {
        if (y.bitLength() > 31 && x.abs().compareTo(BigInteger.ONE) > 0) {
          throw GoPanic.runtime("makeslice: len out of range");
        }
        z = x.pow(y.intValueExact());
      }
    } else if (y.signum() < 0) {
      try {
        z = x.modInverse(m).modPow(y.negate(), m);
      } catch (ArithmeticException e) {
        z = null;
        ok = false;
      }
    } else {
      z = x.modPow(y, m);
    }
    g.rs[b] = z == null ? null : ref(z);
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    g.ls[b + 1] = ok ? 1 : 0;
  }

  /**
   * func gcd(a, b *bigval) (z, x, y *bigval): z = gcd(|a|, |b|) >= 0 and a*x + b*y = z, with
   * x from Euclid's cosequence as Go's Lehmer algorithm computes it.
   */
  static void gcd(G g, int b) {
    BigInteger a = val(g.rs[b]);
    BigInteger c = val(g.rs[b + 1]);
    BigInteger z;
    BigInteger x;
    BigInteger y;
    if (a.signum() == 0 || c.signum() == 0) {
      z = a.signum() == 0 ? c.abs() : a.abs();
      x = a.signum() == 0 ? BigInteger.ZERO : BigInteger.valueOf(a.signum());
      y = c.signum() == 0 ? BigInteger.ZERO : BigInteger.valueOf(c.signum());
    } else {
      BigInteger r0 = a.abs();
      BigInteger r1 = c.abs();
      BigInteger s0 = BigInteger.ONE;
      BigInteger s1 = BigInteger.ZERO;
      while (r1.signum() != 0) {
        BigInteger[] qr = r0.divideAndRemainder(r1);
        r0 = r1;
        r1 = qr[1];
        BigInteger s2 = s0.subtract(qr[0].multiply(s1));
        s0 = s1;
        s1 = s2;
      }
      z = r0;
      x = a.signum() < 0 ? s0.negate() : s0;
      y = z.subtract(a.multiply(x)).divide(c);
    }
    g.rs[b] = ref(z);
    g.rs[b + 1] = ref(x);
    g.rs[b + 2] = ref(y);
  }

  /** func modInverse(g, n *bigval) (*bigval, bool) */
  static void modInverse(G g, int b) {
    BigInteger x = val(g.rs[b]);
    BigInteger n = val(g.rs[b + 1]).abs();
    BigInteger z = null;
    if (n.signum() != 0) {
      try {
        z = x.modInverse(n);
      } catch (ArithmeticException e) {
        z = null;
      }
    }
    g.rs[b] = z == null ? null : ref(z);
    g.rs[b + 1] = null;
    g.ls[b + 1] = z == null ? 0 : 1;
  }

  private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  /** func text(x *bigval, base int) string: base 2..62, lower case, then upper case digits. */
  static void text(G g, int b) {
    BigInteger x = val(g.rs[b]);
    int base = (int) g.ls[b + 1];
    String s;
    if (base <= 36) {
      s = x.toString(base);
    } else {
      StringBuilder sb = new StringBuilder();
      BigInteger v = x.abs();
      BigInteger bb = BigInteger.valueOf(base);
      do {
        BigInteger[] qr = v.divideAndRemainder(bb);
        sb.append(DIGITS.charAt(qr[1].intValue()));
        v = qr[0];
      } while (v.signum() != 0);
      if (x.signum() < 0) {
        sb.append('-');
      }
      s = sb.reverse().toString();
    }
    g.rs[b] = GoString.of(s);
  }

  /**
   * func parse(s string, base int) (*bigval, bool): Go's Int.SetString: an optional sign, then
   * digits in base (2..62); base 0 takes a 0b, 0o, 0 or 0x prefix and allows underscores
   * between digits.
   */
  static void parse(G g, int b) {
    String s = ((GoString) g.rs[b]).toString();
    int base = (int) g.ls[b + 1];
    BigInteger v = parseInt(s, base);
    g.rs[b] = v == null ? null : ref(v);
    g.rs[b + 1] = null;
    g.ls[b + 1] = v == null ? 0 : 1;
  }

  static BigInteger parseInt(String s, int base) {
    int i = 0;
    boolean neg = false;
    if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      neg = s.charAt(i) == '-';
      i++;
    }
    boolean underscores = false;
    boolean octalZero = false;
    if (base == 0) {
      base = 10;
      underscores = true;
      if (i < s.length() && s.charAt(i) == '0') {
        if (i + 1 < s.length()) {
          char c = Character.toLowerCase(s.charAt(i + 1));
          if (c == 'x') {
            base = 16;
            i += 2;
          } else if (c == 'b') {
            base = 2;
            i += 2;
          } else if (c == 'o') {
            base = 8;
            i += 2;
          } else {
            base = 8;
            i += 1;
            octalZero = true; // the 0 is a digit too
          }
        }
      }
    }
    if (base < 2 || base > 62) {
      return null;
    }
    StringBuilder digits = new StringBuilder();
    boolean lastUnderscore = octalZero; // "0_7" is fine after the octal 0
    boolean prefixed = i > 0 && !octalZero && (i >= 2 && s.charAt(i - 2) == '0');
    if (prefixed) {
      lastUnderscore = true; // "0x_1f" is allowed
    }
    BigInteger v = BigInteger.ZERO;
    BigInteger bb = BigInteger.valueOf(base);
    int n = 0;
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '_' && underscores) {
        if (!lastUnderscore && n == 0 && !octalZero) {
          return null;
        }
        if (i + 1 >= s.length() || s.charAt(i + 1) == '_') {
          return null;
        }
        lastUnderscore = false;
        continue;
      }
      int d = digitValue(c, base);
      if (d < 0) {
        return null;
      }
      digits.append(c);
      v = v.multiply(bb).add(BigInteger.valueOf(d));
      n++;
      lastUnderscore = true;
    }
    if (n == 0 && !octalZero) {
      return null;
    }
    return neg ? v.negate() : v;
  }

  static int digitValue(char c, int base) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'z') {
      d = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'Z') {
      d = base <= 36 ? c - 'A' + 10 : c - 'A' + 36;
    } else {
      return -1;
    }
    return d < base ? d : -1;
  }

  /** func float64Of(x *bigval) (float64, int): the nearest float64 and the accuracy (-1, 0, +1). */
  static void float64Of(G g, int b) {
    BigInteger x = val(g.rs[b]);
    double d = new BigDecimal(x).doubleValue();
    int acc = Double.isInfinite(d) ? -x.signum() : new BigDecimal(d).toBigInteger().compareTo(x);
    g.rs[b] = null;
    g.ls[b] = Double.doubleToRawLongBits(d);
    g.ls[b + 1] = Integer.signum(acc);
  }

  /** func ratFloatString(a, b *bigval, prec int) string: a/b rounded half away from zero. */
  static void ratFloatString(G g, int b) {
    BigInteger num = val(g.rs[b]);
    BigInteger den = g.rs[b + 1] == null ? BigInteger.ONE : val(g.rs[b + 1]);
    int prec = (int) Math.max(0, g.ls[b + 2]);
    BigDecimal q = new BigDecimal(num).divide(new BigDecimal(den), prec, RoundingMode.HALF_UP);
    g.rs[b] = GoString.of(q.toPlainString());
    g.rs[b + 1] = null;
  }

  /** func ratFloat64(a, b *bigval) (float64, bool): the nearest float64 to a/b, and whether exact. */
  static void ratFloat64(G g, int b) {
    BigInteger num = val(g.rs[b]);
    BigInteger den = g.rs[b + 1] == null ? BigInteger.ONE : val(g.rs[b + 1]);
    BigDecimal exact = new BigDecimal(num);
    BigDecimal q;
    try {
      q = exact.divide(new BigDecimal(den));
    } catch (ArithmeticException e) { // a non-terminating expansion: round far past float64
      q = exact.divide(new BigDecimal(den), new MathContext(800, RoundingMode.HALF_EVEN));
    }
    double d = q.doubleValue();
    boolean isExact = !Double.isInfinite(d)
        && new BigDecimal(d).multiply(new BigDecimal(den)).compareTo(exact) == 0;
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = Double.doubleToRawLongBits(d);
    g.ls[b + 1] = isExact ? 1 : 0;
  }

  /** func ratFloat32(a, b *bigval) (float32, bool) */
  static void ratFloat32(G g, int b) {
    BigInteger num = val(g.rs[b]);
    BigInteger den = g.rs[b + 1] == null ? BigInteger.ONE : val(g.rs[b + 1]);
    boolean[] exact = new boolean[1];
    double f = FloatMath.quotient(num, den, 24, -126, 127, exact);
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.ls[b] = Double.doubleToRawLongBits(f);
    g.ls[b + 1] = exact[0] ? 1 : 0;
  }

  /** func fromFloat64(f float64) (a, b *bigval): the exact value of a finite f in lowest terms. */
  static void fromFloat64(G g, int b) {
    BigDecimal d = new BigDecimal(Double.longBitsToDouble(g.ls[b]));
    BigInteger num;
    BigInteger den;
    if (d.scale() > 0) {
      num = d.unscaledValue();
      den = BigInteger.TEN.pow(d.scale());
      BigInteger gcd = num.gcd(den);
      num = num.divide(gcd);
      den = den.divide(gcd);
    } else {
      num = d.toBigInteger();
      den = BigInteger.ONE;
    }
    g.rs[b] = ref(num);
    g.rs[b + 1] = ref(den);
  }

  static GoPanic stringPanic(String message) {
    return new GoPanic(new Iface(STRING, 0, GoString.of(message)));
  }
}
