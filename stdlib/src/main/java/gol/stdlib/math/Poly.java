package gol.stdlib.math;

/** Polynomial evaluation in Horner's form, the order of operations the msun/Cephes ports use. */
final class Poly {
  private Poly() {
  }

  /**
   * c[0] + z*(c[1] + z*(c[2] + ... + z*c[n])), innermost product first: the same roundings as
   * the nested form written out (and as ((c[n]*z + c[n-1])*z + ...) + c[0]).
   */
  static double eval(double z, double[] c) {
    double p = c[c.length - 1];
    for (int i = c.length - 2; i >= 0; i--) {
      p = c[i] + z * p;
    }
    return p;
  }

  static double nan() {
    return Double.longBitsToDouble(GoMath.NAN_BITS);
  }
}
