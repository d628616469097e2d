package gol.interp.check;

import static gol.interp.check.Operand.Mode.BUILTIN;
import static gol.interp.check.Operand.Mode.CONSTANT;
import static gol.interp.check.Operand.Mode.INVALID;
import static gol.interp.check.Operand.Mode.NOVALUE;
import static gol.interp.check.Operand.Mode.TYPEXPR;
import static gol.interp.check.Operand.Mode.VALUE;

import gol.interp.parse.AstString;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Selection;
import gol.interp.types.Type;
import gol.interp.types.Type.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;


/** Calls: arguments against signatures, conversions and the builtin functions. */
abstract class CallChecker extends TypeExprChecker {
  CallChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  // ====================================================================================
  // Calls
  // ====================================================================================

  /** Which kind of call a checked expression was: for "is not used" and go/defer checks. */
  enum CallKind { CONVERSION, EXPRESSION, STATEMENT }

  /** The kind of the last call checked by {@link #call}, read right after it by statements. */
  CallKind lastCallKind = CallKind.EXPRESSION;

  @Override
  void call(Operand x, Expr.Call e) {
    Expr.Call savedCallee = calleeOf;
    calleeOf = e;
    Operand f;
    try {
      f = rawExpr(e.fun, null);
    } finally {
      calleeOf = savedCallee;
    }
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
      if (!(T instanceof Type.TypeParam) && T.underlying() instanceof Type.Interface it && TypeSets.constraintOnly(it)) {
        error(e, "cannot use interface " + T + " in conversion (contains specific type constraints or is comparable)");
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
    noteCallArgs(e.args);
    List<Operand> args = argList(e, sig);
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

  /**
   * The underlying types gc's underIs visits: those of a type parameter's type set (one null
   * when it has no specific types), else t's own.
   */
  static List<Type> underTypes(Type t) {
    if (!(t instanceof Type.TypeParam tp)) {
      return List.of(t.underlying());
    }
    List<Type> ts = TypeSets.termTypes(tp);
    List<Type> out = new ArrayList<>();
    if (ts == null || ts.isEmpty()) {
      out.add(null);
      return out;
    }
    for (Type u : ts) {
      out.add(u.underlying());
    }
    return out;
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

  /**
   * The arguments of a call of a generic function: a generic function among them stays
   * uninstantiated (Operand.generic), to be inferred with the callee's type arguments.
   */
  List<Operand> argListKeepingGenerics(List<Expr> args) {
    if (args.size() == 1) {
      return multiExpr(args.get(0), false);
    }
    List<Operand> out = new ArrayList<>();
    for (Expr a : args) {
      Operand x = rawExpr(a, null);
      if (x.generic != null) {
        out.add(x);
      } else {
        out.add(singleValueOf(x));
      }
    }
    return out;
  }

  /** The arguments of a call of a non-generic function: each checked against its parameter. */
  private List<Operand> argList(Expr.Call call, Type.Signature sig) {
    List<Expr> args = call.args;
    boolean ellipsis = call.ellipsis;
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
      out.add(assignedExpr(args.get(i), p, null, call));
    }
    return out;
  }

  void arguments(Expr.Call call, Type.Signature sig, List<Operand> args) {
    for (Operand a : args) {
      if (a.invalid()) {
        // still check the count below for a better message only when all are valid
        for (Operand b : args) {
          if (!b.invalid() && Types.isUntyped(b.type) && !b.isNil()) { // nil stays, as gc reports nothing
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
        errorAt(call, "cannot use ... in call to non-variadic " + fname);
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
      error(at, q + " arguments in call to " + fname + "\n\thave " + typesSummary(have, false)
          + "\n\twant " + typesSummary(want, sig.variadic));
      for (Operand a : args) {
        if (Types.isUntyped(a.type) && !a.isNil()) { // gives constants their default type; nil stays
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
  static String typesSummary(List<Type> list, boolean variadic) {
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
      b.append(s);
    }
    return b.append(')').toString();
  }

  // ---- conversions ----

  void conversion(Operand x, Type T) {
    boolean constArg = x.mode == CONSTANT;
    Operand arg = x.copy(); // the constant as given (a conversion to a type parameter drops its value)
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
      if (!ok && k.isInteger() && ConstOps.toInt(x.val) != null) {
        // an integral value is an integer by now, as go/types' conversion leaves it: the message
        // reads "(untyped float constant 10000000000)", not 1e+10
        x.val = ConstOps.toInt(x.val);
      }
      if (!ok && Types.isInteger(x.type) && Types.isInteger(T)) {
        errorAt(x, "constant " + ConstOps.toString(x.val) + " overflows " + T);
        x.setInvalid();
        return;
      }
    } else if (constArg && T instanceof Type.TypeParam tp) {
      // a constant converts to a type parameter when it converts to every type in its type set;
      // the result is no constant
      String cause = constToTypeParamCause(x, tp);
      x.mode = VALUE; // (gc's message names the operand so too)
      if (cause != null) {
        errorAt(x, "cannot convert " + x + " to type " + T + ": " + cause);
        x.setInvalid();
        return;
      }
      ok = true;
      x.mode = VALUE;
      x.val = null;
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
      errorAt(x, "cannot convert " + x + " to type " + T + conversionCause(x, T));
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
        // (string(1 << 70) keeps its untyped type; to a type parameter, no longer a constant, not)
        if (constArg && Types.isConstType(fin) && !(Types.isInteger(x.type) && Types.isString(T) && !(T instanceof Type.TypeParam))) {
          // the constant takes its default type, and must fit it (gc: 1 << 100 overflows int
          // in any(1 << 100), or in U(1 << 100) for a type parameter U of floats)
          representable(arg, fin);
          if (arg.invalid()) {
            x.setInvalid();
            return;
          }
        }
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
        if (u instanceof Type.Pointer p && !(p.elem instanceof Type.TypeParam) && p.elem.underlying() instanceof Type.Array) {
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
          // (of a type parameter, even one whose types are all [4]int, the length is a value)
          if (!hasCallOrRecv(args.get(0)) && !(a.type instanceof Type.TypeParam)) {
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
              + (u instanceof Type.TypeParam ? ": no core type" : "; type must be slice, map, or channel"));
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
          String cause = s.isNil() ? "have untyped nil"
              : s.type instanceof Type.TypeParam tp ? s + (tp.core != null ? " has core type " + tp.core : " has no core type")
              : "have " + s;
          errorAt(s, "first argument to append must be a slice; " + cause);
          useList(args.subList(1, nargs));
          return;
        }
        if (call.ellipsis && nargs == 2) {
          Operand t = expr(args.get(1));
          if (t.invalid()) {
            return;
          }
          boolean bytes = Types.isBytesOrRunes(s.type) && ((Type.Slice) s.type.underlying()).elem.underlying() instanceof Type.Basic eb
              && eb.kind == Kind.UINT8;
          if (bytes && Types.isString(t.type)) {
            assignment(t, null, "argument to append");
          } else if (bytes && t.type instanceof Type.TypeParam && TypeSets.allTerms(t.type, // (no lambda on hello's path)
              u -> Types.isString(u.underlying()) || Types.isByteSlice(u.underlying()))) {
            // append(b, s...) with s of a type parameter in ~string | ~[]byte: the spec's bytestring
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
        String srcDesc = src.toString(); // gc's messages describe an untyped source as written
        if (Types.isUntyped(src.type)) {
          assignment(src, null, "argument to copy");
        }
        x.mode = VALUE;
        x.type = Universe.INT;
        if (!(dst.type.underlying() instanceof Type.Slice ds)) {
          errorAt(dst, "invalid argument: copy expects slice arguments; found " + dst + " and " + srcDesc);
          x.setInvalid();
          return;
        }
        Type se;
        if (src.type.underlying() instanceof Type.Slice ss) {
          se = ss.elem;
        } else if (Types.isString(src.type)
            || TypeSets.allTerms(src.type, t -> Types.isString(t.underlying()) || Types.isByteSlice(t.underlying()))) {
          se = Universe.BYTE; // a string, or a type parameter of ~[]byte | ~string (gc's coreString)
        } else {
          errorAt(dst, "invalid argument: copy expects slice arguments; found " + dst + " and " + srcDesc);
          x.setInvalid();
          return;
        }
        if (!Types.identical(ds.elem, se)) {
          errorAt(dst, "invalid argument: arguments to copy " + dst + " and " + srcDesc + " have different element types "
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
        // as gc, every type of a type parameter's set must be a map, all with one key type
        Type key = null;
        for (Type u : underTypes(m.type)) {
          String why = !(u instanceof Type.Map mt) ? " is not a map"
              : key != null && !Types.identical(mt.key, key) ? "" : null;
          if (why != null) {
            errorAt(m, "invalid argument: " + (why.isEmpty() ? "maps of " + m + " must have identical key types" : m + why));
            x.setInvalid();
            return;
          }
          key = ((Type.Map) u).key;
        }
        assignment(k, key, "argument to delete");
        return;
      }
      case CLOSE: {
        Operand c = expr(args.get(0));
        x.mode = NOVALUE;
        if (c.invalid()) {
          return;
        }
        for (Type u : underTypes(c.type)) { // (each type of a type parameter's set)
          if (!(u instanceof Type.Chan ch)) {
            errorAt(c, "invalid operation: cannot close non-channel " + c);
            x.setInvalid();
            return;
          }
          if (ch.dir == Type.Chan.Dir.RECV) {
            errorAt(c, "invalid operation: cannot close receive-only channel " + c);
            x.setInvalid();
            return;
          }
        }
        return;
      }
      case CLEAR: {
        Operand c = expr(args.get(0));
        x.mode = NOVALUE;
        if (c.invalid()) {
          return;
        }
        // a type parameter's types must all be maps or slices (no core type needed: each
        // instance clears its own type)
        if (!(c.type.underlying() instanceof Type.Map) && !(c.type.underlying() instanceof Type.Slice)
            && !TypeSets.allTerms(c.type, t -> t.underlying() instanceof Type.Map || t.underlying() instanceof Type.Slice)) {
          errorAt(c, "invalid argument: cannot clear " + c + ": argument must be (or constrained by) map or slice");
          x.setInvalid();
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
              acc = a.copy(); // as go/types, the operand itself (an error later names its expression)
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
          if (a.mode == CONSTANT && Types.isUntyped(a.type) && Types.isTyped(x.type) && a.expr != null) {
            // every untyped constant must fit the final type, not only the one chosen
            Operand c = a.copy();
            if (a.expr.type != null && Types.isUntyped(a.expr.type)) {
              c.type = a.expr.type; // the kind matchTypes widened it to (untyped rune in max(-1, 'a', ...))
            }
            convertUntyped(c, x.type);
          }
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
          // generic code: a value of type uintptr, not a constant (as gc); each instance, checked
          // with its type arguments, has the constant of its own layout
          x.mode = VALUE;
          x.type = Universe.UINTPTR;
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
    if (Sizes.hasVarSize(base)) { // generic code: a value, not a constant (see unsafeBuiltin)
      x.mode = VALUE;
      x.type = Universe.UINTPTR;
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

  /**
   * Whether e (already checked) contains a function call or a receive, as gc counts them: then
   * len or cap of an array is not constant. A builtin call counts unless its result is constant
   * (len("ab") does not); a conversion counts through its operand; a function literal's body
   * does not count.
   */
  static boolean hasCallOrRecv(Expr e) {
    if (e == null) {
      return false;
    }
    if (e instanceof Expr.Call c) {
      if (c.constValue != null) {
        return false;
      }
      if (c.kind != Expr.Call.Kind.CONVERSION) {
        return true;
      }
      return hasCallOrRecv(c.args.isEmpty() ? null : c.args.get(0));
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
    if (e instanceof Expr.SliceExpr s) {
      return hasCallOrRecv(s.x) || hasCallOrRecv(s.lo) || hasCallOrRecv(s.hi) || hasCallOrRecv(s.max);
    }
    if (e instanceof Expr.TypeAssert t) {
      return hasCallOrRecv(t.x);
    }
    if (e instanceof Expr.CompositeLit lit) {
      for (Expr.Element el : lit.elts) {
        // a struct field name as key is not an expression, and has no call
        if (hasCallOrRecv(el.key) || hasCallOrRecv(el.value)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * gc's explanation after "cannot convert x to type T": the assignability cause (a missing
   * method, "need type assertion") when neither side is a type parameter, else nothing.
   */
  private String conversionCause(Operand x, Type T) {
    Type V = x.type;
    if (x.isValue() && (V instanceof Type.TypeParam || T instanceof Type.TypeParam)) {
      return typeParamConversionCause(V, T);
    }
    if (!x.isValue() || V == null || Types.isUntyped(V)) {
      return "";
    }
    String[] cause = new String[1];
    Types.assignable(V, T, pkg, cause);
    return cause[0] == null ? "" : ": " + cause[0];
  }

  /** Why constant x does not convert to every type of tp's type set (gc's words), or null. */
  private String constToTypeParamCause(Operand x, Type.TypeParam tp) {
    List<Type> us = TypeSets.termTypes(tp);
    if (us == null || us.isEmpty()) {
      return tp + " does not contain specific types";
    }
    for (Type t : us) {
      Type u = t.underlying();
      if (Types.isString(x.type) && Types.isBytesOrRunes(u)) {
        continue;
      }
      boolean ok;
      if (Types.isConstType(u)) {
        ok = ConstOps.represent(x.val, Types.kind(u)).code() == ConstOps.OK
            || Types.isInteger(x.type) && Types.isString(u);
      } else {
        ok = Types.convertible(Types.isUntyped(x.type) ? Universe.defaultType(x.type) : x.type, u, pkg);
      }
      if (!ok) {
        return Types.isInteger(x.type) && Types.isInteger(u)
            ? "constant " + ConstOps.toString(x.val) + " overflows " + u + " (in " + tp + ")"
            : "cannot convert " + x + " to type " + u + " (in " + tp + ")";
      }
    }
    return null;
  }

  /** The first pair of specific types (the type sets' terms) that do not convert, as gc names it. */
  private String typeParamConversionCause(Type V, Type T) {
    List<Type> vs = V instanceof Type.TypeParam vp ? TypeSets.termTypes(vp) : List.of(V);
    List<Type> ts = T instanceof Type.TypeParam tp ? TypeSets.termTypes(tp) : List.of(T);
    if (vs == null || ts == null || vs.isEmpty() || ts.isEmpty()) {
      return "";
    }
    for (Type v : vs) {
      for (Type t : ts) {
        if (!Types.convertible(v, t, pkg)) {
          return ": cannot convert " + v + (V instanceof Type.TypeParam ? " (in " + V + ")" : "") + " to type "
              + (T instanceof Type.TypeParam ? t + " (in " + T + ")" : T) + assignCause(V, vs, T, ts);
        }
      }
    }
    return "";
  }

  /**
   * The line gc adds under a conversion's cause: its first test, assignability, leaves a cause
   * when one side is a type parameter and the other has no name (a type literal), naming the
   * first type of the set that is not assignable.
   */
  private String assignCause(Type V, List<Type> vs, Type T, List<Type> ts) {
    if (V instanceof Type.TypeParam vp && !hasName(T)) {
      for (Type v : vs) {
        if (!Types.assignable(v, T, pkg, new String[1])) {
          return "\n\tcannot assign " + v + " (in " + vp + ") to " + T;
        }
      }
    } else if (T instanceof Type.TypeParam tp && !hasName(V)) {
      for (Type t : ts) {
        if (!Types.assignable(V, t, pkg, new String[1])) {
          return "\n\tcannot assign " + V + " to " + t + " (in " + tp + ")";
        }
      }
    }
    return "";
  }

  /** gc's hasName: a basic, defined or type parameter type. */
  private static boolean hasName(Type t) {
    return t instanceof Type.Basic || t instanceof Type.Named || t instanceof Type.TypeParam;
  }
}
