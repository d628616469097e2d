package gol.interp.vet;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.types.Obj;
import java.util.Set;

/**
 * go vet's lostcancel analyzer, its first half: the cancel function of context.WithCancel,
 * WithTimeout or WithDeadline assigned to the blank identifier ({@code
 * ctx, _ := context.WithTimeout(...)}: {@code the cancel function returned by
 * context.WithTimeout should be called, not discarded, to avoid a context leak}). Its second
 * half, a cancel variable not used on every path to a return, needs go vet's control-flow graph
 * and is not done.
 */
final class LostCancel {
  private LostCancel() {
  }

  /** Go 1.23's list (the Cause forms are not checked). */
  private static final Set<String> WITH = Set.of("WithCancel", "WithTimeout", "WithDeadline");

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Stmt.Assign a && a.lhs.size() > 1 && a.rhs.size() == 1) {
        check(pass, a.lhs.get(1), a.rhs.get(0));
      } else if (n instanceof Stmt.DeclStmt d) {
        for (Decl decl : d.decls) {
          if (decl instanceof Decl.Var v && v.names.size() > 1 && v.values.size() == 1) {
            check(pass, v.names.get(1), v.values.get(0));
          }
        }
      }
      return true;
    });
  }

  /** Go looks at a call whose function is the selector context.WithX, directly the statement's value. */
  private static void check(Pass pass, Expr cancel, Expr value) {
    if (!(value instanceof Expr.Call call) || !(call.fun instanceof Expr.Selector sel)) {
      return;
    }
    Obj.Func fn = Pass.callee(call);
    if (fn == null || fn.pkg == null || !fn.pkg.path.equals("context") || !WITH.contains(fn.name)) {
      return;
    }
    if (cancel instanceof Expr.Ident id && id.name.equals("_")) {
      pass.reportAt(cancel, "the cancel function returned by context." + sel.sel.name
          + " should be called, not discarded, to avoid a context leak");
    }
  }
}
