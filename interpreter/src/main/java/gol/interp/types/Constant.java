package gol.interp.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The exact value of a constant expression. Integers (and runes) are {@link Int}; floats are
 * exact rationals ({@link Float}), so untyped constant arithmetic loses nothing until a constant
 * is converted to a typed value; complex values are pairs of such rationals ({@link Complex}). Arithmetic lives in {@code gol.interp.check.ConstOps}.
 */
public abstract class Constant {
  private Constant() {
  }

  /** The value as the compiler stores it in a long slot for a constant of integer/bool/float kind. */
  public abstract long longBits(Type.Kind kind);

  public static final class Bool extends Constant {
    public static final Bool TRUE = new Bool(true);
    public static final Bool FALSE = new Bool(false);
    public final boolean value;

    private Bool(boolean value) {
      this.value = value;
    }

    public static Bool of(boolean b) {
      return b ? TRUE : FALSE;
    }

    @Override
    public long longBits(Type.Kind kind) {
      return value ? 1 : 0;
    }

    @Override
    public String toString() {
      return Boolean.toString(value);
    }
  }

  public static final class Int extends Constant {
    public final BigInteger value;

    public Int(BigInteger value) {
      this.value = value;
    }

    public static Int of(long v) {
      return new Int(BigInteger.valueOf(v));
    }

    @Override
    public long longBits(Type.Kind kind) {
      if (kind.isFloat()) {
        return kind == Type.Kind.FLOAT32
            ? Double.doubleToRawLongBits((float) value.doubleValue())
            : Double.doubleToRawLongBits(value.doubleValue());
      }
      return value.longValue(); // two's complement: uint64 values above 2^63 wrap as Go stores them
    }

    @Override
    public String toString() {
      return value.toString();
    }
  }

  /** An exact rational num/den with den > 0, in lowest terms. */
  public static final class Float extends Constant {
    public final BigInteger num;
    public final BigInteger den;

    public Float(BigInteger num, BigInteger den) {
      if (den.signum() < 0) {
        num = num.negate();
        den = den.negate();
      }
      BigInteger g = num.gcd(den);
      if (g.signum() != 0 && !g.equals(BigInteger.ONE)) {
        num = num.divide(g);
        den = den.divide(g);
      }
      this.num = num;
      this.den = den;
    }

    public static Float of(BigDecimal d) {
      if (d.scale() <= 0) {
        return new Float(d.toBigIntegerExact(), BigInteger.ONE);
      }
      return new Float(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    public boolean isInteger() {
      return den.equals(BigInteger.ONE);
    }

    /** The nearest float64 (correctly rounded). */
    public double toDouble() {
      // far outside float64's range (2^-1075 .. 2^1024): BigDecimal's doubleValue lays out every
      // digit first, minutes for 1e10000000
      long bits = (long) num.bitLength() - den.bitLength();
      if (bits > 1100) {
        return num.signum() < 0 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
      }
      if (bits < -1100) {
        return num.signum() < 0 ? -0.0 : 0.0;
      }
      if (den.equals(BigInteger.ONE)) {
        return new BigDecimal(num).doubleValue();
      }
      return new BigDecimal(num).divide(new BigDecimal(den), new MathContext(40)).doubleValue();
    }

    @Override
    public long longBits(Type.Kind kind) {
      double d = toDouble();
      if (kind.isInteger()) {
        return num.divide(den).longValue();
      }
      return Double.doubleToRawLongBits(kind == Type.Kind.FLOAT32 ? (double) (float) d : d);
    }

    @Override
    public String toString() {
      return isInteger() ? num.toString() : Double.toString(toDouble());
    }
  }

  /** An exact complex value re + im·i (both exact rationals): untyped complex constants. */
  public static final class Complex extends Constant {
    public final Float re;
    public final Float im;

    public Complex(Float re, Float im) {
      this.re = re;
      this.im = im;
    }

    @Override
    public long longBits(Type.Kind kind) {
      throw new IllegalStateException("complex constant has no long bits");
    }

    @Override
    public String toString() {
      return "(" + re + " + " + im + "i)";
    }
  }

  public static final class Str extends Constant {
    public final byte[] value;

    public Str(byte[] value) {
      this.value = value;
    }

    public static Str of(String s) {
      return new Str(s.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public long longBits(Type.Kind kind) {
      throw new IllegalStateException("string constant has no long bits");
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Str s && Arrays.equals(value, s.value);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
      return new String(value, StandardCharsets.UTF_8);
    }
  }
}
