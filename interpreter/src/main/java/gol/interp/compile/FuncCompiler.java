package gol.interp.compile;

import static gol.interp.compile.Layout.isFloat;
import static gol.interp.compile.Layout.isInterface;
import static gol.interp.compile.Layout.isPrim;
import static gol.interp.compile.Layout.isString;
import static gol.interp.compile.Layout.isUnsigned64;
import static gol.interp.compile.Layout.isValue;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.CodeBuilder;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.GoString;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles one function body (a declared function, a function literal, or a package's
 * initialisation code) to register bytecode.
 *
 * <p>Registers: each local variable owns one register for its scope (the register holds the
 * value, or — for a variable that escapes — the heap cell holding it); temporaries are allocated
 * above the variables and released at the end of each statement. A call's arguments go in fresh
 * registers at the top, so the callee's frame starts there (see {@link Op}).
 */
final class FuncCompiler {
  private final Compiler c;
  private final FuncCompiler parent;
  final Proto proto;
  private final CodeBuilder cb = new CodeBuilder();
  /** Local variable → its register (value, or cell when the variable escapes). */
  private final Map<Obj.Var, Integer> regs = new HashMap<>();
  /** Variable of an enclosing function → index of this closure's cell for it. */
  private final Map<Obj.Var, Integer> upvals = new HashMap<>();
  private int next;
  private int max;
  private List<Obj.Var> results = List.of();
  private int literals;
  /** Functions with defer statements: the register of the frame's defer records (else -1). */
  private int deferReg = -1;
  private int maxDeferArgs;
  /** Return statements of a function with defers jump to its epilogue. */
  private final List<Integer> toEpilogue = new ArrayList<>();
  /** A function with defers and unnamed results keeps them here (what a recovered panic returns). */
  private Integer resultRegs;

  /** Pending jumps of break/continue, per loop/switch/select statement. */
  private final Map<Stmt, List<Integer>> breaks = new HashMap<>();
  private final Map<Stmt, List<Integer>> continues = new HashMap<>();
  private final Map<String, Integer> labels = new HashMap<>();
  private final Map<String, List<Integer>> gotos = new HashMap<>();

  FuncCompiler(Compiler c, FuncCompiler parent, Proto proto) {
    this.c = c;
    this.parent = parent;
    this.proto = proto;
  }

  // ---- entry points ----

  /** Compiles a function with signature {@code sig} (recv may be null) and body. */
  Proto function(Obj.Var recv, Type.Signature sig, Stmt.Block body) {
    cb.setLine(proto.line);
    List<Obj.Var> params = new ArrayList<>();
    if (recv != null) {
      params.add(recv);
    }
    params.addAll(sig.params.vars);
    // parameters arrive in registers 0..n-1; results go back in the same registers
    int n = params.size();
    int nres = sig.results.size();
    next = Math.max(n, nres);
    bump();
    proto.numParams = n;
    proto.numResults = nres;
    for (int i = 0; i < n; i++) {
      Obj.Var p = params.get(i);
      copyValue(p.type, i); // the callee owns its struct/array parameters
      if (p.escapes()) {
        int cell = alloc();
        emitNewCell(p.type, cell);
        cb.emit(isPrim(p.type) ? Op.STCELL_L : Op.STCELL_R, cell, i);
        regs.put(p, cell);
      } else {
        regs.put(p, i);
      }
    }
    results = sig.results.vars;
    boolean named = !results.isEmpty() && !results.get(0).name.isEmpty();
    if (named) {
      for (Obj.Var r : results) {
        declareZero(r);
      }
    }
    if (hasDefer(body.stmts)) {
      deferReg = alloc();
      cb.emit(Op.NIL_R, deferReg);
      proto.deferReg = deferReg;
      if (!named && nres > 0) {
        resultRegs = allocN(nres);
        for (int i = 0; i < nres; i++) {
          zero(results.get(i).type, resultRegs + i);
        }
      }
    }
    block(body.stmts);
    cb.setLine(body.endLine);
    if (deferReg >= 0) {
      deferEpilogue();
    } else if (nres == 0) {
      cb.emit(Op.RET, 0, 0);
    } else {
      cb.emit(Op.UNREACHABLE, 0);
    }
    return finish();
  }

  /** Compiles a package's initialisation: global variable initialisers and script statements. */
  Proto init(List<Node> items) {
    for (Node item : items) {
      if (item instanceof Compiler.InitAssign ia) {
        cb.setLine(ia.line);
        int mark = next;
        List<Type> targets = new ArrayList<>();
        for (Obj.Var v : ia.init.lhs()) {
          targets.add(v == null ? null : v.type);
        }
        bindNew(ia.init.lhs(), targets, List.of(ia.init.rhs()));
        next = mark;
      } else if (item instanceof Decl.Var d) {
        cb.setLine(d.line);
        int mark = next;
        varDecl(d);
        next = mark;
      } else if (item instanceof Stmt s) {
        stmt(s);
      }
    }
    cb.emit(Op.RET, 0, 0);
    return finish();
  }

  private Proto finish() {
    proto.frameSize = Math.max(max, 1);
    return cb.finish(proto);
  }

  // ---- registers ----

  private int alloc() {
    int r = next++;
    bump();
    return r;
  }

  private int allocN(int n) {
    int r = next;
    next += n;
    bump();
    return r;
  }

  private void bump() {
    if (next > max) {
      max = next;
    }
  }

  // ---- variables ----

  private void emitNewCell(Type t, int reg) {
    cb.emit(isPrim(t) ? Op.NEWCELL_L : Op.NEWCELL_R, reg);
  }

  /** Declares a local variable holding the zero value of its type. */
  private int declareZero(Obj.Var v) {
    int r = alloc();
    regs.put(v, r);
    if (v.escapes()) {
      emitNewCell(v.type, r);
      if (!isPrim(v.type) && needsZero(v.type)) {
        int t = alloc();
        zero(v.type, t);
        cb.emit(Op.STCELL_R, r, t);
        next--;
      }
    } else {
      zero(v.type, r);
    }
    return r;
  }

  private static boolean needsZero(Type t) {
    return isString(t) || isValue(t);
  }

  /** Loads the zero value of {@code t} into register {@code r}. */
  private void zero(Type t, int r) {
    if (isPrim(t)) {
      cb.emit(Op.LOADI, r, 0);
    } else if (isString(t)) {
      cb.emit(Op.LOADK_R, r, cb.constR(GoString.EMPTY));
    } else if (isValue(t)) {
      cb.emit(Op.NEWV, r, rt(t));
    } else {
      cb.emit(Op.NIL_R, r);
    }
  }

  /** Declares the new variable {@code v} and stores the value in register {@code src} into it. */
  private void declareFrom(Obj.Var v, int src, int reg) {
    regs.put(v, reg);
    if (v.escapes()) {
      emitNewCell(v.type, reg);
      cb.emit(isPrim(v.type) ? Op.STCELL_L : Op.STCELL_R, reg, src);
    } else if (src != reg) {
      move(v.type, reg, src);
    }
  }

  private void move(Type t, int dst, int src) {
    if (dst != src) {
      cb.emit(isPrim(t) ? Op.MOV_L : Op.MOV_R, dst, src);
    }
  }

  /** Loads variable {@code v} into {@code dst}. */
  private void loadVar(Obj.Var v, int dst) {
    boolean prim = isPrim(v.type);
    if (v.isGlobal) {
      cb.emit(prim ? Op.LDG_L : Op.LDG_R, dst, c.globalIndex(v));
      return;
    }
    Integer r = regs.get(v);
    if (r != null) {
      if (v.escapes()) {
        cb.emit(prim ? Op.LDCELL_L : Op.LDCELL_R, dst, r);
      } else {
        move(v.type, dst, r);
      }
      return;
    }
    cb.emit(prim ? Op.LDUP_L : Op.LDUP_R, dst, upval(v));
  }

  /** Stores register {@code src} into variable {@code v}. */
  private void storeVar(Obj.Var v, int src) {
    if (isValue(v.type)) { // copy into the variable's object: pointers to it stay valid
      int o = alloc();
      loadVar(v, o);
      cb.emit(Op.ASSIGNV, o, src, rt(v.type));
      next--;
      return;
    }
    boolean prim = isPrim(v.type);
    if (v.isGlobal) {
      cb.emit(prim ? Op.STG_L : Op.STG_R, c.globalIndex(v), src);
      return;
    }
    Integer r = regs.get(v);
    if (r != null) {
      if (v.escapes()) {
        cb.emit(prim ? Op.STCELL_L : Op.STCELL_R, r, src);
      } else {
        move(v.type, r, src);
      }
      return;
    }
    cb.emit(prim ? Op.STUP_L : Op.STUP_R, upval(v), src);
  }

  /** The register a plain (non-escaping) local lives in, or -1. */
  private int directReg(Obj.Var v) {
    if (v.isGlobal || v.escapes()) {
      return -1;
    }
    Integer r = regs.get(v);
    return r == null ? -1 : r;
  }

  private int upval(Obj.Var v) {
    Integer i = upvals.get(v);
    if (i == null) {
      throw new IllegalStateException("variable " + v.name + " is not captured by " + proto.name);
    }
    return i;
  }

  // ---- statements ----

  private void block(List<Stmt> stmts) {
    int mark = next;
    for (Stmt s : stmts) {
      stmt(s);
    }
    next = mark;
  }

  private void stmt(Stmt s) {
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
    } else if (s instanceof Stmt.Go g) {
      goStmt(g);
    } else if (s instanceof Stmt.Send send) {
      int ch = val(send.ch);
      int v = alloc();
      intoConv(send.value, ((Type.Chan) send.ch.type.underlying()).elem, v);
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

  private static String describe(Stmt s) {
    if (s instanceof Stmt.Go) {
      return "go statements";
    }
    if (s instanceof Stmt.Defer) {
      return "defer statements";
    }
    if (s instanceof Stmt.Select) {
      return "select statements";
    }
    if (s instanceof Stmt.Send) {
      return "channel sends";
    }
    if (s instanceof Stmt.TypeSwitch) {
      return "type switches";
    }
    return s.getClass().getSimpleName() + " statements";
  }

  /** An expression statement: a call (results dropped) or a receive. */
  private void effect(Expr e) {
    Expr u = e.unparen();
    if (u instanceof Expr.Call call) {
      if (call.kind == Expr.Call.Kind.BUILTIN) {
        builtin(call, -1);
      } else {
        call(call);
      }
      return;
    }
    into(e, alloc());
  }

  private void varDecl(Decl.Var d) {
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
  private void bindNew(List<Obj.Var> vars, List<Type> targets, List<Expr> values) {
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
        int[] tmp = new int[n];
        for (int i = 0; i < n; i++) {
          tmp[i] = alloc();
          Type target = targets.get(i) != null ? targets.get(i) : values.get(i).type;
          intoOwned(values.get(i), target, tmp[i]);
        }
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
  private int multiValue(Expr e, List<Type> types) {
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

  private static List<Type> tupleTypes(Type.Tuple t) {
    List<Type> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      out.add(t.at(i));
    }
    return out;
  }

  private void bindOne(Obj.Var v, int src, int dst) {
    if (v == null) {
      return;
    }
    if (v.isGlobal) {
      storeVar(v, src);
    } else {
      declareFrom(v, src, dst);
    }
  }

  private void effectOrEval(Expr e) {
    if (e.unparen() instanceof Expr.Call) {
      effect(e);
    } else {
      into(e, alloc());
    }
  }

  /** {@code a, b := x, y}: new variables get registers; redeclared ones are assigned. */
  private void define(Stmt.Assign a) {
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
  private int[] evalAll(List<Type> targets, List<Expr> values) {
    int n = targets.size();
    int[] src = new int[n];
    if (values.size() == n) {
      for (int i = 0; i < n; i++) {
        src[i] = alloc();
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

  private void assign(Stmt.Assign a) {
    if (a.op != Tok.ASSIGN) {
      // x op= y
      Expr lhs = a.lhs.get(0);
      Expr rhs = a.rhs.get(0);
      Obj.Var v = localOrGlobal(lhs);
      if (v == null) {
        int x = val(lhs);
        int dst = alloc();
        binaryOp(a.op, lhs.type, x, val(rhs), rhs.type, dst);
        storeTo(lhs, dst);
        return;
      }
      int dr = directReg(v);
      int dst = dr >= 0 ? dr : alloc();
      int x = dr >= 0 ? dr : loadInto(v);
      binaryOp(a.op, v.type, x, val(rhs), rhs.type, dst);
      if (dr < 0) {
        storeVar(v, dst);
      }
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
    int[] src = evalAll(targets, a.rhs);
    for (int i = 0; i < a.lhs.size(); i++) {
      Expr l = a.lhs.get(i);
      if (!isBlank(l)) {
        storeTo(l, src[i]);
      }
    }
  }

  private static boolean isBlank(Expr e) {
    return e.unparen() instanceof Expr.Ident id && id.name.equals("_");
  }

  private int loadInto(Obj.Var v) {
    int t = alloc();
    loadVar(v, t);
    return t;
  }

  private Obj.Var localOrGlobal(Expr e) {
    Expr u = e.unparen();
    if (u instanceof Expr.Ident id && id.obj instanceof Obj.Var v) {
      return v;
    }
    if (u instanceof Expr.Selector s && s.selection == null && s.sel.obj instanceof Obj.Var v) {
      return v; // pkg.Var
    }
    return null;
  }

  /** {@code lhs = rhs} for one operand. */
  private void assignTo(Expr lhs, Expr rhs) {
    if (isBlank(lhs)) {
      effectOrEval(rhs);
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
    int t = alloc();
    intoConv(rhs, lhs.type, t);
    storeTo(lhs, t);
  }

  /** Stores register {@code src} into the addressable operand {@code lhs}. */
  private void storeTo(Expr lhs, int src) {
    Obj.Var v = localOrGlobal(lhs);
    if (v != null) {
      storeVar(v, src);
      return;
    }
    Expr u = lhs.unparen();
    if (u instanceof Expr.Index ix && ix.x.type.underlying() instanceof Type.Slice sl) {
      int s = val(ix.x);
      int i = val(ix.index);
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
      int s = val(ix.x);
      int i = val(ix.index);
      if (isValue(lhs.type)) {
        int o = alloc();
        cb.emit(Op.LDA, o, s, i);
        cb.emit(Op.ASSIGNV, o, src, rt(lhs.type));
        return;
      }
      cb.emit(Op.STA, s, i, src);
      return;
    }
    if (u instanceof Expr.Index ix && ix.x.type.underlying() instanceof Type.Map mt) {
      int m = val(ix.x);
      int k = alloc();
      intoOwned(ix.index, mt.key, k);
      int val = src;
      if (isValue(mt.elem)) {
        val = alloc();
        cb.emit(Op.COPYV, val, src, rt(mt.elem));
      }
      cb.emit(Op.MAPSET, m, k, val);
      return;
    }
    if (u instanceof Expr.Selector sel && sel.selection != null) {
      storeField(sel, src);
      return;
    }
    if (u instanceof Expr.Star st) {
      int p = val(st.x);
      if (isValue(lhs.type)) {
        cb.emit(Op.ASSIGNV, p, src, rt(lhs.type));
      } else {
        cb.emit(isPrim(lhs.type) ? Op.STP_L : Op.STP_R, p, src);
      }
      return;
    }
    unsupported(lhs, "assignment to this kind of operand");
  }

  private void incDec(Stmt.IncDec s) {
    Obj.Var v = localOrGlobal(s.x);
    if (v == null) {
      int r = alloc();
      into(s.x, r);
      incDecReg(s, s.x.type, r);
      storeTo(s.x, r);
      return;
    }
    int dr = directReg(v);
    int r = dr >= 0 ? dr : loadInto(v);
    incDecReg(s, v.type, r);
    if (dr < 0) {
      storeVar(v, r);
    }
  }

  private void incDecReg(Stmt.IncDec s, Type t, int r) {
    int delta = s.op == Tok.INC ? 1 : -1;
    if (isFloat(t)) {
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

  private void wrap(Type t, int r) {
    int w = Layout.wrapCode(t);
    if (w != 0) {
      cb.emit(Op.WRAP, r, r, w);
    }
  }

  private void ifStmt(Stmt.If s) {
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

  private void patchHere(List<Integer> jumps) {
    for (int j : jumps) {
      cb.patch(j, cb.pc());
    }
    jumps.clear();
  }

  /** The variables a for statement's init declares that escape: each iteration gets its own. */
  private List<Obj.Var> perIterationCells(Stmt init) {
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

  private void forStmt(Stmt.For s) {
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
  private record CountedLoop(int var, int step, Tok op, Expr limit) {
  }

  private CountedLoop countedLoop(Stmt.For s) {
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
  private void countedFor(Stmt.For s, CountedLoop l) {
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

  private void rangeStmt(Stmt.Range s) {
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
        cb.emit(Op.LDA, elem, arr, idx);
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

  private static Obj.Var rangeVar(Expr e, Tok op) {
    if (e == null || op == null) {
      return null;
    }
    return e.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Var v ? v : null;
  }

  /** Gives an iteration variable this iteration's value (a new variable per iteration for :=). */
  private void bindIter(Stmt.Range s, Expr target, Obj.Var v, int src) {
    if (target == null || isBlank(target)) {
      return;
    }
    if (s.op == Tok.DEFINE) {
      Integer r = regs.get(v);
      copyValue(v.type, src);
      declareFrom(v, src, r != null ? r : alloc());
    } else {
      storeTo(target, src);
    }
  }

  private void switchStmt(Stmt.Switch s) {
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
    for (int i = 0; i < n; i++) {
      Stmt.CaseClause cc = s.clauses.get(i);
      List<Integer> jumps = new ArrayList<>();
      toBody.add(jumps);
      if (cc.exprs == null) {
        defaultIndex = i;
        continue;
      }
      for (Expr e : cc.exprs) {
        cb.setLine(e.line);
        int m = next;
        if (tag < 0) {
          condJump(e, true, jumps);
        } else {
          int v = alloc();
          intoConv(e, tagType, v);
          jumps.add(equalJump(tagType, tag, v));
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

  /** Emits a jump taken when registers a and b (of type t) are equal; returns its pc. */
  private int equalJump(Type t, int a, int b) {
    if (isPrim(t) && !isFloat(t)) {
      return cb.emit(Op.JEQ_I, a, b, -1);
    }
    int r = alloc();
    compare(Tok.EQL, t, a, b, r);
    return cb.emit(Op.JT, r, -1);
  }

  private void returnStmt(Stmt.Return s) {
    int n = results.size();
    if (deferReg >= 0) {
      returnWithDefers(s);
      return;
    }
    if (n == 0) {
      cb.emit(Op.RET, 0, 0);
      return;
    }
    int base = allocN(n);
    if (s.results.isEmpty()) {
      for (int i = 0; i < n; i++) {
        loadVar(results.get(i), base + i);
      }
    } else if (s.results.size() == n) {
      for (int i = 0; i < n; i++) {
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
  private void returnWithDefers(Stmt.Return s) {
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

  private void branch(Stmt.Branch b) {
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
      case GOTO: {
        String name = b.label.name;
        Integer at = labels.get(name);
        if (at != null) {
          cb.emit(Op.JMP, at);
        } else {
          gotos.computeIfAbsent(name, k -> new ArrayList<>()).add(cb.emit(Op.JMP, -1));
        }
        return;
      }
      default:
        // fallthrough is handled by switchStmt; anywhere else the checker rejected it
        unsupported(b, "fallthrough here");
    }
  }

  private void label(Stmt.Labeled l) {
    String name = l.label.name;
    labels.put(name, cb.pc());
    List<Integer> pending = gotos.remove(name);
    if (pending != null) {
      patchHere(pending);
    }
    stmt(l.stmt);
  }

  /** {@code go f(args)}: the arguments are evaluated here, the call runs in a new goroutine. */
  private void goStmt(Stmt.Go g) {
    Expr.Call call = g.call;
    if (call.kind != Expr.Call.Kind.CALL) {
      unsupported(g, "go with a builtin or conversion");
      return;
    }
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    Obj.Func target = staticTarget(call.fun.unparen());
    int fnReg = target == null ? val(call.fun) : -1;
    int n = sig.params.size();
    int base = allocN(Math.max(n, 1));
    args(call, sig, base);
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
  private void selectStmt(Stmt.Select s) {
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
        intoConv(send.value, ((Type.Chan) send.ch.type.underlying()).elem, pairs + 2 * j + 1);
      } else {
        into(recvOf(comm).x, pairs + 2 * j);
      }
    }
    cb.setLine(s.line);
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
  private static Expr.Unary recvOf(Stmt comm) {
    Expr e = comm instanceof Stmt.ExprStmt es ? es.x : ((Stmt.Assign) comm).rhs.get(0);
    return (Expr.Unary) e.unparen();
  }

  /** {@code v := <-c}, {@code v, ok = <-c} in a select case: the value is in r, ok in r+1. */
  private void bindReceive(Stmt.Assign a, Expr.Unary recv, int r) {
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

  // ---- conditions ----

  /** Emits jumps (to be patched by the caller) taken when {@code e} evaluates to {@code when}. */
  private void condJump(Expr e, boolean when, List<Integer> out) {
    Expr u = e.unparen();
    if (u.constValue instanceof Constant.Bool b) {
      if (b.value == when) {
        out.add(cb.emit(Op.JMP, -1));
      }
      return;
    }
    if (u instanceof Expr.Unary un && un.op == Tok.NOT) {
      condJump(un.x, !when, out);
      return;
    }
    if (u instanceof Expr.Binary b) {
      if (b.op == Tok.LAND || b.op == Tok.LOR) {
        boolean and = b.op == Tok.LAND;
        if (when != and) {
          // (x || y) true: x true or y true; (x && y) false: x false or y false
          condJump(b.x, when, out);
          condJump(b.y, when, out);
        } else {
          List<Integer> skip = new ArrayList<>();
          condJump(b.x, !when, skip);
          condJump(b.y, when, out);
          patchHere(skip);
        }
        return;
      }
      if (b.op.isComparison() && fusedCompare(b.x.type, b.op)) {
        Tok op = when ? b.op : negate(b.op);
        Integer cy = smallConst(b.y);
        Integer cx = cy == null ? smallConst(b.x) : null;
        if (cy != null || cx != null) {
          // x op c, or c op y turned around into y op' c
          Expr var = cy != null ? b.x : b.y;
          Tok vop = cy != null ? op : mirror(op);
          int r = val(var);
          out.add(cb.emit(immediateJump(vop), r, cy != null ? cy : cx, -1));
          return;
        }
        int x = val(b.x);
        int y = val(b.y);
        out.add(cb.emit(fusedOp(op), x, y, -1));
        return;
      }
    }
    int r = val(e);
    out.add(cb.emit(when ? Op.JT : Op.JF, r, -1));
  }

  /** Whether comparing values of type t with op can use a fused signed compare-and-branch. */
  private static boolean fusedCompare(Type t, Tok op) {
    if (!isPrim(t) || isFloat(t)) {
      return false;
    }
    if (op == Tok.EQL || op == Tok.NEQ) {
      return true;
    }
    return !isUnsigned64(t); // narrower unsigned kinds are zero-extended, so signed order is right
  }

  private static Tok negate(Tok op) {
    switch (op) {
      case EQL: return Tok.NEQ;
      case NEQ: return Tok.EQL;
      case LSS: return Tok.GEQ;
      case LEQ: return Tok.GTR;
      case GTR: return Tok.LEQ;
      case GEQ: return Tok.LSS;
      default: throw new IllegalArgumentException(op.text);
    }
  }

  /** The operator with its operands swapped: c < y is y > c. */
  private static Tok mirror(Tok op) {
    switch (op) {
      case LSS: return Tok.GTR;
      case LEQ: return Tok.GEQ;
      case GTR: return Tok.LSS;
      case GEQ: return Tok.LEQ;
      default: return op;
    }
  }

  private static int immediateJump(Tok op) {
    switch (op) {
      case EQL: return Op.JEQI;
      case NEQ: return Op.JNEI;
      case LSS: return Op.JLTI;
      case LEQ: return Op.JLEI;
      case GTR: return Op.JGTI;
      case GEQ: return Op.JGEI;
      default: throw new IllegalArgumentException(op.text);
    }
  }

  private static int fusedOp(Tok op) {
    switch (op) {
      case EQL: return Op.JEQ_I;
      case NEQ: return Op.JNE_I;
      case LSS: return Op.JLT_I;
      case LEQ: return Op.JLE_I;
      case GTR: return Op.JGT_I;
      case GEQ: return Op.JGE_I;
      default: throw new IllegalArgumentException(op.text);
    }
  }

  // ---- expressions ----

  /** A register holding e's value: a plain local's own register (read it, never write it) or a new temporary. */
  private int val(Expr e) {
    if (e.constValue == null && e.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Var v) {
      int r = directReg(v);
      if (r >= 0) {
        return r;
      }
    }
    int r = alloc();
    into(e, r);
    return r;
  }

  /** Evaluates e into dst, converting to {@code target} when that is an interface and e is not. */
  private void intoConv(Expr e, Type target, int dst) {
    if (target != null && isInterface(target) && !isInterface(e.type)) {
      if (isNil(e)) {
        cb.emit(Op.NIL_R, dst);
        return;
      }
      int r = val(e);
      if (isValue(e.type) && !fresh(e)) { // an interface holds its own copy
        int t = alloc();
        cb.emit(Op.COPYV, t, r, rt(e.type));
        r = t;
      }
      box(e.type, r, dst);
      return;
    }
    into(e, dst);
  }

  /** Types whose == is reference identity: pointers, channels. */
  private static boolean isRefIdentity(Type t) {
    Type u = t.underlying();
    return u instanceof Type.Pointer || u instanceof Type.Chan;
  }

  private static boolean isNil(Expr e) {
    return e.unparen() instanceof Expr.Ident id && id.obj instanceof Obj.Nil;
  }

  private void box(Type t, int src, int dst) {
    cb.emit(Op.BOX, dst, src, cb.constR(c.rtypes.of(t)));
  }

  /** Evaluates e into register dst. */
  private void into(Expr e, int dst) {
    if (e.constValue != null) {
      constant(e.type, e.constValue, dst);
      return;
    }
    if (e instanceof Expr.Paren p) {
      into(p.x, dst);
    } else if (e instanceof Expr.Ident id) {
      ident(id, dst);
    } else if (e instanceof Expr.Binary b) {
      binary(b, dst);
    } else if (e instanceof Expr.Unary u) {
      unary(u, dst);
    } else if (e instanceof Expr.Call call) {
      callInto(call, dst);
    } else if (e instanceof Expr.Index ix) {
      index(ix, dst);
    } else if (e instanceof Expr.SliceExpr s) {
      slice(s, dst);
    } else if (e instanceof Expr.FuncLit f) {
      funcLit(f, dst);
    } else if (e instanceof Expr.Selector s && s.selection == null) {
      ident(s.sel, dst);
    } else if (e instanceof Expr.Selector s) {
      switch (s.selection.kind) {
        case FIELD -> field(s, dst);
        case METHOD_VALUE -> methodValue(s, dst);
        default -> methodExpr(s, dst);
      }
    } else if (e instanceof Expr.CompositeLit lit) {
      compositeLit(lit, dst);
    } else if (e instanceof Expr.TypeAssert ta) {
      typeAssert(ta, dst, false);
    } else if (e instanceof Expr.Star st) {
      deref(st, dst);
    } else {
      unsupported(e, describe(e));
    }
  }

  private static String describe(Expr e) {
    if (e instanceof Expr.CompositeLit) {
      return "composite literals";
    }
    if (e instanceof Expr.Selector) {
      return "fields and methods";
    }
    if (e instanceof Expr.TypeAssert) {
      return "type assertions";
    }
    if (e instanceof Expr.Star) {
      return "pointers";
    }
    return e.getClass().getSimpleName() + " expressions";
  }

  private void constant(Type t, Constant v, int dst) {
    if (v instanceof Constant.Str s) {
      cb.emit(Op.LOADK_R, dst, cb.constR(GoString.wrap(s.value)));
      return;
    }
    Type.Kind k = Layout.kind(t);
    if (k == null || !isPrim(t)) {
      // a constant converted to an interface or other non-basic type reaches here only via intoConv
      unsupported(null, "constant of type " + t);
      return;
    }
    long bits = v.longBits(k);
    if (bits == (int) bits) {
      cb.emit(Op.LOADI, dst, (int) bits);
    } else {
      cb.emit(Op.LOADK_L, dst, cb.constL(bits));
    }
  }

  private void ident(Expr.Ident id, int dst) {
    Obj o = id.obj;
    if (o instanceof Obj.Var v) {
      loadVar(v, dst);
    } else if (o instanceof Obj.Func f) {
      cb.emit(Op.LOADK_R, dst, cb.constR(c.funcValue(f)));
    } else if (o instanceof Obj.Nil) {
      cb.emit(Op.NIL_R, dst);
    } else {
      unsupported(id, "this use of " + id.name);
    }
  }

  private void binary(Expr.Binary b, int dst) {
    if (b.op == Tok.LAND || b.op == Tok.LOR) {
      into(b.x, dst);
      int skip = cb.emit(b.op == Tok.LAND ? Op.JF : Op.JT, dst, -1);
      into(b.y, dst);
      cb.patch(skip, cb.pc());
      return;
    }
    if (b.op.isComparison()) {
      Type t = isNil(b.x) ? b.y.type : b.x.type;
      boolean nil = isNil(b.x) || isNil(b.y);
      if (!nil && isInterface(b.x.type) != isInterface(b.y.type)) {
        // interface == concrete: compare as interfaces (Go converts the concrete operand)
        Type it = isInterface(b.x.type) ? b.x.type : b.y.type;
        int x = alloc();
        intoConv(b.x, it, x);
        int y = alloc();
        intoConv(b.y, it, y);
        cb.emit(b.op == Tok.EQL ? Op.EQ_V : Op.NE_V, dst, x, y, rt(it));
        return;
      }
      int x = val(b.x);
      int y = val(b.y);
      if (!nil && (isValue(t) || isInterface(t))) {
        cb.emit(b.op == Tok.EQL ? Op.EQ_V : Op.NE_V, dst, x, y, rt(t));
        return;
      }
      if (!nil && t.underlying() instanceof Type.Pointer) {
        cb.emit(b.op == Tok.EQL ? Op.EQ_P : Op.NE_P, dst, x, y);
        return;
      }
      compare(b.op, t, x, y, dst, nil || isRefIdentity(t));
      return;
    }
    int x = val(b.x);
    if (immediate(b.op, b.type, b.y, x, dst)) {
      return;
    }
    int y = val(b.y);
    binaryOp(b.op, b.type, x, y, b.y.type, dst);
  }

  /** The int value of a constant integer operand that fits an immediate, or null. */
  private static Integer smallConst(Expr e) {
    if (e.constValue == null || !Layout.isInteger(e.type) && !(e.constValue instanceof Constant.Int)) {
      return null;
    }
    if (!(e.constValue instanceof Constant.Int ci) || ci.value.bitLength() > 31) {
      return null;
    }
    return ci.value.intValue();
  }

  /**
   * dst := x op c with c the constant y, as one immediate instruction (ADDI, ANDI, SHLI...);
   * false when op/type/constant don't allow it.
   */
  private boolean immediate(Tok op, Type t, Expr y, int x, int dst) {
    Integer c = smallConst(y);
    if (c == null || !Layout.isInteger(t)) {
      return false;
    }
    int k = c;
    int o;
    switch (op) {
      case ADD: o = Op.ADDI; break;
      case SUB:
        if (k == Integer.MIN_VALUE) {
          return false;
        }
        o = Op.ADDI;
        k = -k;
        break;
      case MUL: o = Op.MULI; break;
      case AND: o = Op.ANDI; break;
      case OR: o = Op.ORI; break;
      case XOR: o = Op.XORI; break;
      case SHL:
        if (k < 0 || k > 63) {
          return false;
        }
        o = Op.SHLI;
        break;
      case SHR:
        if (k < 0 || k > 63) {
          return false;
        }
        o = Layout.isUnsigned(t) ? Op.SHRUI : Op.SHRI;
        break;
      default:
        return false;
    }
    cb.emit(o, dst, x, k);
    if (op != Tok.AND && op != Tok.OR && op != Tok.SHR) {
      wrap(t, dst);
    }
    return true;
  }

  /** dst := x op y for operands of type t (the shift count has type yt). */
  private void binaryOp(Tok op, Type t, int x, int y, Type yt, int dst) {
    if (isString(t)) {
      if (op != Tok.ADD) {
        unsupported(null, "operator " + op + " on strings");
        return;
      }
      cb.emit(Op.CONCAT, dst, x, y);
      return;
    }
    if (isFloat(t)) {
      int o;
      switch (op) {
        case ADD: o = Op.ADD_F; break;
        case SUB: o = Op.SUB_F; break;
        case MUL: o = Op.MUL_F; break;
        case QUO: o = Op.DIV_F; break;
        default: unsupported(null, "operator " + op + " on floats"); return;
      }
      cb.emit(o, dst, x, y);
      if (Layout.isFloat32(t)) {
        cb.emit(Op.F32, dst, dst);
      }
      return;
    }
    if (!Layout.isInteger(t)) {
      unsupported(null, "operator " + op + " on " + t);
      return;
    }
    boolean u64 = isUnsigned64(t);
    boolean unsigned = Layout.isUnsigned(t);
    int o;
    switch (op) {
      case ADD: o = Op.ADD_I; break;
      case SUB: o = Op.SUB_I; break;
      case MUL: o = Op.MUL_I; break;
      case QUO: o = u64 ? Op.DIV_U : Op.DIV_I; break;
      case REM: o = u64 ? Op.REM_U : Op.REM_I; break;
      case AND: o = Op.AND; break;
      case OR: o = Op.OR; break;
      case XOR: o = Op.XOR; break;
      case AND_NOT: o = Op.ANDNOT; break;
      case SHL: o = Op.SHL; break;
      case SHR: o = unsigned ? Op.SHR_U : Op.SHR_I; break;
      default: unsupported(null, "operator " + op); return;
    }
    cb.emit(o, dst, x, y);
    if (op != Tok.AND && op != Tok.OR && op != Tok.AND_NOT && op != Tok.SHR && op != Tok.REM) {
      wrap(t, dst);
    }
  }

  /** dst := x op y (a comparison) for operands of type t. */
  private void compare(Tok op, Type t, int x, int y, int dst) {
    compare(op, t, x, y, dst, false);
  }

  /**
   * As above; {@code nilCompare}: one operand is nil, so reference identity decides (a nil
   * pointer, func, slice, map, chan or interface is Java null).
   */
  private void compare(Tok op, Type t, int x, int y, int dst, boolean nilCompare) {
    // > and >= are < and <= with the operands swapped
    if (op == Tok.GTR || op == Tok.GEQ) {
      int tmp = x;
      x = y;
      y = tmp;
      op = op == Tok.GTR ? Tok.LSS : Tok.LEQ;
    }
    int o;
    if (isString(t)) {
      o = op == Tok.EQL ? Op.EQ_S : op == Tok.NEQ ? Op.NE_S : op == Tok.LSS ? Op.LT_S : Op.LE_S;
    } else if (isFloat(t)) {
      o = op == Tok.EQL ? Op.EQ_F : op == Tok.NEQ ? Op.NE_F : op == Tok.LSS ? Op.LT_F : Op.LE_F;
    } else if (isPrim(t)) {
      boolean u = isUnsigned64(t);
      o = op == Tok.EQL ? Op.EQ_I : op == Tok.NEQ ? Op.NE_I
          : op == Tok.LSS ? (u ? Op.LT_U : Op.LT_I) : (u ? Op.LE_U : Op.LE_I);
    } else if (nilCompare && (op == Tok.EQL || op == Tok.NEQ)) {
      o = op == Tok.EQL ? Op.EQ_REF : Op.NE_REF;
    } else {
      unsupported(null, "comparison of " + t + " values");
      return;
    }
    cb.emit(o, dst, x, y);
  }

  private void unary(Expr.Unary u, int dst) {
    switch (u.op) {
      case ADD:
        into(u.x, dst);
        return;
      case SUB: {
        int x = val(u.x);
        if (isFloat(u.type)) {
          cb.emit(Op.NEG_F, dst, x);
        } else {
          cb.emit(Op.NEG_I, dst, x);
          wrap(u.type, dst);
        }
        return;
      }
      case NOT:
        cb.emit(Op.NOT, dst, val(u.x));
        return;
      case XOR:
        cb.emit(Op.NOT_I, dst, val(u.x));
        wrap(u.type, dst);
        return;
      case ARROW:
        cb.setLine(u.line);
        cb.emit(Op.RECV, dst, val(u.x));
        return;
      case AND:
        addressOf(u.x, dst);
        return;
      default:
        unsupported(u, "operator " + u.op);
    }
  }

  private void index(Expr.Index ix, int dst) {
    Type xt = ix.x.type.underlying();
    if (isString(xt)) {
      cb.emit(Op.INDEX_S, dst, val(ix.x), val(ix.index));
    } else if (xt instanceof Type.Slice sl) {
      cb.emit(loadOp(sl.elem), dst, val(ix.x), val(ix.index));
    } else if (xt instanceof Type.Array || xt instanceof Type.Pointer) {
      cb.emit(Op.LDA, dst, val(ix.x), val(ix.index));
    } else if (xt instanceof Type.Map) {
      mapIndex(ix, dst, false);
    } else {
      unsupported(ix, "indexing " + ix.x.type);
    }
  }

  private static int loadOp(Type elem) {
    if (isByte(elem)) {
      return Op.LDX_B;
    }
    return isPrim(elem) ? Op.LDX_L : Op.LDX_R;
  }

  private static int storeOp(Type elem) {
    if (isByte(elem)) {
      return Op.STX_B;
    }
    return isPrim(elem) ? Op.STX_L : Op.STX_R;
  }

  /** byte-sized elements live in byte[] backing arrays. */
  static boolean isByte(Type t) {
    return Layout.kind(t) == Type.Kind.UINT8;
  }

  private void slice(Expr.SliceExpr s, int dst) {
    if (!isString(s.x.type)) {
      boolean isSlice = s.x.type.underlying() instanceof Type.Slice;
      int x = val(s.x);
      int lo = s.lo == null ? -1 : val(s.lo);
      int hi = s.hi == null ? -1 : val(s.hi);
      int max = s.max == null ? -1 : val(s.max);
      cb.emit(isSlice ? Op.SLICE_SL : Op.SLICE_A, dst, x, lo, hi, max);
      return;
    }
    int x = val(s.x);
    int lo = s.lo == null ? -1 : val(s.lo);
    int hi = s.hi == null ? -1 : val(s.hi);
    cb.emit(Op.SLICE_S, dst, x, lo, hi);
  }

  private void funcLit(Expr.FuncLit f, int dst) {
    Proto p = new Proto(proto.name + ".func" + (++literals), proto.file, f.line);
    FuncCompiler fc = new FuncCompiler(c, this, p);
    List<Obj.Var> caps = f.captures == null ? List.of() : f.captures;
    p.captures = new int[caps.size()];
    for (int i = 0; i < caps.size(); i++) {
      Obj.Var v = caps.get(i);
      fc.upvals.put(v, i);
      Integer r = regs.get(v);
      p.captures[i] = r != null ? r : -upval(v) - 1;
    }
    fc.function(null, (Type.Signature) f.type.underlying(), f.body);
    cb.emit(Op.CLOSURE, dst, cb.constR(p));
  }

  // ---- calls ----

  private void callInto(Expr.Call call, int dst) {
    switch (call.kind) {
      case CONVERSION:
        convert(call.args.get(0), call.type, dst);
        return;
      case BUILTIN:
        builtin(call, dst);
        return;
      default: {
        int base = call(call);
        cb.emit(Op.MOV, dst, base);
      }
    }
  }

  /**
   * Emits a call; returns the register where its results (and, before the call, its arguments)
   * start. Everything above that register is free again after the results are consumed.
   */
  private int call(Expr.Call call) {
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    Expr fun = call.fun.unparen();
    if (fun instanceof Expr.Selector ms && ms.selection != null
        && ms.selection.kind == gol.interp.types.Selection.Kind.METHOD_VALUE) {
      return methodCall(call, ms);
    }
    Obj.Func target = staticTarget(fun);
    int fnReg = -1;
    if (target == null) {
      fnReg = val(call.fun);
    }
    int nparams = sig.params.size();
    int width = Math.max(nparams, sig.results.size());
    int base = allocN(width);
    args(call, sig, base);
    cb.setLine(call.line);
    if (target != null) {
      Proto p = c.protoOf(target);
      if (p.nativeFn != null) {
        cb.emit(Op.CALLN, cb.constR(p.nativeFn), base);
      } else {
        cb.emit(Op.CALL, cb.constR(p), base);
      }
    } else {
      cb.emit(Op.CALLC, fnReg, base);
    }
    next = base + width;
    return base;
  }

  /** The declared function a call expression names directly, if any. */
  private static Obj.Func staticTarget(Expr fun) {
    if (fun instanceof Expr.Ident id && id.obj instanceof Obj.Func f && !f.isMethod()) {
      return f;
    }
    if (fun instanceof Expr.Selector s && s.selection == null && s.sel.obj instanceof Obj.Func f) {
      return f;
    }
    return null;
  }

  /** Evaluates the arguments of a call into base, base+1, ... (packing a variadic tail). */
  private void args(Expr.Call call, Type.Signature sig, int base) {
    List<Expr> args = call.args;
    int nparams = sig.params.size();
    if (args.size() == 1 && args.get(0).type instanceof Type.Tuple tuple) {
      // f(g()) with g returning several values
      int inner = call((Expr.Call) args.get(0).unparen());
      spread(sig, tuple, inner, base, call.ellipsis);
      return;
    }
    int fixed = sig.variadic && !call.ellipsis ? nparams - 1 : nparams;
    for (int i = 0; i < fixed && i < args.size(); i++) {
      intoConv(args.get(i), sig.params.at(i), base + i);
    }
    if (sig.variadic && !call.ellipsis) {
      Type elem = ((Type.Slice) sig.params.at(nparams - 1)).elem;
      int n = args.size() - fixed;
      packVariadic(elem, n, i -> args.get(fixed + i), base + nparams - 1);
    }
  }

  private interface ArgAt {
    Expr at(int i);
  }

  private void packVariadic(Type elem, int n, ArgAt arg, int dst) {
    if (n == 0) {
      cb.emit(Op.NIL_R, dst);
      return;
    }
    int tmp = allocN(n);
    for (int i = 0; i < n; i++) {
      intoConv(arg.at(i), elem, tmp + i);
    }
    if (isPrim(elem) && !isByte(elem)) {
      cb.emit(Op.VARARGS_L, dst, tmp, n);
    } else if (!isPrim(elem)) {
      cb.emit(Op.VARARGS, dst, tmp, n);
    } else {
      unsupported(null, "variadic byte parameters");
    }
    next = tmp;
  }

  /** Moves a multi-value call's results (at {@code from}) into argument registers. */
  private void spread(Type.Signature sig, Type.Tuple tuple, int from, int base, boolean ellipsis) {
    int nparams = sig.params.size();
    int fixed = sig.variadic && !ellipsis ? nparams - 1 : nparams;
    int n = tuple.size();
    for (int i = 0; i < fixed && i < n; i++) {
      convertReg(tuple.at(i), sig.params.at(i), from + i, base + i);
    }
    if (sig.variadic && !ellipsis) {
      Type elem = ((Type.Slice) sig.params.at(nparams - 1)).elem;
      int count = n - fixed;
      if (count == 0) {
        cb.emit(Op.NIL_R, base + nparams - 1);
        return;
      }
      int tmp = allocN(count);
      for (int i = 0; i < count; i++) {
        convertReg(tuple.at(fixed + i), elem, from + fixed + i, tmp + i);
      }
      cb.emit(isPrim(elem) ? Op.VARARGS_L : Op.VARARGS, base + nparams - 1, tmp, count);
    }
  }

  /** Copies a value of type {@code from} in register src to dst as type {@code to}. */
  private void convertReg(Type from, Type to, int src, int dst) {
    if (isInterface(to) && !isInterface(from)) {
      box(from, src, dst);
    } else if (src != dst) {
      cb.emit(Op.MOV, dst, src);
    }
  }

  // ---- conversions ----

  private void convert(Expr x, Type to, int dst) {
    Type from = x.type;
    if (isInterface(to)) {
      intoConv(x, to, dst);
      return;
    }
    Type.Kind fk = Layout.kind(from);
    Type.Kind tk = Layout.kind(to);
    if (tk != null && fk != null && isPrim(to) && isPrim(from)) {
      int r = val(x);
      if (tk.isInteger() && fk.isInteger()) {
        int w = Layout.wrapCode(to);
        if (w != 0) {
          cb.emit(Op.WRAP, dst, r, w);
        } else {
          move(to, dst, r);
        }
      } else if (tk.isFloat() && fk.isInteger()) {
        cb.emit(isUnsigned64(from) ? Op.U2F : Op.I2F, dst, r);
        if (tk == Type.Kind.FLOAT32) {
          cb.emit(Op.F32, dst, dst);
        }
      } else if (tk.isInteger() && fk.isFloat()) {
        cb.emit(isUnsigned64(to) ? Op.F2U : Op.F2I, dst, r);
        wrap(to, dst);
      } else if (tk.isFloat() && fk.isFloat()) {
        if (tk == Type.Kind.FLOAT32 && fk != Type.Kind.FLOAT32) {
          cb.emit(Op.F32, dst, r);
        } else {
          move(to, dst, r);
        }
      } else {
        move(to, dst, r); // bool to bool (named)
      }
      return;
    }
    if (isString(to)) {
      if (fk != null && fk.isInteger()) {
        cb.emit(Op.RUNE2S, dst, val(x));
        return;
      }
      if (isString(from)) {
        into(x, dst);
        return;
      }
      if (from.underlying() instanceof Type.Slice sl) {
        cb.emit(isByte(sl.elem) ? Op.BYTES2STR : Op.RUNES2STR, dst, val(x));
        return;
      }
    }
    if (to.underlying() instanceof Type.Slice sl && isString(from)) {
      cb.emit(isByte(sl.elem) ? Op.STR2BYTES : Op.STR2RUNES, dst, val(x));
      return;
    }
    if (!isPrim(to) && !isPrim(from)) {
      // same underlying type (named ↔ unnamed): the representation does not change
      into(x, dst);
      return;
    }
    unsupported(x, "conversion from " + from + " to " + to);
  }

  // ---- builtins ----

  /** Compiles a builtin call; dst is -1 when the result is unused. */
  private void builtin(Expr.Call call, int dst) {
    Obj.Builtin b = (Obj.Builtin) ((Expr.Ident) call.fun.unparen()).obj;
    List<Expr> args = call.args;
    if (compositeBuiltin(call, b, dst)) {
      return;
    }
    switch (b.id) {
      case LEN:
      case CAP: {
        int d = dst < 0 ? alloc() : dst;
        Expr x = args.get(0);
        if (isString(x.type)) {
          cb.emit(Op.LEN_S, d, val(x));
        } else if (x.type.underlying() instanceof Type.Slice) {
          cb.emit(b.id == Obj.Builtin.Id.LEN ? Op.LEN_SL : Op.CAP_SL, d, val(x));
        } else if (x.type.underlying() instanceof Type.Chan) {
          cb.emit(b.id == Obj.Builtin.Id.LEN ? Op.LEN_CH : Op.CAP_CH, d, val(x));
        } else if (x.type.underlying() instanceof Type.Map) {
          cb.emit(Op.LEN_MAP, d, val(x));
        } else if (derefType(x.type).underlying() instanceof Type.Array a) {
          if (x.type.underlying() instanceof Type.Pointer) {
            val(x); // evaluated for its effects; Go does not dereference it
          }
          loadInt(d, a.len);
        } else {
          unsupported(call, b.name + " of " + x.type);
        }
        return;
      }
      case PRINT:
      case PRINTLN: {
        int base = allocN(1);
        packVariadic(c.anyType(), args.size(), args::get, base);
        cb.setLine(call.line);
        cb.emit(Op.CALLN, cb.constR(c.nativeOrFail(b.id == Obj.Builtin.Id.PRINT ? "builtin.print" : "builtin.println")), base);
        return;
      }
      case CLOSE: {
        int ch = val(args.get(0));
        cb.setLine(call.line);
        cb.emit(Op.CLOSE, ch);
        return;
      }
      case MAKE: {
        Type t = args.get(0).type;
        if (t.underlying() instanceof Type.Chan) {
          int d = dst < 0 ? alloc() : dst;
          int size = alloc();
          if (args.size() > 1) {
            into(args.get(1), size);
          } else {
            cb.emit(Op.LOADI, size, 0);
          }
          cb.setLine(call.line);
          cb.emit(Op.MKCHAN, d, size, cb.constR(c.rtypes.of(t)));
          return;
        }
        unsupported(call, "make of " + t);
        return;
      }
      case PANIC: {
        int r = alloc();
        intoConv(args.get(0), c.anyType(), r);
        cb.setLine(call.line);
        cb.emit(Op.PANIC, r);
        return;
      }
      default:
        unsupported(call, "the builtin " + b.name);
    }
  }

  // ==== composite values, pointers, methods, interfaces, defer (issue 3) ====
  //
  // Value composites (structs, arrays) are objects owned by their location (see gol.runtime.Struct):
  // a register of struct type holds the object, which is also the value's address. Values are
  // copied where they enter a new location (a declaration, a return, a composite literal element,
  // a map entry, an append, an interface) unless the expression made a fresh one (fresh()), and
  // assignment to an existing location copies into its object (ASSIGNV), so pointers to it stay
  // valid. Callees copy their value-composite parameters in their prologue.

  private int rt(Type t) {
    return cb.constR(c.rtypes.of(t));
  }

  /** Whether e's value is a new object no other location holds (so it needs no copy). */
  private static boolean fresh(Expr e) {
    Expr u = e.unparen();
    if (u instanceof Expr.CompositeLit) {
      return true;
    }
    if (u instanceof Expr.Call call) {
      return call.kind != Expr.Call.Kind.CONVERSION || fresh(call.args.get(0));
    }
    return false;
  }

  /** intoConv, then a copy when the value is a composite some other location owns. */
  private void intoOwned(Expr e, Type target, int dst) {
    intoConv(e, target, dst);
    if ((target == null || !isInterface(target)) && isValue(e.type) && !fresh(e)) {
      cb.emit(Op.COPYV, dst, dst, rt(e.type));
    }
  }

  private void copyValue(Type t, int r) {
    if (isValue(t)) {
      cb.emit(Op.COPYV, r, r, rt(t));
    }
  }

  // ---- composite literals ----

  private void compositeLit(Expr.CompositeLit lit, int dst) {
    Type t = lit.type;
    Type u = t.underlying();
    if (u instanceof Type.Pointer p) { // &T{...} elided in a nested literal
      t = p.elem;
      u = t.underlying();
    }
    int obj = alloc();
    if (u instanceof Type.Struct st) {
      cb.emit(Op.NEWV, obj, rt(t));
      int[] slots = c.rtypes.of(t).fieldSlot;
      for (int i = 0; i < lit.elts.size(); i++) {
        Expr.Element el = lit.elts.get(i);
        int fi = i;
        if (el.key != null) {
          String name = ((Expr.Ident) el.key.unparen()).name;
          for (int k = 0; k < st.fields.size(); k++) {
            if (st.fields.get(k).name.equals(name)) {
              fi = k;
            }
          }
        }
        Type ft = st.fields.get(fi).type;
        int m = next;
        int v = alloc();
        intoOwned(el.value, ft, v);
        cb.emit(isPrim(ft) ? Op.SETF_L : Op.SETF_R, obj, slots[fi], v);
        next = m;
      }
    } else if (u instanceof Type.Array || u instanceof Type.Slice) {
      Type elem = u instanceof Type.Array a ? a.elem : ((Type.Slice) u).elem;
      long n = 0;
      long idx = 0;
      for (Expr.Element el : lit.elts) {
        if (el.key != null && el.key.constValue != null) {
          idx = el.key.constValue.longBits(Type.Kind.INT);
        }
        idx++;
        n = Math.max(n, idx);
      }
      if (u instanceof Type.Array) {
        cb.emit(Op.NEWV, obj, rt(t));
      } else {
        int len = alloc();
        loadInt(len, n);
        cb.emit(Op.MAKESL, obj, len, -1, rt(t));
      }
      idx = 0;
      int ir = alloc();
      for (Expr.Element el : lit.elts) {
        if (el.key != null && el.key.constValue != null) {
          idx = el.key.constValue.longBits(Type.Kind.INT);
        }
        int m = next;
        int v = alloc();
        intoOwned(el.value, elem, v);
        loadInt(ir, idx);
        cb.emit(u instanceof Type.Array ? Op.STA : storeOp(elem), obj, ir, v);
        next = m;
        idx++;
      }
    } else if (u instanceof Type.Map mt) {
      cb.emit(Op.MAKEMAP, obj, -1, rt(t));
      for (Expr.Element el : lit.elts) {
        int m = next;
        int k = alloc();
        intoOwned(el.key, mt.key, k);
        int v = alloc();
        intoOwned(el.value, mt.elem, v);
        cb.emit(Op.MAPSET, obj, k, v);
        next = m;
      }
    } else {
      unsupported(lit, "composite literals of type " + t);
    }
    cb.emit(Op.MOV_R, dst, obj);
  }

  private void loadInt(int r, long v) {
    if (v == (int) v) {
      cb.emit(Op.LOADI, r, (int) v);
    } else {
      cb.emit(Op.LOADK_L, r, cb.constL(v));
    }
  }

  // ---- fields ----

  /**
   * Evaluates the struct object that holds field {@code path[last]} of x (walking embedded
   * fields; a pointer to a struct is the struct object, so both walk alike); returns its register.
   */
  private int fieldBase(Expr x, int[] path, int upto) {
    int r = val(x);
    Type t = x.type;
    for (int i = 0; i < upto; i++) {
      Type.Struct st = structOf(t);
      Obj.Var f = st.fields.get(path[i]);
      int slot = c.rtypes.of(derefType(t)).fieldSlot[path[i]];
      int d = alloc();
      cb.emit(Op.GETF_R, d, r, slot);
      r = d;
      t = f.type;
    }
    return r;
  }

  private static Type derefType(Type t) {
    return t.underlying() instanceof Type.Pointer p ? p.elem : t;
  }

  private static Type.Struct structOf(Type t) {
    return (Type.Struct) derefType(t).underlying();
  }

  /** x.f (a field selection, possibly promoted) into dst. */
  private void field(Expr.Selector s, int dst) {
    int[] path = s.selection.path;
    int base = fieldBase(s.x, path, path.length - 1);
    Type owner = ownerType(s.x.type, path, path.length - 1);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    cb.emit(isPrim(s.type) ? Op.GETF_L : Op.GETF_R, dst, base, slot);
  }

  /** The type of the struct (or pointer) reached after upto steps of path from t. */
  private static Type ownerType(Type t, int[] path, int upto) {
    for (int i = 0; i < upto; i++) {
      t = structOf(t).fields.get(path[i]).type;
    }
    return t;
  }

  private void storeField(Expr.Selector s, int src) {
    int[] path = s.selection.path;
    int base = fieldBase(s.x, path, path.length - 1);
    Type owner = ownerType(s.x.type, path, path.length - 1);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    if (isValue(s.type)) {
      int o = alloc();
      cb.emit(Op.GETF_R, o, base, slot);
      cb.emit(Op.ASSIGNV, o, src, rt(s.type));
    } else {
      cb.emit(isPrim(s.type) ? Op.SETF_L : Op.SETF_R, base, slot, src);
    }
  }

  // ---- pointers ----

  /** &x into dst. */
  private void addressOf(Expr x, int dst) {
    Expr u = x.unparen();
    if (u instanceof Expr.CompositeLit lit) {
      compositeLit(lit, dst);
      return;
    }
    if (isValue(x.type)) {
      into(u, dst); // a struct or array location's object is its address
      return;
    }
    if (u instanceof Expr.Ident id && id.obj instanceof Obj.Var v && !v.isGlobal) {
      Integer r = regs.get(v);
      if (r != null) {
        cb.emit(Op.MOV_R, dst, r); // the variable's heap cell (it escapes: address taken)
      } else {
        cb.emit(Op.GETUP, dst, upval(v));
      }
      return;
    }
    if (u instanceof Expr.Selector s && s.selection != null && s.selection.kind == gol.interp.types.Selection.Kind.FIELD) {
      int[] path = s.selection.path;
      int base = fieldBase(s.x, path, path.length - 1);
      Type owner = ownerType(s.x.type, path, path.length - 1);
      int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
      cb.emit(isPrim(s.type) ? Op.ADDR_FL : Op.ADDR_FR, dst, base, slot);
      return;
    }
    if (u instanceof Expr.Index ix) {
      Type xt = ix.x.type.underlying();
      if (xt instanceof Type.Slice) {
        cb.emit(Op.ADDR_X, dst, val(ix.x), val(ix.index));
        return;
      }
      if (xt instanceof Type.Array || xt instanceof Type.Pointer) {
        cb.emit(Op.ADDR_A, dst, val(ix.x), val(ix.index));
        return;
      }
    }
    if (u instanceof Expr.Star st) {
      into(st.x, dst); // &*p == p (after a nil check Go also skips)
      return;
    }
    unsupported(x, "taking the address of this operand");
  }

  /** *p into dst. */
  private void deref(Expr.Star s, int dst) {
    int p = val(s.x);
    if (isValue(s.type)) {
      cb.emit(Op.MOV_R, dst, p); // the object (a copy is made where it is stored; nil panics there)
      return;
    }
    cb.emit(isPrim(s.type) ? Op.LDP_L : Op.LDP_R, dst, p);
  }

  // ---- maps ----

  private void mapIndex(Expr.Index ix, int dst, boolean commaOk) {
    Type.Map mt = (Type.Map) ix.x.type.underlying();
    int m = val(ix.x);
    int k = alloc();
    intoConv(ix.index, mt.key, k);
    cb.emit(commaOk ? Op.MAPGET2 : Op.MAPGET, dst, m, k, rt(ix.x.type));
  }

  // ---- methods ----

  /**
   * The receiver for calling declared method m on s.x (walking s.selection's embedded path),
   * adjusted to m's receiver kind, into register dst.
   */
  private void receiver(Expr.Selector s, Obj.Func m, int dst) {
    int[] path = s.selection.path;
    Type.Signature sig = (Type.Signature) m.type;
    boolean wantPtr = sig.recv.type instanceof Type.Pointer;
    Type baseT = wantPtr ? ((Type.Pointer) sig.recv.type).elem : sig.recv.type;
    boolean valueBase = isValue(baseT);
    if (path.length == 0) {
      Type xt = s.x.type;
      boolean xPtr = xt.underlying() instanceof Type.Pointer && !(isValue(xt));
      if (valueBase || wantPtr == xPtr) {
        into(s.x, dst);
      } else if (wantPtr) {
        addressOf(s.x, dst);
      } else {
        cb.emit(isPrim(baseT) ? Op.LDP_L : Op.LDP_R, dst, val(s.x));
      }
      return;
    }
    int base = fieldBase(s.x, path, path.length - 1);
    Type owner = ownerType(s.x.type, path, path.length - 1);
    Obj.Var f = structOf(owner).fields.get(path[path.length - 1]);
    int slot = c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]];
    boolean fPtr = f.type.underlying() instanceof Type.Pointer;
    if (valueBase || fPtr == wantPtr) {
      cb.emit(isPrim(f.type) ? Op.GETF_L : Op.GETF_R, dst, base, slot);
    } else if (wantPtr) {
      cb.emit(isPrim(f.type) ? Op.ADDR_FL : Op.ADDR_FR, dst, base, slot);
    } else {
      int t = alloc();
      cb.emit(Op.GETF_R, t, base, slot);
      cb.emit(isPrim(baseT) ? Op.LDP_L : Op.LDP_R, dst, t);
    }
  }

  /** A method call x.m(args); returns the register of its results (see call()). */
  private int methodCall(Expr.Call call, Expr.Selector s) {
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    int width = Math.max(sig.params.size() + 1, sig.results.size());
    if (s.selection.obj instanceof Obj.Func m && !(m.type instanceof Type.Signature ms && ms.recv == null)
        && !isInterfaceMethod(s)) {
      int base = allocN(width);
      receiver(s, m, base);
      args(call, sig, base + 1);
      cb.setLine(call.line);
      Proto p = c.protoOf(m);
      if (p.nativeFn != null) {
        cb.emit(Op.CALLN, cb.constR(p.nativeFn), base);
      } else {
        cb.emit(Op.CALL, cb.constR(p), base);
      }
      next = base + width;
      return base;
    }
    // an interface method (possibly promoted through an embedded interface field)
    int[] path = s.selection.path;
    int iface;
    if (path.length == 0) {
      iface = val(s.x);
    } else {
      int b = fieldBase(s.x, path, path.length - 1);
      Type owner = ownerType(s.x.type, path, path.length - 1);
      iface = alloc();
      cb.emit(Op.GETF_R, iface, b, c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]]);
    }
    int fn = alloc();
    int base = allocN(width);
    args(call, sig, base + 1);
    cb.setLine(call.line);
    cb.emit(Op.IMETH, fn, iface, base, cb.constR(new gol.interp.vm.Sites.Method(s.sel.name)));
    cb.emit(Op.CALLC, fn, base);
    next = base + width;
    return base;
  }

  private static boolean isInterfaceMethod(Expr.Selector s) {
    Type t = s.x.type;
    for (int i : s.selection.path) {
      t = structOf(t).fields.get(i).type;
    }
    return isInterface(t);
  }

  /** A method value x.m: a closure over a copy of the receiver. */
  private void methodValue(Expr.Selector s, int dst) {
    Type.Signature sig = (Type.Signature) s.type.underlying();
    int np = sig.params.size();
    int nr = sig.results.size();
    Proto w = new Proto(proto.name + "-fm", proto.file, s.line);
    CodeBuilder wb = new CodeBuilder();
    wb.setLine(s.line);
    for (int i = np - 1; i >= 0; i--) {
      wb.emit(Op.MOV, i + 1, i);
    }
    int recv = alloc();
    boolean prim;
    if (isInterfaceMethod(s)) {
      int[] path = s.selection.path;
      if (path.length == 0) {
        into(s.x, recv);
      } else {
        int b = fieldBase(s.x, path, path.length - 1);
        Type owner = ownerType(s.x.type, path, path.length - 1);
        cb.emit(Op.GETF_R, recv, b, c.rtypes.of(derefType(owner)).fieldSlot[path[path.length - 1]]);
      }
      prim = false;
      int f = Math.max(np + 1, nr);
      wb.emit(Op.LDUP_R, f + 1, 0);
      wb.emit(Op.IMETH, f, f + 1, 0, wb.constR(new gol.interp.vm.Sites.Method(s.sel.name)));
      wb.emit(Op.CALLC, f, 0);
      w.frameSize = f + 2;
    } else {
      Obj.Func m = (Obj.Func) s.selection.obj;
      Type rt = ((Type.Signature) m.type).recv.type;
      receiver(s, m, recv);
      copyValue(rt, recv);
      prim = isPrim(rt);
      wb.emit(prim ? Op.LDUP_L : Op.LDUP_R, 0, 0);
      Proto p = c.protoOf(m);
      if (p.nativeFn != null) {
        wb.emit(Op.CALLN, wb.constR(p.nativeFn), 0);
      } else {
        wb.emit(Op.CALL, wb.constR(p), 0);
      }
      w.frameSize = Math.max(np + 1, nr);
    }
    wb.emit(Op.RET, 0, nr);
    w.numParams = np;
    w.numResults = nr;
    w.captures = new int[] {alloc()};
    int cell = w.captures[0];
    cb.emit(prim ? Op.NEWCELL_L : Op.NEWCELL_R, cell);
    cb.emit(prim ? Op.STCELL_L : Op.STCELL_R, cell, recv);
    wb.finish(w);
    cb.emit(Op.CLOSURE, dst, cb.constR(w));
  }

  /** A method expression T.m / (*T).m: a func taking the receiver first. */
  private void methodExpr(Expr.Selector s, int dst) {
    Obj.Func m = (Obj.Func) s.selection.obj;
    if (s.selection.path.length > 0 || isInterface(s.selection.recv)) {
      unsupported(s, "method expressions of promoted or interface methods");
      return;
    }
    Type recvT = s.selection.recv;
    Type mt = ((Type.Signature) m.type).recv.type;
    boolean derefNeeded = recvT.underlying() instanceof Type.Pointer && !(mt.underlying() instanceof Type.Pointer)
        && !isValue(mt);
    if (!derefNeeded) {
      cb.emit(Op.LOADK_R, dst, cb.constR(c.funcValue(m)));
      return;
    }
    cb.emit(Op.LOADK_R, dst, cb.constR(c.methods.derefWrapper(m)));
  }

  // ---- interfaces ----

  private void typeAssert(Expr.TypeAssert ta, int dst, boolean commaOk) {
    int x = val(ta.x);
    Type t = ta.assertType.type;
    gol.interp.vm.Sites.Assert site = new gol.interp.vm.Sites.Assert(c.rtypes.of(t), RTypes.name(ta.x.type));
    cb.emit(commaOk ? Op.ASSERT2 : Op.ASSERT, dst, x, cb.constR(site));
  }

  private void typeSwitch(Stmt.TypeSwitch s) {
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
  private static boolean hasDefer(List<Stmt> stmts) {
    for (Stmt s : stmts) {
      if (hasDefer(s)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasDefer(Stmt s) {
    if (s == null) {
      return false;
    }
    if (s instanceof Stmt.Defer) {
      return true;
    }
    if (s instanceof Stmt.Block b) {
      return hasDefer(b.stmts);
    }
    if (s instanceof Stmt.If i) {
      return hasDefer(i.then) || hasDefer(i.els);
    }
    if (s instanceof Stmt.For f) {
      return hasDefer(f.body);
    }
    if (s instanceof Stmt.Range r) {
      return hasDefer(r.body);
    }
    if (s instanceof Stmt.Labeled l) {
      return hasDefer(l.stmt);
    }
    if (s instanceof Stmt.Switch sw) {
      for (Stmt.CaseClause cc : sw.clauses) {
        if (hasDefer(cc.body)) {
          return true;
        }
      }
    }
    if (s instanceof Stmt.TypeSwitch sw) {
      for (Stmt.CaseClause cc : sw.clauses) {
        if (hasDefer(cc.body)) {
          return true;
        }
      }
    }
    if (s instanceof Stmt.Select sel) {
      for (Stmt.CommClause cc : sel.clauses) {
        if (hasDefer(cc.body)) {
          return true;
        }
      }
    }
    return false;
  }

  /** defer f(args): the func value and arguments are evaluated now, into a record. */
  private void deferStmt(Stmt.Defer d) {
    Expr.Call call = d.call;
    if (call.kind != Expr.Call.Kind.CALL) {
      unsupported(d, "defer of a builtin or conversion");
      return;
    }
    Type.Signature sig = (Type.Signature) call.fun.type.underlying();
    int fn = alloc();
    into(call.fun, fn);
    int n = sig.params.size();
    int base = allocN(Math.max(n, 1));
    args(call, sig, base);
    maxDeferArgs = Math.max(maxDeferArgs, n);
    cb.setLine(d.line);
    cb.emit(Op.DEFER, deferReg, fn, base, n);
  }

  /** Emits the epilogue of a function with defers: run the records, return the results. */
  private void deferEpilogue() {
    patchHere(toEpilogue);
    proto.deferRet = cb.pc();
    int n = results.size();
    int fn = alloc();
    int base = allocN(Math.max(Math.max(maxDeferArgs, n), 1));
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

  /** make, new, append, copy, delete, clear, recover; false for the others. */
  private boolean compositeBuiltin(Expr.Call call, Obj.Builtin b, int dst) {
    List<Expr> args = call.args;
    int d = dst < 0 ? alloc() : dst;
    cb.setLine(call.line);
    switch (b.id) {
      case MAKE: {
        Type t = args.get(0).type;
        Type u = t.underlying();
        if (u instanceof Type.Slice) {
          int len = alloc();
          intoConv(args.get(1), gol.interp.check.Universe.INT, len);
          int cap = -1;
          if (args.size() > 2) {
            cap = alloc();
            intoConv(args.get(2), gol.interp.check.Universe.INT, cap);
          }
          cb.setLine(call.line);
          cb.emit(Op.MAKESL, d, len, cap, rt(t));
          return true;
        }
        if (u instanceof Type.Map) {
          int hint = -1;
          if (args.size() > 1) {
            hint = alloc();
            intoConv(args.get(1), gol.interp.check.Universe.INT, hint);
          }
          cb.emit(Op.MAKEMAP, d, hint, rt(t));
          return true;
        }
        return false;
      }
      case NEW: {
        Type t = args.get(0).type;
        if (isValue(t)) {
          cb.emit(Op.NEWV, d, rt(t));
        } else {
          emitNewCell(t, d);
          if (isString(t)) {
            int z = alloc();
            zero(t, z);
            cb.emit(Op.STCELL_R, d, z);
          }
        }
        return true;
      }
      case APPEND: {
        Type st = call.type;
        Type elem = ((Type.Slice) st.underlying()).elem;
        int s = alloc();
        into(args.get(0), s);
        if (call.ellipsis) {
          int t = val(args.get(1));
          cb.setLine(call.line);
          cb.emit(Op.APPENDSL, d, s, t, rt(st));
          return true;
        }
        int n = args.size() - 1;
        int base = allocN(Math.max(n, 1));
        for (int i = 0; i < n; i++) {
          intoConv(args.get(i + 1), elem, base + i); // APPEND copies struct/array values itself
        }
        cb.setLine(call.line);
        cb.emit(Op.APPEND, d, s, base, n, rt(st));
        return true;
      }
      case COPY:
        cb.emit(Op.COPYSL, d, val(args.get(0)), val(args.get(1)), rt(args.get(0).type));
        return true;
      case DELETE: {
        Type.Map mt = (Type.Map) args.get(0).type.underlying();
        int m = val(args.get(0));
        int k = alloc();
        intoConv(args.get(1), mt.key, k);
        cb.emit(Op.MAPDEL, m, k);
        return true;
      }
      case CLEAR:
        cb.emit(Op.CLEAR, val(args.get(0)), rt(args.get(0).type.underlying() instanceof Type.Map
            ? args.get(0).type : args.get(0).type));
        return true;
      case RECOVER:
        cb.emit(Op.RECOVER, d);
        return true;
      default:
        return false;
    }
  }

  // ==== end of issue 3 section ====

  // ---- errors ----

  private void unsupported(Node at, String what) {
    c.unsupported(proto.file, at != null ? at.line : cb.line(), at != null ? at.col : 1, what);
  }
}
