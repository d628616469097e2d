package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Type;

/** go vet's assign analyzer: {@code x = x}, a self-assignment that is almost always a mistake. */
final class SelfAssign {
  private SelfAssign() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Stmt.Assign a && a.op == Tok.ASSIGN && a.lhs.size() == a.rhs.size()) {
        for (int i = 0; i < a.lhs.size(); i++) {
          Expr l = a.lhs.get(i);
          Expr r = a.rhs.get(i);
          if (SideEffects.any(l) || SideEffects.any(r) || isMapIndex(l) || l.getClass() != r.getClass()) {
            continue;
          }
          String ls = GoSyntax.format(l);
          String rs = GoSyntax.format(r);
          if (ls.equals(rs)) {
            pass.report(a, "self-assignment of " + rs + " to " + ls);
          }
        }
      }
      return true;
    });
  }

  private static boolean isMapIndex(Expr e) {
    return e.unparen() instanceof Expr.Index ix && ix.x.type != null && ix.x.type.underlying() instanceof Type.Map;
  }
}
