package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.types.Obj;

/**
 * go vet's defers analyzer: {@code defer f(time.Since(start))} evaluates time.Since when the
 * defer statement runs, not when the deferred call does (function literals are not looked into).
 */
final class Defers {
  private Defers() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Stmt.Defer d) {
        Walk.node(d.call, m -> {
          if (m instanceof Expr.FuncLit) {
            return false;
          }
          if (m instanceof Expr.Call call) {
            Obj.Func fn = Pass.callee(call);
            if (fn != null && fn.name.equals("Since") && fn.pkg != null && fn.pkg.path.equals("time")
                && !(fn.type instanceof gol.interp.types.Type.Signature s && s.recv != null)) {
              pass.reportAt(call, "call to time.Since is not deferred");
            }
          }
          return true;
        });
      }
      return true;
    });
  }
}
