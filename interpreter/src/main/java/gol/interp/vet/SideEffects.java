package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Tok;

/** analysisutil.HasSideEffects: whether an expression holds a call (other than a conversion) or a receive. */
final class SideEffects {
  private SideEffects() {
  }

  static boolean any(Expr e) {
    boolean[] found = {false};
    Walk.node(e, n -> {
      if (found[0]) {
        return false;
      }
      if (n instanceof Expr.Call c && c.kind != Expr.Call.Kind.CONVERSION) {
        found[0] = true;
        return false;
      }
      if (n instanceof Expr.Unary u && u.op == Tok.ARROW) {
        found[0] = true;
        return false;
      }
      return true;
    });
    return found[0];
  }
}
