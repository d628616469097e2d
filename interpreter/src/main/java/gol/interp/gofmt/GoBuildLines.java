package gol.interp.gofmt;

import java.util.ArrayList;
import java.util.List;

/**
 * go/printer's fixGoBuildLines: a //go:build comment of the file header is moved to the end of
 * the header's leading run of comment and blank lines (after its last blank line, or earlier if
 * it already stood earlier), its expression printed in canonical form ("linux&&amd64" is
 * "linux && amd64", "a && b || c" is "(a && b) || c"), with one blank line after it. Only the
 * comments before the package clause are considered; files with "// +build" lines, whose
 * rewriting needs go/build/constraint's PlusBuildLines, are left as they are.
 */
final class GoBuildLines {
  private GoBuildLines() {}

  static String fix(String src) {
    List<String> lines = new ArrayList<>(List.of(src.split("\n", -1)));
    int pkg = -1;
    List<Integer> builds = new ArrayList<>();
    boolean inBlock = false;
    for (int k = 0; k < lines.size(); k++) {
      String l = lines.get(k);
      String s = l.strip();
      if (inBlock) {
        inBlock = !l.contains("*/");
        continue;
      }
      if (s.startsWith("package ") || s.equals("package")) {
        pkg = k;
        break;
      }
      if (s.startsWith("/*")) {
        inBlock = !s.substring(2).contains("*/");
        continue;
      }
      if (s.startsWith("// +build")) {
        return src;
      }
      if (isGoBuild(s) && l.equals(s)) {
        builds.add(k);
      }
    }
    if (pkg < 0 || builds.isEmpty()) {
      return src;
    }
    // the end of the leading run of "//" comment and blank lines: just after its last blank line
    int insert = 0;
    for (int k = 0; k < pkg; k++) {
      String s = lines.get(k).strip();
      if (s.isEmpty()) {
        insert = k + 1;
      } else if (!s.startsWith("//")) {
        break;
      }
    }
    if (builds.get(0) < insert) {
      insert = builds.get(0);
    }
    List<String> block = new ArrayList<>();
    String canon = builds.size() == 1 ? canonical(lines.get(builds.get(0)).substring("//go:build".length())) : null;
    if (canon != null) {
      block.add("//go:build " + canon);
    } else {
      for (int b : builds) {
        block.add(lines.get(b));
      }
    }
    int[] offset = new int[lines.size() + 1]; // the start of each line in src
    for (int k = 0; k < lines.size(); k++) {
      offset[k + 1] = offset[k] + lines.get(k).length() + 1;
    }
    StringBuilder after = new StringBuilder();
    int from = offset[insert];
    for (int b : builds) {
      if (offset[b] >= from) {
        appendLines(after, src.substring(from, offset[b]));
        from = offset[b + 1];
      }
    }
    appendLines(after, src.substring(Math.min(from, src.length())));
    int n = after.length();
    if (n >= 2 && after.charAt(n - 1) == '\n' && after.charAt(n - 2) == '\n') {
      after.setLength(n - 1);
    }
    return src.substring(0, offset[insert]) + String.join("\n", block) + "\n\n" + after;
  }

  /** go/printer's appendLines: y's leading blank line goes when x is empty or ends in one. */
  private static void appendLines(StringBuilder x, String y) {
    int n = x.length();
    if (!y.isEmpty() && y.charAt(0) == '\n'
        && (n == 0 || n >= 2 && x.charAt(n - 1) == '\n' && x.charAt(n - 2) == '\n')) {
      y = y.substring(1);
    }
    x.append(y);
  }

  static boolean isGoBuild(String s) {
    return s.startsWith("//go:build") && (s.length() == 10 || s.charAt(10) == ' ' || s.charAt(10) == '\t');
  }

  /** The expression's canonical text (go/build/constraint's String), or null if it does not parse. */
  static String canonical(String expr) {
    Parser p = new Parser(expr.strip());
    try {
      Node n = p.or();
      if (p.pos != p.s.length()) {
        return null;
      }
      return n.text();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private record Node(char op, Node x, Node y, String tag) {
    String text() {
      return switch (op) {
        case '&' -> arg(x, '|') + " && " + arg(y, '|');
        case '|' -> arg(x, '&') + " || " + arg(y, '&');
        case '!' -> "!" + (x.op == '&' || x.op == '|' ? "(" + x.text() + ")" : x.text());
        default -> tag;
      };
    }

    private static String arg(Node n, char paren) {
      return n.op == paren ? "(" + n.text() + ")" : n.text();
    }
  }

  private static final class Parser {
    final String s;
    int pos;

    Parser(String s) {
      this.s = s;
    }

    private void skip() {
      while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
        pos++;
      }
    }

    private boolean eat(String op) {
      skip();
      if (s.startsWith(op, pos)) {
        pos += op.length();
        return true;
      }
      return false;
    }

    Node or() {
      Node x = and();
      while (eat("||")) {
        x = new Node('|', x, and(), null);
      }
      skip();
      return x;
    }

    Node and() {
      Node x = not();
      while (eat("&&")) {
        x = new Node('&', x, not(), null);
      }
      return x;
    }

    Node not() {
      if (eat("!")) {
        return new Node('!', not(), null, null);
      }
      if (eat("(")) {
        Node x = or();
        if (!eat(")")) {
          throw new IllegalArgumentException("missing )");
        }
        return x;
      }
      skip();
      int start = pos;
      while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_' || s.charAt(pos) == '.')) {
        pos++;
      }
      if (pos == start) {
        throw new IllegalArgumentException("expected tag");
      }
      return new Node('t', null, null, s.substring(start, pos));
    }
  }
}
