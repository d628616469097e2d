package gol.interp.vm;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.PlainError;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Values;
import java.util.Arrays;

/**
 * Slice operations with Go's exact semantics: make, append (Go 1.22's growslice: the growth
 * formula, then rounding the allocation up to the malloc size class, so {@code cap} prints what
 * Go prints), copy, and slice expressions on slices and arrays.
 *
 * <p>Element sizes are Go's on a 64-bit machine ({@link #size}), needed only for the rounding.
 * Backing arrays hold value composites (struct/array elements) as owned objects, so growth and
 * copy copy them ({@link Values#copy}/{@link Values#assign}), as Go copies the bytes.
 */
public final class Slices {
  private Slices() {
  }

  /** Go 1.22's roundupsize(size, noscan): the size mallocgc really allocates for size bytes. */
  static long roundupsize(long size, boolean noscan) {
    return Alloc.roundupsize(size, noscan);
  }

  /** The capacity growslice gives when a slice of cap oldCap must hold newLen elements of type et. */
  public static long grownCap(long newLen, long oldCap, RType et) {
    long size = size(et);
    if (size == 0) {
      return newLen;
    }
    long newcap = Alloc.nextslicecap(newLen, oldCap);
    return roundupsize(newcap * size, noscan(et)) / size;
  }

  /** unsafe.Sizeof for a value of type t on 64-bit Go. */
  public static long size(RType t) {
    return Alloc.sizeOf(t);
  }

  /** Whether values of t hold no pointers (Go allocates them "noscan"). */
  static boolean noscan(RType t) {
    return Alloc.noscan(t);
  }

  // ---- make ----

  static Slice make(RType sliceType, long len, long cap) {
    if (len < 0 || cap < len || cap > 0xffff && (cap > Integer.MAX_VALUE - 8 || tooLarge(sliceType.elem, cap))) {
      makeFails(sliceType.elem, len, cap);
    }
    return new Slice(Values.newArray(sliceType.elem, (int) cap), 0, (int) len, (int) cap);
  }

  /** Go's maxAlloc on 64-bit Linux: larger allocations are "out of range" panics. */
  private static final long MAX_ALLOC = 1L << 48;

  /** Whether n elements of et take more than Go's maxAlloc bytes. */
  private static boolean tooLarge(RType et, long n) {
    long size = Alloc.sizeOf(et);
    return size != 0 && n > MAX_ALLOC / size;
  }

  /**
   * make([]T, len, cap) that gol cannot make: Go's makeslice panics when len or cap is negative
   * or above maxAlloc bytes, else its allocation fails — the fatal error a backing array larger
   * than a Java array gets here too.
   */
  private static void makeFails(RType et, long len, long cap) {
    // zero-size elements: Go allocates nothing and succeeds; gol cannot hold the slice, and
    // panics (recoverable) rather than failing the program as an allocation would
    boolean none = Alloc.sizeOf(et) == 0;
    if (len < 0 || tooLarge(et, len) || none && len > Integer.MAX_VALUE - 8) {
      throw GoPanic.runtime("makeslice: len out of range");
    }
    if (cap < len || tooLarge(et, cap) || none) {
      throw GoPanic.runtime("makeslice: cap out of range");
    }
    throw new OutOfMemoryError("makeslice: " + cap + " elements");
  }

  // ---- append ----

  /**
   * Room for n more elements after s: s itself re-windowed when its capacity suffices, else a
   * new backing array grown as Go grows it, holding copies of s's elements.
   */
  static Slice grow(Slice s, int n, RType et) {
    int len = s == null ? 0 : s.len;
    long newLen = (long) len + n;
    if (s != null && newLen <= s.cap) {
      return new Slice(s.array, s.off, (int) newLen, s.cap);
    }
    if (newLen > Integer.MAX_VALUE - 8) {
      if (tooLarge(et, newLen) || Alloc.sizeOf(et) == 0) { // (zero-size: as make, above)
        throw new GoPanic(new PlainError("growslice: len out of range"));
      }
      throw new OutOfMemoryError("growslice: " + newLen + " elements"); // Go's allocation fails
    }
    int cap = (int) Math.min(grownCap(newLen, s == null ? 0 : s.cap, et), Integer.MAX_VALUE - 8);
    Object a = Values.newArrayNoFill(et, cap);
    if (s != null) {
      System.arraycopy(s.array, s.off, a, 0, len);
      if (et.isValue()) {
        Object[] o = (Object[]) a;
        for (int i = 0; i < len; i++) {
          o[i] = Values.copy(et, o[i]);
        }
      }
    }
    if (a instanceof Object[] o) {
      Values.fillZero(et, o, (int) newLen, cap); // the tail beyond len, for s[:cap(s)]
    }
    return new Slice(a, 0, (int) newLen, cap);
  }

  /** Counts the new backing array when append gave {@code after} one; returns after. */
  /** APPEND (the interpreter's and compiled code's): append(s, the n values at c...), growth counted. */
  static Slice append(G g, Slice s, long[] ls, Object[] rs, int c, int n, RType sliceType) {
    RType et = sliceType.elem;
    return grown(g, s, append(s, ls, rs, c, n, et), et);
  }

  /** APPENDSL: append(s, t...) (t a slice, or a string for []byte), growth counted. */
  static Slice appendSlice(G g, Slice s, Object t, RType sliceType) {
    RType et = sliceType.elem;
    return grown(g, s, appendSlice(s, t, et), et);
  }

  static Slice grown(G g, Slice before, Slice after, RType et) {
    if (after != null && after != before && (before == null || after.array != before.array)) {
      Alloc.array(g, et, after.cap);
    }
    return after;
  }

  /** APPEND: append(s, registers c..c+n-1). */
  static Slice append(Slice s, long[] ls, Object[] rs, int c, int n, RType et) {
    if (n == 0) {
      return s;
    }
    int old = s == null ? 0 : s.len;
    Slice r = grow(s, n, et);
    int at = r.off + old;
    Object a = r.array;
    if (a instanceof long[] l) {
      System.arraycopy(ls, c, l, at, n);
    } else if (a instanceof byte[] b) {
      for (int i = 0; i < n; i++) {
        b[at + i] = (byte) ls[c + i];
      }
    } else if (!et.isValue()) {
      Object[] o = (Object[]) a;
      for (int i = 0; i < n; i++) {
        o[at + i] = rs[c + i];
      }
    } else {
      // a slot within s's capacity keeps its object, which a pointer may hold (p := &s[1] before
      // s = append(s[:1], v)): the value is assigned into it. With several values each is copied
      // first, since one may be an element this append overwrites
      Object[] o = (Object[]) a;
      Object[] vs = n == 1 ? null : new Object[n];
      for (int i = 0; vs != null && i < n; i++) {
        vs[i] = Values.copy(et, rs[c + i]);
      }
      for (int i = 0; i < n; i++) {
        Object e = o[at + i];
        if (e == null) {
          o[at + i] = vs == null ? Values.copy(et, rs[c + i]) : vs[i];
        } else {
          Values.assign(et, e, vs == null ? rs[c + i] : vs[i]);
        }
      }
    }
    return r;
  }

  /** APPENDSL: append(s, t...) — t a slice, or a string for a []byte s. */
  static Slice appendSlice(Slice s, Object t, RType et) {
    if (t instanceof GoString str) {
      if (str.len == 0) {
        return s;
      }
      int old = s == null ? 0 : s.len;
      Slice r = grow(s, str.len, et);
      copyBytes(str.bytes, str.off, (byte[]) r.array, r.off + old, str.len);
      return r;
    }
    Slice u = (Slice) t;
    if (u == null || u.len == 0) {
      return s; // appending nothing, even to a nil slice, leaves it as it is (nil stays nil)
    }
    int old = s == null ? 0 : s.len;
    Slice r = grow(s, u.len, et);
    copyElems(u.array, u.off, r.array, r.off + old, u.len, et);
    return r;
  }

  /**
   * Copies n bytes: a short copy (a strings.Builder's WriteString, most often) by a loop, which
   * C2 compiles inline, rather than System.arraycopy's stub call; overlapping ones by arraycopy
   * (a string Builder.String made shares the builder's array).
   */
  static void copyBytes(byte[] src, int so, byte[] dst, int dof, int n) {
    if (n <= 16 && src != dst) {
      for (int i = 0; i < n; i++) {
        dst[dof + i] = src[so + i];
      }
    } else {
      System.arraycopy(src, so, dst, dof, n);
    }
  }

  /** Copies n elements (overlap-safe); value composites are copied into fresh objects. */
  private static void copyElems(Object src, int so, Object dst, int dof, int n, RType et) {
    if (!et.isValue()) {
      System.arraycopy(src, so, dst, dof, n);
      return;
    }
    Object[] s = (Object[]) src;
    Object[] d = (Object[]) dst;
    // an element is assigned in place, into the object its slot holds: when the ranges overlap
    // (copy(s[1:], s)), go from the end that reads each source before it is overwritten
    boolean down = s == d && dof > so;
    for (int k = 0; k < n; k++) {
      int i = down ? n - 1 - k : k;
      Object e = d[dof + i];
      if (e == null) {
        d[dof + i] = Values.copy(et, s[so + i]);
      } else {
        Values.assign(et, e, s[so + i]);
      }
    }
  }

  /** COPYSL: copy(dst, src), src a slice or a string; the number of elements copied. */
  static int copy(Slice dst, Object src, RType et) {
    if (dst == null) {
      return 0;
    }
    if (src instanceof GoString str) {
      int n = Math.min(dst.len, str.len);
      System.arraycopy(str.bytes, str.off, dst.array, dst.off, n);
      return n;
    }
    Slice s = (Slice) src;
    if (s == null) {
      return 0;
    }
    int n = Math.min(dst.len, s.len);
    copyElems(s.array, s.off, dst.array, dst.off, n, et);
    return n;
  }

  // ---- slice expressions ----

  /** s[lo:hi:max] on a slice (absent bounds are -1 in the operands: flags tell which). */
  static Slice sliceSlice(Slice s, long lo, long hi, long max, boolean hasHi, boolean hasMax) {
    int len = s == null ? 0 : s.len;
    int cap = s == null ? 0 : s.cap;
    return window(s == null ? null : s.array, s == null ? 0 : s.off, len, cap, lo, hi, max, hasHi, hasMax, true);
  }

  /** a[lo:hi:max] on an array value (Java array) of length n. */
  static Slice sliceArray(Object a, long lo, long hi, long max, boolean hasHi, boolean hasMax) {
    int n = java.lang.reflect.Array.getLength(a); // nil *array: NullPointerException, as Go
    return window(a, 0, n, n, lo, hi, max, hasHi, hasMax, false);
  }

  private static Slice window(Object array, int off, int len, int cap, long lo, long hi, long max,
      boolean hasHi, boolean hasMax, boolean isSlice) {
    if (hasMax) {
      if (max < 0 || max > cap) {
        throw isSlice ? Bounds.slice3Acap(max, cap) : Bounds.slice3Alen(max, cap);
      }
      if (!hasHi) {
        hi = len;
      }
      if (hi < 0 || hi > max) {
        throw Bounds.slice3B(hi, max);
      }
      if (lo < 0 || lo > hi) {
        throw Bounds.slice3C(lo, hi);
      }
    } else {
      if (!hasHi) {
        hi = len;
      }
      max = cap;
      if (hi < 0 || hi > cap) {
        throw isSlice ? Bounds.sliceAcap(hi, cap) : Bounds.sliceAlen(hi, cap);
      }
      if (lo < 0 || lo > hi) {
        throw Bounds.sliceB(lo, hi);
      }
    }
    if (array == null) {
      return null; // nil[0:0] is nil
    }
    return new Slice(array, off + (int) lo, (int) (hi - lo), (int) (max - lo));
  }

  /** clear(s): zero the elements (value composites are reset in place). */
  static void clear(Slice s, RType et) {
    if (s == null) {
      return;
    }
    Object a = s.array;
    if (a instanceof long[] l) {
      Arrays.fill(l, s.off, s.off + s.len, 0);
    } else if (a instanceof byte[] b) {
      Arrays.fill(b, s.off, s.off + s.len, (byte) 0);
    } else if (et.isValue()) {
      Object[] o = (Object[]) a;
      for (int i = s.off; i < s.off + s.len; i++) {
        Values.assign(et, o[i], Values.zeroRef(et));
      }
    } else {
      Object[] o = (Object[]) a;
      Arrays.fill(o, s.off, s.off + s.len, Values.zeroRef(et));
    }
  }

}
