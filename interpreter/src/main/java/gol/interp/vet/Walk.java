package gol.interp.vet;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A preorder walk over a checked file's syntax tree, in source order, as go/ast's Inspect: the
 * visitor sees a node before its children and returns false to skip them. The values of a
 * repeated constant spec (which share the previous spec's nodes) are visited once.
 */
final class Walk {
  interface Visitor {
    boolean visit(Node n);
  }

  private final Visitor v;
  private final Map<Node, Boolean> seen = new IdentityHashMap<>();

  private Walk(Visitor v) {
    this.v = v;
  }

  static void file(File f, Visitor v) {
    Walk w = new Walk(v);
    for (Node n : f.items) {
      w.node(n);
    }
  }

  static void node(Node n, Visitor v) {
    new Walk(v).node(n);
  }

  private void all(List<? extends Node> ns) {
    if (ns != null) {
      for (Node n : ns) {
        node(n);
      }
    }
  }

  private void node(Node n) {
    if (n == null || !v.visit(n)) {
      return;
    }
    if (n instanceof Decl d) {
      decl(d);
    } else if (n instanceof Stmt s) {
      stmt(s);
    } else if (n instanceof Expr e) {
      expr(e);
    } else if (n instanceof Expr.Element el) {
      node(el.key);
      node(el.value);
    } else if (n instanceof Expr.Field f) {
      all(f.names);
      node(f.type);
    } else if (n instanceof Stmt.CaseClause c) {
      all(c.exprs);
      all(c.body);
    } else if (n instanceof Stmt.CommClause c) {
      node(c.comm);
      all(c.body);
    }
  }

  private void decl(Decl d) {
    if (d instanceof Decl.Const c) {
      all(c.names);
      if (c.values.isEmpty() || seen.put(c.values.get(0), Boolean.TRUE) == null) {
        node(c.type);
        all(c.values);
      }
    } else if (d instanceof Decl.Var x) {
      all(x.names);
      node(x.type);
      all(x.values);
    } else if (d instanceof Decl.Type t) {
      node(t.name);
      all(t.typeParams);
      node(t.type);
    } else if (d instanceof Decl.Func f) {
      node(f.recv);
      node(f.name);
      all(f.typeParams);
      node(f.sig);
      node(f.body);
    }
  }

  private void stmt(Stmt s) {
    if (s instanceof Stmt.DeclStmt x) {
      all(x.decls);
    } else if (s instanceof Stmt.Labeled x) {
      node(x.label);
      node(x.stmt);
    } else if (s instanceof Stmt.ExprStmt x) {
      node(x.x);
    } else if (s instanceof Stmt.Send x) {
      node(x.ch);
      node(x.value);
    } else if (s instanceof Stmt.IncDec x) {
      node(x.x);
    } else if (s instanceof Stmt.Assign x) {
      all(x.lhs);
      all(x.rhs);
    } else if (s instanceof Stmt.Go x) {
      node(x.call);
    } else if (s instanceof Stmt.Defer x) {
      node(x.call);
    } else if (s instanceof Stmt.Return x) {
      all(x.results);
    } else if (s instanceof Stmt.Branch x) {
      node(x.label);
    } else if (s instanceof Stmt.Block x) {
      all(x.stmts);
    } else if (s instanceof Stmt.If x) {
      node(x.init);
      node(x.cond);
      node(x.then);
      node(x.els);
    } else if (s instanceof Stmt.Switch x) {
      node(x.init);
      node(x.tag);
      all(x.clauses);
    } else if (s instanceof Stmt.TypeSwitch x) {
      node(x.init);
      node(x.bind);
      node(x.x);
      all(x.clauses);
    } else if (s instanceof Stmt.Select x) {
      all(x.clauses);
    } else if (s instanceof Stmt.For x) {
      node(x.init);
      node(x.cond);
      node(x.post);
      node(x.body);
    } else if (s instanceof Stmt.Range x) {
      node(x.key);
      node(x.value);
      node(x.x);
      node(x.body);
    }
  }

  private void expr(Expr e) {
    if (e instanceof Expr.CompositeLit x) {
      node(x.litType);
      all(x.elts);
    } else if (e instanceof Expr.FuncLit x) {
      node(x.sig);
      node(x.body);
    } else if (e instanceof Expr.Paren x) {
      node(x.x);
    } else if (e instanceof Expr.Selector x) {
      node(x.x);
      node(x.sel);
    } else if (e instanceof Expr.Index x) {
      node(x.x);
      node(x.index);
    } else if (e instanceof Expr.IndexList x) {
      node(x.x);
      all(x.indices);
    } else if (e instanceof Expr.Union x) {
      all(x.terms);
    } else if (e instanceof Expr.Tilde x) {
      node(x.type);
    } else if (e instanceof Expr.SliceExpr x) {
      node(x.x);
      node(x.lo);
      node(x.hi);
      node(x.max);
    } else if (e instanceof Expr.TypeAssert x) {
      node(x.x);
      node(x.assertType);
    } else if (e instanceof Expr.Call x) {
      node(x.fun);
      all(x.args);
    } else if (e instanceof Expr.Star x) {
      node(x.x);
    } else if (e instanceof Expr.Unary x) {
      node(x.x);
    } else if (e instanceof Expr.Binary x) {
      node(x.x);
      node(x.y);
    } else if (e instanceof Expr.ArrayType x) {
      node(x.len);
      node(x.elem);
    } else if (e instanceof Expr.Ellipsis x) {
      node(x.elem);
    } else if (e instanceof Expr.StructType x) {
      all(x.fields);
    } else if (e instanceof Expr.FuncType x) {
      all(x.params);
      all(x.results);
    } else if (e instanceof Expr.InterfaceType x) {
      all(x.elems);
    } else if (e instanceof Expr.MapType x) {
      node(x.key);
      node(x.value);
    } else if (e instanceof Expr.ChanType x) {
      node(x.elem);
    }
  }
}
