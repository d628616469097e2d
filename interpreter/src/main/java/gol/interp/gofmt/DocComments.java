package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayList;
import java.util.List;

/*
 * gofmt's doc comment reformatting (go/printer's formatDocComment): a comment group that starts
 * in column 1 and ends right before a token in column 1 of the next line — a top-level doc
 * comment, but any unindented comment before an unindented line too — is rewritten in the
 * canonical form of go/doc/comment (CommentDoc), except before an "import" (cgo's preamble).
 *
 * Concepts
 *   Comment groups are go/parser's: comments on the line of the token before them form a line
 *   comment group; after it, comments on consecutive lines (no blank line between) form a group.
 *   "Right before" is go/printer's test on offsets: the next token starts one byte after the
 *   group's end. After a "//" comment (its trailing blanks are part of it) that is the first
 *   column of the next line, unless a carriage return ends the line; after a closing "*" + "/"
 *   any one character will do, a single blank before a token on the same line too.
 *
 *   A "//" group: the text is each line after "//" and one blank; directives ("//go:generate",
 *   "//line ", "//export ", "//extern ") are taken out and put back at the end after a "//" line.
 *   The canonical text becomes "// line" lines ("//" alone for a blank line, "//" followed by
 *   the tab of a code line). A group whose text is all blank disappears, keeping the line breaks
 *   before it. A lone block comment spanning lines becomes "/*", the canonical text, "*" "/",
 *   unless each of its lines starts with a star (old style). Anything else is left alone.
 */
final class DocComments {
  private DocComments() {
  }

  /** toks with the doc comments of src rewritten as gofmt rewrites them. */
  static List<Tok> reformat(List<Tok> toks, String src) {
    if (!src.contains("//") && !src.contains("/*")) {
      return toks;
    }
    int[] lineStart = lineStarts(src);
    List<Tok> out = new ArrayList<>(toks.size());
    int i = 0;
    while (i < toks.size()) {
      if (!toks.get(i).isComment()) {
        out.add(toks.get(i++));
        continue;
      }
      int a = i;
      int b = i;
      while (b < toks.size() && toks.get(b).isComment()) {
        b++;
      }
      int g = lastGroupStart(toks, a, b);
      for (int k = a; k < g; k++) {
        out.add(toks.get(k));
      }
      List<Tok> group = toks.subList(g, b);
      List<Tok> next = b < toks.size() && g < b ? rewrite(group, toks.get(b), src, lineStart) : null;
      if (next == null) {
        out.addAll(group);
      } else if (next.isEmpty()) {
        // the comment is gone: the next token keeps the line breaks before it
        Tok n = toks.get(b);
        toks.set(b, new Tok(n.kind(), n.text(), n.line(), n.col(), group.get(0).nlBefore()));
      } else {
        out.addAll(next);
      }
      i = b;
    }
    return out;
  }

  /**
   * Where the last of the comment groups in toks[a, b) starts (go/parser's grouping); b when
   * they all trail the token before them.
   */
  private static int lastGroupStart(List<Tok> toks, int a, int b) {
    int pos = a;
    if (a > 0 && toks.get(a).line() == endLine(toks.get(a - 1))) {
      // a line comment group: the comments on the line of the token before
      int end = toks.get(a).line();
      while (pos < b && toks.get(pos).line() <= end) {
        end = endLine(toks.get(pos++));
      }
    }
    int start = pos;
    while (pos < b) {
      start = pos;
      int end = toks.get(pos).line();
      while (pos < b && toks.get(pos).line() <= end + 1) {
        end = endLine(toks.get(pos++));
      }
    }
    return start;
  }

  private static int endLine(Tok t) {
    int n = 0;
    for (int k = t.text().indexOf('\n'); k >= 0; k = t.text().indexOf('\n', k + 1)) {
      n++;
    }
    return t.line() + n;
  }

  /**
   * The comments that replace group (a doc comment before next), or null when it stays as it is.
   */
  private static List<Tok> rewrite(List<Tok> group, Tok next, String src, int[] lineStart) {
    Tok first = group.get(0);
    if (first.col() != 1 || next.is("import")) {
      return null;
    }
    List<String> raw = new ArrayList<>();
    int end = -1;
    for (Tok c : group) {
      int off = offset(src, lineStart, c);
      end = c.lineComment() ? lineEnd(src, off) : src.indexOf("*/", off + 2) + 2;
      String text = src.substring(off, end);
      if (text.indexOf('\r') >= 0) {
        return null; // go/scanner drops it from the comment: the comment no longer abuts
      }
      raw.add(text);
    }
    if (offset(src, lineStart, next) != end + 1) {
      return null;
    }
    List<String> texts = format(raw);
    if (texts == null) {
      return null;
    }
    List<Tok> out = new ArrayList<>();
    int lastLine = group.get(group.size() - 1).line();
    for (int k = 0; k < texts.size(); k++) {
      out.add(new Tok(Kind.COMMENT, texts.get(k), Math.min(first.line() + k, lastLine), first.col(),
          k == 0 ? first.nlBefore() : 1));
    }
    return out;
  }

  /**
   * go/printer's formatDocComment: the comments' texts (as in the source) in canonical form, or
   * null to leave them alone.
   */
  static List<String> format(List<String> list) {
    String text;
    boolean block;
    List<String> directives = new ArrayList<>();
    String first = list.get(0);
    if (list.size() == 1 && first.startsWith("/*")) {
      if (first.indexOf('\n') < 0 || allStars(first)) {
        return null; // a one-line or an old-style starred comment: reformatting only hurts
      }
      block = true;
      text = first.substring(2, first.length() - 2);
    } else if (first.startsWith("//")) {
      block = false;
      StringBuilder b = new StringBuilder();
      for (String c : list) {
        if (!c.startsWith("//")) {
          return null;
        }
        String after = c.substring(2);
        if (isDirective(after)) {
          directives.add(c);
          continue;
        }
        b.append(after.startsWith(" ") ? after.substring(1) : after).append('\n');
      }
      text = b.toString();
    } else {
      return null;
    }
    if (text.isEmpty()) {
      return null;
    }
    text = CommentDoc.format(text);
    if (block) {
      return List.of("/*\n" + text + "*/");
    }
    List<String> out = new ArrayList<>();
    for (String line : text.isEmpty() ? new String[0] : text.split("\n")) {
      if (line.isEmpty()) {
        out.add("//");
      } else if (line.startsWith("\t")) {
        out.add(BlockComments.trimRight("//" + line));
      } else {
        out.add(BlockComments.trimRight("// " + line));
      }
    }
    if (!directives.isEmpty()) {
      out.add("//");
      for (String d : directives) {
        out.add(BlockComments.trimRight(d));
      }
    }
    return out;
  }

  /** A comment directive, given the text after "//" (go/printer's isDirective). */
  private static boolean isDirective(String c) {
    if (c.startsWith("line ") || c.startsWith("extern ") || c.startsWith("export ")) {
      return true;
    }
    int colon = c.indexOf(':');
    if (colon <= 0 || colon + 1 >= c.length()) {
      return false;
    }
    for (int i = 0; i <= colon + 1; i++) {
      if (i == colon) {
        continue;
      }
      char b = c.charAt(i);
      if (!('a' <= b && b <= 'z' || '0' <= b && b <= '9')) {
        return false;
      }
    }
    return true;
  }

  /** Whether each line of a block comment after the first starts with a star (after blanks). */
  private static boolean allStars(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        int j = i + 1;
        while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
          j++;
        }
        if (j < text.length() && text.charAt(j) != '*') {
          return false;
        }
      }
    }
    return true;
  }

  private static int[] lineStarts(String src) {
    int n = 1;
    for (int k = 0; k < src.length(); k++) {
      if (src.charAt(k) == '\n') {
        n++;
      }
    }
    int[] starts = new int[n];
    int l = 1;
    for (int k = 0; k < src.length(); k++) {
      if (src.charAt(k) == '\n') {
        starts[l++] = k + 1;
      }
    }
    return starts;
  }

  /** The offset in src of the token t (its column counts UTF-8 bytes). */
  private static int offset(String src, int[] lineStart, Tok t) {
    int off = lineStart[t.line() - 1];
    for (int c = 1; c < t.col(); ) {
      int cp = src.codePointAt(off);
      c += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      off += Character.charCount(cp);
    }
    return off;
  }

  private static int lineEnd(String src, int off) {
    int nl = src.indexOf('\n', off);
    return nl < 0 ? src.length() : nl;
  }
}
