package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.Set;

/**
 * go vet's unusedresult analyzer: a call whose result is the whole point, made as a statement
 * and so thrown away: the functions go vet lists (fmt.Sprintf, errors.New, slices.Delete...)
 * and methods {@code Error() string} and {@code String() string}. Like go vet it does not know
 * other pure functions (strings.Replace alone is not reported).
 */
final class UnusedResult {
  private static final Set<String> FUNCS = Set.of(
      "context.WithCancel", "context.WithDeadline", "context.WithTimeout", "context.WithValue",
      "errors.New", "fmt.Errorf", "fmt.Sprint", "fmt.Sprintf",
      "slices.Clip", "slices.Compact", "slices.CompactFunc", "slices.Delete", "slices.DeleteFunc",
      "slices.Grow", "slices.Insert", "slices.Replace", "sort.Reverse");

  private UnusedResult() {
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Stmt.ExprStmt s && s.x.unparen() instanceof Expr.Call call) {
        check(pass, call);
      }
      return true;
    });
  }

  private static void check(Pass pass, Expr.Call call) {
    Obj.Func fn = Pass.callee(call);
    if (fn == null || !(fn.type instanceof Type.Signature sig)) {
      return;
    }
    if (sig.recv != null) {
      if (!sig.variadic && Pass.isStringer(sig) && (fn.name.equals("Error") || fn.name.equals("String"))) {
        pass.report(call.lparenLine, call.lparenCol,
            "result of (" + TypeNames.of(sig.recv.type) + ")." + fn.name + " call not used");
      }
    } else if (fn.pkg != null && FUNCS.contains(fn.pkg.path + "." + fn.name)) {
      pass.report(call.lparenLine, call.lparenCol, "result of " + fn.pkg.path + "." + fn.name + " call not used");
    }
  }
}
