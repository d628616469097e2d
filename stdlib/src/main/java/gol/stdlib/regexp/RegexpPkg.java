package gol.stdlib.regexp;

import com.google.re2j.GoRegexp;
import com.google.re2j.PatternSyntaxException;
import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Package regexp's natives: compiling and matching with re2j (Go's RE2 engine ported to Java,
 * through {@link GoRegexp}). Matching works on the string's UTF-8 bytes, so every index is a byte
 * offset as in Go. Everything else (the Find/Replace/Split families, Expand) is .gol over
 * {@code findAll}.
 */
public final class RegexpPkg {
  private RegexpPkg() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "compile" -> RegexpPkg::compile;
      case "match" -> RegexpPkg::match;
      case "findAll" -> RegexpPkg::findAll;
      default -> null;
    };
  }

  private static boolean ascii(byte[] b) {
    for (byte x : b) {
      if (x < 0) {
        return false;
      }
    }
    return true;
  }

  /** The first backslash followed by a non-ASCII rune outside \Q...\E (Go rejects it; re2j does not), or -1. */
  private static int nonAsciiEscape(String p) {
    for (int i = 0; i < p.length() - 1; i++) {
      char c = p.charAt(i);
      if (c != '\\') {
        continue;
      }
      char d = p.charAt(i + 1);
      if (d == 'Q') {
        int e = p.indexOf("\\E", i + 2);
        if (e < 0) {
          return -1;
        }
        i = e + 1;
        continue;
      }
      if (d >= 0x80) {
        return i;
      }
      i++;
    }
    return -1;
  }

  private static byte[] bytes(GoString s) {
    if (s.off == 0 && s.len == s.bytes.length) {
      return s.bytes;
    }
    return Arrays.copyOfRange(s.bytes, s.off, s.off + s.len);
  }

  private static void match(G g, int b) {
    GoRegexp re = (GoRegexp) g.rs[b];
    byte[] in = bytes((GoString) g.rs[b + 1]);
    boolean ok = ascii(in) ? re.matchAscii(in) : re.match(new Utf8Text(in).text);
    g.ls[b] = ok ? 1 : 0;
  }

  /**
   * compile(expr string, posix, longest bool) (p *prog, numSubexp int, names []string, prefix
   * string, complete bool, code, errExpr string): code is Go's syntax.ErrorCode text, "" on success.
   */
  static void compile(G g, int b) {
    GoString expr = (GoString) g.rs[b];
    boolean posix = g.ls[b + 1] != 0;
    boolean longest = g.ls[b + 2] != 0;
    GoRegexp re;
    int bad = Utf8Text.firstInvalid(bytes(expr));
    if (bad >= 0) {
      fail(g, b, "invalid UTF-8", expr.slice(bad, expr.len));
      return;
    }
    GroupNames dup = new GroupNames(expr.toString());
    try {
      re = GoRegexp.compile(dup.pattern, posix, longest);
    } catch (PatternSyntaxException e) {
      String code = e.getDescription();
      String what = e.getPattern();
      if (code.equals("regexp/syntax: internal error") && what.equals("stack underflow")) {
        code = "unexpected )"; // re2j 1.8 misreports an unmatched ) (Go: ErrUnexpectedParen)
        what = expr.toString();
      }
      int esc = nonAsciiEscape(expr.toString());
      if (esc >= 0 && !failsBefore(dup.pattern, expr.toString().substring(0, esc), posix)) {
        escapeError(g, b, expr.toString(), esc);
        return;
      }
      fail(g, b, code, GoString.of(dup.restore(what)));
      return;
    }
    int esc = nonAsciiEscape(expr.toString());
    if (esc >= 0) {
      escapeError(g, b, expr.toString(), esc);
      return;
    }
    int n = re.numSubexp();
    Object[] names = new Object[n + 1];
    Arrays.fill(names, GoString.EMPTY);
    for (Map.Entry<String, Integer> e : re.namedGroups().entrySet()) {
      names[e.getValue()] = GoString.of(dup.original(e.getKey()));
    }
    g.rs[b] = re;
    g.ls[b + 1] = n;
    g.rs[b + 2] = new Slice(names, 0, n + 1, n + 1);
    g.rs[b + 3] = GoString.of(re.prefix() == null ? "" : re.prefix());
    g.ls[b + 4] = re.prefixComplete() ? 1 : 0;
    g.rs[b + 5] = GoString.EMPTY;
    g.rs[b + 6] = GoString.EMPTY;
  }

  private static void escapeError(G g, int b, String p, int esc) {
    fail(g, b, "invalid escape sequence", GoString.of(p.substring(esc, esc + 1 + Character.charCount(p.codePointAt(esc + 1)))));
  }

  /**
   * Whether Go would report an error found in prefix (the text before a bad escape) first: one
   * that is not about the missing end of a group or class.
   */
  private static boolean failsBefore(String full, String prefix, boolean posix) {
    try {
      GoRegexp.compile(prefix, posix, false);
      return false;
    } catch (PatternSyntaxException e) {
      String d = e.getDescription();
      return !d.equals("missing closing )") && !d.equals("missing closing ]");
    }
  }

  private static void fail(G g, int b, String code, GoString expr) {
    g.rs[b] = null;
    g.ls[b + 1] = 0;
    g.rs[b + 2] = null;
    g.rs[b + 3] = GoString.EMPTY;
    g.ls[b + 4] = 0;
    g.rs[b + 5] = GoString.of(code);
    g.rs[b + 6] = expr;
  }

  /** findAll(p *prog, s string, n int) []int: every match's submatch indexes, flattened; nil for none. */
  static void findAll(G g, int b) {
    GoRegexp re = (GoRegexp) g.rs[b];
    GoString s = (GoString) g.rs[b + 1];
    long n = g.ls[b + 2];
    byte[] in = bytes(s);
    int max = n < 0 || n > Integer.MAX_VALUE ? -1 : (int) n;
    List<int[]> all;
    int[] toByte = null;
    if (ascii(in)) {
      all = re.findAllAscii(in, max);
    } else {
      // re2j's UTF-8 input mode mishandles empty-width assertions after a multi-byte rune
      // (`é^` matches at the end of "é") and stops at invalid bytes, where Go reads U+FFFD of
      // width 1: search the UTF-16 text, whose matcher is re2j's well-trodden path, and map
      // the offsets back to bytes.
      Utf8Text t = new Utf8Text(in);
      all = re.findAll(t.text, max);
      toByte = t.byteOffset;
    }
    if (all == null || all.isEmpty()) {
      g.rs[b] = null;
      return;
    }
    int w = 2 * (re.numSubexp() + 1);
    long[] out = new long[all.size() * w];
    int k = 0;
    for (int[] m : all) {
      for (int i = 0; i < w; i++) {
        int x = i < m.length ? m[i] : -1;
        out[k++] = toByte != null && x >= 0 ? toByte[x] : x;
      }
    }
    g.rs[b] = new Slice(out, 0, out.length, out.length);
  }
}
