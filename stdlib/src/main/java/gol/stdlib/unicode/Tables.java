package gol.stdlib.unicode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Go's Unicode 15.0.0 range tables (unicode.Lu, unicode.Han, unicode.White_Space, ...), read
 * from tables.txt (generated from Go's package unicode by tools/gen_unicode_tables.py) the
 * first time a program asks. A table is a sorted list of ranges lo..hi with a stride, as Go's
 * Range16/Range32; membership is a binary search on the ranges' upper ends.
 */
public final class Tables {
  private Tables() {
  }

  private static final String RESOURCE = "gol/std/unicode/tables.txt";

  /**
   * One table: range i covers lo[i]..hi[i] in steps of stride[i]; the first n16 are Go's R16,
   * the first latinOffset of those end in Latin-1 (Go's LatinOffset).
   */
  private record Table(int[] lo, int[] hi, int[] stride, int n16, int latinOffset) {
    boolean contains(int r) {
      int a = 0;
      int b = hi.length;
      while (a < b) {
        int m = (a + b) >>> 1;
        if (hi[m] < r) {
          a = m + 1;
        } else {
          b = m;
        }
      }
      return a < hi.length && r >= lo[a] && (r - lo[a]) % stride[a] == 0;
    }
  }

  private static final class Holder {
    static final Table[] TABLES;
    static final Map<String, Integer> IDS = new HashMap<>();
    static final Map<String, Map<String, Integer>> MAPS = new HashMap<>();

    static {
      Map<Integer, Table> byId = new HashMap<>();
      int max = 0;
      try (InputStream in = gol.stdlib.StdSources.open(RESOURCE)) { // not a jar: URL (cold, slow)
        if (in == null) {
          throw new IllegalStateException("missing resource " + RESOURCE);
        }
        BufferedReader rd = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line; (line = rd.readLine()) != null; ) {
          if (line.startsWith("#") || line.isEmpty()) {
            continue;
          }
          String[] f = line.split(" ");
          if (f[0].equals("=")) {
            IDS.put(f[1], Integer.parseInt(f[2]));
            continue;
          }
          if (f[0].equals("M")) {
            MAPS.computeIfAbsent(f[1], k -> new LinkedHashMap<>()).put(f[2], Integer.parseInt(f[3]));
            continue;
          }
          int id = Integer.parseInt(f[0]);
          max = Math.max(max, id);
          byId.put(id, parse(f));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      TABLES = new Table[max + 1];
      byId.forEach((id, t) -> TABLES[id] = t);
    }

    /** Fields: id, LatinOffset, R16 ranges, "|", R32 ranges. */
    private static Table parse(String[] f) {
      int n = 0;
      for (int i = 2; i < f.length; i++) {
        if (!f[i].equals("|")) {
          n++;
        }
      }
      int[] lo = new int[n];
      int[] hi = new int[n];
      int[] stride = new int[n];
      int k = 0;
      int n16 = n;
      for (int i = 2; i < f.length; i++) {
        String s = f[i];
        if (s.equals("|")) {
          n16 = k;
          continue;
        }
        int dash = s.indexOf('-');
        int colon = s.indexOf(':');
        lo[k] = Integer.parseInt(s, 0, dash, 16);
        hi[k] = Integer.parseInt(s, dash + 1, colon, 16);
        stride[k] = Integer.parseInt(s, colon + 1, s.length(), 16);
        k++;
      }
      return new Table(lo, hi, stride, n16, Integer.parseInt(f[1]));
    }
  }

  /** Whether r is in the table with the given id (tables.gol's numbering). */
  public static boolean is(int id, int r) {
    Table[] t = Holder.TABLES;
    return id > 0 && id < t.length && t[id] != null && t[id].contains(r);
  }

  /** Go's map {@code name} (Categories, Scripts, Properties, FoldCategory, FoldScript): table ids by key. */
  public static Map<String, Integer> map(String name) {
    return Map.copyOf(Holder.MAPS.getOrDefault(name, Map.of()));
  }

  /** The ranges of table {@code id} as {lo, hi, stride} triples in order (re2j's table format). */
  public static int[][] ranges(int id) {
    Table t = Holder.TABLES[id];
    int[][] r = new int[t.lo.length][];
    for (int i = 0; i < r.length; i++) {
      r[i] = new int[] {t.lo[i], t.hi[i], t.stride[i]};
    }
    return r;
  }

  /** The number of tables' ids (ids run from 1; a missing id has no table). */
  static int count() {
    return Holder.TABLES.length;
  }

  /** How many of table {@code id}'s ranges are Go's R16 (the rest are R32); -1 if no such table. */
  static int r16Count(int id) {
    Table t = Holder.TABLES[id];
    return t == null ? -1 : t.n16;
  }

  /** Go's LatinOffset of table {@code id}. */
  static int latinOffset(int id) {
    return Holder.TABLES[id].latinOffset;
  }

  /** The id of Go's exported table {@code name} (e.g. "Lu", "Han", "White_Space"). */
  public static int id(String name) {
    Integer id = Holder.IDS.get(name);
    if (id == null) {
      throw new IllegalArgumentException("no unicode table " + name);
    }
    return id;
  }
}
