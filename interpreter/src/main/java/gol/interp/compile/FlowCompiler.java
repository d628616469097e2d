package gol.interp.compile;

import static gol.interp.compile.Layout.isFloat;
import static gol.interp.compile.Layout.isInterface;
import static gol.interp.compile.Layout.isPrim;
import static gol.interp.compile.Layout.isUnsigned64;
import static gol.interp.compile.Layout.isValue;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.check.Universe;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.Closure;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.interp.vm.RangeFuncOps;
import gol.interp.vm.StrSwitch;
import gol.runtime.GoString;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Control flow of a function body: if, for, range, switch, type switch, select, return, break,
 * continue, goto, labels, go and defer (see {@link FuncCompilerBase}).
 */
abstract class FlowCompiler extends StmtCompiler {
  FlowCompiler(Compiler c, FuncCompilerBase parent, Proto proto) {
    super(c, parent, proto);
  }

  void ifStmt(Stmt.If s) {
    int mark = next;
    if (s.init != null) {
      stmt(s.init);
    }
    List<Integer> toElse = new ArrayList<>();
    condJump(s.cond, false, toElse);
    block(s.then.stmts);
    if (s.els != null) {
      int toEnd = cb.emit(Op.JMP, -1);
      patchHere(toElse);
      stmt(s.els);
      cb.patch(toEnd, cb.pc());
    } else {
      patchHere(toElse);
    }
    next = mark;
  }

  /** The variables a for statement's init declares that escape: each iteration gets its own. */
  List<Obj.Var> perIterationCells(Stmt init) {
    List<Obj.Var> out = new ArrayList<>();
    if (init instanceof Stmt.Assign a && a.op == Tok.DEFINE) {
      for (Expr l : a.lhs) {
        if (l.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Var v && v.decl == id && v.escapes()) {
          out.add(v);
        }
      }
    }
    return out;
  }

  void forStmt(Stmt.For s) {
    int mark = next;
    if (s.init != null) {
      stmt(s.init);
    }
    List<Obj.Var> fresh = perIterationCells(s.init);
    breaks.put(s, new ArrayList<>());
    continues.put(s, new ArrayList<>());
    CountedLoop counted = fresh.isEmpty() ? countedLoop(s) : null;
    if (counted != null) {
      countedFor(s, counted);
      next = mark;
      return;
    }
    int toCond = s.cond != null ? cb.emit(Op.JMP, -1) : -1;
    int top = cb.pc();
    block(s.body.stmts);
    patchHere(continues.get(s));
    // Go 1.22: a fresh copy of each escaping loop variable per iteration, made before post
    for (Obj.Var v : fresh) {
      int r = regs.get(v);
      int t = alloc();
      boolean prim = isPrim(v.type);
      cb.emit(prim ? Op.LDCELL_L : Op.LDCELL_R, t, r);
      copyValue(v.type, t);
      emitNewCell(v.type, r);
      cb.emit(prim ? Op.STCELL_L : Op.STCELL_R, r, t);
      next--;
    }
    if (s.post != null) {
      stmt(s.post);
    }
    if (s.cond != null) {
      cb.patch(toCond, cb.pc());
      List<Integer> back = new ArrayList<>();
      condJump(s.cond, true, back);
      for (int j : back) {
        cb.patch(j, top);
      }
    } else {
      cb.emit(Op.JMP, top);
    }
    patchHere(breaks.remove(s));
    continues.remove(s);
    next = mark;
  }

  /** A loop {@code for ...; i OP n; i += step} over a plain int64-wide local i. */
  record CountedLoop(int var, int step, Tok op, Expr limit) {
  }

  CountedLoop countedLoop(Stmt.For s) {
    if (s.cond == null || s.post == null || !(s.cond.unparen() instanceof Expr.Binary b)) {
      return null;
    }
    Obj.Var v = null;
    int step;
    if (s.post instanceof Stmt.IncDec id && id.x.unparen() instanceof Expr.Ident x && x.obj instanceof Obj.Var xv) {
      v = xv;
      step = id.op == Tok.INC ? 1 : -1;
    } else if (s.post instanceof Stmt.Assign a && (a.op == Tok.ADD || a.op == Tok.SUB)
        && a.lhs.get(0).unparen() instanceof Expr.Ident x && x.obj instanceof Obj.Var xv) {
      Integer c = smallConst(a.rhs.get(0));
      if (c == null || c == Integer.MIN_VALUE) {
        return null;
      }
      v = xv;
      step = a.op == Tok.ADD ? c : -c;
    } else {
      return null;
    }
    if (directReg(v) < 0 || !Layout.isInteger(v.type) || Layout.wrapCode(v.type) != 0 || isUnsigned64(v.type)) {
      return null; // sized or unsigned counters wrap; escaping ones live in cells
    }
    if (!(b.x.unparen() instanceof Expr.Ident x && x.obj == v)) {
      return null;
    }
    Tok op = b.op;
    if (op != Tok.LSS && op != Tok.LEQ && op != Tok.GTR && op != Tok.GEQ) {
      return null;
    }
    // the limit is re-read every iteration: a constant or a plain local (which the body may change)
    Expr lim = b.y;
    boolean plainLocal = lim.constValue == null && lim.unparen() instanceof Expr.Ident li
        && li.obj instanceof Obj.Var lv && directReg(lv) >= 0;
    if (lim.constValue == null && !plainLocal) {
      return null;
    }
    return new CountedLoop(directReg(v), step, op, lim);
  }

  /**
   * init; if !(i OP n) goto end; top: body; continue: FOR<OP> i step n top; end.
   * The first test is a plain compare; every later one is fused with the increment.
   */
  void countedFor(Stmt.For s, CountedLoop l) {
    int limit = val(l.limit());
    List<Integer> toEnd = new ArrayList<>();
    condJump(s.cond, false, toEnd);
    int top = cb.pc();
    block(s.body.stmts);
    patchHere(continues.get(s));
    cb.setLine(s.post.line);
    int o = l.op() == Tok.LSS ? Op.FORLT : l.op() == Tok.LEQ ? Op.FORLE : l.op() == Tok.GTR ? Op.FORGT : Op.FORGE;
    cb.emit(o, l.var(), l.step(), limit, top);
    patchHere(toEnd);
    patchHere(breaks.remove(s));
    continues.remove(s);
  }

  void rangeStmt(Stmt.Range s) {
    if (s.yieldSig != null) {
      rangeFunc(s);
      return;
    }
    int mark = next;
    Type xt = s.x.type.underlying();
    breaks.put(s, new ArrayList<>());
    continues.put(s, new ArrayList<>());
    Obj.Var key = rangeVar(s.key, s.op);
    Obj.Var value = rangeVar(s.value, s.op);
    if (xt instanceof Type.Basic b && b.kind.isInteger()) {
      int limit = alloc();
      into(s.x, limit);
      int idx = alloc();
      cb.emit(Op.LOADI, idx, 0);
      int toCond = cb.emit(Op.JMP, -1);
      int top = cb.pc();
      int inner = next;
      bindIter(s, s.key, key, idx);
      block(s.body.stmts);
      next = inner;
      patchHere(continues.get(s));
      cb.emit(Op.FORLT, idx, 1, limit, top);
      cb.patch(toCond, cb.pc());
      cb.emit(Op.JLT_I, idx, limit, top);
    } else if (xt instanceof Type.Basic b && (b.kind == Type.Kind.STRING || b.kind == Type.Kind.UNTYPED_STRING)) {
      int str = alloc();
      into(s.x, str);
      int len = alloc();
      cb.emit(Op.LEN_S, len, str);
      int idx = alloc();
      cb.emit(Op.LOADI, idx, 0);
      int rune = allocN(2); // rune, width
      int toCond = cb.emit(Op.JMP, -1);
      int top = cb.pc();
      int inner = next;
      cb.emit(Op.DECRUNE, rune, str, idx);
      bindIter(s, s.key, key, idx);
      bindIter(s, s.value, value, rune);
      block(s.body.stmts);
      next = inner;
      patchHere(continues.get(s));
      cb.emit(Op.ADD_I, idx, idx, rune + 1);
      cb.patch(toCond, cb.pc());
      cb.emit(Op.JLT_I, idx, len, top);
    } else if (xt instanceof Type.Slice sl) {
      int slice = alloc();
      into(s.x, slice);
      int len = alloc();
      cb.emit(Op.LEN_SL, len, slice);
      int idx = alloc();
      cb.emit(Op.LOADI, idx, 0);
      int elem = alloc();
      int toCond = cb.emit(Op.JMP, -1);
      int top = cb.pc();
      int inner = next;
      bindIter(s, s.key, key, idx);
      if (s.value != null && !isBlank(s.value)) {
        cb.emit(loadOp(sl.elem), elem, slice, idx);
        bindIter(s, s.value, value, elem);
      }
      block(s.body.stmts);
      next = inner;
      patchHere(continues.get(s));
      cb.emit(Op.ADDI, idx, idx, 1);
      cb.patch(toCond, cb.pc());
      cb.emit(Op.JLT_I, idx, len, top);
    } else if (xt instanceof Type.Array || xt instanceof Type.Pointer) {
      Type.Array at = (Type.Array) derefType(s.x.type).underlying();
      int arr = alloc();
      into(s.x, arr);
      boolean wantValue = s.value != null && !isBlank(s.value);
      if (wantValue && xt instanceof Type.Array) {
        cb.emit(Op.COPYV, arr, arr, rt(s.x.type)); // range over an array value ranges over a copy
      }
      int len = alloc();
      loadInt(len, at.len);
      int idx = alloc();
      cb.emit(Op.LOADI, idx, 0);
      int elem = alloc();
      int toCond = cb.emit(Op.JMP, -1);
      int top = cb.pc();
      int inner = next;
      bindIter(s, s.key, key, idx);
      if (wantValue) {
        cb.emit(arrayLoadOp(at.elem), elem, arr, idx);
        bindIter(s, s.value, value, elem);
      }
      block(s.body.stmts);
      next = inner;
      patchHere(continues.get(s));
      cb.emit(Op.ADDI, idx, idx, 1);
      cb.patch(toCond, cb.pc());
      cb.emit(Op.JLT_I, idx, len, top);
    } else if (xt instanceof Type.Map) {
      int m = alloc();
      into(s.x, m);
      int it = alloc();
      cb.emit(Op.MAPITER, it, m);
      int kv = allocN(2);
      int top = cb.pc();
      int inner = next;
      breaks.get(s).add(cb.emit(Op.MAPNEXT, kv, it, -1));
      bindIter(s, s.key, key, kv);
      if (s.value != null && !isBlank(s.value)) {
        bindIter(s, s.value, value, kv + 1);
      }
      block(s.body.stmts);
      next = inner;
      patchHere(continues.get(s));
      cb.emit(Op.JMP, top);
    } else if (xt instanceof Type.Chan) {
      int ch = alloc();
      into(s.x, ch);
      int recv = allocN(2); // value, ok
      int top = cb.pc();
      int inner = next;
      cb.setLine(s.line);
      cb.emit(Op.RECV2, recv, ch);
      breaks.get(s).add(cb.emit(Op.JF, recv + 1, -1));
      bindIter(s, s.key, key, recv);
      block(s.body.stmts);
      next = inner;
      patchHere(continues.get(s));
      cb.emit(Op.JMP, top);
    } else {
      unsupported(s.x, "range over " + s.x.type);
    }
    patchHere(breaks.remove(s));
    continues.remove(s);
    next = mark;
  }

  static Obj.Var rangeVar(Expr e, Tok op) {
    if (e == null || op == null) {
      return null;
    }
    return e.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Var v ? v : null;
  }

  /** Gives an iteration variable this iteration's value (a new variable per iteration for :=). */
  void bindIter(Stmt.Range s, Expr target, Obj.Var v, int src) {
    if (target == null || isBlank(target)) {
      return;
    }
    if (s.op == Tok.DEFINE) {
      Integer r = regs.get(v);
      copyValue(v.type, src);
      declareFrom(v, src, r != null ? r : alloc());
    } else if (target == s.value && rangeValueTarget != null) {
      storePrepared(rangeValueTarget, src);
      rangeValueTarget = null;
    } else {
      if (target == s.key && s.value != null && !isBlank(s.value)) {
        // for k, x[k] = range ...: x[k]'s operands are evaluated before k is assigned
        rangeValueTarget = prepare(s.value, true);
      }
      storeTo(target, src);
    }
  }

  /** The value target of a {@code for k, v = range} iteration, prepared before k's store. */
  private Target rangeValueTarget;

  void switchStmt(Stmt.Switch s) {
    int mark = next;
    if (s.init != null) {
      stmt(s.init);
    }
    breaks.put(s, new ArrayList<>());
    int tag = -1;
    Type tagType = null;
    if (s.tag != null) {
      tag = alloc();
      tagType = s.tag.type;
      into(s.tag, tag);
    }
    int n = s.clauses.size();
    List<List<Integer>> toBody = new ArrayList<>();
    int defaultIndex = -1;
    // a string tag and only constant string cases: one SWITCH_S finds the clause
    List<Integer> caseClause = tag >= 0 && !isInterface(tagType) && Layout.isString(tagType)
        ? constantStringCases(s) : null;
    StrSwitch table = null;
    if (caseClause != null) {
      List<GoString> keys = new ArrayList<>();
      for (Stmt.CaseClause cc : s.clauses) {
        for (Expr e : cc.exprs == null ? List.<Expr>of() : cc.exprs) {
          keys.add(c.string(((Constant.Str) e.constValue).value));
        }
      }
      table = new StrSwitch(keys.toArray(new GoString[0]));
      cb.setLine(s.clauses.get(caseClause.get(0)).exprs.get(0).line);
      cb.emit(Op.SWITCH_S, tag, cb.constR(table));
    }
    for (int i = 0; i < n; i++) {
      Stmt.CaseClause cc = s.clauses.get(i);
      List<Integer> jumps = new ArrayList<>();
      toBody.add(jumps);
      if (cc.exprs == null) {
        defaultIndex = i;
        continue;
      }
      if (table != null) {
        continue;
      }
      for (Expr e : cc.exprs) {
        cb.setLine(e.line);
        int m = next;
        if (tag < 0 && isInterface(e.type)) {
          // a tagless switch compares with the untyped constant true: an interface case is boxed
          int t = alloc();
          cb.emit(Op.LOADI, t, 1);
          jumps.add(caseJump(gol.interp.check.Universe.BOOL, t, e));
        } else if (tag < 0) {
          condJump(e, true, jumps);
        } else {
          jumps.add(caseJump(tagType, tag, e));
        }
        next = m;
      }
    }
    int toDefault = cb.emit(Op.JMP, -1);
    List<Integer> ends = new ArrayList<>();
    int[] starts = new int[n];
    List<Integer> fallthroughs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Stmt.CaseClause cc = s.clauses.get(i);
      starts[i] = cb.pc();
      patchHere(toBody.get(i));
      for (int c = 0; table != null && c < caseClause.size(); c++) {
        if (caseClause.get(c) == i) {
          table.setTarget(c, cb.pc());
        }
      }
      if (i == defaultIndex) {
        cb.patch(toDefault, cb.pc());
      }
      if (!fallthroughs.isEmpty()) {
        patchHere(fallthroughs);
      }
      List<Stmt> body = cc.body;
      boolean falls = !body.isEmpty() && body.get(body.size() - 1) instanceof Stmt.Branch b
          && b.kind == Stmt.Branch.Kind.FALLTHROUGH;
      block(falls ? body.subList(0, body.size() - 1) : body);
      if (falls) {
        fallthroughs.add(cb.emit(Op.JMP, -1));
      } else {
        ends.add(cb.emit(Op.JMP, -1));
      }
    }
    if (defaultIndex < 0) {
      cb.patch(toDefault, cb.pc());
    }
    patchHere(ends);
    patchHere(fallthroughs);
    patchHere(breaks.remove(s));
    next = mark;
  }

  /**
   * The clause index of each case expression, in order, when there are at least three and all
   * are constant strings (the tag is a string); otherwise null.
   */
  private static List<Integer> constantStringCases(Stmt.Switch s) {
    List<Integer> clauseOf = new ArrayList<>();
    for (int i = 0; i < s.clauses.size(); i++) {
      List<Expr> exprs = s.clauses.get(i).exprs;
      for (Expr e : exprs == null ? List.<Expr>of() : exprs) {
        if (!(e.constValue instanceof Constant.Str)) {
          return null;
        }
        clauseOf.add(i);
      }
    }
    return clauseOf.size() >= 3 ? clauseOf : null;
  }

  /** Emits a jump taken when case expression e equals the switch's tag; returns its pc. */
  int caseJump(Type tagType, int tag, Expr e) {
    if (isNil(e)) {
      // a nil case on a pointer, func, map, slice, chan or interface tag: identity with nil
      int r = alloc();
      int v = alloc();
      cb.emit(Op.NIL_R, v);
      compare(Tok.EQL, tagType, tag, v, r, true);
      return cb.emit(Op.JT, r, -1);
    }
    if (isInterface(e.type) && !isInterface(tagType)) {
      // an interface case against a concrete tag: compared as interfaces, as e == tag is
      int t = alloc();
      box(tagType, tag, t);
      int v = val(e);
      int r = alloc();
      cb.emit(Op.EQ_V, r, t, v, rt(e.type));
      return cb.emit(Op.JT, r, -1);
    }
    int v = alloc();
    intoConv(e, tagType, v);
    return equalJump(tagType, tag, v);
  }

  /** Emits a jump taken when registers a and b (of type t) are equal; returns its pc. */
  int equalJump(Type t, int a, int b) {
    if (isPrim(t) && !isFloat(t)) {
      return cb.emit(Op.JEQ_I, a, b, -1);
    }
    int r = alloc();
    if (isValue(t) || isInterface(t)) {
      cb.emit(Op.EQ_V, r, a, b, rt(t));
    } else if (ExprCompiler.isPointerLike(t)) {
      cb.emit(Op.EQ_P, r, a, b);
    } else {
      compare(Tok.EQL, t, a, b, r, isRefIdentity(t));
    }
    return cb.emit(Op.JT, r, -1);
  }

  void returnStmt(Stmt.Return s) {
    if (rangeBody != null) {
      rangeReturn(s);
      return;
    }
    int n = results.size();
    if (deferReg >= 0) {
      returnWithDefers(s);
      return;
    }
    if (n == 0) {
      cb.emit(Op.RET, 0, 0);
      return;
    }
    if (n == 1 && s.results.size() == 1 && !isInterface(results.get(0).type)
        && !isValue(s.results.get(0).type)) {
      // return x: straight from x's register (a local's own, or where a call left its result)
      cb.emit(Op.RET, val(s.results.get(0)), 1);
      return;
    }
    int base = allocN(n);
    if (s.results.isEmpty()) {
      for (int i = 0; i < n; i++) {
        loadVar(results.get(i), base + i);
      }
    } else if (s.results.size() == n) {
      int[] order = callsFirstOrder(s.results, 0, n); // gc's order: the calls first
      for (int k = 0; k < n; k++) {
        int i = order == null ? k : order[k];
        intoOwned(s.results.get(i), results.get(i).type, base + i);
      }
    } else {
      Expr.Call call = (Expr.Call) s.results.get(0).unparen();
      int cbase = call(call);
      Type.Tuple tuple = (Type.Tuple) call.type;
      for (int i = 0; i < n; i++) {
        Type want = results.get(i).type;
        if (isInterface(want) && !isInterface(tuple.at(i))) {
          box(tuple.at(i), cbase + i, base + i);
        } else {
          cb.emit(Op.MOV, base + i, cbase + i);
        }
      }
    }
    cb.emit(Op.RET, base, n);
  }

  /** return in a function with defers: set the results, then run the epilogue. */
  void returnWithDefers(Stmt.Return s) {
    int n = results.size();
    if (!s.results.isEmpty()) {
      List<Type> targets = new ArrayList<>();
      for (Obj.Var r : results) {
        targets.add(r.type);
      }
      int[] src = evalAll(targets, s.results);
      for (int i = 0; i < n; i++) {
        if (resultRegs != null) {
          cb.emit(Op.MOV, resultRegs + i, src[i]);
        } else {
          storeVar(results.get(i), src[i]);
        }
      }
    }
    toEpilogue.add(cb.emit(Op.JMP, -1));
  }

  void branch(Stmt.Branch b) {
    if (rangeBody != null && (b.kind == Stmt.Branch.Kind.BREAK && !breaks.containsKey(b.target)
        || b.kind == Stmt.Branch.Kind.CONTINUE && !continues.containsKey(b.target))) {
      rangeBranch(b.kind, b.target);
      return;
    }
    switch (b.kind) {
      case BREAK: {
        List<Integer> l = breaks.get(b.target);
        if (l == null) {
          unsupported(b, "break out of this statement");
          return;
        }
        l.add(cb.emit(Op.JMP, -1));
        return;
      }
      case CONTINUE: {
        List<Integer> l = continues.get(b.target);
        if (l == null) {
          unsupported(b, "continue here");
          return;
        }
        l.add(cb.emit(Op.JMP, -1));
        return;
      }
      case GOTO:
        gotoLabel(b.label.name);
        return;
      default:
        // fallthrough is handled by switchStmt; anywhere else the checker rejected it
        unsupported(b, "fallthrough here");
    }
  }

  /** goto name: a jump back, or a forward jump patched when the label comes (label). */
  void gotoLabel(String name) {
    Integer at = labels.get(name);
    if (at != null) {
      cb.emit(Op.JMP, at);
    } else {
      gotos.computeIfAbsent(name, k -> new ArrayList<>()).add(cb.emit(Op.JMP, -1));
    }
  }

  void label(Stmt.Labeled l) {
    String name = l.label.name;
    labels.put(name, cb.pc());
    List<Integer> pending = gotos.remove(name);
    if (pending != null) {
      patchHere(pending);
    }
    stmt(l.stmt);
  }

  /** {@code go f(args)}: the arguments are evaluated here, the call runs in a new goroutine. */
  void goStmt(Stmt.Go g) {
    Expr.Call call = g.call;
    if (call.kind == Expr.Call.Kind.BUILTIN) {
      int[] w = builtinWrapper(call, g.line, "gowrap");
      if (w != null) {
        cb.setLine(g.line);
        cb.emit(Op.GOC, w[0], w[1], w[2]);
      }
      return;
    }
    if (call.kind != Expr.Call.Kind.CALL) {
      unsupported(g, "go with a conversion");
      return;
    }
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    Obj.Func target = staticTarget(call.fun.unparen());
    int fnReg = target == null ? val(call.fun) : -1;
    int n = sig.params.size();
    int base = allocN(Math.max(n, 1));
    args(call, sig, base);
    copyArgs(sig, base);
    cb.setLine(g.line);
    if (target != null) {
      cb.emit(Op.GO, cb.constR(c.protoOf(target)), base, n);
    } else {
      cb.emit(Op.GOC, fnReg, base, n);
    }
  }

  /**
   * {@code select}: the channels (and values to send) go in register pairs, SELECT picks a case
   * (L[r] = its index, -1 for default; a received value in r+1, ok in r+2), then a jump table.
   */
  void selectStmt(Stmt.Select s) {
    int mark = next;
    breaks.put(s, new ArrayList<>());
    List<Stmt.CommClause> cases = new ArrayList<>();
    boolean hasDefault = false;
    for (Stmt.CommClause cc : s.clauses) {
      if (cc.comm == null) {
        hasDefault = true;
      } else {
        cases.add(cc);
      }
    }
    int n = cases.size();
    int result = allocN(3);
    int pairs = allocN(Math.max(2 * n, 1));
    int[] kinds = new int[n];
    for (int j = 0; j < n; j++) {
      Stmt comm = cases.get(j).comm;
      if (comm instanceof Stmt.Send send) {
        kinds[j] = 1;
        into(send.ch, pairs + 2 * j);
        intoOwned(send.value, ((Type.Chan) send.ch.type.underlying()).elem, pairs + 2 * j + 1);
      } else {
        into(recvOf(comm).x, pairs + 2 * j);
      }
    }
    // a select of one case and no default is gc's plain send or receive: a trace shows its line
    cb.setLine(n == 1 && !hasDefault ? cases.get(0).comm.line : s.line);
    cb.emit(Op.SELECT, result, pairs, n, cb.constR(kinds), hasDefault ? 1 : 0);
    List<Integer> ends = new ArrayList<>();
    int caseIndex = 0;
    for (Stmt.CommClause cc : s.clauses) {
      int skip;
      int idx = cc.comm == null ? -1 : caseIndex++;
      int k = alloc();
      cb.emit(Op.LOADI, k, idx);
      skip = cb.emit(Op.JNE_I, result, k, -1);
      next = k;
      int inner = next;
      if (cc.comm instanceof Stmt.Assign a) {
        bindReceive(a, recvOf(a), result + 1);
      }
      block(cc.body);
      next = inner;
      ends.add(cb.emit(Op.JMP, -1));
      cb.patch(skip, cb.pc());
    }
    patchHere(ends);
    patchHere(breaks.remove(s));
    next = mark;
  }

  /** The receive expression of a select case's communication. */
  static Expr.Unary recvOf(Stmt comm) {
    Expr e = comm instanceof Stmt.ExprStmt es ? es.x : ((Stmt.Assign) comm).rhs.get(0);
    return (Expr.Unary) e.unparen();
  }

  /** {@code v := <-c}, {@code v, ok = <-c} in a select case: the value is in r, ok in r+1. */
  void bindReceive(Stmt.Assign a, Expr.Unary recv, int r) {
    Type elem = ((Type.Chan) recv.x.type.underlying()).elem;
    for (int i = 0; i < a.lhs.size(); i++) {
      Expr l = a.lhs.get(i);
      if (isBlank(l)) {
        continue;
      }
      int src = r + i;
      Type t = i == 0 ? elem : gol.interp.check.Universe.BOOL;
      if (a.op == Tok.DEFINE && l.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Var v && v.decl == id) {
        int reg = alloc();
        if (isInterface(v.type) && !isInterface(t)) {
          box(t, src, reg);
          src = reg;
        }
        declareFrom(v, src, reg);
      } else {
        if (isInterface(l.type) && !isInterface(t)) {
          int tmp = alloc();
          box(t, src, tmp);
          src = tmp;
        }
        storeTo(l, src);
      }
    }
  }

  void typeSwitch(Stmt.TypeSwitch s) {
    int mark = next;
    if (s.init != null) {
      stmt(s.init);
    }
    breaks.put(s, new ArrayList<>());
    Expr xe = s.x instanceof Expr.TypeAssert ta ? ta.x : s.x;
    int x = alloc();
    into(xe, x);
    int n = s.clauses.size();
    List<List<Integer>> toBody = new ArrayList<>();
    int defaultIndex = -1;
    for (int i = 0; i < n; i++) {
      Stmt.CaseClause cc = s.clauses.get(i);
      List<Integer> jumps = new ArrayList<>();
      toBody.add(jumps);
      if (cc.exprs == null) {
        defaultIndex = i;
        continue;
      }
      for (Expr e : cc.exprs) {
        int m = next;
        int r = alloc();
        if (isNil(e)) {
          int z = alloc();
          cb.emit(Op.NIL_R, z);
          cb.emit(Op.EQ_REF, r, x, z);
        } else {
          cb.emit(Op.ISTYPE, r, x, rt(e.type));
        }
        jumps.add(cb.emit(Op.JT, r, -1));
        next = m;
      }
    }
    int toDefault = cb.emit(Op.JMP, -1);
    List<Integer> ends = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Stmt.CaseClause cc = s.clauses.get(i);
      patchHere(toBody.get(i));
      if (i == defaultIndex) {
        cb.patch(toDefault, cb.pc());
      }
      int m = next;
      Obj.Var v = cc.implicitVar;
      if (v != null) {
        int r = alloc();
        if (isInterface(v.type)) {
          cb.emit(Op.MOV_R, r, x);
        } else {
          gol.interp.vm.Sites.Assert site = new gol.interp.vm.Sites.Assert(c.rtypes.of(v.type), RTypes.name(xe.type));
          cb.emit(Op.ASSERT, r, x, cb.constR(site));
          copyValue(v.type, r);
        }
        declareFrom(v, r, r);
      }
      block(cc.body);
      next = m;
      ends.add(cb.emit(Op.JMP, -1));
    }
    if (defaultIndex < 0) {
      cb.patch(toDefault, cb.pc());
    }
    patchHere(ends);
    patchHere(breaks.remove(s));
    next = mark;
  }

  // ---- defer ----

  /** Whether body has a defer statement outside nested function literals. */
  static boolean hasDefer(List<Stmt> stmts) {
    return contains(stmts, Stmt.Defer.class);
  }

  static boolean hasDefer(Stmt s) {
    return contains(s, Stmt.Defer.class);
  }

  /** Whether a statement of class kind is among stmts (nested function literals excluded). */
  static boolean contains(List<Stmt> stmts, Class<? extends Stmt> kind) {
    for (Stmt s : stmts) {
      if (contains(s, kind)) {
        return true;
      }
    }
    return false;
  }

  /** Whether s is, or has inside it, a statement of class kind (function literals excluded). */
  static boolean contains(Stmt s, Class<? extends Stmt> kind) {
    if (s == null) {
      return false;
    }
    if (kind.isInstance(s)) {
      return true;
    }
    if (s instanceof Stmt.Block b) {
      return contains(b.stmts, kind);
    }
    if (s instanceof Stmt.If i) {
      return contains(i.then, kind) || contains(i.els, kind);
    }
    if (s instanceof Stmt.For f) {
      return contains(f.body, kind);
    }
    if (s instanceof Stmt.Range r) {
      return contains(r.body, kind);
    }
    if (s instanceof Stmt.Labeled l) {
      return contains(l.stmt, kind);
    }
    if (s instanceof Stmt.Switch sw) {
      for (var cc : sw.clauses) { // loops, not streams: this runs at start-up (streams' first use is slow)
        if (contains(cc.body, kind)) {
          return true;
        }
      }
    }
    if (s instanceof Stmt.TypeSwitch sw) {
      for (var cc : sw.clauses) {
        if (contains(cc.body, kind)) {
          return true;
        }
      }
    }
    if (s instanceof Stmt.Select sel) {
      for (var cc : sel.clauses) {
        if (contains(cc.body, kind)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The struct and array arguments of a go or defer call, copied now: the call runs later, and
   * Go passes the values they had at the statement (a callee copies its value parameters only
   * when it starts, after the caller may have changed the originals).
   */
  private void copyArgs(Type.Signature sig, int base) {
    for (int i = 0; i < sig.params.size(); i++) {
      copyValue(sig.params.at(i), base + i); // (a variadic parameter is a slice: no copy)
    }
  }

  /** defer f(args): the func value and arguments are evaluated now, into a record. */
  void deferStmt(Stmt.Defer d) {
    if (rangeBody != null) {
      rangeDefer(d);
      return;
    }
    deferRecord(d);
  }

  /** Evaluates the deferred call's function and arguments into a record on the list in deferReg. */
  void deferRecord(Stmt.Defer d) {
    Expr.Call call = d.call;
    if (call.kind == Expr.Call.Kind.BUILTIN) {
      deferBuiltin(d);
      return;
    }
    if (call.kind != Expr.Call.Kind.CALL) {
      unsupported(d, "defer of a conversion");
      return;
    }
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    if (deferMethod(d)) {
      return;
    }
    int fn = alloc();
    into(call.fun, fn);
    int n = sig.params.size();
    int base = allocN(Math.max(n, 1));
    args(call, sig, base);
    copyArgs(sig, base);
    maxDeferArgs = Math.max(maxDeferArgs, n);
    deferPush(d, fn, base, n, null);
  }

  /**
   * defer x.m(args) of a concrete method: the method itself is deferred, with the receiver
   * (evaluated and copied now, as the method value would be) as its first argument — no method
   * value closure and cell per defer, and one call instead of two when it runs. Returns false
   * for an interface method or a native one (those go through the method value).
   */
  private boolean deferMethod(Stmt.Defer d) {
    Expr.Call call = d.call;
    if (!(call.fun.unparen() instanceof Expr.Selector s) || s.selection == null
        || s.selection.kind != gol.interp.types.Selection.Kind.METHOD_VALUE
        || !(s.selection.obj instanceof Obj.Func m) || !(m.type instanceof Type.Signature ms)
        || ms.recv == null || CallCompiler.isInterfaceMethod(s) || c.protoOf(m).nativeFn != null) {
      return false;
    }
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    int fn = alloc();
    Closure method = c.funcValue(m);
    cb.emit(Op.LOADK_R, fn, cb.constR(method));
    int n = sig.params.size() + 1;
    int base = allocN(n);
    receiver(s, m, base);
    copyValue(ms.recv.type, base);
    args(call, sig, base + 1);
    copyArgs(sig, base + 1);
    maxDeferArgs = Math.max(maxDeferArgs, n);
    deferPush(d, fn, base, n, method.cells.length == 0 ? method.proto : null);
    return true;
  }

  /**
   * defer of a builtin ({@code defer close(ch)}, {@code defer delete(m, k)}, {@code defer
   * panic(v)}): as gc does, the arguments are evaluated now and a wrapper function
   * ({@code main.f.deferwrap1}) taking them as parameters makes the call later. {@code defer
   * recover()} is a no-op (the recover is not called by a deferred function), so it emits nothing.
   */
  void deferBuiltin(Stmt.Defer d) {
    int[] w = builtinWrapper(d.call, d.line, "deferwrap");
    if (w != null) {
      maxDeferArgs = Math.max(maxDeferArgs, w[2]);
      deferPush(d, w[0], w[1], w[2], null);
    }
  }

  /**
   * The end of a defer statement: its call (func value in fn, n arguments from base) is pushed as
   * a record, or, open-coded, kept in the statement's registers; known is its callee when a
   * direct call may replace the func value's.
   */
  private void deferPush(Stmt.Defer d, int fn, int base, int n, Proto known) {
    cb.setLine(d.line);
    int i = openDefers == null ? -1 : openDefers.index(d);
    if (i < 0) {
      cb.emit(Op.DEFER, deferReg, fn, base, n);
    } else {
      openDefers.statement(cb, i, fn, base, n, known);
    }
  }

  /** At most how many argument registers defer d's call takes (open-coded defers reserve them). */
  int deferArity(Stmt.Defer d) {
    Expr.Call call = d.call;
    if (call.kind == Expr.Call.Kind.BUILTIN) {
      return builtinArgs(call).size();
    }
    if (call.kind == Expr.Call.Kind.CALL) {
      return ((Type.Signature) call.fun.type.underlying()).params.size() + 1; // + a receiver
    }
    return 0;
  }

  /**
   * The wrapper closure of a deferred or go'd builtin call, with its evaluated arguments:
   * {closure register, argument base, argument count}; null for go recover(), which does
   * nothing. The wrapper of defer recover() is marked: its recover counts as made by the
   * function that deferred it (see Panics.recover).
   */
  private int[] builtinWrapper(Expr.Call call, int line, String kind) {
    Obj.Builtin b = (Obj.Builtin) ((Expr.Ident) call.fun.unparen()).obj;
    if (b.name.equals("recover") && !kind.equals("deferwrap")) {
      return null;
    }
    List<Obj.Var> params = new ArrayList<>();
    List<Expr> args = new ArrayList<>();
    List<Expr> evaluated = new ArrayList<>();
    for (Expr a : builtinArgs(call)) {
      if (a.constValue != null || isNil(a) || a.isType || a.type instanceof Type.Tuple) {
        args.add(a); // constants, nil and type arguments stay in the wrapper's call as they are
        continue;
      }
      Obj.Var v = new Obj.Var("arg" + params.size(), null, null, a.type);
      Expr.Ident id = new Expr.Ident(a.line, a.col, v.name);
      id.obj = v;
      id.type = a.type;
      params.add(v);
      args.add(id);
      evaluated.add(a);
    }
    Expr.Call wrapped = new Expr.Call(call.line, call.col, call.fun, args, call.ellipsis);
    wrapped.kind = call.kind;
    wrapped.type = call.type;
    Proto p = new Proto(proto.name + "." + kind + (++deferWraps), proto.file, line);
    p.captures = new int[0];
    p.deferredRecover = b.name.equals("recover");
    new FuncCompiler(c, this, p).deferWrapper(params, wrapped);
    int fn = alloc();
    cb.emit(Op.CLOSURE, fn, cb.constR(p));
    int n = params.size();
    int base = allocN(Math.max(n, 1));
    for (int i = 0; i < n; i++) {
      into(evaluated.get(i), base + i);
    }
    return new int[] {fn, base, n};
  }

  /** Emits the epilogue of a function with defers: run the records, return the results. */
  void deferEpilogue() {
    patchHere(toEpilogue);
    proto.deferRet = cb.pc();
    int n = results.size();
    int fn = alloc();
    int base = allocN(Math.max(Math.max(maxDeferArgs, n), 1));
    if (openDefers != null) {
      openDefers.epilogue(cb, fn, base);
      proto.openDefers = openDefers.frameInfo();
    }
    int top = cb.pc();
    int exit = cb.emit(Op.DEFERPOP, fn, deferReg, base, -1);
    cb.emit(Op.CALLC, fn, base);
    cb.emit(Op.JMP, top);
    cb.patch(exit, cb.pc());
    for (int i = 0; i < n; i++) {
      if (resultRegs != null) {
        cb.emit(Op.MOV, base + i, resultRegs + i);
      } else {
        loadVar(results.get(i), base + i);
      }
    }
    cb.emit(Op.RET, base, n);
  }


  // ---- range over a function (Go 1.23) ----

  /**
   * {@code for k, v := range f { body }}: the body becomes a yield function (a closure over the
   * variables it uses), f is called with it, and after f returns the loop's exit cell says
   * where to go on (see RangeBody).
   */
  void rangeFunc(Stmt.Range s) {
    int mark = next;
    int f = alloc();
    into(s.x, f);
    Obj.Var state = synthetic("range state", Universe.INT);
    Obj.Var exit = synthetic("range exit", Universe.INT);
    declareZero(state); // READY
    declareZero(exit); // NONE
    if (containsReturn(s.body.stmts) && !results.isEmpty() && results.get(0).name.isEmpty()) {
      realResults();
    }
    // the cell is made again for each such loop of the function itself: its register is one of
    // the loop statement's, free again after it (a later loop's would be another variable's)
    if (hasDefer(s.body) && (rangeDefers == null || rangeBody == null)) {
      if (rangeBody != null || deferReg < 0) {
        unsupported(s, "defer in this range-over-func loop body");
      } else {
        deferSlot();
      }
    }
    RangeBody body = new RangeBody(s, state, exit);
    Proto p = new Proto(rangeName(), proto.file, s.line);
    FuncCompiler fc = new FuncCompiler(c, this, p);
    List<Obj.Var> caps = new ArrayList<>(s.funcCaptures);
    caps.add(state);
    caps.add(exit);
    if (rangeResults != null) {
      caps.addAll(rangeResults);
    }
    if (rangeDefers != null) {
      caps.add(rangeDefers);
    }
    p.captures = new int[caps.size()];
    for (int i = 0; i < caps.size(); i++) {
      Obj.Var v = caps.get(i);
      fc.upvals.put(v, i);
      Integer r = regs.get(v);
      p.captures[i] = r != null ? r : -upval(v) - 1;
    }
    fc.rangeBody = body;
    fc.rangeResults = rangeResults;
    fc.rangeDefers = rangeDefers;
    fc.results = results;
    fc.rangeBodyFunction(s);
    int base = allocN(1);
    cb.emit(Op.CLOSURE, base, cb.constR(p));
    cb.setLine(s.line);
    cb.emit(Op.CALLC, f, base);
    // the iterator returned: a body panic it recovered from must not go unnoticed
    int st = alloc();
    loadVar(state, st);
    int ok = cb.emit(Op.JNEI, st, RangeFuncOps.BODY, -1);
    cb.emit(Op.LOADI, st, RangeFuncOps.SWALLOWED);
    cb.emit(Op.CALLN, cb.constR(RangeFuncOps.FAIL), st);
    cb.patch(ok, cb.pc());
    cb.emit(Op.LOADI, st, RangeFuncOps.EXHAUSTED);
    storeVar(state, st);
    if (body.returns || !body.exits.isEmpty()) {
      int e = alloc();
      loadVar(exit, e);
      if (body.returns) {
        int skip = cb.emit(Op.JNEI, e, RangeBody.RETURN, -1);
        returnFromCells();
        cb.patch(skip, cb.pc());
      }
      for (int i = 0; i < body.exits.size(); i++) {
        RangeBody.Exit x = body.exits.get(i);
        int skip = cb.emit(Op.JNEI, e, RangeBody.FIRST_BRANCH + i, -1);
        if (x.label() != null) {
          gotoLabel(x.label()); // (in a loop body itself, left pending: see rangeBodyFunction)
        } else {
          branchTo(x.kind(), x.target());
        }
        cb.patch(skip, cb.pc());
      }
    }
    next = mark;
  }

  /** A new variable the compiler adds: kept in a cell so that loop bodies can share it. */
  Obj.Var synthetic(String name, Type t) {
    Obj.Var v = new Obj.Var(name, null, null, t);
    v.captured = true;
    return v;
  }

  /** The name of the next loop body function, as gc names them (main.main-range1). */
  String rangeName() {
    FuncCompilerBase real = this;
    while (real.rangeBody != null) {
      real = real.parent;
    }
    return real.proto.name + "-range" + (++real.ranges);
  }

  /** Makes (once) the cells return statements in loop bodies leave unnamed results in. */
  void realResults() {
    if (rangeResults != null) {
      return;
    }
    rangeResults = new ArrayList<>();
    for (Obj.Var r : results) {
      Obj.Var v = synthetic("range result", r.type);
      declareZero(v);
      rangeResults.add(v);
    }
  }

  /** After a loop whose body returned: return the results stored in the cells (or pass it on). */
  void returnFromCells() {
    if (rangeBody != null) {
      rangeBody.returns = true;
      leaveBody(RangeBody.RETURN);
      return;
    }
    int n = results.size();
    if (n == 0 || !results.get(0).name.isEmpty()) {
      returnStmt(new Stmt.Return(cb.line(), 1, List.of())); // named results: a bare return
      return;
    }
    int base = allocN(n);
    for (int i = 0; i < n; i++) {
      loadVar(rangeResults.get(i), base + i);
    }
    if (deferReg >= 0) {
      for (int i = 0; i < n; i++) {
        cb.emit(Op.MOV, resultRegs + i, base + i);
      }
      toEpilogue.add(cb.emit(Op.JMP, -1));
    } else {
      cb.emit(Op.RET, base, n);
    }
  }

  /** A break or continue of {@code target} in code after a loop that asked for it. */
  void branchTo(Stmt.Branch.Kind kind, Stmt target) {
    List<Integer> l = kind == Stmt.Branch.Kind.BREAK ? breaks.get(target) : continues.get(target);
    if (l != null) {
      l.add(cb.emit(Op.JMP, -1));
    } else if (rangeBody != null) {
      rangeBranch(kind, target);
    } else {
      unsupported(target, "this jump out of a range-over-func loop");
    }
  }

  /** In a loop body: break/continue of the loop itself, or a request to the code outside. */
  void rangeBranch(Stmt.Branch.Kind kind, Stmt target) {
    if (target == rangeBody.loop) {
      if (kind == Stmt.Branch.Kind.CONTINUE) {
        continueBody();
      } else {
        leaveBody(RangeBody.NONE);
      }
      return;
    }
    leaveBody(rangeBody.code(kind, target));
  }

  /** return inside a loop body: store the results, then leave the body asking for a return. */
  void rangeReturn(Stmt.Return s) {
    rangeBody.returns = true;
    int n = results.size();
    if (!s.results.isEmpty()) {
      List<Type> targets = new ArrayList<>();
      for (Obj.Var r : results) {
        targets.add(r.type);
      }
      int[] src = evalAll(targets, s.results);
      boolean named = !results.get(0).name.isEmpty();
      for (int i = 0; i < n; i++) {
        storeVar(named ? results.get(i) : rangeResults.get(i), src[i]);
      }
    }
    leaveBody(RangeBody.RETURN);
  }

  /** The end of an iteration: yield returns true. */
  void continueBody() {
    int r = alloc();
    cb.emit(Op.LOADI, r, RangeFuncOps.READY);
    storeVar(rangeBody.state, r);
    cb.emit(Op.LOADI, r, 1);
    cb.emit(Op.RET, r, 1);
    next--;
  }

  /** The body stops the loop: yield returns false, with {@code code} in the exit cell. */
  void leaveBody(int code) {
    int r = alloc();
    if (code != RangeBody.NONE) {
      cb.emit(Op.LOADI, r, code);
      storeVar(rangeBody.exit, r);
    }
    cb.emit(Op.LOADI, r, RangeFuncOps.DONE);
    storeVar(rangeBody.state, r);
    cb.emit(Op.LOADI, r, 0);
    cb.emit(Op.RET, r, 1);
    next--;
  }

  /** Whether a return statement is among stmts (nested function literals excluded). */
  static boolean containsReturn(List<Stmt> stmts) {
    return contains(stmts, Stmt.Return.class);
  }

  /**
   * In the function itself (not a loop body): stores the absolute slot of its defer list in a
   * cell its range-over-func loop bodies share, so their defer statements reach it.
   */
  void deferSlot() {
    rangeDefers = synthetic("range defers", Universe.INT);
    declareZero(rangeDefers);
    int r = alloc();
    cb.emit(Op.CALLN, cb.constR(RangeFuncOps.SLOT), r);
    cb.emit(Op.ADDI, r, r, deferReg - r);
    storeVar(rangeDefers, r);
    next--;
  }

  /**
   * defer in a loop body: the record goes on the enclosing function's list (it runs when that
   * function returns, as the spec says), read and written back through its absolute slot.
   */
  void rangeDefer(Stmt.Defer d) {
    int list = alloc();
    loadVar(rangeDefers, list);
    cb.emit(Op.CALLN, cb.constR(RangeFuncOps.LOAD_SLOT), list);
    int saved = deferReg;
    deferReg = list;
    deferRecord(d);
    deferReg = saved;
    cb.emit(Op.CALLN, cb.constR(RangeFuncOps.STORE_SLOT), list);
    FuncCompilerBase real = this;
    while (real.rangeBody != null) {
      real = real.parent;
    }
    real.maxDeferArgs = Math.max(real.maxDeferArgs, maxDeferArgs);
  }
}
