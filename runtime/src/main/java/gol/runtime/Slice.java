package gol.runtime;

/**
 * A Go slice: a window {@code [off, off+len)} of a backing array with room for {@code cap}
 * elements from {@code off}. The backing array's Java type follows the element type:
 * {@code byte[]} for byte/uint8 elements, {@code long[]} for other bools, integers and floats
 * (floats as raw bits), {@code Object[]} for everything else. A nil slice is Java {@code null}.
 */
public final class Slice {
  public final Object array;
  public final int off;
  public final int len;
  public final int cap;

  public Slice(Object array, int off, int len, int cap) {
    this.array = array;
    this.off = off;
    this.len = len;
    this.cap = cap;
  }
}
