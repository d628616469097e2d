package gol.interp.compile;

import static gol.interp.compile.Layout.isFloat;
import static gol.interp.compile.Layout.isInterface;
import static gol.interp.compile.Layout.isPrim;
import static gol.interp.compile.Layout.isValue;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Simple statements of a function body: blocks, declarations, assignments, increments
 * (see {@link FuncCompilerBase}).
 */
abstract class StmtCompiler extends CallCompiler {
  StmtCompiler(Compiler c, FuncCompilerBase parent, Proto proto) {
    super(c, parent, proto);
  }

  // ---- statements ----

  void block(List<Stmt> stmts) {
    int mark = next;
    for (Stmt s : stmts) {
      stmt(s);
    }
    next = mark;
  }

  void stmt(Stmt s) {
    forgetHoisted();
    cb.setLine(s.line);
    int mark = next;
    if (s instanceof Stmt.ExprStmt e) {
      effect(e.x);
    } else if (s instanceof Stmt.Assign a) {
      if (a.op == Tok.DEFINE) {
        define(a);
        return; // keeps the new variables' registers
      }
      assign(a);
    } else if (s instanceof Stmt.DeclStmt d) {
      for (Decl decl : d.decls) {
        if (decl instanceof Decl.Var v) {
          varDecl(v);
        }
        // const and type declarations produce no code
      }
      return;
    } else if (s instanceof Stmt.IncDec id) {
      incDec(id);
    } else if (s instanceof Stmt.Block b) {
      block(b.stmts);
    } else if (s instanceof Stmt.If i) {
      ifStmt(i);
    } else if (s instanceof Stmt.For f) {
      forStmt(f);
    } else if (s instanceof Stmt.Range r) {
      rangeStmt(r);
    } else if (s instanceof Stmt.Switch sw) {
      switchStmt(sw);
    } else if (s instanceof Stmt.Return r) {
      returnStmt(r);
    } else if (s instanceof Stmt.Branch b) {
      branch(b);
    } else if (s instanceof Stmt.Labeled l) {
      label(l);
      return; // its statement freed its own temporaries, and kept a declaration's variables
    } else if (s instanceof Stmt.Go g) {
      goStmt(g);
    } else if (s instanceof Stmt.Send send) {
      int ch = val(send.ch);
      int v = alloc();
      intoOwned(send.value, ((Type.Chan) send.ch.type.underlying()).elem, v);
      cb.setLine(send.line);
      cb.emit(Op.SEND, ch, v);
    } else if (s instanceof Stmt.Select sel) {
      selectStmt(sel);
    } else if (s instanceof Stmt.Defer d) {
      deferStmt(d);
    } else if (s instanceof Stmt.TypeSwitch ts) {
      typeSwitch(ts);
    } else if (s instanceof Stmt.Empty) {
      // nothing
    } else {
      unsupported(s, describe(s));
    }
    next = mark;
  }

  /** An expression statement: a call (results dropped) or a receive. */
  void effect(Expr e) {
    Expr u = e.unparen();
    if (u instanceof Expr.Call call) {
      if (call.kind == Expr.Call.Kind.BUILTIN) {
        builtin(call, -1);
        return;
      }
      if (call.kind == Expr.Call.Kind.CALL) {
        call(call);
        return;
      }
    }
    into(e, alloc());
  }

  void varDecl(Decl.Var d) {
    List<Obj.Var> vars = new ArrayList<>();
    for (Expr.Ident id : d.names) {
      vars.add(id.obj instanceof Obj.Var v ? v : null);
    }
    if (d.values.isEmpty()) {
      for (Obj.Var v : vars) {
        if (v == null) {
          continue;
        }
        if (v.isGlobal) {
          continue; // globals start zeroed
        }
        declareZero(v);
      }
      return;
    }
    List<Type> targets = new ArrayList<>();
    for (Obj.Var v : vars) {
      targets.add(v == null ? null : v.type);
    }
    bindNew(vars, targets, d.values);
  }

  /**
   * Evaluates {@code values} (one per variable, or one multi-value call) and binds them to new
   * variables (locals get registers; globals are stored). Null entries are blank.
   */
  void bindNew(List<Obj.Var> vars, List<Type> targets, List<Expr> values) {
    int n = vars.size();
    // registers for the new locals first, so temporaries above them can be released
    int[] dst = new int[n];
    for (int i = 0; i < n; i++) {
      Obj.Var v = vars.get(i);
      dst[i] = v != null && !v.isGlobal ? alloc() : -1;
    }
    int tempMark = next;
    if (values.size() == n) {
      if (n == 1) {
        Obj.Var v = vars.get(0);
        if (v == null) {
          effectOrEval(values.get(0));
        } else if (v.isGlobal) {
          int t = alloc();
          intoConv(values.get(0), v.type, t);
          storeVar(v, t);
        } else if (v.escapes()) {
          int t = alloc();
          intoOwned(values.get(0), v.type, t);
          declareFrom(v, t, dst[0]);
        } else {
          intoOwned(values.get(0), v.type, dst[0]);
          regs.put(v, dst[0]);
        }
      } else {
        int[] tmp = evalAll(targets, values);
        for (int i = 0; i < n; i++) {
          bindOne(vars.get(i), tmp[i], dst[i]);
        }
      }
    } else {
      // v1, v2 := f()  (or a comma-ok form)
      List<Type> tuple = new ArrayList<>();
      int base = multiValue(values.get(0), tuple);
      for (int i = 0; i < n; i++) {
        Obj.Var v = vars.get(i);
        if (v == null) {
          continue;
        }
        int src = base + i;
        if (isInterface(v.type) && !isInterface(tuple.get(i))) {
          int t = alloc();
          box(tuple.get(i), src, t);
          src = t;
        }
        bindOne(v, src, dst[i]);
      }
    }
    next = tempMark;
  }

  /**
   * Evaluates an expression with several values — a call, or a comma-ok form such as
   * {@code <-ch} — into consecutive registers; returns the first and adds the values' types to
   * {@code types}.
   */
  int multiValue(Expr e, List<Type> types) {
    Expr u = e.unparen();
    if (u instanceof Expr.Unary un && un.op == Tok.ARROW) {
      int base = allocN(2);
      cb.setLine(un.line);
      cb.emit(Op.RECV2, base, val(un.x));
      types.add(((Type.Chan) un.x.type.underlying()).elem);
      types.add(gol.interp.check.Universe.BOOL);
      return base;
    }
    if (u instanceof Expr.Index ix && ix.x.type.underlying() instanceof Type.Map mt) {
      int base = allocN(2);
      mapIndex(ix, base, true);
      copyValue(mt.elem, base);
      types.add(mt.elem);
      types.add(gol.interp.check.Universe.BOOL);
      return base;
    }
    if (u instanceof Expr.TypeAssert ta) {
      int base = allocN(2);
      typeAssert(ta, base, true);
      Type t = ta.assertType.type;
      copyValue(t, base);
      types.add(t);
      types.add(gol.interp.check.Universe.BOOL);
      return base;
    }
    Expr.Call call = (Expr.Call) u;
    types.addAll(tupleTypes((Type.Tuple) call.type));
    return call(call);
  }

  static List<Type> tupleTypes(Type.Tuple t) {
    List<Type> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      out.add(t.at(i));
    }
    return out;
  }

  void bindOne(Obj.Var v, int src, int dst) {
    if (v == null) {
      return;
    }
    if (v.isGlobal) {
      storeVar(v, src);
    } else {
      declareFrom(v, src, dst);
    }
  }

  void effectOrEval(Expr e) {
    if (e.unparen() instanceof Expr.Call) {
      effect(e);
    } else {
      into(e, alloc());
    }
  }

  /** {@code a, b := x, y}: new variables get registers; redeclared ones are assigned. */
  void define(Stmt.Assign a) {
    List<Obj.Var> vars = new ArrayList<>();
    List<Type> targets = new ArrayList<>();
    boolean allNew = true;
    for (Expr l : a.lhs) {
      Expr.Ident id = (Expr.Ident) l.unparen();
      Obj.Var v = id.obj instanceof Obj.Var ov ? ov : null;
      vars.add(v);
      targets.add(v == null ? null : v.type);
      if (v != null && v.decl != id) {
        allNew = false;
      }
    }
    if (allNew) {
      bindNew(vars, targets, a.rhs);
      return;
    }
    // mixed: evaluate everything, then declare the new ones and assign the others
    int mark = next;
    List<Obj.Var> fresh = new ArrayList<>();
    int[] freshReg = new int[vars.size()];
    for (int i = 0; i < vars.size(); i++) {
      Obj.Var v = vars.get(i);
      Expr.Ident id = (Expr.Ident) a.lhs.get(i).unparen();
      freshReg[i] = v != null && v.decl == id && !v.isGlobal ? alloc() : -1;
      if (freshReg[i] >= 0) {
        fresh.add(v);
      }
    }
    int tempMark = next;
    int[] src = evalAll(targets, a.rhs);
    for (int i = 0; i < vars.size(); i++) {
      Obj.Var v = vars.get(i);
      if (v == null) {
        continue;
      }
      if (freshReg[i] >= 0) {
        declareFrom(v, src[i], freshReg[i]);
      } else {
        storeVar(v, src[i]);
      }
    }
    next = tempMark;
    assert mark <= next;
  }

  /** Evaluates the right-hand sides into temporaries (converted to the targets' types). */
  int[] evalAll(List<Type> targets, List<Expr> values) {
    int n = targets.size();
    int[] src = new int[n];
    if (values.size() == n) {
      for (int i = 0; i < n; i++) {
        src[i] = alloc();
      }
      int[] order = callsFirstOrder(values, 0, n); // gc's order: the calls first
      for (int k = 0; k < n; k++) {
        int i = order == null ? k : order[k];
        Type target = targets.get(i) != null ? targets.get(i) : values.get(i).type;
        intoOwned(values.get(i), target, src[i]);
      }
    } else {
      List<Type> tuple = new ArrayList<>();
      int base = multiValue(values.get(0), tuple);
      for (int i = 0; i < n; i++) {
        src[i] = base + i;
        Type target = targets.get(i);
        if (target != null && isInterface(target) && !isInterface(tuple.get(i))) {
          int t = alloc();
          box(tuple.get(i), base + i, t);
          src[i] = t;
        }
      }
    }
    return src;
  }

  void assign(Stmt.Assign a) {
    if (a.op != Tok.ASSIGN) {
      opAssign(a.lhs.get(0), a.rhs.get(0), a.op);
      return;
    }
    if (a.lhs.size() == 1 && a.rhs.size() == 1) {
      assignTo(a.lhs.get(0), a.rhs.get(0));
      return;
    }
    List<Type> targets = new ArrayList<>();
    for (Expr l : a.lhs) {
      targets.add(isBlank(l) ? null : l.type);
    }
    // Go's two phases: the operands of index expressions and indirections on the left, and the
    // right-hand sides, are evaluated first (left to right); then the assignments are carried out.
    // gc runs the calls of both sides first (with len, slice expressions, ...: CallsFirst's early
    // parts), in order, and reads the variables after them: in a[i], b = f(), 1 an a or i that
    // f changed is the one assigned. A call with several results (a, b[i] = f()) runs before
    // the left side's reads too.
    boolean tuple = a.rhs.size() != a.lhs.size();
    List<Expr> all = new ArrayList<>(a.lhs);
    if (!tuple) {
      all.addAll(a.rhs);
    }
    hoistAny(all);
    int[] src = tuple ? evalAll(targets, a.rhs) : null;
    Target[] dst = new Target[a.lhs.size()];
    for (int i = 0; i < a.lhs.size(); i++) {
      Expr l = a.lhs.get(i);
      dst[i] = isBlank(l) ? null : prepare(l, true);
    }
    if (src == null) {
      src = evalAll(targets, a.rhs);
    }
    for (int i = 0; i < a.lhs.size(); i++) {
      if (dst[i] != null) {
        storePrepared(dst[i], src[i]);
      }
    }
  }

  /**
   * {@code x op= y}: the operands of x (pointer, index, field base) are evaluated once, for both
   * the load and the store. Like gc, which evaluates every call of a statement before the
   * variables it reads, y is evaluated first when it may call a function and x cannot: in
   * {@code *p += f()} a p changed by f is the one updated.
   */
  void opAssign(Expr lhs, Expr rhs, Tok op) {
    boolean rhsFirst = mayCall(rhs) && !mayCall(lhs);
    if (localOrGlobal(lhs) == null && (CallsFirst.hasCall(lhs) || CallsFirst.hasCall(rhs))) {
      // the calls of both sides first, in order, as in assignTo: in a[f()] += g() the a g
      // stored is the one updated
      hoistAny(List.of(lhs, rhs));
      rhsFirst = false;
    }
    int y = rhsFirst ? val(rhs) : -1;
    Obj.Var v = localOrGlobal(lhs);
    if (v == null && updateIndexed(lhs, rhs, y, op, null)) {
      return;
    }
    if (v != null) {
      int dr = directReg(v);
      int dst = dr >= 0 ? dr : alloc();
      int x = dr >= 0 ? dr : loadInto(v);
      binaryOp(op, v.type, x, rhsFirst ? y : val(rhs), rhs.type, dst);
      if (dr < 0) {
        storeVar(v, dst);
      }
      return;
    }
    Target t = prepare(lhs, false);
    int x = alloc();
    loadPrepared(t, x);
    int dst = alloc();
    binaryOp(op, lhs.type, x, rhsFirst ? y : val(rhs), rhs.type, dst);
    storePrepared(t, dst);
  }

  /**
   * Whether evaluating e may call a function or receive (which may change variables e's
   * siblings read); false only for operands made of variables, constants, operators,
   * indexing, slicing, selectors, conversions and len/cap of those.
   */
  static boolean mayCall(Expr e) {
    if (e == null || e.constValue != null) {
      return false;
    }
    if (e instanceof Expr.Paren p) {
      return mayCall(p.x);
    }
    if (e instanceof Expr.Ident || e instanceof Expr.BasicLit) {
      return false;
    }
    if (e instanceof Expr.Selector s) {
      return s.selection != null && s.selection.kind != gol.interp.types.Selection.Kind.FIELD || mayCall(s.x);
    }
    if (e instanceof Expr.Index i) {
      return mayCall(i.x) || mayCall(i.index);
    }
    if (e instanceof Expr.SliceExpr s) {
      return mayCall(s.x) || mayCall(s.lo) || mayCall(s.hi) || mayCall(s.max);
    }
    if (e instanceof Expr.Star s) {
      return mayCall(s.x);
    }
    if (e instanceof Expr.Unary u) {
      return u.op == Tok.ARROW || mayCall(u.x);
    }
    if (e instanceof Expr.Binary b) {
      return mayCall(b.x) || mayCall(b.y);
    }
    if (e instanceof Expr.Call c && c.args.size() == 1 && (c.kind == Expr.Call.Kind.CONVERSION
        || c.kind == Expr.Call.Kind.BUILTIN && c.fun.unparen() instanceof Expr.Ident id
            && (id.name.equals("len") || id.name.equals("cap")))) {
      return mayCall(c.args.get(0));
    }
    return true;
  }

  /** Loads the current value of a prepared target (the x of x op= y) into dst. */
  void loadPrepared(Target t, int dst) {
    Expr u = t.lhs().unparen();
    if (u instanceof Expr.Selector sel && sel.selection != null) {
      int[] path = sel.selection.path;
      Type owner = ownerType(sel.x.type, path, path.length - 1);
      int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
      cb.emit(isPrim(sel.type) ? Op.GETF_L : Op.GETF_R, dst, t.a(), slot);
    } else if (u instanceof Expr.Star) {
      cb.emit(isPrim(u.type) ? Op.LDP_L : Op.LDP_R, dst, t.a());
    } else {
      unsupported(u, "x op= y on this kind of operand");
    }
  }

  static boolean isBlank(Expr e) {
    return e.unparen() instanceof Expr.Ident id && id.name.equals("_");
  }

  int loadInto(Obj.Var v) {
    int t = alloc();
    loadVar(v, t);
    return t;
  }

  Obj.Var localOrGlobal(Expr e) {
    Expr u = e.unparen();
    if (u instanceof Expr.Ident id && id.obj instanceof Obj.Var v) {
      return v;
    }
    if (u instanceof Expr.Selector s && s.selection == null && s.sel.obj instanceof Obj.Var v) {
      return v; // pkg.Var
    }
    return null;
  }

  /** Evaluates the early parts (CallsFirst) of es now, in order, when one of them has any. */
  private void hoistAny(List<Expr> es) {
    for (Expr e : es) {
      if (CallsFirst.hasCall(e)) {
        hoist(es, 0, es.size());
        return;
      }
    }
  }

  /** {@code lhs = rhs} for one operand. */
  void assignTo(Expr lhs, Expr rhs) {
    if (isBlank(lhs)) {
      effectOrEval(rhs);
      return;
    }
    if (localOrGlobal(lhs) == null) {
      // gc's order: the calls of both sides (and len, slice expressions, ...: CallsFirst's early
      // parts) first, in order, then the variables: in a[len(a)-1] = f() the len is the one
      // before f, the a the one f stored
      hoistAny(List.of(lhs, rhs));
    }
    if (literalInPlace(lhs, rhs)) {
      return;
    }
    Obj.Var v = localOrGlobal(lhs);
    if (v != null) {
      int dr = isValue(v.type) ? -1 : directReg(v);
      if (dr >= 0) {
        intoConv(rhs, v.type, dr);
      } else {
        int t = alloc();
        intoConv(rhs, v.type, t);
        storeVar(v, t);
      }
      return;
    }
    // the left side's index and indirection operands, then the right side (Go's first phase,
    // the calls of both already made above). Without copies: the right side cannot change a
    // local that lives in a register.
    Target dst = prepare(lhs, false);
    int t = alloc();
    intoConv(rhs, lhs.type, t);
    storePrepared(dst, t);
  }

  /**
   * {@code x = T{...}} for a struct variable or a slice or array element x whose type has no
   * struct or array fields: x's index operands, then the literal's values are evaluated (Go's
   * first phase), then stored into x's own object field by field, the fields the literal leaves
   * out zeroed — instead of the literal built as a new object and copied in (ASSIGNV), three
   * objects of garbage an assignment (bench/sortstructs fills a million elements so). False,
   * with nothing emitted, for any other assignment.
   */
  private boolean literalInPlace(Expr lhs, Expr rhs) {
    if (!(rhs.unparen() instanceof Expr.CompositeLit lit)
        || !(lit.type.underlying() instanceof Type.Struct)
        || !(lhs.type.underlying() instanceof Type.Struct st)) {
      return false;
    }
    for (Obj.Var f : st.fields) {
      if (isValue(f.type)) {
        return false;
      }
    }
    Obj.Var v = localOrGlobal(lhs);
    Type xt = lhs.unparen() instanceof Expr.Index ix ? ix.x.type.underlying() : null;
    boolean slice = xt instanceof Type.Slice;
    if (v == null && !slice && !(xt instanceof Type.Array) && !(xt instanceof Type.Pointer)) {
      return false;
    }
    int mark = next;
    Target dst = prepare(lhs, false); // (the calls of both sides made first: see assignTo)
    int[] value = structLitValues(lit, st);
    int o = alloc();
    if (v != null) {
      loadVar(v, o);
    } else if (slice) {
      cb.emit(Op.LDX_R, o, dst.a(), dst.b());
    } else {
      cb.emit(arrayLoadOp(arrayElem(((Expr.Index) lhs.unparen()).x.type)), o, dst.a(), dst.b());
    }
    int[] slots = c.rtypes.of(lhs.type).fieldSlot;
    for (int f = 0; f < value.length; f++) {
      Type ft = st.fields.get(f).type;
      int r = value[f];
      if (r < 0) {
        r = alloc();
        zero(ft, r);
      }
      cb.emit(isPrim(ft) ? Op.SETF_L : Op.SETF_R, o, slots[f], r);
    }
    next = mark;
    return true;
  }

  /** Stores register {@code src} into the addressable operand {@code lhs}. */
  void storeTo(Expr lhs, int src) {
    storePrepared(prepare(lhs, false), src);
  }

  /**
   * An assignment's left-hand operand with the operands of its index expression, pointer
   * indirection or field selection already evaluated into {@code a} and {@code b} (-1: none).
   */
  record Target(Expr lhs, int a, int b) {
  }

  /**
   * Evaluates the operands of an assignment target (Go's first phase). With {@code copy} every
   * operand lands in a temporary of its own, so assignments carried out before the store (the
   * second phase of {@code i, a[i] = 1, 9}) cannot change it.
   */
  Target prepare(Expr lhs, boolean copy) {
    if (localOrGlobal(lhs) != null) {
      return new Target(lhs, -1, -1);
    }
    Expr u = lhs.unparen();
    if (u instanceof Expr.Index ix && ix.x.type.underlying() instanceof Type.Map mt) {
      int m = operand(ix.x, copy);
      int k = alloc();
      intoOwned(ix.index, mt.key, k);
      return new Target(lhs, m, k);
    }
    if (u instanceof Expr.Index ix) {
      int s = operand(ix.x, copy);
      int i = operand(ix.index, copy);
      if (mayExceedMaxInt(ix.index)) {
        indexGuard(ix, s, i);
      }
      return new Target(lhs, s, i);
    }
    if (u instanceof Expr.Selector sel && sel.selection != null) {
      int[] path = sel.selection.path;
      int base = fieldBase(sel.x, path, path.length - 1);
      if (copy) {
        int t = alloc();
        cb.emit(Op.MOV_R, t, base);
        base = t;
      }
      return new Target(lhs, base, -1);
    }
    if (u instanceof Expr.Star st) {
      return new Target(lhs, operand(st.x, copy), -1);
    }
    return new Target(lhs, -1, -1);
  }

  private int operand(Expr e, boolean copy) {
    if (!copy) {
      return val(e);
    }
    int t = alloc();
    into(e, t);
    return t;
  }

  /** Stores register {@code src} into a prepared target (Go's second phase). */
  void storePrepared(Target t, int src) {
    Expr lhs = t.lhs();
    Obj.Var v = localOrGlobal(lhs);
    if (v != null) {
      storeVar(v, src);
      return;
    }
    Expr u = lhs.unparen();
    if (u instanceof Expr.Index ix && ix.x.type.underlying() instanceof Type.Slice sl) {
      int s = t.a();
      int i = t.b();
      if (isValue(sl.elem)) {
        int o = alloc();
        cb.emit(Op.LDX_R, o, s, i);
        cb.emit(Op.ASSIGNV, o, src, rt(sl.elem));
        return;
      }
      cb.emit(storeOp(sl.elem), s, i, src);
      return;
    }
    if (u instanceof Expr.Index ix && (ix.x.type.underlying() instanceof Type.Array
        || ix.x.type.underlying() instanceof Type.Pointer)) {
      int s = t.a();
      int i = t.b();
      Type elem = arrayElem(ix.x.type);
      if (isValue(lhs.type)) {
        int o = alloc();
        cb.emit(arrayLoadOp(elem), o, s, i);
        cb.emit(Op.ASSIGNV, o, src, rt(lhs.type));
        return;
      }
      cb.emit(arrayStoreOp(elem), s, i, src);
      return;
    }
    if (u instanceof Expr.Index ix && ix.x.type.underlying() instanceof Type.Map mt) {
      int val = src;
      if (isValue(mt.elem)) {
        val = alloc();
        cb.emit(Op.COPYV, val, src, rt(mt.elem));
      }
      cb.emit(Op.MAPSET, t.a(), t.b(), val);
      return;
    }
    if (u instanceof Expr.Selector sel && sel.selection != null) {
      storeFieldAt(sel, t.a(), src);
      return;
    }
    if (u instanceof Expr.Star) {
      int p = t.a();
      if (isValue(lhs.type)) {
        cb.emit(Op.ASSIGNV, p, src, rt(lhs.type));
      } else {
        cb.emit(isPrim(lhs.type) ? Op.STP_L : Op.STP_R, p, src);
      }
      return;
    }
    unsupported(lhs, "assignment to this kind of operand");
  }

  void incDec(Stmt.IncDec s) {
    Obj.Var v = localOrGlobal(s.x);
    if (v == null && updateIndexed(s.x, null, -1, null, s)) {
      return;
    }
    if (v == null) {
      Target t = prepare(s.x, false); // *f()++ calls f once
      int r = alloc();
      loadPrepared(t, r);
      incDecReg(s, s.x.type, r);
      storePrepared(t, r);
      return;
    }
    int dr = directReg(v);
    int r = dr >= 0 ? dr : loadInto(v);
    incDecReg(s, v.type, r);
    if (dr < 0) {
      storeVar(v, r);
    }
  }

  /**
   * {@code x[i] op= y} (op != null) or {@code x[i]++} (inc != null) for a slice, array or map
   * element of a non-struct type: x and i are evaluated once (Go's rule — m[f()]++ calls f once),
   * then y (unless the caller evaluated it first into register y), then the element is loaded, updated in a register and stored back. False (nothing
   * emitted) for other operands.
   */
  boolean updateIndexed(Expr lhs, Expr rhs, int y, Tok op, Stmt.IncDec inc) {
    if (!(lhs.unparen() instanceof Expr.Index ix) || isValue(lhs.type)) {
      return false;
    }
    Type xt = ix.x.type.underlying();
    int load;
    int store;
    if (xt instanceof Type.Slice sl) {
      load = loadOp(sl.elem);
      store = storeOp(sl.elem);
    } else if (xt instanceof Type.Array || xt instanceof Type.Pointer) {
      load = arrayLoadOp(arrayElem(xt));
      store = arrayStoreOp(arrayElem(xt));
    } else if (xt instanceof Type.Map) {
      load = Op.MAPGET;
      store = Op.MAPSET;
    } else {
      return false;
    }
    int x = val(ix.x);
    int i;
    List<Expr> parts = null; // a concatenated string key, looked up from its parts (MAPGET_CAT)
    int partsBase = -1;
    if (xt instanceof Type.Map mt) {
      i = alloc();
      parts = ExprCompiler.concatKey(mt, ix.index);
      if (parts != null) {
        partsBase = concatParts(parts);
      } else if ((rhs == null || y >= 0 || rhs.constValue != null) && isBytesKey(mt, ix.index)) {
        // m[string(b)]++, m[string(b)] += 2: the bytes are read by MAPGET_CAT, so nothing may
        // run between (a right-hand side evaluated here could change them)
        partsBase = alloc();
        bytesKeyInto(ix.index, partsBase);
        parts = List.of(ix.index); // one part: the []byte
      } else {
        intoOwned(ix.index, mt.key, i);
      }
    } else {
      i = val(ix.index);
      if (mayExceedMaxInt(ix.index)) {
        indexGuard(ix, x, i);
      }
    }
    if (rhs != null && y < 0) {
      y = val(rhs);
    }
    int r = alloc();
    if (parts != null) {
      cb.emit(Op.MAPGET_CAT, r, x, partsBase, parts.size(), i, rt(ix.x.type));
    } else if (load == Op.MAPGET) {
      cb.emit(Op.MAPGET, r, x, i, rt(ix.x.type));
    } else {
      cb.emit(load, r, x, i);
    }
    if (inc != null) {
      incDecReg(inc, lhs.type, r);
    } else {
      binaryOp(op, lhs.type, r, y, rhs.type, r);
    }
    cb.emit(store, x, i, r);
    return true;
  }

  void incDecReg(Stmt.IncDec s, Type t, int r) {
    int delta = s.op == Tok.INC ? 1 : -1;
    if (Layout.isComplex(t)) {
      int one = alloc();
      cb.emit(Op.LOADK_R, one, cb.constR(new gol.runtime.Complex(1, 0)));
      binaryOp(delta > 0 ? Tok.ADD : Tok.SUB, t, r, one, t, r);
    } else if (isFloat(t)) {
      int one = alloc();
      cb.emit(Op.LOADK_L, one, cb.constL(Double.doubleToRawLongBits(1.0)));
      cb.emit(delta > 0 ? Op.ADD_F : Op.SUB_F, r, r, one);
      if (Layout.isFloat32(t)) {
        cb.emit(Op.F32, r, r);
      }
    } else {
      cb.emit(Op.ADDI, r, r, delta);
      wrap(t, r);
    }
  }

}
