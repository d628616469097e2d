package gol.stdlib.strings;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.stdlib.ByteBuf;
import gol.stdlib.Utf8;
import gol.stdlib.unicode.utf8.Utf8Pkg;

/**
 * The natives of package strings (strings.gol). The functions that take a func argument (Map,
 * IndexFunc, TrimFunc, FieldsFunc, ...) are gol code in strings.gol, since natives never call
 * gol code; the natives here are leaves on {@link Search} and {@link Edit}.
 */
public final class StringsPkg {
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  private StringsPkg() {
  }

  /** A native taking (s, t string) and returning one value. */
  private interface Str2 {
    Object apply(GoString s, GoString t);
  }

  public static Native link(String name) {
    return switch (name) {
      case "Contains" -> bool2((s, t) -> Search.index(s, t) >= 0);
      case "ContainsAny" -> bool2((s, t) -> Search.indexAny(s, t) >= 0);
      case "HasPrefix" -> bool2(StringsPkg::hasPrefix);
      case "HasSuffix" -> bool2(StringsPkg::hasSuffix);
      case "EqualFold" -> bool2(Edit::equalFold);
      case "Index" -> int2(Search::index);
      case "IndexAny" -> int2(Search::indexAny);
      case "LastIndex" -> int2(Search::lastIndex);
      case "LastIndexAny" -> int2(Search::lastIndexAny);
      case "Count" -> int2(Search::count);
      case "Compare" -> int2((s, t) -> Integer.signum(s.compareTo(t)));
      case "Trim" -> str2(Edit::trim);
      case "TrimLeft" -> str2((s, t) -> t.len == 0 ? s : Edit.trimLeft(s, Edit.cutset(t)));
      case "TrimRight" -> str2((s, t) -> t.len == 0 ? s : Edit.trimRight(s, Edit.cutset(t)));
      case "TrimPrefix" -> str2((s, t) -> hasPrefix(s, t) ? s.slice(t.len, s.len) : s);
      case "TrimSuffix" -> str2((s, t) -> hasSuffix(s, t) ? s.slice(0, s.len - t.len) : s);
      case "Split" -> (g, b) -> g.rs[b] = newStrings(g, Search.split((GoString) g.rs[b], (GoString) g.rs[b + 1], 0, -1));
      case "SplitAfter" -> (g, b) -> {
        GoString sep = (GoString) g.rs[b + 1];
        g.rs[b] = newStrings(g, Search.split((GoString) g.rs[b], sep, sep.len, -1));
      };
      case "ToUpper" -> str1(Edit::toUpper);
      case "ToLower" -> str1(Edit::toLower);
      case "ToTitle" -> str1(Edit::toTitle);
      case "Title" -> str1(Edit::title);
      case "TrimSpace" -> str1(Edit::trimSpace);
      case "Clone" -> str1(s -> s.len == 0 ? s : GoString.wrap(s.toBytes()));
      case "Fields" -> StringsPkg::fields;
      case "SplitN" -> (g, base) -> splitN(g, base, false);
      case "SplitAfterN" -> (g, base) -> splitN(g, base, true);
      case "IndexByte" -> StringsPkg::indexByte;
      case "LastIndexByte" -> StringsPkg::lastIndexByte;
      case "IndexRune" -> StringsPkg::indexRune;
      case "ContainsRune" -> StringsPkg::containsRune;
      case "Join" -> StringsPkg::join;
      case "Repeat" -> StringsPkg::repeat;
      case "Replace" -> StringsPkg::replace;
      case "ReplaceAll" -> StringsPkg::replaceAll;
      case "Cut" -> StringsPkg::cut;
      case "CutPrefix" -> StringsPkg::cutPrefix;
      case "CutSuffix" -> StringsPkg::cutSuffix;
      case "ToValidUTF8" -> StringsPkg::toValidUtf8;
      case "validUTF8" -> StringsPkg::validUtf8;
      case "runesToString" -> StringsPkg::runesToString;
      case "decodeLastRune" -> StringsPkg::decodeLastRune;
      case "decodeRune" -> StringsPkg::decodeRune;
      case "replace" -> StringsPkg::replacer;
      default -> BuilderNatives.link(name);
    };
  }

  static boolean hasPrefix(GoString s, GoString p) {
    return s.len >= p.len && Search.regionEquals(s, 0, p);
  }

  static boolean hasSuffix(GoString s, GoString p) {
    return s.len >= p.len && Search.regionEquals(s, s.len - p.len, p);
  }

  private static Native bool2(java.util.function.BiPredicate<GoString, GoString> f) {
    return (g, base) -> {
      boolean v = f.test((GoString) g.rs[base], (GoString) g.rs[base + 1]);
      g.rs[base] = null;
      g.ls[base] = v ? 1 : 0;
    };
  }


  private static Native int2(java.util.function.ToIntBiFunction<GoString, GoString> f) {
    return (g, base) -> {
      int v = f.applyAsInt((GoString) g.rs[base], (GoString) g.rs[base + 1]);
      g.rs[base] = null;
      g.ls[base] = v;
    };
  }


  private static Native str2(Str2 f) {
    return (g, base) -> g.rs[base] = f.apply((GoString) g.rs[base], (GoString) g.rs[base + 1]);
  }


  private static Native str1(java.util.function.UnaryOperator<GoString> f) {
    return (g, base) -> {
      GoString in = (GoString) g.rs[base];
      g.rs[base] = newString(g, in, f.apply(in));
    };
  }


  /**
   * Counts out as an allocation (gol.runtime.Alloc) when Go's function would have built a new
   * string: not when it returns its argument unchanged, a part of it, or "".
   */
  private static GoString newString(G g, GoString in, GoString out) {
    if (out.len > 0 && out.bytes != in.bytes && !out.equals(in)) {
      Alloc.noscan(g, out.len);
    }
    return out;
  }

  /** Counts a []string of n elements as an allocation (Go's genSplit and Fields make one). */
  private static Object newStrings(G g, Object slice) {
    if (slice instanceof Slice sl && sl.cap > 0) {
      Alloc.count(g, Alloc.roundupsize(16L * sl.cap, false));
    }
    return slice;
  }

  static void fields(G g, int base) {
    g.rs[base] = newStrings(g, Search.fields((GoString) g.rs[base]));
  }

  /** func SplitN(s, sep string, n int) []string and SplitAfterN. */
  static void splitN(G g, int base, boolean after) {
    GoString sep = (GoString) g.rs[base + 1];
    g.rs[base] = newStrings(g, Search.split((GoString) g.rs[base], sep, after ? sep.len : 0, g.ls[base + 2]));
  }

  static void indexByte(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Search.indexByte(s, (int) g.ls[base + 1]);
  }

  static void lastIndexByte(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Search.lastIndexByte(s, (int) g.ls[base + 1]);
  }

  static void indexRune(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Search.indexRune(s, (int) g.ls[base + 1]);
  }

  static void containsRune(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Search.indexRune(s, (int) g.ls[base + 1]) >= 0 ? 1 : 0;
  }

  /** func Join(elems []string, sep string) string */
  static void join(G g, int base) {
    Slice elems = (Slice) g.rs[base];
    GoString r = Edit.join(elems, (GoString) g.rs[base + 1]);
    g.rs[base] = elems != null && elems.len > 1 ? newString(g, GoString.EMPTY, r) : r;
  }

  /** func Repeat(s string, count int) string: panics (with a string) as Go's. */
  static void repeat(G g, int base) {
    long count = g.ls[base + 1];
    if (count < 0) {
      throw stringPanic("strings: negative Repeat count");
    }
    try {
      g.rs[base] = newString(g, GoString.EMPTY, Edit.repeat((GoString) g.rs[base], count));
    } catch (ArithmeticException e) {
      throw stringPanic("strings: Repeat output length overflow");
    } catch (OutOfMemoryError e) {
      throw GoPanic.runtime("makeslice: len out of range");
    }
  }

  /** func Replace(s, old, new string, n int) string */
  static void replace(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = newString(g, s, Edit.replace(s, (GoString) g.rs[base + 1], (GoString) g.rs[base + 2], g.ls[base + 3]));
  }

  static void replaceAll(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = newString(g, s, Edit.replace(s, (GoString) g.rs[base + 1], (GoString) g.rs[base + 2], -1));
  }

  /** func Cut(s, sep string) (before, after string, found bool) */
  static void cut(G g, int base) {
    GoString s = (GoString) g.rs[base];
    GoString sep = (GoString) g.rs[base + 1];
    int i = Search.index(s, sep);
    if (i >= 0) {
      g.rs[base] = s.slice(0, i);
      g.rs[base + 1] = s.slice(i + sep.len, s.len);
    } else {
      g.rs[base + 1] = GoString.EMPTY;
    }
    g.rs[base + 2] = null;
    g.ls[base + 2] = i >= 0 ? 1 : 0;
  }

  /** func CutPrefix(s, prefix string) (after string, found bool) */
  static void cutPrefix(G g, int base) {
    GoString s = (GoString) g.rs[base];
    GoString p = (GoString) g.rs[base + 1];
    boolean found = hasPrefix(s, p);
    g.rs[base] = found ? s.slice(p.len, s.len) : s;
    g.rs[base + 1] = null;
    g.ls[base + 1] = found ? 1 : 0;
  }

  /** func CutSuffix(s, suffix string) (before string, found bool) */
  static void cutSuffix(G g, int base) {
    GoString s = (GoString) g.rs[base];
    GoString p = (GoString) g.rs[base + 1];
    boolean found = hasSuffix(s, p);
    g.rs[base] = found ? s.slice(0, s.len - p.len) : s;
    g.rs[base + 1] = null;
    g.ls[base + 1] = found ? 1 : 0;
  }

  /** func ToValidUTF8(s, replacement string) string */
  static void toValidUtf8(G g, int base) {
    g.rs[base] = Edit.toValidUtf8((GoString) g.rs[base], (GoString) g.rs[base + 1]);
  }

  /** func validUTF8(s string) bool (for Map). */
  static void validUtf8(G g, int base) {
    GoString s = (GoString) g.rs[base];
    g.rs[base] = null;
    g.ls[base] = Utf8Pkg.valid(s.bytes, s.off, s.len) ? 1 : 0;
  }

  /** func runesToString(rs []rune) string: Map's output; negative runes are dropped. */
  static void runesToString(G g, int base) {
    Slice rs = (Slice) g.rs[base];
    ByteBuf b = new ByteBuf(rs == null ? 0 : rs.len);
    if (rs != null) {
      long[] a = (long[]) rs.array;
      for (int i = 0; i < rs.len; i++) {
        long r = a[rs.off + i];
        if (r >= 0) {
          b.rune((int) r);
        }
      }
    }
    g.rs[base] = b.toGoString();
  }

  /** func decodeLastRune(s string) (rune, int): utf8.DecodeLastRuneInString. */
  static void decodeLastRune(G g, int base) {
    GoString s = (GoString) g.rs[base];
    int d = Utf8Pkg.decodeLast(s.bytes, s.off, s.len);
    g.rs[base] = null;
    g.ls[base] = Utf8.width(d) == 0 ? Utf8.RUNE_ERROR : Utf8.rune(d);
    g.ls[base + 1] = Utf8.width(d);
  }

  /** func decodeRune(s string) (rune, int): utf8.DecodeRuneInString. */
  static void decodeRune(G g, int base) {
    GoString s = (GoString) g.rs[base];
    int d = Utf8Pkg.decode(s.bytes, s.off, s.len);
    g.rs[base] = null;
    g.ls[base] = Utf8.width(d) == 0 ? Utf8.RUNE_ERROR : Utf8.rune(d);
    g.ls[base + 1] = Utf8.width(d);
  }

  /** func replace(s string, oldnew []string) string: a Replacer's Replace ({@link Edit#replacer}). */
  static void replacer(G g, int base) {
    Slice on = (Slice) g.rs[base + 1];
    GoString[] pairs = new GoString[on == null ? 0 : on.len];
    for (int i = 0; i < pairs.length; i++) {
      pairs[i] = (GoString) ((Object[]) on.array)[on.off + i];
    }
    g.rs[base] = Edit.replacer((GoString) g.rs[base], pairs);
    g.rs[base + 1] = null;
  }

  private static GoPanic stringPanic(String message) {
    return new GoPanic(new Iface(STRING, 0, GoString.of(message)));
  }
}
