package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;

/** go vet's appends analyzer: {@code append(s)} with nothing to append, which does nothing. */
final class Appends {
  private Appends() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Call call && call.kind == Expr.Call.Kind.BUILTIN && call.args.size() == 1
          && call.fun.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Builtin b
          && b.id == Obj.Builtin.Id.APPEND) {
        pass.reportAt(call, "append with no values");
      }
      return true;
    });
  }
}
