package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * go/printer prints the type of a parameter, a result, a receiver or a type parameter without the
 * parentheses around it ("func f(x ([]int))" becomes "func f(x []int)", "type P[T ([]int)] ..."
 * becomes "type P[T []int] ..."): go/printer's parameters strips them however deep they nest.
 * They are removed as tokens before formatting; the parser has already dropped them from the
 * tree, so the tree gives where each such type starts ({@link ExprLayout#paramTypes}) and the
 * tokens say whether parentheses enclose exactly that type. A parenthesized part of a union
 * ("T (int) | string") and the elements of "...(T)" keep theirs, as in gofmt.
 */
final class ParamParens {
  private ParamParens() {}

  static List<Tok> strip(List<Tok> toks, ExprLayout layout) {
    if (layout.paramTypes.isEmpty()) {
      return toks;
    }
    List<Tok> out = new ArrayList<>(toks);
    for (int k = 0; k < out.size(); k++) {
      Boolean unnamed = layout.paramTypes.get(out.get(k).pos());
      if (unnamed == null) {
        continue;
      }
      int run = 0; // the "(" right before the type
      while (k - run - 1 >= 0 && out.get(k - run - 1).is("(")) {
        run++;
      }
      if (run > 0 && unnamed && !out.get(k - run - 1).is(",")) {
        run--; // the outermost is the parameter list's own "("
      }
      int strip = 0; // how many of them enclose exactly the type
      int end = -1;
      for (int n = 1; n <= run; n++) {
        int close = matching(out, k - n);
        if (close < 0 || n > 1 && close != end + 1) {
          break;
        }
        Tok after = close + 1 < out.size() ? out.get(close + 1) : null;
        if (after == null || !(after.is(",") || after.is(")") || after.is("]"))) {
          break;
        }
        end = close;
        strip = n;
      }
      if (strip == 0) {
        continue;
      }
      int first = k - strip;
      int close = end;
      for (int c = close; c > close - strip; c--) {
        out.remove(c);
      }
      Tok opener = out.get(first);
      Tok t = out.get(k);
      for (int o = 0; o < strip; o++) {
        out.remove(first);
      }
      out.set(first, new Tok(t.kind(), t.text(), t.line(), t.col(), Math.max(opener.nlBefore(), t.nlBefore())));
      k = first;
    }
    return out;
  }

  private static int matching(List<Tok> toks, int i) {
    int d = 0;
    for (int j = i; j < toks.size(); j++) {
      Tok t = toks.get(j);
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
        if (d == 0) {
          return j;
        }
      }
    }
    return -1;
  }
}
