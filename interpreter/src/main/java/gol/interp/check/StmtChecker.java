package gol.interp.check;

import gol.interp.parse.AstString;
import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Scope;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statements and function bodies: scopes, control flow, branch targets and labels, "missing
 * return" (decided by {@link Terminating}), unused variables. Assignments and declarations are
 * the layer below (AssignChecker).
 */
abstract class StmtChecker extends AssignChecker {
  StmtChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  // statement context flags
  static final int BREAK_OK = 1;
  static final int CONTINUE_OK = 2;
  static final int FALLTHROUGH_OK = 4;
  static final int FINAL_CASE = 8;
  static final int IN_TYPE_SWITCH = 16;

  /** Innermost statements an unlabeled break / continue / fallthrough refers to. */
  Stmt breakTarget;
  Stmt continueTarget;
  Stmt switchTarget;
  /** Enclosing labeled statements, innermost last. */
  final List<Stmt.Labeled> enclosingLabels = new ArrayList<>();

  // ====================================================================================
  // Function bodies
  // ====================================================================================

  @Override
  void funcBody(FuncCtx ctx, Type.Signature sig, Stmt.Block body, Expr.FuncType ft) {
    FuncCtx savedFn = fn;
    Scope savedScope = scope;
    Stmt sb = breakTarget;
    Stmt sc = continueTarget;
    Stmt ss = switchTarget;
    List<Stmt.Labeled> savedLabels = new ArrayList<>(enclosingLabels);
    Constant savedIota = iota;
    fn = ctx;
    scope = new Scope(scope);
    ctx.top = scope;
    breakTarget = null;
    continueTarget = null;
    switchTarget = null;
    enclosingLabels.clear();
    if (ctx.lit == null) {
      iota = null; // a function literal in a constant declaration still sees its iota
    }
    try {
      if (sig.recv != null) {
        declareParam(sig.recv);
      }
      for (Obj.Var v : sig.params.vars) {
        declareParam(v);
      }
      for (Obj.Var v : sig.results.vars) {
        declareParam(v);
      }
      if (body == null) {
        return;
      }
      collectLabels(body.stmts);
      stmtList(body.stmts, 0);
      checkGotos(body.stmts);
      if (sig.results.size() > 0 && !Terminating.isTerminatingList(body.stmts)) {
        error(body.endLine, endCol(body), "missing return");
      }
      finishFunc(ctx);
    } finally {
      fn = savedFn;
      scope = savedScope;
      breakTarget = sb;
      continueTarget = sc;
      switchTarget = ss;
      enclosingLabels.clear();
      enclosingLabels.addAll(savedLabels);
      iota = savedIota;
    }
  }

  private static int endCol(Stmt.Block b) {
    return b.endCol > 0 ? b.endCol : 1;
  }

  private void declareParam(Obj.Var v) {
    fn.locals.add(v);
    varOwner.put(v, fn);
    if (!v.name.isEmpty() && !v.name.equals("_")) {
      declare(scope, v, v.decl);
    }
  }

  /** Unused labels and variables of a finished function. */
  void finishFunc(FuncCtx ctx) {
    for (Map.Entry<String, Stmt.Labeled> e : ctx.labels.entrySet()) {
      Obj.Label l = ctx.labelObjs.get(e.getKey());
      if (l != null && !l.used) {
        branchError(e.getValue().label, "label " + e.getKey() + " defined and not used");
      }
    }
    List<Obj.Var> unused = new ArrayList<>();
    for (Obj.Var v : ctx.locals) {
      if (!v.used && !v.isParam && !v.isResult && !v.isGlobal && !v.name.equals("_") && !v.name.isEmpty()) {
        unused.add(v);
      }
    }
    if (unused.size() > 1) { // (no lambda linked at start-up for a program that compiles)
      unused.sort((a, b) -> usageOrder(ctx, a, b));
    }
    for (Obj.Var v : unused) {
      error(v.decl, "declared and not used: " + v.name);
    }
  }

  /**
   * The order gc (types2's usage) reports unused variables in: a scope's own, by position, then
   * those of its inner scopes, one scope after another. It shows only in which errors come
   * before gc's limit of ten and where its "too many errors" line points.
   */
  private static int usageOrder(FuncCtx ctx, Obj.Var a, Obj.Var b) {
    Scope sa = ctx.localScopes.get(a);
    Scope sb = ctx.localScopes.get(b);
    if (sa != sb && sa != null && sb != null) {
      if (encloses(sa, sb)) {
        return -1;
      }
      if (encloses(sb, sa)) {
        return 1;
      }
    }
    // the same scope, or sibling scopes' contents, which lie in source order
    return a.decl.line != b.decl.line ? Integer.compare(a.decl.line, b.decl.line) : Integer.compare(a.decl.col, b.decl.col);
  }

  private static boolean encloses(Scope outer, Scope inner) {
    for (Scope s = inner.parent; s != null; s = s.parent) {
      if (s == outer) {
        return true;
      }
    }
    return false;
  }

  // ---- goto: no jumps into blocks or over variable declarations (Go spec "Goto statements") ----

  /** A statement list and the node where its block starts. */
  private static final class BlockPos {
    final List<Stmt> list;
    final Node start;

    BlockPos(List<Stmt> list, Node start) {
      this.list = list;
      this.start = start;
    }
  }

  /** Where a statement sits: the enclosing statement lists, each with the index of the statement in it. */
  private record Place(List<BlockPos> blocks, List<Integer> indexes) {
  }

  void checkGotos(List<Stmt> body) {
    Map<Stmt.Labeled, Place> labels = new java.util.IdentityHashMap<>();
    List<Stmt.Branch> gotos = new ArrayList<>();
    Map<Stmt.Branch, Place> gotoPlaces = new java.util.IdentityHashMap<>();
    placeList(new BlockPos(body, null), new ArrayList<>(), new ArrayList<>(), labels, gotos, gotoPlaces);
    for (Stmt.Branch g : gotos) {
      if (!(g.target instanceof Stmt.Labeled target) || !labels.containsKey(target)) {
        continue;
      }
      Place lp = labels.get(target);
      Place gp = gotoPlaces.get(g);
      int depth = lp.blocks.size() - 1;
      BlockPos lb = lp.blocks.get(depth);
      int k = gp.blocks.indexOf(lb);
      if (k < 0) {
        // find the outermost block of the label that does not enclose the goto
        Node start = lb.start;
        for (int i = 0; i < lp.blocks.size(); i++) {
          if (!gp.blocks.contains(lp.blocks.get(i))) {
            start = lp.blocks.get(i).start;
            break;
          }
        }
        branchError(g.label, "goto " + g.label.name + " jumps into block starting at " + pos(start));
        continue;
      }
      int from = gp.indexes.get(k);
      int to = lp.indexes.get(depth);
      for (int i = from + 1; i < to; i++) {
        Stmt s = lb.list.get(i);
        Node decl = varDeclPos(s);
        if (decl != null) {
          branchError(g.label, "goto " + g.label.name + " jumps over declaration of " + varDeclName(s) + " at " + pos(decl));
          break;
        }
      }
    }
  }

  private static Node varDeclPos(Stmt s) {
    if (s instanceof Stmt.Assign a && a.op == Tok.DEFINE) {
      return defineOpPos(a);
    }
    if (s instanceof Stmt.DeclStmt d) {
      for (Decl dd : d.decls) {
        if (dd instanceof Decl.Var v) {
          return v.names.get(0);
        }
      }
    }
    return null;
  }

  private static String varDeclName(Stmt s) {
    if (s instanceof Stmt.Assign a) {
      // gc names a short variable declaration by its whole left-hand side ("a, b"), a var
      // declaration by its first name
      StringBuilder b = new StringBuilder();
      for (Expr e : a.lhs) {
        b.append(b.length() > 0 ? ", " : "").append(AstString.expr(e));
      }
      return b.toString();
    }
    for (Decl dd : ((Stmt.DeclStmt) s).decls) {
      if (dd instanceof Decl.Var v) {
        return v.names.get(0).name;
      }
    }
    return "?";
  }

  private void placeList(BlockPos b, List<BlockPos> blocks, List<Integer> idx, Map<Stmt.Labeled, Place> labels,
      List<Stmt.Branch> gotos, Map<Stmt.Branch, Place> gotoPlaces) {
    blocks.add(b);
    idx.add(0);
    for (int i = 0; i < b.list.size(); i++) {
      idx.set(idx.size() - 1, i);
      placeStmt(b.list.get(i), blocks, idx, labels, gotos, gotoPlaces);
    }
    blocks.remove(blocks.size() - 1);
    idx.remove(idx.size() - 1);
  }

  private void placeStmt(Stmt s, List<BlockPos> blocks, List<Integer> idx, Map<Stmt.Labeled, Place> labels,
      List<Stmt.Branch> gotos, Map<Stmt.Branch, Place> gotoPlaces) {
    if (s instanceof Stmt.Labeled l) {
      labels.put(l, new Place(new ArrayList<>(blocks), new ArrayList<>(idx)));
      placeStmt(l.stmt, blocks, idx, labels, gotos, gotoPlaces);
    } else if (s instanceof Stmt.Branch br && br.kind == Stmt.Branch.Kind.GOTO) {
      gotos.add(br);
      gotoPlaces.put(br, new Place(new ArrayList<>(blocks), new ArrayList<>(idx)));
    } else if (s instanceof Stmt.Block bl) {
      placeList(new BlockPos(bl.stmts, bl), blocks, idx, labels, gotos, gotoPlaces);
    } else if (s instanceof Stmt.If i) {
      placeStmt(i.then, blocks, idx, labels, gotos, gotoPlaces);
      if (i.els != null) {
        placeStmt(i.els, blocks, idx, labels, gotos, gotoPlaces);
      }
    } else if (s instanceof Stmt.For f) {
      placeStmt(f.body, blocks, idx, labels, gotos, gotoPlaces);
    } else if (s instanceof Stmt.Range r) {
      placeStmt(r.body, blocks, idx, labels, gotos, gotoPlaces);
    } else if (s instanceof Stmt.Switch sw) {
      for (Stmt.CaseClause c : sw.clauses) {
        placeList(new BlockPos(c.body, c), blocks, idx, labels, gotos, gotoPlaces);
      }
    } else if (s instanceof Stmt.TypeSwitch sw) {
      for (Stmt.CaseClause c : sw.clauses) {
        placeList(new BlockPos(c.body, c), blocks, idx, labels, gotos, gotoPlaces);
      }
    } else if (s instanceof Stmt.Select sel) {
      for (Stmt.CommClause c : sel.clauses) {
        placeList(new BlockPos(c.body, c), blocks, idx, labels, gotos, gotoPlaces);
      }
    }
  }

  /** Records the labels of a function body (labels are function-scoped; literals have their own). */
  void collectLabels(List<Stmt> list) {
    for (Stmt s : list) {
      collectLabels(s);
    }
  }

  private void collectLabels(Stmt s) {
    if (s instanceof Stmt.Labeled l) {
      String name = l.label.name;
      if (!name.equals("_")) {
        Stmt.Labeled prev = fn.labels.putIfAbsent(name, l);
        if (prev != null) {
          branchError(l.label, "label " + name + " already defined at " + pos(prev.label));
        } else {
          Obj.Label obj = new Obj.Label(name, l.label, pkg);
          fn.labelObjs.put(name, obj);
          l.label.obj = obj;
        }
      }
      collectLabels(l.stmt);
    } else if (s instanceof Stmt.Block b) {
      collectLabels(b.stmts);
    } else if (s instanceof Stmt.If i) {
      collectLabels(i.then);
      if (i.els != null) {
        collectLabels(i.els);
      }
    } else if (s instanceof Stmt.For f) {
      collectLabels(f.body);
    } else if (s instanceof Stmt.Range r) {
      collectLabels(r.body);
    } else if (s instanceof Stmt.Switch sw) {
      for (Stmt.CaseClause c : sw.clauses) {
        collectLabels(c.body);
      }
    } else if (s instanceof Stmt.TypeSwitch sw) {
      for (Stmt.CaseClause c : sw.clauses) {
        collectLabels(c.body);
      }
    } else if (s instanceof Stmt.Select sel) {
      for (Stmt.CommClause c : sel.clauses) {
        collectLabels(c.body);
      }
    }
  }

  // ====================================================================================
  // Statements
  // ====================================================================================

  void stmtList(List<Stmt> list, int ctxt) {
    int ft = ctxt & (FALLTHROUGH_OK | FINAL_CASE);
    int inner = ctxt & ~(FALLTHROUGH_OK | FINAL_CASE);
    int last = list.size() - 1;
    while (last >= 0 && list.get(last) instanceof Stmt.Empty) {
      last--;
    }
    for (int i = 0; i < list.size(); i++) {
      stmt(list.get(i), i == last ? inner | ft : inner);
    }
  }

  void stmt(Stmt s, int ctxt) {
    if (s instanceof Stmt.Bad b && b.notCall != null) {
      // go/defer of a non-call: a type-checking error in gc (in order with the others); gc's
      // parser also refuses parentheses around the expression
      Expr x = b.notCall;
      if (x instanceof Expr.Paren) {
        errorAt(x, "expression in " + b.keyword + " must not be parenthesized");
        x = x.unparen();
      }
      if (!(x instanceof Expr.Call)) {
        errorAt(x, "expression in " + b.keyword + " must be function call");
      }
      useList(List.of(x));
      return;
    }
    if (s == null || s instanceof Stmt.Empty || s instanceof Stmt.Bad) {
      return;
    }
    int inner = ctxt & ~(FALLTHROUGH_OK | FINAL_CASE);
    if (s instanceof Stmt.DeclStmt d) {
      for (Decl dd : d.decls) {
        localDecl(dd);
      }
    } else if (s instanceof Stmt.Labeled l) {
      enclosingLabels.add(l);
      stmt(l.stmt, ctxt);
      enclosingLabels.remove(enclosingLabels.size() - 1);
    } else if (s instanceof Stmt.ExprStmt es) {
      exprStmt(es);
    } else if (s instanceof Stmt.Send send) {
      sendStmt(send);
    } else if (s instanceof Stmt.IncDec id) {
      Operand x = expr(id.x);
      if (x.invalid()) {
        return;
      }
      if (!Types.isNumeric(x.type)) {
        errorAt(id.x, "invalid operation: " + AstString.expr(id.x) + id.op.text + " (non-numeric type " + x.type + ")");
        return;
      }
      checkAssignable(x, id.x);
    } else if (s instanceof Stmt.Assign a) {
      assignStmt(a);
    } else if (s instanceof Stmt.Go g) {
      if (g.parenthesized != null) {
        errorAt(g.parenthesized, "expression in go must not be parenthesized");
      }
      suspendedCall("go", g.call);
    } else if (s instanceof Stmt.Defer d) {
      if (d.parenthesized != null) {
        errorAt(d.parenthesized, "expression in defer must not be parenthesized");
      }
      suspendedCall("defer", d.call);
    } else if (s instanceof Stmt.Return r) {
      returnStmt(r);
    } else if (s instanceof Stmt.Branch b) {
      branchStmt(b, ctxt);
    } else if (s instanceof Stmt.Block b) {
      Scope saved = scope;
      newScope();
      stmtList(b.stmts, inner);
      scope = saved;
    } else if (s instanceof Stmt.If i) {
      Scope saved = scope;
      newScope();
      if (i.init != null) {
        simpleStmt(i.init);
      }
      condition(i.cond, "if statement");
      stmt(i.then, inner);
      if (i.els != null) {
        stmt(i.els, inner);
      }
      scope = saved;
    } else if (s instanceof Stmt.For f) {
      forStmt(f, inner);
    } else if (s instanceof Stmt.Range r) {
      rangeStmt(r, inner);
    } else if (s instanceof Stmt.Switch sw) {
      switchStmt(sw, inner);
    } else if (s instanceof Stmt.TypeSwitch ts) {
      typeSwitchStmt(ts, inner);
    } else if (s instanceof Stmt.Select sel) {
      selectStmt(sel, inner);
    } else {
      error(s, "unexpected statement " + s.getClass().getSimpleName());
    }
  }

  void simpleStmt(Stmt s) {
    stmt(s, 0);
  }

  private void condition(Expr cond, String what) {
    Operand x = expr(cond);
    if (x.invalid()) {
      return;
    }
    if (!Types.isBoolean(x.type)) {
      errorAt(cond, "non-boolean condition in " + what);
      return;
    }
    if (Types.isUntyped(x.type)) {
      updateExprType(cond, Universe.BOOL);
    }
  }

  private void exprStmt(Stmt.ExprStmt s) {
    Operand x = rawExpr(s.x, null);
    Expr u = s.x.unparen();
    boolean isStmt = false;
    if (u instanceof Expr.Call c) {
      if (c.kind == Expr.Call.Kind.CALL) {
        isStmt = true;
      } else if (c.kind == Expr.Call.Kind.BUILTIN && c.fun.unparen() instanceof Expr.Ident id
          && id.obj instanceof Obj.Builtin b) {
        isStmt = isStatementBuiltin(b.id);
      }
    } else if (u instanceof Expr.Unary un && un.op == Tok.ARROW) {
      isStmt = true;
    }
    switch (x.mode) {
      case INVALID:
      case NOVALUE:
        return;
      case BUILTIN:
        errorAt(x, x + " must be called");
        return;
      case TYPEXPR:
        errorAt(x, x + " is not an expression");
        return;
      default:
        if (!isStmt) {
          errorAt(x, x + " is not used");
        }
        if (Types.isUntyped(x.type)) {
          updateExprType(s.x, Universe.defaultType(x.type));
        }
    }
  }

  static boolean isStatementBuiltin(Obj.Builtin.Id id) {
    switch (id) {
      case CLEAR: case CLOSE: case COPY: case DELETE: case PANIC: case PRINT: case PRINTLN: case RECOVER:
        return true;
      default:
        return false;
    }
  }

  private void suspendedCall(String kw, Expr.Call call) {
    Operand x = rawExpr(call, null);
    if (x.invalid() && call.kind == null) {
      return;
    }
    if (call.kind == Expr.Call.Kind.CONVERSION) {
      errorAt(call, kw + " requires function call, not conversion " + x);
    } else if (call.kind == Expr.Call.Kind.BUILTIN && call.fun.unparen() instanceof Expr.Ident id
        && id.obj instanceof Obj.Builtin b && !isStatementBuiltin(b.id)) {
      errorAt(call, kw + " discards result of " + x);
    }
  }

  private void sendStmt(Stmt.Send s) {
    Operand ch = expr(s.ch);
    Operand v = expr(s.value);
    if (ch.invalid() || v.invalid()) {
      return;
    }
    if (!(ch.type.underlying() instanceof Type.Chan c)) {
      errorAt(s.ch, ch.type instanceof Type.TypeParam tp && tp.core == null
          ? "invalid operation: cannot send to " + ch + ": no core type"
          : "invalid operation: cannot send to non-channel " + ch);
      return;
    }
    if (c.dir == Type.Chan.Dir.RECV) {
      errorAt(s.ch, "invalid operation: cannot send to receive-only channel " + ch);
      return;
    }
    assignment(v, c.elem, "send");
  }

  private void returnStmt(Stmt.Return s) {
    Type.Tuple res = fn.sig.results;
    if (fn.rangeBody && res.size() > 0 && !res.vars.get(0).name.isEmpty()) {
      for (Obj.Var v : res.vars) {
        noteVarRef(v); // a return in a range-over-func body sets the function's named results
      }
    }
    if (s.results.isEmpty()) {
      if (res.size() > 0 && res.vars.get(0).name.isEmpty()) {
        error(s, "not enough return values\n\thave ()\n\twant " + typesSummary(types(res), false));
      }
      for (Obj.Var v : res.vars) {
        // the spec lets a compiler refuse a bare return where a result's name means something
        // else; gc does, naming the inner declaration
        Obj alt = v.name.isEmpty() || v.name.equals("_") ? null : lookup(v.name);
        if (alt != null && alt != v && alt.decl != null) {
          error(s, "result parameter " + v.name + " not in scope at return\n\t" + pos(alt.decl)
              + ": inner declaration of var " + v.name + " " + v.type);
        }
      }
      return;
    }
    if (res.size() == 0) {
      List<Operand> xs = new ArrayList<>();
      for (Expr e : s.results) {
        xs.add(expr(e));
      }
      returnError(s, res, xs);
      return;
    }
    List<Operand> xs;
    if (s.results.size() == 1 && (res.size() > 1 || isSingleCall(s.results))) {
      xs = multiExpr(s.results.get(0), false);
    } else {
      xs = new ArrayList<>();
      for (int i = 0; i < s.results.size(); i++) {
        xs.add(assignedExpr(s.results.get(i), i < res.size() ? res.at(i) : null, "result variable", null));
      }
    }
    for (Operand x : xs) {
      if (x.invalid()) {
        return;
      }
    }
    if (xs.size() != res.size()) {
      returnError(s, res, xs);
      return;
    }
    for (int i = 0; i < xs.size(); i++) {
      assignment(xs.get(i), res.at(i), "return statement");
    }
  }

  private void returnError(Stmt.Return s, Type.Tuple res, List<Operand> xs) {
    int l = res.size();
    int r = xs.size();
    Node at = s;
    String q = "not enough";
    if (r > l) {
      at = start(xs.get(l).expr);
      q = "too many";
    } else if (r > 0) {
      at = start(xs.get(r - 1).expr);
    }
    List<Type> have = new ArrayList<>();
    for (Operand x : xs) {
      have.add(x.type);
    }
    error(at, q + " return values\n\thave " + typesSummary(have, false) + "\n\twant "
        + typesSummary(types(res), false));
    for (Operand x : xs) {
      if (!x.invalid() && Types.isUntyped(x.type)) {
        assignment(x, null, "return statement");
      }
    }
  }

  private static List<Type> types(Type.Tuple t) {
    List<Type> out = new ArrayList<>();
    for (Obj.Var v : t.vars) {
      out.add(v.type);
    }
    return out;
  }

  private void branchStmt(Stmt.Branch b, int ctxt) {
    String name = b.label == null ? null : b.label.name;
    switch (b.kind) {
      case BREAK:
        if (name == null) {
          if (breakTarget == null) {
            branchError(b, "break is not in a loop, switch, or select");
          } else {
            b.target = breakTarget;
          }
          return;
        }
        boolean seenB = labelSeenBefore(name, b);
        if (seenB) {
          useLabel(b.label);
        }
        Stmt.Labeled lb = enclosing(name);
        if (lb == null && seenB) {
          branchError(b.label, "invalid break label " + name); // declared, but not on an enclosing statement
        } else if (lb == null) {
          branchError(b.label, "break label not defined: " + name);
        } else if (lb.stmt instanceof Stmt.For || lb.stmt instanceof Stmt.Range || lb.stmt instanceof Stmt.Switch
            || lb.stmt instanceof Stmt.TypeSwitch || lb.stmt instanceof Stmt.Select) {
          b.target = lb.stmt;
        } else {
          branchError(b.label, "invalid break label " + name);
        }
        return;
      case CONTINUE:
        if (name == null) {
          if (continueTarget == null) {
            branchError(b, "continue is not in a loop");
          } else {
            b.target = continueTarget;
          }
          return;
        }
        boolean seenC = labelSeenBefore(name, b);
        if (seenC) {
          useLabel(b.label);
        }
        Stmt.Labeled lc = enclosing(name);
        if (lc == null && seenC) {
          branchError(b.label, "invalid continue label " + name);
        } else if (lc == null) {
          branchError(b.label, "continue label not defined: " + name);
        } else if (lc.stmt instanceof Stmt.For || lc.stmt instanceof Stmt.Range) {
          b.target = lc.stmt;
        } else {
          branchError(b.label, "invalid continue label " + name);
        }
        return;
      case GOTO:
        Stmt.Labeled lg = name == null ? null : fn.labels.get(name);
        if (lg == null) {
          branchError(b.label != null ? b.label : b, "label " + name + " not defined");
          return;
        }
        useLabel(b.label);
        b.target = lg;
        return;
      case FALLTHROUGH:
        if ((ctxt & FALLTHROUGH_OK) != 0) {
          b.target = switchTarget;
          return;
        }
        String msg;
        if ((ctxt & FINAL_CASE) != 0) {
          msg = "cannot fallthrough final case in switch";
        } else if ((ctxt & IN_TYPE_SWITCH) != 0) {
          msg = "cannot fallthrough in type switch";
        } else {
          msg = "fallthrough statement out of place";
        }
        branchError(b, msg);
        return;
      default:
    }
  }

  /**
   * Whether label {@code name} is declared before branch {@code b} in the source. gc checks branches
   * in one pass (syntax/branches.go): a break or continue sees only the labels declared so far, so a
   * label declared later is "not defined" there and that use does not count as a use.
   */
  private boolean labelSeenBefore(String name, Stmt.Branch b) {
    Stmt.Labeled l = fn.labels.get(name);
    return l != null && (l.line < b.line || l.line == b.line && l.col < b.col);
  }

  private void useLabel(Expr.Ident id) {
    Obj.Label l = fn.labelObjs.get(id.name);
    if (l != null) {
      l.used = true;
      id.obj = l;
    }
  }

  private Stmt.Labeled enclosing(String name) {
    for (int i = enclosingLabels.size() - 1; i >= 0; i--) {
      // a label declared twice names the first statement only (gc: the second is not declared)
      if (enclosingLabels.get(i).label.name.equals(name) && fn.labels.get(name) == enclosingLabels.get(i)) {
        return enclosingLabels.get(i);
      }
    }
    return null;
  }

  private void forStmt(Stmt.For f, int ctxt) {
    Scope saved = scope;
    newScope();
    if (f.init != null) {
      simpleStmt(f.init);
    }
    if (f.cond != null) {
      condition(f.cond, "for statement");
    }
    if (f.post != null) {
      if (f.post instanceof Stmt.Assign a && a.op == Tok.DEFINE) {
        error(f.post, "cannot declare in post statement of for loop");
      } else {
        simpleStmt(f.post);
      }
    }
    loopBody(f, f.body, ctxt);
    scope = saved;
  }

  private void loopBody(Stmt loop, Stmt.Block body, int ctxt) {
    Stmt sb = breakTarget;
    Stmt sc = continueTarget;
    breakTarget = loop;
    continueTarget = loop;
    stmt(body, (ctxt & ~IN_TYPE_SWITCH) | BREAK_OK | CONTINUE_OK);
    breakTarget = sb;
    continueTarget = sc;
  }

  private void rangeStmt(Stmt.Range r, int ctxt) {
    Scope saved = scope;
    newScope();
    Operand x = expr(r.x);
    String xs = x.toString();
    Type kt = Universe.INVALID;
    Type vt = Universe.INVALID;
    boolean oneVar = false;
    boolean overInt = false;
    Type.Signature ysig = null;
    boolean reported = false; // an error about the range expression or its variables: gc reports one
    // a type parameter is ranged over through its core type (gc: "no core type" otherwise,
    // even when all its types are integers: ~int | ~int64)
    boolean noCore = !x.invalid() && x.type instanceof Type.TypeParam tp && tp.core == null;
    if (!x.invalid() && !noCore) {
      Type u = x.type.underlying();
      if (Types.isString(x.type)) {
        if (Types.isUntyped(x.type)) {
          updateExprType(r.x, Universe.STRING);
        }
        kt = Universe.INT;
        vt = Universe.RUNE;
      } else if (u instanceof Type.Array a) {
        kt = Universe.INT;
        vt = a.elem;
      } else if (u instanceof Type.Pointer p && !(p.elem instanceof Type.TypeParam) && p.elem.underlying() instanceof Type.Array a) {
        kt = Universe.INT;
        vt = a.elem;
      } else if (u instanceof Type.Slice sl) {
        kt = Universe.INT;
        vt = sl.elem;
      } else if (u instanceof Type.Map m) {
        kt = m.key;
        vt = m.elem;
      } else if (u instanceof Type.Chan c) {
        kt = c.elem;
        oneVar = true;
        if (c.dir == Type.Chan.Dir.SEND) {
          errorAt(r.x, "cannot range over " + xs + ": receive from send-only channel");
          reported = true;
          kt = Universe.INVALID; // (its variables are then not reported unused)
        }
      } else if (Types.isInteger(x.type)) {
        // (as gc: assigned to an existing variable, the range expression itself is assigned,
        // so an untyped constant takes the variable's type: var i int8; for i = range 100)
        if (Types.isUntyped(x.type) && !(r.op == Tok.ASSIGN && r.key != null)) {
          assignment(x, null, "range clause");
        }
        kt = x.type;
        oneVar = true;
        overInt = true;
      } else if (u instanceof Type.Signature fsig) {
        String cause = rangeFuncCause(fsig);
        if (cause != null) {
          errorAt(r.x, "cannot range over " + xs + ": func must be func(yield func(...) bool): " + cause);
          reported = true;
        } else {
          ysig = (Type.Signature) fsig.params.at(0).underlying();
          int n = ysig.params.size();
          if (r.key != null && n == 0) {
            errorAt(r.key, "range over " + xs + " permits no iteration variables");
            reported = true;
          } else if (r.value != null && n == 1) {
            errorAt(r.value, "range over " + xs + " permits only one iteration variable");
            reported = true;
          }
          kt = n >= 1 ? ysig.params.at(0) : Universe.INVALID;
          vt = n >= 2 ? ysig.params.at(1) : Universe.INVALID;
        }
      } else {
        errorAt(r.x, "cannot range over " + x);
        reported = true;
      }
    } else if (noCore) {
      errorAt(r.x, "cannot range over " + x + ": no core type");
    }
    if (reported) {
      // the one error gc gives
    } else if (oneVar && r.value != null) {
      errorAt(r.value, "range over " + xs + " permits only one iteration variable");
    } else if (r.extra != null && !x.invalid() && !noCore) {
      errorAt(r.extra, "range clause permits at most two iteration variables");
    }
    // the body of a range over a function is the yield function: its variables are its own
    FuncCtx outerFn = fn;
    FuncCtx bodyFn = ysig != null && fn != null ? new FuncCtx(fn) : null;
    if (bodyFn != null) {
      fn = bodyFn;
    }
    Expr[] lhs = {r.key, r.value};
    Type[] types = {kt, oneVar ? Universe.INVALID : vt};
    if (r.op == Tok.DEFINE) {
      List<Obj.Var> vars = new ArrayList<>();
      List<Expr.Ident> ids = new ArrayList<>();
      boolean anyNew = false;
      for (int i = 0; i < 2; i++) {
        Expr e = lhs[i];
        if (e == null) {
          continue;
        }
        if (!(e instanceof Expr.Ident id)) {
          errorAt(e, "invalid syntax tree: cannot declare " + AstString.expr(e)); // gc's words
          continue;
        }
        Obj.Var v = new Obj.Var(id.name, id, pkg, types[i]);
        v.used = Types.isInvalid(types[i]); // as gc: no "declared and not used" for a variable in error
        id.type = types[i];
        if (!id.name.equals("_")) {
          id.obj = v;
          anyNew = true;
        }
        vars.add(v);
        ids.add(id);
      }
      for (int i = 0; i < vars.size(); i++) {
        declareLocal(vars.get(i), ids.get(i));
      }
      if (!anyNew) { // (also when the only variable is a non-name, as gc)
        error(r, "no new variables on left side of :=");
      }
    } else if (r.op == Tok.ASSIGN) {
      for (int i = 0; i < 2; i++) {
        if (lhs[i] == null) {
          continue;
        }
        Type T = lhsVar(lhs[i]);
        if (overInt && i == 0) {
          assignment(x, T == null || Types.isInvalid(T) ? null : T, "range clause");
          if (!x.invalid() && T != null && !Types.isInteger(x.type)) {
            errorAt(lhs[0], "cannot use iteration variable of type " + x.type);
          }
          continue;
        }
        Operand v = new Operand(Operand.Mode.VALUE, types[i], null, null);
        if (T != null && !Types.isInvalid(T) && !Types.isInvalid(types[i])) {
          String[] cause = {null};
          if (!Types.assignable(types[i], T, pkg, cause)) {
            errorAt(lhs[i], "cannot use " + AstString.expr(lhs[i]) + " (value of type " + types[i] + ") as " + T
                + " value in assignment" + (cause[0] != null ? ": " + cause[0] : ""));
          }
        }
      }
    }
    loopBody(r, r.body, ctxt);
    if (bodyFn != null) {
      fn = outerFn;
      r.yieldSig = ysig;
      r.funcCaptures = new ArrayList<>(bodyFn.captures);
    }
    scope = saved;
  }

  /** Why f cannot be ranged over (gc's words after "func must be func(yield func(...) bool): "), or null. */
  private static String rangeFuncCause(Type.Signature f) {
    if (f.params.size() != 1) {
      return "wrong argument count";
    }
    if (f.results.size() != 0) {
      return "unexpected results";
    }
    if (!(f.params.at(0).underlying() instanceof Type.Signature y)) {
      return "argument is not func";
    }
    if (y.params.size() > 2) {
      return "yield func has too many parameters";
    }
    if (y.results.size() != 1 || !Types.identical(y.results.at(0), Universe.BOOL)) {
      return "yield func does not return bool";
    }
    return null;
  }

  private void switchStmt(Stmt.Switch s, int ctxt) {
    Scope saved = scope;
    newScope();
    if (s.init != null) {
      simpleStmt(s.init);
    }
    Operand tag;
    if (s.tag != null) {
      tag = expr(s.tag);
      if (!tag.invalid()) {
        assignment(tag, null, "switch expression");
        if (!tag.invalid() && !Types.comparable(tag.type) && !Types.hasNil(tag.type)) {
          errorAt(s.tag, "cannot switch on " + tag + " (" + Types.incomparableCause(tag.type) + ")");
          tag.setInvalid();
        }
      }
    } else {
      tag = new Operand(Operand.Mode.CONSTANT, Universe.BOOL, Constant.Bool.TRUE, null);
    }
    Map<String, Node> seen = new HashMap<>();
    Node seenDefault = null;
    for (int i = 0; i < s.clauses.size(); i++) {
      Stmt.CaseClause c = s.clauses.get(i);
      if (c.exprs == null) {
        if (seenDefault != null) {
          error(c, "multiple defaults (first at " + pos(seenDefault) + ")");
        }
        seenDefault = c;
      } else {
        for (Expr e : c.exprs) {
          caseValue(e, tag, s.tag, seen);
        }
      }
      Scope cs = scope;
      newScope();
      Stmt sb = breakTarget;
      Stmt ss = switchTarget;
      breakTarget = s;
      switchTarget = s;
      int flags = (ctxt & CONTINUE_OK) | BREAK_OK | (i < s.clauses.size() - 1 ? FALLTHROUGH_OK : FINAL_CASE);
      stmtList(c.body, flags);
      breakTarget = sb;
      switchTarget = ss;
      scope = cs;
    }
    scope = saved;
  }

  private void caseValue(Expr e, Operand tag, Expr tagExpr, Map<String, Node> seen) {
    Operand v = expr(e);
    if (v.invalid() || tag.invalid()) {
      return;
    }
    Operand t = tag.copy();
    if (tagExpr == null) {
      if (v.type.underlying() instanceof Type.Interface && Types.assignable(Universe.BOOL, v.type, null, null)) {
        return; // compared with the missing tag, the untyped constant true
      }
      if (!Types.isBoolean(v.type)) {
        if (Types.isUntyped(v.type)) { // gc converts an untyped case value to the tag's type first
          errorAt(e, "cannot convert " + (Types.isNil(v.type) ? "nil" : v.toString()) + " to type bool");
        } else {
          errorAt(e, "invalid case " + AstString.expr(e) + " in switch on true (mismatched types " + v.type + " and bool)");
        }
        return;
      }
      if (Types.isUntyped(v.type)) {
        updateExprType(e, Universe.BOOL);
      }
      return;
    }
    t.expr = tagExpr;
    if (Types.isTyped(t.type)) {
      convertUntyped(v, t.type); // as gc: the case value takes the tag's type first
    } else {
      matchTypes(v, t);
    }
    if (v.invalid()) {
      return;
    }
    Operand res = v.copy();
    comparison(res, t, Tok.EQL, null, true);
    if (res.invalid()) {
      return;
    }
    if (v.mode == Operand.Mode.CONSTANT) {
      String key = TypeSets.key(List.of(v.type)) + ":" + ConstOps.toString(v.val); // byte(0) is uint8(0)
      Node prev = seen.putIfAbsent(key, e);
      if (prev != null) {
        errorAt(e, "duplicate case " + v + " in expression switch\n\t" + pos(syntaxPos((Expr) prev))
            + ": previous case");
      }
    }
  }

  private void typeSwitchStmt(Stmt.TypeSwitch s, int ctxt) {
    Scope saved = scope;
    newScope();
    if (s.init != null) {
      simpleStmt(s.init);
    }
    if (s.bind != null && s.bind.name.equals("_")) {
      error(s.bind, "no new variable on left side of :="); // (gc's singular, unlike an assignment's)
    }
    Expr xe = s.x;
    if (xe instanceof Expr.TypeAssert ta && ta.assertType == null) {
      xe = ta.x;
    }
    Operand x = expr(xe);
    if (xe != s.x) {
      s.x.type = x.type;
    }
    boolean valid = !x.invalid();
    if (valid && x.type instanceof Type.TypeParam) {
      errorAt(xe, "cannot use type switch on type parameter value " + x);
      valid = false;
    } else if (valid && !Types.isInterface(x.type)) {
      errorAt(xe, x + " is not an interface");
      valid = false;
    }
    List<Obj.Var> implicit = new ArrayList<>();
    Map<String, Node> seen = new HashMap<>();
    Node seenDefault = null;
    for (Stmt.CaseClause c : s.clauses) {
      Type single = null;
      if (c.exprs == null) {
        if (seenDefault != null) {
          error(c, "multiple defaults (first at " + pos(seenDefault) + ")");
        }
        seenDefault = c;
      } else {
        for (Expr e : c.exprs) {
          Type T;
          if (e.unparen() instanceof Expr.Ident id && scope.lookup(id.name) instanceof Obj.Nil nil) {
            id.obj = nil;
            T = Universe.UNTYPED_NIL;
            e.type = T;
          } else {
            T = typExpr(e);
          }
          if (c.exprs.size() == 1) {
            single = T;
          }
          if (Types.isInvalid(T)) {
            continue;
          }
          Node prev = seen.putIfAbsent(TypeSets.key(List.of(T)), e); // identity, not spelling: func(x int) is func(y int)
          if (prev != null) {
            errorAt(e, "duplicate case " + (Types.isNil(T) ? "nil" : T) + " in type switch\n\t" + pos(start((Expr) prev))
                + ": previous case");
          }
          if (valid && !Types.isNil(T) && !Types.isInterface(T) && !(T instanceof Type.TypeParam) && instanceDepth == 0) {
            String why = Types.missingMethod(T, x.type, pkg);
            if (why != null) {
              errorAt(e, "impossible type switch case: " + AstString.expr(e) + "\n\t" + AstString.expr(xe) + " ("
                  + x.mode.text + " of type " + x.type + ") cannot have dynamic type " + T + " " + why);
            }
          }
        }
      }
      Scope cs = scope;
      newScope();
      if (s.bind != null) {
        Type vt = single != null && !Types.isNil(single) && !Types.isInvalid(single) ? single : x.type;
        Obj.Var v = new Obj.Var(s.bind.name, s.bind, pkg, vt);
        c.implicitVar = v;
        implicit.add(v);
        if (fn != null) {
          fn.locals.add(v);
          fn.localScopes.put(v, scope);
          varOwner.put(v, fn);
        }
        if (!s.bind.name.equals("_")) {
          scope.insert(v);
        }
      }
      Stmt sb = breakTarget;
      breakTarget = s;
      stmtList(c.body, (ctxt & CONTINUE_OK) | BREAK_OK | IN_TYPE_SWITCH);
      breakTarget = sb;
      scope = cs;
    }
    if (s.bind != null) {
      boolean used = false;
      for (Obj.Var v : implicit) {
        used |= v.used;
      }
      if (!used && !s.bind.name.equals("_")) {
        error(s.bind, s.bind.name + " declared and not used"); // gc's older wording, kept for this case
      }
      for (Obj.Var v : implicit) {
        v.used = true;
      }
    }
    scope = saved;
  }

  private void selectStmt(Stmt.Select s, int ctxt) {
    Node seenDefault = null;
    for (Stmt.CommClause c : s.clauses) {
      Scope saved = scope;
      newScope();
      if (c.comm == null) {
        if (seenDefault != null) {
          error(c, "multiple defaults (first at " + pos(seenDefault) + ")");
        }
        seenDefault = c;
      } else {
        boolean valid = c.comm instanceof Stmt.Send
            || c.comm instanceof Stmt.ExprStmt es && es.x.unparen() instanceof Expr.Unary u && u.op == Tok.ARROW
            || c.comm instanceof Stmt.Assign a && a.rhs.size() == 1 && a.rhs.get(0).unparen() instanceof Expr.Unary u2
                && u2.op == Tok.ARROW;
        // (types2 takes "case a += <-c:": gc's typecheck pass rejects it, see lateErrors)
        if (!valid) {
          // as gc, the clause is left unchecked
          Node at = c.comm instanceof Stmt.ExprStmt es ? es.x : c.comm; // gc: an operation's operator
          error(at, "select case must be send or receive (possibly with assignment)");
          scope = saved;
          continue;
        }
        if (c.comm instanceof Stmt.Assign a && a.op != Tok.ASSIGN && a.op != Tok.DEFINE && (!muted || instanceDepth == 0)) {
          lateErrors.add(new Object[] {fileName, a.line, a.col, "select case must be receive, send or assign recv"});
        }
        simpleStmt(c.comm);
      }
      Stmt sb = breakTarget;
      breakTarget = s;
      stmtList(c.body, (ctxt & CONTINUE_OK) | BREAK_OK);
      breakTarget = sb;
      scope = saved;
    }
  }

}
