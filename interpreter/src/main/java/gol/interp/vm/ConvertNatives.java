package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.UnsafePointer;

/**
 * The compiler's conversions that carry a constant (a type, an array length): classes rather
 * than lambdas, as {@link CheckNatives}' checks are, so that a program holding them can be
 * written to gol run's program cache.
 */
public final class ConvertNatives {
  private ConvertNatives() {
  }

  /**
   * {@code unsafe.Pointer(p)} (toUnsafe: p, of type {@code type}, wrapped) and {@code (*T)(u)}
   * (u seen as a pointer of type {@code type}), on slot b; nil stays nil.
   */
  public static final class UnsafePointerConversion implements Native {
    final RType type;
    final boolean toUnsafe;

    public UnsafePointerConversion(RType type, boolean toUnsafe) {
      this.type = type;
      this.toUnsafe = toUnsafe;
    }

    @Override
    public void call(G g, int b) {
      Object p = g.rs[b];
      if (p != null) {
        g.rs[b] = toUnsafe ? new UnsafePointer(type, p) : ((UnsafePointer) p).to(type);
      }
    }
  }

  /**
   * {@code (*[N]T)(s)} and {@code [N]T(s)}: the slice in slot b, a fresh array of N elements in
   * b+1. The result, in b, is the slice's backing array itself when the slice starts it and it is
   * N long (so the pointer aliases the slice, as in Go), else the fresh array with the slice's
   * first N elements; a nil slice gives nil for a pointer and the fresh array for an array. A
   * shorter slice panics with Go's text.
   */
  public static final class SliceToArray implements Native {
    final int n;
    final boolean pointer;

    public SliceToArray(int n, boolean pointer) {
      this.n = n;
      this.pointer = pointer;
    }

    @Override
    public void call(G g, int b) {
      Slice s = (Slice) g.rs[b];
      int len = s == null ? 0 : s.len;
      if (len < n) {
        throw GoPanic.runtime("cannot convert slice with length " + len
            + " to array or pointer to array with length " + n);
      }
      Object fresh = g.rs[b + 1];
      g.rs[b + 1] = null;
      if (s == null) {
        g.rs[b] = pointer ? null : fresh;
      } else if (s.off == 0 && java.lang.reflect.Array.getLength(s.array) == n) {
        g.rs[b] = s.array;
      } else {
        System.arraycopy(s.array, s.off, fresh, 0, n);
        g.rs[b] = fresh;
      }
    }
  }
}
