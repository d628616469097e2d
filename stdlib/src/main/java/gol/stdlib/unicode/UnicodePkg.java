package gol.stdlib.unicode;

import gol.runtime.G;
import gol.runtime.Native;

/**
 * The natives of package unicode (unicode.gol): classification and case mapping of runes
 * ({@link Runes}), each a {@code func(r rune) bool} or {@code func(r rune) rune}.
 */
public final class UnicodePkg {
  private UnicodePkg() {
  }

  /** A classification: a predicate on a rune. */
  private interface Pred {
    boolean test(int r);
  }

  /** A mapping of runes. */
  private interface Mapping {
    int apply(int r);
  }

  public static Native link(String name) {
    return switch (name) {
      case "IsLetter" -> pred(Runes::isLetter);
      case "IsDigit" -> pred(Runes::isDigit);
      case "IsNumber" -> pred(Runes::isNumber);
      case "IsSpace" -> pred(Runes::isSpace);
      case "IsUpper" -> pred(Runes::isUpper);
      case "IsLower" -> pred(Runes::isLower);
      case "IsTitle" -> pred(Runes::isTitle);
      case "IsPunct" -> pred(Runes::isPunct);
      case "IsSymbol" -> pred(Runes::isSymbol);
      case "IsMark" -> pred(Runes::isMark);
      case "IsControl" -> pred(Runes::isControl);
      case "IsPrint" -> pred(Runes::isPrint);
      case "IsGraphic" -> pred(Runes::isGraphic);
      case "ToUpper" -> map(Runes::toUpper);
      case "ToLower" -> map(Runes::toLower);
      case "ToTitle" -> map(Runes::toTitle);
      case "SimpleFold" -> map(Runes::simpleFold);
      case "To" -> UnicodePkg::to;
      case "inTable" -> (g, base) -> g.ls[base] = Tables.is((int) g.ls[base], (int) g.ls[base + 1]) ? 1 : 0;
      case "fillTableMap" -> UnicodePkg::fillTableMap;
      default -> null;
    };
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

  private static Native pred(Pred p) {
    return (g, base) -> g.ls[base] = p.test((int) g.ls[base]) ? 1 : 0;
  }


  private static Native map(Mapping m) {
    return (g, base) -> g.ls[base] = m.apply((int) g.ls[base]);
  }


  /** func To(_case int, r rune) rune: UpperCase 0, LowerCase 1, TitleCase 2; else ReplacementChar. */
  static void to(G g, int base) {
    long c = g.ls[base];
    int r = (int) g.ls[base + 1];
    g.ls[base] = c == 0 ? Runes.toUpper(r) : c == 1 ? Runes.toLower(r) : c == 2 ? Runes.toTitle(r) : 0xFFFD;
  }
}
