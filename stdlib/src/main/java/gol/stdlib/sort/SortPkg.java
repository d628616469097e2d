package gol.stdlib.sort;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Values;
import java.util.Arrays;

/**
 * The natives of package sort (sort.gol): sorting and searching []int, []float64 and []string
 * in place (leaves: for these element types every correct sort gives Go's result, equal
 * elements being indistinguishable), and the two reflection helpers sort.Slice needs — the
 * length of the slice in an {@code any} and a swap of two of its elements (Go's
 * {@code reflectlite.Swapper}). Everything that calls a less function is gol code.
 */
public final class SortPkg {
  private SortPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "Ints" -> (g, base) -> ints((Slice) g.rs[base]);
      case "float64sFast" -> (g, base) -> {
        g.ls[base] = float64s((Slice) g.rs[base]) ? 1 : 0;
        g.rs[base] = null;
      };
      case "Strings" -> (g, base) -> strings((Slice) g.rs[base]);
      case "IntsAreSorted" -> SortPkg::intsAreSorted;
      case "Float64sAreSorted" -> SortPkg::float64sAreSorted;
      case "StringsAreSorted" -> SortPkg::stringsAreSorted;
      case "SearchInts" -> SortPkg::searchInts;
      case "SearchFloat64s" -> SortPkg::searchFloat64s;
      case "SearchStrings" -> SortPkg::searchStrings;
      case "sliceLen" -> SortPkg::sliceLen;
      case "sliceSwap" -> SortPkg::sliceSwap;
      default -> null;
    };
  }

  static void ints(Slice s) {
    if (s != null) {
      Arrays.sort((long[]) s.array, s.off, s.off + s.len);
    }
  }

  /**
   * Ascending, NaNs first (Go's cmpLess: x < y || isNaN(x) && !isNaN(y)); false, leaving s as it
   * is, when it holds both -0 and +0: Go's sort leaves those equal values in an order of its
   * pdqsort's making, where Java's sort puts -0 first.
   */
  static boolean float64s(Slice s) {
    if (s == null) {
      return true;
    }
    long[] a = (long[]) s.array;
    boolean neg = false;
    boolean pos = false;
    for (int i = 0; i < s.len; i++) {
      long bits = a[s.off + i];
      neg |= bits == Long.MIN_VALUE;
      pos |= bits == 0;
    }
    if (neg && pos) {
      return false;
    }
    double[] d = new double[s.len];
    int nans = 0;
    int n = 0;
    for (int i = 0; i < s.len; i++) {
      long bits = a[s.off + i];
      double v = Double.longBitsToDouble(bits);
      if (Double.isNaN(v)) {
        a[s.off + nans++] = bits; // NaNs keep their bit patterns, in front
      } else {
        d[n++] = v;
      }
    }
    Arrays.sort(d, 0, n);
    for (int i = 0; i < n; i++) {
      a[s.off + nans + i] = Double.doubleToRawLongBits(d[i]);
    }
    return true;
  }

  static void strings(Slice s) {
    if (s != null) {
      Arrays.sort((Object[]) s.array, s.off, s.off + s.len);
    }
  }

  static void intsAreSorted(G g, int base) {
    Slice s = (Slice) g.rs[base];
    g.rs[base] = null;
    boolean sorted = true;
    if (s != null) {
      long[] a = (long[]) s.array;
      for (int i = s.len - 1; i > 0 && sorted; i--) {
        sorted = a[s.off + i] >= a[s.off + i - 1];
      }
    }
    g.ls[base] = sorted ? 1 : 0;
  }

  private static boolean floatLess(double x, double y) {
    return x < y || (Double.isNaN(x) && !Double.isNaN(y));
  }

  static void float64sAreSorted(G g, int base) {
    Slice s = (Slice) g.rs[base];
    g.rs[base] = null;
    boolean sorted = true;
    if (s != null) {
      long[] a = (long[]) s.array;
      for (int i = s.len - 1; i > 0 && sorted; i--) {
        sorted = !floatLess(Double.longBitsToDouble(a[s.off + i]), Double.longBitsToDouble(a[s.off + i - 1]));
      }
    }
    g.ls[base] = sorted ? 1 : 0;
  }

  static void stringsAreSorted(G g, int base) {
    Slice s = (Slice) g.rs[base];
    g.rs[base] = null;
    boolean sorted = true;
    if (s != null) {
      Object[] a = (Object[]) s.array;
      for (int i = s.len - 1; i > 0 && sorted; i--) {
        sorted = ((GoString) a[s.off + i]).compareTo((GoString) a[s.off + i - 1]) >= 0;
      }
    }
    g.ls[base] = sorted ? 1 : 0;
  }

  /** func SearchInts(a []int, x int) int: the first index i with a[i] >= x (len(a) if none). */
  static void searchInts(G g, int base) {
    Slice s = (Slice) g.rs[base];
    long x = g.ls[base + 1];
    g.rs[base] = null;
    int i = 0;
    int j = s == null ? 0 : s.len;
    while (i < j) {
      int h = (i + j) >>> 1;
      if (((long[]) s.array)[s.off + h] < x) {
        i = h + 1;
      } else {
        j = h;
      }
    }
    g.ls[base] = i;
  }

  static void searchFloat64s(G g, int base) {
    Slice s = (Slice) g.rs[base];
    double x = Double.longBitsToDouble(g.ls[base + 1]);
    g.rs[base] = null;
    int i = 0;
    int j = s == null ? 0 : s.len;
    while (i < j) {
      int h = (i + j) >>> 1;
      if (!(Double.longBitsToDouble(((long[]) s.array)[s.off + h]) >= x)) {
        i = h + 1;
      } else {
        j = h;
      }
    }
    g.ls[base] = i;
  }

  static void searchStrings(G g, int base) {
    Slice s = (Slice) g.rs[base];
    GoString x = (GoString) g.rs[base + 1];
    g.rs[base] = null;
    g.rs[base + 1] = null;
    int i = 0;
    int j = s == null ? 0 : s.len;
    while (i < j) {
      int h = (i + j) >>> 1;
      if (((GoString) ((Object[]) s.array)[s.off + h]).compareTo(x) < 0) {
        i = h + 1;
      } else {
        j = h;
      }
    }
    g.ls[base] = i;
  }

  /** reflect.Kind's String. */
  static String kindName(RType.Kind k) {
    switch (k) {
      case POINTER:
        return "ptr";
      case UNSAFE_POINTER:
        return "unsafe.Pointer";
      default:
        return k.name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * func sliceLen(x any) (n int, kind string): the length of what x holds and, unless it is a
   * slice, its kind's name as reflect's Kind.String gives it ("zero" for a nil x), for
   * sort.gol's panics; n is len(x) for an array, channel, map or string too (reflectlite's Len).
   */
  static void sliceLen(G g, int base) {
    Object x = g.rs[base];
    long n = 0;
    String kind = "zero";
    if (x instanceof Iface v) {
      kind = v.type.kind == RType.Kind.SLICE ? "" : kindName(v.type.kind);
      n = switch (v.type.kind) {
        case SLICE -> v.ref == null ? 0 : ((Slice) v.ref).len;
        case STRING -> ((gol.runtime.GoString) v.ref).len;
        case MAP -> v.ref == null ? 0 : ((gol.runtime.GoMap) v.ref).len();
        case ARRAY -> v.type.len;
        case CHAN -> gol.runtime.Chan.len((gol.runtime.Chan) v.ref);
        default -> 0;
      };
    }
    g.ls[base] = n;
    g.rs[base] = null;
    g.rs[base + 1] = GoString.of(kind);
  }

  /**
   * func sliceSwap(x any, i, j int): swaps two elements of the slice x holds. Struct and array
   * elements swap contents, not objects: an element's object is its identity ({@code &s[i]}).
   */
  static void sliceSwap(G g, int base) {
    Iface x = (Iface) g.rs[base]; // a slice: sort.gol checked it first (swapperLen)
    Slice s = (Slice) x.ref;
    RType elem = x.type.elem;
    long i = g.ls[base + 1];
    long j = g.ls[base + 2];
    int len = s == null ? 0 : s.len;
    if (i < 0 || i >= len || j < 0 || j >= len) {
      throw GoPanic.runtime("index out of range [" + (i < 0 || i >= len ? i : j) + "] with length " + len);
    }
    int a = s.off + (int) i;
    int b = s.off + (int) j;
    Object arr = s.array;
    if (arr instanceof long[] l) {
      long t = l[a];
      l[a] = l[b];
      l[b] = t;
    } else if (arr instanceof byte[] y) {
      byte t = y[a];
      y[a] = y[b];
      y[b] = t;
    } else if (elem != null && elem.isValue()) {
      Object[] o = (Object[]) arr;
      Values.swap(elem, o[a], o[b]);
    } else {
      Object[] o = (Object[]) arr;
      Object t = o[a];
      o[a] = o[b];
      o[b] = t;
    }
  }
}
