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

  // ---- bounds of unsigned 64-bit type (uint, uint64, uintptr) ----
  // A value above MaxInt64 is negative as a Java long; Go prints it unsigned and with the
  // length or capacity (runtime.boundsError's signed flag). The compiler emits these checks
  // before the indexing or slicing instruction only for such operands.

  /** Slice-expression bounds present and unsigned: bits of {@link #checkSlice(long, long, long, int, long, long, boolean)}'s flags. */
  public static final int HAS_LO = 1, HAS_HI = 2, HAS_MAX = 4, U_LO = 8, U_HI = 16, U_MAX = 32;

  /** {@code x[i]} with an unsigned i and a container of length len. */
  public static void checkIndexUnsigned(long i, long len) {
    if (Long.compareUnsigned(i, len) >= 0) {
      throw GoPanic.runtime("index out of range [" + Long.toUnsignedString(i) + "] with length " + len);
    }
  }

  /**
   * Go's checks of {@code x[lo:hi:max]} in its order (max, then hi, then lo), where some bounds
   * are unsigned; capWord: "capacity" (slices) rather than "length" (strings, arrays).
   */
  public static void checkSlice(long lo, long hi, long max, int flags, long len, long cap, boolean capWord) {
    String limit = capWord ? "] with capacity " : "] with length ";
    boolean uLo = (flags & U_LO) != 0;
    boolean uHi = (flags & U_HI) != 0;
    if ((flags & HAS_LO) == 0) {
      lo = 0;
    }
    if ((flags & HAS_HI) == 0) {
      hi = len;
    }
    if ((flags & HAS_MAX) != 0) {
      boolean uMax = (flags & U_MAX) != 0;
      if (above(max, uMax, cap)) {
        throw bad("[::", max, uMax, limit + cap);
      }
      if (above(hi, uHi, max)) {
        throw bad("[:", hi, uHi, ":" + max + "]");
      }
      if (above(lo, uLo, hi)) {
        throw bad("[", lo, uLo, ":" + hi + ":]");
      }
      return;
    }
    if (above(hi, uHi, cap)) {
      throw bad("[:", hi, uHi, limit + cap);
    }
    if (above(lo, uLo, hi)) {
      throw bad("[", lo, uLo, ":" + hi + "]");
    }
  }

  /** Whether bound v is negative (signed) or above limit. */
  private static boolean above(long v, boolean unsigned, long limit) {
    return unsigned ? Long.compareUnsigned(v, limit) > 0 : v < 0 || v > limit;
  }

  /** Go's text for a failed bound: a negative signed one gets the short form ("[:-1]"). */
  private static GoPanic bad(String open, long v, boolean unsigned, String rest) {
    if (!unsigned && v < 0) {
      String shortRest = rest.startsWith(":") && rest.endsWith(":]") ? "::]" : rest.startsWith(":") ? ":]" : "]";
      return GoPanic.runtime("slice bounds out of range " + open + v + shortRest);
    }
    return GoPanic.runtime("slice bounds out of range " + open + (unsigned ? Long.toUnsignedString(v) : Long.toString(v)) + rest);
  }
}
