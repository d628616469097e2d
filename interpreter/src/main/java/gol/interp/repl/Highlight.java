package gol.interp.repl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Syntax highlighting as you type: a small scanner (not the ANTLR lexer, which would stop at the
 * first unfinished token) that splits the buffer into spans of keywords, strings (interpreted,
 * raw, rune), numbers and comments; everything else is plain. Unterminated strings and comments
 * run to the end of the buffer, which is what an unfinished entry looks like.
 */
final class Highlight {
  enum Kind { PLAIN, KEYWORD, STRING, NUMBER, COMMENT }

  record Span(int start, int end, Kind kind) {
  }

  private static final Set<String> KEYWORDS = Set.copyOf(Completion.KEYWORDS);

  private Highlight() {
  }

  /** The non-plain spans of {@code s}, in order. */
  static List<Span> spans(String s) {
    List<Span> out = new ArrayList<>();
    int i = 0;
    int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      int start = i;
      if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
        i = indexOr(s, "\n", i, n);
        out.add(new Span(start, i, Kind.COMMENT));
      } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
        int e = s.indexOf("*/", i + 2);
        i = e < 0 ? n : e + 2;
        out.add(new Span(start, i, Kind.COMMENT));
      } else if (c == '"' || c == '\'') {
        i = quoted(s, i + 1, c);
        out.add(new Span(start, i, Kind.STRING));
      } else if (c == '`') {
        int e = s.indexOf('`', i + 1);
        i = e < 0 ? n : e + 1;
        out.add(new Span(start, i, Kind.STRING));
      } else if (Character.isDigit(c) || c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1))) {
        i++;
        while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '.'
            || (s.charAt(i) == '+' || s.charAt(i) == '-') && "eEpP".indexOf(s.charAt(i - 1)) >= 0)) {
          i++;
        }
        out.add(new Span(start, i, Kind.NUMBER));
      } else if (Character.isLetter(c) || c == '_') {
        while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
          i++;
        }
        if (KEYWORDS.contains(s.substring(start, i))) {
          out.add(new Span(start, i, Kind.KEYWORD));
        }
      } else {
        i++;
      }
    }
    return out;
  }

  private static int indexOr(String s, String what, int from, int n) {
    int e = s.indexOf(what, from);
    return e < 0 ? n : e;
  }

  /** The end of a "..." or '...' literal starting after its quote (escapes skipped). */
  private static int quoted(String s, int i, char q) {
    int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == q) {
        return i + 1;
      } else if (c == '\n') {
        return i;
      } else {
        i++;
      }
    }
    return n;
  }
}
