package gol.stdlib.math;

/**
 * Erf, Erfc, Erfinv and Erfcinv as Go computes them. Erf and Erfc are the rational
 * approximations of FreeBSD msun's s_erf.c (Sun's fdlibm): on |x| < 0.84375 an odd expansion
 * x + x·P(x²)/Q(x²); on [0.84375, 1.25) erx + P(s)/Q(s) around s = |x|-1; beyond, exp(-x²-0.5625
 * + R(1/x²)/S(1/x²))/x with x² split so that exp's argument is exact. Erfinv is Wichura's
 * algorithm AS 241 (PPND16) rescaled to the error function's argument, as Go's erfinv.go.
 * The coefficients are the published ones; exp/log/sqrt are gol's Go-exact {@link GoMath}.
 */
final class Erf {
  private Erf() {
  }

  private static final double ERX = 8.45062911510467529297e-01;
  private static final double EFX = 1.28379167095512586316e-01;
  private static final double EFX8 = 1.02703333676410069053e+00;
  /** pp0..pp4 and 1, qq1..qq5: |x| < 0.84375. */
  private static final double[] PP = {1.28379167095512558561e-01, -3.25042107247001499370e-01,
      -2.84817495755985104766e-02, -5.77027029648944159157e-03, -2.37630166566501626084e-05};
  private static final double[] QQ = {1, 3.97917223959155352819e-01, 6.50222499887672944485e-02,
      5.08130628187576562776e-03, 1.32494738004321644526e-04, -3.96022827877536812320e-06};
  /** pa0..pa6 and 1, qa1..qa6: 0.84375 <= |x| < 1.25. */
  private static final double[] PA = {-2.36211856075265944077e-03, 4.14856118683748331666e-01,
      -3.72207876035701323847e-01, 3.18346619901161753674e-01, -1.10894694282396677476e-01,
      3.54783043256182359371e-02, -2.16637559486879084300e-03};
  private static final double[] QA = {1, 1.06420880400844228286e-01, 5.40397917702171048937e-01,
      7.18286544141962662868e-02, 1.26171219808761642112e-01, 1.36370839120290507362e-02,
      1.19844998467991074170e-02};
  /** ra0..ra7 and 1, sa1..sa8: 1.25 <= |x| < 1/0.35. */
  private static final double[] RA = {-9.86494403484714822705e-03, -6.93858572707181764372e-01,
      -1.05586262253232909814e+01, -6.23753324503260060396e+01, -1.62396669462573470355e+02,
      -1.84605092906711035994e+02, -8.12874355063065934246e+01, -9.81432934416914548592e+00};
  private static final double[] SA = {1, 1.96512716674392571292e+01, 1.37657754143519042600e+02,
      4.34565877475229228821e+02, 6.45387271733267880336e+02, 4.29008140027567833386e+02,
      1.08635005541779435134e+02, 6.57024977031928170135e+00, -6.04244152148580987438e-02};
  /** rb0..rb6 and 1, sb1..sb7: |x| >= 1/0.35. */
  private static final double[] RB = {-9.86494292470009928597e-03, -7.99283237680523006574e-01,
      -1.77579549177547519889e+01, -1.60636384855821916062e+02, -6.37566443368389627722e+02,
      -1.02509513161107724954e+03, -4.83519191608651397019e+02};
  private static final double[] SB = {1, 3.03380607434824582924e+01, 3.25792512996573918826e+02,
      1.53672958608443695994e+03, 3.19985821950859553908e+03, 2.55305040643316442583e+03,
      4.74528541206955367215e+02, -2.24409524465858183362e+01};
  /** 1/0.35 rounded once (Go folds the constant exactly). */
  private static final double ONE_OVER_035 = 2.8571428571428571428571428571428571;

  static double erf(double x) {
    if (Double.isNaN(x)) {
      return Poly.nan();
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? 1 : -1;
    }
    boolean neg = x < 0;
    double a = neg ? -x : x; // not Math.abs: -0 keeps its sign, as in Go
    double v;
    if (a < 0.84375) {
      if (a < 0x1p-28) {
        v = a < 0x1p-1015 ? 0.125 * (8.0 * a + EFX8 * a) : a + EFX * a;
      } else {
        double z = a * a;
        v = a + a * (Poly.eval(z, PP) / Poly.eval(z, QQ));
      }
      return neg ? -v : v;
    }
    if (a < 1.25) {
      double s = a - 1;
      double pq = Poly.eval(s, PA) / Poly.eval(s, QA);
      return neg ? -ERX - pq : ERX + pq;
    }
    if (a >= 6) {
      return neg ? -1 : 1;
    }
    double r = tail(a);
    return neg ? r / a - 1 : 1 - r / a;
  }

  static double erfc(double x) {
    if (Double.isNaN(x)) {
      return Poly.nan();
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? 0 : 2;
    }
    boolean neg = x < 0;
    double a = neg ? -x : x; // not Math.abs: -0 keeps its sign, as in Go
    if (a < 0.84375) {
      double v;
      if (a < 0x1p-56) {
        v = a;
      } else {
        double z = a * a;
        double y = Poly.eval(z, PP) / Poly.eval(z, QQ);
        v = a < 0.25 ? a + a * y : 0.5 + (a * y + (a - 0.5));
      }
      return neg ? 1 + v : 1 - v;
    }
    if (a < 1.25) {
      double s = a - 1;
      double pq = Poly.eval(s, PA) / Poly.eval(s, QA);
      return neg ? 1 + ERX + pq : 1 - ERX - pq;
    }
    if (a < 28) {
      if (neg && a > 6) {
        return 2;
      }
      double r = tail(a);
      return neg ? 2 - r / a : r / a;
    }
    return neg ? 2 : 0;
  }

  /** exp(-a²-0.5625+R/S) for 1.25 <= a < 28: erfc(a)·a. */
  private static double tail(double a) {
    double s = 1 / (a * a);
    double rs = a < ONE_OVER_035
        ? Poly.eval(s, RA) / Poly.eval(s, SA)
        : Poly.eval(s, RB) / Poly.eval(s, SB);
    // a with the low 32 bits cleared: z*z is exact, the rest of -a² goes in the second exp
    double z = Double.longBitsToDouble(Double.doubleToRawLongBits(a) & 0xffffffff00000000L);
    return GoMath.exp(-z * z - 0.5625) * GoMath.exp((z - a) * (z + a) + rs);
  }

  // AS 241's coefficients: A/B for |x| <= 0.85, C/D for r <= 5, E/F beyond.
  private static final double[] A = {1.1975323115670912564578e0, 4.7072688112383978012285e1,
      6.9706266534389598238465e2, 4.8548868893843886794648e3, 1.6235862515167575384252e4,
      2.3782041382114385731252e4, 1.1819493347062294404278e4, 8.8709406962545514830200e2};
  private static final double[] B = {1.0000000000000000000e0, 4.2313330701600911252e1,
      6.8718700749205790830e2, 5.3941960214247511077e3, 2.1213794301586595867e4,
      3.9307895800092710610e4, 2.8729085735721942674e4, 5.2264952788528545610e3};
  private static final double[] C = {1.42343711074968357734e0, 4.63033784615654529590e0,
      5.76949722146069140550e0, 3.64784832476320460504e0, 1.27045825245236838258e0,
      2.41780725177450611770e-1, 2.27238449892691845833e-2, 7.74545014278341407640e-4};
  private static final double[] D = {1.4142135623730950488016887e0, 2.9036514445419946173133295e0,
      2.3707661626024532365971225e0, 9.7547832001787427186894837e-1,
      2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2,
      7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9};
  private static final double[] E = {6.65790464350110377720e0, 5.46378491116411436990e0,
      1.78482653991729133580e0, 2.96560571828504891230e-1, 2.65321895265761230930e-2,
      1.24266094738807843860e-3, 2.71155556874348757815e-5, 2.01033439929228813265e-7};
  private static final double[] F = {1.414213562373095048801689e0, 8.482908416595164588112026e-1,
      1.936480946950659106176712e-1, 2.103693768272068968719679e-2,
      1.112800997078859844711555e-3, 2.611088405080593625138020e-5,
      2.010321207683943062279931e-7, 2.891024605872965461538222e-15};
  private static final double LN2 = 0.693147180559945309417232121458176568;

  static double erfinv(double x) {
    if (Double.isNaN(x) || x <= -1 || x >= 1) {
      if (x == 1 || x == -1) {
        return x > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      }
      return Poly.nan();
    }
    boolean neg = x < 0;
    double a = neg ? -x : x; // not Math.abs: -0 keeps its sign, as in Go
    double v;
    if (a <= 0.85) {
      double r = 0.180625 - 0.25 * a * a;
      v = (a * Poly.eval(r, A)) / Poly.eval(r, B);
    } else {
      double r = Math.sqrt(LN2 - GoMath.log(1.0 - a));
      if (r <= 5.0) {
        r -= 1.6;
        v = Poly.eval(r, C) / Poly.eval(r, D);
      } else {
        r -= 5.0;
        v = Poly.eval(r, E) / Poly.eval(r, F);
      }
    }
    return neg ? -v : v;
  }

  static double erfcinv(double x) {
    return erfinv(1 - x);
  }
}
