package gol.stdlib.math;

import gol.runtime.G;
import gol.runtime.Native;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;

/**
 * The natives of package math (math.gol): float64 functions on {@link GoMath} and
 * {@link StrictMath}. Floats travel in {@code g.ls} as raw bits; a float32 as the bits of the
 * float64 holding it.
 */
public final class MathPkg {
  private MathPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "Abs" -> f1(GoMath::abs);
      case "Ceil" -> f1(Math::ceil);
      case "Floor" -> f1(Math::floor);
      case "Trunc" -> f1(GoMath::trunc);
      case "Round" -> f1(GoMath::round);
      case "RoundToEven" -> f1(GoMath::roundToEven);
      case "Sqrt" -> f1(Math::sqrt);
      case "Cbrt" -> f1(GoMath::cbrt);
      case "Exp" -> f1(GoMath::exp);
      case "Exp2" -> f1(GoMath::exp2);
      case "Expm1" -> f1(StrictMath::expm1);
      case "Log" -> f1(GoMath::log);
      case "Log2" -> f1(GoMath::log2);
      case "Log10" -> f1(GoMath::log10);
      case "Log1p" -> f1(GoMath::log1p);
      case "Logb" -> f1(GoMath::logb);
      case "Sin" -> f1(Trig::sin);
      case "Cos" -> f1(Trig::cos);
      case "Tan" -> f1(Trig::tan);
      case "Asin" -> f1(Trig::asin);
      case "Acos" -> f1(Trig::acos);
      case "Atan" -> f1(Trig::atan);
      case "Sinh" -> f1(Trig::sinh);
      case "Cosh" -> f1(Trig::cosh);
      case "Tanh" -> f1(Trig::tanh);
      case "Asinh" -> f1(MathPkg::asinh);
      case "Acosh" -> f1(MathPkg::acosh);
      case "Atanh" -> f1(MathPkg::atanh);
      case "Atan2" -> f2(Trig::atan2);
      case "Pow" -> f2(GoMath::pow);
      case "Hypot" -> f2(GoMath::hypot);
      case "Mod" -> f2(GoMath::mod);
      case "Remainder" -> f2(GoMath::remainder);
      case "Max" -> f2(GoMath::max);
      case "Min" -> f2(GoMath::min);
      case "Dim" -> f2(GoMath::dim);
      case "Copysign" -> f2(GoMath::copysign);
      case "Nextafter" -> f2((x, y) -> x == y ? x : Math.nextAfter(x, y));
      case "Gamma" -> f1(Gamma::gamma);
      case "Lgamma" -> MathPkg::lgamma;
      case "Erf" -> f1(Erf::erf);
      case "Erfc" -> f1(Erf::erfc);
      case "Erfinv" -> f1(Erf::erfinv);
      case "Erfcinv" -> f1(Erf::erfcinv);
      case "J0" -> f1(Bessel::j0);
      case "J1" -> f1(Bessel::j1);
      case "Y0" -> f1(Bessel::y0);
      case "Y1" -> f1(Bessel::y1);
      case "Jn" -> (g, base) -> ret(g, base, Bessel.jn(g.ls[base], d(g, base + 1)));
      case "Yn" -> (g, base) -> ret(g, base, Bessel.yn(g.ls[base], d(g, base + 1)));
      case "Nextafter32" -> MathPkg::nextafter32;
      case "Pow10" -> MathPkg::pow10;
      case "Modf" -> MathPkg::modf;
      case "Frexp" -> MathPkg::frexp;
      case "Ldexp" -> MathPkg::ldexp;
      case "Ilogb" -> (g, base) -> g.ls[base] = GoMath.ilogb(d(g, base));
      case "Sincos" -> MathPkg::sincos;
      case "FMA" -> (g, base) -> ret(g, base, Math.fma(d(g, base), d(g, base + 1), d(g, base + 2)));
      case "Inf" -> MathPkg::inf;
      case "NaN" -> (g, base) -> g.ls[base] = GoMath.NAN_BITS;
      case "IsNaN" -> (g, base) -> g.ls[base] = Double.isNaN(d(g, base)) ? 1 : 0;
      case "IsInf" -> MathPkg::isInf;
      case "Signbit" -> (g, base) -> g.ls[base] = g.ls[base] < 0 ? 1 : 0;
      // a float64 and a uint64 are both raw bits in g.ls: nothing to convert
      case "Float64bits" -> (g, base) -> { };
      case "Float64frombits" -> (g, base) -> { };
      case "Float32bits" -> MathPkg::float32bits;
      case "Float32frombits" -> MathPkg::float32frombits;
      default -> null;
    };
  }

  private static double d(G g, int slot) {
    return Double.longBitsToDouble(g.ls[slot]);
  }

  private static void ret(G g, int slot, double v) {
    g.ls[slot] = Double.doubleToRawLongBits(v);
  }

  private static Native f1(DoubleUnaryOperator f) {
    return (g, base) -> ret(g, base, f.applyAsDouble(d(g, base)));
  }


  private static Native f2(DoubleBinaryOperator f) {
    return (g, base) -> ret(g, base, f.applyAsDouble(d(g, base), d(g, base + 1)));
  }


  /**
   * func Pow10(n int) float64: 10**n, 0 below -323, +Inf above 308; computed as Go does, from a
   * power of 1e32 and a power of 10 below 32 (one rounding more than the exact value).
   */
  static void pow10(G g, int base) {
    long n = g.ls[base];
    double v;
    if (n >= 0 && n <= 308) {
      v = pow10((int) n / 32 * 32) * pow10((int) n % 32);
    } else if (n < 0 && n >= -323) {
      v = pow10(-((int) -n / 32 * 32)) / pow10((int) -n % 32);
    } else {
      v = n > 0 ? Double.POSITIVE_INFINITY : 0;
    }
    ret(g, base, v);
  }

  /** The double nearest 10**n (Go's literal 1eN). */
  private static double pow10(int n) {
    return Double.parseDouble("1e" + n);
  }

  /** func Modf(f float64) (int float64, frac float64) */
  static void modf(G g, int base) {
    double[] m = GoMath.modf(d(g, base));
    ret(g, base, m[0]);
    ret(g, base + 1, m[1]);
  }

  /** func Frexp(f float64) (frac float64, exp int) */
  static void frexp(G g, int base) {
    double f = d(g, base);
    ret(g, base, GoMath.frexpFrac(f));
    g.ls[base + 1] = GoMath.frexpExp(f);
  }

  /** func Ldexp(frac float64, exp int) float64 */
  static void ldexp(G g, int base) {
    ret(g, base, GoMath.ldexp(d(g, base), g.ls[base + 1]));
  }

  /** func Sincos(x float64) (sin, cos float64) */
  static void sincos(G g, int base) {
    double x = d(g, base);
    ret(g, base, Trig.sin(x));
    ret(g, base + 1, Trig.cos(x));
  }

  /** func Lgamma(x float64) (lgamma float64, sign int) */
  static void lgamma(G g, int base) {
    int[] sign = new int[1];
    ret(g, base, Gamma.lgamma(d(g, base), sign));
    g.ls[base + 1] = sign[0];
  }

  /** func Nextafter32(x, y float32) (r float32): steps the float32's bits, as Go does. */
  static void nextafter32(G g, int base) {
    float x = (float) d(g, base);
    float y = (float) d(g, base + 1);
    float v;
    if (Float.isNaN(x) || Float.isNaN(y)) {
      v = (float) Double.longBitsToDouble(GoMath.NAN_BITS);
    } else if (x == y) {
      v = x;
    } else if (x == 0) {
      v = Math.copySign(Float.MIN_VALUE, y);
    } else if ((y > x) == (x > 0)) {
      v = Float.intBitsToFloat(Float.floatToRawIntBits(x) + 1);
    } else {
      v = Float.intBitsToFloat(Float.floatToRawIntBits(x) - 1);
    }
    ret(g, base, v);
  }

  /** func Inf(sign int) float64: +Inf if sign >= 0, -Inf if sign < 0. */
  static void inf(G g, int base) {
    ret(g, base, g.ls[base] >= 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
  }

  /** func IsInf(f float64, sign int) bool */
  static void isInf(G g, int base) {
    double f = d(g, base);
    long sign = g.ls[base + 1];
    boolean v = (sign >= 0 && f == Double.POSITIVE_INFINITY)
        || (sign <= 0 && f == Double.NEGATIVE_INFINITY);
    g.ls[base] = v ? 1 : 0;
  }

  /** func Float32bits(f float32) uint32 */
  static void float32bits(G g, int base) {
    g.ls[base] = Float.floatToRawIntBits((float) d(g, base)) & 0xFFFFFFFFL;
  }

  /** func Float32frombits(b uint32) float32 */
  static void float32frombits(G g, int base) {
    ret(g, base, Float.intBitsToFloat((int) g.ls[base]));
  }

  static double asinh(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) {
      return x;
    }
    double a = Math.abs(x);
    double t;
    if (a > 0x1p28) {
      t = GoMath.log(a) + 0.693147180559945309417232121458176568;
    } else if (a > 2) {
      t = GoMath.log(2 * a + 1 / (Math.sqrt(a * a + 1) + a));
    } else if (a < 0x1p-28) {
      t = a;
    } else {
      t = GoMath.log1p(a + a * a / (1 + Math.sqrt(1 + a * a)));
    }
    return x < 0 ? -t : t;
  }

  static double acosh(double x) {
    if (x < 1 || Double.isNaN(x)) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    } else if (x == 1) {
      return 0;
    } else if (x >= 0x1p28) {
      return GoMath.log(x) + 0.693147180559945309417232121458176568;
    } else if (x > 2) {
      return GoMath.log(2 * x - 1 / (x + Math.sqrt(x * x - 1)));
    }
    double t = x - 1;
    return GoMath.log1p(t + Math.sqrt(2 * t + t * t));
  }

  static double atanh(double x) {
    if (x < -1 || x > 1 || Double.isNaN(x)) {
      return Double.longBitsToDouble(GoMath.NAN_BITS);
    } else if (x == 1) {
      return Double.POSITIVE_INFINITY;
    } else if (x == -1) {
      return Double.NEGATIVE_INFINITY;
    }
    double a = Math.abs(x);
    double t;
    if (a < 0x1p-28) {
      t = a;
    } else if (a < 0.5) {
      t = a + a;
      t = 0.5 * GoMath.log1p(t + t * a / (1 - a));
    } else {
      t = 0.5 * GoMath.log1p((a + a) / (1 - a));
    }
    return x < 0 ? -t : t;
  }
}
