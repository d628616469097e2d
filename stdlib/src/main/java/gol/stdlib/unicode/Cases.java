package gol.stdlib.unicode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Go's Unicode 15.0.0 simple case mapping: unicode.CaseRanges and SimpleFold's orbit table,
 * read from cases.txt (generated from Go's package unicode by tools/gen_unicode_tables.py) the
 * first time a rune above ASCII changes case. The JDK's own mapping is older (Unicode 13 on
 * JDK 17) and folds differently, so it is not used.
 */
final class Cases {
  private Cases() {
  }

  private static final String RESOURCE = "gol/std/unicode/cases.txt";
  /** unicode.UpperLower: a delta meaning "alternating upper and lower case pairs". */
  private static final int UPPER_LOWER = 0x110000;

  private static final class Holder {
    /** CaseRanges: range i covers LO[i]..HI[i] with deltas DELTA[3*i .. 3*i+2]. */
    static final int[] LO;
    static final int[] HI;
    static final int[] DELTA;
    /** The orbit table, sorted by rune: SimpleFold(ORBIT_RUNE[i]) == ORBIT_NEXT[i]. */
    static final int[] ORBIT_RUNE;
    static final int[] ORBIT_NEXT;

    static {
      int[] lo = new int[512];
      int[] hi = new int[512];
      int[] delta = new int[3 * 512];
      int[] orune = new int[128];
      int[] onext = new int[128];
      int n = 0;
      int m = 0;
      try (InputStream in = gol.stdlib.StdSources.open(RESOURCE)) { // not a jar: URL (cold, slow)
        if (in == null) {
          throw new IllegalStateException("missing resource " + RESOURCE);
        }
        BufferedReader rd = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line; (line = rd.readLine()) != null; ) {
          String[] f = line.split(" ");
          if (f[0].equals("C")) {
            if (n == lo.length) {
              lo = Arrays.copyOf(lo, 2 * n);
              hi = Arrays.copyOf(hi, 2 * n);
              delta = Arrays.copyOf(delta, 6 * n);
            }
            lo[n] = Integer.parseInt(f[1], 16);
            hi[n] = Integer.parseInt(f[2], 16);
            for (int k = 0; k < 3; k++) {
              delta[3 * n + k] = Integer.parseInt(f[3 + k]);
            }
            n++;
          } else if (f[0].equals("F")) {
            if (m == orune.length) {
              orune = Arrays.copyOf(orune, 2 * m);
              onext = Arrays.copyOf(onext, 2 * m);
            }
            orune[m] = Integer.parseInt(f[1], 16);
            onext[m++] = Integer.parseInt(f[2], 16);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      LO = Arrays.copyOf(lo, n);
      HI = Arrays.copyOf(hi, n);
      DELTA = Arrays.copyOf(delta, 3 * n);
      ORBIT_RUNE = Arrays.copyOf(orune, m);
      ORBIT_NEXT = Arrays.copyOf(onext, m);
    }
  }

  /**
   * unicode.To for case 0 (upper), 1 (lower) or 2 (title): a binary search of CaseRanges,
   * as Go's unexported to; an UpperLower range alternates upper case (even offsets from its
   * start) and lower case (odd ones). A rune in no range maps to itself.
   */
  static int to(int c, int r) {
    int[] lo = Holder.LO;
    int[] hi = Holder.HI;
    int a = 0;
    int b = lo.length;
    while (a < b) {
      int m = (a + b) >>> 1;
      if (r < lo[m]) {
        b = m;
      } else if (r > hi[m]) {
        a = m + 1;
      } else {
        int delta = Holder.DELTA[3 * m + c];
        if (delta == UPPER_LOWER) {
          return lo[m] + (((r - lo[m]) & ~1) | (c & 1));
        }
        return r + delta;
      }
    }
    return r;
  }

  /**
   * Sets t[r] to SimpleFold(r) for every r below t.length (at most 0x10000: the Basic
   * Multilingual Plane, whose orbits stay in it). Only the runes of CaseRanges and the orbit
   * table are looked up; the others fold to themselves.
   */
  static void bmpSimpleFolds(char[] t) {
    for (int r = 0; r < t.length; r++) {
      t[r] = (char) r;
    }
    int[] lo = Holder.LO;
    int[] hi = Holder.HI;
    for (int i = 0; i < lo.length && lo[i] < t.length; i++) {
      for (int r = lo[i]; r <= hi[i] && r < t.length; r++) {
        t[r] = (char) simpleFold(r);
      }
    }
    for (int r : Holder.ORBIT_RUNE) {
      if (r < t.length) {
        t[r] = (char) simpleFold(r);
      }
    }
  }

  /**
   * unicode.SimpleFold for a valid rune: the orbit table where it has r, else ToLower(r) if
   * that differs from r, else ToUpper(r).
   */
  static int simpleFold(int r) {
    int i = Arrays.binarySearch(Holder.ORBIT_RUNE, r);
    if (i >= 0) {
      return Holder.ORBIT_NEXT[i];
    }
    int l = Runes.toLower(r);
    return l != r ? l : Runes.toUpper(r);
  }
}
