package gol.interp.check;

import gol.interp.parse.AstString;
import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Scope;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The type checker: annotates a package's syntax trees in place (see the "set by the checker"
 * fields of {@code gol.interp.ast}) and reports errors as gc words them to a {@link Diagnostics}.
 *
 * <p>Use: {@code new Checker(diags, importer).checkPackage(pkg, files)} with
 * {@code pkg = new Pkg(path, name, Universe.SCOPE)}. Afterwards {@code pkg.scope} holds the
 * package-level objects, {@code pkg.inits} the variable initialization order. A Checker holds no
 * global state: the REPL can call {@code checkPackage} again on the same Checker and Pkg with one
 * more script file, which is then checked against the package scope built so far.
 *
 * <p>How it works (Go spec, as go/types does it): all package-level names are collected first, so
 * declarations may come in any order; each is then resolved on demand ({@link #objDecl}), types
 * first, then methods, constants, variables and signatures; function bodies and a script's
 * top-level statements are checked last. A file without a package clause is a script: its
 * top-level statements run in order, its top-level var/const/:= declare package-level variables
 * (visible to every function), and an unresolved name {@code strings} in {@code strings.X} is an
 * implicit import of that standard package.
 *
 * <p>REPL mode ({@link #setRepl}): a package-level name declared by an earlier checkPackage call
 * may be declared again — the new object shadows the old one in the package scope (code checked
 * earlier keeps referring to the old one), a top-level {@code x := v} always declares a new x,
 * and imports are declared in the package scope (so they persist across inputs) and never count
 * as unused.
 */
public final class Checker extends Generics {
  private final Map<File, Scope> fileScopes = new IdentityHashMap<>();
  private final List<Obj> objOrder = new ArrayList<>();
  private final List<Decl.Func> funcDecls = new ArrayList<>();
  private final Map<Decl.Func, DeclInfo> funcInfos = new IdentityHashMap<>();
  private final List<Decl.Func> methodDecls = new ArrayList<>();
  /** Script top-level := statements that declare package-level variables → their declaration. */
  private final Map<Stmt.Assign, DeclInfo> scriptDefines = new IdentityHashMap<>();
  private final List<Obj> objPath = new ArrayList<>();
  private int seq;
  private boolean repl;
  /** REPL mode: the package-level objects declared by the current checkPackage call. */
  private final Set<Obj> replRound = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  /** Generic functions and methods of generic types → the scope holding their type parameters. */
  private final Map<Decl.Func, Scope> genericScopes = new IdentityHashMap<>();

  public Checker(Diagnostics diags, Importer importer) {
    super(diags, importer);
  }

  /** Turns REPL mode on (see the class comment). */
  public void setRepl(boolean on) {
    repl = on;
  }

  /** Checks {@code files} as (more of) package {@code pkg}. */
  public void checkPackage(Pkg pkg, List<File> files) {
    if (!pkg.isMain()) {
      checkFiles(pkg, files);
      return;
    }
    try {
      checkFiles(pkg, files);
    } finally {
      gol.interp.types.Qualifier.leave();
    }
  }

  private void checkFiles(Pkg pkg, List<File> files) {
    this.pkg = pkg;
    pkg.instantiator = this;
    inPackage = true;
    int errorsBefore = diags.count();
    replRound.clear();
    int firstObj = objOrder.size();
    int firstFunc = funcDecls.size();
    int firstMethod = methodDecls.size();
    int firstNamed = namedTypes.size();
    for (File f : files) {
      collect(f);
    }
    if (importFailed && !repl) {
      return; // as the go command: a package that cannot be found stops the build before checking
    }
    importConflicts(files);
    if (pkg.isMain()) {
      gol.interp.types.Qualifier.enter(pkg); // its imports are known: which package names are ambiguous
    }
    // types first, so that everything else sees complete types
    for (int i = firstObj; i < objOrder.size(); i++) {
      if (objOrder.get(i) instanceof Obj.TypeName) {
        objDecl(objOrder.get(i));
      }
    }
    resolvePendingUnderlying();
    // as types2 (a type declaration's validType runs before the function bodies): cycle errors
    // count before the bodies' errors where gc's error limit cuts the report
    int declaredNamed = namedTypes.size();
    int declaredInstances = instanceSites.instances().size();
    validTypes(firstNamed, declaredNamed, 0);
    for (int i = firstMethod; i < methodDecls.size(); i++) {
      attachMethod(methodDecls.get(i));
    }
    // the methods' signatures before the package-level values: whether a type implements an
    // interface (var _ I = T{}) depends on its methods' receivers and signatures
    for (int i = firstMethod; i < methodDecls.size(); i++) {
      if (methodDecls.get(i).obj != null) {
        objDecl(methodDecls.get(i).obj);
      }
    }
    for (int i = firstObj; i < objOrder.size(); i++) {
      objDecl(objOrder.get(i));
    }
    addDeferredMethods();
    for (int i = firstFunc; i < funcDecls.size(); i++) {
      funcDeclBody(funcDecls.get(i));
    }
    for (File f : files) {
      if (f.packageName == null) {
        scriptBody(f);
      }
    }
    if (cycles.firstCycle() != null) {
      // an instantiation cycle shows in the generic code alone, and the program is rejected:
      // the instances' bodies, which would breed instances up to the limits (two functions
      // instantiating each other with growing arguments double them at each level), are not
      // checked
      pendingBodies.clear();
    }
    drainPending();
    inPackage = false;
    muted = false;
    for (Object[] mk : pendingMapKeys) {
      Type k = (Type) mk[0];
      if (!Types.isInvalid(k) && !Types.comparable(k)) {
        setFile(fileOfNode((Expr) mk[1]));
        errorAt((Expr) mk[1], "invalid map key type " + k + (k instanceof Type.TypeParam ? " (missing comparable constraint)" : ""));
      }
    }
    pendingMapKeys.clear();
    checkUnions();
    checkEmbeddings();
    validTypes(declaredNamed, namedTypes.size(), declaredInstances);
    for (File f : files) {
      unusedImports(f);
    }
    initOrder(files);
    defaultUntyped();
    List<String> fileOrder = new ArrayList<>();
    for (File f : files) {
      fileOrder.add(f.name);
    }
    numberLocalTypes(fileOrder);
    reportInstanceCycle(diags.count() == errorsBefore);
    if (diags.count() == errorsBefore) {
      for (Object[] e : lateErrors) {
        diags.error((String) e[0], (Integer) e[1], (Integer) e[2], (String) e[3]);
      }
    }
    lateErrors.clear();
  }

  /** In REPL mode a package-level name declared by an earlier input may be declared again. */
  @Override
  boolean declare(Scope s, Obj obj, Node at) {
    if (s == pkg.scope && !repl && file != null && file.packageName != null && !(obj instanceof Obj.Func)
        && (obj.name.equals("init") || obj.name.equals("main") && "main".equals(pkg.name))) {
      error(at, "cannot declare " + obj.name + " - must be func"); // and it is not declared (gc)
      return false;
    }
    if (!repl || s != pkg.scope || obj.name.equals("_")) {
      return super.declare(s, obj, at);
    }
    Obj alt = s.names.get(obj.name);
    if (alt != null && !replRound.contains(alt)) {
      s.names.remove(obj.name); // shadowed: code checked earlier keeps the old object
    }
    boolean ok = super.declare(s, obj, at);
    if (ok) {
      replRound.add(obj);
    }
    return ok;
  }

  @Override
  DeclInfo declInfoOf(Decl.Func fd) {
    return funcInfos.get(fd);
  }

  @Override
  void enterFile(File f) {
    setFile(f);
  }

  /**
   * The scope of a generic function's type parameters, or of a generic type's method's receiver
   * type parameters (bound to the type's own); null for other functions.
   */
  private Scope genericScope(Decl.Func fd, DeclInfo d) {
    if (genericScopes.containsKey(fd)) {
      return genericScopes.get(fd);
    }
    Scope s = null;
    if (fd.recv != null) {
      badRecvTypeParams(fd, true);
    }
    if (!fd.typeParams.isEmpty()) {
      s = new Scope(d.fileScope);
      genericScopes.put(fd, s);
      List<Type.TypeParam> tps = declareTypeParams(fd.typeParams, s);
      if (fd.obj != null) {
        fd.obj.typeParams = tps;
      }
    } else if (fd.recv != null && !recvTypeParams(fd).isEmpty()) {
      s = new Scope(d.fileScope);
      genericScopes.put(fd, s);
      Type.Named origin = null;
      Expr rt = fd.recv.type.unparen();
      if (rt instanceof Expr.Star st) {
        rt = st.x.unparen();
      }
      Expr base = rt instanceof Expr.Index ix ? ix.x : rt instanceof Expr.IndexList il ? il.x : rt;
      if (base instanceof Expr.Ident id && pkg.scope.names.get(id.name) instanceof Obj.TypeName tn) {
        objDecl(tn);
        if (tn.type instanceof Type.Named n && !n.typeParams.isEmpty()) {
          origin = n;
        }
      }
      List<Expr.Ident> names = recvTypeParams(fd);
      for (int i = 0; i < names.size(); i++) {
        Expr.Ident id = names.get(i);
        if (origin == null) {
          break;
        }
        // a name beyond the type's parameters is still declared (its count is the error)
        Obj.TypeName tn = new Obj.TypeName(id.name, id, pkg,
            i < origin.typeParams.size() ? origin.typeParams.get(i) : Universe.INVALID);
        id.obj = tn;
        if (!id.name.equals("_")) {
          declare(s, tn, id);
        }
      }
    }
    genericScopes.put(fd, s);
    return s;
  }

  /** Whether a receiver has type arguments that are not names (func (T[*P]) M()); reports them. */
  private boolean badRecvTypeParams(Decl.Func fd, boolean report) {
    Expr t = fd.recv.type.unparen();
    if (t instanceof Expr.Star st) {
      t = st.x.unparen();
    }
    List<Expr> list = t instanceof Expr.Index ix ? List.of(ix.index) : t instanceof Expr.IndexList il ? il.indices : List.of();
    boolean bad = false;
    for (Expr e : list) {
      if (!(e instanceof Expr.Ident)) {
        bad = true;
        if (report) {
          errorAt(e, "receiver type parameter " + AstString.expr(e) + " must be an identifier");
        }
      }
    }
    return bad;
  }

  /**
   * gc's instantiation-cycle error (InstanceCycles), after every instantiation was seen; as gc
   * (types2 checks for cycles only in a package without errors), only when {@code clean}.
   */
  private void reportInstanceCycle(boolean clean) {
    InstanceCycles.Cycle c = cycles.firstCycle();
    if (c != null && clean) {
      diags.error(c.at().file(), c.at().line(), c.at().col(), c.msg());
    } else if (nestingTripped && clean) {
      diags.error(fileName, 1, 1, "instantiation nesting exceeds " + MAX_NESTING + " levels");
    }
    if (c != null || !clean) {
      cycles.clearEdges(); // (reported once, or the REPL input is dropped: a REPL session goes on)
    }
    nestingTripped = false;
  }

  /**
   * An interface gets a method of one name from its own list and its embedded interfaces only
   * if every one has the same signature (Go 1.14's overlapping interfaces); gc reports the
   * embedding that brings a different one.
   */
  @SuppressWarnings("unchecked")
  private void checkEmbeddings() {
    for (Object[] pe : pendingEmbeddings) {
      Type.Interface t = (Type.Interface) pe[0];
      List<Expr> at = (List<Expr>) pe[1];
      setFile(fileOfNode(at.get(0)));
      Map<String, Obj.Func> got = new HashMap<>();
      Map<String, Node> from = new HashMap<>();
      for (Obj.Func m : t.methods) {
        got.putIfAbsent(m.name, m);
        from.putIfAbsent(m.name, m.decl);
      }
      for (int i = 0; i < t.embeddeds.size() && i < at.size(); i++) {
        if (!(t.embeddeds.get(i).underlying() instanceof Type.Interface e)) {
          continue;
        }
        for (Obj.Func m : Types.complete(e)) {
          Obj.Func other = got.putIfAbsent(m.name, m);
          if (other == null) {
            from.put(m.name, start(at.get(i)));
          } else if (other != m && !Types.identical(m.type, other.type)) {
            errorAt(at.get(i), "duplicate method " + m.name + "\n\t" + pos(from.get(m.name))
                + ": other declaration of method " + m.name);
          }
        }
      }
    }
    pendingEmbeddings.clear();
  }

  /**
   * The terms of a union of several: an interface may have no methods and may not be or embed
   * comparable; other terms may not overlap an earlier one (int | ~int).
   */
  @SuppressWarnings("unchecked")
  private void checkUnions() {
    for (Object[] u : pendingUnions) {
      List<Type.Term> terms = (List<Type.Term>) u[0];
      List<Expr> exprs = (List<Expr>) u[1];
      setFile(fileOfNode(exprs.get(0)));
      for (int i = 0; i < terms.size(); i++) {
        Type.Term t = terms.get(i);
        Type under = t.type().underlying();
        if (Types.isInvalid(t.type()) || t.tilde() && (under instanceof Type.Interface || under != t.type())) {
          continue; // reported as the union was read
        }
        if (under instanceof Type.Interface f) {
          if (!Types.complete(f).isEmpty()) {
            errorAt(exprs.get(i), "cannot use " + pathQualified(t) + " in union (" + pathQualified(t) + " contains methods)");
          } else if (t.type() == Universe.COMPARABLE) {
            errorAt(exprs.get(i), "cannot use comparable in union");
          } else if (TypeSets.isComparable(f)) {
            errorAt(exprs.get(i), "cannot use " + pathQualified(t) + " in union (" + pathQualified(t) + " embeds comparable)");
          }
          continue;
        }
        for (int j = 0; j < i; j++) {
          Type.Term x = terms.get(j);
          if (Types.isInvalid(x.type()) || x.type().underlying() instanceof Type.Interface) {
            continue;
          }
          Type a = t.tilde() ? x.type().underlying() : x.type();
          Type b = x.tilde() ? t.type().underlying() : t.type();
          if (Types.identical(a, b)) {
            errorAt(exprs.get(i), "overlapping terms " + pathQualified(t) + " and " + pathQualified(x));
            break;
          }
        }
      }
    }
    pendingUnions.clear();
  }

  /** A term as gc prints it in these errors: a defined type with its package path, even the package's own (main.M). */
  private static String pathQualified(Type.Term t) {
    String name = t.type() instanceof Type.Named n && n.obj.pkg != null && n.typeArgs == null
        ? n.obj.pkg.path + "." + n.obj.name : t.type().toString();
    return (t.tilde() ? "~" : "") + name;
  }

  private File fileOfNode(Expr e) {
    return file; // map keys are reported in the file being checked last; good enough for one file
  }

  private void setFile(File f) {
    file = f;
    fileName = f.name;
    fileScope = fileScopes.get(f);
  }

  // ====================================================================================
  // Collecting package-level objects
  // ====================================================================================

  private void collect(File f) {
    Scope fs = new Scope(pkg.scope);
    fileScopes.put(f, fs);
    setFile(f);
    scope = fs;
    for (File.Import imp : f.imports) {
      Pkg p = imp.path.equals("unsafe") ? Universe.UNSAFE : importer.importPackage(imp.path, imp);
      if (p == null) {
        String why = importer.importError(imp.path);
        if (why != null) {
          error(imp, why);
        }
        imp.used = true;
        importFailed = true;
        continue;
      }
      imp.pkg = p;
      pkg.imports.add(p);
      String name = imp.alias != null ? imp.alias : p.name;
      if (name.equals("_")) {
        imp.used = true;
        continue;
      }
      if (name.equals(".")) {
        Map<Obj, File.Import> dots = dotImports.computeIfAbsent(fs, k -> new IdentityHashMap<>());
        for (Obj m : p.members().values()) {
          if (fs.insert(m) == null) {
            dots.put(m, imp);
          }
        }
        if (repl) {
          imp.used = true;
        }
        continue;
      }
      Obj.PkgName pn = new Obj.PkgName(name, imp, pkg, p);
      importOf.put(pn, imp);
      if (repl) {
        pn.used = true;
        declare(pkg.scope, pn, imp);
        continue;
      }
      declare(fs, pn, imp);
    }
    for (Node item : f.items) {
      if (item instanceof Decl.Const c) {
        for (int i = 0; i < c.names.size(); i++) {
          Expr.Ident id = c.names.get(i);
          Obj.Const obj = new Obj.Const(id.name, id, pkg, null, null);
          id.obj = obj;
          DeclInfo d = info(f, fs, c, obj);
          d.typeExpr = c.type;
          d.init = i < c.values.size() ? c.values.get(i) : null;
          d.iota = c.iota;
          declare(pkg.scope, obj, id);
        }
        arity(c, c.names, c.values, true, c.inherited);
      } else if (item instanceof Decl.Var v) {
        List<Obj.Var> vars = new ArrayList<>();
        for (Expr.Ident id : v.names) {
          Obj.Var obj = new Obj.Var(id.name, id, pkg, null);
          obj.isGlobal = true;
          if (!id.name.equals("_")) {
            id.obj = obj;
          }
          vars.add(obj);
        }
        if (v.values.size() == 1 && vars.size() > 1) {
          DeclInfo d = null;
          for (Obj.Var obj : vars) {
            if (d == null) {
              d = info(f, fs, v, obj);
              d.typeExpr = v.type;
              d.init = v.values.get(0);
              d.lhs = vars;
            } else {
              objInfo.put(obj, d);
              objOrder.add(obj);
            }
          }
        } else {
          for (int i = 0; i < vars.size(); i++) {
            DeclInfo d = info(f, fs, v, vars.get(i));
            d.typeExpr = v.type;
            d.init = i < v.values.size() ? v.values.get(i) : null;
          }
          if (!v.values.isEmpty()) {
            arity(v, v.names, v.values, false, false); // each variable keeps the value at its place
          }
        }
        for (int i = 0; i < vars.size(); i++) {
          declare(pkg.scope, vars.get(i), v.names.get(i));
        }
      } else if (item instanceof Decl.Type t) {
        Obj.TypeName obj = new Obj.TypeName(t.name.name, t.name, pkg, null);
        t.name.obj = obj;
        if (!t.alias) {
          Type.Named n = new Type.Named(obj, null);
          obj.type = n;
          namedTypes.add(n);
        }
        DeclInfo d = info(f, fs, t, obj);
        d.typeExpr = t.type;
        declare(pkg.scope, obj, t.name);
      } else if (item instanceof Decl.Func fd) {
        if (fd.recv != null) {
          methodDecls.add(fd);
          funcDecls.add(fd);
          continue;
        }
        Obj.Func obj = new Obj.Func(fd.name.name, fd.name, pkg, null);
        obj.declNode = fd;
        fd.obj = obj;
        fd.name.obj = obj;
        DeclInfo d = info(f, fs, fd, obj);
        funcInfos.put(fd, d);
        funcDecls.add(fd);
        if (fd.body == null && !fd.typeParams.isEmpty()) {
          error(fd.name, "generic function is missing function body"); // (no native is generic)
        }
        if (fd.name.name.equals("init")) {
          objOrder.remove(objOrder.size() - 1);
          if (!fd.sig.params.isEmpty() || !fd.sig.results.isEmpty()) {
            error(fd.name, "func init must have no arguments and no return values");
          }
          if (fd.body == null) {
            error(fd.name, "missing function body");
          }
        } else {
          if (fd.name.name.equals("main") && pkg.isMain()
              && (!fd.sig.params.isEmpty() || !fd.sig.results.isEmpty())) {
            error(fd.name, "func main must have no arguments and no return values");
          }
          declare(pkg.scope, obj, fd.name);
        }
      } else if (item instanceof Stmt s) {
        if (f.packageName != null) {
          error(s, "syntax error: non-declaration statement outside function body"); // gc's parser rejects it
          continue;
        }
        if (s instanceof Stmt.Assign a && a.op == Tok.DEFINE) {
          collectScriptDefine(f, fs, a);
        }
      }
    }
  }

  private DeclInfo info(File f, Scope fs, Node node, Obj obj) {
    DeclInfo d = new DeclInfo(f, fs, node, seq++);
    objInfo.put(obj, d);
    objOrder.add(obj);
    return d;
  }

  /** A script's top-level {@code a, b := ...}: new names become package-level variables. */
  private void collectScriptDefine(File f, Scope fs, Stmt.Assign a) {
    DeclInfo d = new DeclInfo(f, fs, a, seq++);
    List<Obj.Var> lhs = new ArrayList<>();
    boolean anyNew = false;
    boolean bad = false;
    for (Expr e : a.lhs) {
      if (!(e instanceof Expr.Ident id)) {
        errorAt(e, "non-name " + AstString.expr(e) + " on left side of :=");
        bad = true;
        continue;
      }
      if (id.name.equals("_")) {
        Obj.Var blank = new Obj.Var("_", id, pkg, null);
        blank.isGlobal = true;
        lhs.add(blank);
        continue;
      }
      Obj existing = pkg.scope.names.get(id.name);
      if (repl && existing != null && !replRound.contains(existing)) {
        existing = null; // the REPL's x := v declares a new x, shadowing the old one
      }
      if (existing instanceof Obj.Var ev) {
        id.obj = ev;
        lhs.add(ev);
        continue;
      }
      if (existing != null) {
        declare(pkg.scope, new Obj.Var(id.name, id, pkg, null), id);
        bad = true;
        continue;
      }
      Obj.Var v = new Obj.Var(id.name, id, pkg, null);
      v.isGlobal = true;
      id.obj = v;
      lhs.add(v);
      objInfo.put(v, d);
      objOrder.add(v);
      declare(pkg.scope, v, id);
      anyNew = true;
    }
    d.lhs = lhs;
    if (bad) {
      for (Obj.Var v : lhs) {
        if (objInfo.get(v) == d) {
          v.type = Universe.INVALID;
        }
      }
      d.state = 2;
    } else if (!anyNew) {
      error(defineOpPos(a), "no new variables on left side of :=");
    }
    scriptDefines.put(a, d);
  }

  // ====================================================================================
  // Resolving package-level objects
  // ====================================================================================

  /** Aliases whose type is being resolved inside a cycle (see objDecl): met again, the cycle is an error. */
  private final java.util.Set<Obj.TypeName> aliasesResolvedEarly = new java.util.HashSet<>();

  /** Whether the declaration cycle that obj closes (objPath from obj on) holds a defined type. */
  private boolean cycleDefinesType(Obj obj) {
    int i = objPath.lastIndexOf(obj);
    for (int j = Math.max(i, 0) + 1; i >= 0 && j < objPath.size(); j++) {
      if (objPath.get(j) instanceof Obj.TypeName t && t.type instanceof Type.Named) {
        return true;
      }
    }
    return false;
  }

  @Override
  void objDecl(Obj obj) {
    DeclInfo d = objInfo.get(obj);
    if (d == null || d.state == 2) {
      return;
    }
    if (d.state == 1) {
      if (obj instanceof Obj.TypeName tn && tn.type instanceof Type.Named) {
        return; // a reference to a defined type being defined: fine (validTypes checks sizes)
      }
      if (obj instanceof Obj.TypeName tn && d.node instanceof Decl.Type td && td.alias && td.typeParams.isEmpty()
          && cycleDefinesType(obj) && aliasesResolvedEarly.add(tn)) {
        // type P = *S; type S struct{ p P }: a cycle through a defined type is valid (gc's
        // validCycle). The alias's type is wanted before its declaration ends: what it names
        // reaches the defined type being defined, which stands for itself, so it can be had now.
        objPath.add(obj); // met again inside, the cycle reported starts here: "P refers to itself"
        try {
          withState(d, d.fileScope, () -> tn.type = aliasedType(td, d.fileScope).withAlias(tn));
        } finally {
          objPath.remove(objPath.size() - 1);
          aliasesResolvedEarly.remove(tn);
        }
        return;
      }
      cycleError(obj);
      if (obj.type == null) {
        obj.type = Universe.INVALID;
      }
      return;
    }
    File savedFile = file;
    Scope savedScope = scope;
    Scope savedFileScope = fileScope;
    FuncCtx savedFn = fn;
    Constant savedIota = iota;
    DeclInfo savedDecl = decl;
    boolean savedTypeWanted = typeWanted; // a type name's declaration may check a constant (an array length)
    setFile(d.file);
    scope = d.fileScope;
    fn = null;
    iota = null;
    decl = d;
    typeWanted = false;
    d.state = 1;
    objPath.add(obj);
    try {
      if (obj instanceof Obj.Const c) {
        constDecl(c, d.typeExpr, d.init, d.iota, d.node instanceof Decl.Const dc && dc.inherited);
      } else if (obj instanceof Obj.Var v) {
        if (d.node instanceof Stmt.Assign a) {
          scriptDefine(d, a);
        } else if (d.lhs != null) {
          varDecl(d.lhs, d.typeExpr, List.of(d.init));
        } else {
          varDecl(List.of(v), d.typeExpr, d.init == null ? List.of() : List.of(d.init));
        }
        if (d.node instanceof Decl.Var dv) {
          for (int i = 0; i < dv.names.size(); i++) {
            Obj o = dv.names.get(i).obj;
            if (o != null) {
              dv.names.get(i).type = o.type;
            }
          }
        }
      } else if (obj instanceof Obj.TypeName tn) {
        if (tn.type instanceof Type.Named n && d.node instanceof Decl.Type td && !td.typeParams.isEmpty()) {
          Scope s = new Scope(d.fileScope);
          declaringTypeParams.add(n);
          try {
            n.typeParams = declareTypeParams(td.typeParams, s);
          } finally {
            declaringTypeParams.remove(n);
          }
          scope = s;
          defineNamed(n, d.typeExpr);
          genericTypeDefined(n);
        } else if (tn.type instanceof Type.Named n) {
          if (d.typeExpr instanceof Expr.InterfaceType it && anonymousSelfEmbed(it, tn.name, true)) {
            errorAt(d.typeExpr, "invalid recursive type: anonymous interface refers to itself (see https://go.dev/issue/56103)");
          }
          defineNamed(n, d.typeExpr);
        } else {
          tn.type = aliasedType((Decl.Type) d.node, d.fileScope).withAlias(tn);
        }
      } else if (obj instanceof Obj.Func f) {
        Decl.Func fd = (Decl.Func) d.node;
        Scope gs = genericScope(fd, d);
        if (gs != null) {
          scope = gs;
        }
        f.type = funcType(fd.sig, fd.recv);
      }
    } finally {
      d.state = 2;
      objPath.remove(objPath.size() - 1);
      if (savedFile != null) {
        setFile(savedFile);
      }
      scope = savedScope;
      fileScope = savedFileScope;
      fn = savedFn;
      iota = savedIota;
      decl = savedDecl;
      typeWanted = savedTypeWanted;
    }
  }

  /**
   * Whether an interface literal nested in type expression {@code e} (the declaration of
   * interface {@code name}) embeds {@code name} itself: gc rejects such a cycle through an
   * anonymous interface (go.dev/issue/56103). Only direct embedding by name is seen.
   */
  private boolean anonymousSelfEmbed(Expr e, String name, boolean top) {
    if (e instanceof Expr.InterfaceType it) {
      for (Expr.Field f : it.elems) {
        if (!top && f.names.isEmpty() && f.type instanceof Expr.Ident id
            && embeds(id.name, name, new java.util.HashSet<>())) {
          return true;
        }
        if (anonymousSelfEmbed(f.type, name, false)) {
          return true;
        }
      }
      return false;
    }
    if (e instanceof Expr.FuncType ft) {
      for (List<Expr.Field> fs : List.of(ft.params, ft.results)) {
        for (Expr.Field f : fs) {
          if (anonymousSelfEmbed(f.type, name, false)) {
            return true;
          }
        }
      }
      return false;
    }
    if (e instanceof Expr.StructType st) {
      for (Expr.Field f : st.fields) {
        if (anonymousSelfEmbed(f.type, name, false)) {
          return true;
        }
      }
      return false;
    }
    Expr inner = e instanceof Expr.Paren p ? p.x : e instanceof Expr.Star p ? p.x : e instanceof Expr.ArrayType a ? a.elem
        : e instanceof Expr.Ellipsis el ? el.elem : e instanceof Expr.ChanType c ? c.elem : null;
    if (e instanceof Expr.MapType m) {
      return anonymousSelfEmbed(m.key, name, false) || anonymousSelfEmbed(m.value, name, false);
    }
    return inner != null && anonymousSelfEmbed(inner, name, false);
  }

  /**
   * Whether the package-level interface {@code embedded} is {@code name} or embeds it, directly or
   * through the interfaces it embeds ({@code type B interface{ A }}: an anonymous interface
   * embedding B in A's declaration refers to A).
   */
  private boolean embeds(String embedded, String name, java.util.Set<String> seen) {
    if (embedded.equals(name)) {
      return true;
    }
    if (!seen.add(embedded) || !(pkg.scope.names.get(embedded) instanceof Obj.TypeName tn)) {
      return false;
    }
    DeclInfo d = objInfo.get(tn);
    if (d == null || !(d.typeExpr instanceof Expr.InterfaceType it)) {
      return false;
    }
    for (Expr.Field f : it.elems) {
      if (f.names.isEmpty() && f.type instanceof Expr.Ident id && embeds(id.name, name, seen)) {
        return true;
      }
    }
    return false;
  }

  private void scriptDefine(DeclInfo d, Stmt.Assign a) {
    for (Obj.Var v : d.lhs) {
      if (objInfo.get(v) != d) {
        objDecl(v);
      }
    }
    initVars(d.lhs, a.rhs, "assignment");
    for (Expr e : a.lhs) {
      if (e instanceof Expr.Ident id && id.obj != null) {
        id.type = id.obj.type;
      }
    }
  }

  @Override
  void typeParamsCycle(Obj obj) {
    cycleError(obj);
    int i = objPath.indexOf(obj);
    for (Obj o : i < 0 ? List.of(obj) : objPath.subList(i, objPath.size())) {
      if (o.type instanceof Type.Named n) {
        typeParamCycleTypes.add(n);
      }
    }
  }

  private void cycleError(Obj obj) {
    int i = objPath.lastIndexOf(obj); // (an alias resolved early is on it twice: see objDecl)
    List<Obj> cycle = i < 0 ? List.of(obj) : objPath.subList(i, objPath.size());
    boolean allValues = true;
    for (Obj o : cycle) {
      allValues &= o instanceof Obj.Const || o instanceof Obj.Var;
    }
    reportCycle(allValues, cycle);
  }

  private void attachMethod(Decl.Func fd) {
    DeclInfo d = null;
    for (Map.Entry<File, Scope> e : fileScopes.entrySet()) {
      if (e.getKey().items.contains(fd)) {
        d = new DeclInfo(e.getKey(), e.getValue(), fd, seq++);
        setFile(e.getKey());
      }
    }
    Obj.Func m = new Obj.Func(fd.name.name, fd.name, pkg, null);
    m.declNode = fd;
    fd.obj = m;
    fd.name.obj = m;
    objInfo.put(m, d);
    objOrder.add(m);
    funcInfos.put(fd, d);
    Expr rt = fd.recv.type.unparen();
    boolean star = rt instanceof Expr.Star;
    if (rt instanceof Expr.Star st) {
      rt = st.x.unparen();
    }
    if (rt instanceof Expr.Index ix) {
      rt = ix.x.unparen();
    } else if (rt instanceof Expr.IndexList il) {
      rt = il.x.unparen();
    }
    if (!(rt instanceof Expr.Ident id)) {
      return; // reported when the signature is resolved
    }
    Obj o = pkg.scope.names.get(id.name);
    Type base = o instanceof Obj.TypeName tn ? tn.type : null;
    if (!star && base instanceof Type.Pointer p && p.elem instanceof Type.Named) {
      base = p.elem; // type PT = *T; func (p PT) M(): a method of *T, as types2 resolves the alias
    }
    if (!(base instanceof Type.Named n) || o.pkg != pkg) {
      return;
    }
    m.recvTypeName = n.obj.name;
    if (fd.name.name.equals("_")) {
      return;
    }
    for (Obj.Func prev : n.methods) {
      if (prev.name.equals(fd.name.name)) {
        error(fd.name, "method " + n.obj.name + "." + fd.name.name + " already declared at " + pos(prev, prev.decl));
        return;
      }
    }
    if (n.under instanceof Type.Struct s) {
      for (Obj.Var f : s.fields) {
        if (f.name.equals(fd.name.name)) {
          // still a method, as in types2: the method hides the field in selectors
          error(fd.name, "field and method with the same name " + fd.name.name + "\n\t" + pos(n.obj, f.decl)
              + ": other declaration of " + fd.name.name);
          break;
        }
      }
    }
    n.methods.add(m);
    if (n.instances != null) {
      for (Type.Named inst : new ArrayList<>(n.instances.values())) {
        addInstanceMethod(inst, m);
      }
    }
  }

  /** Checks a receiver's type once the signature is known. */
  private void checkRecv(Decl.Func fd, Type.Signature sig) {
    if (sig.recv == null || Types.isInvalid(sig.recv.type)) {
      return;
    }
    Type t = sig.recv.type;
    Type base = t instanceof Type.Pointer p ? p.elem : t;
    if (Types.isInvalid(base)) {
      return;
    }
    String why = null;
    if (!(base instanceof Type.Named n)) {
      why = base instanceof Type.Basic || base instanceof Type.Interface ? "cannot define new methods on non-local type " + base
          : "invalid receiver type " + t;
    } else if (n.obj.pkg != pkg) {
      why = "cannot define new methods on non-local type " + base;
    } else if (n.typeArgs != null && !n.typeArgs.equals(n.origin != null ? n.origin.typeParams : List.of())
        && !badRecvTypeParams(fd, false)) {
      // an alias of an instance (type A = P[int]): gc names the type as written (a receiver
      // type argument that is not a name was reported: gc takes it as a blank parameter)
      Expr rt = fd.recv.type.unparen();
      why = "cannot define new methods on instantiated type "
          + AstString.expr(rt instanceof Expr.Star st ? st.x.unparen() : rt);
    } else if (n.underlying() instanceof Type.Pointer || n.underlying() instanceof Type.Interface) {
      why = "invalid receiver type " + base + " (pointer or interface type)";
    }
    if (why != null) {
      errorAt(fd.recv.names.isEmpty() ? fd.recv.type : fd.recv.names.get(0), why); // gc: at the receiver
    }
  }

  // ====================================================================================
  // Bodies
  // ====================================================================================

  private void funcDeclBody(Decl.Func fd) {
    Obj.Func f = fd.obj;
    DeclInfo d = funcInfos.get(fd);
    if (f == null || d == null) {
      return;
    }
    objDecl(f);
    if (f.type == null) {
      // init: resolve the signature here
      setFile(d.file);
      scope = d.fileScope;
      f.type = funcType(fd.sig, fd.recv);
    }
    setFile(d.file);
    Scope gs = genericScope(fd, d);
    scope = gs != null ? gs : d.fileScope;
    Type.Signature sig = (Type.Signature) f.type;
    if (fd.recv != null) {
      checkRecv(fd, sig);
    }
    decl = d;
    FuncCtx ctx = new FuncCtx(null, sig, null);
    ctx.typeParams = gs;
    Map<Type.TypeParam, String> prev = Type.TypeParam.printAs(receiverNames(fd));
    try {
      funcBody(ctx, sig, fd.body, fd.sig);
    } finally {
      Type.TypeParam.printAs(prev);
    }
    fd.locals = ctx.locals;
    decl = null;
  }

  /**
   * The names a method's receiver gives its type's parameters where they differ from the
   * declaration's (func (p Pair[X, Y]) for type Pair[A, B]); null when none do.
   */
  private static Map<Type.TypeParam, String> receiverNames(Decl.Func fd) {
    Map<Type.TypeParam, String> m = null;
    for (Expr.Ident id : fd.recv == null ? List.<Expr.Ident>of() : recvTypeParams(fd)) {
      if (id.obj instanceof Obj.TypeName tn && tn.type instanceof Type.TypeParam tp && !tp.obj.name.equals(id.name)) {
        if (m == null) {
          m = new HashMap<>();
        }
        m.put(tp, id.name);
      }
    }
    return m;
  }

  private void scriptBody(File f) {
    setFile(f);
    scope = fileScope;
    decl = null;
    Type.Signature sig = new Type.Signature(null, new Type.Tuple(List.of()), new Type.Tuple(List.of()), false);
    FuncCtx ctx = new FuncCtx(null, sig, null);
    fn = ctx;
    List<Stmt> stmts = new ArrayList<>();
    for (Node item : f.items) {
      if (item instanceof Stmt s) {
        stmts.add(s);
      }
    }
    collectLabels(stmts);
    for (Stmt s : stmts) {
      DeclInfo d = s instanceof Stmt.Assign a ? scriptDefines.get(a) : null;
      if (d != null) {
        for (Obj.Var v : d.lhs) {
          if (objInfo.get(v) == d) {
            objDecl(v);
            break;
          }
        }
        if (d.lhs.stream().noneMatch(v -> objInfo.get(v) == d)) {
          // only existing variables: an ordinary assignment after the "no new variables" error
          objDecl(d.lhs.isEmpty() ? null : d.lhs.get(0));
        }
        continue;
      }
      stmt(s, 0);
    }
    checkGotos(stmts);
    finishFunc(ctx);
    f.scriptLocals = ctx.locals;
    fn = null;
  }

  // ====================================================================================
  // Final package checks
  // ====================================================================================

  /** Set when an import path names no package. */
  private boolean importFailed;

  /** A package-level name may not also be declared by an import of one of the files (gc's rule). */
  private void importConflicts(List<File> files) {
    if (repl) {
      return;
    }
    for (File f : files) {
      Scope fs = fileScopes.get(f);
      Map<Obj, File.Import> dots = dotImports.getOrDefault(fs, Map.of());
      for (Obj o : fs.names.values()) {
        Obj alt = pkg.scope.names.get(o.name);
        DeclInfo d = alt == null ? null : objInfo.get(alt);
        if (d == null || alt.decl == null) {
          continue;
        }
        setFile(d.file);
        File.Import imp = o instanceof Obj.PkgName pn ? importOf.get(pn) : null;
        if (imp != null) {
          Obj.PkgName pn = (Obj.PkgName) o;
          String other = f.name + ":" + imp.line + ":" + imp.col;
          error(alt.decl, alt.name + " already declared through import of package " + pn.imported.name
              + " (\"" + imp.path + "\")\n\t" + other + ": other declaration of " + alt.name);
        } else if ((imp = dots.get(o)) != null) {
          error(alt.decl, alt.name + " already declared through dot-import of package " + ((Pkg) imp.pkg).name
              + " (\"" + imp.path + "\")");
        }
      }
    }
  }

  /**
   * Unused imports, in the order of the import lines (types2 keeps dot imports in the same list as
   * the others, which decides where gc's ten-error cut falls).
   */
  private void unusedImports(File f) {
    setFile(f);
    Map<File.Import, Obj.PkgName> names = new java.util.IdentityHashMap<>();
    for (Map.Entry<Obj.PkgName, File.Import> e : importOf.entrySet()) {
      names.put(e.getValue(), e.getKey());
    }
    for (File.Import imp : f.imports) {
      Obj.PkgName pn = names.get(imp);
      if (pn != null) {
        if (pn.used) {
          continue;
        }
        if (imp.alias != null && !imp.alias.equals(pn.imported.name)) {
          error(imp, "\"" + imp.path + "\" imported as " + imp.alias + " and not used");
        } else {
          error(imp, "\"" + imp.path + "\" imported and not used");
        }
      } else if (".".equals(imp.alias) && !imp.used && imp.pkg != null) {
        error(imp, "\"" + imp.path + "\" imported and not used");
      }
    }
  }

  /**
   * Defined types may not contain themselves (except through pointers, slices, maps, ...): gc's
   * check (types2's validType), so that the same cycle is found first and reported from the same
   * member. Each type declared, then each instance written, is walked through the definitions as
   * written: a generic type's parameter stands for the argument of the instance that contains it
   * (looked up in the types around that instance), and a cycle is a type met again inside itself.
   */
  private void validTypes(int first, int end, int firstInstance) {
    Set<Type.Named> invalid = invalidTypes;
    Set<Type.Named> valid = validTypes;
    for (int i = first; i < end; i++) {
      validType(namedTypes.get(i), new ArrayList<>(), new ArrayList<>(), invalid, valid);
    }
    List<Type.Named> insts = instanceSites.instances();
    for (int i = firstInstance; i < insts.size(); i++) {
      validType(insts.get(i), new ArrayList<>(), new ArrayList<>(), invalid, valid);
    }
  }

  /** The types validTypes found invalid (and reported) or valid, kept for later checks. */
  private final Set<Type.Named> invalidTypes = new HashSet<>();
  private final Set<Type.Named> validTypes = new HashSet<>();

  /**
   * A non-generic type declared in a function is checked at the end of its declaration, as types2
   * runs the statement's delayed actions there: its cycle error comes in source order, which decides
   * where gc's error limit cuts the report.
   */
  @Override
  void localTypeDefined(Type.Named named) {
    validType(named, new ArrayList<>(), new ArrayList<>(), invalidTypes, validTypes);
  }

  /**
   * Whether t is valid inside the types of nest (false when a cycle was found now, and reported,
   * or before). path is the walk from the type being checked, for the report; valid holds the
   * types without type parameters already found valid, which no context can change.
   */
  private boolean validType(Type t, List<Type.Named> nest, List<Type.Named> path, Set<Type.Named> invalid,
      Set<Type.Named> valid) {
    if (t instanceof Type.Array a) {
      return validType(a.elem, nest, path, invalid, valid);
    }
    if (t instanceof Type.Struct s) {
      for (Obj.Var f : s.fields) {
        if (!validType(f.type, nest, path, invalid, valid)) {
          return false;
        }
      }
      return true;
    }
    if (t instanceof Type.Interface it) { // an interface may not embed itself
      for (Type e : it.embeddeds) {
        if (!validType(e, nest, path, invalid, valid)) {
          return false;
        }
      }
      return true;
    }
    if (t instanceof Type.Named n) {
      if (n.obj.pkg != pkg || valid.contains(n)) {
        return true;
      }
      if (invalid.contains(n) || n.origin != null && invalid.contains(n.origin) || Types.isInvalid(n.under)) {
        return false;
      }
      for (Type.Named e : nest) {
        if (e == n) {
          invalid.add(n);
          if (n.origin != null) {
            invalid.add(n.origin);
          }
          int start = 0;
          while (path.get(start) != n) {
            start++;
          }
          reportTypeCycle(new ArrayList<>(path.subList(start, path.size())));
          return false;
        }
      }
      nest.add(n);
      path.add(n);
      Type.Named base = declaredBase.get(n.origin != null ? n.origin : n);
      Type def = base != null ? base : n.origin != null ? n.origin.under : n.under;
      boolean ok = validType(def, nest, path, invalid, valid);
      nest.remove(nest.size() - 1);
      path.remove(path.size() - 1);
      if (ok && n.origin == null && n.typeParams.isEmpty()) {
        valid.add(n);
      }
      return ok;
    }
    if (t instanceof Type.TypeParam tp && !nest.isEmpty()) {
      // the argument the instance around it was given, checked in the types around that instance
      int d = nest.size() - 1;
      Type.Named inst = nest.get(d);
      int i = inst.origin != null ? inst.origin.typeParams.indexOf(tp) : -1;
      if (i >= 0 && i < inst.typeArgs.size()) {
        return validType(inst.typeArgs.get(i), new ArrayList<>(nest.subList(0, d)), path, invalid, valid);
      }
    }
    return true;
  }

  /**
   * gc's report of an invalid recursive type (see {@link #reportCycle}), from the first member of
   * the cycle as the walk met it; a generic member is placed at the instance written where the
   * member before it refers to it ({@link InstanceSites}), others at their declaration.
   */
  @Override
  void reportTypeCycle(List<Type.Named> cycle) {
    int n = cycle.size();
    InstanceSites.Site[] at = new InstanceSites.Site[n];
    for (int k = 0; k < n; k++) {
      at[k] = instanceSites.of(cycle.get(k), cycle.get((k + n - 1) % n));
      if (at[k] == null) {
        Obj o = cycle.get(k).obj;
        DeclInfo d = objInfo.get(o);
        at[k] = new InstanceSites.Site(d != null ? d.file.name : fileName, o.decl.line, o.decl.col, null);
      }
    }
    String name = cycle.get(0).obj.name;
    String msg;
    if (n == 1) {
      msg = "invalid recursive type: " + name + " refers to itself";
    } else {
      StringBuilder b = new StringBuilder("invalid recursive type ").append(name);
      for (int k = 0; k < n; k++) {
        b.append("\n\t").append(siteString(at[k])).append(": ").append(cycle.get(k).obj.name).append(" refers to");
      }
      msg = b.append("\n\t").append(siteString(at[0])).append(": ").append(name).toString();
    }
    String saved = fileName;
    fileName = at[0].file();
    error(at[0].line(), at[0].col(), msg);
    fileName = saved;
  }

  private static String siteString(InstanceSites.Site s) {
    return s.file() + ":" + s.line() + ":" + s.col();
  }

  /**
   * Package-level variable initialization order (Go spec "Package initialization"): repeatedly the
   * earliest variable in declaration order that has no uninitialized dependencies. Dependencies
   * go through functions and methods a variable's initializer refers to.
   */
  private void initOrder(List<File> files) {
    List<Obj.Var> vars = new ArrayList<>();
    for (Obj o : objOrder) {
      if (o instanceof Obj.Var v && objInfo.get(v).node instanceof Decl.Var && objInfo.get(v).file.packageName != null
          && files.contains(objInfo.get(v).file)) {
        vars.add(v);
      }
    }
    Map<Obj.Var, Set<Obj.Var>> deps = new IdentityHashMap<>();
    Set<Obj.Var> reported = new HashSet<>();
    for (Obj.Var v : vars) {
      Set<Obj.Var> ds = new LinkedHashSet<>();
      List<Obj> path = new ArrayList<>();
      List<Obj> cycle = varDeps(v, objInfo.get(v), ds, new HashSet<>(), path, v);
      deps.put(v, ds);
      if (cycle != null && !reported.contains(v)) {
        for (Obj o : cycle) {
          if (o instanceof Obj.Var cv) {
            reported.add(cv);
          }
        }
        reportCycle(true, cycle);
      }
    }
    if (!reported.isEmpty()) {
      return;
    }
    Set<Obj.Var> done = new HashSet<>();
    Set<DeclInfo> emitted = new HashSet<>();
    while (done.size() < vars.size()) {
      Obj.Var next = null;
      for (Obj.Var v : vars) {
        if (done.contains(v)) {
          continue;
        }
        boolean ready = true;
        for (Obj.Var dv : deps.get(v)) {
          // a variable of an imported package (not in deps) is initialised before this package
          if (dv != v && deps.containsKey(dv) && !done.contains(dv) && objInfo.get(dv) != objInfo.get(v)) {
            ready = false;
            break;
          }
        }
        if (ready) {
          next = v;
          break;
        }
      }
      if (next == null) {
        break; // a cycle, reported above
      }
      DeclInfo d = objInfo.get(next);
      if (d.lhs != null && d.init != null) {
        done.addAll(d.lhs);
        if (emitted.add(d)) {
          pkg.inits.add(new Pkg.Init(d.lhs, d.init));
        }
      } else {
        done.add(next);
        if (d.init != null) {
          pkg.inits.add(new Pkg.Init(List.of(next), d.init));
        }
      }
    }
  }

  /** Collects the variables v's initializer depends on; returns a cycle back to root if any. */
  private List<Obj> varDeps(Obj o, DeclInfo d, Set<Obj.Var> out, Set<Obj> seen, List<Obj> path, Obj.Var root) {
    if (d == null) {
      return null;
    }
    path.add(o);
    List<Obj> found = null;
    for (Obj dep : d.deps) {
      if (dep == root) {
        if (found == null) {
          found = new ArrayList<>(path);
        }
        continue;
      }
      if (!seen.add(dep)) {
        continue;
      }
      if (dep instanceof Obj.Var dv && dv.isGlobal) {
        out.add(dv);
        List<Obj> r = varDeps(dep, objInfo.get(dep), out, seen, path, root);
        if (found == null) {
          found = r;
        }
      } else if (dep instanceof Obj.Func) {
        List<Obj> r = varDeps(dep, objInfo.get(dep), out, seen, path, root);
        if (found == null) {
          found = r;
        }
      }
    }
    path.remove(path.size() - 1);
    return found;
  }

  // ====================================================================================
  // Script mode
  // ====================================================================================

  @Override
  Obj.PkgName implicitImport(Expr.Ident id) {
    if (file == null || file.packageName != null || fileScope == null) {
      return null;
    }
    String path = importer.scriptPath(id.name);
    Pkg p = path.equals("unsafe") ? Universe.UNSAFE : importer.importPackage(path, id);
    if (p == null) {
      return null;
    }
    Obj.PkgName pn = new Obj.PkgName(id.name, null, pkg, p);
    pn.used = true;
    fileScope.insert(pn);
    if (pkg.imports.add(p) && pkg.isMain()) {
      gol.interp.types.Qualifier.enter(pkg);
    }
    return pn;
  }
}
