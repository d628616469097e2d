package gol.interp.vet;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.types.Obj;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * go vet's unreachable analyzer: a statement no path reaches, in each function body (and, in
 * script mode, in the top-level statements, which are main's body). As go vet, it follows the
 * syntax only: a return, panic, break, continue, goto or fallthrough ends a path; an infinite
 * for, a select whose cases all end, and a switch with a default whose cases all end do too.
 */
final class Unreachable {
  private final Pass pass;
  private final Map<Stmt, Boolean> hasBreak = new IdentityHashMap<>();
  private final Set<String> hasGoto = new HashSet<>();
  private boolean reachable;

  private Unreachable(Pass pass) {
    this.pass = pass;
  }

  static void run(Pass pass) {
    List<Stmt> script = new ArrayList<>();
    for (Node n : pass.file.items) {
      if (n instanceof Stmt s) {
        script.add(s);
      }
    }
    if (!script.isEmpty()) {
      body(pass, script);
    }
    Walk.file(pass.file, n -> {
      if (n instanceof Decl.Func f && f.body != null) {
        body(pass, f.body.stmts);
      } else if (n instanceof Expr.FuncLit f) {
        body(pass, f.body.stmts);
      }
      return true;
    });
  }

  private static void body(Pass pass, List<Stmt> stmts) {
    Unreachable d = new Unreachable(pass);
    for (Stmt s : stmts) {
      d.findLabels(s);
    }
    d.reachable = true;
    for (Stmt s : stmts) {
      d.findDead(s);
    }
  }

  /** Records which statements are left by a break and which labels a goto names (not inside function literals). */
  private void findLabels(Stmt body) {
    Walk.node(body, n -> {
      if (n instanceof Expr.FuncLit) {
        return false;
      }
      if (n instanceof Stmt.Branch b) {
        if (b.kind == Stmt.Branch.Kind.GOTO && b.label != null) {
          hasGoto.add(b.label.name);
        } else if (b.kind == Stmt.Branch.Kind.BREAK && b.target != null) {
          hasBreak.put(b.target, Boolean.TRUE);
        }
      }
      return !(n instanceof Expr);
    });
  }

  private void findDead(Stmt stmt) {
    if (stmt instanceof Stmt.Labeled l && hasGoto.contains(l.label.name)) {
      reachable = true;
    }
    if (!reachable && !(stmt instanceof Stmt.Empty)) {
      pass.report(stmt, "unreachable code");
      reachable = true;
    }
    if (stmt instanceof Stmt.Block b) {
      for (Stmt s : b.stmts) {
        findDead(s);
      }
    } else if (stmt instanceof Stmt.Branch b) {
      reachable = false;
    } else if (stmt instanceof Stmt.ExprStmt x) {
      if (x.x instanceof Expr.Call c && c.fun instanceof Expr.Ident id
          && id.obj instanceof Obj.Builtin bi && bi.id == Obj.Builtin.Id.PANIC) {
        reachable = false;
      }
    } else if (stmt instanceof Stmt.For f) {
      findDead(f.body);
      reachable = f.cond != null || hasBreak.containsKey(f);
    } else if (stmt instanceof Stmt.If i) {
      findDead(i.then);
      if (i.els != null) {
        boolean r = reachable;
        reachable = true;
        findDead(i.els);
        reachable = reachable || r;
      } else {
        reachable = true;
      }
    } else if (stmt instanceof Stmt.Labeled l) {
      findDead(l.stmt);
    } else if (stmt instanceof Stmt.Range r) {
      findDead(r.body);
      reachable = true;
    } else if (stmt instanceof Stmt.Return) {
      reachable = false;
    } else if (stmt instanceof Stmt.Select s) {
      boolean any = false;
      for (Stmt.CommClause c : s.clauses) {
        reachable = true;
        for (Stmt x : c.body) {
          findDead(x);
        }
        any = any || reachable;
      }
      reachable = any || hasBreak.containsKey(s);
    } else if (stmt instanceof Stmt.Switch s) {
      clauses(s, s.clauses);
    } else if (stmt instanceof Stmt.TypeSwitch s) {
      clauses(s, s.clauses);
    }
  }

  private void clauses(Stmt sw, List<Stmt.CaseClause> cs) {
    boolean any = false;
    boolean hasDefault = false;
    for (Stmt.CaseClause c : cs) {
      if (c.exprs == null) {
        hasDefault = true;
      }
      reachable = true;
      for (Stmt x : c.body) {
        findDead(x);
      }
      any = any || reachable;
    }
    reachable = any || hasBreak.containsKey(sw) || !hasDefault;
  }
}
