package gol.interp.compile;

import gol.interp.ast.Decl;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import gol.interp.vm.Closure;
import gol.interp.vm.CodeBuilder;
import gol.interp.vm.NativeWidths;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.runtime.GoString;
import gol.runtime.Native;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles checked packages into a {@link Program}: lays out package-level variables, makes one
 * {@link Proto} per function (bodiless ones bound to their natives), compiles every body and
 * each package's initialiser.
 */
public final class Compiler {
  /** A checked package and its files, with the display path of each file for tracebacks. */
  public record Unit(Pkg pkg, List<File> files, List<String> paths) {
  }

  private final Diagnostics diags;
  private final Map<String, Native> natives;
  final RTypes rtypes = new RTypes();
  private final Map<Obj.Func, Proto> protos = new HashMap<>();
  private final Map<Obj.Func, Closure> funcValues = new HashMap<>();
  private final Map<Pkg, Integer> initCount = new HashMap<>();
  private final Map<Obj.Var, Integer> globals = new LinkedHashMap<>();
  /** Globals below this slot have had their zero values made by an earlier compile call. */
  private int zeroedGlobals;

  final MethodSets methods = new MethodSets(this);

  /**
   * One GoString per distinct string constant: a switch tag or map key that came from a constant
   * is then the very object of the case or key it meets (StrSwitch's and GoString.equals'
   * identity test, and one cached hash), as `prog := []string{"inc", ...}` run through
   * `switch op { case "inc": ... }` does. Strings are immutable, so sharing cannot be seen.
   */
  private final Map<String, GoString> strings = new HashMap<>();

  /** The program's GoString for the constant bytes v (keyed by a lossless Latin-1 view). */
  GoString string(byte[] v) {
    String key = new String(v, StandardCharsets.ISO_8859_1);
    GoString s = strings.get(key);
    if (s == null) { // (not computeIfAbsent: a lambda on hello world's start-up, StartupClassesTest)
      s = GoString.wrap(v);
      strings.put(key, s);
    }
    return s;
  }

  public Compiler(Diagnostics diags, Map<String, Native> natives) {
    this.diags = diags;
    this.natives = natives;
  }

  /**
   * Units compiled by earlier calls (the REPL compiles each input): a later input may
   * instantiate their generic functions, whose instances then join their files.
   */
  private final List<Unit> earlier = new ArrayList<>();

  /** Compiles the units, given in initialisation order (dependencies first). */
  public Program compile(List<Unit> units) {
    List<Decl.Func> late = new ArrayList<>();
    for (Unit u : earlier) {
      for (int i = 0; i < u.files().size(); i++) {
        for (Decl.Func f : u.files().get(i).instances) {
          if (!protos.containsKey(f.obj)) {
            declare(u.pkg(), f, u.paths().get(i));
            late.add(f);
          }
        }
      }
    }
    earlier.addAll(units);
    // every function gets its Proto first, so calls can refer to functions compiled later
    for (Unit u : units) {
      for (int i = 0; i < u.files().size(); i++) {
        for (Node item : u.files().get(i).items) {
          if (item instanceof Decl.Func f && f.obj != null && !isGeneric(f)) {
            declare(u.pkg(), f, u.paths().get(i));
          }
        }
        for (Decl.Func f : u.files().get(i).instances) {
          declare(u.pkg(), f, u.paths().get(i));
        }
      }
    }
    rtypes.methodSets = methods;
    for (Decl.Func f : late) {
      Type.Signature sig = (Type.Signature) f.obj.type;
      new FuncCompiler(this, null, protos.get(f.obj)).function(sig.recv, sig, f.body);
    }
    List<Proto> inits = new ArrayList<>();
    Proto main = null;
    for (Unit u : units) {
      // package-level variables in dependency order, then a script's top-level code in source order
      List<Node> initItems = new ArrayList<>();
      for (Pkg.Init in : u.pkg().inits) {
        initItems.add(new InitAssign(in));
      }
      // the package's func init declarations run after its variables, in source order (Go spec)
      List<Node> initFuncs = new ArrayList<>();
      int initAt = initItems.size();
      boolean script = false;
      for (int i = 0; i < u.files().size(); i++) {
        File file = u.files().get(i);
        for (Decl.Func f : file.instances) {
          Type.Signature sig = (Type.Signature) f.obj.type;
          new FuncCompiler(this, null, protos.get(f.obj)).function(sig.recv, sig, f.body);
        }
        for (Node item : file.items) {
          if (item instanceof Decl.Func f && f.obj != null && isGeneric(f)) {
            continue; // compiled per instantiation (file.instances)
          }
          if (item instanceof Decl.Func f && f.obj != null) {
            Proto p = protos.get(f.obj);
            if (f.body != null) {
              Type.Signature sig = (Type.Signature) f.obj.type;
              new FuncCompiler(this, null, p).function(sig.recv, sig, f.body);
            }
            if (u.pkg().isMain() && f.recv == null && f.name.name.equals("main")) {
              main = p;
            }
            if (isInitFunc(f)) {
              initFuncs.add(new InitCall(f, p));
            }
          } else if (file.packageName == null && (item instanceof Decl.Var || item instanceof gol.interp.ast.Stmt)) {
            initItems.add(item);
            script |= item instanceof gol.interp.ast.Stmt;
          }
        }
      }
      initItems.addAll(initAt, initFuncs);
      if (!initItems.isEmpty()) {
        String path = u.paths().isEmpty() ? u.pkg().path : u.paths().get(0);
        // a script's statements are its main function, as far as tracebacks go
        String name = u.pkg().path + (script && main == null ? ".main" : ".init");
        Proto init = new Proto(name, path, 1);
        new FuncCompiler(this, null, init).init(initItems);
        inits.add(init);
      }
    }
    Proto zeros = zeroValueGlobals(units);
    if (zeros != null) {
      inits.add(0, zeros);
    }
    int[] strings = new int[globals.size()]; // a loop, not a stream: this runs at every start-up
    int n = 0;
    for (Map.Entry<Obj.Var, Integer> e : globals.entrySet()) {
      if (Layout.isString(e.getKey().type)) {
        strings[n++] = e.getValue();
      }
    }
    strings = java.util.Arrays.copyOf(strings, n);
    return new Program(inits, main, globals.size(), strings, rtypes);
  }

  /**
   * Package-level variables of struct and array type start as zero value objects (not null),
   * complex ones as Complex.ZERO.
   * Only those laid out by this compile call: the REPL calls compile again for every input, and
   * the variables of earlier inputs hold values by then.
   */
  private Proto zeroValueGlobals(List<Unit> units) {
    CodeBuilder cb = new CodeBuilder();
    cb.setLine(1);
    boolean any = false;
    int from = zeroedGlobals;
    zeroedGlobals = globals.size();
    for (Map.Entry<Obj.Var, Integer> e : new ArrayList<>(globals.entrySet())) {
      if (e.getValue() >= from && Layout.isValue(e.getKey().type)) {
        cb.emit(Op.NEWV, 0, cb.constR(rtypes.of(e.getKey().type)));
        cb.emit(Op.STG_R, e.getValue(), 0);
        any = true;
      } else if (e.getValue() >= from && Layout.isComplex(e.getKey().type)) {
        cb.emit(Op.LOADK_R, 0, cb.constR(gol.runtime.Complex.ZERO));
        cb.emit(Op.STG_R, e.getValue(), 0);
        any = true;
      }
    }
    if (!any) {
      return null;
    }
    cb.emit(Op.RET, 0, 0);
    String path = units.isEmpty() || units.get(0).paths().isEmpty() ? "runtime" : units.get(0).paths().get(0);
    Proto p = new Proto("runtime.doInit", path, 1);
    p.frameSize = 1;
    cb.finish(p);
    return p;
  }

  /** A package-level variable initialisation, as an init item (see FuncCompiler.init). */
  static final class InitAssign extends Node {
    final Pkg.Init init;

    InitAssign(Pkg.Init init) {
      super(init.rhs() != null ? init.rhs().line : 1, init.rhs() != null ? init.rhs().col : 1);
      this.init = init;
    }
  }

  /** A call of one of the package's {@code func init} declarations, as an init item. */
  static final class InitCall extends Node {
    final Proto target;

    InitCall(Decl.Func f, Proto target) {
      super(f.line, f.col);
      this.target = target;
    }
  }

  static boolean isInitFunc(Decl.Func f) {
    return f.recv == null && f.name.name.equals("init");
  }

  /** A generic function or a method of a generic type: only its instances are compiled. */
  private static boolean isGeneric(Decl.Func f) {
    return f.copier != null && f.obj.origin == null;
  }

  private void declare(Pkg pkg, Decl.Func f, String path) {
    Obj.Func fn = f.obj;
    // an instance is named as Go's tracebacks name it: main.Sum[...], main.(*Stack[...]).Push
    String name = pkg.path + "." + (f.recv == null ? fn.name + (fn.origin != null ? "[...]" : "") : recvName(f) + "." + fn.name);
    if (isInitFunc(f)) {
      // gc numbers a package's init functions: main.init.0, main.init.1, ...
      // (no lambdas or method references on a hello world's path: see Loader.SourceOf)
      int n = initCount.getOrDefault(pkg, 0);
      initCount.put(pkg, n + 1);
      name += "." + n;
    }
    Proto p = new Proto(name, path, f.line);
    if (f.body == null) {
      Native n = natives.get(fn.qualifiedName());
      if (n == null) {
        diags.error(path, f.name.line, f.name.col, "missing function body");
      }
      p.nativeFn = n;
      Type.Signature sig = (Type.Signature) fn.type;
      int np = sig.params.size() + (sig.recv != null ? 1 : 0);
      int nr = sig.results.size();
      p.numParams = np;
      p.numResults = nr;
      // a stub so the native can also be called as a func value
      CodeBuilder cb = new CodeBuilder();
      cb.setLine(f.line);
      cb.emit(Op.CALLN, cb.constR(n), 0);
      cb.emit(Op.RET, 0, nr);
      p.frameSize = Math.max(1, Math.max(np, nr));
      if (n != null) {
        NativeWidths.record(n, p.frameSize); // what a call of it reads and writes (JitCalls)
      }
      cb.finish(p);
    }
    protos.put(fn, p);
  }

  private static String recvName(Decl.Func f) {
    Type t = f.obj.type instanceof Type.Signature s && s.recv != null ? s.recv.type : null;
    if (t instanceof Type.Pointer p) {
      return "(*" + baseName(p.elem) + ")";
    }
    return baseName(t);
  }

  private static String baseName(Type t) {
    return t instanceof Type.Named n ? n.obj.name + (n.typeArgs != null ? "[...]" : "") : String.valueOf(t);
  }

  Proto protoOf(Obj.Func f) {
    Proto p = protos.get(f);
    if (p == null) {
      throw new IllegalStateException("no function compiled for " + f.qualifiedName());
    }
    return p;
  }

  /** The func value of a declared function (one Closure per function). */
  Closure funcValue(Obj.Func f) {
    Closure c = funcValues.get(f);
    if (c == null) {
      c = new Closure(protoOf(f), new Object[0]);
      funcValues.put(f, c);
    }
    return c;
  }

  int globalIndex(Obj.Var v) {
    Integer i = globals.get(v);
    if (i == null) {
      i = globals.size();
      globals.put(v, i);
    }
    return i;
  }

  Native nativeOrFail(String name) {
    Native n = natives.get(name);
    if (n == null) {
      throw new IllegalStateException("no native " + name);
    }
    return n;
  }

  void unsupported(String file, int line, int col, String what) {
    diags.error(file, line, col, "gol does not support " + what + " yet");
  }
}
