package gol.interp.compile;

import gol.interp.ast.Stmt;
import gol.interp.types.Obj;
import java.util.ArrayList;
import java.util.List;

/**
 * What the compiler of a range-over-func loop body needs to know: the body is compiled as the
 * yield function (FuncCompiler.rangeBody), so leaving the loop is a protocol between it and the
 * code after the iterator call (FlowCompiler.rangeFunc).
 *
 * <p>Two cells of the enclosing function connect them, made anew each time the loop starts:
 * <ul>
 *   <li>{@code state} (RangeFuncOps: READY, BODY, DONE, EXHAUSTED) catches iterators that
 *       misbehave: yield may only be called when the state is READY; it is BODY while the body
 *       runs (so it stays BODY when the body panics), DONE once the body asked to stop, and
 *       EXHAUSTED after the iterator returned.</li>
 *   <li>{@code exit} says why the body stopped the loop when it is not a plain {@code break}:
 *       {@link #RETURN} for a return statement (the results are already stored), or
 *       {@link #FIRST_BRANCH}+i for {@code exits.get(i)}, a break/continue/goto whose target
 *       is outside the body (a goto is known to leave the body when its label is not in it). After the iterator returns, the enclosing code jumps there (or,
 *       itself a loop body, passes the request on).</li>
 * </ul>
 */
final class RangeBody {
  static final int NONE = 0;
  static final int RETURN = 1;
  static final int FIRST_BRANCH = 2;

  /** A branch out of the body: break or continue of an enclosing statement, or goto label. */
  record Exit(Stmt.Branch.Kind kind, Stmt target, String label) {
  }

  final Stmt.Range loop;
  final Obj.Var state;
  final Obj.Var exit;
  final List<Exit> exits = new ArrayList<>();
  /** Whether some return statement in the body leaves through {@link #RETURN}. */
  boolean returns;

  RangeBody(Stmt.Range loop, Obj.Var state, Obj.Var exit) {
    this.loop = loop;
    this.state = state;
    this.exit = exit;
  }

  /** The exit code of a branch to {@code target}. */
  int code(Stmt.Branch.Kind kind, Stmt target) {
    return code(new Exit(kind, target, null));
  }

  /** The exit code of a goto to {@code label}, a label of the code outside the body. */
  int gotoCode(String label) {
    return code(new Exit(Stmt.Branch.Kind.GOTO, null, label));
  }

  private int code(Exit e) {
    int i = exits.indexOf(e);
    if (i < 0) {
      exits.add(e);
      i = exits.size() - 1;
    }
    return FIRST_BRANCH + i;
  }
}
