package gol.interp.check;

import static gol.interp.check.Operand.Mode.BUILTIN;
import static gol.interp.check.Operand.Mode.COMMAOK;
import static gol.interp.check.Operand.Mode.CONSTANT;
import static gol.interp.check.Operand.Mode.INVALID;
import static gol.interp.check.Operand.Mode.MAPINDEX;
import static gol.interp.check.Operand.Mode.NOVALUE;
import static gol.interp.check.Operand.Mode.TYPEXPR;
import static gol.interp.check.Operand.Mode.VALUE;
import static gol.interp.check.Operand.Mode.VARIABLE;

import gol.interp.parse.AstString;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Scope;
import gol.interp.types.Selection;
import gol.interp.types.Type;
import gol.interp.types.Type.Kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Expressions, type expressions, calls, builtins, conversions and assignability checks. */
abstract class ExprChecker extends CheckerBase {
  ExprChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  /** Resolves a package-level object (no-op for others). */
  abstract void objDecl(Obj obj);

  // ---- generics (see Generics) ----

  /** {@code G[args]} in a type. */
  abstract Type instantiateTypeExpr(Type.Named g, List<Expr> args, Expr at);

  /** {@code F[args]} as a value or callee. */
  abstract void instantiateFuncExpr(Operand x, Obj.Func g, List<Expr> args, Expr e);

  /** A call of a generic function not fully instantiated: inference. */
  abstract void genericCall(Operand x, Expr.Call e, Operand f);

  /** The terms of a union element. */
  abstract List<Type.Term> terms(Expr e);

  /** A type used as a constraint (or as a term of one). */
  Type typExprConstraint(Expr e) {
    boolean saved = inConstraint;
    inConstraint = true;
    try {
      return typExpr(e);
    } finally {
      inConstraint = saved;
    }
  }

  /** Reports a generic function used as a value without instantiation. */
  void noGenericValue(Operand x) {
    if (x.generic != null) {
      errorAt(x, "cannot use generic function " + AstString.expr(x.expr) + " without instantiation");
      x.generic = null;
      x.setInvalid();
    }
  }

  /** Checks a function literal's body in a new function context. */
  abstract void funcBody(FuncCtx ctx, Type.Signature sig, gol.interp.ast.Stmt.Block body, Expr.FuncType ft);

  /** In script mode, the package an unresolved name stands for (implicitly imported), or null. */
  abstract Obj.PkgName implicitImport(Expr.Ident id);

  // ====================================================================================
  // Entry points
  // ====================================================================================

  /** Operands already checked (a builtin's argument checked to see whether it has several results). */
  private final Map<Expr, Operand> prechecked = new java.util.IdentityHashMap<>();

  /** Checks e as a single value. */
  Operand expr(Expr e) {
    return expr(e, null);
  }

  Operand expr(Expr e, Type hint) {
    return singleValueOf(rawExpr(e, hint));
  }

  /** x as a single value: a generic function without instantiation, a type or a tuple is an error. */
  private Operand singleValueOf(Operand x) {
    noGenericValue(x);
    exclude(x);
    singleValue(x);
    return x;
  }

  /**
   * Checks e as a value assigned to a variable (or parameter) of type target: a generic function
   * there takes its type arguments from target's signature, as Go infers them
   * ({@code var f func(int) int = Identity}, {@code apply(Identity, 4)}).
   */
  Operand assignedExpr(Expr e, Type target) {
    if (target == null || !(target.underlying() instanceof Type.Signature)) {
      return expr(e);
    }
    Operand x = rawExpr(e, null);
    if (x.generic != null) {
      inferFromTarget(x, (Type.Signature) target.underlying());
    }
    return singleValueOf(x);
  }

  /** Instantiates the generic function x.generic with the type arguments target implies, if it does. */
  abstract void inferFromTarget(Operand x, Type.Signature target);

  /** Checks e, which may be a value or a type. */
  Operand exprOrType(Expr e) {
    Operand x = rawExpr(e, null);
    noGenericValue(x);
    if (x.mode == NOVALUE) {
      errorAt(x, x + " used as value");
      x.setInvalid();
    } else if (x.mode == BUILTIN) {
      errorAt(x, x + " must be called");
      x.setInvalid();
    }
    singleValue(x);
    return x;
  }

  void exclude(Operand x) {
    switch (x.mode) {
      case NOVALUE:
        errorAt(x, x + " used as value");
        x.setInvalid();
        break;
      case BUILTIN:
        errorAt(x, x + " must be called");
        x.setInvalid();
        break;
      case TYPEXPR:
        errorAt(x, x + " is not an expression");
        x.setInvalid();
        break;
      default:
    }
  }

  void singleValue(Operand x) {
    if (x.mode == VALUE && x.type instanceof Type.Tuple) {
      errorAt(x, "multiple-value " + x + " in single-value context");
      x.setInvalid();
    }
  }

  Operand rawExpr(Expr e, Type hint) {
    if (!prechecked.isEmpty()) {
      Operand done = prechecked.remove(e);
      if (done != null) {
        return done;
      }
    }
    Operand x = new Operand();
    x.expr = e;
    exprInternal(x, e, hint);
    x.expr = e;
    record(x);
    return x;
  }

  /**
   * Checks e as one or more values: a call with several results gives one operand per result; with
   * {@code commaOk}, a map index, type assertion or receive gives the value and an untyped bool
   * (and is marked as the comma-ok form).
   */
  List<Operand> multiExpr(Expr e, boolean commaOk) {
    Operand x = rawExpr(e, null);
    exclude(x);
    List<Operand> out = new ArrayList<>();
    if (x.mode == VALUE && x.type instanceof Type.Tuple t) {
      for (int i = 0; i < t.size(); i++) {
        out.add(new Operand(VALUE, t.at(i), null, e));
      }
      return out;
    }
    if (commaOk && (x.mode == COMMAOK || x.mode == MAPINDEX)) {
      Expr u = e.unparen();
      if (u instanceof Expr.Index ix) {
        ix.commaOk = true;
      } else if (u instanceof Expr.TypeAssert ta) {
        ta.commaOk = true;
      } else if (u instanceof Expr.Unary un) {
        un.commaOk = true;
      }
      Operand v = x.copy();
      v.mode = VALUE;
      out.add(v);
      out.add(new Operand(VALUE, Universe.UNTYPED_BOOL, null, null));
      return out;
    }
    out.add(x);
    return out;
  }

  // ====================================================================================
  // Expressions
  // ====================================================================================

  private void exprInternal(Operand x, Expr e, Type hint) {
    x.setInvalid();
    if (e instanceof Expr.Ident id) {
      ident(x, id);
    } else if (e instanceof Expr.TupleElem te) {
      x.mode = VALUE;
      x.type = te.type;
    } else if (e instanceof Expr.BasicLit lit) {
      basicLit(x, lit);
    } else if (e instanceof Expr.Paren p) {
      Operand y = rawExpr(p.x, hint);
      copyInto(x, y);
    } else if (e instanceof Expr.FuncLit f) {
      funcLit(x, f);
    } else if (e instanceof Expr.CompositeLit c) {
      compositeLit(x, c, hint);
    } else if (e instanceof Expr.Selector s) {
      selector(x, s);
    } else if (e instanceof Expr.Index ix) {
      index(x, ix);
    } else if (e instanceof Expr.IndexList il) {
      indexList(x, il);
    } else if (e instanceof Expr.SliceExpr s) {
      sliceExpr(x, s);
    } else if (e instanceof Expr.TypeAssert t) {
      typeAssert(x, t);
    } else if (e instanceof Expr.Call c) {
      call(x, c);
    } else if (e instanceof Expr.Star s) {
      Operand y = exprOrType(s.x);
      if (y.invalid()) {
        return;
      }
      if (y.mode == TYPEXPR) {
        x.mode = TYPEXPR;
        x.type = new Type.Pointer(y.type);
        return;
      }
      if (y.isNil()) {
        errorAt(y, "invalid operation: cannot indirect nil");
        return;
      }
      if (!(y.type.underlying() instanceof Type.Pointer p)) {
        errorAt(y, "invalid operation: cannot indirect " + y);
        return;
      }
      x.mode = VARIABLE;
      x.type = p.elem;
    } else if (e instanceof Expr.Unary u) {
      unary(x, u);
    } else if (e instanceof Expr.Binary b) {
      binary(x, b, b.x, b.y, b.op, b);
    } else if (e instanceof Expr.ArrayType || e instanceof Expr.StructType || e instanceof Expr.FuncType
        || e instanceof Expr.InterfaceType || e instanceof Expr.MapType || e instanceof Expr.ChanType) {
      x.mode = TYPEXPR;
      x.type = typExprInternal(e);
    } else if (e instanceof Expr.Ellipsis) {
      errorAt(e, "invalid use of ...");
    } else if (e instanceof Expr.Bad) {
      // reported by the parser
    } else {
      errorAt(e, "unexpected expression " + e.getClass().getSimpleName());
    }
  }

  private static void copyInto(Operand x, Operand y) {
    x.mode = y.mode;
    x.type = y.type;
    x.val = y.val;
    x.builtin = y.builtin;
    x.generic = y.generic;
    x.typeArgs = y.typeArgs;
  }

  private void ident(Operand x, Expr.Ident e) {
    if (e.name.equals("_")) {
      errorAt(e, "cannot use _ as value");
      return;
    }
    Obj obj = scope.lookup(e.name);
    if (obj == null) {
      errorAt(e, "undefined: " + e.name);
      return;
    }
    e.obj = obj;
    operandFromObj(x, obj, e);
  }

  private void operandFromObj(Operand x, Obj obj, Expr at) {
    if (obj instanceof Obj.PkgName p) {
      errorAt(at, "use of package " + p.name + " without selector");
      markUsed(p);
      return;
    }
    objDecl(obj);
    if (obj instanceof Obj.Const c) {
      if (c == Universe.IOTA) {
        if (iota == null) {
          errorAt(at, "cannot use iota outside constant declaration");
          return;
        }
        x.mode = CONSTANT;
        x.type = Universe.UNTYPED_INT;
        x.val = iota;
        return;
      }
      if (decl != null && objInfo.containsKey(c)) {
        decl.deps.add(c);
      }
      if (Types.isInvalid(c.type) || c.value == null) {
        return;
      }
      x.mode = CONSTANT;
      x.type = c.type;
      x.val = c.value;
    } else if (obj instanceof Obj.TypeName t) {
      if (t.type == null || Types.isInvalid(t.type)) {
        return;
      }
      x.mode = TYPEXPR;
      x.type = t.type;
    } else if (obj instanceof Obj.Var v) {
      v.used = true;
      noteVarRef(v);
      if (v.type == null || Types.isInvalid(v.type)) {
        return;
      }
      x.mode = VARIABLE;
      x.type = v.type;
    } else if (obj instanceof Obj.Func f) {
      if (decl != null && objInfo.containsKey(f)) {
        decl.deps.add(f);
      }
      if (f.type == null) {
        return;
      }
      x.mode = VALUE;
      x.type = f.type;
      if (!f.typeParams.isEmpty()) {
        x.generic = f;
      }
    } else if (obj instanceof Obj.Builtin b) {
      x.mode = BUILTIN;
      x.type = Universe.INVALID;
      x.builtin = b;
    } else if (obj instanceof Obj.Nil) {
      x.mode = VALUE;
      x.type = Universe.UNTYPED_NIL;
    }
  }

  void markUsed(Obj.PkgName p) {
    p.used = true;
    gol.interp.ast.File.Import imp = importOf.get(p);
    if (imp != null) {
      imp.used = true;
    }
  }

  private void basicLit(Operand x, Expr.BasicLit lit) {
    switch (lit.kind) {
      case INT:
        x.mode = CONSTANT;
        x.type = Universe.UNTYPED_INT;
        x.val = new Constant.Int((BigInteger) lit.value);
        break;
      case CHAR:
        x.mode = CONSTANT;
        x.type = Universe.UNTYPED_RUNE;
        x.val = new Constant.Int((BigInteger) lit.value);
        break;
      case FLOAT: {
        java.math.BigDecimal v = floatLiteral(lit);
        if (v == null) {
          x.setInvalid();
          break;
        }
        x.mode = CONSTANT;
        x.type = Universe.UNTYPED_FLOAT;
        x.val = Constant.Float.of(v);
        break;
      }
      case STRING:
        x.mode = CONSTANT;
        x.type = Universe.UNTYPED_STRING;
        x.val = new Constant.Str((byte[]) lit.value);
        break;
      case IMAG: {
        java.math.BigDecimal v = floatLiteral(lit);
        if (v == null) {
          x.setInvalid();
          break;
        }
        x.mode = CONSTANT;
        x.type = Universe.UNTYPED_COMPLEX;
        x.val = new Constant.Complex(ConstOps.toComplex(Constant.Int.of(0)).re, Constant.Float.of(v));
        break;
      }
      default:
        errorAt(lit, "unknown literal kind");
    }
  }

  /** Decimal exponents past this are malformed constants (gc: past about 6.4e8). */
  private static final int MAX_DECIMAL_EXPONENT = 1_000_000;

  /**
   * The value of a float or imaginary literal, or null after reporting a malformed constant: an
   * exponent beyond what gc's big.Float holds (also beyond what an exact rational can). A literal
   * far below it underflows to zero, as in gc.
   */
  private java.math.BigDecimal floatLiteral(Expr.BasicLit lit) {
    java.math.BigDecimal v = (java.math.BigDecimal) lit.value;
    if (v.scale() > MAX_DECIMAL_EXPONENT) {
      return java.math.BigDecimal.ZERO;
    }
    if (v.scale() < -MAX_DECIMAL_EXPONENT) {
      errorAt(lit, "malformed constant: " + lit.text);
      return null;
    }
    return v;
  }

  private void funcLit(Operand x, Expr.FuncLit f) {
    Type.Signature sig = funcType(f.sig, null);
    FuncCtx ctx = new FuncCtx(fn, sig, f);
    funcBody(ctx, sig, f.body, f.sig);
    f.captures = new ArrayList<>(ctx.captures);
    f.locals = ctx.locals;
    x.mode = VALUE;
    x.type = sig;
  }

  // ---- selectors ----

  private void selector(Operand x, Expr.Selector e) {
    String sel = e.sel.name;
    if (e.x instanceof Expr.Ident id) {
      Obj o = scope.lookup(id.name);
      if (o == null) {
        o = implicitImport(id);
      }
      if (o instanceof Obj.PkgName pn) {
        id.obj = pn;
        markUsed(pn);
        Pkg p = pn.imported;
        Obj m = p.scope.names.get(sel);
        if (m == null || !Types.isExported(sel)) {
          if (m != null) {
            errorAt(e.sel, "name " + sel + " not exported by package " + p.name);
          } else {
            errorAt(e.sel, "undefined: " + id.name + "." + sel);
          }
          return;
        }
        e.sel.obj = m;
        operandFromObj(x, m, e);
        return;
      }
    }
    Operand y = exprOrType(e.x);
    if (y.invalid()) {
      return;
    }
    if (y.mode == TYPEXPR) {
      methodExpr(x, e, y.type);
      return;
    }
    Type T = y.type;
    if (Types.isNil(T)) {
      errorAt(e.sel, "invalid operation: " + AstString.expr(e) + " (nil has no field or method " + sel + ")");
      return;
    }
    boolean pointerToInterface = T.underlying() instanceof Type.Pointer p
        && p.elem.underlying() instanceof Type.Interface;
    Types.Lookup l = pointerToInterface ? null : Types.lookup(T, sel, pkg);
    if (l == null || l.ambiguous()) {
      String why;
      if (l != null) {
        errorAt(e.sel, "ambiguous selector " + AstString.expr(e));
        return;
      }
      if (pointerToInterface) {
        why = "type " + T + " is pointer to interface, not interface";
      } else {
        why = "type " + T + " has no field or method " + sel;
      }
      errorAt(e.sel, AstString.expr(e) + " undefined (" + why + ")");
      return;
    }
    Obj obj = l.obj();
    e.sel.obj = obj;
    if (obj instanceof Obj.Var f) {
      x.mode = y.mode == VARIABLE || l.indirect() ? VARIABLE : VALUE;
      x.type = f.type;
      e.selection = new Selection(Selection.Kind.FIELD, T, f, l.path(), l.indirect());
      return;
    }
    Obj.Func m = (Obj.Func) obj;
    objDecl(m);
    if (decl != null && objInfo.containsKey(m)) {
      decl.deps.add(m);
    }
    if (m.type == null) {
      return;
    }
    boolean ptr = T instanceof Type.Pointer || T.underlying() instanceof Type.Pointer;
    if (Types.hasPtrRecv(m) && !ptr && !l.indirect()) {
      if (y.mode != VARIABLE) {
        errorAt(e.sel, "cannot call pointer method " + sel + " on " + T);
        return;
      }
      markAddressTaken(e.x);
    }
    Type.Signature s = (Type.Signature) m.type;
    x.mode = VALUE;
    x.type = new Type.Signature(null, s.params, s.results, s.variadic);
    e.selection = new Selection(Selection.Kind.METHOD_VALUE, T, m, l.path(), l.indirect());
  }

  private void methodExpr(Operand x, Expr.Selector e, Type T) {
    String sel = e.sel.name;
    Types.Lookup l = Types.lookup(T, sel, pkg);
    if (l == null || !(l.obj() instanceof Obj.Func m)) {
      // gc: "no field or method" when nothing has the name, "no method" when a field has it
      errorAt(e.sel, AstString.expr(e) + " undefined (type " + T + " has no " + (l == null ? "field or " : "")
          + "method " + sel + ")");
      return;
    }
    objDecl(m);
    if (decl != null && objInfo.containsKey(m)) {
      decl.deps.add(m); // var x = T.M(0): x is initialized after what M uses
    }
    if (m.type == null) {
      return;
    }
    boolean ptr = T instanceof Type.Pointer;
    if (Types.hasPtrRecv(m) && !ptr && !l.indirect() && !Types.isInterface(T)) {
      errorAt(e, "invalid method expression " + AstString.expr(e) + " (needs pointer receiver (*" + T + ")." + sel + ")");
      return;
    }
    e.sel.obj = m;
    Type.Signature s = (Type.Signature) m.type;
    List<Obj.Var> params = new ArrayList<>();
    params.add(new Obj.Var("", null, pkg, T));
    params.addAll(s.params.vars);
    x.mode = VALUE;
    x.type = new Type.Signature(null, new Type.Tuple(params), s.results, s.variadic);
    e.selection = new Selection(Selection.Kind.METHOD_EXPR, T, m, l.path(), l.indirect());
  }

  /** Marks the variable whose storage {@code &e} (or an implicit &e) points into. */
  void markAddressTaken(Expr e) {
    e = e.unparen();
    if (e instanceof Expr.Ident id && id.obj instanceof Obj.Var v) {
      v.addressTaken = true;
    } else if (e instanceof Expr.Selector s && s.selection != null && s.selection.kind == Selection.Kind.FIELD
        && !s.selection.indirect) {
      markAddressTaken(s.x);
    } else if (e instanceof Expr.Index ix && ix.x.type != null && ix.x.type.underlying() instanceof Type.Array) {
      markAddressTaken(ix.x);
    }
  }

  // ---- index and slice ----

  private void index(Operand x, Expr.Index e) {
    Operand y = rawExpr(e.x, null);
    if (!y.invalid() && instantiation(x, y, e, List.of(e.index))) {
      return;
    }
    noGenericValue(y);
    if (y.mode == NOVALUE || y.mode == BUILTIN) {
      errorAt(y, y + (y.mode == NOVALUE ? " used as value" : " must be called"));
      y.setInvalid();
    }
    singleValue(y);
    if (y.invalid()) {
      expr(e.index);
      return;
    }
    if (y.mode == TYPEXPR) {
      errorAt(e, "invalid operation: " + AstString.expr(e) + " (" + AstString.expr(e.x) + " is not a generic type)");
      return;
    }
    Type u = y.type.underlying();
    if (Types.isString(y.type)) {
      long len = y.mode == CONSTANT ? ((Constant.Str) y.val).value.length : -1;
      Operand i = indexValue(e.index, len);
      if (y.mode == CONSTANT && i != null && i.mode == CONSTANT) {
        int k = ((Constant.Int) i.val).value.intValue();
        x.mode = CONSTANT;
        x.val = Constant.Int.of(((Constant.Str) y.val).value[k] & 0xff);
        x.type = Universe.BYTE;
        return;
      }
      if (Types.isUntyped(y.type)) {
        updateExprType(e.x, Universe.STRING);
      }
      x.mode = VALUE;
      x.type = Universe.BYTE;
      return;
    }
    if (u instanceof Type.Array a) {
      indexValue(e.index, a.len);
      x.mode = y.mode == VARIABLE ? VARIABLE : VALUE;
      x.type = a.elem;
      return;
    }
    if (u instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Array a) {
      indexValue(e.index, a.len);
      x.mode = VARIABLE;
      x.type = a.elem;
      return;
    }
    if (u instanceof Type.Slice s) {
      indexValue(e.index, -1);
      x.mode = VARIABLE;
      x.type = s.elem;
      return;
    }
    if (u instanceof Type.Map m) {
      Operand k = expr(e.index);
      assignment(k, m.key, "map index");
      x.mode = MAPINDEX;
      x.type = m.elem;
      return;
    }
    Type elem = termsElem(y.type);
    if (elem != null) { // a type parameter without a core type whose types all index alike
      indexValue(e.index, -1);
      x.mode = everyTerm(y.type, t -> !Types.isString(t)) ? VARIABLE : VALUE;
      x.type = elem;
      return;
    }
    expr(e.index);
    if (y.expr != null) {
      error(e.lbrackLine, e.lbrackCol, "invalid operation: cannot index " + y);
    }
  }

  /** Whether t is a type parameter with a type set whose every type satisfies ok. */
  static boolean everyTerm(Type t, java.util.function.Predicate<Type> ok) {
    if (!(t instanceof Type.TypeParam tp) || tp.iface() == null) {
      return false;
    }
    List<Type.Term> set = TypeSets.typeSet(tp.iface());
    if (set == null || set.isEmpty()) {
      return false;
    }
    for (Type.Term term : set) {
      if (term.type() == null || !ok.test(term.type())) {
        return false;
      }
    }
    return true;
  }

  private static boolean lenOK(Type t, boolean len) {
    Type u = t.underlying();
    if (u instanceof Type.Pointer p) {
      u = p.elem.underlying();
      return u instanceof Type.Array;
    }
    return Types.isString(t) && len || u instanceof Type.Array || u instanceof Type.Slice || u instanceof Type.Chan
        || u instanceof Type.Map && len;
  }

  /**
   * The element type indexing a value of type parameter type t yields when t has no core type
   * but every type in its set is a string, array or slice with that same element type (the
   * spec's rule); null otherwise.
   */
  private static Type termsElem(Type t) {
    Type[] elem = new Type[1];
    boolean ok = everyTerm(t, term -> {
      Type u = term.underlying();
      Type e = Types.isString(term) ? Universe.BYTE
          : u instanceof Type.Slice s ? s.elem : u instanceof Type.Array a ? a.elem : null;
      if (e == null || elem[0] != null && !Types.identical(elem[0], e)) {
        return false;
      }
      elem[0] = e;
      return true;
    });
    return ok ? elem[0] : null;
  }

  /**
   * Checks an index (or size) expression: an integer value, non-negative, below {@code max} when
   * constant and max >= 0. Returns null when invalid.
   */
  /** {@code G[args]} where G is a generic type or function: true when handled. */
  private boolean instantiation(Operand x, Operand y, Expr e, List<Expr> args) {
    if (y.mode == TYPEXPR && y.type instanceof Type.Named n && !n.typeParams.isEmpty() && n.typeArgs == null) {
      Type t = instantiateTypeExpr(n, args, e);
      if (!Types.isInvalid(t)) {
        x.mode = TYPEXPR;
        x.type = t;
      }
      return true;
    }
    if (y.generic != null && y.typeArgs == null) {
      instantiateFuncExpr(x, y.generic, args, e);
      return true;
    }
    return false;
  }

  /** {@code x[a, b]}: only an instantiation. */
  private void indexList(Operand x, Expr.IndexList e) {
    Operand y = rawExpr(e.x, null);
    if (y.invalid()) {
      useList(e.indices);
      return;
    }
    if (instantiation(x, y, e, e.indices)) {
      return;
    }
    noGenericValue(y);
    if (y.mode == TYPEXPR) {
      errorAt(e, "invalid operation: " + AstString.expr(e) + " (" + AstString.expr(e.x) + " is not a generic type)");
    } else {
      errorAt(e.indices.get(1), "invalid operation: more than one index");
    }
    useList(e.indices);
  }

  Operand indexValue(Expr e, long max) {
    Operand x = expr(e);
    if (x.invalid()) {
      return null;
    }
    if (x.mode == CONSTANT && Types.isUntyped(x.type)) {
      ConstOps.Repr r = ConstOps.represent(x.val, Kind.INT);
      if (r.code() != ConstOps.OK) {
        // the conversion to int fails first, with gc's conversion wording
        if (ConstOps.toInt(x.val) == null && x.val instanceof Constant.Float) {
          errorAt(x, x + " truncated to int");
        } else if (x.val instanceof Constant.Int) {
          errorAt(x, x + " overflows int");
        } else if (Types.isNumeric(x.type)) {
          errorAt(x, "invalid argument: index " + x + " must be integer");
        } else {
          errorAt(x, "cannot convert " + x + " to type int");
        }
        return null;
      }
      x.val = r.value();
      x.type = Universe.INT;
      updateExprType(e, Universe.INT);
    } else if (Types.isUntyped(x.type) && Types.isNumeric(x.type)) {
      convertUntyped(x, Universe.INT);
    }
    if (!Types.isInteger(x.type)) {
      errorAt(x, "invalid argument: index " + x + " must be integer");
      return null;
    }
    if (x.mode == CONSTANT) {
      BigInteger v = ((Constant.Int) x.val).value;
      if (v.signum() < 0) {
        errorAt(x, "invalid argument: index " + x + " must not be negative");
        return null;
      }
      if (max >= 0 && v.compareTo(BigInteger.valueOf(max)) >= 0) {
        errorAt(x, "invalid argument: index " + v + " out of bounds [0:" + max + "]");
        return null;
      }
    }
    return x;
  }

  private void sliceExpr(Operand x, Expr.SliceExpr e) {
    Operand y = expr(e.x);
    if (y.invalid()) {
      useAll(e.lo, e.hi, e.max);
      return;
    }
    Type u = y.type.underlying();
    long len = -1;
    if (Types.isString(y.type)) {
      if (e.slice3) {
        errorAt(e.max != null ? e.max : e.x, "invalid operation: 3-index slice of string");
        return;
      }
      if (y.mode == CONSTANT) {
        len = ((Constant.Str) y.val).value.length;
      }
      if (Types.isUntyped(y.type)) {
        updateExprType(e.x, Universe.STRING);
        x.type = Universe.STRING;
      } else {
        x.type = y.type;
      }
    } else if (u instanceof Type.Array a) {
      if (y.mode != VARIABLE) {
        errorAt(y, "invalid operation: " + AstString.expr(e.x) + " (slice of unaddressable value)");
        return;
      }
      markAddressTaken(e.x);
      len = a.len;
      x.type = new Type.Slice(a.elem);
    } else if (u instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Array a) {
      len = a.len;
      x.type = new Type.Slice(a.elem);
    } else if (u instanceof Type.Slice) {
      x.type = y.type;
    } else {
      errorAt(y, "cannot slice " + y);
      return;
    }
    x.mode = VALUE;
    long[] vals = {-1, -1, -1};
    Expr[] idx = {e.lo, e.hi, e.max};
    for (int i = 0; i < 3; i++) {
      if (idx[i] != null) {
        Operand v = indexValue(idx[i], len >= 0 ? len + 1 : -1);
        if (v != null && v.mode == CONSTANT) {
          vals[i] = ((Constant.Int) v.val).value.longValue();
        }
      }
    }
    for (int i = 0; i < 3; i++) {
      for (int j = i + 1; j < 3; j++) {
        if (vals[i] >= 0 && vals[j] >= 0 && vals[i] > vals[j]) {
          errorAt(idx[j], "invalid slice indices: " + vals[j] + " < " + vals[i]);
          return;
        }
      }
    }
  }

  void useAll(Expr... es) {
    for (Expr e : es) {
      if (e != null) {
        rawExpr(e, null);
      }
    }
  }

  void useList(List<Expr> es) {
    for (Expr e : es) {
      if (e != null) {
        rawExpr(e, null);
      }
    }
  }

  private void typeAssert(Operand x, Expr.TypeAssert e) {
    Operand y = expr(e.x);
    if (y.invalid()) {
      return;
    }
    if (e.assertType == null) {
      errorAt(e, "invalid syntax tree: use of .(type) outside type switch");
      return;
    }
    if (!Types.isInterface(y.type)) {
      if (y.type instanceof Type.TypeParam) {
        errorAt(y, "invalid operation: cannot use type assertion on type parameter value " + y);
      } else {
        errorAt(y, "invalid operation: " + AstString.expr(e.x) + " (" + y.mode.text + " of type " + y.type + ") is not an interface");
      }
      return;
    }
    Type T = typExpr(e.assertType);
    if (Types.isInvalid(T)) {
      return;
    }
    if (!Types.isInterface(T)) {
      String why = Types.missingMethod(T, y.type, pkg);
      if (why != null) {
        errorAt(e, "impossible type assertion: " + AstString.expr(e) + "\n\t" + T + " does not implement "
            + y.type + " " + why);
        return;
      }
    }
    x.mode = COMMAOK;
    x.type = T;
  }

  // ---- unary and binary ----

  private void unary(Operand x, Expr.Unary e) {
    Operand y = expr(e.x);
    if (y.invalid()) {
      return;
    }
    copyInto(x, y);
    switch (e.op) {
      case AND:
        if (!(e.x.unparen() instanceof Expr.CompositeLit) && y.mode != VARIABLE) {
          errorAt(e, "invalid operation: cannot take address of " + y);
          x.setInvalid();
          return;
        }
        markAddressTaken(e.x);
        x.mode = VALUE;
        x.type = new Type.Pointer(y.type);
        return;
      case ARROW:
        if (!(y.type.underlying() instanceof Type.Chan ch)) {
          errorAt(e, "invalid operation: cannot receive from non-channel " + y);
          x.setInvalid();
          return;
        }
        if (ch.dir == Type.Chan.Dir.SEND) {
          errorAt(e, "invalid operation: cannot receive from send-only channel " + y);
          x.setInvalid();
          return;
        }
        x.mode = COMMAOK;
        x.type = ch.elem;
        x.val = null;
        return;
      default:
    }
    boolean ok;
    switch (e.op) {
      case ADD: case SUB: ok = Types.isNumeric(y.type); break;
      case XOR: ok = Types.isInteger(y.type); break;
      case NOT: ok = Types.isBoolean(y.type); break;
      default: ok = false;
    }
    if (!ok) {
      errorAt(y, "invalid operation: operator " + e.op.text + " not defined on " + y);
      x.setInvalid();
      return;
    }
    if (y.mode == CONSTANT) {
      x.val = ConstOps.unary(e.op, y.val, y.type);
      x.expr = e;
      overflow(x, e);
      return;
    }
    x.mode = VALUE;
  }

  /**
   * x op y; {@code e} is the binary expression or null for an assignment operation
   * ({@code lhs op= rhs}).
   */
  void binary(Operand x, Expr e, Expr lhs, Expr rhs, Tok op, Node opPos) {
    Operand l = expr(lhs);
    Operand r = expr(rhs);
    x.expr = e != null ? e : lhs;
    if (l.invalid() || r.invalid()) {
      x.setInvalid();
      return;
    }
    copyInto(x, l);
    x.expr = l.expr;
    if (op.isShift()) {
      shift(x, r, e, op, opPos);
      return;
    }
    matchTypes(x, r);
    if (x.invalid()) {
      return;
    }
    if (op.isComparison()) {
      comparison(x, r, op, e, false);
      return;
    }
    String text = e != null ? AstString.expr(e) : AstString.expr(lhs) + " " + op.text + "= " + AstString.expr(rhs);
    if (!Types.identical(x.type, r.type)) {
      if (!Types.isInvalid(x.type) && !Types.isInvalid(r.type)) {
        errorAt(e != null ? e : lhs, "invalid operation: " + text + " (mismatched types " + x.type + " and " + r.type + ")");
      }
      x.setInvalid();
      return;
    }
    if (!opAllowed(op, x.type)) {
      errorAt(x, "invalid operation: operator " + op.text + " not defined on " + x);
      x.setInvalid();
      return;
    }
    if ((op == Tok.QUO || op == Tok.REM) && (x.mode == CONSTANT || Types.isInteger(x.type)) && r.mode == CONSTANT
        && ConstOps.isZero(r.val)) {
      errorAt(r, "invalid operation: division by zero");
      x.setInvalid();
      return;
    }
    if (x.mode == CONSTANT && r.mode == CONSTANT) {
      x.val = ConstOps.binary(x.val, op, r.val, Types.isInteger(x.type));
      x.expr = e;
      overflow(x, opPos);
      return;
    }
    x.mode = VALUE;
    x.val = null;
    x.expr = e;
  }

  private static boolean opAllowed(Tok op, Type t) {
    switch (op) {
      case ADD: return Types.isNumeric(t) || Types.isString(t);
      case SUB: case MUL: case QUO: return Types.isNumeric(t);
      case REM: case AND: case OR: case XOR: case AND_NOT: return Types.isInteger(t);
      case LAND: case LOR: return Types.isBoolean(t);
      default: return false;
    }
  }

  private static String opName(Tok op) {
    switch (op) {
      case ADD: return "addition ";
      case SUB: return "subtraction ";
      case XOR: return "bitwise XOR ";
      case MUL: return "multiplication ";
      case SHL: return "shift ";
      default: return "";
    }
  }

  /** Typed constants must be representable in their type after each operation. */
  void overflow(Operand x, Node opPos) {
    if (Types.isTyped(x.type)) {
      representable(x, x.type);
      return;
    }
    if (x.val instanceof Constant.Int i && i.value.bitLength() > ConstOps.MAX_BITS) {
      Tok op = opPos instanceof Expr.Binary b ? b.op : opPos instanceof Expr.Unary u ? u.op : null;
      error(opPos, "constant " + (op == null ? "" : opName(op)) + "overflow");
      x.setInvalid();
    }
  }

  /** Checks that constant x is representable in basic type t and converts its value. */
  void representable(Operand x, Type t) {
    Kind k = Types.kind(t);
    if (k == null) {
      return;
    }
    ConstOps.Repr r = ConstOps.represent(x.val, k);
    if (r.code() != ConstOps.OK) {
      invalidConversion(r.code(), x, t);
      x.setInvalid();
      return;
    }
    x.val = r.value();
  }

  /** As go/types, the operand's and target's types say truncated or overflows, not the value. */
  private static int numericCode(int code, Operand x, Type t) {
    if (code != ConstOps.INVALID && Types.isNumeric(x.type) && Types.isNumeric(t)) {
      return !Types.isInteger(x.type) && Types.isInteger(t) ? ConstOps.TRUNCATED : ConstOps.OVERFLOW;
    }
    return code;
  }

  private void invalidConversion(int code, Operand x, Type t) {
    code = numericCode(code, x, t);
    String msg;
    if (code == ConstOps.TRUNCATED) {
      msg = x + " truncated to " + t;
    } else if (code == ConstOps.OVERFLOW) {
      msg = x + " overflows " + t;
    } else {
      msg = "cannot convert " + x + " to type " + t;
    }
    errorAt(x, msg);
  }

  private void shift(Operand x, Operand y, Expr e, Tok op, Node opPos) {
    Constant.Int xval = x.mode == CONSTANT ? ConstOps.toInt(x.val) : null;
    if (!(Types.isInteger(x.type) || Types.isUntyped(x.type) && xval != null)) {
      errorAt(x, "invalid operation: shifted operand " + x + " must be integer");
      x.setInvalid();
      return;
    }
    String yDesc = y.toString(); // as written, before an untyped count becomes uint
    Constant.Int yval = null;
    if (y.mode == CONSTANT) {
      yval = ConstOps.toInt(y.val);
      if (yval != null && yval.value.signum() < 0) {
        errorAt(y, "invalid operation: negative shift count " + y);
        x.setInvalid();
        return;
      }
      if (Types.isUntyped(y.type)) {
        if (yval == null) {
          errorAt(y, "invalid operation: shift count " + y + " must be integer");
          x.setInvalid();
          return;
        }
        convertUntyped(y, Universe.UINT);
        if (y.invalid()) {
          x.setInvalid();
          return;
        }
      } else if (!Types.isInteger(y.type)) {
        errorAt(y, "invalid operation: shift count " + y + " must be integer");
        x.setInvalid();
        return;
      }
    } else if (Types.isUntyped(y.type)) {
      convertUntyped(y, Universe.UINT);
      if (y.invalid()) {
        x.setInvalid();
        return;
      }
    } else if (!Types.isInteger(y.type)) {
      errorAt(y, "invalid operation: shift count " + y + " must be integer");
      x.setInvalid();
      return;
    }
    if (x.mode == CONSTANT) {
      if (y.mode == CONSTANT) {
        if (yval.value.compareTo(BigInteger.valueOf(ConstOps.MAX_SHIFT)) > 0) {
          errorAt(y, "invalid operation: invalid shift count " + yDesc);
          x.setInvalid();
          return;
        }
        if (!Types.isInteger(x.type)) {
          x.type = Universe.UNTYPED_INT;
        }
        x.val = ConstOps.shift(xval, op, yval.value.longValue());
        x.expr = e;
        overflow(x, opPos);
        return;
      }
      if (Types.isUntyped(x.type)) {
        // the type of 1 << s comes from the context; it must end up an integer type
        shiftLhs.add(x.expr);
        x.mode = VALUE;
        x.val = null;
        x.expr = e;
        return;
      }
    }
    x.mode = VALUE;
    x.val = null;
    x.expr = e;
  }

  /** Converts an untyped operand to the other operand's type when they may mix (Go spec). */
  void matchTypes(Operand x, Operand y) {
    if (mayConvert(x, y)) {
      convertUntyped(x, y.type);
      if (x.invalid()) {
        return;
      }
      convertUntyped(y, x.type);
      if (y.invalid()) {
        x.setInvalid();
      }
    }
  }

  private static boolean mayConvert(Operand x, Operand y) {
    if (Types.isTyped(x.type) && Types.isTyped(y.type)) {
      return false;
    }
    if (Types.isInterface(x.type) || Types.isInterface(y.type)) {
      return true;
    }
    if (Types.isBoolean(x.type) != Types.isBoolean(y.type)) {
      return false;
    }
    if (Types.isString(x.type) != Types.isString(y.type)) {
      return false;
    }
    if (x.isNil()) {
      return Types.hasNil(y.type);
    }
    if (y.isNil()) {
      return Types.hasNil(x.type);
    }
    return !(x.type.underlying() instanceof Type.Pointer) && !(y.type.underlying() instanceof Type.Pointer);
  }

  /** Gives untyped x the type target (or, for an untyped target, the larger untyped kind). */
  void convertUntyped(Operand x, Type target) {
    if (x.invalid() || Types.isTyped(x.type) || Types.isInvalid(target)) {
      return;
    }
    Type newType;
    Constant val = null;
    int code = 0;
    if (Types.isUntyped(target)) {
      Kind a = ((Type.Basic) x.type).kind;
      Kind b = ((Type.Basic) target).kind;
      if (a == b) {
        return;
      }
      if (Types.isNumeric(x.type) && Types.isNumeric(target)) {
        newType = Types.untypedRank(a) >= Types.untypedRank(b) ? x.type : target;
      } else {
        code = ConstOps.INVALID;
        newType = null;
      }
    } else if (target instanceof Type.TypeParam tp && !(tp.underlying() instanceof Type.Basic)) {
      // representable in every type of the type set (then a non-constant value of type T)
      newType = target;
      List<Type> ts = TypeSets.termTypes(tp);
      code = ts == null || ts.isEmpty() ? ConstOps.INVALID : 0;
      if (code == 0) {
        gol.interp.diag.Diagnostics saved = diags;
        diags = new gol.interp.diag.Diagnostics();
        try {
          for (Type t : ts) {
            Operand c = x.copy();
            c.expr = null;
            convertUntyped(c, t);
            if (c.invalid()) {
              code = ConstOps.INVALID;
            }
          }
        } finally {
          diags = saved;
        }
      }
    } else {
      Type u = target.underlying();
      newType = target;
      if (u instanceof Type.Basic b) {
        if (x.mode == CONSTANT) {
          ConstOps.Repr r = ConstOps.represent(x.val, b.kind);
          code = r.code();
          val = r.value();
        } else {
          Kind k = ((Type.Basic) x.type).kind;
          boolean ok;
          switch (k) {
            case UNTYPED_BOOL: ok = Types.isBoolean(target); break;
            case UNTYPED_INT: case UNTYPED_RUNE: case UNTYPED_FLOAT: case UNTYPED_COMPLEX: ok = Types.isNumeric(target); break;
            case UNTYPED_STRING: ok = Types.isString(target); break;
            case UNTYPED_NIL: ok = b.kind == Kind.UNSAFE_POINTER; break;
            default: ok = false;
          }
          code = ok ? 0 : ConstOps.INVALID;
        }
      } else if (u instanceof Type.Interface it) {
        if (!x.isNil()) {
          if (!Types.complete(it).isEmpty()) {
            code = ConstOps.INVALID;
          } else {
            newType = Universe.defaultType(x.type);
          }
        }
      } else if (u instanceof Type.Pointer || u instanceof Type.Signature || u instanceof Type.Slice
          || u instanceof Type.Map || u instanceof Type.Chan) {
        if (!x.isNil()) {
          code = ConstOps.INVALID;
        }
      } else {
        code = ConstOps.INVALID;
      }
    }
    if (code != 0) {
      invalidConversion(code, x, Types.isUntyped(target) ? target : target.underlying() instanceof Type.Basic ? target.underlying() : target);
      x.setInvalid();
      return;
    }
    if (val != null) {
      x.val = val;
    }
    if (newType != x.type) {
      x.type = newType;
      if (x.expr != null) {
        updateExprType(x.expr, newType);
        if (val != null && x.expr.constValue != null && Types.isTyped(newType)) {
          x.expr.constValue = val;
        }
      }
    }
  }

  /**
   * x == y and friends; the result is an untyped bool (constant when both are). With
   * {@code switchCase}, reports as an invalid case of an expression switch.
   */
  private static boolean isNilExpr(Expr e) {
    return e != null && e.unparen() instanceof Expr.Ident id && id.obj instanceof gol.interp.types.Obj.Nil;
  }

  void comparison(Operand x, Operand y, Tok op, Expr e, boolean switchCase) {
    String cause = null;
    Operand errOp = x;
    boolean ok = true;
    boolean mismatched = false;
    if (Types.assignable(x.type, y.type, pkg, null) || Types.assignable(y.type, x.type, pkg, null)) {
      if (op == Tok.EQL || op == Tok.NEQ) {
        // matchTypes has given an untyped nil the other operand's type: look at the expression too
        boolean xNil = x.isNil() || isNilExpr(x.expr);
        boolean yNil = y.isNil() || isNilExpr(y.expr);
        if (xNil || yNil) {
          Type t = xNil ? y.type : x.type;
          if (!Types.hasNil(t)) {
            errOp = xNil ? y : x;
            ok = false;
            mismatched = true;
          } else if (xNil && yNil) {
            ok = false;
            cause = "operator " + op.text + " not defined on nil";
          }
        } else if (!Types.comparable(x.type)) {
          errOp = x;
          cause = Types.incomparableCause(x.type);
          ok = false;
        } else if (!Types.comparable(y.type)) {
          errOp = y;
          cause = Types.incomparableCause(y.type);
          ok = false;
        }
      } else if (!Types.isOrdered(x.type)) {
        errOp = x;
        ok = false;
      } else if (!Types.isOrdered(y.type)) {
        errOp = y;
        ok = false;
      }
    } else {
      ok = false;
      mismatched = true;
    }
    if (!ok) {
      if (cause == null) {
        if (mismatched) {
          cause = "mismatched types " + x.type + " and " + y.type;
        } else if (errOp.type instanceof Type.TypeParam) {
          cause = "type parameter " + errOp.type + " is not comparable with " + op.text;
        } else {
          cause = "operator " + op.text + " not defined on " + Types.kindString(errOp.type);
        }
      }
      if (switchCase) {
        errorAt(x, "invalid case " + AstString.expr(x.expr) + " in switch on " + AstString.expr(y.expr) + " (" + cause + ")");
      } else {
        errorAt(e, "invalid operation: " + AstString.expr(e) + " (" + cause + ")");
      }
      x.setInvalid();
      return;
    }
    if (x.mode == CONSTANT && y.mode == CONSTANT) {
      x.val = Constant.Bool.of(ConstOps.compare(x.val, op, y.val));
      x.mode = CONSTANT;
    } else {
      x.mode = VALUE;
      x.val = null;
    }
    // the operands keep their (default) types; the result is an untyped bool
    if (Types.isUntyped(x.type) && x.expr != null) {
      updateExprType(x.expr, Universe.defaultType(x.type));
    }
    if (Types.isUntyped(y.type) && y.expr != null) {
      updateExprType(y.expr, Universe.defaultType(y.type));
    }
    x.type = Universe.UNTYPED_BOOL;
    x.expr = e;
  }

  // ====================================================================================
  // Assignability
  // ====================================================================================

  /**
   * Checks that x can be assigned to a variable of type T (null: no type, as for _ or an
   * inferred variable — untyped values get their default type) in the given context
   * ("assignment", "argument to f", "return statement"...). On success x has type T.
   */
  void assignment(Operand x, Type T, String context) {
    switch (x.mode) {
      case INVALID:
        return;
      case CONSTANT: case VARIABLE: case MAPINDEX: case VALUE: case COMMAOK:
        break;
      default:
        exclude(x);
        return;
    }
    if (Types.isUntyped(x.type)) {
      Type target = T;
      if (T == null || Types.isInterface(T) && !x.isNil()) {
        if (T == null && x.isNil()) {
          errorAt(x, "use of untyped nil in " + context);
          x.setInvalid();
          return;
        }
        target = Universe.defaultType(x.type);
      }
      if (T != null && Types.isInvalid(T)) {
        return;
      }
      Type newType = target;
      Constant val = null;
      int code = 0;
      Type u = target.underlying();
      if (target instanceof Type.TypeParam tp && !(u instanceof Type.Basic) && !x.isNil()) {
        // an untyped constant must fit every type of the type set
        List<Type> ts = TypeSets.termTypes(tp);
        code = ts == null || ts.isEmpty() ? ConstOps.INVALID : 0;
        for (int i = 0; code == 0 && i < ts.size(); i++) {
          if (!(ts.get(i).underlying() instanceof Type.Basic tb)) {
            code = ConstOps.INVALID;
          } else if (x.mode == CONSTANT) {
            code = ConstOps.represent(x.val, tb.kind).code() == 0 ? 0 : ConstOps.INVALID;
          }
        }
      } else if (u instanceof Type.Basic b && x.mode == CONSTANT) {
        ConstOps.Repr r = ConstOps.represent(x.val, b.kind);
        code = r.code();
        val = r.value();
      } else if (u instanceof Type.Basic b) {
        Kind k = ((Type.Basic) x.type).kind;
        boolean ok;
        switch (k) {
          case UNTYPED_BOOL: ok = Types.isBoolean(target); break;
          case UNTYPED_NIL: ok = false; break;
          case UNTYPED_STRING: ok = Types.isString(target); break;
          default: ok = Types.isNumeric(target);
        }
        code = ok ? 0 : ConstOps.INVALID;
      } else if (x.isNil()) {
        code = Types.hasNil(target) ? 0 : ConstOps.INVALID;
      } else {
        code = ConstOps.INVALID;
      }
      if (code != 0) {
        code = numericCode(code, x, target);
        String msg = "cannot use " + x + " as " + target + " value in " + context;
        if (code == ConstOps.TRUNCATED) {
          msg += " (truncated)";
        } else if (code == ConstOps.OVERFLOW) {
          msg += " (overflows)";
        }
        errorAt(x, msg);
        x.setInvalid();
        return;
      }
      if (val != null) {
        x.val = val;
      }
      x.type = newType;
      if (x.expr != null) {
        updateExprType(x.expr, newType);
        if (val != null && x.mode == CONSTANT) {
          x.expr.constValue = val;
        }
      }
    }
    if (T == null || Types.isInvalid(T)) {
      return;
    }
    String[] cause = {null};
    if (!Types.assignable(x.type, T, pkg, cause)) {
      String msg = "cannot use " + x + " as " + T + " value in " + context;
      if (cause[0] != null) {
        msg += ": " + cause[0];
      }
      errorAt(x, msg);
      x.setInvalid();
    }
  }

  // ====================================================================================
  // Calls
  // ====================================================================================

  /** Which kind of call a checked expression was: for "is not used" and go/defer checks. */
  enum CallKind { CONVERSION, EXPRESSION, STATEMENT }

  /** The kind of the last call checked by {@link #call}, read right after it by statements. */
  CallKind lastCallKind = CallKind.EXPRESSION;

  private void call(Operand x, Expr.Call e) {
    Operand f = rawExpr(e.fun, null);
    if (f.mode == NOVALUE) {
      errorAt(f, f + " used as value");
      f.setInvalid();
    }
    singleValue(f);
    lastCallKind = CallKind.EXPRESSION;
    if (f.invalid()) {
      useList(e.args);
      return;
    }
    if (f.generic != null) {
      genericCall(x, e, f);
      return;
    }
    if (f.mode == TYPEXPR) {
      e.kind = Expr.Call.Kind.CONVERSION;
      lastCallKind = CallKind.CONVERSION;
      Type T = f.type;
      if (e.args.size() != 1 || e.ellipsis) {
        if (e.args.isEmpty()) {
          error(e, "missing argument in conversion to " + T);
        } else if (e.args.size() > 1) {
          errorAt(e.args.get(e.args.size() - 1), "too many arguments in conversion to " + T);
        } else {
          errorAt(e.args.get(0), "invalid use of ... in conversion to " + T);
        }
        useList(e.args);
        return;
      }
      Operand a = expr(e.args.get(0), T);
      if (a.invalid()) {
        return;
      }
      conversion(a, T);
      copyInto(x, a);
      return;
    }
    if (f.mode == BUILTIN) {
      e.kind = Expr.Call.Kind.BUILTIN;
      builtin(x, e, f.builtin);
      if (e.args.size() == 1) {
        prechecked.remove(e.args.get(0)); // left unused by an early error
      }
      lastCallKind = statementBuiltin(f.builtin.id) ? CallKind.STATEMENT : CallKind.EXPRESSION;
      if (!x.invalid() && x.mode != CONSTANT && x.mode != NOVALUE && x.mode != TYPEXPR) {
        x.mode = VALUE;
      }
      return;
    }
    e.kind = Expr.Call.Kind.CALL;
    lastCallKind = CallKind.STATEMENT;
    if (!(f.type.underlying() instanceof Type.Signature sig)) {
      errorAt(f, "invalid operation: cannot call non-function " + f);
      useList(e.args);
      return;
    }
    List<Operand> args = argList(e.args, sig, e.ellipsis);
    arguments(e, sig, args);
    lastCallKind = CallKind.STATEMENT;
    int n = sig.results.size();
    if (n == 0) {
      x.mode = NOVALUE;
      x.type = Universe.INVALID;
    } else if (n == 1) {
      x.mode = VALUE;
      x.type = sig.results.at(0);
    } else {
      x.mode = VALUE;
      x.type = sig.results;
    }
  }

  private static boolean statementBuiltin(Obj.Builtin.Id id) {
    switch (id) {
      case CLEAR: case CLOSE: case COPY: case DELETE: case PANIC: case PRINT: case PRINTLN: case RECOVER:
        return true;
      default:
        return false;
    }
  }

  /** Call arguments: f(g()) with a multi-value g spreads into several operands. */
  List<Operand> argList(List<Expr> args) {
    if (args.size() == 1) {
      return multiExpr(args.get(0), false);
    }
    List<Operand> out = new ArrayList<>();
    for (Expr a : args) {
      out.add(expr(a));
    }
    return out;
  }

  /** The arguments of a call of a non-generic function: each checked against its parameter. */
  private List<Operand> argList(List<Expr> args, Type.Signature sig, boolean ellipsis) {
    int np = sig.params.size();
    if (args.size() == 1 && args.get(0).unparen() instanceof Expr.Call) {
      return multiExpr(args.get(0), false);
    }
    List<Operand> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Type p = null;
      if (sig.variadic && i >= np - 1 && np > 0) {
        Type last = sig.params.vars.get(np - 1).type;
        p = ellipsis ? last : last.underlying() instanceof Type.Slice sl ? sl.elem : null;
      } else if (i < np) {
        p = sig.params.vars.get(i).type;
      }
      out.add(assignedExpr(args.get(i), p));
    }
    return out;
  }

  void arguments(Expr.Call call, Type.Signature sig, List<Operand> args) {
    for (Operand a : args) {
      if (a.invalid()) {
        // still check the count below for a better message only when all are valid
        for (Operand b : args) {
          if (!b.invalid() && Types.isUntyped(b.type)) {
            assignment(b, null, "argument");
          }
        }
        return;
      }
    }
    int nargs = args.size();
    List<Type> params = new ArrayList<>();
    for (Obj.Var v : sig.params.vars) {
      params.add(v.type);
    }
    int npars = params.size();
    boolean ddd = call.ellipsis;
    String fname = AstString.expr(call.fun);
    if (ddd) {
      if (!sig.variadic) {
        errorAt(call, "have (...) in call to non-variadic " + fname);
        errorAt(args.get(nargs - 1), "cannot use ... in call to non-variadic " + fname);
        return;
      }
      if (nargs == 1 && call.args.size() == 1 && args.size() > 1) {
        errorAt(args.get(0), "cannot use ... with multi-valued " + AstString.expr(call.args.get(0)));
        return;
      }
    } else if (sig.variadic) {
      if (nargs >= npars - 1) {
        Type last = ((Type.Slice) params.get(npars - 1)).elem;
        List<Type> ps = new ArrayList<>(params.subList(0, npars - 1));
        while (ps.size() < nargs) {
          ps.add(last);
        }
        params = ps;
        npars = nargs;
      } else {
        npars--; // not enough arguments; report against the required ones
        params = new ArrayList<>(params);
      }
    }
    if (nargs != npars) {
      Node at = call;
      String q = "not enough";
      if (nargs > npars) {
        at = start(args.get(npars).expr);
        q = "too many";
      } else if (nargs > 0) {
        at = start(args.get(nargs - 1).expr);
      }
      List<Type> have = new ArrayList<>();
      for (Operand a : args) {
        have.add(a.type);
      }
      List<Type> want = new ArrayList<>();
      for (Obj.Var v : sig.params.vars) {
        want.add(v.type);
      }
      error(at, q + " arguments in call to " + fname + "\n\thave " + typesSummary(have, false, ddd)
          + "\n\twant " + typesSummary(want, sig.variadic, false));
      for (Operand a : args) {
        if (Types.isUntyped(a.type)) {
          assignment(a, null, "argument");
        }
      }
      return;
    }
    String context = "argument to " + fname;
    for (int i = 0; i < nargs; i++) {
      assignment(args.get(i), params.get(i), context);
    }
  }

  /** "(int, string)", with "number" for untyped numeric values, as gc summarizes types. */
  static String typesSummary(List<Type> list, boolean variadic, boolean hasDots) {
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < list.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      Type t = list.get(i);
      String s;
      if (Types.isInvalid(t)) {
        s = "unknown type";
      } else if (Types.isUntyped(t)) {
        s = Types.isNumeric(t) ? "number" : ((Type.Basic) t).name.replace("untyped ", "");
      } else if (variadic && i == list.size() - 1 && t instanceof Type.Slice sl) {
        s = "..." + sl.elem;
      } else {
        s = t.toString();
      }
      if (hasDots && i == list.size() - 1) {
        s += "...";
      }
      b.append(s);
    }
    return b.append(')').toString();
  }

  // ---- conversions ----

  void conversion(Operand x, Type T) {
    boolean constArg = x.mode == CONSTANT;
    boolean ok = false;
    if (constArg && Types.isConstType(T)) {
      Kind k = Types.kind(T);
      ConstOps.Repr r = ConstOps.represent(x.val, k);
      if (r.code() == ConstOps.OK) {
        x.val = r.value();
        ok = true;
      } else if (Types.isInteger(x.type) && Types.isString(T)) {
        x.val = new Constant.Str(ConstOps.runeBytes(((Constant.Int) ConstOps.toInt(x.val)).value));
        ok = true;
      }
      if (!ok && Types.isInteger(x.type) && Types.isInteger(T)) {
        errorAt(x, "constant " + ConstOps.toString(x.val) + " overflows " + T);
        x.setInvalid();
        return;
      }
    } else if (x.isValue()) {
      Type V = x.type;
      if (Types.isUntyped(V) && !Types.isNil(V)) {
        V = Universe.defaultType(V);
      }
      ok = Types.isNil(V) ? Types.hasNil(T) : Types.convertible(V, T, pkg);
      if (ok && (Types.isUnsafePointer(V) && Types.kind(T) == Kind.UINTPTR
          || Types.isUnsafePointer(T) && Types.kind(V) == Kind.UINTPTR)) {
        errorAt(x, "gol does not support converting between unsafe.Pointer and uintptr (gol values have no addresses)");
        x.setInvalid();
        return;
      }
      if (ok) {
        x.mode = VALUE;
        x.val = null;
      }
    }
    if (!ok) {
      errorAt(x, "cannot convert " + x + " to type " + T);
      x.setInvalid();
      return;
    }
    if (Types.isUntyped(x.type)) {
      Type fin = T;
      if (x.isNil()) {
        fin = T;
      } else if (Types.isInterface(T) || constArg && !Types.isConstType(T)
          || constArg && Types.isInteger(x.type) && Types.isString(T)) {
        fin = Universe.defaultType(x.type);
      }
      Constant keep = x.expr != null ? x.expr.constValue : null;
      updateExprType(x.expr, fin);
      if (x.expr != null && constArg && fin == T) {
        x.expr.constValue = x.val;
      } else if (x.expr != null && keep != null && x.expr.constValue == null) {
        x.expr.constValue = keep;
      }
    }
    x.type = T;
  }

  // ====================================================================================
  // Builtins
  // ====================================================================================

  private void builtin(Operand x, Expr.Call call, Obj.Builtin b) {
    Obj.Builtin.Id id = b.id;
    List<Expr> args = spreadArgs(call, b);
    int nargs = args.size();
    String name = b.name;
    if (call.ellipsis && id != Obj.Builtin.Id.APPEND) {
      errorAt(call, "invalid operation: invalid use of ... with built-in " + name);
      useList(args);
      return;
    }
    int min;
    boolean variadic = false;
    switch (id) {
      case APPEND: min = 1; variadic = true; break;
      case MAKE: min = 1; variadic = true; break;
      case MAX: case MIN: min = 1; variadic = true; break;
      case PRINT: case PRINTLN: min = 0; variadic = true; break;
      case RECOVER: min = 0; break;
      case COMPLEX: case COPY: case DELETE: min = 2; break;
      case ADD: case SLICE: case STRING: min = 2; break;
      default: min = 1;
    }
    String q = null;
    if (nargs < min) {
      q = "not enough";
    } else if (!variadic && nargs > min) {
      q = "too many";
    }
    if (q != null) {
      Node at = start(call); // gc reports both at the call
      error(at, "invalid operation: " + q + " arguments for " + AstString.expr(call) + " (expected " + min
          + ", found " + nargs + ")");
      useList(args);
      return;
    }
    if (id.isUnsafe()) {
      unsafeBuiltin(x, call, id, name);
      return;
    }
    switch (id) {
      case LEN:
      case CAP: {
        Operand a = expr(args.get(0));
        if (a.invalid()) {
          return;
        }
        if (Types.isUntyped(a.type) && Types.isString(a.type)) {
          assignment(a, null, "argument to built-in " + name);
        }
        Type u = a.type.underlying();
        if (u instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Array) {
          u = p.elem.underlying();
        }
        x.type = Universe.INT;
        x.mode = VALUE;
        if (Types.isString(a.type) && id == Obj.Builtin.Id.LEN) {
          if (a.mode == CONSTANT) {
            x.mode = CONSTANT;
            x.val = Constant.Int.of(((Constant.Str) a.val).value.length);
          }
        } else if (u instanceof Type.Array arr) {
          if (!hasCallOrRecv(args.get(0))) {
            x.mode = CONSTANT;
            x.val = Constant.Int.of(arr.len);
          }
        } else if (u instanceof Type.Slice || u instanceof Type.Chan || u instanceof Type.Map && id == Obj.Builtin.Id.LEN) {
          // ok
        } else if (everyTerm(a.type, t -> lenOK(t, id == Obj.Builtin.Id.LEN))) {
          // a type parameter without a core type (~string | ~[]byte): valid for every type
        } else {
          errorAt(a, "invalid argument: " + a + " for built-in " + name);
          x.setInvalid();
        }
        return;
      }
      case NEW: {
        Type T = typExpr(args.get(0));
        if (Types.isInvalid(T)) {
          return;
        }
        x.mode = VALUE;
        x.type = new Type.Pointer(T);
        return;
      }
      case MAKE: {
        Type T = typExpr(args.get(0));
        if (Types.isInvalid(T)) {
          useList(args.subList(1, nargs));
          return;
        }
        Type u = T.underlying();
        int minArgs;
        if (u instanceof Type.Slice) {
          minArgs = 2;
        } else if (u instanceof Type.Map || u instanceof Type.Chan) {
          minArgs = 1;
        } else {
          errorAt(args.get(0), "invalid argument: cannot make " + AstString.expr(args.get(0))
              + "; type must be slice, map, or channel");
          useList(args.subList(1, nargs));
          return;
        }
        if (nargs < minArgs || nargs > minArgs + 1) {
          errorAt(call, "invalid operation: " + AstString.expr(call) + " expects " + minArgs + " or " + (minArgs + 1)
              + " arguments; found " + nargs);
          useList(args.subList(1, nargs));
          return;
        }
        long[] sizes = {-1, -1};
        for (int i = 1; i < nargs; i++) {
          Operand s = indexValue(args.get(i), -1);
          if (s != null && s.mode == CONSTANT) {
            sizes[i - 1] = ((Constant.Int) s.val).value.longValue();
          }
        }
        if (sizes[0] >= 0 && sizes[1] >= 0 && sizes[0] > sizes[1]) {
          errorAt(args.get(1), "invalid argument: length and capacity swapped");
        }
        x.mode = VALUE;
        x.type = T;
        return;
      }
      case APPEND: {
        Operand s = expr(args.get(0));
        if (s.invalid()) {
          useList(args.subList(1, nargs));
          return;
        }
        if (!(s.type.underlying() instanceof Type.Slice sl)) {
          String cause = s.isNil() ? "have untyped nil" : "have " + s;
          errorAt(s, "first argument to append must be a slice; " + cause);
          useList(args.subList(1, nargs));
          return;
        }
        if (call.ellipsis && nargs == 2) {
          Operand t = expr(args.get(1));
          if (t.invalid()) {
            return;
          }
          if (Types.isBytesOrRunes(s.type) && ((Type.Slice) s.type.underlying()).elem.underlying() instanceof Type.Basic eb
              && eb.kind == Kind.UINT8 && Types.isString(t.type)) {
            assignment(t, null, "argument to append");
          } else {
            assignment(t, s.type.underlying() instanceof Type.Slice ? new Type.Slice(sl.elem) : s.type, "argument to append");
          }
          x.mode = VALUE;
          x.type = s.type;
          return;
        }
        List<Obj.Var> ps = new ArrayList<>();
        ps.add(new Obj.Var("", null, pkg, s.type));
        ps.add(new Obj.Var("", null, pkg, new Type.Slice(sl.elem)));
        Type.Signature sig = new Type.Signature(null, new Type.Tuple(ps), new Type.Tuple(List.of()), true);
        List<Operand> rest = new ArrayList<>();
        rest.add(s);
        for (int i = 1; i < nargs; i++) {
          rest.add(expr(args.get(i)));
        }
        arguments(call, sig, rest);
        x.mode = VALUE;
        x.type = s.type;
        return;
      }
      case COPY: {
        Operand dst = expr(args.get(0));
        Operand src = expr(args.get(1));
        if (dst.invalid() || src.invalid()) {
          return;
        }
        if (Types.isUntyped(src.type)) {
          assignment(src, null, "argument to copy");
        }
        x.mode = VALUE;
        x.type = Universe.INT;
        if (!(dst.type.underlying() instanceof Type.Slice ds)) {
          errorAt(dst, "invalid argument: copy expects slice arguments; found " + dst + " and " + src);
          x.setInvalid();
          return;
        }
        Type se;
        if (src.type.underlying() instanceof Type.Slice ss) {
          se = ss.elem;
        } else if (Types.isString(src.type)) {
          se = Universe.BYTE;
        } else {
          errorAt(dst, "invalid argument: copy expects slice arguments; found " + dst + " and " + src);
          x.setInvalid();
          return;
        }
        if (!Types.identical(ds.elem, se)) {
          errorAt(dst, "invalid argument: arguments to copy " + dst + " and " + src + " have different element types "
              + ds.elem + " and " + se);
          x.setInvalid();
        }
        return;
      }
      case DELETE: {
        Operand m = expr(args.get(0));
        Operand k = expr(args.get(1));
        x.mode = NOVALUE;
        if (m.invalid() || k.invalid()) {
          return;
        }
        if (!(m.type.underlying() instanceof Type.Map mt)) {
          errorAt(m, "invalid argument: " + m + " is not a map");
          return;
        }
        assignment(k, mt.key, "argument to delete");
        return;
      }
      case CLOSE: {
        Operand c = expr(args.get(0));
        x.mode = NOVALUE;
        if (c.invalid()) {
          return;
        }
        if (!(c.type.underlying() instanceof Type.Chan ch)) {
          errorAt(c, "invalid operation: cannot close non-channel " + c);
          return;
        }
        if (ch.dir == Type.Chan.Dir.RECV) {
          errorAt(c, "invalid operation: cannot close receive-only channel " + c);
        }
        return;
      }
      case CLEAR: {
        Operand c = expr(args.get(0));
        x.mode = NOVALUE;
        if (c.invalid()) {
          return;
        }
        if (!(c.type.underlying() instanceof Type.Map) && !(c.type.underlying() instanceof Type.Slice)) {
          errorAt(c, "invalid argument: cannot clear " + c + ": argument must be (or constrained by) map or slice");
        }
        return;
      }
      case PANIC: {
        Operand a = expr(args.get(0));
        x.mode = NOVALUE;
        if (a.invalid()) {
          return;
        }
        assignment(a, Universe.ANY, "argument to panic");
        return;
      }
      case PRINT:
      case PRINTLN: {
        for (Operand o : argList(args)) {
          if (!o.invalid()) {
            assignment(o, null, "argument to built-in" + name); // sic: gc 1.23 prints no space
          }
        }
        x.mode = NOVALUE;
        return;
      }
      case RECOVER:
        x.mode = VALUE;
        x.type = Universe.ANY;
        return;
      case MAX:
      case MIN: {
        Tok op = id == Obj.Builtin.Id.MAX ? Tok.GTR : Tok.LSS;
        List<Operand> ops = new ArrayList<>();
        for (Expr a : args) {
          ops.add(expr(a));
        }
        Operand acc = null;
        for (Operand a : ops) {
          if (a.invalid()) {
            return;
          }
          if (!Types.isOrdered(a.type)) {
            errorAt(a, "invalid argument: " + a + " cannot be ordered");
            return;
          }
          if (acc == null) {
            acc = a.copy();
            continue;
          }
          matchTypes(acc, a);
          if (acc.invalid()) {
            return;
          }
          if (!Types.identical(acc.type, a.type)) {
            errorAt(a, "invalid argument: mismatched types " + acc.type + " (previous argument) and " + a.type
                + " (type of " + AstString.expr(a.expr) + ")");
            return;
          }
          if (acc.mode == CONSTANT && a.mode == CONSTANT) {
            if (ConstOps.compare(a.val, op, acc.val)) {
              acc.val = a.val;
            }
          } else {
            acc.mode = VALUE;
            acc.val = null;
          }
        }
        x.mode = acc.mode == CONSTANT ? CONSTANT : VALUE;
        x.type = acc.type;
        x.val = acc.val;
        for (Operand a : ops) {
          updateExprType(a.expr, x.type);
        }
        return;
      }
      case COMPLEX:
        complexBuiltin(x, call);
        return;
      case REAL:
      case IMAG:
        realImag(x, args.get(0), id == Obj.Builtin.Id.REAL);
        return;
      default:
        useList(args);
        errorAt(call, "unsupported built-in " + name);
    }
  }

  /** complex(re, im): both floats of one type (untyped constants become untyped floats). */
  /**
   * unsafe.Sizeof, Alignof and Offsetof: constants of type uintptr with gc's amd64 layout
   * ({@link Sizes}). The functions that make pointers from addresses (Add, Slice, SliceData,
   * String, StringData) are reported: gol values have no addresses to compute with.
   */
  private void unsafeBuiltin(Operand x, Expr.Call call, Obj.Builtin.Id id, String name) {
    List<Expr> args = call.args;
    switch (id) {
      case SIZEOF:
      case ALIGNOF: {
        Operand a = expr(args.get(0));
        if (a.invalid()) {
          x.setInvalid();
          return;
        }
        assignment(a, null, "argument to unsafe." + name);
        if (a.invalid()) {
          x.setInvalid();
          return;
        }
        if (Sizes.isRecursive(a.type)) { // no size: not a constant (as gc), the type's error says why
          x.mode = VALUE;
          x.type = Universe.UINTPTR;
          return;
        }
        if (Sizes.hasVarSize(a.type)) {
          errorAt(call, "gol does not support unsafe." + name + " of a value whose size depends on a type parameter");
          x.setInvalid();
          return;
        }
        long v = id == Obj.Builtin.Id.SIZEOF ? Sizes.sizeof(a.type) : Sizes.alignof(a.type);
        if (v < 0) {
          errorAt(a, a + " is too large");
          x.setInvalid();
          return;
        }
        x.mode = CONSTANT;
        x.type = Universe.UINTPTR;
        x.val = Constant.Int.of(v);
        return;
      }
      case OFFSETOF:
        offsetof(x, args.get(0));
        return;
      default:
        useList(args);
        errorAt(call, "gol does not support unsafe." + name + " (gol values have no addresses)");
        x.setInvalid();
    }
  }

  private void offsetof(Operand x, Expr arg) {
    if (!(arg.unparen() instanceof Expr.Selector sel)) {
      errorAt(arg, "invalid argument: " + AstString.expr(arg) + " is not a selector expression");
      useList(List.of(arg));
      x.setInvalid();
      return;
    }
    Operand b = expr(sel.x);
    if (b.invalid()) {
      x.setInvalid();
      return;
    }
    Type base = b.type;
    if (base.underlying() instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Struct) {
      base = p.elem;
    }
    String f = sel.sel.name;
    Types.Lookup l = Types.lookup(base, f, pkg);
    x.setInvalid();
    if (l == null || l.ambiguous()) {
      errorAt(b, "invalid argument: " + base + " has no single field " + f);
      return;
    }
    if (l.obj() instanceof Obj.Func) {
      errorAt(arg, "invalid argument: " + AstString.expr(arg) + " is a method value");
      return;
    }
    if (l.indirect()) {
      errorAt(b, "invalid argument: field " + f + " is embedded via a pointer in " + base);
      return;
    }
    sel.sel.obj = l.obj();
    sel.selection = new Selection(Selection.Kind.FIELD, base, l.obj(), l.path(), false);
    if (Sizes.isRecursive(base)) {
      x.mode = VALUE;
      x.type = Universe.UINTPTR;
      return;
    }
    if (Sizes.hasVarSize(base)) {
      errorAt(arg, "gol does not support unsafe.Offsetof in a struct whose layout depends on a type parameter");
      return;
    }
    long offs = Sizes.offsetof(base, l.path());
    if (offs < 0) {
      errorAt(b, b + " is too large");
      return;
    }
    x.mode = CONSTANT;
    x.type = Universe.UINTPTR;
    x.val = Constant.Int.of(offs);
  }

  private void complexBuiltin(Operand x, Expr.Call call) {
    List<Expr> args = call.spread != null ? call.spread : call.args;
    Operand re = expr(args.get(0));
    Operand im = expr(args.get(1));
    if (re.invalid() || im.invalid()) {
      return;
    }
    boolean ur = Types.isUntyped(re.type);
    boolean ui = Types.isUntyped(im.type);
    if (ur && !ui) {
      convertUntyped(re, im.type);
    } else if (ui && !ur) {
      convertUntyped(im, re.type);
    } else if (ur) {
      if (re.mode == CONSTANT && im.mode == CONSTANT) {
        untypedFloatArg(re);
        untypedFloatArg(im);
      } else {
        convertUntyped(re, Universe.FLOAT64);
        convertUntyped(im, Universe.FLOAT64);
      }
    }
    if (re.invalid() || im.invalid()) {
      return;
    }
    if (!Types.identical(re.type, im.type)) {
      errorAt(re, "invalid operation: " + AstString.expr(call) + " (mismatched types " + re.type + " and " + im.type + ")");
      return;
    }
    Kind k = Types.kind(re.type);
    Type result = k == Kind.FLOAT32 ? Universe.COMPLEX64 : k == Kind.FLOAT64 ? Universe.COMPLEX128
        : k == Kind.UNTYPED_FLOAT ? Universe.UNTYPED_COMPLEX : null;
    if (result == null) {
      errorAt(re, "invalid argument: arguments have type " + re.type + ", expected floating-point");
      return;
    }
    if (re.mode == CONSTANT && im.mode == CONSTANT) {
      x.mode = CONSTANT;
      x.val = new Constant.Complex(ConstOps.toComplex(re.val).re, ConstOps.toComplex(im.val).re);
    } else {
      x.mode = VALUE;
      if (Types.isUntyped(re.type)) {
        updateExprType(re.expr, Universe.FLOAT64);
        updateExprType(im.expr, Universe.FLOAT64);
        result = Universe.COMPLEX128;
      }
    }
    x.type = result;
  }

  /** An untyped numeric constant with a zero imaginary part counts as an untyped float. */
  private static void untypedFloatArg(Operand o) {
    if (Types.isNumeric(o.type) && (!(o.val instanceof Constant.Complex z) || z.im.num.signum() == 0)) {
      o.type = Universe.UNTYPED_FLOAT;
      if (o.val instanceof Constant.Complex z) {
        o.val = z.re;
      }
    }
  }

  /** real(z) / imag(z): the float part of a complex value (constant for a constant). */
  private void realImag(Operand x, Expr arg, boolean real) {
    Operand z = expr(arg);
    if (z.invalid()) {
      return;
    }
    if (Types.isUntyped(z.type)) {
      if (z.mode == CONSTANT) {
        if (Types.isNumeric(z.type)) {
          z.type = Universe.UNTYPED_COMPLEX;
        }
      } else {
        convertUntyped(z, Universe.COMPLEX128);
        if (z.invalid()) {
          return;
        }
      }
    }
    Kind k = Types.kind(z.type);
    Type result = k == Kind.COMPLEX64 ? Universe.FLOAT32 : k == Kind.COMPLEX128 ? Universe.FLOAT64
        : k == Kind.UNTYPED_COMPLEX ? Universe.UNTYPED_FLOAT : null;
    if (result == null) {
      errorAt(z, "invalid argument: argument has type " + z.type + ", expected complex type");
      return;
    }
    if (z.mode == CONSTANT) {
      Constant.Complex c = ConstOps.toComplex(z.val);
      x.mode = CONSTANT;
      x.val = real ? c.re : c.im;
    } else {
      x.mode = VALUE;
    }
    x.type = result;
  }

  /**
   * A builtin's arguments: those written, or, as Go allows, one synthetic argument per result
   * when the only argument is a call with several results ({@code complex(f())},
   * {@code append(g())}, {@code copy(h())}); then recorded as call.spread for the compiler.
   */
  private List<Expr> spreadArgs(Expr.Call call, Obj.Builtin b) {
    List<Expr> args = call.args;
    Obj.Builtin.Id id = b.id;
    if (args.size() != 1 || call.ellipsis || id.isUnsafe() || id == Obj.Builtin.Id.MAKE || id == Obj.Builtin.Id.NEW
        || id == Obj.Builtin.Id.PRINT || id == Obj.Builtin.Id.PRINTLN || !(args.get(0).unparen() instanceof Expr.Call)) {
      return args;
    }
    Expr a = args.get(0);
    Operand o = rawExpr(a, null);
    if (o.mode != VALUE || !(o.type instanceof Type.Tuple t) || t.size() < 2) {
      prechecked.put(a, o); // the checks below take it as it is
      return args;
    }
    List<Expr> spread = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      Expr.TupleElem te = new Expr.TupleElem(a, i);
      te.type = t.at(i);
      spread.add(te);
    }
    call.spread = spread;
    return spread;
  }

  /** Whether e contains a function call or a receive (then len of an array is not constant). */
  static boolean hasCallOrRecv(Expr e) {
    if (e == null) {
      return false;
    }
    if (e instanceof Expr.Call c) {
      return c.kind != Expr.Call.Kind.CONVERSION || hasCallOrRecv(c.args.isEmpty() ? null : c.args.get(0));
    }
    if (e instanceof Expr.Unary u) {
      return u.op == Tok.ARROW || hasCallOrRecv(u.x);
    }
    if (e instanceof Expr.Paren p) {
      return hasCallOrRecv(p.x);
    }
    if (e instanceof Expr.Selector s) {
      return hasCallOrRecv(s.x);
    }
    if (e instanceof Expr.Index i) {
      return hasCallOrRecv(i.x) || hasCallOrRecv(i.index);
    }
    if (e instanceof Expr.Star s) {
      return hasCallOrRecv(s.x);
    }
    if (e instanceof Expr.Binary b) {
      return hasCallOrRecv(b.x) || hasCallOrRecv(b.y);
    }
    return false;
  }

  // ====================================================================================
  // Composite literals
  // ====================================================================================

  private void compositeLit(Operand x, Expr.CompositeLit e, Type hint) {
    Type typ;
    Type base;
    if (e.litType != null) {
      if (e.litType instanceof Expr.ArrayType at && at.len instanceof Expr.Ellipsis) {
        Type elem = typExpr(at.elem);
        long n = arrayElems(e, elem, -1);
        typ = new Type.Array(n, elem);
        at.type = typ;
        at.isType = true;
        x.mode = VALUE;
        x.type = typ;
        return;
      }
      typ = typExpr(e.litType);
      base = typ;
    } else if (hint != null) {
      typ = hint;
      base = hint;
      if (hint.underlying() instanceof Type.Pointer p) {
        base = p.elem; // &T elided: []*T{{...}}
      }
    } else {
      errorAt(e, "invalid composite literal type: missing type");
      useElems(e);
      return;
    }
    if (Types.isInvalid(typ)) {
      useElems(e);
      return;
    }
    Type u = base.underlying();
    if (u instanceof Type.Struct s) {
      structLit(e, s, base);
    } else if (u instanceof Type.Array a) {
      arrayElems(e, a.elem, a.len);
    } else if (u instanceof Type.Slice sl) {
      arrayElems(e, sl.elem, -1);
    } else if (u instanceof Type.Map m) {
      Map<String, Node> seen = new HashMap<>();
      for (Expr.Element el : e.elts) {
        if (el.key == null) {
          errorAt(el.value, "missing key in map literal");
          elemValue(el.value, m.elem, "map literal");
          continue;
        }
        Operand k = elemOperand(el.key, m.key);
        assignment(k, m.key, "map literal");
        if (!k.invalid() && k.mode == CONSTANT) {
          String key = k.type + ":" + ConstOps.toString(k.val);
          if (seen.containsKey(key)) {
            errorAt(el.key, "duplicate key " + AstString.expr(el.key) + " in map literal");
          }
          seen.put(key, el.key);
        }
        elemValue(el.value, m.elem, "map literal");
      }
    } else {
      errorAt(e, "invalid composite literal type " + typ);
      useElems(e);
      return;
    }
    x.mode = VALUE;
    x.type = typ;
  }

  private void useElems(Expr.CompositeLit e) {
    for (Expr.Element el : e.elts) {
      if (el.key != null && !(el.key instanceof Expr.Ident)) {
        rawExpr(el.key, null);
      }
      if (el.value instanceof Expr.CompositeLit c && c.litType == null) {
        useElems(c);
      } else {
        rawExpr(el.value, null);
      }
    }
  }

  private Operand elemOperand(Expr v, Type t) {
    if (v instanceof Expr.CompositeLit c && c.litType == null) {
      return expr(v, t);
    }
    return expr(v, t);
  }

  private void elemValue(Expr v, Type t, String context) {
    Operand x = elemOperand(v, t);
    assignment(x, t, context);
  }

  private void structLit(Expr.CompositeLit e, Type.Struct s, Type base) {
    if (e.elts.isEmpty()) {
      return;
    }
    boolean keyed = e.elts.get(0).key != null;
    if (keyed) {
      Set<String> seen = new HashSet<>();
      for (Expr.Element el : e.elts) {
        if (el.key == null) {
          errorAt(el.value, "mixture of field:value and value elements in struct literal");
          rawExpr(el.value, null);
          continue;
        }
        if (!(el.key instanceof Expr.Ident k)) {
          errorAt(el.key, "invalid field name " + AstString.expr(el.key) + " in struct literal");
          rawExpr(el.value, null);
          continue;
        }
        Obj.Var field = null;
        for (Obj.Var f : s.fields) {
          if (f.name.equals(k.name)) {
            field = f;
          }
        }
        if (field == null) {
          errorAt(k, "unknown field " + k.name + " in struct literal of type " + base);
          rawExpr(el.value, null);
          continue;
        }
        k.obj = field;
        if (!seen.add(k.name)) {
          errorAt(k, "duplicate field name " + k.name + " in struct literal");
        }
        elemValue(el.value, field.type, "struct literal");
      }
      return;
    }
    int i = 0;
    for (Expr.Element el : e.elts) {
      if (el.key != null) {
        errorAt(el.key, "mixture of field:value and value elements in struct literal");
        rawExpr(el.value, null);
        i++;
        continue;
      }
      if (i >= s.fields.size()) {
        errorAt(el.value, "too many values in struct literal of type " + base);
        rawExpr(el.value, null);
        break;
      }
      elemValue(el.value, s.fields.get(i).type, "struct literal");
      i++;
    }
    if (i < s.fields.size() && i == e.elts.size()) {
      error(e.elts.get(e.elts.size() - 1).value, "too few values in struct literal of type " + base);
    }
  }

  /** Checks array/slice elements; returns the length the literal needs. */
  private long arrayElems(Expr.CompositeLit e, Type elem, long len) {
    long idx = 0;
    long max = 0;
    Set<Long> seen = new HashSet<>();
    for (Expr.Element el : e.elts) {
      if (el.key != null) {
        Operand k = indexValue(el.key, len);
        if (k != null && k.mode == CONSTANT) {
          idx = ((Constant.Int) k.val).value.longValue();
        } else if (k != null) {
          errorAt(el.key, "index " + AstString.expr(el.key) + " must be integer constant");
        }
      } else if (len >= 0 && idx >= len) {
        errorAt(el.value, "index " + idx + " is out of bounds (>= " + len + ")");
      }
      if (!seen.add(idx)) {
        errorAt(el.key != null ? el.key : el.value, "duplicate index " + idx + " in array or slice literal");
      }
      elemValue(el.value, elem, "array or slice literal");
      idx++;
      max = Math.max(max, idx);
    }
    return max;
  }

  // ====================================================================================
  // Type expressions
  // ====================================================================================

  /** The type e denotes; reports and returns INVALID when e is not a type. */
  /** Whether a type expression is being read as a constraint (where constraint interfaces may stand). */
  private boolean inConstraint;

  Type typExpr(Expr e) {
    boolean constraint = inConstraint;
    inConstraint = false;
    Type t;
    try {
      t = typExprInternal(e);
    } finally {
      inConstraint = constraint;
    }
    if (!constraint && t != null && !(t instanceof Type.TypeParam) && t.underlying() instanceof Type.Interface it
        && TypeSets.constraintOnly(it)) {
      errorAt(e, "cannot use type " + t + " outside a type constraint: interface "
          + (TypeSets.typeSet(it) != null ? "contains type constraints" : "is (or embeds) comparable"));
      t = Universe.INVALID;
    }
    e.type = t;
    e.isType = true;
    e.constValue = null;
    return t;
  }

  private Type typExprInternal(Expr e) {
    if (e instanceof Expr.Ident || e instanceof Expr.Selector || e instanceof Expr.Index || e instanceof Expr.IndexList) {
      Operand x = new Operand();
      x.expr = e;
      if (e instanceof Expr.Ident id) {
        ident(x, id);
      } else if (e instanceof Expr.Selector sel) {
        selector(x, sel);
      } else if (e instanceof Expr.Index ix) {
        index(x, ix);
      } else {
        indexList(x, (Expr.IndexList) e);
      }
      x.expr = e;
      switch (x.mode) {
        case TYPEXPR:
          if (x.type instanceof Type.Named n && !n.typeParams.isEmpty() && n.typeArgs == null
              && (e instanceof Expr.Ident || e instanceof Expr.Selector)) {
            errorAt(e, "cannot use generic type " + Generics.withParams(n.toString(), n.typeParams) + " without instantiation");
            return Universe.INVALID;
          }
          return x.type;
        case INVALID:
          return Universe.INVALID;
        case NOVALUE:
          errorAt(e, x + " used as type");
          return Universe.INVALID;
        default:
          errorAt(e, x + " is not a type");
          return Universe.INVALID;
      }
    }
    if (e instanceof Expr.Paren p) {
      return typExpr(p.x);
    }
    if (e instanceof Expr.Star s) {
      return new Type.Pointer(typExpr(s.x));
    }
    if (e instanceof Expr.ArrayType a) {
      if (a.len == null) {
        return new Type.Slice(typExpr(a.elem));
      }
      if (a.len instanceof Expr.Ellipsis) {
        errorAt(a.len, "invalid use of [...] array (outside a composite literal)");
        typExpr(a.elem);
        return Universe.INVALID;
      }
      long n = arrayLength(a.len);
      Type elem = typExpr(a.elem);
      return n < 0 ? Universe.INVALID : new Type.Array(n, elem);
    }
    if (e instanceof Expr.MapType m) {
      Type k = typExpr(m.key);
      Type v = typExpr(m.value);
      if (!Types.isInvalid(k)) {
        pendingMapKeys.add(new Object[] {k, m.key});
      }
      return new Type.Map(k, v);
    }
    if (e instanceof Expr.ChanType c) {
      Type.Chan.Dir d = c.dir == Expr.ChanType.Dir.SEND ? Type.Chan.Dir.SEND
          : c.dir == Expr.ChanType.Dir.RECV ? Type.Chan.Dir.RECV : Type.Chan.Dir.BOTH;
      return new Type.Chan(d, typExpr(c.elem));
    }
    if (e instanceof Expr.FuncType f) {
      return funcType(f, null);
    }
    if (e instanceof Expr.StructType s) {
      return structType(s);
    }
    if (e instanceof Expr.InterfaceType it) {
      return interfaceType(it, null);
    }
    if (e instanceof Expr.Bad) {
      return Universe.INVALID;
    }
    Operand x = rawExpr(e, null);
    if (!x.invalid()) {
      errorAt(e, x + " is not a type");
    }
    return Universe.INVALID;
  }

  /** Map key types to check for comparability once all types are complete: {Type, Expr}. */
  final List<Object[]> pendingMapKeys = new ArrayList<>();

  private long arrayLength(Expr e) {
    Operand x = expr(e);
    if (x.invalid()) {
      return -1;
    }
    if (x.mode != CONSTANT) {
      errorAt(e, "array length " + AstString.expr(e) + " (" + x.mode.text + " of type " + x.type + ") must be constant");
      return -1;
    }
    if (Types.isUntyped(x.type) || Types.isInteger(x.type)) {
      Constant.Int v = ConstOps.toInt(x.val);
      if (v != null) {
        if (v.value.signum() >= 0 && v.value.bitLength() < 63) {
          if (Types.isUntyped(x.type)) {
            updateExprType(e, Universe.INT);
          }
          return v.value.longValue();
        }
        errorAt(e, "invalid array length " + AstString.expr(e));
        return -1;
      }
    }
    errorAt(e, "array length " + x + " must be integer");
    return -1;
  }

  /** A function type; with {@code recv}, a method signature. Parameters become Obj.Vars. */
  Type.Signature funcType(Expr.FuncType f, Expr.Field recvField) {
    Obj.Var recv = null;
    if (recvField != null) {
      Type rt = typExpr(recvField.type);
      Expr.Ident rid = recvField.names.isEmpty() ? null : recvField.names.get(0);
      recv = new Obj.Var(rid == null ? "" : rid.name, rid != null ? rid : recvField, pkg, rt);
      recv.isParam = true;
      if (rid != null) {
        rid.obj = recv;
      }
    }
    boolean[] variadic = {false};
    List<Obj.Var> params = fields(f.params, true, variadic);
    List<Obj.Var> results = fields(f.results, false, null);
    return new Type.Signature(recv, new Type.Tuple(params), new Type.Tuple(results), variadic[0]);
  }

  private List<Obj.Var> fields(List<Expr.Field> list, boolean params, boolean[] variadic) {
    List<Obj.Var> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      Expr.Field f = list.get(i);
      Type t;
      if (f.type instanceof Expr.Ellipsis el) {
        Type elem = typExpr(el.elem);
        f.type.type = elem;
        if (!params || i != list.size() - 1 || f.names.size() > 1) {
          errorAt(f.type, "can only use ... with final parameter in list");
          t = new Type.Slice(elem);
        } else {
          t = new Type.Slice(elem);
          variadic[0] = true;
        }
      } else {
        t = typExpr(f.type);
      }
      if (f.names.isEmpty()) {
        Obj.Var v = new Obj.Var("", f, pkg, t);
        v.isParam = params;
        v.isResult = !params;
        out.add(v);
      } else {
        for (Expr.Ident id : f.names) {
          Obj.Var v = new Obj.Var(id.name, id, pkg, t);
          v.isParam = params;
          v.isResult = !params;
          id.obj = v;
          out.add(v);
        }
      }
    }
    return out;
  }

  private Type structType(Expr.StructType s) {
    List<Obj.Var> fields = new ArrayList<>();
    List<String> tags = new ArrayList<>();
    Map<String, Node> seen = new HashMap<>();
    for (Expr.Field f : s.fields) {
      Type t = typExpr(f.type);
      if (f.names.isEmpty()) {
        Expr te = f.type;
        if (te instanceof Expr.Star st) {
          te = st.x;
        }
        if (te instanceof Expr.Index ix) {
          te = ix.x;
        } else if (te instanceof Expr.IndexList il) {
          te = il.x;
        }
        String name = te instanceof Expr.Ident id ? id.name : te instanceof Expr.Selector se ? se.sel.name : "?";
        Type base = t instanceof Type.Pointer p ? p.elem : t;
        if (base instanceof Type.TypeParam) {
          errorAt(f.type, "embedded field type cannot be a (pointer to a) type parameter");
        } else if (!Types.isInvalid(t) && (base.underlying() instanceof Type.Pointer || base.underlying() instanceof Type.Interface
            && t instanceof Type.Pointer)) {
          errorAt(f.type, "embedded field type cannot be a pointer" + (base.underlying() instanceof Type.Interface ? " to an interface" : ""));
        }
        Obj.Var v = new Obj.Var(name, f, pkg, t);
        v.isField = true;
        v.embedded = true;
        addField(fields, tags, seen, v, f.tag, f);
      } else {
        for (Expr.Ident id : f.names) {
          Obj.Var v = new Obj.Var(id.name, id, pkg, t);
          v.isField = true;
          id.obj = v;
          addField(fields, tags, seen, v, f.tag, id);
        }
      }
    }
    return new Type.Struct(fields, tags);
  }

  private void addField(List<Obj.Var> fields, List<String> tags, Map<String, Node> seen, Obj.Var v, String tag, Node at) {
    if (!v.name.equals("_")) {
      Node prev = seen.putIfAbsent(v.name, at);
      if (prev != null) {
        error(at, v.name + " redeclared\n\t" + pos(prev) + ": other declaration of " + v.name);
      }
    }
    fields.add(v);
    tags.add(tag);
  }

  Type.Interface interfaceType(Expr.InterfaceType it, Type.Named named) {
    List<Obj.Func> methods = new ArrayList<>();
    List<Type> embeddeds = new ArrayList<>();
    Type.Interface t = new Type.Interface(methods, embeddeds);
    List<Type.Term> termSet = null;
    Set<String> seen = new HashSet<>();
    for (Expr.Field f : it.elems) {
      if (!f.names.isEmpty() && f.type instanceof Expr.FuncType ft) {
        Expr.Ident name = f.names.get(0);
        Type.Signature s = funcType(ft, null);
        Obj.Var recv = new Obj.Var("", null, pkg, named != null ? named : t);
        Obj.Func m = new Obj.Func(name.name, name, pkg, new Type.Signature(recv, s.params, s.results, s.variadic));
        name.obj = m;
        if (!seen.add(name.name)) {
          errorAt(name, "duplicate method " + name.name);
          continue;
        }
        methods.add(m);
      } else if (f.type instanceof Expr.Union || f.type instanceof Expr.Tilde) {
        termSet = intersectTerms(termSet, terms(f.type));
      } else {
        Type e = typExprConstraint(f.type);
        if (Types.isInvalid(e)) {
          continue;
        }
        if (!Types.isInterface(e) && !(e instanceof Type.Named n && n.under == null)) {
          termSet = intersectTerms(termSet, List.of(new Type.Term(false, e))); // a type-set element
          continue;
        }
        embeddeds.add(e);
      }
    }
    t.terms = termSet;
    return t;
  }

  private static List<Type.Term> intersectTerms(List<Type.Term> a, List<Type.Term> b) {
    if (a == null) {
      return b;
    }
    Type.Interface x = new Type.Interface(List.of(), List.of());
    x.terms = a;
    Type.Interface y = new Type.Interface(List.of(), List.of());
    y.terms = b;
    Type.Interface both = new Type.Interface(List.of(), List.of(x, y));
    return TypeSets.typeSet(both);
  }

  /** Looks up a name from the current scope. */
  Obj lookup(String name) {
    return scope.lookup(name);
  }

  Scope newScope() {
    scope = new Scope(scope);
    return scope;
  }

}
