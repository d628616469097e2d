package gol.interp.check;

import static gol.interp.check.Operand.Mode.CONSTANT;
import static gol.interp.check.Operand.Mode.INVALID;
import static gol.interp.check.Operand.Mode.NOVALUE;
import static gol.interp.check.Operand.Mode.TYPEXPR;

import gol.interp.parse.AstString;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;


/** Type expressions: the types that names, literals of types and instantiations denote. */
abstract class TypeExprChecker extends OperatorChecker {
  TypeExprChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  /** Whether a type expression is being read as a constraint (where constraint interfaces may stand). */
  private boolean inConstraint;

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

  @Override
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

  @Override
  Type typExprInternal(Expr e) {
    if (e instanceof Expr.Ident || e instanceof Expr.Selector || e instanceof Expr.Index || e instanceof Expr.IndexList) {
      Operand x = new Operand();
      x.expr = e;
      if (e instanceof Expr.Ident id) {
        boolean saved = typeWanted;
        typeWanted = true;
        try {
          ident(x, id);
        } finally {
          typeWanted = saved;
        }
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
            errorAt(e, "cannot use generic type " + Generics.withParams(n.obj.pkg == null || n.obj.pkg.isMain() ? n.obj.name : gol.interp.types.Qualifier.of(n.obj.pkg) + "." + n.obj.name,
                n.typeParams) + " without instantiation");
            return Universe.INVALID;
          }
          return x.type;
        case INVALID:
          return Universe.INVALID;
        case NOVALUE:
          errorAt(e, x + " used as type");
          return Universe.INVALID;
        default:
          // gc names an identifier as written, a field or method selector as written at its
          // name, and describes other operands (a qualified name: "fmt.Println (value of type ...)")
          if (e instanceof Expr.Selector sel && !(sel.x instanceof Expr.Ident pid && lookup(pid.name) instanceof Obj.PkgName)) {
            errorAt(sel.sel, AstString.expr(e) + " is not a type");
          } else {
            errorAt(e, (e instanceof Expr.Ident ? AstString.expr(e) : x.toString()) + " is not a type");
          }
          return Universe.INVALID;
      }
    }
    if (e instanceof Expr.Paren p) {
      return typExpr(p.x);
    }
    if (e instanceof Expr.Star s) {
      Type base = typExpr(s.x);
      // as gc: a pointer to an invalid type is invalid, so it causes no follow-on errors
      return base != null && Types.isInvalid(base) ? Universe.INVALID : new Type.Pointer(base);
    }
    if (e instanceof Expr.ArrayType a) {
      if (a.len == null) {
        return new Type.Slice(typExpr(a.elem));
      }
      if (a.len instanceof Expr.Ellipsis) {
        errorAt(a, "invalid use of [...] array (outside a composite literal)"); // at the [
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
      return uniqueParamNames(funcType(f, null));
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
      errorAt(e, AstString.expr(e) + " is not a type"); // gc names the expression, not the operand
    }
    return Universe.INVALID;
  }

  /** Map key types to check for comparability once all types are complete: {Type, Expr}. */
  final List<Object[]> pendingMapKeys = new ArrayList<>();

  private long arrayLength(Expr e) {
    if (e instanceof Expr.Ident name) {
      // perhaps a generic type declared without its constraint (type A[N] int): gc says so
      Obj obj = lookup(name.name);
      if (obj == null) {
        errorAt(e, "undefined array length " + name.name + " or missing type constraint");
        return -1;
      }
      if (!(obj instanceof Obj.Const)) {
        errorAt(e, "invalid array length " + name.name);
        return -1;
      }
    }
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
      }
    }
    errorAt(e, (Types.isInteger(x.type) ? "invalid array length " : "array length ") + x
        + (Types.isInteger(x.type) ? "" : " must be integer"));
    return -1;
  }

  /** A function type; with {@code recv}, a method signature. Parameters become Obj.Vars. */
  @Override
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

  /**
   * A function type's parameter and result names are one block, as a function's are (where
   * declaring them in its scope finds a duplicate): gc's "redeclared in this block".
   */
  private Type.Signature uniqueParamNames(Type.Signature s) {
    Map<String, Obj.Var> seen = new HashMap<>();
    for (Type.Tuple t : List.of(s.params, s.results)) {
      for (Obj.Var v : t.vars) {
        if (v.name.isEmpty() || v.name.equals("_")) {
          continue;
        }
        Obj.Var other = seen.putIfAbsent(v.name, v);
        if (other != null) {
          error(v.decl, v.name + " redeclared in this block\n\t" + pos(other.decl) + ": other declaration of " + v.name);
        }
      }
    }
    return s;
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
          t = elem; // the "..." ignored, as types2 does
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
      if (f.badTag != null) {
        error(f.badTag, "invalid syntax tree: incorrect tag syntax: "
            + ConstOps.quote(f.badTag.text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      }
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
        } else if (!Types.isInvalid(base) && Types.isUnsafePointer(base)) {
          errorAt(f.type, "embedded field type cannot be unsafe.Pointer");
        } else if (!Types.isInvalid(t) && (base.underlying() instanceof Type.Pointer || base.underlying() instanceof Type.Interface
            && t instanceof Type.Pointer)) {
          errorAt(f.type, "embedded field type cannot be a pointer" + (base.underlying() instanceof Type.Interface ? " to an interface" : ""));
        }
        Obj.Var v = new Obj.Var(name, f, pkg, t);
        v.isField = true;
        v.embedded = true;
        // gc places an embedded field at its type's name (A in *A, T in *p.T)
        Node nameAt = te instanceof Expr.Selector se ? se.sel : te instanceof Expr.Ident ? te : f;
        addField(fields, tags, seen, v, f.tag, nameAt);
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

  /** Interfaces that embed others, checked once the package's types are complete: {Type.Interface, embedding exprs}. */
  final List<Object[]> pendingEmbeddings = new ArrayList<>();

  Type.Interface interfaceType(Expr.InterfaceType it, Type.Named named) {
    List<Obj.Func> methods = new ArrayList<>();
    List<Type> embeddeds = new ArrayList<>();
    Type.Interface t = new Type.Interface(methods, embeddeds);
    List<Type.Term> termSet = null;
    Map<String, Node> seen = new HashMap<>();
    List<Expr> embeddedAt = new ArrayList<>();
    for (int i = 0; i + 1 < it.typeParamsAt.size(); i += 2) {
      // gc's parser reports it and drops the list (a use of its names is then undefined)
      parseError(it.typeParamsAt.get(i), it.typeParamsAt.get(i + 1), "interface method must have no type parameters");
    }
    for (Expr.Field f : it.elems) {
      if (!f.names.isEmpty() && f.type instanceof Expr.FuncType ft) {
        Expr.Ident name = f.names.get(0);
        Type.Signature s = uniqueParamNames(funcType(ft, null));
        Obj.Var recv = new Obj.Var("", null, pkg, named != null ? named : t);
        Obj.Func m = new Obj.Func(name.name, name, pkg, new Type.Signature(recv, s.params, s.results, s.variadic));
        name.obj = m;
        Node other = seen.putIfAbsent(name.name, name);
        if (other != null) {
          errorAt(name, "duplicate method " + name.name + "\n\t" + pos(other) + ": other declaration of method " + name.name);
          continue;
        }
        methods.add(m);
      } else if (f.type instanceof Expr.Union || f.type instanceof Expr.Tilde) {
        if (termSet == null) {
          t.termsAt = embeddeds.size();
        }
        termSet = intersectTerms(termSet, terms(f.type));
      } else {
        Type e = typExprConstraint(f.type);
        if (Types.isInvalid(e)) {
          continue;
        }
        if (e instanceof Type.TypeParam) {
          errorAt(f.type, "term cannot be a type parameter");
          continue;
        }
        if (!Types.isInterface(e) && !(e instanceof Type.Named n && n.under == null)) {
          if (termSet == null) {
            t.termsAt = embeddeds.size();
          }
          termSet = intersectTerms(termSet, List.of(new Type.Term(false, e))); // a type-set element
          continue;
        }
        embeddeds.add(e);
        embeddedAt.add(f.type);
      }
    }
    t.terms = termSet;
    if (!embeddedAt.isEmpty()) {
      pendingEmbeddings.add(new Object[] {t, embeddedAt});
    }
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

}
