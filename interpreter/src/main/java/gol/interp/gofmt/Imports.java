package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayList;
import java.util.List;

/**
 * gofmt's import sorting: within a parenthesized import declaration, each run of import lines
 * not separated by a blank line is sorted by import path (then by name), and exact duplicates
 * are removed. Runs that hold comment lines of their own are left as they are.
 */
final class Imports {
  private Imports() {
  }

  static List<Tok> sort(List<Tok> toks) {
    List<Tok> out = simplifyFor(new ArrayList<>(toks));
    for (int i = 0; i + 1 < out.size(); i++) {
      if (out.get(i).is("import") && out.get(i + 1).is("(")) {
        int close = i + 2;
        while (close < out.size() && !out.get(close).is(")")) {
          close++;
        }
        if (close >= out.size()) {
          break;
        }
        sortGroup(out, i + 2, close);
        i = close;
      }
    }
    return out;
  }

  /**
   * go/printer's controlClause: a for clause with neither init nor post statement is printed as
   * its condition alone ("for ; c; {" is "for c {", "for ;; {" is "for {").
   */
  private static List<Tok> simplifyFor(List<Tok> toks) {
    for (int i = 0; i < toks.size(); i++) {
      if (!toks.get(i).is("for")) {
        continue;
      }
      int d = 0;
      List<Integer> semis = new ArrayList<>();
      int j = i + 1;
      for (; j < toks.size(); j++) {
        Tok t = toks.get(j);
        if (t.is("(") || t.is("[")) {
          d++;
        } else if (t.is(")") || t.is("]")) {
          d--;
        } else if (t.is("{") && d == 0) {
          break;
        } else if (t.is("{")) {
          d++;
        } else if (t.is("}")) {
          d--;
        } else if (t.is(";") && d == 0) {
          semis.add(j);
        }
      }
      if (semis.size() == 2 && semis.get(0) == i + 1 && semis.get(1) == j - 1) {
        toks.remove((int) semis.get(1));
        toks.remove((int) semis.get(0));
      }
    }
    return toks;
  }

  /** Sorts the import lines between from (inclusive) and to (exclusive). */
  private static void sortGroup(List<Tok> toks, int from, int to) {
    // split into lines: each line's tokens; a run ends at a blank line
    List<List<Tok>> run = new ArrayList<>();
    List<Tok> line = null;
    List<Tok> rebuilt = new ArrayList<>();
    int runStart = from;
    for (int j = from; j <= to; j++) {
      Tok t = j < to ? toks.get(j) : null;
      boolean newLine = t == null || t.nlBefore() > 0 || line == null;
      if (newLine && line != null) {
        run.add(line);
        line = null;
      }
      if (t == null || (t.nlBefore() > 1 && !run.isEmpty())) {
        rebuilt.addAll(sortRun(run));
        run.clear();
      }
      if (t == null) {
        break;
      }
      if (line == null) {
        line = new ArrayList<>();
      }
      line.add(t);
    }
    for (int j = 0; j < rebuilt.size(); j++) {
      toks.set(from + j, rebuilt.get(j));
    }
    for (int j = from + rebuilt.size(); j < to; j++) {
      toks.remove(from + rebuilt.size());
    }
    if (rebuilt.size() < to - from) {
      // duplicates were dropped: nothing else to shift
    }
  }

  private static List<Tok> sortRun(List<List<Tok>> run) {
    List<Tok> flat = new ArrayList<>();
    for (List<Tok> l : run) {
      if (l.get(0).isComment() || l.stream().noneMatch(t -> t.kind() == Lexer.Kind.STRING)) {
        for (List<Tok> m : run) {
          flat.addAll(m);
        }
        return flat;
      }
    }
    if (run.isEmpty()) {
      return flat;
    }
    int firstNl = run.get(0).get(0).nlBefore();
    List<List<Tok>> sorted = new ArrayList<>(run);
    sorted.sort((a, b) -> {
      int c = path(a).compareTo(path(b));
      return c != 0 ? c : name(a).compareTo(name(b));
    });
    List<List<Tok>> dedup = new ArrayList<>();
    for (List<Tok> l : sorted) {
      if (!dedup.isEmpty() && key(dedup.get(dedup.size() - 1)).equals(key(l))) {
        continue;
      }
      dedup.add(l);
    }
    for (int k = 0; k < dedup.size(); k++) {
      List<Tok> l = dedup.get(k);
      int nl = k == 0 ? firstNl : 1;
      Tok f = l.get(0);
      flat.add(new Tok(f.kind(), f.text(), f.line(), f.col(), nl));
      flat.addAll(l.subList(1, l.size()));
    }
    return flat;
  }

  private static String path(List<Tok> l) {
    for (Tok t : l) {
      if (t.kind() == Lexer.Kind.STRING) {
        return t.text().substring(1, t.text().length() - 1);
      }
    }
    return "";
  }

  private static String name(List<Tok> l) {
    Tok f = l.get(0);
    return f.kind() == Lexer.Kind.STRING ? "" : f.text();
  }

  private static String key(List<Tok> l) {
    StringBuilder sb = new StringBuilder();
    for (Tok t : l) {
      if (!t.isComment()) {
        sb.append(t.text()).append(' ');
      }
    }
    return sb.toString();
  }
}
