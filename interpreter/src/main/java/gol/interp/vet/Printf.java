package gol.interp.vet;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * go vet's printf analyzer: calls of fmt, log and testing print functions, and of this file's
 * own wrappers around them, whose format directives do not fit their arguments (wrong type,
 * too few or too many, unknown verb or flag, %w outside Errorf), and Print/Println calls that
 * look like Printf calls. {@link PrintfVerbs} parses directives and matches argument types.
 */
final class Printf {
  enum Kind { NONE, PRINT, PRINTF, ERRORF }

  private static final Set<String> PRINT = Set.of(
      "fmt.Appendf", "fmt.Append", "fmt.Appendln", "fmt.Errorf", "fmt.Fprint", "fmt.Fprintf",
      "fmt.Fprintln", "fmt.Print", "fmt.Printf", "fmt.Println", "fmt.Sprint", "fmt.Sprintf",
      "fmt.Sprintln", "runtime/trace.Logf",
      "log.Print", "log.Printf", "log.Println", "log.Fatal", "log.Fatalf", "log.Fatalln",
      "log.Panic", "log.Panicf", "log.Panicln");
  private static final Set<String> LOGGER = Set.of(
      "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "Print", "Printf", "Println");
  private static final Set<String> TESTING = Set.of(
      "Error", "Errorf", "Fatal", "Fatalf", "Log", "Logf", "Skip", "Skipf");

  /** go vet's pattern for a directive in the first argument of Print/Println. */
  private static final Pattern PRINT_FORMAT = Pattern.compile(
      "%[+\\-#]*([0-9]+|(\\[[0-9]+\\])?\\*)?\\.?([0-9]+|(\\[[0-9]+\\])?\\*)?(\\[[0-9]+\\])?[bcdefgopqstvxEFGTUX]");

  private final Pass pass;
  /** This file's functions found to forward to a print function, and how. */
  private final Map<Obj.Func, Kind> wrappers = new HashMap<>();
  /** The method whose body is being walked (for recursive String/Error calls). */
  private Decl.Func enclosing;

  private Printf(Pass pass) {
    this.pass = pass;
  }

  static void run(Pass pass) {
    Printf p = new Printf(pass);
    p.findWrappers();
    for (Node item : pass.file.items) {
      p.enclosing = item instanceof Decl.Func f ? f : null;
      Walk.node(item, n -> {
        if (n instanceof Expr.Call call) {
          p.checkCall(call);
        }
        return true;
      });
    }
  }

  // ---- which calls print ----

  /** A possible wrapper: a function whose last parameter is ...interface{} (and format string before it). */
  private static final class Wrapper {
    final Obj.Func fn;
    final Decl.Func decl;
    final Obj.Var format;
    final Obj.Var args;
    final File file;
    final List<Object[]> callers = new ArrayList<>();
    boolean failed;

    Wrapper(Obj.Func fn, Decl.Func decl, Obj.Var format, Obj.Var args, File file) {
      this.file = file;
      this.fn = fn;
      this.decl = decl;
      this.format = format;
      this.args = args;
    }
  }

  private void findWrappers() {
    Map<Obj.Func, Wrapper> byObj = new HashMap<>();
    List<Wrapper> ws = new ArrayList<>();
    for (File file : pass.files) { // a wrapper may be called from another file of the package
      for (Node item : file.items) {
        addWrapper(item, file, byObj, ws);
      }
    }
    for (Wrapper w : ws) {
      Walk.node(w.decl.body, n -> {
        if (w.failed) {
          return false;
        }
        if (n instanceof Stmt.Assign a) {
          for (Expr l : a.lhs) {
            if (is(l, w.format) || is(l, w.args)) {
              w.failed = true;
              return false;
            }
          }
        }
        if (n instanceof Expr.Unary u && u.op == Tok.AND && (is(u.x, w.format) || is(u.x, w.args))) {
          w.failed = true;
          return false;
        }
        if (!(n instanceof Expr.Call call) || call.args.isEmpty() || !is(call.args.get(call.args.size() - 1), w.args)) {
          return true;
        }
        Obj.Func fn = Pass.callee(call);
        Kind kind = kind(fn);
        if (kind != Kind.NONE) {
          forwards(w, call, kind);
          return true;
        }
        if (fn != null && byObj.containsKey(fn)) {
          byObj.get(fn).callers.add(new Object[] {w, call});
        }
        return true;
      });
    }
  }

  /** Records item as a possible wrapper if it is a function whose last parameter is ...interface{}. */
  private static void addWrapper(Node item, File file, Map<Obj.Func, Wrapper> byObj, List<Wrapper> ws) {
    if (!(item instanceof Decl.Func fd) || fd.body == null || fd.obj == null
        || !(fd.obj.type instanceof Type.Signature sig) || !sig.variadic) {
      return;
    }
    List<Obj.Var> ps = sig.params.vars;
    Obj.Var args = ps.get(ps.size() - 1);
    if (!(args.type instanceof Type.Slice sl) || !(sl.elem instanceof Type.Interface it) || !it.isEmpty()) {
      return;
    }
    Obj.Var format = ps.size() >= 2 && Pass.isString(ps.get(ps.size() - 2).type) ? ps.get(ps.size() - 2) : null;
    Wrapper w = new Wrapper(fd.obj, fd, format, args, file);
    byObj.put(fd.obj, w);
    ws.add(w);
  }

  private static boolean is(Expr e, Obj.Var v) {
    return v != null && e instanceof Expr.Ident id && id.obj == v;
  }

  /** checkPrintfFwd: a wrapper passes its args on; without ... that is a bug, with it the wrapper prints. */
  private void forwards(Wrapper w, Expr.Call call, Kind kind) {
    boolean matched = kind == Kind.PRINT
        || (kind != Kind.NONE && call.args.size() >= 2 && is(call.args.get(call.args.size() - 2), w.format));
    if (!matched) {
      return;
    }
    if (!call.ellipsis) {
      if (!(call.fun.type instanceof Type.Signature sig)) {
        return;
      }
      if (call.args.size() > sig.params.vars.size()) {
        return;
      }
      if (w.file != pass.file) {
        return; // reported when its own file is looked at
      }
      pass.reportAt(call, "missing ... in args forwarded to " + (kind == Kind.PRINT ? "print" : "printf") + "-like function");
      return;
    }
    if (!wrappers.containsKey(w.fn)) {
      wrappers.put(w.fn, kind);
      for (Object[] c : w.callers) {
        forwards((Wrapper) c[0], (Expr.Call) c[1], kind);
      }
    }
  }

  private Kind kind(Obj.Func fn) {
    if (fn == null) {
      return Kind.NONE;
    }
    String name = printName(fn);
    if (name != null) {
      if (name.equals("fmt.Errorf")) {
        return Kind.ERRORF;
      }
      return fn.name.endsWith("f") ? Kind.PRINTF : Kind.PRINT;
    }
    return wrappers.getOrDefault(fn, Kind.NONE);
  }

  /** The name go vet gives a known print function ({@code (*testing.common).Errorf}), else null. */
  private static String printName(Obj.Func fn) {
    if (fn.pkg == null) {
      return null;
    }
    String path = fn.pkg.path;
    if (fn.type instanceof Type.Signature s && s.recv != null) {
      Type r = s.recv.type;
      Type base = r instanceof Type.Pointer p ? p.elem : r;
      if (path.equals("log") && Pass.isNamed(base, "log", "Logger") && LOGGER.contains(fn.name)) {
        return "(*log.Logger)." + fn.name;
      }
      if (path.equals("testing") && TESTING.contains(fn.name)) {
        return Pass.isNamed(base, "testing", "TB") ? "(testing.TB)." + fn.name : "(*testing.common)." + fn.name;
      }
      return null;
    }
    String full = path + "." + fn.name;
    return PRINT.contains(full) ? full : null;
  }

  private String fullName(Obj.Func fn) {
    String n = printName(fn);
    return n != null ? n : Pass.fullName(fn);
  }

  private void checkCall(Expr.Call call) {
    Obj.Func fn = Pass.callee(call);
    Kind kind = kind(fn);
    if (kind == Kind.PRINTF || kind == Kind.ERRORF) {
      checkPrintf(call, kind, fullName(fn));
    } else if (kind == Kind.PRINT) {
      checkPrint(call, fn, fullName(fn));
    }
  }

  // ---- Printf ----

  private void checkPrintf(Expr.Call call, Kind kind, String name) {
    if (!(call.fun.type instanceof Type.Signature sig) || !sig.variadic) {
      return;
    }
    int idx = sig.params.vars.size() - 2;
    if (idx < 0 || idx >= call.args.size()) {
      return;
    }
    String format = Pass.stringConstant(call.args.get(idx));
    if (format == null) {
      return;
    }
    int firstArg = idx + 1;
    if (format.indexOf('%') < 0) {
      if (call.args.size() > firstArg) {
        pass.report(call.lparenLine, call.lparenCol, name + " call has arguments but no formatting directives");
      }
      return;
    }
    int argNum = firstArg;
    int maxArgNum = firstArg;
    boolean anyIndex = false;
    for (int i = 0, w; i < format.length(); i += w) {
      w = 1;
      if (format.charAt(i) != '%') {
        continue;
      }
      PrintfVerbs.State state = PrintfVerbs.parse(pass, call, name, format.substring(i), firstArg, argNum);
      if (state == null) {
        return;
      }
      w = state.format.length();
      if (!PrintfVerbs.okArg(pass, call, state, this::recursiveStringer)) {
        return;
      }
      anyIndex |= state.hasIndex;
      if (state.verb == 'w' && kind != Kind.ERRORF) {
        pass.reportAt(call, name + " does not support error-wrapping directive %w");
        return;
      }
      if (!state.argNums.isEmpty()) {
        argNum = state.argNums.get(state.argNums.size() - 1) + 1;
      }
      for (int n : state.argNums) {
        if (n >= maxArgNum) {
          maxArgNum = n + 1;
        }
      }
    }
    if (call.ellipsis && maxArgNum >= call.args.size() - 1) {
      return;
    }
    if (anyIndex) {
      return;
    }
    if (maxArgNum != call.args.size()) {
      pass.reportAt(call, name + " call needs " + PrintfVerbs.count(maxArgNum - firstArg, "arg")
          + " but has " + PrintfVerbs.count(call.args.size() - firstArg, "arg"));
    }
  }

  // ---- Print ----

  private void checkPrint(Expr.Call call, Obj.Func fn, String name) {
    int firstArg = 0;
    if (call.fun.type == null) {
      return;
    }
    if (call.fun.type.underlying() instanceof Type.Signature sig) {
      if (!sig.variadic) {
        return;
      }
      firstArg = sig.params.vars.size() - 1;
      Type last = sig.params.vars.get(firstArg).type;
      if (!(last instanceof Type.Slice sl) || !(sl.elem instanceof Type.Interface it) || !it.isEmpty()) {
        return;
      }
    }
    if (call.args.size() <= firstArg) {
      return;
    }
    List<Expr> args = call.args.subList(firstArg, call.args.size());
    if (firstArg == 0 && call.args.get(0) instanceof Expr.Selector sel && sel.x instanceof Expr.Ident x
        && x.name.equals("os") && sel.sel.name.startsWith("Std")) {
      pass.reportAt(call, name + " does not take io.Writer but has first arg " + GoSyntax.format(call.args.get(0)));
    }
    String s = Pass.stringConstant(args.get(0));
    if (s != null) {
      if (s.endsWith("%")) {
        s = s.substring(0, s.length() - 1);
      }
      if (s.indexOf('%') >= 0) {
        Matcher m = PRINT_FORMAT.matcher(s);
        if (m.find()) {
          pass.reportAt(call, name + " call has possible Printf formatting directive " + m.group());
        }
      }
    }
    if (fn.name.endsWith("ln")) {
      String last = Pass.stringConstant(args.get(args.size() - 1));
      if (last != null && last.endsWith("\n")) {
        pass.reportAt(call, name + " arg list ends with redundant newline");
      }
    }
    for (Expr arg : args) {
      if (arg.type instanceof Type.Signature) {
        pass.reportAt(call, name + " arg " + GoSyntax.format(arg) + " is a func value, not called");
      }
      String method = recursiveStringer(arg);
      if (method != null) {
        pass.reportAt(call, name + " arg " + GoSyntax.format(arg) + " causes recursive call to " + method + " method");
      }
    }
  }

  /**
   * Whether e is the receiver (or its address) of the String or Error method whose body holds
   * the call: printing it calls the method again. Returns the method's full name, else null.
   */
  String recursiveStringer(Expr e) {
    Type t = e.type;
    if (t == null || PrintfVerbs.isFormatter(t) || enclosing == null || enclosing.obj == null) {
      return null;
    }
    Obj.Func str = Pass.methodOf(t, "String");
    Obj.Func err = Pass.methodOf(t, "Error");
    Obj.Func method;
    if (str != null && str.pkg == pass.pkg && origin(str) == enclosing.obj) {
      method = str;
    } else if (err != null && err.pkg == pass.pkg && origin(err) == enclosing.obj) {
      method = err;
    } else {
      return null;
    }
    if (!(method.type instanceof Type.Signature sig) || !Pass.isStringer(sig)) {
      return null;
    }
    Expr x = e;
    if (x instanceof Expr.Unary u && u.op == Tok.AND) {
      x = u.x;
    }
    if (x instanceof Expr.Ident id && id.obj != null && (id.obj == sig.recv || isRecv(id.obj))) {
      return Pass.fullName(method);
    }
    return null;
  }

  private static Obj.Func origin(Obj.Func f) {
    return f.origin != null ? f.origin : f;
  }

  private boolean isRecv(Obj o) {
    Expr.Field r = enclosing.recv;
    return r != null && !r.names.isEmpty() && r.names.get(0).obj == o;
  }
}
