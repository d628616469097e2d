package gol.interp.gofmt;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The spacing decisions gofmt takes from the syntax tree (go/printer's binaryExpr, cutoff,
 * walkBinary and SliceExpr): whether a binary operator gets blanks around it — which depends on
 * the operators' precedences in the whole expression and on how deeply the expression is nested
 * in call arguments and index expressions ("a*b + c", "f(a+b)", "x[i+1]") — and whether the
 * colons of a slice expression do ("s[i+1 : j]"). Keyed by source position (line << 32 | col):
 * a binary operator's own position, a slice expression's first index's leftmost token.
 */
final class ExprLayout {
  /** Binary operator position → whether blanks surround it. */
  final Map<Long, Boolean> binaryBlank = new HashMap<>();
  /** Leftmost position of a slice expression's first present index → blanks around its colons. */
  final Map<Long, Boolean> sliceBlank = new HashMap<>();
  /** Positions of the "[" of array and slice types (not index expressions). */
  final java.util.Set<Long> typeBrackets = new java.util.HashSet<>();
  /**
   * Positions of the first token of a generic type declaration's type: gofmt separates it from
   * the "]" that ends the type parameters ("type Box[T any] struct").
   */
  final java.util.Set<Long> afterTypeParams = new java.util.HashSet<>();
  /**
   * Positions of function types (their "func", or their "(" where the parser places them as gc
   * does; not function literals or declarations): no body follows them, so a "{" after one opens a composite literal
   * ("[]func(int) int{f, g}").
   */
  final java.util.Set<Long> funcTypes = new java.util.HashSet<>();
  /**
   * Positions of identifiers followed by "[" that are not a field's or spec's names: an embedded
   * instantiated type ("List[int]" in a struct) and a generic type's name in a type group; gofmt
   * puts no cell break (tab) after them.
   */
  final java.util.Set<Long> genericNames = new java.util.HashSet<>();

  /**
   * Positions of the statements of a statement list that print a block of their own (if, for,
   * switch, a non-empty select, a nested block) or a label: go/printer always breaks the line
   * inside such a block and after a label, so a function body holding one is never kept on one
   * line.
   */
  final java.util.Set<Long> blockStmts = new java.util.HashSet<>();

  /**
   * A function type called as a conversion ("func(int) int(nil)"): its position → the position
   * of the call's "(". go/printer parenthesizes such a type.
   */
  final Map<Long, Long> calledFuncTypes = new HashMap<>();
  /**
   * The first token of each parameter's, result's, receiver's and type parameter's type (unions
   * aside) → whether the parameter is unnamed: go/printer drops parentheses around such a type
   * ({@link ParamParens}).
   */
  final Map<Long, Boolean> paramTypes = new HashMap<>();
  /**
   * The first token of each var and const spec's values: go/printer's valueSpec prints them with
   * no position before them, so a line break after the "=" goes (a comment there keeps its line,
   * and the values start at the spec's indentation).
   */
  final java.util.Set<Long> specValues = new java.util.HashSet<>();
  /** The "(" of every call and conversion: go/printer drops blank lines before their ")". */
  final java.util.Set<Long> callParens = new java.util.HashSet<>();

  /**
   * go/printer indents the operand after a binary operator that ends a line once more, for as
   * long as that operand lasts, so a broken operand inside a broken operand ("a &&\n(b ||\nc)")
   * is indented twice. For the first token of each such operand: {how many broken operators'
   * right operands it is in, the position of the first token of the outermost binary expression}
   * — its line is indented that many more than the line where that expression starts. Brackets
   * other than parentheses start afresh (their lines are indented from the bracket's line).
   */
  final Map<Long, long[]> binaryIndent = new HashMap<>();
  /** The first tokens of the outermost binary expressions in {@link #binaryIndent}. */
  final java.util.Set<Long> binaryStarts = new java.util.HashSet<>();
  private long chainStart = -1;
  private int chainBreaks;

  private static final int LOWEST = 0;
  private static final int UNARY = 6;
  private static final int HIGHEST = 7;

  /**
   * The first go or defer statement whose operand is not a plain call (the checker reports it
   * when a program runs; gofmt, like go/parser, takes it as a syntax error); null if none.
   */
  Lexer.SyntaxError callError;

  private void parenthesized(Expr x, String keyword) {
    if (x != null && callError == null) {
      callError = new Lexer.SyntaxError(x.line, x.col, "expression in " + keyword + " must not be parenthesized");
    }
  }

  static ExprLayout of(File f) {
    ExprLayout l = new ExprLayout();
    for (Node item : f.items) {
      l.node(item);
    }
    return l;
  }

  private void node(Node n) {
    if (n instanceof Decl d) {
      decl(d);
    } else if (n instanceof Stmt s) {
      stmt(s);
    }
  }

  private void decl(Decl d) {
    if (d instanceof Decl.Func f) {
      if (f.recv != null) {
        params(List.of(f.recv));
      }
      params(f.typeParams);
      signature(f.sig);
      if (f.body != null) {
        stmt(f.body);
      }
    } else if (d instanceof Decl.Var v) {
      if (v.type != null) {
        type(v.type);
      }
      list(v.values, 1);
      if (!v.values.isEmpty()) {
        specValues.add(leftmost(v.values.get(0)));
      }
    } else if (d instanceof Decl.Const c) {
      if (c.type != null) {
        type(c.type);
      }
      if (!c.inherited && !c.values.isEmpty()) {
        specValues.add(leftmost(c.values.get(0)));
      }
      if (c.group == null || c.iota >= 0) {
        list(c.values, 1);
      }
    } else if (d instanceof Decl.Type t) {
      if (!t.typeParams.isEmpty()) {
        genericNames.add(pos(t.name));
      }
      params(t.typeParams);
      if (!t.typeParams.isEmpty() && t.type != null) {
        afterTypeParams.add(leftmost(t.type));
      }
      type(t.type);
    }
  }

  private void stmts(List<Stmt> l) {
    if (l == null) {
      return;
    }
    for (Stmt s : l) {
      Stmt inner = s;
      if (inner instanceof Stmt.Labeled) {
        blockStmts.add(pos(inner)); // go/printer breaks the line after a label
      }
      while (inner instanceof Stmt.Labeled lb) {
        inner = lb.stmt;
      }
      if (inner instanceof Stmt.Select sel && sel.clauses.isEmpty()) {
        // "select {}" is printed on one line
      } else if (inner instanceof Stmt.If || inner instanceof Stmt.Switch || inner instanceof Stmt.TypeSwitch
          || inner instanceof Stmt.Select || inner instanceof Stmt.For || inner instanceof Stmt.Range
          || inner instanceof Stmt.Block) {
        blockStmts.add(pos(inner));
      }
      stmt(s);
    }
  }

  private void stmt(Stmt s) {
    if (s == null) {
      return;
    }
    if (s instanceof Stmt.Block b) {
      if (b.stmts != null) {
        stmts(b.stmts);
      }
    } else if (s instanceof Stmt.ExprStmt e) {
      expr(e.x);
    } else if (s instanceof Stmt.Assign a) {
      int depth = a.lhs.size() > 1 && a.rhs.size() > 1 ? 2 : 1;
      list(a.lhs, depth);
      list(a.rhs, depth);
    } else if (s instanceof Stmt.DeclStmt d) {
      for (Decl x : d.decls) {
        decl(x);
      }
    } else if (s instanceof Stmt.Labeled l) {
      stmt(l.stmt);
    } else if (s instanceof Stmt.Send x) {
      expr(x.ch);
      expr(x.value);
    } else if (s instanceof Stmt.IncDec x) {
      expr(x.x);
    } else if (s instanceof Stmt.Go g) {
      parenthesized(g.parenthesized, "go");
      expr(g.call);
    } else if (s instanceof Stmt.Defer d) {
      parenthesized(d.parenthesized, "defer");
      expr(d.call);
    } else if (s instanceof Stmt.Bad b && b.notCall != null && callError == null) {
      // go/parser reports it at the end of the operand
      String text = gol.interp.parse.AstString.expr(b.notCall);
      callError = new Lexer.SyntaxError(b.notCall.line, b.notCall.col + text.length(),
          "expression in " + b.keyword + " must be function call");
    } else if (s instanceof Stmt.Return r) {
      list(r.results, 1);
    } else if (s instanceof Stmt.If i) {
      stmt(i.init);
      expr(i.cond);
      stmt(i.then);
      stmt(i.els);
    } else if (s instanceof Stmt.Switch w) {
      stmt(w.init);
      if (w.tag != null) {
        expr(w.tag);
      }
      for (Stmt.CaseClause c : w.clauses) {
        list(c.exprs, 1);
        stmts(c.body);
      }
    } else if (s instanceof Stmt.TypeSwitch w) {
      stmt(w.init);
      expr(w.x);
      for (Stmt.CaseClause c : w.clauses) {
        for (Expr e : c.exprs == null ? List.<Expr>of() : c.exprs) {
          if (e != null) {
            type(e);
          }
        }
        stmts(c.body);
      }
    } else if (s instanceof Stmt.Select sel) {
      for (Stmt.CommClause c : sel.clauses) {
        stmt(c.comm);
        stmts(c.body);
      }
    } else if (s instanceof Stmt.For f) {
      stmt(f.init);
      if (f.cond != null) {
        expr(f.cond);
      }
      stmt(f.post);
      stmt(f.body);
    } else if (s instanceof Stmt.Range r) {
      if (r.key != null) {
        expr(r.key);
      }
      if (r.value != null) {
        expr(r.value);
      }
      expr(r.x);
      stmt(r.body);
    }
  }

  private void list(List<Expr> l, int depth) {
    if (l == null) {
      return;
    }
    for (Expr e : l) {
      if (e != null) {
        expr1(e, LOWEST, depth);
      }
    }
  }

  private void expr(Expr e) {
    expr1(e, LOWEST, 1);
  }

  private void type(Expr t) {
    if (t != null) {
      expr1(t, LOWEST, 1);
    }
  }

  /** A function's parameters and results (of a declaration, a literal or a function type). */
  private void signature(Expr.FuncType f) {
    if (f != null) {
      params(f.params);
      params(f.results);
    }
  }

  private void params(List<Expr.Field> fs) {
    if (fs == null) {
      return;
    }
    for (Expr.Field f : fs) {
      if (f.type != null && !(f.type instanceof Expr.Union)) {
        paramTypes.put(leftmost(f.type), f.names.isEmpty());
      }
    }
    fields(fs);
  }

  private void fields(List<Expr.Field> fs) {
    if (fs == null) {
      return;
    }
    for (Expr.Field f : fs) {
      type(f.type);
    }
  }

  private void expr1(Expr e, int prec1, int depth) {
    if (e == null) {
      return;
    }
    if (e instanceof Expr.Binary || e instanceof Expr.Paren || e instanceof Expr.Unary
        || e instanceof Expr.Union || e instanceof Expr.Tilde) {
      expr2(e, prec1, depth);
      return;
    }
    long start = chainStart;
    int breaks = chainBreaks;
    chainStart = -1;
    chainBreaks = 0;
    expr2(e, prec1, depth);
    chainStart = start;
    chainBreaks = breaks;
  }

  private static int line(long pos) {
    return (int) (pos >>> 32);
  }

  private void expr2(Expr e, int prec1, int depth) {
    if (e instanceof Expr.Binary b) {
      int prec = prec(b.op);
      int cutoff = cutoff(b, depth);
      binaryBlank.put(pos(b), prec < cutoff);
      boolean outermost = chainStart < 0;
      if (outermost) {
        chainStart = leftmost(b);
      }
      expr1(b.x, prec, depth + diffPrec(b.x, prec));
      long y = leftmost(b.y);
      boolean broken = line(y) > line(pos(b));
      if (broken) {
        chainBreaks++;
        binaryIndent.put(y, new long[] {chainBreaks, chainStart});
        binaryStarts.add(chainStart);
      }
      expr1(b.y, prec + 1, depth + 1);
      if (broken) {
        chainBreaks--;
      }
      if (outermost) {
        chainStart = -1;
      }
    } else if (e instanceof Expr.Unary u) {
      expr1(u.x, UNARY, depth);
    } else if (e instanceof Expr.Star s) {
      expr1(s.x, LOWEST, 1); // go/printer prints a StarExpr's operand with p.expr: depth 1 again
    } else if (e instanceof Expr.Paren p) {
      expr1(p.x, LOWEST, p.x instanceof Expr.Paren ? depth : depth > 1 ? depth - 1 : depth);
    } else if (e instanceof Expr.Selector s) {
      expr1(s.x, HIGHEST, depth);
    } else if (e instanceof Expr.TypeAssert t) {
      expr1(t.x, HIGHEST, depth);
      type(t.assertType);
    } else if (e instanceof Expr.Index ix) {
      expr1(ix.x, HIGHEST, 1);
      expr1(ix.index, LOWEST, depth + 1);
    } else if (e instanceof Expr.SliceExpr s) {
      expr1(s.x, HIGHEST, 1);
      Expr[] idx = s.slice3 ? new Expr[] {s.lo, s.hi, s.max} : new Expr[] {s.lo, s.hi};
      int count = 0;
      boolean binaries = false;
      Expr first = null;
      for (Expr x : idx) {
        if (x != null) {
          count++;
          binaries |= x instanceof Expr.Binary;
          if (first == null) {
            first = x;
          }
        }
      }
      if (first != null) {
        sliceBlank.put(leftmost(first), depth <= 1 && count > 1 && binaries);
      }
      for (Expr x : idx) {
        expr1(x, LOWEST, depth + 1);
      }
    } else if (e instanceof Expr.Call c) {
      callParens.add(((long) c.lparenLine << 32) | c.lparenCol);
      if (c.fun instanceof Expr.FuncType ft) {
        calledFuncTypes.put(pos(ft), ((long) c.lparenLine << 32) | c.lparenCol);
      }
      int d = c.args.size() > 1 ? depth + 1 : depth;
      expr1(c.fun, HIGHEST, d);
      list(c.args, d);
    } else if (e instanceof Expr.CompositeLit c) {
      if (c.litType != null) {
        expr1(c.litType, HIGHEST, depth);
      }
      for (Expr.Element el : c.elts) {
        if (el.key != null) {
          expr(el.key);
        }
        expr(el.value);
      }
    } else if (e instanceof Expr.FuncLit f) {
      signature(f.sig);
      stmt(f.body);
    } else if (e instanceof Expr.ArrayType a) {
      typeBrackets.add(pos(a));
      if (a.len != null) {
        expr(a.len);
      }
      type(a.elem);
    } else if (e instanceof Expr.Union u) {
      long start = leftmost(u.terms.get(0));
      long prev = start;
      for (Expr t : u.terms) {
        long at = leftmost(t);
        if (line(at) > line(prev)) {
          binaryIndent.put(at, new long[] {1, start});
          binaryStarts.add(start);
        }
        prev = at;
        type(t);
      }
    } else if (e instanceof Expr.Tilde t) {
      type(t.type);
    } else if (e instanceof Expr.MapType m) {
      type(m.key);
      type(m.value);
    } else if (e instanceof Expr.ChanType c) {
      type(c.elem);
    } else if (e instanceof Expr.Ellipsis el) {
      type(el.elem);
    } else if (e instanceof Expr.FuncType f) {
      funcTypes.add(pos(f));
      signature(f);
    } else if (e instanceof Expr.StructType s) {
      for (Expr.Field f : s.fields) {
        Expr t = f.type instanceof Expr.Star st ? st.x : f.type;
        if (f.names.isEmpty() && (t instanceof Expr.Index || t instanceof Expr.IndexList)) {
          genericNames.add(leftmost(t));
        }
      }
      fields(s.fields);
    } else if (e instanceof Expr.InterfaceType i) {
      fields(i.elems);
    }
  }

  static int prec(Tok op) {
    switch (op) {
      case LOR:
        return 1;
      case LAND:
        return 2;
      case EQL, NEQ, LSS, LEQ, GTR, GEQ:
        return 3;
      case ADD, SUB, OR, XOR:
        return 4;
      case MUL, QUO, REM, SHL, SHR, AND, AND_NOT:
        return 5;
      default:
        return LOWEST;
    }
  }

  private static int diffPrec(Expr x, int prec) {
    return x instanceof Expr.Binary b && prec(b.op) == prec ? 0 : 1;
  }

  private static int cutoff(Expr.Binary e, int depth) {
    int[] r = walkBinary(e); // has4, has5, maxProblem
    if (r[2] > 0) {
      return r[2] + 1;
    }
    if (r[0] == 1 && r[1] == 1) {
      return depth == 1 ? 5 : 4;
    }
    return depth == 1 ? 6 : 4;
  }

  private static int[] walkBinary(Expr.Binary top) {
    // the left operands of a + b + c + ... nest as deep as the chain is long: walked in a loop
    // (what each node adds is a union, so the order does not matter)
    java.util.List<Expr.Binary> spine = new java.util.ArrayList<>();
    Expr.Binary e = top;
    spine.add(e);
    while (e.x instanceof Expr.Binary l && prec(l.op) >= prec(e.op)) {
      spine.add(l);
      e = l;
    }
    int has4 = 0;
    int has5 = 0;
    int maxProblem = 0;
    for (Expr.Binary b : spine) {
      int p = prec(b.op);
      if (p == 4) {
        has4 = 1;
      } else if (p == 5) {
        has5 = 1;
      }
      if (b.y instanceof Expr.Binary r && prec(r.op) > p) {
        int[] q = walkBinary(r);
        has4 |= q[0];
        has5 |= q[1];
        maxProblem = Math.max(maxProblem, q[2]);
      } else if (b.y instanceof Expr.Star && b.op == Tok.QUO) {
        maxProblem = 5;
      } else if (b.y instanceof Expr.Unary u) {
        String pair = b.op.text + u.op.text;
        if (pair.equals("/*") || pair.equals("&&") || pair.equals("&^")) {
          maxProblem = 5;
        } else if (pair.equals("++") || pair.equals("--")) {
          maxProblem = Math.max(maxProblem, 4);
        }
      }
    }
    return new int[] {has4, has5, maxProblem};
  }

  static long pos(Node n) {
    return ((long) n.line << 32) | n.col;
  }

  /** The position of an expression's first token. */
  static long leftmost(Expr e) {
    if (e instanceof Expr.Binary b) {
      return leftmost(b.x);
    } else if (e instanceof Expr.Call c) {
      return leftmost(c.fun);
    } else if (e instanceof Expr.Index i) {
      return leftmost(i.x);
    } else if (e instanceof Expr.SliceExpr s) {
      return leftmost(s.x);
    } else if (e instanceof Expr.TypeAssert t) {
      return leftmost(t.x);
    } else if (e instanceof Expr.Selector s) {
      return Math.min(pos(s), leftmost(s.x));
    } else if (e instanceof Expr.CompositeLit c && c.litType != null) {
      return Math.min(pos(c), leftmost(c.litType));
    }
    return pos(e);
  }
}
