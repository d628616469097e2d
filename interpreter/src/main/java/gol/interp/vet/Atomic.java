package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Obj;
import java.util.Set;

/**
 * go vet's atomic analyzer: {@code x = atomic.AddInt64(&x, 1)} assigns the result of an atomic
 * addition to the very value it updated atomically ({@code direct assignment to atomic value},
 * at the left operand), which makes the update non-atomic.
 */
final class Atomic {
  private Atomic() {
  }

  private static final Set<String> ADDS = Set.of("AddInt32", "AddInt64", "AddUint32", "AddUint64", "AddUintptr");

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Stmt.Assign a && a.lhs.size() == a.rhs.size() && !(a.lhs.size() == 1 && a.op == Tok.DEFINE)) {
        for (int i = 0; i < a.rhs.size(); i++) {
          if (a.rhs.get(i).unparen() instanceof Expr.Call call && isAtomicAdd(Pass.callee(call))) {
            check(pass, a.lhs.get(i), call);
          }
        }
      }
      return true;
    });
  }

  private static boolean isAtomicAdd(Obj.Func fn) {
    return fn != null && fn.pkg != null && fn.pkg.path.equals("sync/atomic") && ADDS.contains(fn.name)
        && !(fn.type instanceof gol.interp.types.Type.Signature s && s.recv != null);
  }

  /** Go's checkAtomicAddAssignment: the left side and the address taken (or the pointer) print alike. */
  private static void check(Pass pass, Expr left, Expr.Call call) {
    if (call.args.size() != 2) {
      return;
    }
    Expr arg = call.args.get(0);
    boolean broken = false;
    if (arg instanceof Expr.Unary u && u.op == Tok.AND) {
      broken = GoSyntax.format(left).equals(GoSyntax.format(u.x));
    } else if (left instanceof Expr.Star star) {
      broken = GoSyntax.format(star.x).equals(GoSyntax.format(arg));
    }
    if (broken) {
      pass.reportAt(left, "direct assignment to atomic value");
    }
  }
}
