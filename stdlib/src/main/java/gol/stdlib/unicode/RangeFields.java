package gol.stdlib.unicode;

import gol.runtime.G;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Struct;

/**
 * Fills the R16, R32 and LatinOffset fields of gol's range tables (unicode.Latin, unicode.Lu,
 * ...) with Go's ranges, which gol otherwise keeps only on the Java side ({@link Tables}): a
 * program that reads the fields sees what Go's would. unicode.gol's init that calls this is kept
 * only for a program that names one of the fields (its //gol:keepif line), since building some
 * 4,000 Range16/Range32 values would cost every program that imports unicode start-up time.
 */
final class RangeFields {
  private RangeFields() {
  }

  /**
   * func fillRanges(ts []RangeTable, r16 *Range16, r32 *Range32): for every table of ts that
   * gol has ranges for, sets its R16, R32 and LatinOffset; r16 and r32 give the element types.
   */
  static void fill(G g, int base) {
    Slice ts = (Slice) g.rs[base];
    RType t16 = ((Struct) g.rs[base + 1]).type;
    RType t32 = ((Struct) g.rs[base + 2]).type;
    g.rs[base] = g.rs[base + 1] = g.rs[base + 2] = null;
    Object[] tables = (Object[]) ts.array;
    for (int id = 1; id < ts.len && id < Tables.count(); id++) {
      int n16 = Tables.r16Count(id);
      if (n16 < 0) {
        continue;
      }
      Struct table = (Struct) tables[ts.off + id];
      int[][] ranges = Tables.ranges(id);
      RType tt = table.type; // RangeTable: R16, R32, LatinOffset, id
      table.r[tt.fieldSlot[0]] = slice(ranges, 0, n16, t16);
      table.r[tt.fieldSlot[1]] = slice(ranges, n16, ranges.length, t32);
      table.l[tt.fieldSlot[2]] = Tables.latinOffset(id);
    }
  }

  /** ranges[from:to] as a slice of Range16 or Range32 values (nil if empty, as Go's tables). */
  private static Slice slice(int[][] ranges, int from, int to, RType elem) {
    if (from == to) {
      return null;
    }
    Object[] a = new Object[to - from];
    for (int i = from; i < to; i++) {
      Struct s = new Struct(elem);
      for (int f = 0; f < 3; f++) {
        s.l[elem.fieldSlot[f]] = ranges[i][f];
      }
      a[i - from] = s;
    }
    return new Slice(a, 0, a.length, a.length);
  }
}
