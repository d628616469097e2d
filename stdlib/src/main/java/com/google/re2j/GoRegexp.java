package com.google.re2j;

import gol.runtime.UnsafeAccess;
import gol.stdlib.unicode.Runes;
import gol.stdlib.unicode.Tables;
import java.lang.reflect.Field;
import java.util.AbstractMap;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * gol's window on re2j's RE2 class: a line-by-line port of Go's regexp.Regexp whose Go-shaped
 * API (byte offsets into UTF-8 input, Go's FindAll rules, POSIX leftmost-longest, literal
 * prefixes) is package-private — the public Pattern/Matcher API follows java.util.regex
 * instead. This class lives in re2j's package to reach it; it is pinned to re2j 1.8 (stdlib's
 * pom). Used only by gol.stdlib.regexp.
 */
public final class GoRegexp {
  /** Whether re2j's Unicode data has been replaced with Go's (see goUnicode). */
  private static volatile boolean goUnicode;

  @SuppressWarnings("deprecation") // staticFieldBase/Offset: present and working in JDK 17
  private static boolean setStatic(String field, Object value) {
    sun.misc.Unsafe u = UnsafeAccess.UNSAFE;
    if (u == null) {
      return false; // re2j's own data, then
    }
    try {
      Field f = UnicodeTables.class.getDeclaredField(field);
      u.putObjectVolatile(u.staticFieldBase(f), u.staticFieldOffset(f), value);
      return true;
    } catch (NoSuchFieldException | RuntimeException e) {
      return false; // another re2j than 1.8: keep its data
    }
  }

  /**
   * Replaces re2j's Unicode data with Go's, once, before the first pattern that reads it is
   * parsed. re2j's is Unicode 6.0's: \p{So} missed most emoji, \p{L} the letters of scripts
   * encoded since, \p{Adlam} was unknown; and its case folding mixes its own orbit table with
   * the JDK's newer case mapping, whose orbits need not close ((?i)ᲀ looped for ever). Go 1.23
   * has Unicode 15.0.0, as gol's package unicode. The parser reads the tables from maps and
   * SimpleFold from an array, in static final fields: only for \p and the i flag, so until then
   * no code has read them (and the JIT cannot have folded them) and UnicodeTables' start-up is
   * skipped. The maps load Go's tables when first read; the array covers the whole BMP (runes
   * above it fold by the JDK's mapping, as in re2j).
   */
  private static synchronized void goUnicode() {
    if (goUnicode) {
      return;
    }
    char[] old = UnicodeTables.CASE_ORBIT; // initializes UnicodeTables, which would undo the sets
    setStatic("CATEGORIES", new GoTableMap("Categories"));
    setStatic("SCRIPTS", new GoTableMap("Scripts"));
    setStatic("FOLD_CATEGORIES", new GoTableMap("FoldCategory"));
    setStatic("FOLD_SCRIPT", new GoTableMap("FoldScript"));
    char[] orbit = new char[0x10000];
    Runes.bmpSimpleFolds(orbit);
    setStatic("CASE_ORBIT", orbit);
    goUnicode = true;
  }

  /** Whether expr may read re2j's Unicode data: a \p or \P class, or flags with i. */
  private static boolean readsUnicode(String expr) {
    if (expr.indexOf('\\') < 0 && expr.indexOf('(') < 0) {
      return false;
    }
    for (int i = 0; i < expr.length() - 1; i++) {
      char c = expr.charAt(i);
      if (c == '\\' && (expr.charAt(i + 1) == 'p' || expr.charAt(i + 1) == 'P')) {
        return true;
      }
      if (c == '(' && expr.charAt(i + 1) == '?') {
        for (int j = i + 2; j < expr.length() && "imsU-".indexOf(expr.charAt(j)) >= 0; j++) {
          if (expr.charAt(j) == 'i') {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether expr has enough groups and repetitions for its tree to be more than 1000 deep, which
   * Go's parser rejects ("expression nests too deeply"); re2j has no such limit.
   */
  private static boolean mayNestDeeply(String expr) {
    int n = 0;
    for (int i = 0; i < expr.length(); i++) {
      char c = expr.charAt(i);
      if ((c == '(' || c == '*' || c == '+' || c == '?' || c == '{') && ++n >= 999) {
        return true;
      }
    }
    return false;
  }

  /** The height of re's tree (a leaf is 1), counted up to 1001 (Go's calcHeight). */
  private static int height(Regexp re, int depth) {
    int h = 1;
    if (depth > 1000) {
      return h; // deep enough: the walk need not go on
    }
    for (Regexp sub : subs(re)) {
      h = Math.max(h, 1 + height(sub, depth + 1));
    }
    return h;
  }

  /** Whether expr has two counted repetitions ({n), the least a too large nest of them needs. */
  private static boolean mayNestRepeats(String expr) {
    int n = 0;
    for (int i = expr.indexOf('{'); i >= 0 && i + 1 < expr.length(); i = expr.indexOf('{', i + 1)) {
      char c = expr.charAt(i + 1);
      if (c >= '0' && c <= '9' && ++n == 2) {
        return true;
      }
    }
    return false;
  }

  /**
   * Go's parser rejects a counted repetition whose nest with the repetitions inside it would
   * repeat their operand more than 1000 times ((a{100}){100}: "invalid repeat count"), checked as
   * each is parsed (repeatIsValid); re2j has no such rule. The first in parse order is the first
   * in a post-order walk of the parsed tree. Its text is rebuilt from its counts.
   */
  private static void firstBadRepeat(Regexp re) {
    for (Regexp sub : subs(re)) {
      firstBadRepeat(sub);
    }
    if (re.op == Regexp.Op.REPEAT && (re.min >= 2 || re.max >= 2) && !repeatIsValid(re, 1000)) {
      String counts = re.max == re.min ? "" + re.min : re.min + "," + (re.max < 0 ? "" : "" + re.max);
      String lazy = (re.flags & RE2.NON_GREEDY) != 0 ? "?" : "";
      throw new PatternSyntaxException("invalid repeat count", "{" + counts + "}" + lazy);
    }
  }

  private static Regexp[] subs(Regexp re) {
    return re.subs == null ? Regexp.EMPTY_SUBS : re.subs;
  }

  /** Go's repeatIsValid: re's repetitions, nested, repeat their innermost operand at most n times. */
  private static boolean repeatIsValid(Regexp re, int n) {
    if (re.op == Regexp.Op.REPEAT) {
      int m = re.max;
      if (m == 0) {
        return true;
      }
      if (m < 0) {
        m = re.min;
      }
      if (m > n) {
        return false;
      }
      if (m > 0) {
        n /= m;
      }
    }
    for (Regexp sub : subs(re)) {
      if (!repeatIsValid(sub, n)) {
        return false;
      }
    }
    return true;
  }

  /** One of Go's maps of tables (unicode.Categories, ...), loaded when the parser first reads it. */
  private static final class GoTableMap extends AbstractMap<String, int[][]> {
    private final String goMap;
    private volatile Map<String, int[][]> tables;

    GoTableMap(String goMap) {
      this.goMap = goMap;
    }

    private Map<String, int[][]> tables() {
      Map<String, int[][]> m = tables;
      if (m == null) {
        Map<String, int[][]> t = new HashMap<>();
        Tables.map(goMap).forEach((name, id) -> t.put(name, Tables.ranges(id)));
        tables = m = t;
      }
      return m;
    }

    @Override
    public int[][] get(Object name) {
      return tables().get(name);
    }

    @Override
    public boolean containsKey(Object name) {
      return tables().containsKey(name);
    }

    @Override
    public Set<Map.Entry<String, int[][]>> entrySet() {
      return tables().entrySet();
    }
  }

  private final RE2 re;
  private final AsciiTables tables;

  private GoRegexp(RE2 re) {
    this.re = re;
    // (a program too big for the backtracker never needs them)
    this.tables = re.prog.numInst() <= Backtrack.MAX_PROG ? AsciiTables.of(re.prog) : null;
  }

  /**
   * Compiles expr with Go's syntax (Perl flags; POSIX ERE and leftmost-longest when posix).
   * Throws PatternSyntaxException with Go's error code and expression.
   */
  public static GoRegexp compile(String expr, boolean posix, boolean longest) {
    if (!goUnicode && readsUnicode(expr)) {
      goUnicode();
    }
    boolean deep = mayNestDeeply(expr);
    if (deep || mayNestRepeats(expr)) {
      Regexp tree = Parser.parse(expr, posix ? RE2.POSIX : RE2.PERL);
      firstBadRepeat(tree);
      if (deep && height(tree, 0) > 1000) { // Go's maxHeight
        throw new PatternSyntaxException("expression nests too deeply", expr);
      }
    }
    RE2 re = posix ? RE2.compilePOSIX(expr) : RE2.compileImpl(expr, RE2.PERL, longest);
    if (longest) {
      re.longest = true;
    }
    return new GoRegexp(re);
  }

  public int numSubexp() {
    return re.numSubexp;
  }

  public Map<String, Integer> namedGroups() {
    return re.namedGroups;
  }

  /** The literal every match starts with, and whether it is the whole regexp. */
  public String prefix() {
    return re.prefix;
  }

  public boolean prefixComplete() {
    return re.prefixComplete;
  }

  /** Whether b, which must be all ASCII, has a match (gol's regexp searches other text as UTF-16). */
  public boolean matchAscii(byte[] b) {
    Backtrack bt = Backtrack.ofAscii(re, tables, b);
    return bt != null ? bt.exec(0, 0) != null : re.matchUTF8(b);
  }

  public boolean match(String s) {
    Backtrack bt = Backtrack.of(re, tables, MachineInput.fromUTF16(s));
    return bt != null ? bt.exec(0, 0) != null : re.match(s);
  }

  /** findAll over UTF-16 text: char offsets. */
  public List<int[]> findAll(String s, int n) {
    Backtrack bt = Backtrack.of(re, tables, MachineInput.fromUTF16(s));
    return bt != null ? allMatches(bt, s.length(), n) : re.findAllSubmatchIndex(s, n);
  }

  /**
   * Go's FindAllSubmatchIndex(b, n) for b all ASCII: byte offsets, -1 for groups that did not
   * take part; null for none.
   */
  public List<int[]> findAllAscii(byte[] b, int n) {
    Backtrack bt = Backtrack.ofAscii(re, tables, b);
    return bt != null ? allMatches(bt, b.length, n) : re.findAllUTF8SubmatchIndex(b, n);
  }

  /**
   * Up to n matches (all when n is negative) of a search by bt of an input end units long, as
   * Go's allMatches finds them: after an empty match the search goes on a rune further, and an
   * empty match right where the previous match ended is not one. Null for none.
   */
  private List<int[]> allMatches(Backtrack bt, int end, int n) {
    if (n < 0) {
      n = end + 1;
    }
    List<int[]> out = null;
    int width = 2 * (re.numSubexp + 1);
    for (int pos = 0, found = 0, prevEnd = -1; found < n && pos <= end; ) {
      int[] m = bt.exec(pos, re.prog.numCap);
      if (m == null || m.length == 0) {
        break;
      }
      boolean accept = true;
      if (m[1] == pos) {
        accept = m[0] != prevEnd;
        int r = bt.step(pos);
        pos = r == MachineInput.EOF ? end + 1 : pos + (r & 7);
      } else {
        pos = m[1];
      }
      prevEnd = m[1];
      if (accept) {
        if (out == null) {
          out = new java.util.ArrayList<>();
        }
        if (m.length < width) {
          int k = m.length;
          m = Arrays.copyOf(m, width);
          Arrays.fill(m, k, width, -1);
        }
        out.add(m);
        found++;
      }
    }
    return out;
  }
}
