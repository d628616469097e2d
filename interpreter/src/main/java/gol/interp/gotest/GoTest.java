package gol.interp.gotest;

import gol.interp.ImportPaths;
import gol.interp.LocalPackages;
import gol.interp.ProgramCache;
import gol.interp.StdPlan;
import gol.interp.compile.Compiler;
import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import gol.interp.vm.Jit;
import gol.interp.vm.VmExecutor;
import gol.runtime.GoExit;
import gol.runtime.GoString;
import gol.runtime.Machine;
import gol.stdlib.Stdlib;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/*
 * gol test for Go-style tests: what `go test` does, as cmd/go's test runner and the test binary
 * together.
 *
 * Concepts
 *   Each package (a directory with *_test.gol files) becomes one test program: TestPackage
 *   finds its tests, TestLoader checks the generated main with the package (and its in-package
 *   test files), the external test package and their imports, and the program runs in-process
 *   with os.Args = [pkg.test, -test.v=..., -test.run=..., ...], which package testing reads.
 *   Then the go command's part: "ok  \tpkg\t0.003s", "FAIL\tpkg\t0.003s", "exit status N",
 *   "[no tests to run]", "FAIL\tpkg [build failed]".
 *
 *   Output shapes (cmd/go's rules): with no package arguments (the current directory) the
 *   program's output streams, and a failure adds "exit status N"; with package arguments the
 *   output of a passing package is dropped unless -v, and a failure prints it followed by
 *   "FAIL\tpkg\tT" and, at the very end, "FAIL". -json turns everything into test2json events.
 *   go test's own exit status is 1 when anything failed (a panicking test included), 0 otherwise.
 */
public final class GoTest {
  private final PrintStream stdout;
  private final PrintStream stderr;
  private final TestFlags flags;
  /** How many packages this run tests. */
  private int packageCount;
  /** The packages whose build failure has been reported in this run. */
  private final java.util.Set<String> reported = new java.util.HashSet<>();

  private GoTest(PrintStream stdout, PrintStream stderr, TestFlags flags) {
    this.stdout = stdout;
    this.stderr = stderr;
    this.flags = flags;
  }

  /**
   * Whether {@code dir} is a Go-style test package (holds a {@code *_test.gol} file): the suite
   * runner leaves its files to {@code gol test DIR}.
   */
  public static boolean isTestPackageDir(Path dir) {
    return dir != null && TestPackage.hasTests(dir);
  }

  /** Whether {@code gol test ARGS} means Go-style tests rather than suite programs. */
  public static boolean applies(String[] args) {
    List<String> targets = TestFlags.targets(args);
    if (targets.isEmpty()) {
      return TestPackage.hasTests(Path.of("."));
    }
    for (String t : targets) {
      if (t.endsWith("/...") || t.equals("...")) {
        return true;
      }
      Path p = Path.of(t);
      if (Files.isDirectory(p) ? TestPackage.hasTests(p) : TestPackage.isTestFile(p)) {
        return true;
      }
    }
    return false;
  }

  /** Runs {@code gol test ARGS}; returns the exit status. */
  public static int main(String[] args, PrintStream stdout, PrintStream stderr) throws Exception {
    TestFlags flags;
    try {
      flags = TestFlags.parse(args);
    } catch (TestFlags.UsageException e) {
      stderr.println(e.getMessage());
      return 2;
    }
    if (flags.help) {
      return 0;
    }
    if (flags.tags != null) { // (else GOFLAGS' tags, set by the CLI, stand)
      gol.interp.BuildConstraints.useTags(flags.tags);
    }
    return new GoTest(stdout, stderr, flags).run();
  }

  /** Whether a package's files could not be loaded (the go command's error, printed alone). */
  private boolean loadFailed;

  private int run() throws Exception {
    boolean listMode = !flags.targets.isEmpty();
    List<Path> dirs = new ArrayList<>();
    List<Path> onlyFiles = new ArrayList<>();
    for (String t : listMode ? flags.targets : List.of(".")) {
      if (t.endsWith("/...") || t.equals("...")) {
        Path root = Path.of(t.equals("...") ? "." : t.substring(0, t.length() - 4));
        if (!Files.isDirectory(root)) {
          stderr.println("pattern " + t + ": directory prefix " + root + " does not exist");
          return 1;
        }
        try (Stream<Path> s = Files.walk(root)) {
          s.filter(Files::isDirectory).filter(GoTest::hasGolFiles).filter(d -> !hidden(root, d)).sorted().forEach(dirs::add);
        }
      } else {
        Path p = Path.of(t);
        if (Files.isDirectory(p)) {
          dirs.add(p);
        } else if (t.endsWith(".gol") && Files.isRegularFile(p)) {
          onlyFiles.add(p);
        } else {
          stderr.println("stat " + t + ": directory not found");
          return 1;
        }
      }
    }
    boolean anyFailed = false;
    packageCount = dirs.size() + (onlyFiles.isEmpty() ? 0 : 1);
    if (!onlyFiles.isEmpty()) {
      anyFailed |= !runPackage(onlyFiles.get(0).toAbsolutePath().getParent(), onlyFiles, listMode);
    }
    // the go command finds the test files' errors (its setup) for every package before it
    // builds or runs any, so their reports come first
    java.util.Set<Path> setupDone = new java.util.HashSet<>();
    if (dirs.size() > 1) {
      for (Path d : dirs) {
        ImportPaths paths = ImportPaths.forDir(d);
        TestPackage tp = new TestPackage(d, paths.importPath(d));
        if (!tp.load() && tp.setupError != null) {
          setupFailed(tp, new PrintStream(stdout, true, StandardCharsets.UTF_8));
          if (tp.setupErrorAlone) {
            return 1; // the go command loads every package first, and stops there
          }
          setupDone.add(d);
          anyFailed = true;
        }
      }
    }
    for (Path d : dirs) {
      if (!setupDone.contains(d)) {
        anyFailed |= !runPackage(d, null, listMode);
      }
    }
    if (anyFailed && listMode && !flags.json && !loadFailed) {
      stdout.print("FAIL\n");
    }
    stdout.flush();
    return anyFailed ? 1 : 0;
  }

  private static boolean hidden(Path root, Path d) {
    for (Path part : root.relativize(d)) {
      String n = part.toString();
      if (n.startsWith(".") || n.startsWith("_") || n.equals("testdata")) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasGolFiles(Path d) {
    try (Stream<Path> s = Files.list(d)) {
      return s.anyMatch(p -> p.getFileName().toString().endsWith(".gol") && Files.isRegularFile(p));
    } catch (IOException e) {
      return false;
    }
  }

  /** Tests one package; returns whether it passed. */
  private boolean runPackage(Path dir, List<Path> only, boolean listMode) throws Exception {
    long t0 = System.nanoTime();
    ImportPaths paths = ImportPaths.forDir(dir);
    String importPath = only != null ? "command-line-arguments" : paths.importPath(dir);
    TestPackage tp = new TestPackage(dir, importPath);
    if (only != null) {
      tp.only(only);
    }
    OutputStream sink = flags.json ? new Test2Json(stdout, importPath) : stdout;
    PrintStream out = new PrintStream(sink, true, StandardCharsets.UTF_8);
    boolean loaded = tp.load();
    if (!loaded && tp.setupError != null) { // printed as it is, also with -json (no events)
      return setupFailed(tp, new PrintStream(stdout, true, StandardCharsets.UTF_8));
    }
    if (flags.json) {
      ((Test2Json) sink).start();
    }
    if (!loaded || tp.testFiles.isEmpty() && tp.xtestFiles.isEmpty()) {
      if (!compiles(tp, paths, out)) {
        return buildFailedEvent(sink);
      }
      out.print("?   \t" + importPath + "\t[no test files]\n");
      finish(sink, true, t0);
      return true;
    }
    Program program = compile(tp, paths, out);
    if (program == null) {
      return buildFailedEvent(sink);
    }
    // cmd/go: output streams with no package arguments or when benchmarking; with -v and one
    // package (or -json) it is echoed as it comes and kept; otherwise it is buffered
    boolean pure = !listMode || flags.bench != null;
    boolean tee = !pure && ((flags.verbose && packageCount == 1) || flags.json);
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    OutputStream progOut = pure ? sink : tee ? new Tee(sink, buf) : buf;
    long started = System.nanoTime(); // go test's time is the test binary's run, not its build
    int status = runProgram(program, tp, progOut);
    byte[] outBytes = buf.toByteArray();
    String text = new String(outBytes, StandardCharsets.UTF_8);
    String elapsed = String.format(Locale.ROOT, "%.3fs", (System.nanoTime() - started) / 1e9);
    boolean buffered = !pure && !tee;
    if (status == 0) {
      if (buffered && (flags.verbose || flags.list != null)) {
        out.write(outBytes);
      }
      String norun = text.startsWith("testing: warning: no tests to run\n")
          || text.contains("\ntesting: warning: no tests to run\n") ? " [no tests to run]" : "";
      if (outBytes.length > 0 && outBytes[outBytes.length - 1] != '\n' && !buffered) {
        out.print("\n");
      }
      out.print("ok  \t" + importPath + "\t" + elapsed + norun + "\n");
      finish(sink, true, started);
      return true;
    }
    if (buffered) {
      out.write(outBytes);
    }
    if (outBytes.length == 0) {
      out.print("exit status " + status + "\n");
    } else if (outBytes[outBytes.length - 1] != '\n') {
      out.print("\n");
    }
    out.print((flags.json ? "\u0016" : "") + "FAIL\t" + importPath + "\t" + elapsed + "\n");
    finish(sink, false, started);
    return false;
  }

  /**
   * The test program of {@code tp}, loaded, checked, compiled and vetted, or from the program
   * cache when the same files (the package's, its test files', the local packages' it imports)
   * passed all that before with the same vet checks; null after reporting a build failure.
   */
  private Program compile(TestPackage tp, ImportPaths paths, PrintStream out) throws IOException {
    String mainPath = "_testmain.gol";
    String main = tp.testMain();
    java.util.Set<String> checks = flags.vet == null ? null : new java.util.TreeSet<>(flags.vet);
    StringBuilder key = new StringBuilder("vet ").append(checks).append('\0').append(main).append('\0');
    List<String> texts = new ArrayList<>();
    for (List<TestPackage.Source> files : List.of(tp.goFiles, tp.testFiles, tp.xtestFiles)) {
      for (TestPackage.Source f : files) {
        texts.add(f.text());
        key.append(f.path().toAbsolutePath()).append('\0').append(f.text()).append('\0');
      }
    }
    LocalPackages locals = LocalPackages.ofTest(paths, texts);
    String keyText = key.append(locals.keyText()).toString();
    String name = tp.dir.toAbsolutePath().normalize().resolve(mainPath) + "\0" + tp.importPath;
    ProgramCache programs = programCache();
    Program cached = programs == null ? null : programs.load(name, keyText);
    if (cached != null) {
      return cached;
    }
    // the standard packages pruned for every file of the program, as gol run prunes them
    List<String> all = new ArrayList<>(texts);
    all.add(main);
    all.addAll(locals.texts());
    StdPlan plan = StdPlan.of(all);
    Diagnostics diags = new Diagnostics();
    TestLoader loader;
    try {
      loader = load(tp, locals, plan, mainPath, main, diags);
    } catch (StdPlan.Miss e) { // (a bug in the plan): whole packages
      diags = new Diagnostics();
      loader = load(tp, locals, null, mainPath, main, diags);
    }
    if (plan != null && StdPlan.namesPrunedMethods(diags)) {
      Diagnostics whole = new Diagnostics();
      load(tp, locals, null, mainPath, main, whole);
      diags.replaceWith(whole);
    }
    Program program = null;
    if (!diags.hasErrors()) {
      program = new Compiler(diags, Stdlib.natives()).compile(gol.interp.InitOrder.of(loader.units));
    }
    if (diags.hasErrors() || program == null) {
      buildFailed(tp, paths, diags, out);
      return null;
    }
    if (!vet(tp, loader, out)) {
      return null;
    }
    boolean reflects = loader.loads("reflect");
    if (programs != null && !locals.unforeseen()) {
      programs.store(name, keyText, program, reflects);
    }
    return ProgramCache.mode() == 2 ? ProgramCache.roundTrip(program, reflects) : program;
  }

  /** The test program's packages loaded and checked into {@code diags} (its main first). */
  private static TestLoader load(TestPackage tp, LocalPackages locals, StdPlan plan, String mainPath,
      String main, Diagnostics diags) {
    TestLoader loader = new TestLoader(diags, tp, locals, plan);
    loader.loadMain(mainPath, main);
    return loader;
  }

  /** A cache the tests set (GoTestCacheTest), or null: the launcher's. */
  private static volatile ProgramCache testCache;

  static void useProgramCache(ProgramCache cache) {
    testCache = cache;
  }

  private static ProgramCache programCache() {
    ProgramCache c = testCache;
    return c != null ? c : ProgramCache.open();
  }

  /** With -json, a package that failed to build ends with a "fail" event of elapsed 0, as go test's; returns false. */
  private boolean buildFailedEvent(OutputStream sink) {
    if (sink instanceof Test2Json j) {
      j.end(false, 0);
    }
    stdout.flush();
    return false;
  }

  private void finish(OutputStream sink, boolean passed, long t0) throws IOException {
    if (sink instanceof Test2Json j) {
      j.end(passed, (System.nanoTime() - t0) / 1e9);
    }
    stdout.flush();
  }

  /**
   * go test's report of an error found before building (a test file that does not parse, a test
   * function's wrong signature): "# pkg", the error on standard error, "FAIL\tpkg [setup failed]".
   */
  private boolean setupFailed(TestPackage tp, PrintStream out) {
    if (tp.setupErrorAlone) {
      loadFailed = true;
      stderr.print(tp.setupError + "\n");
      stderr.flush();
      return false;
    }
    stderr.print("# " + tp.importPath + "\n" + tp.setupError + "\n");
    stderr.flush();
    out.print("FAIL\t" + tp.importPath + " [setup failed]\n");
    out.flush();
    return false;
  }

  /**
   * A package without test files is still built by go test before it says "[no test files]": a
   * package (every file with a package clause) that does not compile is a build failure, "#
   * pkg" and its errors. Returns whether it compiles (or is not a package of gol files).
   */
  private boolean compiles(TestPackage tp, ImportPaths paths, PrintStream out) throws IOException {
    if (tp.goFiles.isEmpty() || tp.name == null || tp.name.equals("main")
        || tp.goFiles.stream().anyMatch(f -> TestPackage.packageClause(f.text()) == null)) {
      return true;
    }
    Diagnostics diags = new Diagnostics();
    TestLoader loader = new TestLoader(diags, tp, paths);
    loader.loadMain("_testmain.gol", "package main\n\nimport _ " + TestPackage.quote(tp.importPath) + "\n\nfunc main() {}\n");
    if (!diags.hasErrors()) {
      return true;
    }
    return buildFailed(tp, paths, diags, out);
  }

  /**
   * Go's report of a package that does not compile: "# pkg [pkg.test]" (the external test
   * package's "# pkg_test [pkg.test]" when the error is in its files, a local dependency's "#
   * dep"), the errors, "FAIL\tpkg [build failed]".
   */
  private boolean buildFailed(TestPackage tp, ImportPaths paths, Diagnostics diags, PrintStream out) throws IOException {
    String failed = tp.importPath;
    Diagnostics.Error first = diags.first();
    if (first != null && first.file() != null && first.file().startsWith("/")) {
      Path f = Path.of(first.file());
      if (tp.xtestFiles.stream().anyMatch(x -> x.path().equals(f))) {
        failed = tp.importPath + "_test";
      } else if (f.getParent() != null && !f.getParent().equals(tp.dir.toAbsolutePath().normalize())) {
        failed = paths.importPath(f.getParent());
      }
    }
    boolean withTests = !tp.testFiles.isEmpty() || !tp.xtestFiles.isEmpty();
    String header = "# " + failed + (withTests && (failed.equals(tp.importPath) || failed.equals(tp.importPath + "_test"))
        ? " [" + tp.importPath + ".test]" : "") + "\n";
    // the go command stops at the first package that does not compile: only its errors, not
    // those of the packages (or the generated main) that import it
    Diagnostics shown = new Diagnostics();
    String key = first == null ? null : packageKey(tp, first.file());
    for (Diagnostics.Error e : diags.inOrder()) {
      if (key == null || key.equals(packageKey(tp, e.file()))) {
        shown.error(e.file(), e.line(), e.col(), e.message());
      }
    }
    if (reported.add(failed)) { // a dependency that does not compile is reported once, as its one build action
      stderr.print(header + relativize(shown.report(), tp.dir));
    }
    stderr.flush();
    out.print("FAIL\t" + tp.importPath + " [build failed]\n");
    out.flush();
    return false;
  }

  /** Which package a file with an error belongs to: its directory, and "_test" for an external test file. */
  private static String packageKey(TestPackage tp, String file) {
    if (file == null || !file.startsWith("/")) {
      return String.valueOf(file);
    }
    Path f = Path.of(file);
    boolean x = tp.xtestFiles.stream().anyMatch(s -> s.path().equals(f));
    return f.getParent() + (x ? "_test" : "");
  }

  /**
   * go test's vet step (-vet, default go test's list: atomic, bool, buildtags, directive,
   * errorsas, ifaceassert, nilfunc, printf, slog, stringintconv, of which gol vet has atomic,
   * bools, errorsas, nilfunc, printf and stringintconv): findings fail the package as a build failure,
   * after go vet's "# pkg" and "# [pkg]" headers and the findings on standard error. Returns
   * whether the package may run.
   */
  private boolean vet(TestPackage tp, TestLoader loader, PrintStream out) {
    java.util.Set<String> checks = flags.vet;
    if (checks != null && checks.isEmpty()) {
      return true;
    }
    List<TestCheck.Unit> units = new ArrayList<>();
    for (String path : List.of(tp.importPath, tp.importPath + "_test")) {
      for (Compiler.Unit u : loader.units) {
        if (u.pkg().path.equals(path)) {
          units.add(new TestCheck.Unit(path, u.pkg(), u.files()));
        }
      }
    }
    List<String> lines = gol.interp.vet.Vet.vetUnits(units, checks);
    if (lines.isEmpty()) {
      return true;
    }
    for (String l : lines) {
      stderr.print(l + "\n");
    }
    stderr.flush();
    out.print("FAIL\t" + tp.importPath + " [build failed]\n");
    out.flush();
    return false;
  }

  /**
   * A file's path as cmd/go shows the compiler's and vet's positions: "./x.gol" in the current
   * directory, else the directory's short path and the name ("calc/x.gol", "../calc/x.gol").
   */
  public static String compilerPath(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    Path cwd = Path.of("").toAbsolutePath().normalize();
    Path dir = abs.getParent();
    if (dir == null) {
      return abs.toString();
    }
    String name = abs.getFileName().toString();
    return dir.equals(cwd) ? "./" + name : shortPath(dir) + "/" + name;
  }

  /** cmd/go's base.ShortPath: the path relative to the current directory if that is shorter. */
  public static String shortPath(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    Path cwd = Path.of("").toAbsolutePath().normalize();
    String rel = cwd.relativize(abs).toString();
    return rel.length() < abs.toString().length() ? rel : abs.toString();
  }

  /** Error positions as go reports them: see {@link #compilerPath}. */
  static String relativize(String report, Path dir) {
    StringBuilder sb = new StringBuilder();
    for (String line : report.split("\n", -1)) {
      int colon = line.indexOf(".gol:");
      if (colon > 0 && line.startsWith("/")) {
        line = compilerPath(Path.of(line.substring(0, colon + 4))) + line.substring(colon + 4);
      }
      sb.append(line).append('\n');
    }
    sb.setLength(Math.max(0, sb.length() - 1));
    return sb.toString();
  }

  /** Runs the test program with the test flags as its arguments; returns its exit status. */
  private int runProgram(Program program, TestPackage tp, OutputStream out) throws Exception {
    List<String> args = new ArrayList<>();
    String base = tp.importPath.substring(tp.importPath.lastIndexOf('/') + 1);
    args.add("/tmp/" + base + ".test");
    args.addAll(flags.binaryArgs());
    PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
    try {
      return gol.interp.BigStack.call("main", () -> {
        try {
          Machine m = new Machine(out, false, ps, args.toArray(new String[0]));
          m.setWorkDir(tp.dir.toAbsolutePath().normalize());
          m.globalLs = new long[program.globalCount()];
          m.globalRs = new Object[program.globalCount()];
          for (int i : program.stringGlobals()) {
            m.globalRs[i] = GoString.EMPTY;
          }
          Jit.prewarm();
          int status = VmExecutor.runMain(m, program.entry(), null);
          m.stdout.flush();
          return status;
        } catch (GoExit e) {
          return e.code;
        }
      });
    } finally {
      ps.flush();
    }
  }

  /** Writes to two streams. */
  private static final class Tee extends OutputStream {
    private final OutputStream a;
    private final OutputStream b;

    Tee(OutputStream a, OutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public synchronized void write(int c) throws IOException {
      a.write(c);
      b.write(c);
    }

    @Override
    public synchronized void write(byte[] bs, int off, int len) throws IOException {
      a.write(bs, off, len);
      b.write(bs, off, len);
    }

    @Override
    public void flush() throws IOException {
      a.flush();
    }
  }
}
