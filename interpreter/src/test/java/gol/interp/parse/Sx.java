package gol.interp.parse;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import java.math.BigDecimal;
import java.util.List;

/**
 * A compact, fully parenthesised rendering of AST nodes for tests: binary expressions show their
 * grouping, so precedence is visible ({@code (a + (b * c))}).
 */
final class Sx {
  private Sx() {
  }

  static String of(Node n) {
    StringBuilder b = new StringBuilder();
    node(b, n);
    return b.toString();
  }

  private static void list(StringBuilder b, List<? extends Node> ns, String sep) {
    for (int i = 0; i < ns.size(); i++) {
      if (i > 0) {
        b.append(sep);
      }
      node(b, ns.get(i));
    }
  }

  private static void node(StringBuilder b, Node n) {
    if (n == null) {
      b.append('_');
    } else if (n instanceof Expr e) {
      expr(b, e);
    } else if (n instanceof Stmt s) {
      stmt(b, s);
    } else if (n instanceof Decl d) {
      decl(b, d);
    } else if (n instanceof Expr.Field f) {
      field(b, f);
    } else if (n instanceof Expr.Element el) {
      if (el.key != null) {
        node(b, el.key);
        b.append(": ");
      }
      node(b, el.value);
    } else {
      b.append(n.getClass().getSimpleName());
    }
  }

  private static void field(StringBuilder b, Expr.Field f) {
    for (int i = 0; i < f.names.size(); i++) {
      b.append(i > 0 ? "," : "").append(f.names.get(i).name);
    }
    if (!f.names.isEmpty()) {
      b.append(' ');
    }
    node(b, f.type);
    if (f.tag != null) {
      b.append(" tag=").append(f.tag);
    }
  }

  private static void expr(StringBuilder b, Expr e) {
    if (e instanceof Expr.Ident x) {
      b.append(x.name);
    } else if (e instanceof Expr.BasicLit x) {
      b.append(x.kind).append(':');
      if (x.value instanceof byte[] bytes) {
        for (byte by : bytes) {
          int v = by & 0xFF;
          b.append(v >= 0x20 && v < 0x7F ? String.valueOf((char) v) : String.format("\\x%02x", v));
        }
      } else if (x.value instanceof BigDecimal d) {
        b.append(d.stripTrailingZeros().toPlainString());
      } else {
        b.append(x.value);
      }
    } else if (e instanceof Expr.Binary x) {
      b.append('(');
      expr(b, x.x);
      b.append(' ').append(x.op.text).append(' ');
      expr(b, x.y);
      b.append(')');
    } else if (e instanceof Expr.Unary x) {
      b.append('(').append(x.op.text);
      expr(b, x.x);
      b.append(')');
    } else if (e instanceof Expr.Star x) {
      b.append("(*");
      expr(b, x.x);
      b.append(')');
    } else if (e instanceof Expr.Paren x) {
      b.append("paren(");
      expr(b, x.x);
      b.append(')');
    } else if (e instanceof Expr.Selector x) {
      expr(b, x.x);
      b.append('.').append(x.sel.name);
    } else if (e instanceof Expr.Index x) {
      expr(b, x.x);
      b.append('[');
      expr(b, x.index);
      b.append(']');
    } else if (e instanceof Expr.SliceExpr x) {
      expr(b, x.x);
      b.append('[');
      node(b, x.lo);
      b.append(':');
      node(b, x.hi);
      if (x.slice3) {
        b.append(':');
        node(b, x.max);
      }
      b.append(']');
    } else if (e instanceof Expr.TypeAssert x) {
      expr(b, x.x);
      b.append(".(");
      if (x.assertType == null) {
        b.append("type");
      } else {
        expr(b, x.assertType);
      }
      b.append(')');
    } else if (e instanceof Expr.Call x) {
      b.append("call(");
      expr(b, x.fun);
      for (Expr a : x.args) {
        b.append(", ");
        expr(b, a);
      }
      if (x.ellipsis) {
        b.append("...");
      }
      b.append(')');
    } else if (e instanceof Expr.CompositeLit x) {
      if (x.litType != null) {
        expr(b, x.litType);
      }
      b.append('{');
      list(b, x.elts, ", ");
      b.append('}');
    } else if (e instanceof Expr.FuncLit x) {
      b.append("funclit");
      expr(b, x.sig);
      b.append(' ');
      stmt(b, x.body);
    } else if (e instanceof Expr.FuncType x) {
      b.append("func(");
      list(b, x.params, ", ");
      b.append(')');
      if (!x.results.isEmpty()) {
        b.append(" (");
        list(b, x.results, ", ");
        b.append(')');
      }
    } else if (e instanceof Expr.ArrayType x) {
      b.append('[');
      node(b, x.len == null ? null : x.len);
      if (x.len == null) {
        b.setLength(b.length() - 1);
      }
      b.append(']');
      expr(b, x.elem);
    } else if (e instanceof Expr.Ellipsis x) {
      b.append("...");
      if (x.elem != null) {
        expr(b, x.elem);
      }
    } else if (e instanceof Expr.MapType x) {
      b.append("map[");
      expr(b, x.key);
      b.append(']');
      expr(b, x.value);
    } else if (e instanceof Expr.ChanType x) {
      b.append(switch (x.dir) {
        case BOTH -> "chan(";
        case SEND -> "chan<-(";
        case RECV -> "<-chan(";
      });
      expr(b, x.elem);
      b.append(')');
    } else if (e instanceof Expr.StructType x) {
      b.append("struct{");
      list(b, x.fields, "; ");
      b.append('}');
    } else if (e instanceof Expr.InterfaceType x) {
      b.append("interface{");
      list(b, x.elems, "; ");
      b.append('}');
    } else if (e instanceof Expr.Bad) {
      b.append("BAD");
    } else {
      b.append(e.getClass().getSimpleName());
    }
  }

  private static void stmt(StringBuilder b, Stmt s) {
    if (s instanceof Stmt.ExprStmt x) {
      expr(b, x.x);
    } else if (s instanceof Stmt.Assign x) {
      list(b, x.lhs, ", ");
      b.append(' ').append(x.op.text).append(x.op.text.equals("=") || x.op.text.equals(":=") ? "" : "=").append(' ');
      list(b, x.rhs, ", ");
    } else if (s instanceof Stmt.IncDec x) {
      expr(b, x.x);
      b.append(x.op.text);
    } else if (s instanceof Stmt.Send x) {
      expr(b, x.ch);
      b.append(" <- ");
      expr(b, x.value);
    } else if (s instanceof Stmt.DeclStmt x) {
      b.append("decl[");
      list(b, x.decls, "; ");
      b.append(']');
    } else if (s instanceof Stmt.Labeled x) {
      b.append(x.label.name).append(": ");
      stmt(b, x.stmt);
    } else if (s instanceof Stmt.Go x) {
      b.append("go ");
      expr(b, x.call);
    } else if (s instanceof Stmt.Defer x) {
      b.append("defer ");
      expr(b, x.call);
    } else if (s instanceof Stmt.Return x) {
      b.append("return");
      if (!x.results.isEmpty()) {
        b.append(' ');
        list(b, x.results, ", ");
      }
    } else if (s instanceof Stmt.Branch x) {
      b.append(x.kind.name().toLowerCase());
      if (x.label != null) {
        b.append(' ').append(x.label.name);
      }
    } else if (s instanceof Stmt.Block x) {
      b.append('{');
      list(b, x.stmts, "; ");
      b.append('}');
    } else if (s instanceof Stmt.If x) {
      b.append("if ");
      if (x.init != null) {
        stmt(b, x.init);
        b.append("; ");
      }
      expr(b, x.cond);
      b.append(' ');
      stmt(b, x.then);
      if (x.els != null) {
        b.append(" else ");
        stmt(b, x.els);
      }
    } else if (s instanceof Stmt.Switch x) {
      b.append("switch ");
      if (x.init != null) {
        stmt(b, x.init);
        b.append("; ");
      }
      node(b, x.tag);
      clauses(b, x.clauses);
    } else if (s instanceof Stmt.TypeSwitch x) {
      b.append("typeswitch ");
      if (x.init != null) {
        stmt(b, x.init);
        b.append("; ");
      }
      if (x.bind != null) {
        b.append(x.bind.name).append(" := ");
      }
      expr(b, x.x);
      clauses(b, x.clauses);
    } else if (s instanceof Stmt.Select x) {
      b.append("select {");
      for (Stmt.CommClause c : x.clauses) {
        if (c.comm == null) {
          b.append("default");
        } else {
          b.append("case ");
          stmt(b, c.comm);
        }
        b.append(": ");
        list(b, c.body, "; ");
        b.append("; ");
      }
      b.append('}');
    } else if (s instanceof Stmt.For x) {
      b.append("for ");
      node(b, x.init);
      b.append("; ");
      node(b, x.cond);
      b.append("; ");
      node(b, x.post);
      b.append(' ');
      stmt(b, x.body);
    } else if (s instanceof Stmt.Range x) {
      b.append("range ");
      node(b, x.key);
      b.append(", ");
      node(b, x.value);
      b.append(' ').append(x.op == null ? "_" : x.op.text).append(' ');
      expr(b, x.x);
      b.append(' ');
      stmt(b, x.body);
    } else if (s instanceof Stmt.Empty) {
      b.append("empty");
    } else {
      b.append(s.getClass().getSimpleName());
    }
  }

  private static void clauses(StringBuilder b, List<Stmt.CaseClause> cs) {
    b.append(" {");
    for (Stmt.CaseClause c : cs) {
      if (c.exprs == null) {
        b.append("default");
      } else {
        b.append("case ");
        list(b, c.exprs, ", ");
      }
      b.append(": ");
      list(b, c.body, "; ");
      b.append("; ");
    }
    b.append('}');
  }

  private static void decl(StringBuilder b, Decl d) {
    if (d instanceof Decl.Const c) {
      b.append("const ");
      list(b, c.names, ",");
      if (c.type != null) {
        b.append(' ');
        expr(b, c.type);
      }
      b.append(" = ");
      list(b, c.values, ", ");
      b.append(" iota=").append(c.iota);
    } else if (d instanceof Decl.Var v) {
      b.append("var ");
      list(b, v.names, ",");
      if (v.type != null) {
        b.append(' ');
        expr(b, v.type);
      }
      if (!v.values.isEmpty()) {
        b.append(" = ");
        list(b, v.values, ", ");
      }
    } else if (d instanceof Decl.Type t) {
      b.append("type ").append(t.name.name).append(t.alias ? " = " : " ");
      expr(b, t.type);
    } else if (d instanceof Decl.Func f) {
      b.append("func ");
      if (f.recv != null) {
        b.append('(');
        field(b, f.recv);
        b.append(") ");
      }
      b.append(f.name.name);
      expr(b, f.sig);
      if (f.body != null) {
        b.append(' ');
        stmt(b, f.body);
      }
    }
  }
}
