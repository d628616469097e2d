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
import gol.interp.ast.File;
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
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expressions: operands, names, literals, selectors, indexing, slicing and type assertions
 * (operators, assignability and composite literals are OperatorChecker's). The checker is built
 * in layers, each a file: CheckerBase, ExprChecker, OperatorChecker, TypeExprChecker,
 * CallChecker, AssignChecker, StmtChecker, Generics, Checker; a layer calls what a later one
 * implements through an abstract method.
 */
abstract class ExprChecker extends CheckerBase {
  ExprChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  /** Resolves a package-level object (no-op for others). */
  abstract void objDecl(Obj obj);

  /** An untyped integer constant past gc's 512 bits is an error (OperatorChecker). */
  abstract void overflow(Operand x, Node opPos);

  /** Generic types whose type parameter lists are being declared. */
  final java.util.Set<Type.Named> declaringTypeParams = new java.util.HashSet<>();
  /** Generic types of a cycle through type parameter lists (reported): no constraint is checked against them. */
  final java.util.Set<Type.Named> typeParamCycleTypes = new java.util.HashSet<>();

  /** Reports the invalid recursive type of a generic type named in its own type parameter list. */
  abstract void typeParamsCycle(Obj obj);

  // ---- generics (see Generics) ----

  /** {@code G[args]} in a type. */
  abstract Type instantiateTypeExpr(Type.Named g, List<Expr> args, Expr at);

  /** {@code F[args]} as a value or callee. */
  abstract void instantiateFuncExpr(Operand x, Obj.Func g, List<Expr> args, Expr e);

  /** A call of a generic function not fully instantiated: inference. */
  abstract void genericCall(Operand x, Expr.Call e, Operand f);

  /** The terms of a union element. */
  abstract List<Type.Term> terms(Expr e);

  /** Declares a type parameter list in scope s and resolves the constraints. */
  abstract List<Type.TypeParam> declareTypeParams(List<Expr.Field> fields, gol.interp.types.Scope s);

  /** Once a generic type's underlying type is known: completes the instances made before. */
  abstract void genericTypeDefined(Type.Named origin);

  // ---- implemented by later layers ----

  // operators, assignability and composite literals (see OperatorChecker)

  abstract void unary(Operand x, Expr.Unary e);

  abstract void binary(Operand x, Expr e, Expr lhs, Expr rhs, Tok op, Node opPos);

  abstract void convertUntyped(Operand x, Type target);

  abstract void assignment(Operand x, Type T, String context);

  abstract void compositeLit(Operand x, Expr.CompositeLit e, Type hint);

  /** The type e denotes; reports and returns INVALID when e is not a type (TypeExprChecker). */
  abstract Type typExpr(Expr e);

  /** typExpr without its check of constraint-only interfaces and without recording on e. */
  abstract Type typExprInternal(Expr e);

  /** A function type; with {@code recv}, a method signature (TypeExprChecker). */
  abstract Type.Signature funcType(Expr.FuncType f, Expr.Field recvField);

  /** A call, conversion or builtin call (CallChecker). */
  abstract void call(Operand x, Expr.Call e);

  /**
   * Whether t is a type parameter whose types, in order, are pointers until one whose base
   * differs from the first's (go/types reports that, where a non-pointer says cannot indirect).
   */
  private static boolean pointersOfDifferentBases(Type t) {
    List<Type> ts = t instanceof Type.TypeParam tp ? TypeSets.termTypes(tp) : null;
    if (ts == null || ts.isEmpty()) {
      return false;
    }
    Type base = null;
    for (Type u : ts) {
      if (!(u.underlying() instanceof Type.Pointer p)) {
        return false;
      }
      if (base != null && !Types.identical(p.elem, base)) {
        return true;
      }
      base = p.elem;
    }
    return false;
  }

  /** Reports a generic function used as a value without instantiation. */
  void noGenericValue(Operand x) {
    if (x.generic != null) {
      Expr e = x.expr.unparen();
      int given = x.typeArgs == null ? 0 : x.typeArgs.size();
      if (given > 0 && given < x.generic.typeParams.size()) {
        // partly instantiated (F[int] of F[T, U]): gc says which one is missing, at the [
        Type.TypeParam tp = x.generic.typeParams.get(given);
        error(opPos(e), "cannot infer " + tp.obj.name + " (" + tp.file + ":" + tp.obj.decl.line + ":"
            + tp.obj.decl.col + ")");
      } else {
        error(start(e), "cannot use generic function " + AstString.expr(e) + " without instantiation");
      }
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

  /** The call whose function expression is being checked (F[S] in F[S](): errors of inferred type arguments at its "("). */
  Expr.Call calleeOf;

  /** Set while a name is resolved as a type (gc: "fmt is not a type", not "use of package fmt not in selector"). */
  boolean typeWanted;

  /** The arguments of the function calls checked so far (gc evaluates them allowing generics). */
  final java.util.Set<Expr> callArgExprs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /** Notes a call's arguments for exclude (a parenthesized one is checked inside, as gc's). */
  void noteCallArgs(List<Expr> args) {
    for (Expr a : args) {
      if (a.unparen() == a) {
        callArgExprs.add(a);
      }
    }
  }

  /** Operands already checked (a builtin's argument checked to see whether it has several results). */
  final Map<Expr, Operand> prechecked = new java.util.IdentityHashMap<>();

  /** Checks e as a single value. */
  Operand expr(Expr e) {
    return expr(e, null);
  }

  Operand expr(Expr e, Type hint) {
    return singleValueOf(rawExpr(e, hint));
  }

  /** x as a single value: a generic function without instantiation, a type or a tuple is an error. */
  Operand singleValueOf(Operand x) {
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
    return assignedExpr(e, target, null, null);
  }

  /**
   * assignedExpr naming the target for gc's errors when a generic function's type arguments
   * cannot be inferred from it: {@code of} is what it is assigned to ("a", "p.x", "result
   * variable"), or {@code call} the call it is an argument of.
   */
  Operand assignedExpr(Expr e, Type target, String of, Expr.Call call) {
    // (as in gc, a parenthesized generic function takes nothing from the target; an argument
    // is inferred from any parameter type: fmt.Sprint(Id) cannot infer T)
    if (target == null || !(target.underlying() instanceof Type.Signature) && call == null || e.unparen() != e) {
      return expr(e);
    }
    Operand x = rawExpr(e, null);
    if (x.generic != null) {
      inferFromTarget(x, target, of, call);
    }
    return singleValueOf(x);
  }

  /**
   * Instantiates the generic function x.generic with the type arguments target (a function type)
   * implies; without a description of the target, a failure is left to noGenericValue.
   */
  abstract void inferFromTarget(Operand x, Type target, String of, Expr.Call call);

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
        if (x.type instanceof Type.Named n && !n.typeParams.isEmpty() && n.typeArgs == null && x.expr != null
            && !callArgExprs.contains(x.expr)) {
          // gc's nonGeneric comes first: a generic type is reported as such (not as a call's
          // argument, which gc checks allowing generic functions)
          Expr g = x.expr.unparen(); // (checked inside its parentheses, as gc's)
          errorAt(g, "cannot use generic type " + AstString.expr(g) + " without instantiation");
        } else {
          errorAt(x, x + " is not an expression");
        }
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
        errorAt(y, "invalid operation: " + (pointersOfDifferentBases(y.type) ? "pointers of " + y + " must have identical base types"
            : "cannot indirect " + y));
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

  static void copyInto(Operand x, Operand y) {
    x.mode = y.mode;
    x.type = y.type;
    x.val = y.val;
    x.builtin = y.builtin;
    x.generic = y.generic;
    x.typeArgs = y.typeArgs;
  }

  void ident(Operand x, Expr.Ident e) {
    if (e.name.equals("_")) {
      if (e.obj instanceof Obj.TypeName tn) {
        operandFromObj(x, tn, e); // a blank receiver type parameter: func (t T[_]) M()
        return;
      }
      errorAt(e, "cannot use _ as value or type");
      return;
    }
    Obj obj = scope.lookup(e.name);
    if (obj == null) {
      errorAt(e, "undefined: " + e.name);
      return;
    }
    Map<Obj, File.Import> dots = dotImports.get(fileScope);
    File.Import dot = dots == null ? null : dots.get(obj);
    if (dot != null) {
      dot.used = true;
    }
    e.obj = obj;
    operandFromObj(x, obj, e);
  }

  private void operandFromObj(Operand x, Obj obj, Expr at) {
    if (obj instanceof Obj.PkgName p) {
      // gc 1.23's wording; not a use
      errorAt(at, typeWanted ? p.name + " is not a type" : "use of package " + p.name + " not in selector");
      return;
    }
    objDecl(obj);
    if (obj instanceof Obj.Const c) {
      if (c == Universe.IOTA) {
        if (typeWanted) {
          errorAt(at, "iota is not a type");
          return;
        }
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
        overflow(x, lit); // a literal past gc's 512 bits too
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

  void selector(Operand x, Expr.Selector e) {
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
    // (Set[T] in a method of Set, T its receiver's parameter, is Set itself: instantiated all the same)
    if (y.mode == TYPEXPR && y.type instanceof Type.Named g && !g.typeParams.isEmpty() && g.typeArgs == null
        && !(e.x.unparen() instanceof Expr.Index || e.x.unparen() instanceof Expr.IndexList)) {
      errorAt(e.x, "cannot use generic type " + AstString.expr(e.x) + " without instantiation");
      return;
    }
    if (y.mode == TYPEXPR) {
      methodExpr(x, e, y.type);
      return;
    }
    Type T = y.type;
    if (Types.isNil(T)) {
      errorAt(e.sel, AstString.expr(e) + " undefined (type untyped nil has no field or method " + sel + ")");
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
      } else if (T.underlying() instanceof Type.Pointer tp && tp.elem instanceof Type.TypeParam) {
        why = "type " + T + " is pointer to type parameter, not type parameter";
      } else {
        why = LookupErrors.describe(T, sel, Types.lookupFold(T, sel), false, pkg);
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
    if (T.underlying() instanceof Type.Pointer p && p.elem instanceof Type.TypeParam) {
      // *T has no methods, whatever T's constraint has
      errorAt(e.sel, AstString.expr(e) + " undefined (type " + T + " is pointer to type parameter, not type parameter)");
      return;
    }
    if (T.underlying() instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Interface) {
      // *I has no methods, whatever I has
      errorAt(e.sel, AstString.expr(e) + " undefined (type " + T + " is pointer to interface, not interface)");
      return;
    }
    Types.Lookup l = Types.lookup(T, sel, pkg);
    if (l != null && l.ambiguous()) {
      errorAt(e.sel, "ambiguous selector " + AstString.expr(e)); // as for a value's selector
      return;
    }
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
      error(e.sel, "invalid method expression " + T + "." + sel + " (needs pointer receiver (*" + T + ")." + sel + ")");
      return;
    }
    e.sel.obj = m;
    Type.Signature s = (Type.Signature) m.type;
    List<Obj.Var> params = new ArrayList<>();
    // gc names the receiver only when the parameters have names (func(t T, x int), func(T)), as _ if it has none
    String recvName = "";
    if (!s.params.vars.isEmpty() && !s.params.vars.get(0).name.isEmpty()) {
      recvName = s.recv == null || s.recv.name.isEmpty() ? "_" : s.recv.name;
    }
    params.add(new Obj.Var(recvName, null, pkg, T));
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

  void index(Operand x, Expr.Index e) {
    Operand y = rawExpr(e.x, null);
    if (!y.invalid() && instantiation(x, y, e, List.of(e.index))) {
      return;
    }
    noGenericValue(y);
    if (y.mode == NOVALUE || y.mode == BUILTIN) { // gc's words for each; the index is only used
      if (y.mode == NOVALUE) {
        errorAt(y, y + " used as value or type");
      } else {
        error(e.lbrackLine, e.lbrackCol, "invalid operation: cannot index " + y);
      }
      rawExpr(e.index, null);
      return;
    }
    singleValue(y);
    if (y.invalid()) {
      useAll(e.index); // (a type too: the base may be an invalid generic type, as gc's check.use)
      return;
    }
    if (y.mode == TYPEXPR) {
      errorAt(e, "invalid operation: " + AstString.expr(e) + " (" + AstString.expr(e.x) + " is not a generic type)");
      return;
    }
    Type u = y.type.underlying();
    if (Types.isString(y.type)) {
      long len = y.mode == CONSTANT ? ((Constant.Str) y.val).value.length : -1;
      indexValue(e.index, len); // a byte value, never a constant (spec: Index expressions)
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
    if (u instanceof Type.Pointer p && !(p.elem instanceof Type.TypeParam) && p.elem.underlying() instanceof Type.Array a) {
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
    long[] length = {-2};
    Type elem = termsElem(y.type, length);
    if (elem != null) { // a type parameter without a core type whose types all index alike
      indexValue(e.index, length[0]);
      boolean value = !everyTerm(y.type, t -> !Types.isString(t))
          || y.mode != VARIABLE && !everyTerm(y.type, t -> !(t.underlying() instanceof Type.Array));
      x.mode = value ? VALUE : VARIABLE;
      x.type = elem;
      return;
    }
    rawExpr(e.index, null); // used, as gc's check.use: a type there is no second error
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

  static boolean lenOK(Type t, boolean len) {
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
  private static Type termsElem(Type t, long[] length) {
    Type[] elem = new Type[1];
    boolean ok = everyTerm(t, term -> {
      Type u = term.underlying();
      if (u instanceof Type.Pointer p && !(p.elem instanceof Type.TypeParam) && p.elem.underlying() instanceof Type.Array pa) {
        u = pa;
      }
      Type e = Types.isString(term) ? Universe.BYTE
          : u instanceof Type.Slice s ? s.elem : u instanceof Type.Array a ? a.elem : null;
      if (e == null || elem[0] != null && !Types.identical(elem[0], e)) {
        return false;
      }
      // as gc: the first type's length (-1: none), lowered by a shorter array's
      long l = u instanceof Type.Array a ? a.len : -1;
      if (elem[0] == null || l >= 0 && l < length[0]) {
        length[0] = l;
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
    if (y.mode == TYPEXPR && y.type instanceof Type.Named n && declaringTypeParams.contains(n)) {
      // a generic type named in its own type parameter list (type T[P T[P]]): gc's cycle
      typeParamsCycle(n.obj);
      useList(args);
      return true;
    }
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
  void indexList(Operand x, Expr.IndexList e) {
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
        errorAt(y, "invalid operation: " + y + " (slice of unaddressable value)");
        return;
      }
      markAddressTaken(e.x);
      len = a.len;
      x.type = new Type.Slice(a.elem);
    } else if (u instanceof Type.Pointer p && !(p.elem instanceof Type.TypeParam) && p.elem.underlying() instanceof Type.Array a) {
      len = a.len;
      x.type = new Type.Slice(a.elem);
    } else if (u instanceof Type.Slice) {
      x.type = y.type;
    } else if (TypeSets.allTerms(y.type, t -> Types.isString(t.underlying()) || Types.isByteSlice(t.underlying()))) {
      if (e.slice3) { // (~[]byte | ~string: the spec's "bytestring", sliced as a string)
        errorAt(e.max != null ? e.max : e.x, "invalid operation: 3-index slice of string");
        return;
      }
      x.type = y.type;
    } else {
      boolean noCore = y.type instanceof Type.TypeParam tp && tp.core == null;
      errorAt(y, "invalid operation: cannot slice " + y + (noCore ? ": " + y.type + " has no core type" : ""));
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
    if (e.assertType == null) {
      errorAt(e, "invalid syntax tree: use of .(type) outside type switch");
      expr(e.x);
      return;
    }
    Operand y = expr(e.x);
    if (y.invalid()) {
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
    // a type parameter gets no static check, as in gc, so an instance's assertion may be one that
    // cannot succeed: it fails at run time
    if (!Types.isInterface(T) && !(T instanceof Type.TypeParam) && instanceDepth == 0) {
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

  /** Looks up a name from the current scope. */
  Obj lookup(String name) {
    return scope.lookup(name);
  }

  Scope newScope() {
    scope = new Scope(scope);
    return scope;
  }

}
