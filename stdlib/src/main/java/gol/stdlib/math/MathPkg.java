package gol.stdlib.math;

import gol.runtime.G;
import gol.stdlib.Registry;
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

  public static void install(Registry r) {
    f1(r, "Abs", GoMath::abs);
    f1(r, "Ceil", Math::ceil);
    f1(r, "Floor", Math::floor);
    f1(r, "Trunc", GoMath::trunc);
    f1(r, "Round", GoMath::round);
    f1(r, "RoundToEven", GoMath::roundToEven);
    f1(r, "Sqrt", Math::sqrt);
    f1(r, "Cbrt", GoMath::cbrt);
    f1(r, "Exp", GoMath::exp);
    f1(r, "Exp2", GoMath::exp2);
    f1(r, "Expm1", StrictMath::expm1);
    f1(r, "Log", GoMath::log);
    f1(r, "Log2", GoMath::log2);
    f1(r, "Log10", GoMath::log10);
    f1(r, "Log1p", GoMath::log1p);
    f1(r, "Logb", GoMath::logb);
    f1(r, "Sin", Trig::sin);
    f1(r, "Cos", Trig::cos);
    f1(r, "Tan", Trig::tan);
    f1(r, "Asin", Trig::asin);
    f1(r, "Acos", Trig::acos);
    f1(r, "Atan", Trig::atan);
    f1(r, "Sinh", Trig::sinh);
    f1(r, "Cosh", Trig::cosh);
    f1(r, "Tanh", Trig::tanh);
    f1(r, "Asinh", MathPkg::asinh);
    f1(r, "Acosh", MathPkg::acosh);
    f1(r, "Atanh", MathPkg::atanh);
    f2(r, "Atan2", Trig::atan2);
    f2(r, "Pow", GoMath::pow);
    f2(r, "Hypot", GoMath::hypot);
    f2(r, "Mod", GoMath::mod);
    f2(r, "Remainder", GoMath::remainder);
    f2(r, "Max", GoMath::max);
    f2(r, "Min", GoMath::min);
    f2(r, "Dim", GoMath::dim);
    f2(r, "Copysign", GoMath::copysign);
    f2(r, "Nextafter", (x, y) -> x == y ? x : Math.nextAfter(x, y));
    f1(r, "Gamma", Gamma::gamma);
    r.reg("Lgamma", MathPkg::lgamma);
    f1(r, "Erf", Erf::erf);
    f1(r, "Erfc", Erf::erfc);
    f1(r, "Erfinv", Erf::erfinv);
    f1(r, "Erfcinv", Erf::erfcinv);
    f1(r, "J0", Bessel::j0);
    f1(r, "J1", Bessel::j1);
    f1(r, "Y0", Bessel::y0);
    f1(r, "Y1", Bessel::y1);
    r.reg("Jn", (g, base) -> ret(g, base, Bessel.jn(g.ls[base], d(g, base + 1))));
    r.reg("Yn", (g, base) -> ret(g, base, Bessel.yn(g.ls[base], d(g, base + 1))));
    r.reg("Nextafter32", MathPkg::nextafter32);
    r.reg("Pow10", MathPkg::pow10);
    r.reg("Modf", MathPkg::modf);
    r.reg("Frexp", MathPkg::frexp);
    r.reg("Ldexp", MathPkg::ldexp);
    r.reg("Ilogb", (g, base) -> g.ls[base] = GoMath.ilogb(d(g, base)));
    r.reg("Sincos", MathPkg::sincos);
    r.reg("FMA", (g, base) -> ret(g, base, Math.fma(d(g, base), d(g, base + 1), d(g, base + 2))));
    r.reg("Inf", MathPkg::inf);
    r.reg("NaN", (g, base) -> g.ls[base] = GoMath.NAN_BITS);
    r.reg("IsNaN", (g, base) -> g.ls[base] = Double.isNaN(d(g, base)) ? 1 : 0);
    r.reg("IsInf", MathPkg::isInf);
    r.reg("Signbit", (g, base) -> g.ls[base] = g.ls[base] < 0 ? 1 : 0);
    // a float64 and a uint64 are both raw bits in g.ls: nothing to convert
    r.reg("Float64bits", (g, base) -> { });
    r.reg("Float64frombits", (g, base) -> { });
    r.reg("Float32bits", MathPkg::float32bits);
    r.reg("Float32frombits", MathPkg::float32frombits);
  }

  private static double d(G g, int slot) {
    return Double.longBitsToDouble(g.ls[slot]);
  }

  private static void ret(G g, int slot, double v) {
    g.ls[slot] = Double.doubleToRawLongBits(v);
  }

  private static void f1(Registry r, String name, DoubleUnaryOperator f) {
    r.reg(name, (g, base) -> ret(g, base, f.applyAsDouble(d(g, base))));
  }

  private static void f2(Registry r, String name, DoubleBinaryOperator f) {
    r.reg(name, (g, base) -> ret(g, base, f.applyAsDouble(d(g, base), d(g, base + 1))));
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
