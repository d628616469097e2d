package gol.interp.vm;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.PlainError;
import gol.runtime.Slice;

/**
 * The compiler's checks that carry a constant: classes rather than lambdas, so that a compiled
 * program holding them can be written to gol run's program cache ({@link ProgramCodec} writes
 * the constant and makes the check again).
 */
public final class CheckNatives {
  private CheckNatives() {
  }

  /**
   * The bounds check of an index that may be a uint above MaxInt64: index in slot b, the
   * container in b+1, whose length is {@code len} when known statically (arrays), else read.
   */
  public static final class UnsignedIndex implements Native {
    final long len;

    public UnsignedIndex(long len) {
      this.len = len;
    }

    @Override
    public void call(G g, int b) {
      Bounds.checkIndexUnsigned(g.ls[b], len >= 0 ? len : lengthOf(g.rs[b + 1]));
    }

  }

  /**
   * The bounds check of a slice expression whose bounds may be uints above MaxInt64: lo, hi and
   * max in slots b..b+2 ({@code flags}: which are present and which unsigned, Bounds' bits), the
   * operand in b+3, whose length and capacity are {@code len} when known statically (arrays).
   */
  public static final class UnsignedSlice implements Native {
    final long len;
    final int flags;
    final boolean isSlice;

    public UnsignedSlice(long len, int flags, boolean isSlice) {
      this.len = len;
      this.flags = flags;
      this.isSlice = isSlice;
    }

    @Override
    public void call(G g, int b) {
      Object c = g.rs[b + 3];
      long n = len >= 0 ? len : lengthOf(c);
      long cap = len >= 0 ? len : c instanceof Slice s ? s.cap : lengthOf(c);
      Bounds.checkSlice(g.ls[b], g.ls[b + 1], g.ls[b + 2], flags, n, cap, isSlice);
    }
  }

  /** A string's or slice's length (0 for nil). */
  static long lengthOf(Object v) {
    return v instanceof GoString s ? s.len : v instanceof Slice s ? s.len : 0;
  }

  /**
   * (*T).m's check for a value method m: a nil receiver pointer in slot b panics with
   * runtime.panicwrap's text, {@code message}.
   */
  public static final class NilReceiver implements Native {
    final String message;

    public NilReceiver(String message) {
      this.message = message;
    }

    @Override
    public void call(G g, int b) {
      if (g.rs[b] == null) {
        throw new GoPanic(new PlainError(message));
      }
    }
  }
}
