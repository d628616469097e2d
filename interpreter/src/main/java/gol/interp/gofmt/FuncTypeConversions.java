package gol.interp.gofmt;

import gol.interp.gofmt.Lexer.Kind;
import gol.interp.gofmt.Lexer.Tok;
import java.util.ArrayList;
import java.util.List;

/**
 * go/printer puts a function type that is converted to ("func(int) (int)(nil)") in parentheses,
 * "(func(int) int)(nil)": without them the call's "(" could be read as the type's results. The
 * parentheses are added as tokens before formatting (at column 0, a position no source token
 * has, so no layout decision keyed by position applies to them).
 */
final class FuncTypeConversions {
  private FuncTypeConversions() {}

  static List<Tok> parenthesize(List<Tok> toks, ExprLayout layout) {
    if (layout.calledFuncTypes.isEmpty()) {
      return toks;
    }
    List<Tok> out = new ArrayList<>(toks);
    for (int i = 0; i < out.size(); i++) {
      Tok t = out.get(i);
      if (!t.is("func")) {
        continue;
      }
      Long lparen = layout.calledFuncTypes.get(t.pos());
      if (lparen == null && i + 1 < out.size()) {
        lparen = layout.calledFuncTypes.get(out.get(i + 1).pos()); // the type placed at its "("
      }
      if (lparen == null) {
        continue;
      }
      for (int k = i + 1; k < out.size(); k++) {
        Tok c = out.get(k);
        if (c.pos() == lparen) {
          out.add(k, new Tok(Kind.OP, ")", c.line(), 0, 0));
          break;
        }
      }
      out.set(i, new Tok(t.kind(), t.text(), t.line(), t.col(), 0));
      out.add(i, new Tok(Kind.OP, "(", t.line(), 0, t.nlBefore()));
      i++;
    }
    return out;
  }
}
