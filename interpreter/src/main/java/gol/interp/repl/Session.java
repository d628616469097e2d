package gol.interp.repl;

import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.check.Checker;
import gol.interp.check.Universe;
import gol.interp.compile.Compiler;
import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import gol.interp.vm.CodeBuilder;
import gol.interp.vm.Interp;
import gol.interp.vm.Op;
import gol.interp.vm.Proto;
import gol.interp.vm.VmExecutor;
import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Machine;
import gol.runtime.Sched;
import gol.stdlib.Stdlib;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * One REPL session: the package main that the inputs add to, and the program that runs them.
 *
 * Concepts
 *   Each input is one more script file of package main. It is parsed, checked against the
 *   package scope built so far (the Checker in REPL mode: a name may be declared again, the new
 *   object shadowing the old one), compiled by the same Compiler (new package-level variables get
 *   the next global slots; new standard packages imported by the input are compiled first, and
 *   their initialisers run before the input's code), and run as a new goroutine on a long-lived
 *   service-mode scheduler. eval waits for that goroutine to end while every goroutine the
 *   session started keeps running.
 *
 *   An expression statement at the end of an input prints its value(s): the input is first
 *   checked on the side (a probe: a throw-away package whose scope's parent is the session's, so
 *   the session is untouched) to learn the expression's type; if it has values, the statement
 *   becomes {@code fmt.Println(E)} (through a private import of fmt), which is %v formatting,
 *   space-separated. The (n, err) results of fmt's Print functions and of Write methods are not
 *   printed: {@code fmt.Println(1)} shows 1, not also {@code 2 <nil>}.
 *
 *   Errors leave the session as it was: the package scope is restored when an input fails to
 *   check or compile; a panic kills only the input's goroutine (its message and trace printed as
 *   Go prints them); a panic in another goroutine is printed and that goroutine dies.
 *
 * Threads
 *   eval, typeOf, complete and the reports run on the REPL thread only (the checker, compiler and
 *   importer are not thread-safe). interrupt() comes from the terminal's signal thread;
 *   ended/allAsleep/exited from the scheduler's Ms: they only set fields under {@code lock} and
 *   notify.
 *
 * Where gol differs from a program
 *   Globals live in arrays allocated once with room for INITIAL_GLOBALS slots; a session that
 *   declares more grows them by copying, and a goroutine still running at that moment may write
 *   to the old copy (documented in docs/repl.md).
 */
public final class Session implements Sched.Listener {
  /** The file name of typed inputs in error messages and tracebacks: {@code repl:1:5: ...}. */
  public static final String INPUT = "repl";
  /** The private name of fmt used to print values. */
  static final String FMT = "__golfmt";
  private static final int INITIAL_GLOBALS = 1 << 14;

  /** What became of an input. */
  public enum Outcome { OK, ERROR, PANIC, INTERRUPTED, DEADLOCK, EXIT }

  final Machine machine;
  final Sched sched;
  private final PrintStream err;
  private final Diagnostics diags = new Diagnostics();
  final StdImporter importer = new StdImporter();
  final Pkg pkg = new Pkg("main", "main", Universe.SCOPE);
  private final Checker checker;
  private final Compiler compiler;
  private int globals;

  // the evaluation in progress (lock)
  private final Object lock = new Object();
  private G current;
  private int how;
  private boolean asleepSignal;
  private boolean interrupted;
  private volatile boolean exited;
  private volatile int exitCode;

  /**
   * A session whose program writes to {@code out} (line-flushed when {@code lineFlush}) and
   * {@code err}, scheduled with {@code opt} (turned into service mode).
   */
  public Session(OutputStream out, boolean lineFlush, PrintStream err, Sched.Options opt) {
    this.err = err;
    machine = new Machine(out, lineFlush, err, new String[] {"gol"});
    machine.globalLs = new long[INITIAL_GLOBALS];
    machine.globalRs = new Object[INITIAL_GLOBALS];
    importer.diags = diags;
    checker = new Checker(diags, importer);
    checker.setRepl(true);
    compiler = new Compiler(diags, Stdlib.natives());
    opt.service = true;
    sched = new Sched(machine, VmExecutor.INSTANCE, opt);
    sched.listener = this;
    sched.serve();
  }

  public Session(OutputStream out, boolean lineFlush, PrintStream err) {
    this(out, lineFlush, err, new Sched.Options());
  }

  /** Whether the program called os.Exit (the REPL ends with {@link #exitCode}). */
  public boolean exited() {
    return exited;
  }

  public int exitCode() {
    return exitCode;
  }

  /** Stops every goroutine and the scheduler's threads. */
  public void close() {
    sched.close();
  }

  // ======== evaluation ========

  /**
   * Evaluates one complete input (named {@code path} in messages) and waits for it to finish.
   * With {@code runMain}, a {@code func main} the input declares is called after its top-level
   * statements (:load of a program).
   */
  public Outcome eval(String path, String source, boolean runMain) {
    diags.clear();
    Map<String, Obj> saved = new LinkedHashMap<>(pkg.scope.names);
    Program prog;
    try {
      Parser.Parsed parsed = Parser.parseSource(path, source, diags);
      if (diags.hasErrors()) {
        return report();
      }
      File f = printLastValue(parsed.file(), path, source);
      checker.checkPackage(pkg, List.of(f));
      if (diags.hasErrors()) {
        restore(saved);
        return report();
      }
      List<Compiler.Unit> units = new ArrayList<>(importer.pending);
      units.add(new Compiler.Unit(pkg, List.of(f), List.of(path)));
      prog = compiler.compile(units);
      pkg.inits.clear(); // run once; the next input must not run them again
      if (diags.hasErrors()) {
        restore(saved);
        return report();
      }
      importer.pending.clear();
    } catch (RuntimeException | StackOverflowError e) {
      restore(saved);
      gol.interp.BugReport.print(err, e, gol.interp.BugReport.javaTraceFromEnv());
      return Outcome.ERROR;
    }
    layoutGlobals(prog);
    return run(entry(prog, path, runMain));
  }

  private Outcome report() {
    machine.stdout.flush();
    err.print(diags.report());
    err.flush();
    return Outcome.ERROR;
  }

  private void restore(Map<String, Obj> saved) {
    pkg.scope.names.clear();
    pkg.scope.names.putAll(saved);
  }

  /** Makes room for the program's globals; new string globals start as "". */
  private void layoutGlobals(Program prog) {
    int n = prog.globalCount();
    if (n > machine.globalLs.length) {
      int cap = Math.max(n, machine.globalLs.length * 2);
      machine.globalLs = Arrays.copyOf(machine.globalLs, cap);
      machine.globalRs = Arrays.copyOf(machine.globalRs, cap);
    }
    for (int i : prog.stringGlobals()) {
      if (i >= globals) {
        machine.globalRs[i] = GoString.EMPTY;
      }
    }
    globals = Math.max(globals, n);
  }

  /** The input's goroutine: every new initialiser, then main when asked. Mirrors Program.entry. */
  private static Proto entry(Program prog, String path, boolean runMain) {
    Proto p = new Proto("runtime.main", path, 0);
    CodeBuilder cb = new CodeBuilder();
    for (Proto init : prog.inits()) {
      cb.emit(Op.CALL, cb.constR(init), 0);
    }
    if (runMain && prog.main() != null) {
      cb.emit(Op.CALL, cb.constR(prog.main()), 0);
    }
    cb.emit(Op.RET, 0, 0);
    p.frameSize = 1;
    return cb.finish(p);
  }

  /** Runs entry as a new goroutine and waits for it (or Ctrl-C, a deadlock, os.Exit). */
  private Outcome run(Proto entry) {
    G g = sched.newG(null);
    Interp.start(g, entry, null);
    synchronized (lock) {
      current = g;
      how = Integer.MIN_VALUE;
      asleepSignal = false;
      interrupted = false;
    }
    sched.start(g);
    Outcome o = await(g);
    synchronized (lock) {
      current = null;
    }
    machine.stdout.flush();
    return o;
  }

  private Outcome await(G g) {
    for (;;) {
      boolean checkAsleep;
      synchronized (lock) {
        while (how == Integer.MIN_VALUE && !exited && !interrupted && !asleepSignal) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
        if (how != Integer.MIN_VALUE) {
          return how == gol.runtime.Executor.DIED ? Outcome.PANIC : Outcome.OK;
        }
        if (exited) {
          return Outcome.EXIT;
        }
        if (interrupted) {
          sched.kill(g);
          return Outcome.INTERRUPTED;
        }
        asleepSignal = false;
        checkAsleep = true;
      }
      if (checkAsleep && g.status == G.WAITING && sched.asleep()) {
        deadlock(g);
        return Outcome.DEADLOCK;
      }
    }
  }

  /** Go's deadlock report for the input's goroutine, which is then abandoned (left parked). */
  private void deadlock(G g) {
    sched.kill(g);
    machine.stdout.flush();
    err.print("fatal error: all goroutines are asleep - deadlock!\n\ngoroutine " + g.id + " ["
        + Sched.stateOf(g) + "]:\n" + VmExecutor.INSTANCE.traceback(g));
    err.flush();
  }

  /** Ctrl-C: the input's goroutine is stopped; eval returns INTERRUPTED at once. */
  public void interrupt() {
    synchronized (lock) {
      if (current != null) {
        interrupted = true;
        lock.notifyAll();
      }
    }
  }

  /** Whether an input is being evaluated. */
  public boolean busy() {
    synchronized (lock) {
      return current != null;
    }
  }

  @Override
  public void ended(G gp, int r) {
    synchronized (lock) {
      if (gp == current) {
        how = r;
        lock.notifyAll();
      }
    }
  }

  @Override
  public void allAsleep() {
    synchronized (lock) {
      if (current != null) {
        asleepSignal = true;
        lock.notifyAll();
      }
    }
  }

  @Override
  public void exited(int code) {
    synchronized (lock) {
      if (!exited) {
        exitCode = code;
      }
      exited = true;
      lock.notifyAll();
    }
  }

  // ======== printing the value of a final expression statement ========

  /**
   * The input with its final expression statement {@code E} turned into {@code fmt.Println(E)}
   * when E has values worth printing; else the input as it is.
   */
  private File printLastValue(File f, String path, String source) {
    if (f.items.isEmpty() || !(f.items.get(f.items.size() - 1) instanceof Stmt.ExprStmt es)) {
      return f;
    }
    Stmt.ExprStmt probed = probeLast(path, source);
    if (probed == null || !printable(probed.x.type) || printsItself(probed.x)) {
      return f;
    }
    Expr fun = new Expr.Selector(es.line, es.col, new Expr.Ident(es.line, es.col, FMT),
        new Expr.Ident(es.line, es.col, "Println"));
    Expr call = new Expr.Call(es.line, es.col, fun, List.of(es.x), false);
    List<Node> items = new ArrayList<>(f.items);
    items.set(items.size() - 1, new Stmt.ExprStmt(es.line, es.col, call));
    List<File.Import> imports = new ArrayList<>(f.imports);
    imports.add(new File.Import(es.line, es.col, FMT, "fmt"));
    return new File(f.line, f.col, f.name, f.packageName, imports, items);
  }

  private static boolean printable(Type t) {
    if (t == null || t instanceof Type.Tuple tu && tu.vars.isEmpty()) {
      return false;
    }
    return !(t instanceof Type.Basic b && b.kind == Type.Kind.INVALID);
  }

  /**
   * Whether {@code x} is a call of fmt's print functions or of a Write method: their (n int, err
   * error) results are not echoed ({@code fmt.Println(1)} prints 1, not also {@code 2 <nil>}).
   */
  private static boolean printsItself(Expr x) {
    if (!(x.unparen() instanceof Expr.Call c && c.fun.unparen() instanceof Expr.Selector sel
        && sel.sel.obj instanceof Obj.Func fn)) {
      return false;
    }
    boolean fmtPrint = fn.pkg != null && fn.pkg.path.equals("fmt")
        && (fn.name.startsWith("Print") || fn.name.startsWith("Fprint"));
    return fmtPrint || fn.name.startsWith("Write");
  }

  /** The input's final expression statement, checked on the side; null if none. */
  private Stmt.ExprStmt probeLast(String path, String source) {
    Diagnostics pd = new Diagnostics();
    File pf = Parser.parse(path, source, pd);
    if (pd.hasErrors() || pf.items.isEmpty()
        || !(pf.items.get(pf.items.size() - 1) instanceof Stmt.ExprStmt es)) {
      return null;
    }
    probe(pf, pd);
    return es;
  }

  /** Checks {@code f} in a throw-away package nested in the session's; returns that package. */
  Pkg probe(File f, Diagnostics pd) {
    Diagnostics saved = importer.diags;
    importer.diags = pd;
    try {
      Checker c = new Checker(pd, importer);
      c.setRepl(true);
      Pkg p = new Pkg("main", "main", pkg.scope);
      c.checkPackage(p, List.of(f));
      return p;
    } finally {
      importer.diags = saved;
    }
  }

  /** {@code :type EXPR}: the expression's type, or its errors. */
  public String typeOf(String expr) {
    Diagnostics pd = new Diagnostics();
    File f = Parser.parse(INPUT, expr, pd);
    if (!pd.hasErrors() && (f.items.size() != 1 || !(f.items.get(0) instanceof Stmt.ExprStmt))) {
      return ":type wants one expression\n";
    }
    if (pd.hasErrors()) {
      return pd.report();
    }
    Expr x = ((Stmt.ExprStmt) f.items.get(0)).x;
    try {
      probe(f, pd);
    } catch (RuntimeException e) {
      return "gol: internal error: " + e + "\n" + gol.interp.BugReport.HINT + "\n";
    }
    if (x.type == null || x.type instanceof Type.Basic b && b.kind == Type.Kind.INVALID) {
      return pd.report();
    }
    if (x.type instanceof Type.Tuple tu && tu.vars.isEmpty()) {
      return expr.strip() + " (no value)\n";
    }
    return x.type + "\n";
  }

  /** Loads fmt and the checker's classes ahead of the first input (on the REPL's init thread). */
  void warmUp() {
    typeOf("fmt.Sprint(1)");
  }

  // ======== live views ========

  /** {@code :goroutines}: one line per live goroutine: id, state, wait reason, top frame. */
  public String goroutines() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("%-5s %-9s %-24s %s%n", "ID", "STATE", "WAIT REASON", "TOP FRAME"));
    for (G g : sched.goroutines()) {
      String state;
      String reason = "";
      switch (g.status) {
        case G.RUNNING -> state = "running";
        case G.RUNNABLE -> state = "runnable";
        case G.SYSCALL -> state = "syscall";
        case G.WAITING -> {
          state = "waiting";
          reason = g.waitReason != null ? g.waitReason : "";
        }
        default -> state = "dead";
      }
      if (g.killed) {
        state += "*";
      }
      sb.append(String.format("%-5d %-9s %-24s %s%n", g.id, state, reason, topFrame(g)));
    }
    return sb.toString();
  }

  /** {@code main.f repl:3} for a G's innermost frame (racy for a running G: best effort). */
  static String topFrame(G g) {
    if (g.status == G.RUNNING) {
      try {
        Proto p = (Proto) g.frameFn[g.depth - 1];
        return p.name + " " + p.file;
      } catch (RuntimeException e) {
        return "?";
      }
    }
    try {
      String tb = VmExecutor.INSTANCE.traceback(g);
      String[] lines = tb.split("\n");
      if (lines.length < 2) {
        return "?";
      }
      String fn = lines[0].endsWith(")") && lines[0].contains("(")
          ? lines[0].substring(0, lines[0].lastIndexOf('(')) : lines[0];
      return fn + " " + lines[1].trim();
    } catch (RuntimeException e) {
      return "?";
    }
  }

  /** {@code :sched}: the schedtrace line now, with steals and preemptions. */
  public String schedLine(boolean detail) {
    return sched.schedtraceNow(detail);
  }

  /** The names declared so far (for completion), without the session's private ones. */
  List<String> names() {
    List<String> out = new ArrayList<>();
    for (String n : pkg.scope.names.keySet()) {
      if (!n.startsWith("__")) {
        out.add(n);
      }
    }
    return out;
  }
}
