package gol.interp.check;

import gol.interp.parse.AstString;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Scope;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checker's state and the helpers every part uses: error reporting, the current scope and
 * function, and the bookkeeping that gives untyped expressions their final types. The checker is
 * one object split over four classes by concern (as go/types splits one struct over files):
 * CheckerBase → ExprChecker (expressions, types) → StmtChecker (statements, bodies) → Checker
 * (package level).
 */
abstract class CheckerBase {
  /** Where errors go (swapped for a throwaway one while an instantiated body is checked). */
  Diagnostics diags;
  final Importer importer;

  Pkg pkg;
  File file;
  String fileName = "";

  /**
   * Errors gc finds after type checking (its typecheck pass: "case a += <-c:" in a select), as
   * {file, line, col, message}: reported only when the package has no type error.
   */
  final List<Object[]> lateErrors = new ArrayList<>();
  Scope fileScope;
  /** The innermost scope. */
  Scope scope;
  /** The function whose body is being checked; null at package level. */
  FuncCtx fn;
  /** The value of iota inside a const spec, else null. */
  Constant iota;
  /** The package-level declaration being checked, for the dependency graph; null inside none. */
  DeclInfo decl;

  /** Package-level objects → their declarations. */
  final Map<Obj, DeclInfo> objInfo = new IdentityHashMap<>();
  /** The defined types declared, package-level and local, in order (checked by validTypes: those of the package before the bodies). */
  final List<Type.Named> namedTypes = new ArrayList<>();
  /** Local variables → the function that declares them (for captures). */
  final Map<Obj.Var, FuncCtx> varOwner = new IdentityHashMap<>();
  /** Expressions still of untyped type; they get their default type at the end. */
  final List<Expr> untyped = new ArrayList<>();
  /** Untyped left operands of non-constant shifts: their final type must be integer. */
  final Set<Expr> shiftLhs = Collections.newSetFromMap(new IdentityHashMap<>());
  /** PkgName → the import that declared it. */
  final Map<Obj.PkgName, File.Import> importOf = new IdentityHashMap<>();
  /** A file scope → the objects its dot imports brought in → the import (to mark it used). */
  final Map<Scope, Map<Obj, File.Import>> dotImports = new IdentityHashMap<>();

  CheckerBase(Diagnostics diags, Importer importer) {
    this.diags = diags;
    this.importer = importer;
  }

  /** A function (declared, literal, or a script's top level) whose body is being checked. */
  static final class FuncCtx {
    final FuncCtx outer;
    final Type.Signature sig;
    final Expr.FuncLit lit;
    final List<Obj.Var> locals;
    /** The scope each local was declared in (the order of "declared and not used" errors). */
    final Map<Obj.Var, Scope> localScopes = new IdentityHashMap<>();
    final Set<Obj.Var> captures = new LinkedHashSet<>();
    /** Labels of the body: name → the Labeled statement. */
    final Map<String, Stmt.Labeled> labels;
    final Map<String, Obj.Label> labelObjs;
    /** The body of a range-over-func loop: compiled as a function, checked as part of its own. */
    final boolean rangeBody;
    /** The function's own block (parameters and the body's top level), once its body is checked. */
    Scope top;
    /**
     * A generic function's type parameters, which Go declares in the function's own block: a
     * parameter or local of the same name there is a redeclaration. Null for other functions.
     */
    Scope typeParams;

    FuncCtx(FuncCtx outer, Type.Signature sig, Expr.FuncLit lit) {
      this.outer = outer;
      this.sig = sig;
      this.lit = lit;
      this.locals = new ArrayList<>();
      this.labels = new java.util.HashMap<>();
      this.labelObjs = new java.util.HashMap<>();
      this.rangeBody = false;
    }

    /**
     * The body of a range-over-func loop in {@code outer}: it shares the function's signature
     * (return statements return from it), labels and locals; only its captures are its own.
     */
    FuncCtx(FuncCtx outer) {
      this.outer = outer;
      this.sig = outer.sig;
      this.lit = outer.lit;
      this.locals = outer.locals;
      this.labels = outer.labels;
      this.labelObjs = outer.labelObjs;
      this.rangeBody = true;
    }
  }

  /** A package-level declaration: where it is, and what it refers to (for initialization order). */
  static final class DeclInfo {
    final File file;
    final Scope fileScope;
    /** Decl.Const, Decl.Var, Decl.Type, Decl.Func, or a script's top-level Stmt.Assign (:=). */
    final Node node;
    Expr typeExpr;
    Expr init;
    int iota;
    /** Variables initialized together by one multi-value expression, or a script := left side. */
    List<Obj.Var> lhs;
    /** 0 unresolved, 1 being resolved, 2 done. */
    int state;
    final Set<Obj> deps = new LinkedHashSet<>();
    final int order;

    DeclInfo(File file, Scope fileScope, Node node, int order) {
      this.file = file;
      this.fileScope = fileScope;
      this.node = node;
      this.order = order;
    }
  }

  // ---- errors ----

  /**
   * gc's report of a declaration cycle of values (initialization) or of types, at the member
   * declared first in the source: {@code initialization cycle: N refers to itself} for one member;
   * else {@code initialization cycle for N} (types: {@code invalid recursive type N}) and a line
   * {@code POS: M refers to} per member, back to N.
   */
  void reportCycle(boolean values, List<? extends Obj> cycle) {
    String head = values ? "initialization cycle" : "invalid recursive type";
    int first = 0;
    for (int k = 1; k < cycle.size(); k++) {
      // an initialization cycle through functions starts at a variable, as gc's initorder does
      boolean var = values && cycle.get(k) instanceof Obj.Var;
      boolean firstVar = values && cycle.get(first) instanceof Obj.Var;
      if (var && !firstVar || var == firstVar && declaredBefore(cycle.get(k), cycle.get(first))) {
        first = k;
      }
    }
    Obj start = cycle.get(first);
    DeclInfo d = objInfo.get(start);
    String savedName = fileName;
    if (d != null) {
      fileName = d.file.name;
    }
    if (cycle.size() == 1) {
      error(start.decl, head + ": " + start.name + " refers to itself");
    } else {
      error(start.decl, cycleLines(values ? head + " for" : head, cycle, first));
    }
    fileName = savedName;
  }

  private String cycleLines(String head, List<? extends Obj> cycle, int first) {
    Obj start = cycle.get(first);
    StringBuilder b = new StringBuilder(head).append(' ').append(start.name);
    for (int k = 0; k < cycle.size(); k++) {
      Obj o = cycle.get((first + k) % cycle.size());
      b.append("\n\t").append(pos(o.decl)).append(": ").append(o.name).append(" refers to");
    }
    b.append("\n\t").append(pos(start.decl)).append(": ").append(start.name);
    return b.toString();
  }

  /** Whether a comes before b in the source: by declaration, then by position within one. */
  boolean declaredBefore(Obj a, Obj b) {
    DeclInfo da = objInfo.get(a);
    DeclInfo db = objInfo.get(b);
    int oa = da == null ? Integer.MAX_VALUE : da.order;
    int ob = db == null ? Integer.MAX_VALUE : db.order;
    if (oa != ob || a.decl == null || b.decl == null) {
      return oa < ob;
    }
    return a.decl.line < b.decl.line || a.decl.line == b.decl.line && a.decl.col < b.decl.col;
  }


  /**
   * Set once an endless instantiation was cut short: later errors in instances (their
   * signatures, made from the generic stand-in) may be its after-effects and are dropped.
   */
  boolean muted;
  /** Above 0 while an instance's signature or body is checked (nothing there is recorded). */
  int instanceDepth;

  /** Where every error goes while an inherited constant initializer is checked (see constDecl), or null. */
  Node errPos;

  void error(Node at, String msg) {
    if (errPos != null) {
      at = errPos;
    }
    if (!muted || instanceDepth == 0) {
      report(at.line, at.col, msg);
    }
  }

  /** Whether this checker reported an error yet (types2's firstErr). */
  private boolean reportedAny;

  /**
   * As types2 reports: after a first error, one that mentions an invalid operand or type is a
   * follow-on error and is dropped ("cannot convert x ... to type chan invalid type").
   */
  private void report(int line, int col, String msg) {
    if (reportedAny && (msg.indexOf("invalid operand") > 0 || msg.indexOf("invalid type") > 0)) {
      return;
    }
    reportedAny = true;
    diags.error(fileName, line, col, msg);
  }

  /**
   * Reports a misplaced break, continue, goto, fallthrough or label. gc finds these while parsing
   * (syntax/branches.go), before any type error, so they come first in the count that stops at
   * {@link Diagnostics#LIMIT}.
   */
  void branchError(Node at, String msg) {
    if (!muted || instanceDepth == 0) {
      diags.earlyError(fileName, at.line, at.col, msg);
    }
  }

  /** An error gc's parser reports without stopping (so before any type error, as branchError). */
  void parseError(int line, int col, String msg) {
    if (!muted || instanceDepth == 0) {
      diags.earlyError(fileName, line, col, msg);
    }
  }

  void error(int line, int col, String msg) {
    if (errPos != null) {
      line = errPos.line;
      col = errPos.col;
    }
    if (!muted || instanceDepth == 0) {
      report(line, col, msg);
    }
  }

  /** Reports at the start of an expression, as gc does. */
  void errorAt(Expr e, String msg) {
    error(start(e), msg);
  }

  void errorAt(Operand x, String msg) {
    if (x.expr != null) {
      error(start(x.expr), msg);
    }
  }

  /**
   * An operand's own position as gc's syntax tree has it: a selector's dot, an index or
   * instantiation's {@code [}, else where the expression starts.
   */
  static Node opPos(Expr e) {
    if (e instanceof Expr.Selector s && s.sel.line > 0) {
      return new Node(s.sel.line, Math.max(1, s.sel.col - 1)) { };
    }
    if (e instanceof Expr.Index ix && ix.lbrackLine > 0) {
      return new Node(ix.lbrackLine, ix.lbrackCol) { };
    }
    if (e instanceof Expr.IndexList il && il.lbrackLine > 0) {
      return new Node(il.lbrackLine, il.lbrackCol) { };
    }
    return start(e);
  }

  /**
   * An expression's position in gc's syntax tree, where gc reports a "previous" place: a binary
   * expression's operator, a call's "(", else as {@link #opPos}.
   */
  static Node syntaxPos(Expr e) {
    if (e instanceof Expr.Binary) {
      return e;
    }
    if (e instanceof Expr.Call c && c.lparenLine > 0) {
      return new Node(c.lparenLine, c.lparenCol) { };
    }
    return opPos(e);
  }

  /**
   * Where gc reports an error about an expression (syntax.StartPos): its leftmost node, except that
   * a slice expression is reported at its {@code [} (gc's StartPos does not descend into it).
   */
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
      } else if (e instanceof Expr.SliceExpr s) {
        if (s.lbrackLine > 0) {
          return new Node(s.lbrackLine, s.lbrackCol) { };
        }
        e = s.x;
      } else if (e instanceof Expr.TypeAssert t) {
        e = t.x;
      } else {
        return e;
      }
    }
  }

  String pos(Node n) {
    return fileName + ":" + n.line + ":" + n.col;
  }

  /**
   * Where {@code n}, a node of the declaration of package-level {@code owner} (or of a member of
   * it), is: in the file that declared owner, which in a package of several files need not be
   * the file being checked.
   */
  String pos(Obj owner, Node n) {
    DeclInfo d = objInfo.get(owner);
    return (d != null ? d.file.name : fileName) + ":" + n.line + ":" + n.col;
  }

  // ---- recording results on the tree ----

  void record(Operand x) {
    Expr e = x.expr;
    if (e == null) {
      return;
    }
    e.type = x.mode == Operand.Mode.INVALID ? Universe.INVALID
        : x.mode == Operand.Mode.NOVALUE ? Universe.NO_VALUE : x.type;
    e.constValue = x.mode == Operand.Mode.CONSTANT ? x.val : null;
    e.isType = x.mode == Operand.Mode.TYPEXPR;
    if (Types.isUntyped(x.type) && x.mode != Operand.Mode.INVALID) {
      untyped.add(e);
    }
  }

  /**
   * Gives an untyped expression (and the untyped operands it was computed from) its type: a still
   * untyped one when only the kind changes (int → float), else the final one, converting the
   * constant value to it.
   */
  void updateExprType(Expr e, Type target) {
    if (e == null) {
      return;
    }
    Type old = e.type;
    if (old == null || !Types.isUntyped(old)) {
      return;
    }
    if (e instanceof Expr.Paren p) {
      updateExprType(p.x, target);
    } else if (e instanceof Expr.Unary u) {
      if (u.op != gol.interp.ast.Tok.AND && u.op != gol.interp.ast.Tok.ARROW) {
        updateExprType(u.x, target);
      }
    } else if (e instanceof Expr.Binary b) {
      if (b.op.isComparison()) {
        // the operands' types were fixed by the comparison
      } else if (b.op.isShift()) {
        updateExprType(b.x, target);
      } else {
        updateExprType(b.x, target);
        updateExprType(b.y, target);
      }
    }
    if (Types.isUntyped(target)) {
      e.type = target;
      if (e.constValue != null) {
        ConstOps.Repr r = ConstOps.represent(e.constValue, ((Type.Basic) target).kind);
        if (r.code() == ConstOps.OK) {
          e.constValue = r.value();
        }
      }
      return;
    }
    Type t = target;
    if (Types.isInterface(target) && !Types.isNil(old)) {
      t = Universe.defaultType(old);
    }
    if (shiftLhs.contains(e) && !Types.isInteger(t)) {
      shiftLhs.remove(e);
      errorAt(e, "invalid operation: shifted operand " + AstString.expr(e) + " (type " + t + ") must be integer");
    }
    e.type = t;
    if (e.constValue != null) {
      Type.Kind k = Types.kind(t);
      if (k != null) {
        ConstOps.Repr r = ConstOps.represent(e.constValue, k);
        if (r.code() == ConstOps.OK) {
          e.constValue = r.value();
        }
      }
    }
  }

  /**
   * Gives every expression left untyped its default type (end of checking). These are operands of
   * expressions already found invalid, so, as in gc, a float shifted operand among them is not
   * reported again.
   */
  void defaultUntyped() {
    shiftLhs.clear();
    for (Expr e : untyped) {
      if (e.type != null && Types.isUntyped(e.type) && !Types.isNil(e.type)) {
        updateExprType(e, Universe.defaultType(e.type));
      }
    }
    untyped.clear();
  }

  // ---- variables ----

  /** Notes a reference to variable v from the current function: captures and dependencies. */
  void noteVarRef(Obj.Var v) {
    if (v.isGlobal) {
      if (decl != null) {
        decl.deps.add(v);
      }
      return;
    }
    FuncCtx owner = varOwner.get(v);
    if (owner == null || owner == fn) {
      return;
    }
    v.captured = true;
    for (FuncCtx c = fn; c != null && c != owner; c = c.outer) {
      c.captures.add(v);
    }
  }

  /** Declares a local variable of the current function in the current scope. */
  void declareLocal(Obj.Var v, Expr.Ident id) {
    if (declare(scope, v, id) && fn != null) {
      fn.locals.add(v);
      fn.localScopes.put(v, scope);
      varOwner.put(v, fn);
    }
  }

  /** Declares obj in s; reports a redeclaration (then returns false). Blank names are not declared. */
  boolean declare(Scope s, Obj obj, Node at) {
    if (obj.name.equals("_")) {
      return true;
    }
    Obj alt = s.insert(obj);
    if (alt == null && fn != null && s == fn.top && fn.typeParams != null) {
      alt = fn.typeParams.names.get(obj.name);
      if (alt != null) {
        s.names.remove(obj.name);
      }
    }
    if (alt != null) {
      String msg = obj.name + " redeclared in this block";
      if (alt.decl != null) {
        msg += "\n\t" + pos(alt, alt.decl) + ": other declaration of " + obj.name;
      }
      error(at, msg);
      return false;
    }
    return true;
  }
}
