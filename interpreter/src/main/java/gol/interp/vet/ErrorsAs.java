package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Type;

/**
 * go vet's errorsas analyzer: the second argument of errors.As must be a non-nil pointer to a
 * type implementing error or to an interface type (or be of type any).
 */
final class ErrorsAs {
  private ErrorsAs() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.Call call && call.args.size() >= 2) {
        Obj.Func fn = Pass.callee(call);
        if (fn != null && fn.name.equals("As") && fn.pkg != null && fn.pkg.path.equals("errors")) {
          Expr target = call.args.get(1);
          String why = target.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Nil
              ? NOT_POINTER : check(target.type);
          if (why != null) {
            pass.reportAt(call, why);
          }
        }
      }
      return true;
    });
  }

  private static final String NOT_POINTER = "second argument to errors.As must be a non-nil pointer to "
      + "either a type that implements error, or to any interface type";

  private static String check(Type t) {
    if (t == null) {
      return null;
    }
    Type u = t.underlying();
    if (u instanceof Type.Interface it && it.isEmpty()) {
      return null; // often a value forwarded from elsewhere
    }
    if (!(u instanceof Type.Pointer p)) {
      return NOT_POINTER;
    }
    if (p.elem instanceof Type.Named n && n.obj.name.equals("error") && n.obj.pkg == null) {
      return "second argument to errors.As should not be *error";
    }
    if (p.elem.underlying() instanceof Type.Interface || Pass.isError(p.elem)) {
      return null;
    }
    return NOT_POINTER;
  }
}
