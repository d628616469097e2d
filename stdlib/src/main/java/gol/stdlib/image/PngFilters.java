package gol.stdlib.image;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;

/**
 * The natives of image/png: PNG's five row filters (PNG spec, section 9), undone for each row
 * the decoder reads and chosen for each row the encoder writes. They are the per-byte inner
 * loops of both directions, which is where a .gol version spent its time.
 */
public final class PngFilters {
  static final int NONE = 0;
  static final int SUB = 1;
  static final int UP = 2;
  static final int AVERAGE = 3;
  static final int PAETH = 4;

  private PngFilters() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "unfilter" -> PngFilters::unfilter;
      case "filter" -> PngFilters::filter;
      case "regroup" -> PngFilters::regroup;
      case "unpremultiply" -> PngFilters::unpremultiply;
      default -> null;
    };
  }

  /**
   * func regroup(dst, src []byte, pixels, srcSize, dstSize int, fill byte): re-lays pixels
   * from srcSize to dstSize bytes each, keeping the first min(srcSize, dstSize) bytes and
   * setting any further ones to fill (RGBA to PNG's RGB: 4 to 3; RGB to RGBA: 3 to 4, fill
   * 0xff).
   */
  static void regroup(G g, int b) {
    Slice d = (Slice) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    int pixels = (int) g.ls[b + 2];
    int srcSize = (int) g.ls[b + 3];
    int dstSize = (int) g.ls[b + 4];
    byte fill = (byte) g.ls[b + 5];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    byte[] da = (byte[]) d.array;
    byte[] sa = (byte[]) s.array;
    int keep = Math.min(srcSize, dstSize);
    for (int i = 0; i < pixels; i++) {
      int to = d.off + i * dstSize;
      System.arraycopy(sa, s.off + i * srcSize, da, to, keep);
      for (int k = keep; k < dstSize; k++) {
        da[to + k] = fill;
      }
    }
  }

  /**
   * func unpremultiply(dst, src []byte): 8-bit premultiplied RGBA pixels (image.RGBA's Pix)
   * to non-premultiplied ones, rounding as color.NRGBAModel does.
   */
  static void unpremultiply(G g, int b) {
    Slice d = (Slice) g.rs[b];
    Slice s = (Slice) g.rs[b + 1];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    byte[] da = (byte[]) d.array;
    byte[] sa = (byte[]) s.array;
    for (int i = 0; i + 4 <= s.len; i += 4) {
      int a8 = sa[s.off + i + 3] & 0xff;
      long a = a8 * 0x101L;
      for (int k = 0; k < 3; k++) {
        long c = (sa[s.off + i + k] & 0xff) * 0x101L;
        if (a8 != 0xff) {
          c = a == 0 ? 0 : c * 0xffff / a;
        }
        da[d.off + i + k] = (byte) (c >>> 8);
      }
      da[d.off + i + 3] = (byte) a8;
    }
  }

  /**
   * func unfilter(kind int, cur, prev []byte, bpp int) bool: undoes filter kind on the row cur
   * in place, given the previous (already unfiltered, all zero for the first) row; false for
   * an unknown kind.
   */
  static void unfilter(G g, int b) {
    int kind = (int) g.ls[b];
    Slice cs = (Slice) g.rs[b + 1];
    Slice ps = (Slice) g.rs[b + 2];
    int bpp = (int) g.ls[b + 3];
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    byte[] c = (byte[]) cs.array;
    byte[] p = (byte[]) ps.array;
    int co = cs.off;
    int po = ps.off;
    int n = cs.len;
    boolean ok = true;
    switch (kind) {
      case NONE:
        break;
      case SUB:
        for (int i = bpp; i < n; i++) {
          c[co + i] += c[co + i - bpp];
        }
        break;
      case UP:
        for (int i = 0; i < n; i++) {
          c[co + i] += p[po + i];
        }
        break;
      case AVERAGE:
        for (int i = 0; i < n; i++) {
          int left = i >= bpp ? c[co + i - bpp] & 0xff : 0;
          c[co + i] += (byte) ((left + (p[po + i] & 0xff)) / 2);
        }
        break;
      case PAETH:
        for (int i = 0; i < n; i++) {
          int left = i >= bpp ? c[co + i - bpp] & 0xff : 0;
          int upLeft = i >= bpp ? p[po + i - bpp] & 0xff : 0;
          c[co + i] += (byte) paeth(left, p[po + i] & 0xff, upLeft);
        }
        break;
      default:
        ok = false;
    }
    g.ls[b] = ok ? 1 : 0;
  }

  /** The Paeth predictor: whichever of a (left), b (up), c (up-left) is nearest a+b-c. */
  static int paeth(int a, int b, int c) {
    int pa = Math.abs(b - c);
    int pb = Math.abs(a - c);
    int pc = Math.abs(a + b - c - c);
    if (pa <= pb && pa <= pc) {
      return a;
    }
    return pb <= pc ? b : c;
  }

  /**
   * func filter(cur, prev []byte, bpp int, out []byte) int: filters the row cur (prev is the
   * row above, unfiltered) with the kind that minimises the sum of the filtered bytes taken as
   * signed values, writes the filtered row to out and returns the kind. Kinds are tried in
   * the order Up, Paeth, None, Sub, Average and a later one wins only when strictly better,
   * as Go's encoder does, so gol's rows filter as Go's do.
   */
  static void filter(G g, int b) {
    Slice cs = (Slice) g.rs[b];
    Slice ps = (Slice) g.rs[b + 1];
    int bpp = (int) g.ls[b + 2];
    Slice os = (Slice) g.rs[b + 3];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 3] = null;
    int n = cs.len;
    byte[] cur = new byte[n];
    byte[] prev = new byte[n];
    System.arraycopy((byte[]) cs.array, cs.off, cur, 0, n);
    System.arraycopy((byte[]) ps.array, ps.off, prev, 0, n);
    int[] order = {UP, PAETH, NONE, SUB, AVERAGE};
    byte[] best = null;
    int bestKind = UP;
    long bestSum = Long.MAX_VALUE;
    byte[] row = new byte[n];
    for (int kind : order) {
      long sum = 0;
      for (int i = 0; i < n; i++) {
        int left = i >= bpp ? cur[i - bpp] & 0xff : 0;
        int up = prev[i] & 0xff;
        int upLeft = i >= bpp ? prev[i - bpp] & 0xff : 0;
        int pred = switch (kind) {
          case SUB -> left;
          case UP -> up;
          case AVERAGE -> (left + up) / 2;
          case PAETH -> paeth(left, up, upLeft);
          default -> 0;
        };
        byte d = (byte) (cur[i] - pred);
        row[i] = d;
        sum += Math.abs((int) d);
      }
      if (sum < bestSum) {
        bestSum = sum;
        bestKind = kind;
        best = row;
        row = new byte[n];
      }
    }
    System.arraycopy(best, 0, (byte[]) os.array, os.off, n);
    g.ls[b] = bestKind;
  }
}
