package gol.interp;

import gol.interp.compile.Compiler;
import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.ParseCache;
import gol.interp.vm.Disassembler;
import gol.interp.vm.Jit;
import gol.interp.vm.Proto;
import gol.interp.vm.VmExecutor;
import gol.runtime.GoString;
import gol.runtime.Machine;
import gol.stdlib.Stdlib;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** Parse → check → compile → run, for {@link Gol#run}. */
final class Pipeline {
  private Pipeline() {
  }

  /** Parses, checks and compiles; null (with errors in {@code diags}) when that fails. */
  static Program compile(String path, String source, Diagnostics diags) {
    return compile(path, source, diags, Deadcode.enabled());
  }

  /** As {@link #compile(String, String, Diagnostics)}; {@code deadcode} prunes the standard packages. */
  static Program compile(String path, String source, Diagnostics diags, boolean deadcode) {
    return compile(path, source, diags, deadcode, null);
  }

  /** As above, with the standard packages' plans kept in {@code cache} (null: none). */
  static Program compile(String path, String source, Diagnostics diags, boolean deadcode,
      PlanCache cache) {
    return compile(List.of(path), List.of(source), null, diags, deadcode, cache);
  }

  /**
   * As above, for the main package's files {@code paths} with texts {@code sources}: one file
   * (a script or a package), or several of one directory ({@code gol run A.gol B.gol}), pruned
   * and cached together; {@code dir} names the directory when the program was given as one
   * ({@code gol run DIR}: its import path is then the main package's, as go run's), else null.
   * In a module (a go.mod or gol.mod in the files' directory or above) imports of its local
   * packages resolve ({@link LocalPackages}).
   */
  static Program compile(List<String> paths, List<String> sources, String dir, Diagnostics diags,
      boolean deadcode, PlanCache cache) {
    return compile(paths, sources, dir, diags, deadcode, cache, cache != null && deadcode ? ProgramCache.open() : null);
  }

  /** As above, with compiled programs kept in {@code programs} (null: nowhere). */
  static Program compile(List<String> paths, List<String> sources, String dir, Diagnostics diags,
      boolean deadcode, PlanCache cache, ProgramCache programs) {
    long t0 = System.nanoTime();
    java.io.File where = mainDir(paths.get(0), dir);
    LocalPackages locals = LocalPackages.ofProgramIn(where, sources);
    String mainPath = dir != null && locals != null ? locals.paths.importPath(where.toPath()) : "command-line-arguments";
    // the program cache's key: the file's name and text, or all names and all texts, each
    // ended by a NUL (which no path holds); then the texts of the local packages it imports
    // (so a changed local package is a miss: LocalPackages.keyText)
    boolean one = paths.size() == 1;
    String name = one ? paths.get(0) : String.join("\0", paths) + "\0";
    String text = one ? sources.get(0) : String.join("\0", sources) + "\0";
    if (locals != null) {
      text += locals.keyText();
    }
    if (programs != null) {
      Program cached = programs.load(name, text);
      if (cached != null) {
        if (debugFlag("inittrace")) {
          System.err.printf("gol: init compiled program from the cache %.1f ms%n", (System.nanoTime() - t0) / 1e6);
        }
        return cached;
      }
    }
    // gol run's caches: the plans, and the syntax trees of the files it parses
    String dirName = where == null ? "." : where.toString();
    Loader loader = new Loader(diags, deadcode, cache, cache != null ? ParseCache.open() : null)
        .withLocal(locals, mainPath);
    if (!loader.load(paths, sources, dirName)) {
      if (deadcode && StdPlan.namesPrunedMethods(diags)) {
        Diagnostics whole = new Diagnostics();
        new Loader(whole, false, null).withLocal(locals, mainPath).load(paths, sources, dirName);
        diags.replaceWith(whole);
      }
      return null;
    }
    long t1 = System.nanoTime();
    Program program = new Compiler(diags, Stdlib.natives()).compile(locals == null ? loader.units : InitOrder.of(loader.units));
    if (debugFlag("inittrace")) {
      long[] t = loader.times;
      System.err.printf("gol: init plan %.1f ms, parse %.1f ms (std %.1f), check %.1f ms, compile %.1f ms%n",
          t[0] / 1e6, (t[1] + t[2]) / 1e6, t[2] / 1e6, (t1 - t0 - t[0] - t[1] - t[2]) / 1e6,
          (System.nanoTime() - t1) / 1e6);
    }
    if (diags.hasErrors()) {
      return null;
    }
    boolean reflects = loader.loaded("reflect"); // (then its whole type universe is cached)
    if (programs != null && (locals == null || !locals.unforeseen())) {
      programs.store(name, text, program, reflects);
    }
    if (ProgramCache.mode() == 2) {
      program = ProgramCache.roundTrip(program, reflects);
    }
    return program;
  }

  /**
   * The main package's directory (absolute): {@code dir} when given, else the first file's (in
   * java.io, see {@link ImportPaths#forDir(java.io.File)}).
   */
  static java.io.File mainDir(String first, String dir) {
    java.io.File d = dir != null ? new java.io.File(dir) : new java.io.File(first).getAbsoluteFile().getParentFile();
    return d == null ? null : ImportPaths.normalized(d.getAbsoluteFile());
  }

  static int run(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr, Path workDir) {
    return run(path, source, args, stdin, stdout, stdoutIsTerminal, stderr, workDir, Deadcode.enabled(), null);
  }

  /**
   * As above; {@code deadcode} says whether the standard packages are pruned (tests compare),
   * {@code cache} where their plans are kept between runs (null: nowhere).
   */
  static int run(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr, Path workDir, boolean deadcode,
      PlanCache cache) {
    return run(List.of(path), List.of(source), null, args, stdin, stdout, stdoutIsTerminal, stderr, workDir,
        deadcode, cache);
  }

  /**
   * As above, for a main package of one or several files ({@link #compile(List, List, String,
   * Diagnostics, boolean, PlanCache)}); os.Args[0] is the first file.
   */
  static int run(List<String> paths, List<String> sources, String dir, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr, Path workDir, boolean deadcode,
      PlanCache cache) {
    Diagnostics diags = new Diagnostics();
    Program program = compile(paths, sources, dir, diags, deadcode, cache);
    if (diags.hasErrors()) {
      stderr.print(diags.report());
      stderr.flush();
      return 1;
    }
    String path = paths.get(0);
    if (debugFlag("disasm")) {
      for (Proto p : program.inits()) {
        stderr.print(Disassembler.disassembleAll(p));
      }
      if (program.main() != null) {
        stderr.print(Disassembler.disassembleAll(program.main()));
      }
    }
    String[] osArgs = new String[args.length + 1];
    osArgs[0] = path;
    System.arraycopy(args, 0, osArgs, 1, args.length);
    Machine m = new Machine(stdout, stdoutIsTerminal, stderr, osArgs);
    if (stdin != null) {
      m.stdin = stdin;
    }
    if (workDir != null) {
      m.setWorkDir(workDir.toAbsolutePath());
    }
    m.universe = program.universe();
    m.globalLs = new long[program.globalCount()];
    m.globalRs = new Object[program.globalCount()];
    for (int i : program.stringGlobals()) {
      m.globalRs[i] = GoString.EMPTY;
    }
    return execute(m, program, path);
  }

  /**
   * Whether GOLDEBUG has {@code name=1}: disasm=1 prints the bytecode first, inittrace=1 the
   * time each start-up phase took (as Go's GODEBUG=inittrace=1 reports package init times).
   */
  private static boolean debugFlag(String name) {
    String s = System.getenv("GOLDEBUG");
    return s != null && ("," + s + ",").contains("," + name + "=1,");
  }

  /**
   * Runs the program on the scheduler: the main goroutine runs an entry function that calls every
   * package initialiser and then main, as Go's runtime.main does. Returns the exit status.
   */
  private static int execute(Machine m, Program program, String path) {
    Jit.prewarm(program.entry(), CacheFiles.jitHint(path));
    return VmExecutor.runMain(m, program.entry(), null);
  }

}
