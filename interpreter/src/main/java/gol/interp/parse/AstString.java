package gol.interp.parse;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import java.util.List;

/**
 * Expressions and simple statements as source text, for error messages, the way gc's
 * {@code syntax.String} shortens them: function bodies and composite literal elements become
 * {@code {…}}. Usable by any pass that quotes code in a message ({@code x.f undefined}).
 */
public final class AstString {
  private AstString() {
  }

  public static String expr(Expr e) {
    StringBuilder b = new StringBuilder();
    expr(b, e);
    return b.toString();
  }

  /** A simple statement: {@code x := 1}, {@code x++}, {@code ch <- v}, {@code x += 2}. */
  public static String stmt(Stmt s) {
    StringBuilder b = new StringBuilder();
    if (s instanceof Stmt.ExprStmt x) {
      expr(b, x.x);
    } else if (s instanceof Stmt.Assign a) {
      list(b, a.lhs);
      b.append(' ');
      if (a.op == Tok.ASSIGN || a.op == Tok.DEFINE) {
        b.append(a.op.text);
      } else {
        b.append(a.op.text).append('=');
      }
      b.append(' ');
      list(b, a.rhs);
    } else if (s instanceof Stmt.IncDec i) {
      expr(b, i.x);
      b.append(i.op.text);
    } else if (s instanceof Stmt.Send sd) {
      expr(b, sd.ch);
      b.append(" <- ");
      expr(b, sd.value);
    } else {
      b.append(s.getClass().getSimpleName());
    }
    return b.toString();
  }

  private static void list(StringBuilder b, List<Expr> xs) {
    for (int i = 0; i < xs.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      expr(b, xs.get(i));
    }
  }

  private static void expr(StringBuilder b, Expr e) {
    if (e == null) {
      return;
    }
    if (e instanceof Expr.Ident x) {
      b.append(x.name);
    } else if (e instanceof Expr.BasicLit x) {
      b.append(x.text);
    } else if (e instanceof Expr.CompositeLit x) {
      expr(b, x.litType);
      b.append(x.elts.isEmpty() ? "{}" : "{…}");
    } else if (e instanceof Expr.FuncLit x) {
      expr(b, x.sig);
      b.append(x.body.stmts.isEmpty() ? " {}" : " {…}");
    } else if (e instanceof Expr.TupleElem x) {
      expr(b, x.call); // a result of f() in copy(f()): printed as the call
    } else if (e instanceof Expr.Paren x) {
      b.append('(');
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
    } else if (e instanceof Expr.IndexList x) {
      expr(b, x.x);
      b.append('[');
      for (int i = 0; i < x.indices.size(); i++) {
        if (i > 0) {
          b.append(", ");
        }
        expr(b, x.indices.get(i));
      }
      b.append(']');
    } else if (e instanceof Expr.Union x) {
      for (int i = 0; i < x.terms.size(); i++) {
        if (i > 0) {
          b.append(" | ");
        }
        expr(b, x.terms.get(i));
      }
    } else if (e instanceof Expr.Tilde x) {
      b.append('~');
      expr(b, x.type);
    } else if (e instanceof Expr.SliceExpr x) {
      expr(b, x.x);
      b.append('[');
      expr(b, x.lo);
      b.append(':');
      expr(b, x.hi);
      if (x.slice3) {
        b.append(':');
        expr(b, x.max);
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
      expr(b, x.fun);
      b.append('(');
      list(b, x.args);
      if (x.ellipsis) {
        b.append("...");
      }
      b.append(')');
    } else if (e instanceof Expr.Star x) {
      b.append('*');
      expr(b, x.x);
    } else if (e instanceof Expr.Unary x) {
      b.append(x.op.text);
      expr(b, x.x);
    } else if (e instanceof Expr.Binary x) {
      expr(b, x.x);
      b.append(' ').append(x.op.text).append(' ');
      expr(b, x.y);
    } else if (e instanceof Expr.ArrayType x) {
      b.append('[');
      expr(b, x.len);
      b.append(']');
      expr(b, x.elem);
    } else if (e instanceof Expr.Ellipsis x) {
      b.append("...");
      expr(b, x.elem);
    } else if (e instanceof Expr.StructType x) {
      b.append("struct{");
      fields(b, x.fields, "; ");
      b.append('}');
    } else if (e instanceof Expr.FuncType x) {
      b.append("func");
      signature(b, x);
    } else if (e instanceof Expr.InterfaceType x) {
      b.append("interface{");
      for (int i = 0; i < x.elems.size(); i++) {
        if (i > 0) {
          b.append("; ");
        }
        Expr.Field f = x.elems.get(i);
        if (f.names.isEmpty()) {
          expr(b, f.type);
        } else {
          b.append(f.names.get(0).name);
          signature(b, (Expr.FuncType) f.type);
        }
      }
      b.append('}');
    } else if (e instanceof Expr.MapType x) {
      b.append("map[");
      expr(b, x.key);
      b.append(']');
      expr(b, x.value);
    } else if (e instanceof Expr.ChanType x) {
      b.append(x.dir == Expr.ChanType.Dir.RECV ? "<-chan " : x.dir == Expr.ChanType.Dir.SEND ? "chan<- " : "chan ");
      expr(b, x.elem);
    } else if (e instanceof Expr.Bad) {
      b.append("BadExpr");
    } else {
      b.append(e.getClass().getSimpleName());
    }
  }

  private static void signature(StringBuilder b, Expr.FuncType f) {
    b.append('(');
    fields(b, f.params, ", ");
    b.append(')');
    if (f.results.isEmpty()) {
      return;
    }
    b.append(' ');
    if (f.results.size() == 1 && f.results.get(0).names.isEmpty()) {
      expr(b, f.results.get(0).type);
    } else {
      b.append('(');
      fields(b, f.results, ", ");
      b.append(')');
    }
  }

  private static void fields(StringBuilder b, List<Expr.Field> fs, String sep) {
    for (int i = 0; i < fs.size(); i++) {
      if (i > 0) {
        b.append(sep);
      }
      Expr.Field f = fs.get(i);
      for (int k = 0; k < f.names.size(); k++) {
        b.append(k > 0 ? ", " : "").append(f.names.get(k).name);
      }
      if (!f.names.isEmpty()) {
        b.append(' ');
      }
      expr(b, f.type);
      if (f.tag != null) {
        b.append(" \"").append(f.tag).append('"');
      }
    }
  }
}
