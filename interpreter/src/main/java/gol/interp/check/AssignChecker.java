package gol.interp.check;

import gol.interp.parse.AstString;
import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Scope;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Assignments and declarations: =, :=, op=, var and const declarations, and their checks. */
abstract class AssignChecker extends CallChecker {
  AssignChecker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }


  void assignStmt(Stmt.Assign s) {
    if (s.op == Tok.DEFINE) {
      shortVarDecl(s);
      return;
    }
    if (s.op == Tok.ASSIGN) {
      assignVars(s.lhs, s.rhs);
      return;
    }
    // x op= y
    if (s.lhs.size() != 1 || s.rhs.size() != 1) {
      error(s, "assignment operation " + s.op.text + "= requires single-valued expressions");
      return;
    }
    Operand x = new Operand();
    binary(x, null, s.lhs.get(0), s.rhs.get(0), s.op, s);
    if (x.invalid()) {
      return;
    }
    Type T = lhsVar(s.lhs.get(0));
    if (T != null && !Types.isInvalid(T)) {
      x.expr = s.rhs.get(0);
      assignment(x, T, "assignment");
    }
  }

  /** Checks that x (already evaluated from e) can be assigned to. */
  void checkAssignable(Operand x, Expr e) {
    if (x.mode == Operand.Mode.VARIABLE || x.mode == Operand.Mode.MAPINDEX) {
      return;
    }
    if (e.unparen() instanceof Expr.Selector sel && sel.x.type != null) {
      Expr base = sel.x.unparen();
      if (base instanceof Expr.Index ix && ix.x.type != null && ix.x.type.underlying() instanceof Type.Map) {
        errorAt(e, "cannot assign to struct field " + AstString.expr(e) + " in map");
        return;
      }
    }
    errorAt(e, "cannot assign to " + AstString.expr(e) + " (neither addressable nor a map index expression)");
  }

  /**
   * The type of an assignment's left operand (null for _); a plain variable on the left is not a
   * use of it.
   */
  Type lhsVar(Expr lhs) {
    Expr u = lhs.unparen();
    if (u instanceof Expr.Ident id && id.name.equals("_")) {
      id.obj = null;
      return null;
    }
    Obj.Var v = null;
    boolean wasUsed = false;
    if (u instanceof Expr.Ident id && scope.lookup(id.name) instanceof Obj.Var vv) {
      v = vv;
      wasUsed = vv.used;
    }
    Operand x = expr(lhs);
    if (v != null) {
      v.used = wasUsed;
    }
    if (x.invalid()) {
      return Universe.INVALID;
    }
    if (x.mode != Operand.Mode.VARIABLE && x.mode != Operand.Mode.MAPINDEX) {
      checkAssignable(x, lhs);
      return Universe.INVALID;
    }
    return x.type;
  }

  /** A lone call on the right: its results are matched against the left as a whole (gc's messages). */
  static boolean isSingleCall(List<Expr> rhs) {
    return rhs.size() == 1 && rhs.get(0).unparen() instanceof Expr.Call;
  }

  void assignVars(List<Expr> lhs, List<Expr> rhs) {
    int l = lhs.size();
    int r = rhs.size();
    if (l == r && !isSingleCall(rhs)) {
      for (int i = 0; i < l; i++) {
        Type T = lhsVar(lhs.get(i));
        Operand x = assignedExpr(rhs.get(i), T, AstString.expr(lhs.get(i)), null);
        assignVar(T, x);
      }
      return;
    }
    if (r == 1) {
      List<Operand> xs = multiExpr(rhs.get(0), l == 2);
      if (xs.size() == 1 && xs.get(0).invalid()) {
        for (Expr e : lhs) {
          lhsVar(e);
        }
        return;
      }
      if (xs.size() == l) {
        for (int i = 0; i < l; i++) {
          assignVar(lhsVar(lhs.get(i)), xs.get(i));
        }
        return;
      }
      for (Expr e : lhs) {
        lhsVar(e);
      }
      assignError(rhs, l, xs.size());
      return;
    }
    for (Expr e : lhs) {
      lhsVar(e);
    }
    useList(rhs);
    assignError(rhs, l, r);
  }

  private void assignVar(Type T, Operand x) {
    if (x.invalid()) {
      return;
    }
    if (T == null) {
      assignment(x, null, "assignment to _ identifier"); // gc's context for the blank identifier
    } else if (Types.isInvalid(T)) {
      if (Types.isUntyped(x.type) && x.expr != null) {
        updateExprType(x.expr, Universe.defaultType(x.type));
      }
    } else {
      assignment(x, T, "assignment");
    }
  }

  void assignError(List<Expr> rhs, int l, int r) {
    String vars = l + (l == 1 ? " variable" : " variables");
    String vals = r + (r == 1 ? " value" : " values");
    Expr rhs0 = rhs.get(0);
    if (rhs.size() == 1 && rhs0.unparen() instanceof Expr.Call c) {
      errorAt(rhs0, "assignment mismatch: " + vars + " but " + AstString.expr(c.fun) + " returns " + vals);
    } else {
      errorAt(rhs0, "assignment mismatch: " + vars + " but " + vals);
    }
  }

  /**
   * Initializes new (or, for :=, partly existing) variables from rhs. Variables without a type
   * take the type of their value.
   */
  void initVars(List<Obj.Var> lhs, List<Expr> rhs, String context) {
    int l = lhs.size();
    int r = rhs.size();
    if (l == r && !isSingleCall(rhs)) {
      for (int i = 0; i < l; i++) {
        initVar(lhs.get(i), assignedExpr(rhs.get(i), lhs.get(i).type, lhs.get(i).name, null), context);
      }
      return;
    }
    if (r == 1) {
      List<Operand> xs = multiExpr(rhs.get(0), l == 2);
      if (xs.size() == l) {
        for (int i = 0; i < l; i++) {
          initVar(lhs.get(i), xs.get(i), context);
        }
        return;
      }
      if (!(xs.size() == 1 && xs.get(0).invalid())) {
        assignError(rhs, l, xs.size());
      }
    } else {
      useList(rhs);
      assignError(rhs, l, r);
    }
    for (Obj.Var v : lhs) {
      if (v.type == null) {
        v.type = Universe.INVALID;
      }
    }
  }

  void initVar(Obj.Var v, Operand x, String context) {
    if (x.invalid()) {
      if (v.type == null) {
        v.type = Universe.INVALID;
      }
      return;
    }
    if (v.type == null) {
      Type t = x.type;
      if (Types.isUntyped(t)) {
        if (x.isNil()) {
          errorAt(x, "use of untyped nil in " + context);
          v.type = Universe.INVALID;
          return;
        }
        t = Universe.defaultType(t);
      }
      v.type = t;
    }
    assignment(x, v.type, context);
  }

  private void shortVarDecl(Stmt.Assign s) {
    List<Obj.Var> lhsVars = new ArrayList<>();
    List<Obj.Var> newVars = new ArrayList<>();
    List<Expr.Ident> newIds = new ArrayList<>();
    List<String> names = new ArrayList<>();
    boolean bad = false;
    for (Expr e : s.lhs) {
      if (!(e instanceof Expr.Ident id)) {
        rawExpr(e, null);
        errorAt(e, "non-name " + AstString.expr(e) + " on left side of :=");
        bad = true;
        continue;
      }
      if (names.contains(id.name) && !id.name.equals("_")) {
        errorAt(id, id.name + " repeated on left side of :=");
        bad = true;
        continue;
      }
      names.add(id.name);
      Obj existing = id.name.equals("_") ? null : scope.names.get(id.name);
      if (existing instanceof Obj.Var ev) {
        id.obj = ev;
        noteVarRef(ev);
        lhsVars.add(ev);
        continue;
      }
      if (existing != null) {
        errorAt(id, "cannot assign to " + id.name);
        bad = true;
        Obj.Var dummy = new Obj.Var(id.name, id, pkg, null);
        lhsVars.add(dummy);
        continue;
      }
      Obj.Var v = new Obj.Var(id.name, id, pkg, null);
      if (!id.name.equals("_")) {
        id.obj = v;
      }
      lhsVars.add(v);
      newVars.add(v);
      newIds.add(id);
    }
    if (bad) {
      useList(s.rhs);
      for (Obj.Var v : lhsVars) {
        if (v.type == null) {
          v.type = Universe.INVALID;
        }
      }
    } else {
      initVars(lhsVars, s.rhs, "assignment");
    }
    boolean anyNew = false;
    for (int i = 0; i < newVars.size(); i++) {
      Obj.Var v = newVars.get(i);
      newIds.get(i).type = v.type;
      declareLocal(v, newIds.get(i));
      anyNew |= !v.name.equals("_");
    }
    if (!anyNew && !bad) {
      error(defineOpPos(s), "no new variables on left side of :=");
    }
  }

  /** Where gc reports := errors: the operator (estimated from the last left operand, gofmt style). */
  static Node defineOpPos(Stmt.Assign s) {
    Expr last = s.lhs.get(s.lhs.size() - 1);
    if (last instanceof Expr.Ident id && id.line == s.line) {
      // (columns count bytes, as gc's)
      return new Expr.Bad(id.line, id.col + id.name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1);
    }
    return s;
  }

  // ---- local declarations ----

  void localDecl(Decl d) {
    if (d instanceof Decl.Const c) {
      List<Obj.Const> objs = new ArrayList<>();
      for (int i = 0; i < c.names.size(); i++) {
        Expr.Ident id = c.names.get(i);
        Obj.Const obj = new Obj.Const(id.name, id, pkg, null, null);
        id.obj = obj;
        Expr init = i < c.values.size() ? c.values.get(i) : null;
        constDecl(obj, c.type, init, c.iota, c.inherited);
        objs.add(obj);
      }
      arity(c, c.names, c.values, true, c.inherited);
      for (int i = 0; i < objs.size(); i++) {
        declare(scope, objs.get(i), c.names.get(i));
      }
    } else if (d instanceof Decl.Var v) {
      List<Obj.Var> vars = new ArrayList<>();
      for (Expr.Ident id : v.names) {
        Obj.Var obj = new Obj.Var(id.name, id, pkg, null);
        if (!id.name.equals("_")) {
          id.obj = obj;
        }
        vars.add(obj);
      }
      varDecl(vars, v.type, v.values);
      if (!v.values.isEmpty()) {
        arity(v, v.names, v.values, false, false);
      }
      for (int i = 0; i < vars.size(); i++) {
        v.names.get(i).type = vars.get(i).type;
        declareLocal(vars.get(i), v.names.get(i));
      }
    } else if (d instanceof Decl.Type t) {
      Obj.TypeName obj = new Obj.TypeName(t.name.name, t.name, pkg, null);
      t.name.obj = obj;
      if (t.alias) {
        obj.type = aliasedType(t, scope);
        declare(scope, obj, t.name);
        return;
      }
      Type.Named named = new Type.Named(obj, null);
      obj.type = named;
      namedTypes.add(named);
      obj.outerArgs = instanceArgs;
      localTypeNames.add(new LocalTypeName(fileName, obj));
      declare(scope, obj, t.name);
      if (t.typeParams.isEmpty()) {
        defineNamed(named, t.type);
        localTypeDefined(named);
        return;
      }
      // a generic type declared in a function: its parameters scope over its definition only
      Scope saved = scope;
      Scope params = new Scope(scope);
      named.typeParams = declareTypeParams(t.typeParams, params);
      scope = params;
      try {
        defineNamed(named, t.type);
      } finally {
        scope = saved;
      }
      genericTypeDefined(named);
    } else if (d instanceof Decl.Func f) {
      error(f, "function declaration not allowed here");
    }
  }

  /** The type arguments of the generic function or method instance whose body is checked, or null. */
  List<Type> instanceArgs;

  /** A type declared in a function, and the file that declares it (for numbering them, see Obj.TypeName.vargen). */
  record LocalTypeName(String file, Obj.TypeName obj) {
  }

  final List<LocalTypeName> localTypeNames = new ArrayList<>();

  /**
   * Numbers the package's local types in source order (files in order, then positions); an
   * instance's copy of a local type takes the number of the declaration it copies.
   */
  void numberLocalTypes(List<String> fileOrder) {
    List<LocalTypeName> all = new ArrayList<>(localTypeNames);
    BySource bySource = new BySource(fileOrder);
    all.sort(bySource);
    int n = 0;
    LocalTypeName prev = null;
    for (LocalTypeName l : all) {
      if (prev == null || bySource.compare(prev, l) != 0) {
        n++;
      }
      l.obj().vargen = n;
      prev = l;
    }
  }

  /**
   * Local types in source order: file, line, column. A class, not a lambda: a hello world's
   * start-up links no lambda (StartupClassesTest).
   */
  private static final class BySource implements java.util.Comparator<LocalTypeName> {
    private final List<String> fileOrder;

    BySource(List<String> fileOrder) {
      this.fileOrder = fileOrder;
    }

    @Override
    public int compare(LocalTypeName a, LocalTypeName b) {
      int c = Integer.compare(fileOrder.indexOf(a.file()), fileOrder.indexOf(b.file()));
      if (c == 0) {
        c = Integer.compare(a.obj().decl.line, b.obj().decl.line);
      }
      return c != 0 ? c : Integer.compare(a.obj().decl.col, b.obj().decl.col);
    }
  }

  /** Checks a type declared in a function for cycles through itself (see Checker). */
  abstract void localTypeDefined(Type.Named named);

  /** gc's report of an invalid recursive type whose members are the types (instances) as written. */
  abstract void reportTypeCycle(List<Type.Named> cycle);

  /**
   * The type an alias declaration names. A generic alias (type A[T any] = []T) is Go 1.24's:
   * Go 1.23 refuses it, as gol does, after checking its right-hand side with its parameters.
   */
  Type aliasedType(Decl.Type t, Scope outer) {
    if (t.typeParams.isEmpty()) {
      return typExprConstraint(t.type); // type A = comparable
    }
    error(t.name, "generic type alias requires GOEXPERIMENT=aliastypeparams");
    Scope saved = scope;
    scope = new Scope(outer);
    try {
      declareTypeParams(t.typeParams, scope);
      typExpr(t.type);
    } finally {
      scope = saved;
    }
    return Universe.INVALID;
  }

  /** Sets a defined type's underlying type from its type expression. */
  void defineNamed(Type.Named named, Expr typeExpr) {
    Type u;
    Type.Named outer = defining;
    defining = named;
    try {
      if (typeExpr instanceof Expr.InterfaceType it) {
        u = interfaceType(it, named);
        typeExpr.type = u;
        typeExpr.isType = true;
      } else {
        // type C comparable: a constraint may be named (it is then one); type N A: N's underlying type is A's, not the alias
        u = typExprConstraint(typeExpr).unalias();
      }
    } finally {
      defining = outer;
    }
    if (u instanceof Type.TypeParam) {
      errorAt(typeExpr, "cannot use a type parameter as RHS in type declaration");
      u = Universe.INVALID;
    }
    if (u instanceof Type.Named n) {
      if (n != named) {
        declaredBase.put(named, n);
      }
      if (n == named) {
        reportCycle(false, List.of(named.obj)); // type T T
        u = Universe.INVALID;
      } else if (n.under == null) {
        // n is still being declared: a cycle through names (type A B; type B A, reported by
        // resolvePendingUnderlying), or type T2 T1 met inside T1's struct { next *T2 }: then
        // T2 takes T1's underlying type once the package's types are done
        pendingUnder.add(new Type.Named[] {named, n});
        u = Universe.INVALID;
      } else {
        u = n.underlying();
        if (Types.isInvalid(u)) {
          pendingUnder.add(new Type.Named[] {named, n}); // n may be pending itself (a chain)
        }
      }
    }
    named.under = u;
  }

  /**
   * The defined type each defined type was declared with ({@code type S T}: T; an instance for
   * {@code type S[P any] T[P]}): an invalid recursive type's report goes through it, as gc's does.
   */
  final Map<Type.Named, Type.Named> declaredBase = new IdentityHashMap<>();

  /** The defined type whose definition is being checked (where an instantiation is written), or null. */
  Type.Named defining;

  /** Defined types whose underlying type was not known yet when they were declared: {named, its base}. */
  final List<Type.Named[]> pendingUnder = new ArrayList<>();

  /** Gives each pending defined type its base's underlying type (chains settle in a few rounds). */
  void resolvePendingUnderlying() {
    boolean changed = true;
    while (changed && !pendingUnder.isEmpty()) {
      changed = false;
      for (java.util.Iterator<Type.Named[]> it = pendingUnder.iterator(); it.hasNext(); ) {
        Type.Named[] p = it.next();
        Type u = p[1].under == null ? null : p[1].underlying();
        if (u != null && !Types.isInvalid(u)) {
          p[0].under = u;
          it.remove();
          changed = true;
        }
      }
    }
    reportNameCycles();
    pendingUnder.clear(); // true cycles stay invalid
  }

  /** The pending types left form chains of names; those that close a loop are gc's cycles. */
  private void reportNameCycles() {
    Map<Type.Named, Type.Named> base = new IdentityHashMap<>();
    for (Type.Named[] p : pendingUnder) {
      base.put(p[0], p[1]);
    }
    Set<Type.Named> seen = new HashSet<>();
    for (Type.Named[] p : pendingUnder) {
      List<Type.Named> path = new ArrayList<>();
      Type.Named t = p[0];
      boolean generic = false;
      while (t != null && seen.add(t)) {
        path.add(t);
        Type.Named b = base.get(t);
        // an instance (type A[P any] B[P]) stands for its generic type, whose definition goes on
        generic |= b != null && b.origin != null;
        t = b != null && b.origin != null ? b.origin : b;
      }
      int i = path.indexOf(t);
      if (t != null && i >= 0) { // the walk came back to a type of its own path: a loop
        if (generic) {
          // gc names the instances as written, each where the member before it refers to it
          List<Type.Named> loop = path.subList(i, path.size());
          int first = 0; // from the member declared first, as gc's walk
          for (int k = 1; k < loop.size(); k++) {
            if (declaredBefore(loop.get(k).obj, loop.get(first).obj)) {
              first = k;
            }
          }
          List<Type.Named> written = new ArrayList<>();
          for (int k = 0; k < loop.size(); k++) {
            written.add(base.get(loop.get((first + k) % loop.size())));
          }
          reportTypeCycle(written);
          continue;
        }
        List<Obj> cycle = new ArrayList<>();
        for (Type.Named c : path.subList(i, path.size())) {
          cycle.add(c.obj);
        }
        reportCycle(false, cycle);
      }
    }
  }

  /**
   * gc's count check of a const or var spec's names against its values (a var spec's single
   * value may be a call with several results: initVars checks that one).
   */
  void arity(Node spec, List<Expr.Ident> names, List<Expr> values, boolean constDecl, boolean inherited) {
    int l = names.size();
    int r = values.size();
    if (l < r) {
      Expr extra = values.get(l);
      if (inherited) {
        error(spec, "extra init expr at " + pos(start(extra)));
      } else {
        errorAt(extra, "extra init expr " + AstString.expr(extra));
      }
    } else if (l > r && (constDecl || r != 1)) {
      error(names.get(r), "missing init expr for " + names.get(r).name);
    }
  }

  /**
   * A constant's declaration. An inherited initializer (the implicit repetition of the previous
   * spec's, {@code b} after {@code a uint8 = 254 + iota}) reports its errors at the constant's name,
   * as gc does: the expression written is another constant's.
   */
  void constDecl(Obj.Const obj, Expr typ, Expr init, int iotaVal, boolean inherited) {
    Constant savedIota = iota;
    Node savedErrPos = errPos;
    iota = Constant.Int.of(iotaVal);
    try {
      Type t = null;
      if (typ != null) {
        t = typExpr(typ);
        if (Types.isInvalid(t)) {
          obj.type = Universe.INVALID;
          return;
        }
        if (!Types.isConstType(t)) {
          errorAt(typ, "invalid constant type " + t);
          obj.type = Universe.INVALID;
          return;
        }
      }
      if (init == null) {
        obj.type = Universe.INVALID;
        return;
      }
      if (inherited) {
        errPos = obj.decl;
      }
      Operand x = expr(init);
      if (!x.invalid() && x.mode != Operand.Mode.CONSTANT) {
        errorAt(x, x + " is not constant");
        x.setInvalid();
      }
      if (!x.invalid() && t != null) {
        assignment(x, t, "constant declaration");
      }
      if (x.invalid()) {
        obj.type = Universe.INVALID;
        return;
      }
      obj.type = x.type;
      obj.value = x.val;
    } finally {
      iota = savedIota;
      errPos = savedErrPos;
    }
  }

  void varDecl(List<Obj.Var> vars, Expr typ, List<Expr> values) {
    if (typ != null) {
      Type t = typExpr(typ);
      for (Obj.Var v : vars) {
        v.type = t;
      }
    }
    if (values.isEmpty()) {
      for (Obj.Var v : vars) {
        if (v.type == null) {
          v.type = Universe.INVALID;
        }
      }
      return;
    }
    if (vars.size() == 1 && values.size() == 1) {
      initVar(vars.get(0), assignedExpr(values.get(0), vars.get(0).type, vars.get(0).name, null), "variable declaration");
      return;
    }
    if (values.size() == 1 || values.size() == vars.size()) {
      initVars(vars, values, "variable declaration");
      return;
    }
    // counts that do not match (reported by arity): each variable takes the value at its place
    for (int i = 0; i < vars.size(); i++) {
      Obj.Var v = vars.get(i);
      if (i < values.size()) {
        initVar(v, assignedExpr(values.get(i), v.type, v.name, null), "variable declaration");
      } else if (v.type == null) {
        v.type = Universe.INVALID;
      }
    }
  }

}
