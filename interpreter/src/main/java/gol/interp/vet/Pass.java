package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.check.Types;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Selection;
import gol.interp.types.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One analyzer's run over a checked package (go/analysis' Pass): its typed syntax trees, the
 * package, and the findings reported so far, with the helpers the analyzers share. An analyzer
 * looks at one file at a time ({@link #file}, set by {@link #eachFile} or by the caller); its
 * findings are reported in that file.
 */
final class Pass {
  /** One finding: in which file, where and what, as go vet prints it. */
  record Finding(File file, int line, int col, String message) {
  }

  /** Every file of the package, in order (for facts that cross files, as printf wrappers). */
  final List<File> files;
  /** The file being looked at: findings are reported in it. */
  File file;
  final Pkg pkg;
  final List<Finding> findings = new ArrayList<>();

  Pass(List<File> files, Pkg pkg) {
    this.files = files;
    this.file = files.get(0);
    this.pkg = pkg;
  }

  /** Runs body over every file of the package in order, each as the current {@link #file}. */
  void eachFile(java.util.function.Consumer<File> body) {
    for (File f : files) {
      file = f;
      body.accept(f);
    }
  }

  void report(Node at, String message) {
    findings.add(new Finding(file, at.line, at.col, message));
  }

  void report(int line, int col, String message) {
    findings.add(new Finding(file, line, col, message));
  }

  /** Reports at the expression's first token (go/ast's Pos). */
  void reportAt(Expr e, String message) {
    report(GoSyntax.start(e), message);
  }

  /** The function or method a call statically calls (typeutil.Callee); null for builtins, conversions, func values. */
  static Obj.Func callee(Expr.Call call) {
    if (call.kind != Expr.Call.Kind.CALL) {
      return null;
    }
    Expr f = call.fun.unparen();
    if (f instanceof Expr.Index ix) {
      f = ix.x.unparen();
    } else if (f instanceof Expr.IndexList il) {
      f = il.x.unparen();
    }
    Obj o = null;
    if (f instanceof Expr.Ident id) {
      o = id.obj;
    } else if (f instanceof Expr.Selector s) {
      Selection sel = s.selection;
      if (sel == null) {
        o = s.sel.obj;
      } else if (sel.kind == Selection.Kind.METHOD_VALUE) {
        o = sel.obj;
      }
    }
    if (o instanceof Obj.Func fn) {
      return fn.origin != null ? fn.origin : fn;
    }
    return null;
  }

  /** types.Func.FullName: {@code fmt.Printf}, {@code (*log.Logger).Printf}, {@code (command-line-arguments.T).String}. */
  static String fullName(Obj.Func f) {
    if (f.type instanceof Type.Signature s && s.recv != null) {
      return "(" + TypeNames.of(s.recv.type) + ")." + f.name;
    }
    return f.pkg == null ? f.name : TypeNames.path(f.pkg) + "." + f.name;
  }

  /** The value of a string constant expression, else null. */
  static String stringConstant(Expr e) {
    if (e != null && e.constValue instanceof Constant.Str s) {
      return new String(s.value, StandardCharsets.UTF_8);
    }
    return null;
  }

  /** Whether the method called {@code name} is in T's method set (not only in *T's). */
  static Obj.Func methodOf(Type t, String name) {
    if (t == null) {
      return null;
    }
    Types.Lookup l = Types.lookup(t, name, null);
    if (l == null || !(l.obj() instanceof Obj.Func f)) {
      return null;
    }
    boolean ptr = t instanceof Type.Pointer || (!(t instanceof Type.Named) && t.underlying() instanceof Type.Pointer);
    if (Types.hasPtrRecv(f) && !ptr && !l.indirect()) {
      return null;
    }
    return f;
  }

  static boolean isString(Type t) {
    return t instanceof Type.Basic b && b.kind == Type.Kind.STRING;
  }

  /** A signature {@code func() string}. */
  static boolean isStringer(Type.Signature s) {
    return s.params.vars.isEmpty() && s.results.vars.size() == 1 && isString(s.results.vars.get(0).type);
  }

  /** Whether a value of type t has an Error() string method (types.ConvertibleTo(t, error)). */
  static boolean isError(Type t) {
    Obj.Func m = methodOf(t, "Error");
    return m != null && m.type instanceof Type.Signature s && isStringer(s);
  }

  static boolean isNamed(Type t, String pkgPath, String name) {
    return t instanceof Type.Named n && n.obj.name.equals(name) && n.obj.pkg != null
        && n.obj.pkg.path.equals(pkgPath);
  }
}
