package gol.stdlib;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.Slice;

/**
 * Appending bytes to a Go {@code []byte} from a native (strings.Builder's writes, json.Marshal's
 * result), grown as the VM's append grows it and counted as its allocation.
 */
public final class ByteSlices {
  private ByteSlices() {
  }

  /**
   * append(buf, src[off:off+n]...), as the VM's append does it: in place when the
   * capacity allows, else into a new array of Go's grown capacity, counted as an allocation.
   */
  public static Slice append(G g, Slice buf, byte[] src, int off, int n) {
    int len = buf == null ? 0 : buf.len;
    long newLen = (long) len + n;
    if (buf != null && newLen <= buf.cap) {
      byte[] d = (byte[]) buf.array;
      int at = buf.off + len;
      // System.arraycopy even for a few bytes: a loop for up to 16 (session 13) measured 5%
      // slower in C1's and C2's code in session 14 (as ByteBuf.put, 13% for fmt)
      System.arraycopy(src, off, d, at, n);
      return new Slice(d, buf.off, (int) newLen, buf.cap);
    }
    return grow(g, buf, len, newLen, src, off, n);
  }

  /** append's rare path, apart so that append stays small enough to be inlined. */
  private static Slice grow(G g, Slice buf, int len, long newLen, byte[] src, int off, int n) {
    if (newLen > Integer.MAX_VALUE - 8) {
      throw GoPanic.runtime("growslice: len out of range");
    }
    long cap = Alloc.roundupsize(Alloc.nextslicecap(newLen, buf == null ? 0 : buf.cap), true);
    int c = (int) Math.min(cap, Integer.MAX_VALUE - 8);
    byte[] a = new byte[c];
    if (len > 0) {
      System.arraycopy((byte[]) buf.array, buf.off, a, 0, len);
    }
    System.arraycopy(src, off, a, len, n);
    Alloc.noscan(g, c); // as the VM counts a grown []byte
    return new Slice(a, 0, (int) newLen, c);
  }
}
