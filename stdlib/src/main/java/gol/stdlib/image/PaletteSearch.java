package gol.stdlib.image;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;

/**
 * The natives of image/draw: drawing onto a palette, a row at a time. For each pixel the
 * palette is searched for the closest color (the sum of the four 16-bit channels' squared
 * differences, each divided by 4, as color.Palette.Index measures it; the first of equally
 * close colors wins), which in .gol cost a loop of a few hundred interpreted steps per pixel.
 * Rows come in as premultiplied 16-bit R, G, B, A, four values per pixel.
 */
public final class PaletteSearch {
  private static final int MAX = 0xffff;

  private PaletteSearch() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "nearestRow" -> PaletteSearch::nearestRow;
      case "diffuseRow" -> PaletteSearch::diffuseRow;
      default -> null;
    };
  }

  /** The channel values of a []uint32 or []int32, copied out. */
  private static long[] values(Slice s) {
    long[] out = new long[s.len];
    System.arraycopy((long[]) s.array, s.off, out, 0, s.len);
    return out;
  }

  private static long sq(long d) {
    // As the .gol code computes it: a uint32 difference, squared modulo 2^32, then >> 2.
    long u = d & 0xffffffffL;
    return ((u * u) & 0xffffffffL) >>> 2;
  }

  private static int nearest(long[] pal, long r, long g, long b, long a) {
    int best = 0;
    long bestSum = 0xffffffffL;
    for (int i = 0; i + 3 < pal.length; i += 4) {
      long sum = (sq(r - pal[i]) + sq(g - pal[i + 1]) + sq(b - pal[i + 2]) + sq(a - pal[i + 3])) & 0xffffffffL;
      if (sum < bestSum) {
        if (sum == 0) {
          return i / 4;
        }
        best = i / 4;
        bestSum = sum;
      }
    }
    return best;
  }

  /** func nearestRow(pal, row []uint32, out []byte): out[i] is the index closest to pixel i. */
  static void nearestRow(G g, int b) {
    long[] pal = values((Slice) g.rs[b]);
    Slice row = (Slice) g.rs[b + 1];
    Slice out = (Slice) g.rs[b + 2];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    long[] px = (long[]) row.array;
    byte[] o = (byte[]) out.array;
    int n = Math.min(out.len, row.len / 4);
    for (int i = 0; i < n; i++) {
      int p = row.off + 4 * i;
      o[out.off + i] = (byte) nearest(pal, px[p], px[p + 1], px[p + 2], px[p + 3]);
    }
  }

  private static long clamp(long v) {
    return v < 0 ? 0 : Math.min(v, MAX);
  }

  /**
   * func diffuseRow(pal, row []uint32, cur, next []int32, out []byte): one row of
   * Floyd-Steinberg error diffusion. cur holds this row's errors and next the next row's,
   * both in 16ths, four per pixel with one pixel of margin on either side. Each pixel plus its
   * error (clamped to 16 bits) becomes the closest palette color, and what that misses goes
   * 7/16 to the right, 3/16 below left, 5/16 below and 1/16 below right.
   */
  static void diffuseRow(G g, int b) {
    long[] pal = values((Slice) g.rs[b]);
    Slice row = (Slice) g.rs[b + 1];
    Slice curS = (Slice) g.rs[b + 2];
    Slice nextS = (Slice) g.rs[b + 3];
    Slice out = (Slice) g.rs[b + 4];
    for (int k = 0; k < 5; k++) {
      g.rs[b + k] = null;
    }
    long[] px = (long[]) row.array;
    long[] cur = (long[]) curS.array;
    long[] next = (long[]) nextS.array;
    byte[] o = (byte[]) out.array;
    int n = Math.min(out.len, row.len / 4);
    if (curS.len < 4 * (n + 2) || nextS.len < 4 * (n + 2)) {
      throw new IllegalArgumentException("diffuseRow: error rows too short");
    }
    int co = curS.off;
    int no = nextS.off;
    long[] v = new long[4];
    for (int i = 0; i < n; i++) {
      int p = row.off + 4 * i;
      int e = 4 * (i + 1);
      for (int c = 0; c < 4; c++) {
        // int32 division truncates toward zero, as Java's does.
        v[c] = clamp(px[p + c] + (int) cur[co + e + c] / 16);
      }
      int k = nearest(pal, v[0], v[1], v[2], v[3]);
      o[out.off + i] = (byte) k;
      for (int c = 0; c < 4; c++) {
        int err = (int) (v[c] - pal[4 * k + c]);
        cur[co + e + 4 + c] = (int) cur[co + e + 4 + c] + err * 7;
        next[no + e - 4 + c] = (int) next[no + e - 4 + c] + err * 3;
        next[no + e + c] = (int) next[no + e + c] + err * 5;
        next[no + e + 4 + c] = (int) next[no + e + 4 + c] + err;
      }
    }
  }
}
