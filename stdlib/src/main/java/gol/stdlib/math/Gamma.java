package gol.stdlib.math;

/**
 * Gamma and Lgamma as Go computes them. Gamma is Cephes' (Moshier): reduce the argument into
 * [2, 3) by the recurrence Γ(x+1) = xΓ(x), evaluate a rational approximation there; above 33
 * use Stirling's series, and for negative arguments the reflection formula. Lgamma is FreeBSD
 * msun's e_lgamma_r.c (Sun's fdlibm): rational approximations around the minimum of Γ on
 * (0, 2), a rational function plus the recurrence on [2, 8), Stirling's series beyond, and the
 * reflection formula with an exact sin(πx) for negative x. The coefficients are the published
 * ones; exp/log/pow/sin are gol's Go-exact {@link GoMath} and {@link Trig}.
 */
final class Gamma {
  private Gamma() {
  }

  /** Cephes' P and Q for Γ(2+x), 0 <= x < 1, highest power first as published. */
  private static final double[] GAM_P = reverse(1.60119522476751861407e-04,
      1.19135147006586384913e-03, 1.04213797561761569935e-02, 4.76367800457137231464e-02,
      2.07448227648435975150e-01, 4.94214826801497100753e-01, 9.99999999999999996796e-01);
  private static final double[] GAM_Q = reverse(-2.31581873324120129819e-05,
      5.39605580493303397842e-04, -4.45641913851797240494e-03, 1.18139785222060435552e-02,
      3.58236398605498653373e-02, -2.34591795718243348568e-01, 7.14304917030273074085e-02,
      1.00000000000000000320e+00);
  /** Stirling's series coefficients, highest power first. */
  private static final double[] GAM_S = reverse(7.87311395793093628397e-04,
      -2.29549961613378126380e-04, -2.68132617805781232825e-03, 3.47222221605458667310e-03,
      8.33333333333482257126e-02);
  private static final double SQRT_TWO_PI = 2.506628274631000502417;
  private static final double MAX_STIRLING = 143.01608;
  private static final double EULER = 0.57721566490153286060651209008240243104215933593992;

  private static double[] reverse(double... c) {
    double[] r = new double[c.length];
    for (int i = 0; i < c.length; i++) {
      r[i] = c[c.length - 1 - i];
    }
    return r;
  }

  /** Stirling's formula as two factors, so that Γ(171.x) does not overflow half-way. */
  private static double[] stirling(double x) {
    if (x > 200) {
      return new double[] {Double.POSITIVE_INFINITY, 1};
    }
    double w = 1 / x;
    w = 1 + w * Poly.eval(w, GAM_S);
    double y1 = GoMath.exp(x);
    double y2 = 1.0;
    if (x > MAX_STIRLING) {
      double v = GoMath.pow(x, 0.5 * x - 0.25);
      y2 = v / y1;
      y1 = v;
    } else {
      y1 = GoMath.pow(x, x - 0.5) / y1;
    }
    return new double[] {y1, SQRT_TWO_PI * w * y2};
  }

  static double gamma(double x) {
    if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY || (x < 0 && x == Math.rint(x))) {
      return Poly.nan();
    }
    if (x == Double.POSITIVE_INFINITY) {
      return x;
    }
    if (x == 0) {
      return GoMath.signbit(x) ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    double q = Math.abs(x);
    double p = Math.floor(q);
    if (q > 33) {
      if (x >= 0) {
        double[] s = stirling(x);
        return s[0] * s[1];
      }
      // reflection: Γ(x) = -π / (x·sin(πx)·Γ(-x))
      int sign = (((long) p) & 1) == 0 ? -1 : 1;
      double z = q - p;
      if (z > 0.5) {
        p = p + 1;
        z = q - p;
      }
      z = q * Trig.sin(Math.PI * z);
      if (z == 0) {
        return sign > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      }
      double[] s = stirling(q);
      double absz = Math.abs(z);
      double d = absz * s[0] * s[1];
      z = Double.isInfinite(d) ? Math.PI / absz / s[0] / s[1] : Math.PI / d;
      return sign * z;
    }
    double z = 1.0;
    while (x >= 3) {
      x = x - 1;
      z = z * x;
    }
    while (x < 0) {
      if (x > -1e-09) {
        return small(x, z);
      }
      z = z / x;
      x = x + 1;
    }
    while (x < 2) {
      if (x < 1e-09) {
        return small(x, z);
      }
      z = z / x;
      x = x + 1;
    }
    if (x == 2) {
      return z;
    }
    x = x - 2;
    return z * Poly.eval(x, GAM_P) / Poly.eval(x, GAM_Q);
  }

  /** Γ(x)·z near a pole at 0: 1/(x(1+γx)). */
  private static double small(double x, double z) {
    if (x == 0) {
      return Double.POSITIVE_INFINITY;
    }
    return z / ((1 + EULER * x) * x);
  }

  // fdlibm's lgamma coefficients, named as there (a, t, u, v, s, r, w).
  private static final double[] LA = {7.72156649015328655494e-02, 3.22467033424113591611e-01,
      6.73523010531292681824e-02, 2.05808084325167332806e-02, 7.38555086081402883957e-03,
      2.89051383673415629091e-03, 1.19270763183362067845e-03, 5.10069792153511336608e-04,
      2.20862790713908385557e-04, 1.08011567247583939954e-04, 2.52144565451257326939e-05,
      4.48640949618915160150e-05};
  private static final double[] LA_EVEN = every(LA, 0, 2);
  private static final double[] LA_ODD = every(LA, 1, 2);
  private static final double[] LT = {4.83836122723810047042e-01, -1.47587722994593911752e-01,
      6.46249402391333854778e-02, -3.27885410759859649565e-02, 1.79706750811820387126e-02,
      -1.03142241298341437450e-02, 6.10053870246291332635e-03, -3.68452016781138256760e-03,
      2.25964780900612472250e-03, -1.40346469989232843813e-03, 8.81081882437654011382e-04,
      -5.38595305356740546715e-04, 3.15632070903625950361e-04, -3.12754168375120860518e-04,
      3.35529192635519073543e-04};
  private static final double[] LT0 = every(LT, 0, 3);
  private static final double[] LT1 = every(LT, 1, 3);
  private static final double[] LT2 = every(LT, 2, 3);
  private static final double[] LU = {-7.72156649015328655494e-02, 6.32827064025093366517e-01,
      1.45492250137234768737e+00, 9.77717527963372745603e-01, 2.28963728064692451092e-01,
      1.33810918536787660377e-02};
  private static final double[] LV = {1, 2.45597793713041134822e+00, 2.12848976379893395361e+00,
      7.69285150456672783825e-01, 1.04222645593369134254e-01, 3.21709242282423911810e-03};
  private static final double[] LS = {-7.72156649015328655494e-02, 2.14982415960608852501e-01,
      3.25778796408930981787e-01, 1.46350472652464452805e-01, 2.66422703033638609560e-02,
      1.84028451407337715652e-03, 3.19475326584100867617e-05};
  private static final double[] LR = {1, 1.39200533467621045958e+00, 7.21935547567138069525e-01,
      1.71933865632803078993e-01, 1.86459191715652901344e-02, 7.77942496381893596434e-04,
      7.32668430744625636189e-06};
  private static final double[] LW = {4.18938533204672725052e-01, 8.33333333333329678849e-02,
      -2.77777777728775536470e-03, 7.93650558643019558500e-04, -5.95187557450339963135e-04,
      8.36339918996282139126e-04, -1.63092934096575273989e-03};
  private static final double[] LW_TAIL = every(LW, 1, 1);
  /** The abscissa of Γ's minimum, and Γ's value there split in two (tf + tt). */
  private static final double TC = 1.46163214496836224576e+00;
  private static final double TC_M1 = 0.46163214496836224576;
  private static final double TF = -1.21486290535849611461e-01;
  private static final double TT = -3.63867699703950536541e-18;
  // Ymin ± 0.27 and Ymin - 1 ± 0.27, folded exactly as Go folds its constants
  private static final double YMIN_P = 1.731632144968362245;
  private static final double YMIN_M = 1.191632144968362245;
  private static final double YMIN1_P = 0.731632144968362245;
  private static final double YMIN1_M = 0.191632144968362245;

  private static double[] every(double[] c, int from, int step) {
    double[] r = new double[(c.length - from + step - 1) / step];
    for (int i = 0; i < r.length; i++) {
      r[i] = c[from + i * step];
    }
    return r;
  }

  /** Lgamma's two results: log|Γ(x)| and the sign of Γ(x). */
  static double lgamma(double x, int[] sign) {
    sign[0] = 1;
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    if (x == 0) {
      return Double.POSITIVE_INFINITY;
    }
    boolean neg = x < 0;
    if (neg) {
      x = -x;
    }
    if (x < 0x1p-70) {
      if (neg) {
        sign[0] = -1;
      }
      return -GoMath.log(x);
    }
    double nadj = 0;
    if (neg) {
      if (x >= 0x1p52) {
        return Double.POSITIVE_INFINITY;
      }
      double t = sinPi(x);
      if (t == 0) {
        return Double.POSITIVE_INFINITY;
      }
      nadj = GoMath.log(Math.PI / Math.abs(t * x));
      if (t < 0) {
        sign[0] = -1;
      }
    }
    double lg;
    if (x == 1 || x == 2) {
      return 0;
    } else if (x < 2) {
      lg = nearMinimum(x);
    } else if (x < 8) {
      int i = (int) x;
      double y = x - i;
      double p = y * Poly.eval(y, LS);
      double q = Poly.eval(y, LR);
      lg = 0.5 * y + p / q;
      double z = 1.0;
      for (int k = i - 1; k >= 2; k--) {
        z *= (y + k);
      }
      if (i >= 3) {
        lg += GoMath.log(z);
      }
    } else if (x < 0x1p58) {
      double t = GoMath.log(x);
      double z = 1 / x;
      double y = z * z;
      double w = LW[0] + z * Poly.eval(y, LW_TAIL);
      lg = (x - 0.5) * (t - 1) + w;
    } else {
      lg = x * (GoMath.log(x) - 1);
    }
    return neg ? nadj - lg : lg;
  }

  /** log Γ(x) for 0 < x < 2, x not 1: three approximations around 1, 2 and Γ's minimum. */
  private static double nearMinimum(double x) {
    double lg;
    double y;
    int i;
    if (x <= 0.9) {
      lg = -GoMath.log(x);
      if (x >= YMIN1_P) {
        y = 1 - x;
        i = 0;
      } else if (x >= YMIN1_M) {
        y = x - TC_M1;
        i = 1;
      } else {
        y = x;
        i = 2;
      }
    } else {
      lg = 0;
      if (x >= YMIN_P) {
        y = 2 - x;
        i = 0;
      } else if (x >= YMIN_M) {
        y = x - TC;
        i = 1;
      } else {
        y = x - 1;
        i = 2;
      }
    }
    switch (i) {
      case 0: {
        double z = y * y;
        double p1 = Poly.eval(z, LA_EVEN);
        double p2 = z * Poly.eval(z, LA_ODD);
        double p = y * p1 + p2;
        return lg + (p - 0.5 * y);
      }
      case 1: {
        double z = y * y;
        double w = z * y;
        double p1 = Poly.eval(w, LT0);
        double p2 = Poly.eval(w, LT1);
        double p3 = Poly.eval(w, LT2);
        double p = z * p1 - (TT - w * (p2 + y * p3));
        return lg + (TF + p);
      }
      default: {
        double p1 = y * Poly.eval(y, LU);
        double p2 = Poly.eval(y, LV);
        return lg + (-0.5 * y + p1 / p2);
      }
    }
  }

  /** -sin(πx) for x > 0, exact at integers and half-integers. */
  private static double sinPi(double x) {
    if (x < 0.25) {
      return -Trig.sin(Math.PI * x);
    }
    double z = Math.floor(x);
    int n;
    if (z != x) {
      x = GoMath.mod(x, 2);
      n = (int) (x * 4);
    } else {
      if (x >= 0x1p53) {
        x = 0;
        n = 0;
      } else {
        if (x < 0x1p52) {
          z = x + 0x1p52;
        }
        n = (int) (1 & Double.doubleToRawLongBits(z));
        x = n;
        n <<= 2;
      }
    }
    switch (n) {
      case 0:
        x = Trig.sin(Math.PI * x);
        break;
      case 1:
      case 2:
        x = Trig.cos(Math.PI * (0.5 - x));
        break;
      case 3:
      case 4:
        x = Trig.sin(Math.PI * (1 - x));
        break;
      case 5:
      case 6:
        x = -Trig.cos(Math.PI * (x - 1.5));
        break;
      default:
        x = Trig.sin(Math.PI * (x - 2));
    }
    return -x;
  }
}
