package gol.interp.compile;

import static gol.interp.compile.Layout.isInterface;
import static gol.interp.compile.Layout.isPrim;
import static gol.interp.compile.Layout.isString;
import static gol.interp.compile.Layout.isValue;

import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
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
 * The state one function body's compilation shares (registers, variables, jump lists) and the
 * helpers every part uses. The compiler of a function is one object split over five classes by
 * concern, as the checker is: {@link ExprCompiler} (conditions, expressions, conversions, fields,
 * pointers), {@link CallCompiler} (calls, builtins, methods, composite literals), {@link
 * StmtCompiler} (declarations, assignments), {@link FlowCompiler} (if, for, range, switch, select,
 * branches, defer) and {@link FuncCompiler} (entry points). Methods a class calls on a later class
 * are declared abstract here.
 */
abstract class FuncCompilerBase {
  final Compiler c;
  final FuncCompilerBase parent;
  final Proto proto;
  final CodeBuilder cb = new CodeBuilder();
  /** Local variable → its register (value, or cell when the variable escapes). */
  final Map<Obj.Var, Integer> regs = new HashMap<>();
  /** Variable of an enclosing function → index of this closure's cell for it. */
  final Map<Obj.Var, Integer> upvals = new HashMap<>();
  int next;
  int max;
  List<Obj.Var> results = List.of();
  int literals;
  /** This function is a function literal (its own literals are named main.f.func1.1, ...). */
  boolean funcLiteral;
  /** Range-over-func loop bodies of this function so far (main.main-range1, ...). */
  int ranges;
  /** Wrappers made for deferred builtin calls (main.f.deferwrap1, ...). */
  int deferWraps;
  /** Functions with defer statements: the register of the frame's defer records (else -1). */
  int deferReg = -1;
  /** A function whose defers are open-coded: their registers and mask; else null. */
  OpenDefers openDefers;
  int maxDeferArgs;
  /** Return statements of a function with defers jump to its epilogue. */
  final List<Integer> toEpilogue = new ArrayList<>();
  /** A function with defers and unnamed results keeps them here (what a recovered panic returns). */
  Integer resultRegs;

  /** The body of a range-over-func loop being compiled as its yield function; else null. */
  RangeBody rangeBody;
  /**
   * Cells for the unnamed results of the function when return statements inside its
   * range-over-func loop bodies set them (null until needed); shared with those bodies.
   */
  List<Obj.Var> rangeResults;
  /**
   * The absolute stack slot of the function's defer list, for defer statements in its
   * range-over-func loop bodies (null until needed); shared with those bodies.
   */
  Obj.Var rangeDefers;

  /** Pending jumps of break/continue, per loop/switch/select statement. */
  final Map<Stmt, List<Integer>> breaks = new HashMap<>();
  final Map<Stmt, List<Integer>> continues = new HashMap<>();
  final Map<String, Integer> labels = new HashMap<>();
  final Map<String, List<Integer>> gotos = new HashMap<>();

  FuncCompilerBase(Compiler c, FuncCompilerBase parent, Proto proto) {
    this.c = c;
    this.parent = parent;
    this.proto = proto;
  }

  // ---- registers ----

  int alloc() {
    int r = next++;
    bump();
    return r;
  }

  int allocN(int n) {
    int r = next;
    next += n;
    bump();
    return r;
  }

  void bump() {
    if (next > max) {
      max = next;
    }
  }

  // ---- variables ----

  void emitNewCell(Type t, int reg) {
    cb.emit(isPrim(t) ? Op.NEWCELL_L : Op.NEWCELL_R, reg);
  }

  /** Declares a local variable holding the zero value of its type. */
  int declareZero(Obj.Var v) {
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

  static boolean needsZero(Type t) {
    return isString(t) || isValue(t) || Layout.isComplex(t);
  }

  /** Loads the zero value of {@code t} into register {@code r}. */
  void zero(Type t, int r) {
    if (isPrim(t)) {
      cb.emit(Op.LOADI, r, 0);
    } else if (isString(t)) {
      cb.emit(Op.LOADK_R, r, cb.constR(GoString.EMPTY));
    } else if (isValue(t)) {
      cb.emit(Op.NEWV, r, rt(t));
    } else if (Layout.isComplex(t)) {
      cb.emit(Op.LOADK_R, r, cb.constR(gol.runtime.Complex.ZERO));
    } else {
      cb.emit(Op.NIL_R, r);
    }
  }

  /** Declares the new variable {@code v} and stores the value in register {@code src} into it. */
  void declareFrom(Obj.Var v, int src, int reg) {
    regs.put(v, reg);
    if (v.escapes()) {
      boolean inPlace = src == reg; // the cell replaces the value: keep the value aside first
      if (inPlace) {
        src = alloc();
        move(v.type, src, reg);
      }
      emitNewCell(v.type, reg);
      cb.emit(isPrim(v.type) ? Op.STCELL_L : Op.STCELL_R, reg, src);
      if (inPlace) {
        next--;
      }
    } else if (src != reg) {
      move(v.type, reg, src);
    }
  }

  void move(Type t, int dst, int src) {
    if (dst != src) {
      cb.emit(isPrim(t) ? Op.MOV_L : Op.MOV_R, dst, src);
    }
  }

  /** Loads variable {@code v} into {@code dst}. */
  void loadVar(Obj.Var v, int dst) {
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
  void storeVar(Obj.Var v, int src) {
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
  int directReg(Obj.Var v) {
    if (v.isGlobal || v.escapes()) {
      return -1;
    }
    Integer r = regs.get(v);
    return r == null ? -1 : r;
  }

  int upval(Obj.Var v) {
    Integer i = upvals.get(v);
    if (i == null) {
      throw new IllegalStateException("variable " + v.name + " is not captured by " + proto.name);
    }
    return i;
  }

  static String describe(Stmt s) {
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

  static String describe(Expr e) {
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

  // ==== composite values, pointers, methods, interfaces, defer (issue 3) ====
  //
  // Value composites (structs, arrays) are objects owned by their location (see gol.runtime.Struct):
  // a register of struct type holds the object, which is also the value's address. Values are
  // copied where they enter a new location (a declaration, a return, a composite literal element,
  // a map entry, an append, an interface) unless the expression made a fresh one (fresh()), and
  // assignment to an existing location copies into its object (ASSIGNV), so pointers to it stay
  // valid. Callees copy their value-composite parameters in their prologue.

  int rt(Type t) {
    return cb.constR(c.rtypes.of(t));
  }

  /** Whether e's value is a new object no other location holds (so it needs no copy). */
  static boolean fresh(Expr e) {
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
  void intoOwned(Expr e, Type target, int dst) {
    intoConv(e, target, dst);
    if ((target == null || !isInterface(target)) && isValue(e.type) && !fresh(e)) {
      cb.emit(Op.COPYV, dst, dst, rt(e.type));
    }
  }

  void copyValue(Type t, int r) {
    if (isValue(t)) {
      cb.emit(Op.COPYV, r, r, rt(t));
    }
  }

  void loadInt(int r, long v) {
    if (v == (int) v) {
      cb.emit(Op.LOADI, r, (int) v);
    } else {
      cb.emit(Op.LOADK_L, r, cb.constL(v));
    }
  }

  void patchHere(List<Integer> jumps) {
    for (int j : jumps) {
      cb.patch(j, cb.pc());
    }
    jumps.clear();
  }

  void wrap(Type t, int r) {
    int w = Layout.wrapCode(t);
    if (w != 0) {
      cb.emit(Op.WRAP, r, r, w);
    }
  }

  // ---- errors ----

  void unsupported(Node at, String what) {
    c.unsupported(proto.file, at != null ? at.line : cb.line(), at != null ? at.col : 1, what);
  }

  // ---- implemented by the later parts ----

  abstract void branch(Stmt.Branch b);
  abstract int call(Expr.Call call);
  abstract void callInto(Expr.Call call, int dst);
  abstract void compositeLit(Expr.CompositeLit lit, int dst);

  abstract void compositeLit(Expr.CompositeLit lit, int dst, boolean heap);
  abstract void deferStmt(Stmt.Defer d);
  abstract void forStmt(Stmt.For s);
  abstract void goStmt(Stmt.Go g);
  abstract void ifStmt(Stmt.If s);
  abstract void intoConv(Expr e, Type target, int dst);
  abstract void label(Stmt.Labeled l);
  abstract void methodExpr(Expr.Selector s, int dst);
  abstract void methodValue(Expr.Selector s, int dst);
  abstract void rangeStmt(Stmt.Range s);
  abstract void returnStmt(Stmt.Return s);
  abstract void selectStmt(Stmt.Select s);
  abstract void switchStmt(Stmt.Switch s);
  abstract void typeSwitch(Stmt.TypeSwitch s);
}
