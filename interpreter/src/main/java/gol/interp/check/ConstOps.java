package gol.interp.check;

import gol.interp.ast.Tok;
import gol.interp.types.Constant;
import gol.interp.types.Type;
import gol.interp.types.Type.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Exact constant arithmetic (Go spec "Constant expressions"). Values of integer kind (typed or
 * untyped int and rune) are {@link Constant.Int}; of float kind {@link Constant.Float} (an exact
 * rational); the caller converts operands to a common representation first ({@link #toFloat}).
 * Typed float constants are rounded to their type's precision when they are made
 * ({@link #represent}), as gc does.
 */
public final class ConstOps {
  private ConstOps() {
  }

  /** Result codes of {@link #represent}. */
  public static final int OK = 0;
  public static final int TRUNCATED = 1;
  public static final int OVERFLOW = 2;
  public static final int INVALID = 3;

  /** The shift count limit for constant shifts (as gc: a larger one is an error). */
  public static final long MAX_SHIFT = 1023 - 1 + 52;
  /** Untyped integer constants may not grow beyond this many bits. */
  public static final int MAX_BITS = 512;

  /** The integer value of c, or null when c is not integral (a float with a fraction, a string...). */
  public static Constant.Int toInt(Constant c) {
    if (c instanceof Constant.Int i) {
      return i;
    }
    if (c instanceof Constant.Float f && f.isInteger()) {
      return new Constant.Int(f.num);
    }
    if (c instanceof Constant.Complex z && z.im.num.signum() == 0) {
      return toInt(z.re); // 1+0i is an integer value, e.g. a valid shift count
    }
    return null;
  }

  public static Constant.Float toFloat(Constant c) {
    if (c instanceof Constant.Float f) {
      return f;
    }
    if (c instanceof Constant.Int i) {
      return new Constant.Float(i.value, BigInteger.ONE);
    }
    return null;
  }

  /** c as a complex constant (an Int or Float gets a zero imaginary part), or null. */
  public static Constant.Complex toComplex(Constant c) {
    if (c instanceof Constant.Complex x) {
      return x;
    }
    Constant.Float f = toFloat(c);
    return f == null ? null : new Constant.Complex(f, ZERO);
  }

  private static final Constant.Float ZERO = new Constant.Float(BigInteger.ZERO, BigInteger.ONE);

  public static boolean isZero(Constant c) {
    if (c instanceof Constant.Complex x) {
      return x.re.num.signum() == 0 && x.im.num.signum() == 0;
    }
    if (c instanceof Constant.Int i) {
      return i.value.signum() == 0;
    }
    if (c instanceof Constant.Float f) {
      return f.num.signum() == 0;
    }
    return false;
  }

  public static int sign(Constant c) {
    if (c instanceof Constant.Int i) {
      return i.value.signum();
    }
    if (c instanceof Constant.Float f) {
      return f.num.signum();
    }
    return 0;
  }

  /**
   * x op y for arithmetic and logical operators; both operands have the same representation
   * unless one is Int and the other Float (then the result is Float). {@code intDiv}: QUO
   * truncates (the operands' type is an integer type). Division by zero must be checked before.
   */
  public static Constant binary(Constant x, Tok op, Constant y, boolean intDiv) {
    if (x instanceof Constant.Bool a && y instanceof Constant.Bool b) {
      switch (op) {
        case LAND: return Constant.Bool.of(a.value && b.value);
        case LOR: return Constant.Bool.of(a.value || b.value);
        default: throw new IllegalArgumentException("bool op " + op);
      }
    }
    if (x instanceof Constant.Str a && y instanceof Constant.Str b) {
      if (op != Tok.ADD) {
        throw new IllegalArgumentException("string op " + op);
      }
      byte[] r = new byte[a.value.length + b.value.length];
      System.arraycopy(a.value, 0, r, 0, a.value.length);
      System.arraycopy(b.value, 0, r, a.value.length, b.value.length);
      return new Constant.Str(r);
    }
    if (x instanceof Constant.Int a && y instanceof Constant.Int b) {
      BigInteger u = a.value;
      BigInteger v = b.value;
      switch (op) {
        case ADD: return new Constant.Int(u.add(v));
        case SUB: return new Constant.Int(u.subtract(v));
        case MUL: return new Constant.Int(u.multiply(v));
        case QUO:
          if (intDiv) {
            return new Constant.Int(u.divide(v)); // BigInteger.divide truncates toward zero, as Go
          }
          return new Constant.Float(u, v);
        case REM: return new Constant.Int(u.remainder(v));
        case AND: return new Constant.Int(u.and(v));
        case OR: return new Constant.Int(u.or(v));
        case XOR: return new Constant.Int(u.xor(v));
        case AND_NOT: return new Constant.Int(u.andNot(v));
        default: throw new IllegalArgumentException("int op " + op);
      }
    }
    if (x instanceof Constant.Complex || y instanceof Constant.Complex) {
      return complexBinary(toComplex(x), op, toComplex(y));
    }
    Constant.Float a = toFloat(x);
    Constant.Float b = toFloat(y);
    switch (op) {
      case ADD: return new Constant.Float(a.num.multiply(b.den).add(b.num.multiply(a.den)), a.den.multiply(b.den));
      case SUB: return new Constant.Float(a.num.multiply(b.den).subtract(b.num.multiply(a.den)), a.den.multiply(b.den));
      case MUL: return new Constant.Float(a.num.multiply(b.num), a.den.multiply(b.den));
      case QUO: return new Constant.Float(a.num.multiply(b.den), a.den.multiply(b.num));
      default: throw new IllegalArgumentException("float op " + op);
    }
  }

  /** Exact complex arithmetic: (a+bi) op (c+di), division by the exact formula. */
  private static Constant.Complex complexBinary(Constant.Complex x, Tok op, Constant.Complex y) {
    Constant.Float a = x.re;
    Constant.Float b = x.im;
    Constant.Float c = y.re;
    Constant.Float d = y.im;
    switch (op) {
      case ADD: return new Constant.Complex(fop(a, Tok.ADD, c), fop(b, Tok.ADD, d));
      case SUB: return new Constant.Complex(fop(a, Tok.SUB, c), fop(b, Tok.SUB, d));
      case MUL:
        return new Constant.Complex(fop(fop(a, Tok.MUL, c), Tok.SUB, fop(b, Tok.MUL, d)),
            fop(fop(b, Tok.MUL, c), Tok.ADD, fop(a, Tok.MUL, d)));
      case QUO: {
        Constant.Float den = fop(fop(c, Tok.MUL, c), Tok.ADD, fop(d, Tok.MUL, d));
        Constant.Float re = fop(fop(a, Tok.MUL, c), Tok.ADD, fop(b, Tok.MUL, d));
        Constant.Float im = fop(fop(b, Tok.MUL, c), Tok.SUB, fop(a, Tok.MUL, d));
        return new Constant.Complex(fop(re, Tok.QUO, den), fop(im, Tok.QUO, den));
      }
      default: throw new IllegalArgumentException("complex op " + op);
    }
  }

  private static Constant.Float fop(Constant.Float x, Tok op, Constant.Float y) {
    return (Constant.Float) binary(x, op, y, false);
  }

  /** x op y for a comparison operator. */
  public static boolean compare(Constant x, Tok op, Constant y) {
    int c;
    if (x instanceof Constant.Complex || y instanceof Constant.Complex) {
      Constant.Complex a = toComplex(x);
      Constant.Complex b = toComplex(y);
      boolean eq = compare(a.re, Tok.EQL, b.re) && compare(a.im, Tok.EQL, b.im);
      c = eq ? 0 : 1;
    } else if (x instanceof Constant.Bool a && y instanceof Constant.Bool b) {
      c = a.value == b.value ? 0 : 1;
    } else if (x instanceof Constant.Str a && y instanceof Constant.Str b) {
      c = compareBytes(a.value, b.value);
    } else if (x instanceof Constant.Int a && y instanceof Constant.Int b) {
      c = a.value.compareTo(b.value);
    } else {
      Constant.Float a = toFloat(x);
      Constant.Float b = toFloat(y);
      c = a.num.multiply(b.den).compareTo(b.num.multiply(a.den));
    }
    switch (op) {
      case EQL: return c == 0;
      case NEQ: return c != 0;
      case LSS: return c < 0;
      case LEQ: return c <= 0;
      case GTR: return c > 0;
      case GEQ: return c >= 0;
      default: throw new IllegalArgumentException("comparison " + op);
    }
  }

  private static int compareBytes(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  }

  public static Constant.Int shift(Constant.Int x, Tok op, long s) {
    if (op == Tok.SHL) {
      return new Constant.Int(x.value.shiftLeft((int) s));
    }
    return new Constant.Int(x.value.shiftRight((int) Math.min(s, Integer.MAX_VALUE))); // floor, as Go's >> on signed
  }

  /**
   * op x for + - ^ !. For ^ on a typed unsigned constant the result is masked to the type's size
   * (^uint8(1) == 254); {@code t} is the operand's type.
   */
  public static Constant unary(Tok op, Constant x, Type t) {
    switch (op) {
      case ADD:
        return x;
      case SUB:
        if (x instanceof Constant.Int i) {
          return new Constant.Int(i.value.negate());
        }
        if (x instanceof Constant.Complex z) {
          return new Constant.Complex((Constant.Float) unary(op, z.re, t), (Constant.Float) unary(op, z.im, t));
        }
        Constant.Float f = toFloat(x);
        return new Constant.Float(f.num.negate(), f.den);
      case XOR: {
        BigInteger v = ((Constant.Int) x).value.not();
        if (t.underlying() instanceof Type.Basic b && b.kind.isUnsigned()) {
          v = v.and(BigInteger.ONE.shiftLeft(b.kind.bits()).subtract(BigInteger.ONE));
        }
        return new Constant.Int(v);
      }
      case NOT:
        return Constant.Bool.of(!((Constant.Bool) x).value);
      default:
        throw new IllegalArgumentException("unary " + op);
    }
  }

  /** A value converted to a basic type, or a failure code. */
  public record Repr(Constant value, int code) {
  }

  /**
   * Whether constant v is representable in basic kind k and, if so, its value in k's
   * representation (integral floats become Int for integer kinds, floats are rounded for
   * float32/float64).
   */
  public static Repr represent(Constant v, Kind k) {
    if (k == Kind.BOOL || k == Kind.UNTYPED_BOOL) {
      return v instanceof Constant.Bool ? new Repr(v, OK) : new Repr(null, INVALID);
    }
    if (k == Kind.STRING || k == Kind.UNTYPED_STRING) {
      return v instanceof Constant.Str ? new Repr(v, OK) : new Repr(null, INVALID);
    }
    if (!(v instanceof Constant.Int) && !(v instanceof Constant.Float) && !(v instanceof Constant.Complex)) {
      return new Repr(null, INVALID);
    }
    if (k.isComplex()) {
      Constant.Complex z = toComplex(v);
      if (k == Kind.UNTYPED_COMPLEX) {
        return new Repr(z, OK);
      }
      Kind part = k == Kind.COMPLEX64 ? Kind.FLOAT32 : Kind.FLOAT64;
      Repr re = represent(z.re, part);
      Repr im = represent(z.im, part);
      if (re.code() != OK || im.code() != OK) {
        return new Repr(null, OVERFLOW);
      }
      return new Repr(new Constant.Complex((Constant.Float) re.value(), (Constant.Float) im.value()), OK);
    }
    if (v instanceof Constant.Complex z) {
      // a complex value is representable as a real number only when its imaginary part is 0
      if (z.im.num.signum() != 0) {
        return new Repr(null, k.isInteger() ? TRUNCATED : OVERFLOW);
      }
      v = z.re;
    }
    if (k.isInteger()) {
      Constant.Int i = toInt(v);
      if (i == null) {
        return new Repr(null, TRUNCATED);
      }
      if (k == Kind.UNTYPED_INT || k == Kind.UNTYPED_RUNE) {
        return new Repr(i, OK);
      }
      return fitsInt(i.value, k) ? new Repr(i, OK) : new Repr(null, OVERFLOW);
    }
    if (k.isFloat()) {
      Constant.Float f = toFloat(v);
      if (k == Kind.UNTYPED_FLOAT) {
        return new Repr(f, OK);
      }
      if (k == Kind.FLOAT32) {
        float r = toFloat32(f);
        if (Float.isInfinite(r)) {
          return new Repr(null, OVERFLOW);
        }
        return new Repr(exact(r), OK);
      }
      double d = f.toDouble();
      if (Double.isInfinite(d)) {
        return new Repr(null, OVERFLOW);
      }
      return new Repr(exact(d), OK);
    }
    return new Repr(null, INVALID);
  }

  /**
   * f rounded to float32 (to nearest, ties to even) in one step. Rounding to a double first
   * errs only when that double lands exactly halfway between two float32 values while f does
   * not (MaxFloat32 + ulp/2 - 2^-100 must round to MaxFloat32, not to +Inf); then the exact value
   * decides.
   */
  static float toFloat32(Constant.Float f) {
    double d = f.toDouble();
    float a = (float) d;
    if ((double) a == d || Double.isNaN(d) || Double.isInfinite(d)) {
      return a;
    }
    float other = (double) a < d ? Math.nextUp(a) : Math.nextDown(a);
    float lo = Math.min(a, other);
    float hi = Math.max(a, other);
    double mid = (float32Bound(lo) + float32Bound(hi)) / 2; // exact: 25 significant bits
    if (d != mid) {
      return a;
    }
    Constant.Float m = exact(mid);
    int cmp = f.num.multiply(m.den).compareTo(m.num.multiply(f.den)) * f.den.signum() * m.den.signum();
    return cmp > 0 ? hi : cmp < 0 ? lo : a;
  }

  /** A float32 as a double, with the infinities standing for 2^128 (one ulp past MaxFloat32). */
  private static double float32Bound(float x) {
    return Float.isInfinite(x) ? Math.copySign(0x1p128, x) : x;
  }

  /** The exact rational value of a double. */
  public static Constant.Float exact(double d) {
    return Constant.Float.of(new BigDecimal(d));
  }

  public static boolean fitsInt(BigInteger v, Kind k) {
    int bits = k.bits();
    if (k.isUnsigned()) {
      return v.signum() >= 0 && v.bitLength() <= bits;
    }
    return v.bitLength() <= bits - 1;
  }

  // ---- printing constants as gc prints them in messages ----

  /** The value as go/constant's String prints it (quoted, shortened strings; %.6g floats). */
  public static String toString(Constant c) {
    if (c instanceof Constant.Str s) {
      String q = quote(s.value);
      int runes = q.codePointCount(0, q.length());
      if (runes > 72) {
        int end = q.offsetByCodePoints(0, 72 - 3);
        q = q.substring(0, end) + "...";
      }
      return q;
    }
    if (c instanceof Constant.Complex z) {
      return "(" + toString(z.re) + " + " + toString(z.im) + "i)";
    }
    if (c instanceof Constant.Float f) {
      double d = f.toDouble();
      if (Double.isInfinite(d) || d == 0 && f.num.signum() != 0) {
        // beyond float64: go/constant's %.6g of the exact value
        return formatG(sixDigits(f.num, f.den), 6);
      }
      // go/constant: %.6g of the float64 value, with more digits for a non-integer that shows none
      String s = formatG(d, 6);
      if (!f.isInteger() && s.indexOf('.') < 0) {
        s = formatG(d, -1);
      }
      return s;
    }
    return String.valueOf(c);
  }

  /**
   * num/den to six significant digits, for a value beyond float64's range. Not by BigDecimal's
   * division, which lays out all the digits of 1e1000000 (seconds; minutes for 1e10000000):
   * from the logarithms of the two, whose error is far below the sixth digit.
   */
  static BigDecimal sixDigits(BigInteger num, BigInteger den) {
    double lg = log10(num.abs()) - log10(den);
    long e = (long) Math.floor(lg);
    long digits = Math.round(Math.pow(10, lg - e + 5)); // 100000 .. 1000000
    if (digits >= 1_000_000) {
      digits /= 10;
      e++;
    }
    return new BigDecimal(BigInteger.valueOf(num.signum() * digits), (int) (5 - e));
  }

  private static double log10(BigInteger x) {
    int n = x.bitLength();
    if (n < 1000) {
      return Math.log10(x.doubleValue());
    }
    return Math.log10(x.shiftRight(n - 62).doubleValue()) + (n - 62) * Math.log10(2);
  }

  /** Go's %.{prec}g (prec -1: shortest), e.g. 0.333333, 1e+20, 1.23457e+08. */
  static String formatG(double x, int prec) {
    if (x == 0) {
      return "0";
    }
    if (Double.isInfinite(x) || Double.isNaN(x)) {
      return x > 0 ? "+Inf" : x < 0 ? "-Inf" : "NaN";
    }
    BigDecimal bd = prec < 0 ? new BigDecimal(Double.toString(x)) : new BigDecimal(x).round(new MathContext(prec, RoundingMode.HALF_EVEN));
    return formatG(bd, prec);
  }

  /** Go's %.{prec}g of a decimal already rounded to its digits (prec -1: shortest). */
  private static String formatG(BigDecimal bd, int prec) {
    bd = bd.stripTrailingZeros();
    int exp = bd.precision() - bd.scale() - 1;
    int eprec = prec < 0 ? 6 : prec; // strconv's 'g': the shortest form switches to %e at 6 too
    if (exp < -4 || exp >= eprec) {
      String digits = bd.unscaledValue().abs().toString();
      StringBuilder b = new StringBuilder();
      if (bd.signum() < 0) {
        b.append('-');
      }
      b.append(digits.charAt(0));
      if (digits.length() > 1) {
        b.append('.').append(digits, 1, digits.length());
      }
      b.append('e').append(exp < 0 ? '-' : '+');
      int ae = Math.abs(exp);
      if (ae < 10) {
        b.append('0');
      }
      return b.append(ae).toString();
    }
    return bd.toPlainString();
  }

  /** strconv.Quote of a byte string. */
  public static String quote(byte[] bytes) {
    StringBuilder b = new StringBuilder("\"");
    int i = 0;
    while (i < bytes.length) {
      int c = bytes[i] & 0xff;
      if (c < 0x80) {
        switch (c) {
          case 7: b.append("\\a"); break;
          case 8: b.append("\\b"); break;
          case 12: b.append("\\f"); break;
          case '\n': b.append("\\n"); break;
          case '\r': b.append("\\r"); break;
          case '\t': b.append("\\t"); break;
          case 11: b.append("\\v"); break;
          case '\\': b.append("\\\\"); break;
          case '"': b.append("\\\""); break;
          default:
            if (c < 0x20 || c == 0x7f) {
              b.append(String.format("\\x%02x", c));
            } else {
              b.append((char) c);
            }
        }
        i++;
        continue;
      }
      int[] dec = decodeRune(bytes, i);
      int r = dec[0];
      if (r < 0) {
        b.append(String.format("\\x%02x", c));
        i++;
        continue;
      }
      if (Character.isISOControl(r) || !Character.isDefined(r) || Character.getType(r) == Character.FORMAT
          || Character.isSpaceChar(r) && r != ' ') {
        b.append(r < 0x10000 ? String.format("\\u%04x", r) : String.format("\\U%08x", r));
      } else {
        b.appendCodePoint(r);
      }
      i += dec[1];
    }
    return b.append('"').toString();
  }

  /** {rune, size}; rune -1 for an invalid encoding. */
  static int[] decodeRune(byte[] s, int i) {
    int c = s[i] & 0xff;
    int n;
    int r;
    if (c >= 0xc2 && c <= 0xdf) {
      n = 2;
      r = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 3;
      r = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 4;
      r = c & 0x07;
    } else {
      return new int[] {-1, 1};
    }
    if (i + n > s.length) {
      return new int[] {-1, 1};
    }
    for (int k = 1; k < n; k++) {
      int cc = s[i + k] & 0xff;
      if ((cc & 0xc0) != 0x80) {
        return new int[] {-1, 1};
      }
      r = (r << 6) | (cc & 0x3f);
    }
    if ((n == 3 && r < 0x800) || (n == 4 && (r < 0x10000 || r > 0x10ffff)) || (r >= 0xd800 && r <= 0xdfff)) {
      return new int[] {-1, 1};
    }
    return new int[] {r, n};
  }

  /** The UTF-8 encoding of a code point (invalid ones become U+FFFD), for string(rune). */
  public static byte[] runeBytes(BigInteger v) {
    int r = 0xfffd;
    if (v.signum() >= 0 && v.bitLength() <= 31) {
      int i = v.intValue();
      if (i <= 0x10ffff && !(i >= 0xd800 && i <= 0xdfff)) {
        r = i;
      }
    }
    return new String(Character.toChars(r)).getBytes(StandardCharsets.UTF_8);
  }
}
