package gol.interp.check;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.AstString;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Scope;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generics in the checker: type parameter lists, instantiation of generic types and functions,
 * and function-argument / constraint type inference.
 *
 * <p>How generic code runs (docs/generics.md): a generic body is checked once with its type
 * parameters as types of their own ({@link Type.TypeParam}), which is where the user's errors
 * are found. Each distinct list of type arguments then gets an instance: a fresh syntax tree of
 * the declaration (rebuilt from the parse tree) checked again with the type parameter names
 * standing for the arguments, so the instance is an ordinary function with concrete types that
 * the compiler, the VM's typed opcodes and the JIT handle like any other (monomorphization).
 */
abstract class Generics extends StmtChecker implements Pkg.Instantiator {
  /** Bodies of instances still to check (they may instantiate more). */
  final List<Runnable> pendingBodies = new ArrayList<>();
  /** Whether checkPackage is running; otherwise instance bodies are checked at once. */
  boolean inPackage;
  /** The instantiations written in generic code, for gc's instantiation-cycle error. */
  final InstanceCycles cycles = new InstanceCycles();
  /**
   * Set when an instantiation nested its type arguments deeper than {@link #MAX_NESTING}: an
   * instantiation cycle that would never end. Instantiation stops there, and checkPackage
   * reports the cycle (and nothing found after the trip, which may be its after-effects).
   */
  boolean nestingTripped;
  static final int MAX_NESTING = 40;

  Generics(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  /** Where a package-level function or method was declared. */
  abstract DeclInfo declInfoOf(Decl.Func fd);

  abstract void enterFile(File f);

  // ====================================================================================
  // Type parameter lists
  // ====================================================================================

  /** Declares the type parameters of {@code fields} in scope s, then resolves their constraints. */
  List<Type.TypeParam> declareTypeParams(List<Expr.Field> fields, Scope s) {
    List<Type.TypeParam> out = new ArrayList<>();
    for (Expr.Field f : fields) {
      for (Expr.Ident id : f.names) {
        Obj.TypeName tn = new Obj.TypeName(id.name, id, pkg, null);
        Type.TypeParam tp = new Type.TypeParam(tn);
        tn.type = tp;
        tp.file = fileName;
        cycles.declared(tp, new InstanceCycles.Pos(fileName, id.line, id.col));
        id.obj = tn;
        declare(s, tn, id);
        out.add(tp);
      }
    }
    Scope saved = scope;
    List<Runnable> savedChecks = constraintChecks;
    scope = s;
    constraintChecks = new ArrayList<>();
    try {
      int i = 0;
      for (Expr.Field f : fields) {
        Type c = constraint(f.type);
        for (int k = 0; k < f.names.size(); k++) {
          Type.TypeParam tp = out.get(i++);
          tp.constraint = c;
        }
      }
      for (Type.TypeParam tp : out) {
        tp.core = tp.iface() == null ? null : TypeSets.core(tp.iface());
      }
      List<Runnable> checks = constraintChecks;
      constraintChecks = savedChecks;
      checks.forEach(Runnable::run);
    } finally {
      scope = saved;
      constraintChecks = savedChecks;
    }
    return out;
  }

  /** While a type parameter list's constraints are resolved: the instantiations to verify after. */
  private List<Runnable> constraintChecks;

  /** A constraint: an interface, or a bare union / ~term / type (an implicit interface). */
  Type constraint(Expr e) {
    if (e instanceof Expr.Union || e instanceof Expr.Tilde) {
      return implicitInterface(terms(e));
    }
    Type t = typExprConstraint(e);
    if (t instanceof Type.TypeParam) {
      errorAt(e, "cannot use a type parameter as constraint"); // [T T] would recurse for ever
      return Universe.ANY;
    }
    if (Types.isInvalid(t) || t.underlying() instanceof Type.Interface) {
      return Types.isInvalid(t) ? Universe.ANY : t;
    }
    return implicitInterface(List.of(new Type.Term(false, t)));
  }

  private static Type.Interface implicitInterface(List<Type.Term> terms) {
    Type.Interface it = new Type.Interface(List.of(), List.of());
    it.terms = terms;
    it.implicit = true;
    it.allMethods = List.of();
    return it;
  }

  /** The terms of a union (or of one term). */
  List<Type.Term> terms(Expr e) {
    List<Type.Term> out = new ArrayList<>();
    List<Expr> list = e instanceof Expr.Union u ? u.terms : List.of(e);
    for (Expr t : list) {
      if (t instanceof Expr.Tilde tl) {
        Type ty = typExpr(tl.type);
        if (ty instanceof Type.TypeParam) { // its underlying type is its own constraint: no ~ of it
          errorAt(tl.type, "type in term ~" + ty + " cannot be a type parameter");
          tl.type.isType = true;
          continue;
        }
        if (!Types.isInvalid(ty) && ty.underlying() instanceof Type.Interface) {
          errorAt(tl, "invalid use of ~ (" + ty + " is an interface)");
        } else if (!Types.isInvalid(ty) && ty.underlying() != ty.unalias()) { // (~A of an alias A = int is ~int)
          errorAt(tl, "invalid use of ~ (underlying type of " + ty + " is " + ty.underlying() + ")");
        }
        tl.type.isType = true;
        out.add(new Type.Term(true, ty));
      } else {
        Type ty = typExprConstraint(t);
        if (ty instanceof Type.TypeParam) {
          errorAt(t, "term cannot be a type parameter");
          ty = Universe.INVALID;
        }
        out.add(new Type.Term(false, ty));
      }
    }
    if (list.size() > 1 && out.size() == list.size()) {
      pendingUnions.add(new Object[] {out, list}); // the terms' method sets may not be known yet
    }
    return out;
  }

  /** Unions of several terms, checked once the package's types are complete: {terms, their expressions}. */
  final List<Object[]> pendingUnions = new ArrayList<>();

  /** "Stack[T any]", "Pair[K comparable, V any]": a generic type or function as gc names it. */
  static String withParams(String name, List<Type.TypeParam> tps) {
    // as go/types, parameters sharing one constraint (the same object: [X, Y any]) print it once
    StringBuilder b = new StringBuilder(name).append('[');
    for (int i = 0; i < tps.size(); i++) {
      b.append(i > 0 ? ", " : "").append(tps.get(i).obj.name);
      if (i + 1 == tps.size() || tps.get(i + 1).constraint != tps.get(i).constraint) {
        b.append(' ').append(tps.get(i).constraint);
      }
    }
    return b.append(']').toString();
  }

  // ====================================================================================
  // Instantiating types
  // ====================================================================================

  /** {@code G[args]} in a type: checks the count and the constraints, and instantiates. */
  @Override
  Type instantiateTypeExpr(Type.Named g, List<Expr> argExprs, Expr at) {
    List<Type> args = new ArrayList<>();
    boolean bad = false;
    for (Expr a : argExprs) {
      Type t = typExpr(a);
      bad |= Types.isInvalid(t);
      args.add(t);
    }
    int want = g.typeParams.size();
    if (args.size() != want) {
      errorAt(at, (args.size() < want ? "not enough" : "too many")
          + " type arguments for type " + g.obj.name + ": have " + args.size() + ", want " + want);
      return Universe.INVALID;
    }
    if (bad) {
      return Universe.INVALID;
    }
    if (constraintChecks != null && args.stream().anyMatch(TypeSets::hasTypeParam)) {
      // in a type parameter list ([M Maps[K, V], K comparable, ...]): K's constraint is not known
      // yet, so the arguments are checked once every constraint of the list is (as gc does)
      constraintChecks.add(() -> verify(g.typeParams, args, argExprs, null));
    } else if (!verify(g.typeParams, args, argExprs, null)) {
      return Universe.INVALID;
    }
    recordInstance(g.typeParams, args, argExprs, null);
    Type.Named inst = instantiateAny(g, args);
    Node site = start(at);
    InstanceSites.Site where = new InstanceSites.Site(fileName, site.line, site.col, defining);
    instanceSites.written(inst, g, where);
    return inst;
  }

  /** Where instances of generic types were written (for invalid recursive types, as gc reports them). */
  final InstanceSites instanceSites = new InstanceSites();

  /** Instantiates a generic type of any package (each package's checker makes its own instances). */
  Type.Named instantiateAny(Type.Named g, List<Type> args) {
    Pkg.Instantiator in = g.obj.pkg != null ? g.obj.pkg.instantiator : null;
    return in == null || in == this ? type(g, args) : in.type(g, args);
  }

  /** Checks type arguments against their constraints; reports at the argument (or {@code at}). */
  boolean verify(List<Type.TypeParam> tps, List<Type> args, List<Expr> argExprs, Node at) {
    Map<Type.TypeParam, Type> m = new HashMap<>();
    for (int i = 0; i < tps.size(); i++) {
      m.put(tps.get(i), args.get(i));
    }
    for (int i = 0; i < tps.size(); i++) {
      Type c = TypeSets.subst(tps.get(i).constraint, m, this::instantiateAny);
      if (c == null || inTypeParamCycle(c)) {
        continue; // (a constraint made invalid by a reported cycle)
      }
      String why = TypeSets.unsatisfied(args.get(i), c, pkg);
      if (why != null) {
        String msg = why == TypeSets.NOT_COMPARABLE ? args.get(i) + " " + why
            : why == TypeSets.EMPTY_TYPE_SET ? "cannot satisfy " + c + " (empty type set)"
            : args.get(i) + " does not satisfy " + c + (why.isEmpty() ? "" : " " + why);
        if (argExprs != null && i < argExprs.size()) {
          errorAt(argExprs.get(i), msg);
        } else {
          error(at, msg);
        }
        return false;
      }
    }
    return true;
  }

  /** Whether constraint c is, or is made of, a generic type of a reported type parameter cycle. */
  private boolean inTypeParamCycle(Type c) {
    if (typeParamCycleTypes.isEmpty()) {
      return false;
    }
    if (c instanceof Type.Named cn) {
      return typeParamCycleTypes.contains(TypeSets.origin(cn));
    }
    if (c instanceof Type.Interface it) {
      for (Type e : it.embeddeds) {
        if (inTypeParamCycle(e)) {
          return true;
        }
      }
      if (it.terms != null) {
        for (Type.Term t : it.terms) {
          if (inTypeParamCycle(t.type())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  @Override
  public Type.Named type(Type.Named origin, List<Type> args) {
    boolean own = args.size() == origin.typeParams.size();
    for (int i = 0; own && i < args.size(); i++) {
      own = args.get(i) == origin.typeParams.get(i);
    }
    if (own) {
      return origin;
    }
    if (origin.instances == null) {
      origin.instances = new LinkedHashMap<>();
    }
    String k = TypeSets.key(args);
    Type.Named inst = origin.instances.get(k);
    if (inst != null) {
      return inst;
    }
    if (tooDeep(args) || tooMany(origin.instances.size())) {
      return origin;
    }
    Obj.TypeName tn = new Obj.TypeName(origin.obj.name, origin.obj.decl, origin.obj.pkg, null);
    inst = new Type.Named(tn, null);
    tn.type = inst;
    inst.origin = origin;
    inst.typeArgs = List.copyOf(args);
    origin.instances.put(k, inst);
    if (origin.under != null) {
      fillUnder(inst);
    }
    for (Obj.Func m : new ArrayList<>(origin.methods)) {
      addInstanceMethod(inst, m);
    }
    return inst;
  }

  /** The instance's underlying type: the generic type's, with the arguments substituted. */
  void fillUnder(Type.Named inst) {
    inst.under = TypeSets.subst(inst.origin.under, argMap(inst), this::instantiateAny);
  }

  /** Once a generic type is defined: the underlying types of instances made before. */
  void genericTypeDefined(Type.Named origin) {
    if (origin.instances != null) {
      for (Type.Named inst : new ArrayList<>(origin.instances.values())) {
        if (inst.under == null) {
          fillUnder(inst);
        }
      }
    }
  }

  private static Map<Type.TypeParam, Type> argMap(Type.Named inst) {
    Map<Type.TypeParam, Type> m = new HashMap<>();
    for (int i = 0; i < inst.typeArgs.size(); i++) {
      m.put(inst.origin.typeParams.get(i), inst.typeArgs.get(i));
    }
    return m;
  }

  /** A method of the generic type, for one instance (also called when a method is attached later). */
  void addInstanceMethod(Type.Named inst, Obj.Func m) {
    boolean generic = false;
    for (Type a : inst.typeArgs) {
      generic |= TypeSets.hasTypeParam(a);
    }
    if (generic || m.declNode == null || m.declNode.copier == null) {
      // only seen by generic code: the method's signature with the arguments substituted,
      // once it is known (a method's own signature may mention an instance of its type)
      if (m.type == null) {
        deferredMethods.add(() -> addInstanceMethod(inst, m));
        return;
      }
      Obj.Func im = new Obj.Func(m.name, m.decl, m.pkg, TypeSets.subst(m.type, argMap(inst), this::instantiateAny));
      im.recvTypeName = m.recvTypeName;
      im.origin = m;
      inst.methods.add(im);
      return;
    }
    Decl.Func copy = m.declNode.copier.get();
    Obj.Func im = new Obj.Func(m.name, copy.name, m.pkg, null);
    im.declNode = copy;
    im.recvTypeName = m.recvTypeName;
    im.origin = m;
    im.typeArgs = inst.typeArgs;
    copy.obj = im;
    copy.name.obj = im;
    inst.methods.add(im);
    DeclInfo d = declInfoOf(m.declNode);
    Scope s = scopeWith(d.fileScope, recvTypeParamNames(copy), inst.typeArgs);
    List<Expr.Ident> recvParams = recvTypeParams(copy);
    for (int i = 0; i < recvParams.size() && i < inst.typeArgs.size(); i++) {
      if (recvParams.get(i).name.equals("_")) { // not in the scope: the receiver names it directly
        recvParams.get(i).obj = new Obj.TypeName("_", recvParams.get(i), pkg, inst.typeArgs.get(i));
      }
    }
    inInstance(() -> withState(d, s, () -> im.type = funcType(copy.sig, copy.recv)));
    pendingBodies.add(() -> instanceBody(copy, im, d, s));
    d.file.instances.add(copy);
    if (!inPackage) {
      drainPending();
    }
  }

  /** Generic-code instance methods waiting for their method's signature. */
  private final List<Runnable> deferredMethods = new ArrayList<>();

  /** Adds the instance methods that waited for signatures (once all signatures are resolved). */
  void addDeferredMethods() {
    while (!deferredMethods.isEmpty()) {
      deferredMethods.remove(0).run();
    }
  }

  /**
   * Whether a parameter's type mentions only type parameters given explicitly (the first n of
   * tps) and the argument's none: as Go's, inference then skips the pair, so Map[int]([]string{},
   * nil) cannot infer U rather than finding []string against []int (assignment reports that).
   */
  private static boolean fixedByExplicit(Type pt, Type at, List<Type.TypeParam> tps, int n) {
    if (n == 0) {
      return false;
    }
    for (Type.TypeParam tp : tps) {
      if (tps.indexOf(tp) >= n && TypeSets.mentions(pt, tp) || TypeSets.mentions(at, tp)) {
        return false;
      }
    }
    return true;
  }

  /** The names of a method's receiver type parameters: T in {@code func (s *Stack[T]) Push(v T)}. */
  static List<Expr.Ident> recvTypeParams(Decl.Func fd) {
    Expr t = fd.recv.type.unparen();
    if (t instanceof Expr.Star st) {
      t = st.x.unparen();
    }
    List<Expr> list = t instanceof Expr.Index ix ? List.of(ix.index) : t instanceof Expr.IndexList il ? il.indices : List.of();
    List<Expr.Ident> out = new ArrayList<>();
    for (Expr e : list) {
      if (e instanceof Expr.Ident id) {
        out.add(id);
      }
    }
    return out;
  }

  private static List<String> recvTypeParamNames(Decl.Func fd) {
    List<String> out = new ArrayList<>();
    for (Expr.Ident id : recvTypeParams(fd)) {
      out.add(id.name);
    }
    return out;
  }

  /** A scope in which each name stands for the type given (an instance's type parameters). */
  Scope scopeWith(Scope parent, List<String> names, List<Type> types) {
    Scope s = new Scope(parent);
    for (int i = 0; i < names.size() && i < types.size(); i++) {
      if (!names.get(i).equals("_")) {
        s.insert(new Obj.TypeName(names.get(i), null, pkg, types.get(i)));
      }
    }
    return s;
  }

  // ====================================================================================
  // Instantiating functions
  // ====================================================================================

  /** Instantiates a generic function of any package. */
  Obj.Func instantiateFuncAny(Obj.Func g, List<Type> args) {
    Pkg.Instantiator in = g.pkg != null ? g.pkg.instantiator : null;
    return in == null || in == this ? func(g, args) : in.func(g, args);
  }

  @Override
  public Obj.Func func(Obj.Func g, List<Type> args) {
    if (g.instances == null) {
      g.instances = new HashMap<>();
    }
    String k = TypeSets.key(args);
    Obj.Func inst = g.instances.get(k);
    if (inst != null) {
      return inst;
    }
    if (tooDeep(args) || tooMany(g.instances.size())) {
      return g;
    }
    Decl.Func copy = g.declNode.copier.get();
    Obj.Func fi = new Obj.Func(g.name, copy.name, g.pkg, null);
    fi.declNode = copy;
    fi.origin = g;
    fi.typeArgs = List.copyOf(args);
    copy.obj = fi;
    copy.name.obj = fi;
    g.instances.put(k, fi);
    DeclInfo d = declInfoOf(g.declNode);
    List<String> names = new ArrayList<>();
    for (Expr.Field f : copy.typeParams) {
      for (Expr.Ident id : f.names) {
        names.add(id.name);
      }
    }
    Scope s = scopeWith(d.fileScope, names, args);
    inInstance(() -> withState(d, s, () -> fi.type = funcType(copy.sig, null)));
    pendingBodies.add(() -> instanceBody(copy, fi, d, s));
    d.file.instances.add(copy);
    if (!inPackage) {
      drainPending();
    }
    return fi;
  }

  /**
   * Checks an instance's body. Its errors were reported for the generic body already, so they
   * are not reported again.
   */
  private void instanceBody(Decl.Func copy, Obj.Func f, DeclInfo d, Scope s) {
    if (copy.body == null || !(f.type instanceof Type.Signature sig)) {
      return;
    }
    Diagnostics saved = diags;
    List<Type> savedArgs = instanceArgs;
    diags = new Diagnostics();
    instanceArgs = f.typeArgs;
    try {
      inInstance(() -> withState(d, s, () -> {
        FuncCtx ctx = new FuncCtx(null, sig, null);
        funcBody(ctx, sig, copy.body, copy.sig);
        copy.locals = ctx.locals;
      }));
    } finally {
      diags = saved;
      instanceArgs = savedArgs;
    }
  }

  private void inInstance(Runnable r) {
    instanceDepth++;
    try {
      r.run();
    } finally {
      instanceDepth--;
    }
  }

  /**
   * Records an instantiation written in generic code (a type argument mentions a type
   * parameter) for the instantiation-cycle check: argument i was written at argExprs[i], or,
   * inferred, at {@code at} (the call's parenthesis, as gc reports it).
   */
  void recordInstance(List<Type.TypeParam> tps, List<Type> args, List<Expr> argExprs, Node at) {
    if (instanceDepth > 0) {
      return;
    }
    boolean generic = false;
    for (Type a : args) {
      generic |= TypeSets.hasTypeParam(a);
    }
    if (!generic) {
      return;
    }
    List<InstanceCycles.Pos> pos = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Node n = i < argExprs.size() ? start(argExprs.get(i)) : at;
      if (n == null) {
        return; // (no position to report: not an instantiation gc records)
      }
      pos.add(new InstanceCycles.Pos(fileName, n.line, n.col));
    }
    cycles.record(pkg, tps, args, pos);
  }

  /**
   * Whether instantiating with args would nest type arguments past MAX_NESTING: only an
   * instantiation cycle gets there, and it would never end. Trips {@link #nestingTripped}.
   */
  private boolean tooDeep(List<Type> args) {
    for (Type a : args) {
      if (InstanceCycles.nesting(a, MAX_NESTING) > MAX_NESTING) {
        nestingTripped = true;
        muted = true; // what follows may be the cycle's after-effects
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a generic type or function already has {@link #MAX_INSTANCES} instances: only
   * instantiations that breed (a method whose signature instantiates its own type with two
   * growing arguments, or two functions that instantiate each other and themselves, double the
   * instances at each level, long before any of them is {@link #MAX_NESTING} deep) get there.
   * Trips {@link #nestingTripped} as tooDeep does.
   */
  private boolean tooMany(int instances) {
    if (instances < MAX_INSTANCES) {
      return false;
    }
    nestingTripped = true;
    muted = true;
    return true;
  }

  static final int MAX_INSTANCES = 10_000;

  /** Checks the bodies of instances made so far (and of those they make). */
  void drainPending() {
    while (!pendingBodies.isEmpty()) {
      pendingBodies.remove(0).run();
    }
    if (!inPackage) {
      Diagnostics saved = diags;
      diags = new Diagnostics();
      try {
        defaultUntyped();
      } finally {
        diags = saved;
      }
    }
  }

  /** Runs r with the checker positioned at package level in d's file, in scope s. */
  void withState(DeclInfo d, Scope s, Runnable r) {
    File savedFile = file;
    String savedName = fileName;
    Scope savedFileScope = fileScope;
    Scope savedScope = scope;
    FuncCtx savedFn = fn;
    Constant savedIota = iota;
    DeclInfo savedDecl = decl;
    Pkg savedPkg = pkg;
    enterFile(d.file);
    scope = s;
    fn = null;
    iota = null;
    decl = null;
    try {
      r.run();
    } finally {
      file = savedFile;
      fileName = savedName;
      fileScope = savedFileScope;
      scope = savedScope;
      fn = savedFn;
      iota = savedIota;
      decl = savedDecl;
      pkg = savedPkg;
    }
  }

  // ====================================================================================
  // Using generic functions: explicit instantiation and inference
  // ====================================================================================

  /** {@code F[A, B]} as a value or callee: x is the generic F's operand, gets the (partial) instance. */
  @Override
  void instantiateFuncExpr(Operand x, Obj.Func g, List<Expr> argExprs, Expr e) {
    List<Type> args = new ArrayList<>();
    for (Expr a : argExprs) {
      Type t = typExpr(a);
      if (Types.isInvalid(t)) {
        x.setInvalid();
        return;
      }
      args.add(t);
    }
    int want = g.typeParams.size();
    if (args.size() > want) {
      errorAt(argExprs.get(want), "got " + args.size() + " type arguments but want " + want);
      x.setInvalid();
      return;
    }
    if (args.size() < want) {
      // constraint type inference may supply the rest (slices.Index[[]int]: E from ~[]E)
      Map<Type.TypeParam, Type> m = new LinkedHashMap<>();
      for (int i = 0; i < want; i++) {
        m.put(g.typeParams.get(i), i < args.size() ? args.get(i) : null);
      }
      coreInference(g.typeParams, m);
      if (!m.containsValue(null)) {
        args = new ArrayList<>(m.values());
        // the inferred ones' constraint errors: at the call's "(" (F[S]()), else at the "["
        Node at = calleeOf != null && calleeOf.fun.unparen() == e ? new Node(calleeOf.lparenLine, calleeOf.lparenCol) { }
            : opPos(e);
        useInstance(x, g, args, argExprs, e, at);
        return;
      }
    }
    if (args.size() < want) {
      x.generic = g;
      x.typeArgs = args;
      x.mode = Operand.Mode.VALUE;
      x.type = g.type;
      return;
    }
    useInstance(x, g, args, argExprs, e);
  }

  /** x becomes the instance g[args] once the arguments satisfy their constraints. */
  private void useInstance(Operand x, Obj.Func g, List<Type> args, List<Expr> argExprs, Expr e) {
    useInstance(x, g, args, argExprs, e, e);
  }

  /** useInstance with the constraints' errors reported at {@code at}. */
  private void useInstance(Operand x, Obj.Func g, List<Type> args, List<Expr> argExprs, Expr e, Node at) {
    x.generic = null;
    if (!verify(g.typeParams, args, argExprs, at)) {
      // as types2, the call is still checked against the signature the arguments make (only
      // the signature: no instance of the body)
      x.mode = Operand.Mode.VALUE;
      x.type = substSignature(g, args);
      return;
    }
    recordInstance(g.typeParams, args, argExprs, at == e ? start(e) : at); // (inferred ones: at e)
    x.mode = Operand.Mode.VALUE;
    x.type = instanceSignature(g, args, e);
  }

  @Override
  void inferFromTarget(Operand x, Type target, String of, Expr.Call call) {
    Obj.Func g = x.generic;
    List<Type.TypeParam> tps = g.typeParams;
    Map<Type.TypeParam, Type> m = new LinkedHashMap<>();
    for (int i = 0; i < tps.size(); i++) {
      m.put(tps.get(i), x.typeArgs != null && i < x.typeArgs.size() ? x.typeArgs.get(i) : null);
    }
    boolean report = of != null || call != null;
    String in = call == null ? "" : "in call to " + AstString.expr(call.fun) + ", ";
    // as gc: a signature that does not mention its type parameters infers nothing from the target
    boolean parameterized = false;
    for (Type.TypeParam tp : tps) {
      parameterized |= TypeSets.mentions(g.type, tp);
    }
    if (target.underlying() instanceof Type.Interface ti && Types.complete(ti).isEmpty()) {
      parameterized = false; // (a function unifies with an interface without methods, binding nothing)
    }
    if (parameterized && !TypeSets.unify(g.type, target.underlying(), m)) {
      if (report) {
        error(call != null ? start(x.expr) : opPos(x.expr), in + targetMismatch(g, x, target, of, m));
        x.generic = null;
        x.setInvalid();
      }
      return;
    }
    coreInference(tps, m);
    for (Type.TypeParam tp : tps) {
      if (m.get(tp) == null) {
        if (report) {
          String msg = in + "cannot infer " + tp.obj.name + " (" + tp.file + ":" + tp.obj.decl.line + ":"
              + tp.obj.decl.col + ")";
          if (call != null) {
            error(call.lparenLine, call.lparenCol, msg);
          } else {
            error(opPos(x.expr), msg);
          }
          x.generic = null;
          x.setInvalid();
        }
        return;
      }
    }
    useInstance(x, g, new ArrayList<>(m.values()), List.of(), x.expr);
  }

  /**
   * gc's words for a generic function value whose signature does not unify with the function type
   * it is assigned to ({@code of}) or passed as (an argument: {@code of} is null).
   */
  private String targetMismatch(Obj.Func g, Operand x, Type target, String of, Map<Type.TypeParam, Type> m) {
    StringBuilder names = new StringBuilder();
    List<Type.TypeParam> tps = g.typeParams;
    for (int i = 0; i < tps.size(); i++) {
      names.append(i == 0 ? "" : i == tps.size() - 1 ? (tps.size() > 2 ? ", and " : " and ") : ", ");
      names.append(tps.get(i).obj.name);
    }
    boolean none = !m.values().stream().anyMatch(java.util.Objects::nonNull);
    if (of == null) {
      return "type " + genericFuncType(g) + " of " + AstString.expr(x.expr) + " does not match " + target
          + (none ? " (cannot infer " + names + ")" : "");
    }
    if (none) {
      return "type " + target + " of " + of + " does not match " + g.type + " (cannot infer " + names + ")";
    }
    Map<Type.TypeParam, Type> known = new HashMap<>();
    m.forEach((k, v) -> {
      if (v != null) {
        known.put(k, v);
      }
    });
    return "inferred type " + TypeSets.subst(g.type, known, this::instantiateAny) + " for " + g.type
        + " does not match type " + target + " of " + of;
  }

  /** A generic function's type as gc prints it: {@code func[T, U any](s []T, f func(T) U) []U}. */
  static String genericFuncType(Obj.Func g) {
    StringBuilder b = new StringBuilder("func[");
    List<Type.TypeParam> tps = g.typeParams;
    for (int k = 0; k < tps.size(); k++) {
      b.append(tps.get(k).obj.name);
      boolean last = k + 1 == tps.size() || tps.get(k + 1).constraint != tps.get(k).constraint;
      b.append(last ? " " + tps.get(k).constraint + (k + 1 < tps.size() ? ", " : "") : ", ");
    }
    return b.append(']').append(((Type.Signature) g.type).signatureString(true)).toString();
  }

  /** The signature of F[args]; for concrete arguments also makes the instance and points the name at it. */
  /** g's signature with args for its type parameters (no instance is made). */
  private Type substSignature(Obj.Func g, List<Type> args) {
    Map<Type.TypeParam, Type> m = new HashMap<>();
    for (int i = 0; i < args.size() && i < g.typeParams.size(); i++) {
      m.put(g.typeParams.get(i), args.get(i));
    }
    return TypeSets.subst(g.type, m, this::instantiateAny);
  }

  private Type instanceSignature(Obj.Func g, List<Type> args, Expr fun) {
    boolean generic = false;
    for (Type a : args) {
      generic |= TypeSets.hasTypeParam(a);
    }
    if (generic) {
      Map<Type.TypeParam, Type> m = new HashMap<>();
      for (int i = 0; i < args.size(); i++) {
        m.put(g.typeParams.get(i), args.get(i));
      }
      return TypeSets.subst(g.type, m, this::instantiateAny);
    }
    Obj.Func inst = instantiateFuncAny(g, args);
    Expr base = fun.unparen();
    if (base instanceof Expr.Index ix) {
      base = ix.x.unparen();
    } else if (base instanceof Expr.IndexList il) {
      base = il.x.unparen();
    }
    if (base instanceof Expr.Ident id) {
      id.obj = inst;
      id.type = inst.type;
    } else if (base instanceof Expr.Selector sel) {
      sel.sel.obj = inst;
      sel.type = inst.type;
    }
    return inst.type;
  }

  /** The larger of two untyped kinds (numeric ones rank int < rune < float < complex), or null if they do not mix. */
  private static Type maxUntyped(Type x, Type y) {
    if (Types.isNumeric(x) && Types.isNumeric(y)) {
      return Types.untypedRank(((Type.Basic) x).kind) >= Types.untypedRank(((Type.Basic) y).kind) ? x : y;
    }
    return Types.identical(x, y) ? x : null;
  }

  /**
   * Why a typed argument does not unify with its generic parameter, in gc's words: against the
   * type inferred so far ("does not match inferred type func(int) U for func(T) U"), or against
   * the parameter when nothing was inferred.
   */
  private String argMismatch(List<Type.TypeParam> tps, Map<Type.TypeParam, Type> m, List<Type> explicit, Type pt,
      Operand a, String have) {
    Map<Type.TypeParam, Type> given = new LinkedHashMap<>();
    for (int i = 0; i < explicit.size(); i++) {
      given.put(tps.get(i), explicit.get(i));
    }
    Type par = TypeSets.subst(pt, given, this::instantiateAny); // explicit arguments are substituted first
    if (have == null) {
      have = "type " + a.type;
    }
    have += " of " + AstString.expr(a.expr);
    if (!m.values().stream().anyMatch(java.util.Objects::nonNull)) {
      StringBuilder names = new StringBuilder();
      for (int i = 0; i < tps.size(); i++) {
        names.append(i == 0 ? "" : i == tps.size() - 1 ? (tps.size() > 2 ? ", and " : " and ") : ", ");
        names.append(tps.get(i).obj.name);
      }
      return have + " does not match " + par + " (cannot infer " + names + ")";
    }
    Map<Type.TypeParam, Type> known = new LinkedHashMap<>();
    m.forEach((k, v) -> {
      if (v != null) {
        known.put(k, v);
      }
    });
    Type inferred = TypeSets.subst(par, known, this::instantiateAny);
    if (Types.identical(inferred, par)) {
      return have + " does not match " + par;
    }
    return have + " does not match inferred type " + inferred + " for " + par;
  }

  /** A call of a generic function: infers the missing type arguments, instantiates, checks the call. */
  @Override
  void genericCall(Operand x, Expr.Call e, Operand f) {
    Obj.Func g = f.generic;
    Type.Signature gs = (Type.Signature) g.type;
    List<Type.TypeParam> tps = g.typeParams;
    noteCallArgs(e.args);
    List<Operand> args = argListKeepingGenerics(e.args);
    for (Operand a : args) {
      if (a.invalid()) {
        x.setInvalid();
        return;
      }
    }
    int need = gs.params.size() - (gs.variadic ? 1 : 0);
    if (args.size() < need || !gs.variadic && args.size() > need) {
      arguments(e, gs, args); // reports the count against the generic signature, as gc does
      x.setInvalid();
      return;
    }
    // generic functions among the arguments (Map(s, Id)): their type parameters are inferred
    // together with the callee's, as Go 1.21 does; all of them are renamed for that (also the
    // callee's: in its own body, an argument's type may mention them)
    GenericArgs garg = new GenericArgs(args);
    if (garg.any()) {
      tps = garg.renameCallee(g);
      gs = garg.calleeSignature;
    }
    Map<Type.TypeParam, Type> m = new LinkedHashMap<>();
    for (Type.TypeParam tp : tps) {
      m.put(tp, null);
    }
    List<Type> explicit = f.typeArgs == null ? List.of() : f.typeArgs;
    for (int i = 0; i < explicit.size(); i++) {
      m.put(tps.get(i), explicit.get(i));
    }
    int np = gs.params.size();
    List<Type.TypeParam> callee = tps;
    tps = garg.bindAll(tps, m);
    // typed arguments first
    for (int i = 0; i < args.size(); i++) {
      Type pt = paramType(gs, i, e.ellipsis);
      if (pt == null) {
        break;
      }
      Operand a = args.get(i);
      Type at = garg.typeOf(i, a);
      if (garg.any()) {
        if (!Types.isUntyped(at) && (TypeSets.hasTypeParam(pt) || at != a.type) && !fixedByExplicit(pt, at, tps, explicit.size())
            && !TypeSets.unifyJoint(pt, at, m)) {
          errorAt(a, "in call to " + AstString.expr(e.fun) + ", "
              + argMismatch(tps, m, explicit, pt, a, garg.describe(i, a)));
          x.setInvalid();
          return;
        }
      } else if (!Types.isUntyped(a.type) && TypeSets.hasTypeParam(pt) && !fixedByExplicit(pt, a.type, callee, explicit.size())
          && !TypeSets.unify(pt, a.type, m)) {
        errorAt(a, "in call to " + AstString.expr(e.fun) + ", " + argMismatch(tps, m, explicit, pt, a, null));
        x.setInvalid();
        return;
      }
    }
    // what the typed arguments fixed must fit the constraints' core types and methods
    String conflict = coreConflict(tps, m, garg.any());
    if (conflict != null) {
      error(e.lparenLine, e.lparenCol, "in call to " + AstString.expr(e.fun) + ", " + conflict);
      x.setInvalid();
      return;
    }
    // then the constraints' core types (a parameter whose constraint is exactly one type is
    // that type), before untyped constants, as gc orders inference
    coreInference(tps, m, garg.any());
    // then untyped constants, for parameters of a bare type parameter type
    for (Type.TypeParam tp : callee) {
      Type open = TypeSets.walk(tp, m); // (with generic arguments, tp may be bound to another, open one)
      if (!(open instanceof Type.TypeParam ot) || m.get(ot) != null) {
        continue;
      }
      Type best = null;
      for (int i = 0; i < args.size(); i++) {
        Type pt = paramType(gs, i, e.ellipsis);
        Operand a = args.get(i);
        if (pt == tp && Types.isUntyped(a.type) && !Types.isNil(a.type)) {
          Type max = best == null ? a.type : maxUntyped(best, a.type);
          if (max == null) {
            errorAt(a, "in call to " + AstString.expr(e.fun) + ", mismatched types " + best + " and " + a.type
                + " (cannot infer " + tp.obj.name + ")");
            x.setInvalid();
            return;
          }
          best = max;
        }
      }
      if (best != null) {
        m.put(ot, Universe.defaultType(best));
      }
    }
    coreInference(tps, m, garg.any());
    if (garg.any()) {
      garg.resolve(tps, m);
    }
    List<Type> targs = new ArrayList<>();
    for (Type.TypeParam tp : tps) {
      Type t = m.get(tp);
      if (t == null) {
        error(e.lparenLine, e.lparenCol, "in call to " + AstString.expr(e.fun) + ", cannot infer " + tp.obj.name
            + " (" + tp.file + ":" + tp.obj.decl.line + ":" + tp.obj.decl.col + ")");
        x.setInvalid();
        return;
      }
      targs.add(t);
    }
    Node lparen = new Node(e.lparenLine, e.lparenCol) { };
    tps = g.typeParams;
    if (garg.any()) {
      targs = new ArrayList<>(targs.subList(0, tps.size()));
    }
    if (!verify(tps, targs, null, lparen)) {
      x.setInvalid();
      return;
    }
    if (!garg.instantiate(m, lparen)) {
      x.setInvalid();
      return;
    }
    recordInstance(tps, targs, List.of(), lparen);
    Type.Signature sig = (Type.Signature) instanceSignature(g, targs, e.fun);
    e.fun.type = sig;
    if (e.fun.unparen() != e.fun) {
      e.fun.unparen().type = sig;
    }
    e.kind = Expr.Call.Kind.CALL;
    arguments(e, sig, args);
    lastCallKind = CallKind.STATEMENT;
    int n = sig.results.size();
    if (n == 0) {
      x.mode = Operand.Mode.NOVALUE;
      x.type = Universe.INVALID;
    } else if (n == 1) {
      x.mode = Operand.Mode.VALUE;
      x.type = sig.results.at(0);
    } else {
      x.mode = Operand.Mode.VALUE;
      x.type = sig.results;
    }
    if (np < 0) {
      throw new IllegalStateException();
    }
  }

  /**
   * The generic functions among a generic call's arguments, for Go 1.21's inference of their type
   * arguments together with the callee's: each gets a renamed copy of its type parameters (so
   * {@code F(Id, Id)} infers two sets), and so does the callee.
   */
  private final class GenericArgs {
    private final List<Operand> args;
    /** Per argument index: the renamed type parameters of the generic function passed there. */
    private final Map<Integer, List<Type.TypeParam>> renamed = new LinkedHashMap<>();
    /** Per argument index: its generic signature over the renamed type parameters. */
    private final Map<Integer, Type> types = new HashMap<>();
    /** The callee's signature over its renamed type parameters. */
    Type.Signature calleeSignature;

    GenericArgs(List<Operand> args) {
      this.args = args;
      for (int i = 0; i < args.size(); i++) {
        Operand a = args.get(i);
        if (a.generic != null) {
          Map<Type.TypeParam, Type> ren = new HashMap<>();
          renamed.put(i, rename(a.generic.typeParams, ren));
          types.put(i, TypeSets.subst(a.generic.type, ren, Generics.this::instantiateAny));
        }
      }
    }

    boolean any() {
      return !renamed.isEmpty();
    }

    /** Copies of tps (same names and declarations) with their constraints over the copies; ren maps each to its copy. */
    private List<Type.TypeParam> rename(List<Type.TypeParam> tps, Map<Type.TypeParam, Type> ren) {
      List<Type.TypeParam> copies = new ArrayList<>();
      for (Type.TypeParam q : tps) {
        Type.TypeParam c = new Type.TypeParam(q.obj);
        c.file = q.file;
        ren.put(q, c);
        copies.add(c);
      }
      for (int k = 0; k < tps.size(); k++) {
        copies.get(k).constraint = TypeSets.subst(tps.get(k).constraint, ren, Generics.this::instantiateAny);
        copies.get(k).core = TypeSets.subst(tps.get(k).core, ren, Generics.this::instantiateAny);
      }
      return copies;
    }

    /** The callee's renamed type parameters; sets calleeSignature. */
    List<Type.TypeParam> renameCallee(Obj.Func g) {
      Map<Type.TypeParam, Type> ren = new HashMap<>();
      List<Type.TypeParam> copies = rename(g.typeParams, ren);
      calleeSignature = (Type.Signature) TypeSets.subst(g.type, ren, Generics.this::instantiateAny);
      return copies;
    }

    /** Adds the arguments' type parameters to m (bound to the type arguments given, if any); returns callee's and theirs. */
    List<Type.TypeParam> bindAll(List<Type.TypeParam> callee, Map<Type.TypeParam, Type> m) {
      List<Type.TypeParam> all = new ArrayList<>(callee);
      renamed.forEach((i, copies) -> {
        List<Type> given = args.get(i).typeArgs;
        for (int k = 0; k < copies.size(); k++) {
          m.put(copies.get(k), given != null && k < given.size() ? given.get(k) : null);
        }
        all.addAll(copies);
      });
      return all;
    }

    /** The type argument i is unified with: its generic signature over renamed parameters, or its type. */
    Type typeOf(int i, Operand a) {
      return types.getOrDefault(i, a.type);
    }

    /** gc's description of argument i's type in a mismatch: a generic function's with its type parameters. */
    String describe(int i, Operand a) {
      return a.generic == null ? null : "type " + genericFuncType(a.generic);
    }

    /**
     * Resolves the chains of bindings ({@code U -> T' -> int}) by substituting until nothing
     * changes; a binding that still names one of the type parameters is not inferred (null).
     */
    void resolve(List<Type.TypeParam> all, Map<Type.TypeParam, Type> m) {
      for (int round = 0; round <= all.size(); round++) {
        Map<Type.TypeParam, Type> known = new HashMap<>();
        m.forEach((q, t) -> {
          if (t != null) {
            known.put(q, t);
          }
        });
        boolean changed = false;
        for (Type.TypeParam tp : all) {
          Type t = m.get(tp);
          Type s = t == null ? null : TypeSets.subst(t, known, Generics.this::instantiateAny);
          if (s != t) {
            m.put(tp, s);
            changed = true;
          }
        }
        if (!changed) {
          break;
        }
      }
      for (Type.TypeParam tp : all) {
        Type t = m.get(tp);
        for (Type.TypeParam q : all) {
          if (t != null && TypeSets.mentions(t, q)) {
            m.put(tp, null);
            break;
          }
        }
      }
    }

    /** Instantiates each generic argument with its inferred type arguments; false after an error. */
    boolean instantiate(Map<Type.TypeParam, Type> m, Node at) {
      for (Map.Entry<Integer, List<Type.TypeParam>> en : renamed.entrySet()) {
        Operand a = args.get(en.getKey());
        List<Type> targs = new ArrayList<>();
        for (Type.TypeParam c : en.getValue()) {
          targs.add(m.get(c));
        }
        useInstance(a, a.generic, targs, List.of(), a.expr, at);
        if (a.invalid()) {
          return false;
        }
      }
      return true;
    }
  }

  /** The parameter type argument i is passed to (the variadic element type past the end), or null. */
  private static Type paramType(Type.Signature s, int i, boolean ellipsis) {
    int np = s.params.size();
    if (s.variadic && i >= np - 1) {
      Type last = s.params.at(np - 1);
      return ellipsis ? last : ((Type.Slice) last).elem;
    }
    return i < np ? s.params.at(i) : null;
  }

  /**
   * Constraint type inference: a type parameter whose constraint has one specific type (a core
   * type such as {@code ~map[K]V}) unifies with its argument's type, binding K and V; one not
   * bound yet becomes that type once all it mentions are bound.
   */
  /**
   * gc's check during inference, before untyped constants are considered: a type argument
   * known so far must unify with its constraint's core type (which may bind more parameters),
   * or, for a constraint without one, have its methods. Returns gc's message, or null.
   */
  private String coreConflict(List<Type.TypeParam> tps, Map<Type.TypeParam, Type> m, boolean joint) {
    // as gc, until a pass binds no more parameters (a method's signature may bind one whose
    // own constraint then has to be checked)
    for (int known = -1; known != knownCount(m); ) {
      known = knownCount(m);
      String why = coreConflictPass(tps, m, joint);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  /** Whether t mentions a type parameter of m not yet bound. */
  private static boolean mentionsOpen(Type t, Map<Type.TypeParam, Type> m) {
    for (Map.Entry<Type.TypeParam, Type> e : m.entrySet()) {
      if (e.getValue() == null && TypeSets.mentions(t, e.getKey())) {
        return true;
      }
    }
    return false;
  }

  private static int knownCount(Map<Type.TypeParam, Type> m) {
    int n = 0;
    for (Type t : m.values()) {
      n += t != null ? 1 : 0;
    }
    return n;
  }

  private String coreConflictPass(List<Type.TypeParam> tps, Map<Type.TypeParam, Type> m, boolean joint) {
    for (Type.TypeParam tp : tps) {
      Type b = TypeSets.walk(m.get(tp), m);
      Type.Interface it = tp.iface();
      if (b == null || it == null || open(b, m)) {
        continue;
      }
      Type.Term core = coreTerm(it);
      // a type parameter of an enclosing function stands for its own core type, if it has one
      Type.TypeParam outer = b instanceof Type.TypeParam q && !m.containsKey(q) ? q : null;
      if (core != null) {
        Type arg = outer != null && outer.core != null ? outer.core : core.tilde() ? b.underlying() : b;
        if (outer == null && Types.isInterface(b) && !Types.isInterface(core.type())) {
          // gc's inexact unification: an interface argument agrees with a core type that
          // implements it (the constraint check then reports what is wrong)
          if (!implementsLoosely(core.type(), b)) {
            return tp.obj.name + " (type " + b + ") does not satisfy " + tp.constraint;
          }
        } else if (!unify(core.type(), arg, m, joint)) {
          return tp.obj.name + " (type " + b + ") does not satisfy " + tp.constraint;
        }
      } else if (outer != null && outer.iface() != null && !Types.complete(it).isEmpty()) {
        Type c = TypeSets.subst(tp.constraint, knownBindings(m), this::instantiateAny);
        if (c != null && c.underlying() instanceof Type.Interface ci && mentionsOpen(c, m)) {
          // (the enclosing function's parameter has its constraint's methods to unify)
          String why = unifyMethods(outer, ci, m, joint);
          if (why != null) {
            return tp.obj.name + " (type " + b + ") does not satisfy " + tp.constraint + " " + uninstantiatedWant(why, it);
          }
        } else if (c != null && !TypeSets.hasTypeParam(c) && c.underlying() instanceof Type.Interface ci) {
          String why = Types.missingMethod(outer.iface(), ci, pkg);
          if (why != null) {
            return tp.obj.name + " (type " + b + ") does not satisfy " + tp.constraint + " " + why;
          }
        }
      } else if (!Types.complete(it).isEmpty() && !TypeSets.hasTypeParam(b)) {
        // (gc unifies the method signatures; here only a constraint whose type parameters
        // are all known is compared, the rest is left to the final constraint check)
        Type c = TypeSets.subst(tp.constraint, knownBindings(m), this::instantiateAny);
        if (c != null && mentionsOpen(c, m) && c.underlying() instanceof Type.Interface ci) {
          // gc unifies the type argument's methods with the constraint's, which infers the
          // parameters these mention (New[N Node[E], E Edge[N]](n N) infers E from N's Edges)
          String why = unifyMethods(b, ci, m, joint);
          if (why != null) {
            return tp.obj.name + " (type " + b + ") does not satisfy " + tp.constraint + " " + uninstantiatedWant(why, it);
          }
          continue;
        }
        if (c == null || TypeSets.hasTypeParam(c) || !(c.underlying() instanceof Type.Interface ci)) {
          continue;
        }
        String why = Types.missingMethod(b, ci, pkg);
        if (why != null) {
          return tp.obj.name + " (type " + b + ") does not satisfy " + tp.constraint + " " + uninstantiatedWant(why, it);
        }
      }
    }
    return null;
  }

  /**
   * Unifies each method of the interface ci (which mentions type parameters being inferred)
   * with b's method of that name, binding them in m; gc's cause when one is missing or does
   * not unify, else null.
   */
  private String unifyMethods(Type b, Type.Interface ci, Map<Type.TypeParam, Type> m, boolean joint) {
    for (Obj.Func want : Types.complete(ci)) {
      Types.Lookup l = Types.lookup(b, want.name, pkg);
      if (l == null || l.ambiguous() || !(l.obj() instanceof Obj.Func have)) {
        return "(missing method " + want.name + ")";
      }
      if (have.type == null || want.type == null) {
        continue;
      }
      if (Types.hasPtrRecv(have) && !(b.underlying() instanceof Type.Pointer) && !l.indirect()) {
        return "(method " + want.name + " has pointer receiver)";
      }
      Type.Signature hs = (Type.Signature) have.type;
      Type.Signature ws = (Type.Signature) want.type;
      if (!unify(new Type.Signature(null, ws.params, ws.results, ws.variadic),
          new Type.Signature(null, hs.params, hs.results, hs.variadic), m, joint)) {
        return "(wrong type for method " + want.name + ")\n\t\thave " + want.name + hs.signatureString()
            + "\n\t\twant " + want.name + ws.signatureString();
      }
    }
    return null;
  }

  /**
   * gc compares the methods while inferring, against the constraint as declared: a wrong
   * method's "want" line shows its signature before substitution (Compare(T) int, not
   * Compare(V) int), as the "does not satisfy Cmp[T]" before it.
   */
  private static String uninstantiatedWant(String why, Type.Interface declared) {
    String head = "(wrong type for method ";
    int want = why.indexOf("\n\t\twant ");
    if (!why.startsWith(head) || want < 0) {
      return why;
    }
    String name = why.substring(head.length(), why.indexOf(')'));
    for (Obj.Func m : Types.complete(declared)) {
      if (m.name.equals(name) && m.type instanceof Type.Signature sig) {
        return why.substring(0, want) + "\n\t\twant " + name + sig.signatureString();
      }
    }
    return why;
  }

  /** The bindings of m made so far. */
  private static Map<Type.TypeParam, Type> knownBindings(Map<Type.TypeParam, Type> m) {
    Map<Type.TypeParam, Type> known = new HashMap<>();
    for (Map.Entry<Type.TypeParam, Type> e : m.entrySet()) {
      if (e.getValue() != null) {
        known.put(e.getKey(), e.getValue());
      }
    }
    return known;
  }

  /**
   * Whether core type {@code core} implements interface {@code iface} as far as inference can
   * tell: an interface without methods always, else when core mentions no type parameter.
   */
  private boolean implementsLoosely(Type core, Type iface) {
    Type.Interface it = (Type.Interface) iface.underlying();
    return Types.complete(it).isEmpty() || !TypeSets.hasTypeParam(core) && Types.missingMethod(core, iface, pkg) == null;
  }

  private void coreInference(List<Type.TypeParam> tps, Map<Type.TypeParam, Type> m) {
    coreInference(tps, m, false);
  }

  /** unify, or with {@code joint} (generic function arguments) TypeSets.unifyJoint. */
  private static boolean unify(Type p, Type a, Map<Type.TypeParam, Type> m, boolean joint) {
    return joint ? TypeSets.unifyJoint(p, a, m) : TypeSets.unify(p, a, m);
  }

  private void coreInference(List<Type.TypeParam> tps, Map<Type.TypeParam, Type> m, boolean joint) {
    boolean changed = true;
    for (int round = 0; changed && round < 10; round++) {
      changed = false;
      for (Type.TypeParam tp : tps) {
        Type.Interface it = tp.iface();
        Type.Term core = it == null ? null : coreTerm(it);
        if (core == null) {
          continue;
        }
        List<Type.Term> set = TypeSets.typeSet(it);
        boolean single = set != null && set.size() == 1;
        Type b = TypeSets.walk(m.get(tp), m);
        Type.TypeParam target = tp;
        if (open(b, m)) { // bound to another type parameter not inferred yet: infer that one
          target = (Type.TypeParam) b;
          b = null;
        }
        if (b != null) {
          int before = bound(m);
          unify(core.type(), core.tilde() ? b.underlying() : b, m, joint);
          changed |= bound(m) > before;
        } else if (single && !core.tilde()) { // ~[]E leaves the type itself open: no inference from it
          Map<Type.TypeParam, Type> known = new HashMap<>();
          boolean all = true;
          for (Map.Entry<Type.TypeParam, Type> en : m.entrySet()) {
            if (en.getValue() != null) {
              known.put(en.getKey(), en.getValue());
            }
          }
          Type t = TypeSets.subst(core.type(), known, this::instantiateAny);
          for (Type.TypeParam q : tps) {
            if (m.get(q) == null && mentions(t, q)) {
              all = false;
            }
          }
          if (all) {
            m.put(target, t);
            changed = true;
          }
        }
      }
    }
  }

  /**
   * gc's coreTerm: a constraint's single specific type; else, when its types have a core type,
   * that type, with a tilde if any term has one ({@code ~chan E | ~<-chan E}: {@code ~<-chan E});
   * else null.
   */
  private static Type.Term coreTerm(Type.Interface it) {
    List<Type.Term> set = TypeSets.typeSet(it);
    if (set == null || set.isEmpty()) {
      return null;
    }
    if (set.size() == 1) {
      return set.get(0);
    }
    Type core = TypeSets.core(it);
    if (core == null) {
      return null;
    }
    boolean tilde = false;
    for (Type.Term t : set) {
      tilde |= t.tilde();
    }
    return new Type.Term(tilde, core);
  }

  /** Whether t is a type parameter of m not bound yet. */
  private static boolean open(Type t, Map<Type.TypeParam, Type> m) {
    return t instanceof Type.TypeParam q && m.containsKey(q) && m.get(q) == null;
  }

  private static int bound(Map<Type.TypeParam, Type> m) {
    int n = 0;
    for (Type t : m.values()) {
      n += t != null ? 1 : 0;
    }
    return n;
  }

  private static boolean mentions(Type t, Type.TypeParam q) {
    Map<Type.TypeParam, Type> probe = new HashMap<>();
    probe.put(q, Universe.INVALID);
    return TypeSets.subst(t, probe, (g, a) -> g) != t;
  }
}
