package gol.interp.compile;

import static gol.interp.compile.Layout.isPrim;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import java.util.ArrayList;
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
final class FuncCompiler extends FlowCompiler {
  FuncCompiler(Compiler c, FuncCompilerBase parent, Proto proto) {
    super(c, parent, proto);
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
    int[] copies = new int[n]; // the pcs of the entry copies ReadOnlyParams may remove
    int ncopies = 0;
    for (int i = 0; i < n; i++) {
      Obj.Var p = params.get(i);
      if (!p.escapes() && flatStruct(p.type)) {
        copies[ncopies++] = cb.pc();
      }
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
      openDefers(OpenDefers.plan(body.stmts));
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
    Proto done = finish();
    if (ncopies > 0) {
      ReadOnlyParams.elide(done, java.util.Arrays.copyOf(copies, ncopies));
    }
    return done;
  }

  /** Reserves the registers of open-coded defers (plan: the statements; null: records). */
  private void openDefers(List<Stmt.Defer> plan) {
    if (plan == null || !OpenDefers.ENABLED) {
      return;
    }
    int mask = alloc();
    cb.emit(Op.LOADI, mask, 0);
    int[] slot = new int[plan.size()];
    for (int i = 0; i < slot.length; i++) {
      slot[i] = allocN(1 + deferArity(plan.get(i)));
    }
    openDefers = new OpenDefers(plan, mask, slot);
  }

  /** A struct type none of whose fields is a struct or an array. */
  private static boolean flatStruct(Type t) {
    if (!(t.underlying() instanceof Type.Struct st)) {
      return false;
    }
    for (Obj.Var f : st.fields) {
      if (Layout.isValue(f.type)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Compiles the body of range-over-func loop s as its yield function: the parameters are the
   * iteration values; the state cell is checked on entry (RangeFuncOps), and falling off the
   * end, like continue, returns true.
   */
  Proto rangeBodyFunction(Stmt.Range s) {
    cb.setLine(s.line);
    Type.Tuple params = s.yieldSig.params;
    int n = params.size();
    next = Math.max(n, 1);
    bump();
    proto.numParams = n;
    proto.numResults = 1;
    int st = alloc();
    loadVar(rangeBody.state, st);
    int ok = cb.emit(Op.JEQI, st, gol.interp.vm.RangeFuncOps.READY, -1);
    cb.emit(Op.CALLN, cb.constR(gol.interp.vm.RangeFuncOps.FAIL), st);
    cb.patch(ok, cb.pc());
    cb.emit(Op.LOADI, st, gol.interp.vm.RangeFuncOps.BODY);
    storeVar(rangeBody.state, st);
    Expr[] targets = {s.key, s.value};
    for (int i = 0; i < n && i < 2; i++) {
      Expr t = targets[i];
      if (t == null || t instanceof Expr.Ident id && id.name.equals("_")) {
        continue;
      }
      copyValue(params.at(i), i);
      if (s.op == gol.interp.ast.Tok.DEFINE) {
        Obj.Var v = (Obj.Var) ((Expr.Ident) t).obj;
        if (v.escapes()) {
          int cell = alloc();
          emitNewCell(v.type, cell);
          cb.emit(isPrim(v.type) ? Op.STCELL_L : Op.STCELL_R, cell, i);
          regs.put(v, cell);
        } else {
          regs.put(v, i);
        }
      } else {
        storeTo(t, i);
      }
    }
    block(s.body.stmts);
    cb.setLine(s.body.endLine);
    continueBody();
    // the gotos left pending jump to labels outside the body: leave it, asking for the jump
    for (Map.Entry<String, List<Integer>> e : gotos.entrySet()) {
      patchHere(e.getValue());
      leaveBody(rangeBody.gotoCode(e.getKey()));
    }
    gotos.clear();
    return finish();
  }

  /** Compiles the wrapper of a deferred builtin call: its operands arrive as the parameters. */
  Proto deferWrapper(List<Obj.Var> params, Expr.Call call) {
    cb.setLine(proto.line);
    int n = params.size();
    next = n;
    bump();
    proto.numParams = n;
    proto.numResults = 0;
    for (int i = 0; i < n; i++) {
      regs.put(params.get(i), i);
    }
    effect(call);
    cb.emit(Op.RET, 0, 0);
    return finish();
  }

  /** Compiles a wrapper passing its parameters to {@code call} and returning its nres results. */
  Proto callWrapper(List<Obj.Var> params, Expr.Call call, int nres) {
    cb.setLine(proto.line);
    int n = params.size();
    next = Math.max(n, nres);
    bump();
    proto.numParams = n;
    proto.numResults = nres;
    for (int i = 0; i < n; i++) {
      regs.put(params.get(i), i);
    }
    int base = call(call);
    cb.emit(Op.RET, base, nres);
    return finish();
  }

  /** Compiles a package's initialisation: global variable initialisers and script statements. */
  Proto init(List<Node> items) {
    // A script's top level is a function body: its defer statements (those of range-over-func
    // loop bodies there included) run when the last top-level statement has run.
    List<Stmt> stmts = new ArrayList<>();
    for (Node item : items) {
      if (item instanceof Stmt s) {
        stmts.add(s);
      }
    }
    if (hasDefer(stmts)) {
      deferReg = alloc();
      cb.emit(Op.NIL_R, deferReg);
      proto.deferReg = deferReg;
    }
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
      } else if (item instanceof Compiler.InitCall ic) {
        cb.setLine(ic.line);
        int base = allocN(1);
        cb.emit(Op.CALL, cb.constR(ic.target), base);
        next = base;
      } else if (item instanceof Stmt s) {
        stmt(s);
      }
    }
    if (deferReg >= 0) {
      deferEpilogue();
    } else {
      cb.emit(Op.RET, 0, 0);
    }
    return finish();
  }

  Proto finish() {
    proto.frameSize = Math.max(max, 1);
    Proto done = cb.finish(proto);
    LoadedValueCopies.elide(done);
    return done;
  }

}
