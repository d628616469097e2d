package gol.stdlib.unicode;

import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.Native;

/**
 * The natives of package unicode (unicode.gol): classification and case mapping of runes
 * ({@link Runes}), each a {@code func(r rune) bool} or {@code func(r rune) rune}.
 */
public final class UnicodePkg {
  private UnicodePkg() {
  }

  /**
   * The natives' names; a native is a Call of its index, told apart by a switch: one class for the
   * package instead of a lambda linkage per native, a fraction of a millisecond of cold
   * java.lang.invoke code each at the start-up of every program that imports the package (its
   * init calls fillTableMap).
   */
  private static final String[] NAMES = {
      "IsLetter", "IsDigit", "IsNumber", "IsSpace", "IsUpper", "IsLower", "IsTitle", "IsPunct",
      "IsSymbol", "IsMark", "IsControl", "IsPrint", "IsGraphic", "ToUpper", "ToLower", "ToTitle",
      "SimpleFold", "To", "inTable", "fillTableMap", "fillRanges"
  };

  public static Native link(String name) {
    int which = IndexedNative.indexOf(NAMES, name);
    return which >= 0 ? new Call(which) : null;
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> g.ls[b] = Runes.isLetter((int) g.ls[b]) ? 1 : 0;
        case 1 -> g.ls[b] = Runes.isDigit((int) g.ls[b]) ? 1 : 0;
        case 2 -> g.ls[b] = Runes.isNumber((int) g.ls[b]) ? 1 : 0;
        case 3 -> g.ls[b] = Runes.isSpace((int) g.ls[b]) ? 1 : 0;
        case 4 -> g.ls[b] = Runes.isUpper((int) g.ls[b]) ? 1 : 0;
        case 5 -> g.ls[b] = Runes.isLower((int) g.ls[b]) ? 1 : 0;
        case 6 -> g.ls[b] = Runes.isTitle((int) g.ls[b]) ? 1 : 0;
        case 7 -> g.ls[b] = Runes.isPunct((int) g.ls[b]) ? 1 : 0;
        case 8 -> g.ls[b] = Runes.isSymbol((int) g.ls[b]) ? 1 : 0;
        case 9 -> g.ls[b] = Runes.isMark((int) g.ls[b]) ? 1 : 0;
        case 10 -> g.ls[b] = Runes.isControl((int) g.ls[b]) ? 1 : 0;
        case 11 -> g.ls[b] = Runes.isPrint((int) g.ls[b]) ? 1 : 0;
        case 12 -> g.ls[b] = Runes.isGraphic((int) g.ls[b]) ? 1 : 0;
        case 13 -> g.ls[b] = Runes.toUpper((int) g.ls[b]);
        case 14 -> g.ls[b] = Runes.toLower((int) g.ls[b]);
        case 15 -> g.ls[b] = Runes.toTitle((int) g.ls[b]);
        case 16 -> g.ls[b] = Runes.simpleFold((int) g.ls[b]);
        case 17 -> to(g, b);
        case 18 -> g.ls[b] = Tables.is((int) g.ls[b], (int) g.ls[b + 1]) ? 1 : 0; // inTable
        case 19 -> fillTableMap(g, b);
        case 20 -> RangeFields.fill(g, b); // fillRanges
        default -> throw new IllegalStateException(NAMES[which]);
      }
    }
  }

  /**
   * func fillTableMap(m map[string]*RangeTable, pairs string, ts []RangeTable): m[name] =
   * &ts[id] for each "name:id" of pairs (separated by blanks). Categories, Scripts and the other
   * maps are made at every start-up of a program that imports unicode (bytes, json, net/http
   * do): as gol code the parse took most of that start-up's extra 50 ms.
   */
  static void fillTableMap(G g, int base) {
    gol.runtime.GoMap m = (gol.runtime.GoMap) g.rs[base];
    gol.runtime.GoString pairs = (gol.runtime.GoString) g.rs[base + 1];
    gol.runtime.Slice ts = (gol.runtime.Slice) g.rs[base + 2];
    Object[] tables = (Object[]) ts.array;
    String s = pairs.toString();
    int start = 0;
    while (start < s.length()) {
      int end = s.indexOf(' ', start);
      if (end < 0) {
        end = s.length();
      }
      int colon = s.indexOf(':', start);
      String name = s.substring(start, colon);
      int id = Integer.parseInt(s.substring(colon + 1, end));
      m.put(0, gol.runtime.GoString.of(name), 0, tables[ts.off + id]);
      start = end + 1;
    }
    g.rs[base] = null;
    g.rs[base + 1] = null;
    g.rs[base + 2] = null;
  }



  /** func To(_case int, r rune) rune: UpperCase 0, LowerCase 1, TitleCase 2; else ReplacementChar. */
  static void to(G g, int base) {
    long c = g.ls[base];
    int r = (int) g.ls[base + 1];
    g.ls[base] = c == 0 ? Runes.toUpper(r) : c == 1 ? Runes.toLower(r) : c == 2 ? Runes.toTitle(r) : 0xFFFD;
  }
}
