package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Tok;
import gol.interp.types.Obj;

/** go vet's nilfunc analyzer: a function (not a func value) compared with nil, always false for ==. */
final class NilFunc {
  private NilFunc() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Binary e && (e.op == Tok.EQL || e.op == Tok.NEQ)) {
        Expr other = isNil(e.x) ? e.y : isNil(e.y) ? e.x : null;
        Obj.Func fn = other == null ? null : func(other);
        if (fn != null) {
          pass.reportAt(e, "comparison of function " + fn.name + " " + e.op.text + " nil is always "
              + (e.op == Tok.NEQ));
        }
      }
      return true;
    });
  }

  private static boolean isNil(Expr e) {
    return e instanceof Expr.Ident id && id.obj instanceof Obj.Nil;
  }

  /** The function an identifier, a selector or an instantiation f[T] names, else null. */
  private static Obj.Func func(Expr e) {
    Obj o = null;
    if (e instanceof Expr.Ident id) {
      o = id.obj;
    } else if (e instanceof Expr.Selector s) {
      o = s.selection != null ? s.selection.obj : s.sel.obj;
    } else if (e instanceof Expr.Index ix && ix.x instanceof Expr.Ident id) {
      o = id.obj;
    } else if (e instanceof Expr.IndexList il && il.x instanceof Expr.Ident id) {
      o = id.obj;
    }
    return o instanceof Obj.Func f ? f : null;
  }
}
