package gol.stdlib.image;

import gol.runtime.G;
import gol.runtime.Slice;
import gol.stdlib.Registry;

/**
 * The native of image/draw: the palette search of drawing onto a paletted image (and so of
 * draw.FloydSteinberg and gif.Encode of a true-color image). It runs once per pixel over the
 * whole palette, four squared differences per entry: 256 entries make a 256x256 image about
 * 67 million steps, which took gol's interpreter over 20 seconds in .gol.
 */
public final class DrawNatives {
  private DrawNatives() {
  }

  public static void install(Registry r) {
    r.reg("nearestIndex", DrawNatives::nearestIndex);
  }

  /**
   * func nearestIndex(pal []int32, r, g, b, a int32) int: the index of the first palette
   * entry (R, G, B, A in pal[4i:4i+4]) nearest to (r, g, b, a) by the sum of squared
   * differences, each shifted right by 2 as Go's sqDiff does (with 16-bit values the uint32
   * arithmetic of Go never wraps, so longs give the same sums).
   */
  static void nearestIndex(G g, int b) {
    Slice pal = (Slice) g.rs[b];
    g.rs[b] = null;
    long r = (int) g.ls[b + 1];
    long gr = (int) g.ls[b + 2];
    long bl = (int) g.ls[b + 3];
    long a = (int) g.ls[b + 4];
    long[] p = pal == null ? new long[0] : (long[]) pal.array;
    int off = pal == null ? 0 : pal.off;
    int n = pal == null ? 0 : pal.len / 4;
    int best = 0;
    long bestSum = 0xffffffffL;
    for (int i = 0; i < n; i++) {
      int j = off + 4 * i;
      long sum = sq(r - (int) p[j]) + sq(gr - (int) p[j + 1]) + sq(bl - (int) p[j + 2]) + sq(a - (int) p[j + 3]);
      if (sum < bestSum) {
        best = i;
        bestSum = sum;
        if (sum == 0) {
          break;
        }
      }
    }
    g.ls[b] = best;
  }

  private static long sq(long d) {
    return ((d * d) & 0xffffffffL) >>> 2;
  }
}
