package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Tok;
import java.util.List;

/**
 * Expressions as go vet quotes them (go/printer's one-line layout, with its blanks around binary
 * operators chosen by precedence: {@code a + b*c}), and where an expression starts (go/ast's
 * Pos: gol's syntax tree places a binary expression at its operator).
 */
final class GoSyntax {
  private GoSyntax() {
  }

  /** The node holding the expression's first token. */
  static Node start(Expr e) {
    while (true) {
      if (e instanceof Expr.Binary b) {
        e = b.x;
      } else if (e instanceof Expr.Call c) {
        e = c.fun;
      } else if (e instanceof Expr.Selector s) {
        e = s.x;
      } else if (e instanceof Expr.Index i) {
        e = i.x;
      } else if (e instanceof Expr.IndexList i) {
        e = i.x;
      } else if (e instanceof Expr.SliceExpr s) {
        e = s.x;
      } else if (e instanceof Expr.TypeAssert t) {
        e = t.x;
      } else if (e instanceof Expr.CompositeLit c && c.litType != null) {
        e = c.litType;
      } else {
        return e;
      }
    }
  }

  static String format(Expr e) {
    StringBuilder b = new StringBuilder();
    expr(b, e, 0, 1);
    return b.toString();
  }

  private static int prec(Tok op) {
    switch (op) {
      case LOR: return 1;
      case LAND: return 2;
      case EQL: case NEQ: case LSS: case LEQ: case GTR: case GEQ: return 3;
      case ADD: case SUB: case OR: case XOR: return 4;
      default: return 5;
    }
  }

  /** go/printer's walkBinary: which precedences occur, and the smallest cutoff that keeps tokens apart. */
  private static int[] walkBinary(Expr.Binary e) {
    boolean has4 = false;
    boolean has5 = false;
    int maxProblem = 0;
    int p = prec(e.op);
    has4 = p == 4;
    has5 = p == 5;
    if (e.x instanceof Expr.Binary l && prec(l.op) >= p) {
      int[] r = walkBinary(l);
      has4 |= r[0] != 0;
      has5 |= r[1] != 0;
      maxProblem = Math.max(maxProblem, r[2]);
    }
    if (e.y instanceof Expr.Binary r && prec(r.op) > p) {
      int[] rr = walkBinary(r);
      has4 |= rr[0] != 0;
      has5 |= rr[1] != 0;
      maxProblem = Math.max(maxProblem, rr[2]);
    } else if (e.y instanceof Expr.Star && e.op == Tok.QUO) {
      maxProblem = 5;
    } else if (e.y instanceof Expr.Unary u) {
      String pair = e.op.text + u.op.text;
      if (pair.equals("/*") || pair.equals("&&") || pair.equals("&^")) {
        maxProblem = 5;
      } else if ((pair.equals("++") || pair.equals("--")) && maxProblem < 4) {
        maxProblem = 4;
      }
    }
    return new int[] {has4 ? 1 : 0, has5 ? 1 : 0, maxProblem};
  }

  private static int cutoff(Expr.Binary e, int depth) {
    int[] w = walkBinary(e);
    if (w[2] > 0) {
      return w[2] + 1;
    }
    if (w[0] != 0 && w[1] != 0) {
      return depth == 1 ? 5 : 4;
    }
    return depth == 1 ? 6 : 4;
  }

  private static int diffPrec(Expr x, int p) {
    return x instanceof Expr.Binary b && prec(b.op) == p ? 0 : 1;
  }

  private static void binary(StringBuilder b, Expr.Binary x, int cutoff, int depth) {
    int p = prec(x.op);
    boolean blank = p < cutoff;
    expr(b, x.x, p, depth + diffPrec(x.x, p));
    if (blank) {
      b.append(' ');
    }
    b.append(x.op.text);
    if (blank) {
      b.append(' ');
    }
    expr(b, x.y, p + 1, depth + 1);
  }

  private static void list(StringBuilder b, List<Expr> xs, int depth) {
    for (int i = 0; i < xs.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      expr(b, xs.get(i), 0, depth);
    }
  }

  private static void expr(StringBuilder b, Expr e, int prec1, int depth) {
    if (e == null) {
      return;
    }
    if (e instanceof Expr.Binary x) {
      binary(b, x, cutoff(x, depth), depth);
    } else if (e instanceof Expr.Ident x) {
      b.append(x.name);
    } else if (e instanceof Expr.BasicLit x) {
      b.append(x.text);
    } else if (e instanceof Expr.Paren x) {
      if (x.x instanceof Expr.Paren) {
        expr(b, x.x, 0, depth);
      } else {
        b.append('(');
        expr(b, x.x, 0, depth > 1 ? depth - 1 : depth);
        b.append(')');
      }
    } else if (e instanceof Expr.Selector x) {
      expr(b, x.x, 7, depth);
      b.append('.').append(x.sel.name);
    } else if (e instanceof Expr.Index x) {
      expr(b, x.x, 7, 1);
      b.append('[');
      expr(b, x.index, 0, depth + 1);
      b.append(']');
    } else if (e instanceof Expr.IndexList x) {
      expr(b, x.x, 7, 1);
      b.append('[');
      list(b, x.indices, depth + 1);
      b.append(']');
    } else if (e instanceof Expr.SliceExpr x) {
      expr(b, x.x, 7, 1);
      b.append('[');
      Expr[] parts = x.slice3 ? new Expr[] {x.lo, x.hi, x.max} : new Expr[] {x.lo, x.hi};
      int count = 0;
      boolean binaries = false;
      for (Expr p : parts) {
        if (p != null) {
          count++;
          binaries |= p instanceof Expr.Binary;
        }
      }
      boolean blanks = depth <= 1 && count > 1 && binaries;
      for (int i = 0; i < parts.length; i++) {
        if (i > 0) {
          b.append(parts[i - 1] != null && blanks ? " :" : ":");
          if (parts[i] != null && blanks) {
            b.append(' ');
          }
        }
        expr(b, parts[i], 0, depth + 1);
      }
      b.append(']');
    } else if (e instanceof Expr.TypeAssert x) {
      expr(b, x.x, 7, depth);
      b.append(".(");
      if (x.assertType == null) {
        b.append("type");
      } else {
        expr(b, x.assertType, 0, depth);
      }
      b.append(')');
    } else if (e instanceof Expr.Call x) {
      int d = x.args.size() > 1 ? depth + 1 : depth;
      expr(b, x.fun, 7, d);
      b.append('(');
      list(b, x.args, d);
      if (x.ellipsis) {
        b.append("...");
      }
      b.append(')');
    } else if (e instanceof Expr.Star x) {
      b.append('*');
      expr(b, x.x, 6, depth);
    } else if (e instanceof Expr.Unary x) {
      if (prec1 > 6) {
        b.append('(');
        b.append(x.op.text);
        expr(b, x.x, 6, depth);
        b.append(')');
      } else {
        b.append(x.op.text);
        expr(b, x.x, 6, depth);
      }
    } else if (e instanceof Expr.CompositeLit x) {
      expr(b, x.litType, 7, depth);
      b.append('{');
      for (int i = 0; i < x.elts.size(); i++) {
        if (i > 0) {
          b.append(", ");
        }
        Expr.Element el = x.elts.get(i);
        if (el.key != null) {
          expr(b, el.key, 0, 1);
          b.append(": ");
        }
        expr(b, el.value, 0, 1);
      }
      b.append('}');
    } else if (e instanceof Expr.FuncLit x) {
      expr(b, x.sig, 0, depth);
      b.append(x.body.stmts.isEmpty() ? " {}" : " {…}");
    } else {
      b.append(gol.interp.parse.AstString.expr(e));
    }
  }
}
