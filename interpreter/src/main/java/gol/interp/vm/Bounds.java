package gol.interp.vm;

import gol.runtime.GoPanic;

/**
 * Index and slice bounds failures with Go's exact texts (mirrors runtime.boundsError, panic.go /
 * error.go). A negative index or bound gets the short form without the length, as Go prints it.
 * Each method builds the panic; the caller throws it, so the fast path only holds a call.
 */
public final class Bounds {
  private Bounds() {
  }

  /** {@code x[i]} with {@code i} outside {@code [0, len)}. */
  public static GoPanic index(long i, long len) {
    return GoPanic.runtime(i < 0 ? "index out of range [" + i + "]"
        : "index out of range [" + i + "] with length " + len);
  }

  /** {@code s[:hi]} with {@code hi} past the length (strings, arrays). */
  public static GoPanic sliceAlen(long hi, long len) {
    return GoPanic.runtime(hi < 0 ? "slice bounds out of range [:" + hi + "]"
        : "slice bounds out of range [:" + hi + "] with length " + len);
  }

  /** {@code s[:hi]} with {@code hi} past the capacity (slices). */
  public static GoPanic sliceAcap(long hi, long cap) {
    return GoPanic.runtime(hi < 0 ? "slice bounds out of range [:" + hi + "]"
        : "slice bounds out of range [:" + hi + "] with capacity " + cap);
  }

  /** {@code s[lo:hi]} with {@code lo > hi} (or {@code lo < 0}). */
  public static GoPanic sliceB(long lo, long hi) {
    return GoPanic.runtime(lo < 0 ? "slice bounds out of range [" + lo + ":]"
        : "slice bounds out of range [" + lo + ":" + hi + "]");
  }

  /** {@code s[::max]} with {@code max} past the capacity. */
  public static GoPanic slice3Acap(long max, long cap) {
    return GoPanic.runtime(max < 0 ? "slice bounds out of range [::" + max + "]"
        : "slice bounds out of range [::" + max + "] with capacity " + cap);
  }

  /** {@code a[::max]} with {@code max} past an array's length. */
  public static GoPanic slice3Alen(long max, long len) {
    return GoPanic.runtime(max < 0 ? "slice bounds out of range [::" + max + "]"
        : "slice bounds out of range [::" + max + "] with length " + len);
  }

  /** {@code s[:hi:max]} with {@code hi > max}. */
  public static GoPanic slice3B(long hi, long max) {
    return GoPanic.runtime(hi < 0 ? "slice bounds out of range [:" + hi + ":]"
        : "slice bounds out of range [:" + hi + ":" + max + "]");
  }

  /** {@code s[lo:hi:max]} with {@code lo > hi}. */
  public static GoPanic slice3C(long lo, long hi) {
    return GoPanic.runtime(lo < 0 ? "slice bounds out of range [" + lo + "::]"
        : "slice bounds out of range [" + lo + ":" + hi + ":]");
  }

  /**
   * Checks {@code lo <= hi <= len} for a string or array slice expression {@code x[lo:hi]},
   * in Go's order (the high bound first), throwing the matching panic.
   */
  public static void checkSlice(long lo, long hi, long len) {
    if (hi < 0 || hi > len) {
      throw sliceAlen(hi, len);
    }
    if (lo < 0 || lo > hi) {
      throw sliceB(lo, hi);
    }
  }
}
