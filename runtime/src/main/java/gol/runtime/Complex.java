package gol.runtime;

/**
 * A complex128 or complex64 value: an immutable pair of float64s in the reference half of a
 * slot (RType.Kind.COMPLEX64/128 are reference kinds). A complex64's parts are float32 values
 * held exactly as float64s (rounded by {@link #to64}), as float32 values are everywhere in gol.
 * Never null: the zero value is {@link #ZERO}.
 *
 * <p>Arithmetic follows Go on amd64: + - * part by part in float64 (no fused multiply-add), and
 * division as Go's runtime complex128div (Annex G style inf/NaN recovery), so results match
 * bit for bit.
 */
public final class Complex {
  public static final Complex ZERO = new Complex(0, 0);

  public final double re;
  public final double im;

  public Complex(double re, double im) {
    this.re = re;
    this.im = im;
  }

  /** The value rounded to complex64 precision (each part to float32). */
  public Complex to64() {
    return new Complex((float) re, (float) im);
  }

  public Complex add(Complex y) {
    return new Complex(re + y.re, im + y.im);
  }

  public Complex sub(Complex y) {
    return new Complex(re - y.re, im - y.im);
  }

  public Complex mul(Complex y) {
    return new Complex(re * y.re - im * y.im, re * y.im + im * y.re);
  }

  public Complex neg() {
    return new Complex(-re, -im);
  }

  /**
   * n / m as Go computes it: the textbook formula scaled by the larger part of m (Smith's
   * method), then, when that gives NaN+NaNi, the C99 Annex G recovery of infinities and zeros.
   */
  public Complex div(Complex m) {
    double a = re;
    double b = im;
    double c = m.re;
    double d = m.im;
    double e;
    double f;
    if (Math.abs(c) >= Math.abs(d)) {
      double ratio = d / c;
      double denom = c + ratio * d;
      e = (a + b * ratio) / denom;
      f = (b - a * ratio) / denom;
    } else {
      double ratio = c / d;
      double denom = d + ratio * c;
      e = (a * ratio + b) / denom;
      f = (b * ratio - a) / denom;
    }
    if (Double.isNaN(e) && Double.isNaN(f)) {
      // Recover infinities and zeros that computed as NaN+iNaN.
      if (c == 0 && d == 0 && (!Double.isNaN(a) || !Double.isNaN(b))) {
        e = Math.copySign(Double.POSITIVE_INFINITY, c) * a;
        f = Math.copySign(Double.POSITIVE_INFINITY, c) * b;
      } else if ((Double.isInfinite(a) || Double.isInfinite(b)) && Double.isFinite(c) && Double.isFinite(d)) {
        a = Math.copySign(Double.isInfinite(a) ? 1 : 0, a);
        b = Math.copySign(Double.isInfinite(b) ? 1 : 0, b);
        e = Double.POSITIVE_INFINITY * (a * c + b * d);
        f = Double.POSITIVE_INFINITY * (b * c - a * d);
      } else if ((Double.isInfinite(c) || Double.isInfinite(d)) && Double.isFinite(a) && Double.isFinite(b)) {
        c = Math.copySign(Double.isInfinite(c) ? 1 : 0, c);
        d = Math.copySign(Double.isInfinite(d) ? 1 : 0, d);
        e = 0 * (a * c + b * d);
        f = 0 * (b * c - a * d);
      }
    }
    return new Complex(e, f);
  }

  /** Go's ==: both parts equal as floats (NaN != NaN, -0 == +0). */
  public boolean eq(Complex y) {
    return re == y.re && im == y.im;
  }

  /** A hash consistent with {@link #eq}. */
  public int hash() {
    long a = re == 0 ? 0 : Double.doubleToLongBits(re);
    long b = im == 0 ? 0 : Double.doubleToLongBits(im);
    return Long.hashCode(a * 0x9E3779B97F4A7C15L + b);
  }

  @Override
  public String toString() {
    return "(" + re + "+" + im + "i)";
  }
}
