package gol.stdlib;

/**
 * Base-10 digits of a long, as strconv.Itoa, fmt's %d and %f's parts write them: the count found
 * by comparison with powers of ten, the digits written from the end two at a time from a table
 * (one division by a constant, which the JIT makes a multiply, per two digits).
 */
public final class Decimal {
  private Decimal() {}

  /** 10^i for i ≤ 18. */
  private static final long[] POW10 = new long[19];

  /** "00" to "99", two bytes each. */
  private static final byte[] PAIRS = new byte[200];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
    for (int i = 0; i < 100; i++) {
      PAIRS[2 * i] = (byte) ('0' + i / 10);
      PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  /** The number of decimal digits of {@code v} ≥ 0. */
  public static int length(long v) {
    int n = 1;
    while (n < POW10.length && v >= POW10[n]) {
      n++;
    }
    return n;
  }

  /** Writes the digits of {@code v} ≥ 0 into {@code b}, ending just before {@code end}; returns where they start. */
  public static int write(byte[] b, int end, long v) {
    int i = end;
    while (v >= 100) {
      long next = v / 100;
      int r = (int) (v - next * 100);
      b[--i] = PAIRS[2 * r + 1];
      b[--i] = PAIRS[2 * r];
      v = next;
    }
    if (v >= 10) {
      b[--i] = PAIRS[2 * (int) v + 1];
      b[--i] = PAIRS[2 * (int) v];
    } else {
      b[--i] = (byte) ('0' + v);
    }
    return i;
  }

  /** Appends {@code v} in base 10, with a '-' when negative. */
  public static void append(ByteBuf dst, long v) {
    if (v < 0) {
      if (v == Long.MIN_VALUE) {
        dst.ascii("-9223372036854775808");
        return;
      }
      dst.put('-');
      v = -v;
    }
    int n = length(v);
    int at = dst.extend(n);
    write(dst.array(), at + n, v);
  }

  /** {@code v} in base 10 as a new array, with a '-' when negative. */
  public static byte[] bytes(long v) {
    if (v == Long.MIN_VALUE) {
      return "-9223372036854775808".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
    long a = Math.abs(v);
    int n = length(a) + (v < 0 ? 1 : 0);
    byte[] b = new byte[n];
    write(b, n, a);
    if (v < 0) {
      b[0] = '-';
    }
    return b;
  }
}
