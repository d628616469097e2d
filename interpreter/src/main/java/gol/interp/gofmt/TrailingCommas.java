package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayList;
import java.util.List;

/**
 * gofmt drops a trailing comma whose closing bracket is on the same line ({@code f(a, b,)},
 * {@code []int{1, 2,}}, {@code [T any,]}); one before a line break stays, since Go needs it
 * there. The exception is go/printer's: in a type declaration's type parameter list of a single
 * parameter whose constraint starts with "*" and a name ({@code type T[P *C,] ...}), the comma
 * keeps the list from reading as an array length, and stays.
 */
final class TrailingCommas {
  private TrailingCommas() {}

  static List<Tok> drop(List<Tok> toks) {
    List<Tok> out = new ArrayList<>(toks.size());
    for (int i = 0; i < toks.size(); i++) {
      Tok t = toks.get(i);
      int j = i + 1; // the next token but block comments on the same line
      while (j < toks.size() && toks.get(j).isComment() && !toks.get(j).lineComment()
          && toks.get(j).nlBefore() == 0) {
        j++;
      }
      Tok n = j < toks.size() ? toks.get(j) : null;
      if (t.is(",") && n != null && n.nlBefore() == 0
          && (n.is(")") || n.is("}") || n.is("]") && !keptInTypeParams(toks, i))) {
        continue;
      }
      out.add(t);
    }
    return out;
  }

  /** Whether the comma at i, before a "]", ends a type parameter list gofmt keeps it in. */
  private static boolean keptInTypeParams(List<Tok> toks, int i) {
    int open = enclosing(toks, i, "[");
    if (open < 2 || toks.get(open - 1).kind() != Lexer.Kind.IDENT
        || !declaresType(toks, open - 1)) {
      return false;
    }
    for (int k = open + 1, depth = 0; k < i; k++) { // a single parameter: no comma at its level
      Tok t = toks.get(k);
      if (t.is("(") || t.is("[") || t.is("{")) {
        depth++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        depth--;
      }
      if (depth == 0 && t.is(",")) {
        return false;
      }
    }
    return open + 3 < i && toks.get(open + 1).kind() == Lexer.Kind.IDENT
        && toks.get(open + 2).is("*") && toks.get(open + 3).kind() == Lexer.Kind.IDENT;
  }

  /** Whether the identifier at i names a type declaration: after "type", or in "type (...)". */
  private static boolean declaresType(List<Tok> toks, int i) {
    Tok p = toks.get(i - 1);
    if (p.is("type")) {
      return true;
    }
    int group = enclosing(toks, i, "(");
    return (p.is("(") || p.is(";") || toks.get(i).nlBefore() > 0) && group > 0
        && toks.get(group - 1).is("type");
  }

  /** The index of the unmatched bracket before token i if it is {@code open}, else -1. */
  private static int enclosing(List<Tok> toks, int i, String open) {
    for (int k = i - 1, depth = 0; k >= 0; k--) {
      Tok t = toks.get(k);
      if (t.is(")") || t.is("]") || t.is("}")) {
        depth++;
      } else if (t.is("(") || t.is("[") || t.is("{")) {
        if (depth == 0) {
          return t.is(open) ? k : -1;
        }
        depth--;
      }
    }
    return -1;
  }
}
