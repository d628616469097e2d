package gol.interp.check;

import gol.interp.ast.Expr;
import java.util.List;

/** Prints an expression the way gc's syntax printer does in error messages ({@code []int{…}}). */
final class ExprString {
  private ExprString() {
  }

  static String of(Expr e) {
    StringBuilder b = new StringBuilder();
    write(b, e);
    return b.toString();
  }

  private static void write(StringBuilder b, Expr e) {
    if (e == null) {
      return;
    }
    if (e instanceof Expr.Ident x) {
      b.append(x.name);
    } else if (e instanceof Expr.BasicLit x) {
      b.append(x.text);
    } else if (e instanceof Expr.FuncLit x) {
      b.append("func");
      signature(b, x.sig);
      b.append(" {…}");
    } else if (e instanceof Expr.CompositeLit x) {
      write(b, x.litType);
      b.append(x.elts.isEmpty() ? "{}" : "{…}");
    } else if (e instanceof Expr.Paren x) {
      b.append('(');
      write(b, x.x);
      b.append(')');
    } else if (e instanceof Expr.Selector x) {
      write(b, x.x);
      b.append('.').append(x.sel.name);
    } else if (e instanceof Expr.Index x) {
      write(b, x.x);
      b.append('[');
      write(b, x.index);
      b.append(']');
    } else if (e instanceof Expr.SliceExpr x) {
      write(b, x.x);
      b.append('[');
      write(b, x.lo);
      b.append(':');
      write(b, x.hi);
      if (x.slice3) {
        b.append(':');
        write(b, x.max);
      }
      b.append(']');
    } else if (e instanceof Expr.TypeAssert x) {
      write(b, x.x);
      b.append(".(");
      if (x.assertType == null) {
        b.append("type");
      } else {
        write(b, x.assertType);
      }
      b.append(')');
    } else if (e instanceof Expr.Call x) {
      write(b, x.fun);
      b.append('(');
      list(b, x.args);
      if (x.ellipsis) {
        b.append("...");
      }
      b.append(')');
    } else if (e instanceof Expr.Star x) {
      b.append('*');
      write(b, x.x);
    } else if (e instanceof Expr.Unary x) {
      b.append(x.op.text);
      write(b, x.x);
    } else if (e instanceof Expr.Binary x) {
      write(b, x.x);
      b.append(' ').append(x.op.text).append(' ');
      write(b, x.y);
    } else if (e instanceof Expr.ArrayType x) {
      b.append('[');
      if (x.len instanceof Expr.Ellipsis) {
        b.append("...");
      } else {
        write(b, x.len);
      }
      b.append(']');
      write(b, x.elem);
    } else if (e instanceof Expr.Ellipsis x) {
      b.append("...");
      write(b, x.elem);
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
        if (!f.names.isEmpty() && f.type instanceof Expr.FuncType ft) {
          b.append(f.names.get(0).name);
          signature(b, ft);
        } else {
          write(b, f.type);
        }
      }
      b.append('}');
    } else if (e instanceof Expr.MapType x) {
      b.append("map[");
      write(b, x.key);
      b.append(']');
      write(b, x.value);
    } else if (e instanceof Expr.ChanType x) {
      switch (x.dir) {
        case SEND: b.append("chan<- "); break;
        case RECV: b.append("<-chan "); break;
        default: b.append("chan ");
      }
      write(b, x.elem);
    } else if (e instanceof Expr.Bad) {
      b.append("BadExpr");
    }
  }

  private static void list(StringBuilder b, List<Expr> xs) {
    for (int i = 0; i < xs.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      write(b, xs.get(i));
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
      write(b, f.results.get(0).type);
      return;
    }
    b.append('(');
    fields(b, f.results, ", ");
    b.append(')');
  }

  private static void fields(StringBuilder b, List<Expr.Field> fs, String sep) {
    for (int i = 0; i < fs.size(); i++) {
      if (i > 0) {
        b.append(sep);
      }
      Expr.Field f = fs.get(i);
      for (int j = 0; j < f.names.size(); j++) {
        if (j > 0) {
          b.append(", ");
        }
        b.append(f.names.get(j).name);
      }
      if (!f.names.isEmpty()) {
        b.append(' ');
      }
      write(b, f.type);
    }
  }
}
