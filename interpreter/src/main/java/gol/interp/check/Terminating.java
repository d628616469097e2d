package gol.interp.check;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.types.Obj;
import java.util.List;

/** Terminating statements (Go spec, "Terminating statements"): what "missing return" is decided by. */
final class Terminating {
  private Terminating() {
  }


  static boolean isTerminatingList(List<Stmt> list) {
    int last = list.size() - 1;
    while (last >= 0 && list.get(last) instanceof Stmt.Empty) {
      last--;
    }
    return last >= 0 && isTerminating(list.get(last));
  }

  static boolean isTerminating(Stmt s) {
    if (s instanceof Stmt.Return) {
      return true;
    }
    if (s instanceof Stmt.Branch b) {
      return b.kind == Stmt.Branch.Kind.GOTO || b.kind == Stmt.Branch.Kind.FALLTHROUGH;
    }
    if (s instanceof Stmt.ExprStmt es) {
      return es.x.unparen() instanceof Expr.Call c && c.fun.unparen() instanceof Expr.Ident id
          && id.obj instanceof Obj.Builtin b && b.id == Obj.Builtin.Id.PANIC;
    }
    if (s instanceof Stmt.Block b) {
      return isTerminatingList(b.stmts);
    }
    if (s instanceof Stmt.If i) {
      return i.els != null && isTerminating(i.then) && isTerminating(i.els);
    }
    if (s instanceof Stmt.Labeled l) {
      return isTerminating(l.stmt);
    }
    if (s instanceof Stmt.For f) {
      return f.cond == null && !hasBreak(f.body, f);
    }
    if (s instanceof Stmt.Switch sw) {
      return clausesTerminate(sw.clauses, sw);
    }
    if (s instanceof Stmt.TypeSwitch sw) {
      return clausesTerminate(sw.clauses, sw);
    }
    if (s instanceof Stmt.Select sel) {
      for (Stmt.CommClause c : sel.clauses) {
        if (!isTerminatingList(c.body) || hasBreakList(c.body, sel)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /** A switch's clauses: a default among them, each ending in a terminating statement, no break. */
  private static boolean clausesTerminate(List<Stmt.CaseClause> clauses, Stmt sw) {
    boolean dflt = false;
    for (Stmt.CaseClause c : clauses) {
      dflt |= c.exprs == null;
      if (!isTerminatingList(c.body) || hasBreakList(c.body, sw)) {
        return false;
      }
    }
    return dflt;
  }

  private static boolean hasBreakList(List<Stmt> list, Stmt target) {
    for (Stmt s : list) {
      if (hasBreak(s, target)) {
        return true;
      }
    }
    return false;
  }

  /** Whether s contains a break whose target is {@code target} (targets are set by then). */
  private static boolean hasBreak(Stmt s, Stmt target) {
    if (s instanceof Stmt.Branch b) {
      return b.kind == Stmt.Branch.Kind.BREAK && b.target == target;
    }
    if (s instanceof Stmt.Block b) {
      return hasBreakList(b.stmts, target);
    }
    if (s instanceof Stmt.Labeled l) {
      return hasBreak(l.stmt, target);
    }
    if (s instanceof Stmt.If i) {
      return hasBreak(i.then, target) || i.els != null && hasBreak(i.els, target);
    }
    if (s instanceof Stmt.For f) {
      return hasBreak(f.body, target);
    }
    if (s instanceof Stmt.Range r) {
      return hasBreak(r.body, target);
    }
    if (s instanceof Stmt.Switch sw) {
      return clausesBreak(sw.clauses, target);
    }
    if (s instanceof Stmt.TypeSwitch sw) {
      return clausesBreak(sw.clauses, target);
    }
    if (s instanceof Stmt.Select sel) {
      for (Stmt.CommClause c : sel.clauses) {
        if (hasBreakList(c.body, target)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean clausesBreak(List<Stmt.CaseClause> clauses, Stmt target) {
    for (Stmt.CaseClause c : clauses) {
      if (hasBreakList(c.body, target)) {
        return true;
      }
    }
    return false;
  }
}
