package gol.interp.cli;

import gol.interp.Gol;
import gol.interp.testing.SuiteRunner;
import gol.runtime.GoExit;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The {@code gol} command: {@code gol run FILE.gol [args]}, {@code gol FILE.gol [args]},
 * {@code gol test [flags] [DIR|FILE...]}, {@code gol version}, {@code gol help [topic]}.
 *
 * <p>Exit statuses: the program's own for {@code run}; 1 for a file that cannot be read or a
 * failing test; 2 for a usage error or an internal error. A Java stack trace is shown only with
 * {@code GOLDEBUG=javatrace=1}.
 */
public final class Main {
  static final String USAGE = String.join("\n",
      "gol is a Go-like scripting language.",
      "",
      "Usage:",
      "",
      "\tgol run FILE.gol [arguments]   run a program (or DIR, or several FILE.gol of one package)",
      "\tgol FILE.gol [arguments]       the same",
      "\tgol test [flags] [DIR|FILE...]  run Go-style tests (*_test.gol) or language-suite programs",
      "\tgol fmt [-l] [-w] [-d] [path...]  format .gol files as gofmt formats Go",
      "\tgol vet [FILE.gol|DIR|DIR/...]  report likely mistakes, as go vet does",
      "\tgol version                    print the gol version",
      "\tgol help [command]             show help",
      "\tgol                            start the REPL (:help inside lists its commands)",
      "",
      "Environment:",
      "",
      "\tGOMAXPROCS    the number of Ps (default: the number of processors)",
      "\tGOLDEBUG      comma-separated settings: javatrace=1 shows Java stack traces,",
      "\t              inittrace=1 start-up times, deadcode=0 loads whole std packages,",
      "\t              jit=0 runs everything in the bytecode interpreter, jittrace=1 lists",
      "\t              the functions the JIT tier compiles (docs/jit.md), opendefer=0 keeps",
      "\t              every deferred call a record (docs/language.md)",
      "",
      "Use \"gol help <command>\" for more information about a command.",
      "");

  static final String HELP_RUN = String.join("\n",
      "usage: gol run [-tags LIST] FILE.gol [arguments]",
      "       gol run [-tags LIST] DIR|FILE.gol... [arguments]",
      "",
      "Run compiles and runs the gol program FILE.gol; the arguments after the file",
      "name are the program's os.Args[1:]. Errors are reported as FILE.gol:LINE:COL.",
      "The exit status is the program's: 0, 1 for compile errors, 2 for a panic or",
      "fatal error, n for os.Exit(n). 'gol FILE.gol' is the same. A first line",
      "starting with #! is ignored, so a script can start with #!/usr/bin/env gol.",
      "",
      "A program may also be a package main of several files, as with go run: a",
      "directory (its .gol files but *_test.gol and names starting with _ or .), or",
      "the leading arguments that end in .gol, all in one directory. Each of those",
      "files needs a package clause; a program of one file may be a script.",
      "",
      "A directory's files and local packages' files are picked by their build",
      "constraints (//go:build lines, _windows or _arm64 names) for linux/amd64, as",
      "go build picks them; -tags a,b satisfies the tags a and b too. Files named",
      "on the command line are run whatever their constraints say.",
      "",
      "In a module (a go.mod or gol.mod file with a 'module M' line in the",
      "program's directory or above), an import of M/dir names the package in that",
      "directory below the module file, as with go run.",
      "");

  static final String HELP_TEST = String.join("\n",
      "usage: gol test [flags] [DIR|DIR/...|FILE...]",
      "",
      "Test runs tests in one of two ways, chosen by what it is given.",
      "",
      "Go-style tests: a directory holding *_test.gol files (a pattern ending in",
      "/... selects every such directory below; no argument means \".\" when it has",
      "them) is tested as go test tests a package: the directory's .gol files and",
      "its _test.gol files are compiled together (package calc, or an external",
      "package calc_test importing the package under test), and the TestXxx,",
      "BenchmarkXxx, FuzzXxx (seed corpus) and ExampleXxx functions run through",
      "package testing, with go test's output and exit status. A directory's import",
      "path is its module path (from a go.mod or gol.mod above it) plus the",
      "directory's path below the module root, else the directory's name.",
      "",
      "\t-v             print every test as it runs, and its log",
      "\t-run re        run only tests (and examples) matching re, per '/' level",
      "\t-skip re       do not run tests matching re",
      "\t-bench re      run benchmarks matching re ('.' for all)",
      "\t-benchtime t   run each benchmark for t (a duration) or Nx iterations",
      "\t-benchmem      print allocation statistics for benchmarks (allocs/op and",
      "\t              B/op as Go counts them if every value escapes: docs/testing.md)",
      "\t-count n       run each test and benchmark n times",
      "\t-timeout d     panic after d (default 10m), printing every goroutine",
      "\t-short         tell long-running tests to shorten (testing.Short)",
      "\t-tags a,b      build tags the files' //go:build constraints may name",
      "\t-failfast      do not start new tests after the first failure",
      "\t-shuffle s     run tests in random order (off, on, or a seed)",
      "\t-json          print go test -json's test2json event stream",
      "\t-parallel n    run at most n parallel tests at once",
      "\t-list re       list tests matching re instead of running them",
      "\t-vet list      go vet's checks to run first (default: go test's; off, all)",
      "",
      "Suite programs: otherwise every .gol file under the given directories",
      "(default \".\"; hidden and target directories and Go-style test packages are",
      "skipped) runs and is compared with the // Output:, // Stderr: and // Error:",
      "blocks at its end, as tests/README.md describes. It prints a line for each",
      "failure and ends with 'N passed, M failed'; the exit status is 1 if any failed.",
      "",
      "\t-v          also list the programs that pass",
      "\t-run re     only programs whose path matches the regular expression",
      "\t-timeout d  fail a program still running after d (default 20s, or $GOLTESTTIMEOUT)",
      "\t-p n        run n programs at a time (default 1)",
      "",
      "docs/testing.md describes both.",
      "");

  static final String HELP_FMT = String.join("\n",
      "usage: gol fmt [-l] [-w] [-d] [path ...]",
      "",
      "Fmt formats .gol files exactly as gofmt formats the same Go source: tabs for",
      "indentation, aligned struct fields, comments and key: value columns, sorted",
      "imports, blanks around binary operators by precedence, at most one blank line",
      "in a row. Script-mode files (top-level statements) follow the same rules. A",
      "directory is walked for .gol files; with no path, standard input is formatted.",
      "",
      "\t-l  list the files whose formatting differs from gol fmt's",
      "\t-w  write the result to the file instead of printing it",
      "\t-d  print a diff of the changes",
      "",
      "A file with syntax errors is reported as gofmt reports it, one line per error",
      "(FILE.gol:LINE:COL: expected operand, found '}'), and left untouched; the exit",
      "status is then 2.",
      "");

  static final String HELP_VET = String.join("\n",
      "usage: gol vet [-tags LIST] [FILE.gol|DIR|DIR/...]",
      "",
      "Vet type-checks each program and runs go vet's checks on it, with go vet's",
      "messages and positions: appends (append(s) alone), assign (x = x), bools",
      "(x == a || x == a, x != a || x != b), defers (defer f(time.Since(t))), errorsas",
      "(errors.As's target), nilfunc (f == nil for a function), shift (x << 64),",
      "stringintconv (string(i) of an int), copylocks (a sync.Mutex, WaitGroup or",
      "a struct holding one copied by value), printf (format directives against",
      "their arguments, Println with a directive, wrappers of print functions),",
      "structtag (tag syntax, duplicate json/xml names), tests (malformed Test,",
      "Benchmark, Fuzz and Example names in _test.gol files), unreachable (code",
      "after return, panic, an endless loop) and unusedresult (fmt.Sprintf(...) alone).",
      "loopclosure reports nothing, as go vet's does for Go 1.22 loops.",
      "",
      "A directory vets its .gol programs; DIR/... the ones below it too; no argument",
      "means \".\". For each program with findings it prints '# FILE.gol' and one",
      "'FILE.gol:LINE:COL: message' line per finding on standard error; a program",
      "that does not compile is reported as 'vet: FILE.gol:LINE:COL: message' (its",
      "first error). A directory with _test.gol files is vetted as one package with",
      "its tests, as go vet does: '# PATH' and '# [PATH]' headers, then",
      "'./FILE.gol:LINE:COL: message' lines; the external test package (PATH_test)",
      "follows. The exit status is 1 when anything was reported, else 0. docs/vet.md",
      "lists the checks.",
      "");

  static final String HELP_VERSION = String.join("\n",
      "usage: gol version",
      "",
      "Version prints the gol version, platform and Java runtime.",
      "");

  /**
   * The programs run by {@code gol __cds-train} to fill the class-data-sharing archive: from the
   * simplest (which compiles at any milestone) to richer ones (goroutines, timers, channels,
   * select, sync, math, sort, strings), plus a compile error, so that the archive holds the
   * classes of the parser, checker, compiler, VM, scheduler, poller and diagnostics. They run
   * twice, the second time with every function JIT-compiled at its first call.
   */
  static final String[] TRAINING_PROGRAMS = {
    String.join("\n",
        "package main",
        "",
        "import \"fmt\"",
        "",
        "func main() {",
        "\tfmt.Println(\"hello, world\")",
        "}",
        ""),
    String.join("\n",
        "// script mode",
        "fmt.Println(\"hello\", 1, 2.5, true)",
        ""),
    String.join("\n",
        "package main",
        "",
        "import (",
        "\t\"fmt\"",
        "\t\"os\"",
        "\t\"strconv\"",
        ")",
        "",
        "type point struct{ x, y int }",
        "",
        "func fib(n int) int {",
        "\tif n < 2 {",
        "\t\treturn n",
        "\t}",
        "\treturn fib(n-1) + fib(n-2)",
        "}",
        "",
        "func main() {",
        "\tn, err := strconv.Atoi(\"12\")",
        "\tif err != nil || len(os.Args) < 1 {",
        "\t\tos.Exit(3)",
        "\t}",
        "\ts := []int{1, 2, 3}",
        "\tm := map[string]int{\"a\": 1}",
        "\tp := point{1, 2}",
        "\tfor i := range 3 {",
        "\t\ts = append(s, fib(i+n))",
        "\t}",
        "\tfor i := 0; i < len(s); i++ {",
        "\t\tm[strconv.Itoa(i)] += s[i] * p.x",
        "\t}",
        "\tfmt.Printf(\"%v %d %s %v %.2f\\n\", s, m[\"a\"], \"x\", p, 1.5)",
        "}",
        ""),
    String.join("\n",
        "package main",
        "",
        "import (",
        "\t\"fmt\"",
        "\t\"math\"",
        "\t\"sort\"",
        "\t\"strings\"",
        "\t\"sync\"",
        "\t\"time\"",
        ")",
        "",
        "func main() {",
        "\tvar wg sync.WaitGroup",
        "\tvar mu sync.Mutex",
        "\ttotal := 0",
        "\tch := make(chan int, 4)",
        "\tfor i := 0; i < 4; i++ {",
        "\t\twg.Add(1)",
        "\t\tgo func(n int) {",
        "\t\t\tdefer wg.Done()",
        "\t\t\ttime.Sleep(time.Millisecond)",
        "\t\t\tmu.Lock()",
        "\t\t\ttotal += n",
        "\t\t\tmu.Unlock()",
        "\t\t\tch <- n",
        "\t\t}(i)",
        "\t}",
        "\twg.Wait()",
        "\tclose(ch)",
        "\txs := []int{}",
        "\tfor v := range ch {",
        "\t\txs = append(xs, v)",
        "\t}",
        "\tsort.Ints(xs)",
        "\tvar b strings.Builder",
        "\tb.WriteString(strings.Repeat(\"ab\", 2))",
        "\tselect {",
        "\tcase <-time.After(time.Millisecond):",
        "\t}",
        "\tfmt.Println(total, xs, b.String(), math.Sqrt(2), math.Sin(1), strings.ToUpper(\"x\"))",
        "}",
        ""),
    String.join("\n",
        "package main",
        "",
        "func main() {",
        "\tvar x int = \"not an int\"",
        "}",
        ""),
  };

  private final InputStream stdin;
  private final OutputStream stdout;
  private final PrintStream stderr;
  private final boolean stdoutIsTerminal;
  private final Map<String, String> env;
  private PrintStream out;

  public Main(InputStream stdin, OutputStream stdout, PrintStream stderr,
      boolean stdoutIsTerminal, Map<String, String> env) {
    this.stdin = stdin;
    this.stdout = stdout;
    this.stderr = stderr;
    this.stdoutIsTerminal = stdoutIsTerminal;
    this.env = env;
  }

  public static void main(String[] args) {
    String sigign = System.getProperty("gol.sigign"); // the launcher's: signals ignored at start
    if (sigign != null && !sigign.isEmpty()) {
      gol.stdlib.signal.SignalPkg.inheritIgnored(Long.parseLong(sigign));
    }
    if (args.length > 0 && !args[0].equals("version") && !args[0].equals("help")) {
      Warmup.start(args); // first: it overlaps the wait for the launcher's find below, if any
    }
    if (StaleJar.stale()) { // a source is newer than this jar: the launcher rebuilds and runs it
      System.exit(StaleJar.rerun(args));
    }
    PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true,
        StandardCharsets.UTF_8);
    OutputStream out = new FileOutputStream(FileDescriptor.out);
    Main main = new Main(System.in, out, err, stdoutIsTerminal(), System.getenv());
    gol.interp.BugReport.installProcessHandler(err, main.javaTrace());
    int status = main.run(args);
    try {
      out.flush();
    } catch (IOException e) {
      // nothing to do
    }
    err.flush();
    System.exit(status);
  }

  /**
   * Whether standard output is a terminal: the {@code gol.stdout.tty} property when set (the
   * launcher passes what {@code [ -t 1 ]} says), else whether there is a console.
   */
  static boolean stdoutIsTerminal() {
    String p = System.getProperty("gol.stdout.tty");
    if (p != null) {
      return p.equals("1") || p.equals("true");
    }
    return System.console() != null;
  }

  /**
   * Whether standard input is a terminal (the REPL's line editing needs one): the
   * {@code gol.stdin.tty} property when set (the launcher passes what {@code [ -t 0 ]} says),
   * else whether there is a console.
   */
  static boolean stdinIsTerminal() {
    String p = System.getProperty("gol.stdin.tty");
    if (p != null) {
      return p.equals("1") || p.equals("true");
    }
    return System.console() != null;
  }

  /** Runs the command {@code args} and returns the exit status. Never throws. */
  public int run(String[] args) {
    try {
      gol.interp.BuildConstraints.useTags(goflagsTags()); // until the command's -tags says
      return dispatch(args);
    } catch (Throwable t) {
      return internalError(t);
    } finally {
      if (out != null) {
        out.flush();
      }
      stderr.flush();
    }
  }

  /**
   * The tags of a -tags=LIST in GOFLAGS (space-separated -flag=value settings the go command
   * applies before its command line's flags); none without one.
   */
  private java.util.Set<String> goflagsTags() {
    String flags = env.get("GOFLAGS");
    java.util.Set<String> tags = java.util.Set.of();
    if (flags != null) {
      for (String f : flags.trim().split("\\s+")) {
        if (gol.interp.BuildConstraints.isTagsFlag(f) && f.contains("=")) {
          tags = gol.interp.BuildConstraints.parseTags(f.substring(f.indexOf('=') + 1));
        }
      }
    }
    return tags;
  }

  private int internalError(Throwable t) {
    try {
      if (out != null) {
        out.flush();
      }
    } catch (Throwable ignored) {
      // flushing failed; the report below still goes out
    }
    gol.interp.BugReport.print(stderr, t, javaTrace());
    return gol.interp.BugReport.STATUS;
  }

  /** Whether {@code GOLDEBUG} contains {@code javatrace=1}. */
  boolean javaTrace() {
    String v = env.get("GOLDEBUG");
    if (v == null) {
      return false;
    }
    for (String kv : v.split(",")) {
      if (kv.trim().equals("javatrace=1")) {
        return true;
      }
    }
    return false;
  }

  private PrintStream out() {
    if (out == null) {
      out = new PrintStream(stdout, false, StandardCharsets.UTF_8);
    }
    return out;
  }

  private int dispatch(String[] args) throws Exception {
    if (args.length == 0) { // (on a large stack, as gol run: inputs may nest deep)
      boolean tty = stdinIsTerminal() && stdoutIsTerminal;
      return gol.interp.BigStack.call("main", () -> gol.interp.repl.Repl.main(stdin, stdout, stderr, tty));
    }
    String cmd = args[0];
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    switch (cmd) {
      case "run":
        return runCommand(rest);
      case "test":
        return testCommand(rest);
      case "fmt": {
        PrintStream o = out();
        // (on a large stack: gofmt's walk recurses as deep as an expression nests)
        return gol.interp.BigStack.call("main", () -> gol.interp.gofmt.GolFmt.main(rest, stdin, o, stderr));
      }
      case "vet":
        return gol.interp.BigStack.call("main", () -> gol.interp.vet.Vet.main(rest, stderr));
      case "version":
        return versionCommand(rest);
      case "help":
        return helpCommand(rest);
      case "-h":
      case "-help":
      case "--help":
        out().print(USAGE);
        return 0;
      case "__cds-train":
        return train();
      default:
        break;
    }
    if (cmd.startsWith("-") && !cmd.equals("-")) {
      return usageError("gol: flag provided but not defined: " + cmd);
    }
    if (cmd.endsWith(".gol") || cmd.contains("/") || new java.io.File(cmd).isFile()) {
      return runFile(cmd, rest);
    }
    return usageError("gol " + cmd + ": unknown command");
  }

  private int usageError(String message) {
    stderr.println(message);
    stderr.println("Run 'gol help' for usage.");
    return 2;
  }

  private int runCommand(String[] args) throws Exception {
    int i = 0;
    while (i < args.length && gol.interp.BuildConstraints.isTagsFlag(args[i])) {
      int eq = args[i].indexOf('=');
      if (eq < 0 && i + 1 >= args.length) {
        stderr.println("gol run: flag needs an argument: -tags");
        stderr.println("usage: gol run [-tags LIST] FILE.gol [arguments]");
        return 2;
      }
      String list = eq >= 0 ? args[i].substring(eq + 1) : args[++i];
      gol.interp.BuildConstraints.useTags(gol.interp.BuildConstraints.parseTags(list));
      i++;
    }
    if (i < args.length && args[i].equals("--")) {
      i++;
    } else if (i < args.length && args[i].startsWith("-") && !args[i].equals("-")) {
      String flag = args[i];
      if (flag.equals("-h") || flag.equals("-help") || flag.equals("--help")) {
        stderr.print(HELP_RUN);
        return 2;
      }
      stderr.println("gol run: flag provided but not defined: " + flag);
      stderr.println("usage: gol run [-tags LIST] FILE.gol [arguments]");
      return 2;
    }
    if (i >= args.length) {
      stderr.println("gol run: no .gol file listed");
      stderr.println("usage: gol run [-tags LIST] FILE.gol [arguments]");
      return 2;
    }
    // java.io, not java.nio, on the way to a program's run: see CacheFiles.read
    if (new java.io.File(args[i]).isDirectory()) {
      return runDirectory(args[i], Arrays.copyOfRange(args, i + 1, args.length));
    }
    // as go run: the leading arguments that name .gol files are the program, the rest its arguments
    int j = i;
    while (j < args.length && args[j].endsWith(".gol")) {
      j++;
    }
    if (j - i > 1) {
      return runFiles(Arrays.asList(Arrays.copyOfRange(args, i, j)), Arrays.copyOfRange(args, j, args.length), null);
    }
    return runFile(args[i], Arrays.copyOfRange(args, i + 1, args.length));
  }

  /** Reads and runs one program; what {@code gol run} and {@code gol FILE.gol} do. */
  int runFile(String path, String[] programArgs) throws Exception {
    if (new java.io.File(path).isDirectory()) {
      stderr.println("gol: read " + path + ": is a directory");
      return 1;
    }
    String source = read(path);
    if (source == null) {
      return 1;
    }
    return runProgram(path, source, programArgs, stdin, stdout, stdoutIsTerminal, stderr);
  }

  /** A program file's text (a first #! line blanked), or null after reporting why it cannot be read. */
  private String read(String path) {
    byte[] bytes;
    // java.io, not java.nio: see CacheFiles.read
    try (java.io.FileInputStream in = new java.io.FileInputStream(path)) {
      bytes = in.readAllBytes();
    } catch (java.io.FileNotFoundException e) {
      java.io.File f = new java.io.File(path);
      stderr.println("gol: open " + path + ": " + (!f.exists() ? "no such file or directory"
          : !f.canRead() ? "permission denied" : e.getMessage()));
      return null;
    } catch (IOException e) {
      stderr.println("gol: open " + path + ": " + e.getMessage());
      return null;
    }
    return stripShebang(new String(bytes, StandardCharsets.UTF_8));
  }

  /**
   * {@code gol run DIR}: the directory's .gol files but its tests (and names starting with _ or
   * ., which Go ignores too) are the program (one file may be a script, as with {@code gol run
   * FILE}); in a module, the directory's import path is the main package's.
   */
  private int runDirectory(String dir, String[] programArgs) throws Exception {
    List<String> files = new ArrayList<>();
    try {
      // named as the go command names them in errors: ./f.gol in the working directory, else
      // relative to it where that is shorter (sub/f.gol, not ./sub/f.gol)
      Path absDir = Path.of(dir).toAbsolutePath().normalize();
      String rel = Path.of("").toAbsolutePath().relativize(absDir).toString();
      String prefix = rel.isEmpty() ? "./" : (rel.length() < absDir.toString().length() ? rel : absDir.toString()) + "/";
      for (gol.interp.PackageFiles.Source f : gol.interp.PackageFiles.nonTest(Path.of(dir))) {
        files.add(prefix + f.path().getFileName());
      }
      if (files.isEmpty()) {
        Path abs = Path.of(dir).toAbsolutePath().normalize();
        if (!gol.interp.PackageFiles.anyNonTest(abs)) {
          stderr.println("package " + dir + ": no .gol files in " + abs);
          return 1;
        }
        gol.interp.ImportPaths paths = gol.interp.ImportPaths.forDir(abs);
        stderr.println("package " + (paths.root != null ? paths.importPath(abs) : dir)
            + ": build constraints exclude all Go files in " + abs);
        return 1;
      }
    } catch (gol.interp.PackageFiles.BadConstraint e) {
      stderr.println(e.getMessage());
      return 1;
    } catch (IOException e) {
      stderr.println("gol: open " + dir + ": " + e.getMessage());
      return 1;
    }
    return runFiles(files, programArgs, dir);
  }

  /**
   * Runs a main package of one or several files, which must share a directory: {@code dir} when
   * it was named ({@code gol run DIR}), else null.
   */
  private int runFiles(List<String> paths, String[] programArgs, String dir) throws Exception {
    List<String> sources = new ArrayList<>();
    for (String p : paths) {
      String source = read(p);
      if (source == null) {
        return 1;
      }
      sources.add(source);
    }
    String first = parentOf(paths.get(0));
    for (String p : paths) {
      if (!parentOf(p).equals(first)) {
        stderr.println("gol run: named files must all be in one directory; have " + first + " and " + parentOf(p));
        return 1;
      }
    }
    ProgramThread t = new ProgramThread(paths, sources, dir, programArgs, stdin, stdout, stdoutIsTerminal, stderr);
    return t.runOnBigStack();
  }

  private static String parentOf(String path) {
    Path parent = Path.of(path).normalize().getParent();
    return parent == null ? "." : parent.toString();
  }

  /**
   * Runs a program through {@link Gol#run} on a thread with a large Java stack (the parser and
   * checker may recurse deeply), rethrowing whatever escapes it.
   */
  static int runProgram(String path, String source, String[] args, InputStream in,
      OutputStream out, boolean tty, PrintStream err) throws Exception {
    return new ProgramThread(List.of(path), List.of(source), null, args, in, out, tty, err).runOnBigStack();
  }

  /** The body of the thread running a program (a class, not a lambda: cheaper at start-up). */
  private static final class ProgramThread implements Runnable {
    /** The main package's files (one, or several of one directory) and their texts; dir: the directory named, or null. */
    private final List<String> paths;
    private final List<String> sources;
    private final String dir;
    private final String[] args;
    private final InputStream in;
    private final OutputStream out;
    private final boolean tty;
    private final PrintStream err;
    int status;
    Throwable thrown;

    ProgramThread(List<String> paths, List<String> sources, String dir, String[] args, InputStream in,
        OutputStream out, boolean tty, PrintStream err) {
      this.paths = paths;
      this.sources = sources;
      this.dir = dir;
      this.args = args;
      this.in = in;
      this.out = out;
      this.tty = tty;
      this.err = err;
    }

    /** Runs the program on a thread with a large Java stack; rethrows what escaped it. */
    int runOnBigStack() throws Exception {
      Thread t = new Thread(null, this, "main", SuiteRunner.STACK_SIZE);
      t.start();
      t.join();
      if (thrown instanceof Exception) {
        throw (Exception) thrown;
      }
      if (thrown instanceof Error) {
        throw (Error) thrown;
      }
      return status;
    }

    @Override
    public void run() {
      try {
        status = Gol.runMainFiles(paths, sources, dir, args, in, out, tty, err);
      } catch (GoExit e) {
        status = e.code;
      } catch (Throwable x) {
        thrown = x;
      }
    }
  }

  /** Blanks a first line starting with {@code #!}, keeping line numbers. */
  static String stripShebang(String source) {
    if (!source.startsWith("#!")) {
      return source;
    }
    int nl = source.indexOf('\n');
    return nl < 0 ? "" : source.substring(nl);
  }

  private int testCommand(String[] args) throws Exception {
    if (gol.interp.gotest.GoTest.applies(args)) {
      stdout.flush();
      return gol.interp.gotest.GoTest.main(args, out(), stderr);
    }
    boolean verbose = false;
    Pattern filter = null;
    Duration timeout = timeoutDefault();
    int parallel = 1;
    List<Path> roots = new ArrayList<>();
    int i = 0;
    for (; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        i++;
        break;
      }
      if (!a.startsWith("-") || a.equals("-")) {
        break;
      }
      String name = a.startsWith("--") ? a.substring(2) : a.substring(1);
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      switch (name) {
        case "v":
          verbose = value == null || value.equals("true");
          continue;
        case "h":
        case "help":
          stderr.print(HELP_TEST);
          return 2;
        case "run":
        case "timeout":
        case "p":
          break;
        default:
          return testUsage("flag provided but not defined: -" + name);
      }
      if (value == null) {
        if (i + 1 >= args.length) {
          return testUsage("flag needs an argument: -" + name);
        }
        value = args[++i];
      }
      try {
        switch (name) {
          case "run":
            filter = Pattern.compile(value);
            break;
          case "timeout":
            timeout = SuiteRunner.parseDuration(value);
            break;
          default:
            parallel = Integer.parseInt(value);
            if (parallel < 1) {
              throw new NumberFormatException();
            }
        }
      } catch (PatternSyntaxException e) {
        return testUsage("invalid value \"" + value + "\" for flag -run: "
            + e.getDescription());
      } catch (IllegalArgumentException e) {
        return testUsage("invalid value \"" + value + "\" for flag -" + name);
      }
    }
    for (; i < args.length; i++) {
      roots.add(Path.of(args[i]));
    }
    if (roots.isEmpty()) {
      roots.add(Path.of("."));
    }
    List<Path> files;
    try {
      files = SuiteRunner.collect(roots);
    } catch (NoSuchFileException e) {
      stderr.println("gol: stat " + e.getFile() + ": no such file or directory");
      return 1;
    }
    if (filter != null) {
      Pattern f = filter;
      files.removeIf(p -> !f.matcher(p.toString()).find());
    }
    if (files.isEmpty()) {
      stderr.println("gol test: no .gol files to run");
      return 1;
    }
    SuiteRunner runner = new SuiteRunner(timeout);
    PrintStream o = out();
    int passed = 0;
    int failed = 0;
    ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
      Thread t = new Thread(r, "gol-test");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<SuiteRunner.Outcome>> results = new ArrayList<>();
      for (Path f : files) {
        results.add(pool.submit(() -> runner.test(f)));
      }
      for (Future<SuiteRunner.Outcome> r : results) {
        SuiteRunner.Outcome oc = r.get();
        if (oc.passed()) {
          passed++;
          if (verbose) {
            o.println("ok   " + oc.file + " (" + seconds(oc.nanos) + ")");
          }
        } else {
          failed++;
          report(o, oc);
        }
        o.flush();
      }
    } finally {
      pool.shutdownNow();
    }
    o.println(passed + " passed, " + failed + " failed");
    return failed > 0 ? 1 : 0;
  }

  /** The default per-program timeout: {@code GOLTESTTIMEOUT} (a Go duration) or 20s. */
  private Duration timeoutDefault() {
    String v = env.get("GOLTESTTIMEOUT");
    if (v != null && !v.isEmpty()) {
      try {
        return SuiteRunner.parseDuration(v);
      } catch (IllegalArgumentException e) {
        // ignore a bad value
      }
    }
    return SuiteRunner.DEFAULT_TIMEOUT;
  }

  /** At most this many lines describe one failure. */
  static final int REPORT_LINES = 24;

  static void report(PrintStream o, SuiteRunner.Outcome oc) {
    List<String> p = oc.problems;
    o.println("FAIL " + oc.file + ": " + p.get(0));
    int n = Math.min(p.size(), REPORT_LINES);
    for (int k = 1; k < n; k++) {
      o.println("    " + p.get(k));
    }
    if (p.size() > n) {
      o.println("    ...");
    }
  }

  private static String seconds(long nanos) {
    return String.format("%.2fs", nanos / 1e9);
  }

  private int testUsage(String message) {
    stderr.println("gol test: " + message);
    stderr.println("usage: gol test [-v] [-run regexp] [-timeout d] [-p n] [DIR|FILE...]");
    return 2;
  }

  private int versionCommand(String[] args) {
    if (args.length > 0) {
      stderr.println("gol version: unexpected argument " + args[0]);
      stderr.println("usage: gol version");
      return 2;
    }
    out().println("gol version " + version() + " " + platform()
        + " (java " + System.getProperty("java.version") + ")");
    return 0;
  }

  /** The interpreter's Maven version, or "devel" when not running from the jar. */
  static String version() {
    try (InputStream in = Main.class.getResourceAsStream(
        "/META-INF/maven/dev.gol/gol-interpreter/pom.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null) {
          return v;
        }
      }
    } catch (IOException e) {
      // fall through
    }
    return "devel";
  }

  /** GOOS/GOARCH-style platform name: linux/amd64, darwin/arm64, windows/amd64. */
  static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase();
    if (os.startsWith("mac") || os.startsWith("darwin")) {
      os = "darwin";
    } else if (os.startsWith("windows")) {
      os = "windows";
    } else if (os.startsWith("linux")) {
      os = "linux";
    } else {
      os = os.replace(' ', '_');
    }
    String arch = System.getProperty("os.arch", "");
    switch (arch) {
      case "x86_64":
      case "amd64":
        arch = "amd64";
        break;
      case "aarch64":
        arch = "arm64";
        break;
      case "x86":
      case "i386":
        arch = "386";
        break;
      default:
        break;
    }
    return os + "/" + arch;
  }

  private int helpCommand(String[] args) {
    if (args.length == 0) {
      out().print(USAGE);
      return 0;
    }
    if (args.length > 1) {
      stderr.println("usage: gol help command");
      stderr.println();
      stderr.println("Too many arguments given.");
      return 2;
    }
    switch (args[0]) {
      case "run":
        out().print(HELP_RUN);
        return 0;
      case "test":
        out().print(HELP_TEST);
        return 0;
      case "fmt":
        out().print(HELP_FMT);
        return 0;
      case "vet":
        out().print(HELP_VET);
        return 0;
      case "version":
        out().print(HELP_VERSION);
        return 0;
      default:
        stderr.println("gol help " + args[0] + ": unknown help topic. Run 'gol help'.");
        return 2;
    }
  }

  /**
   * Runs a small program with its output discarded, so that a class-data-sharing archive dumped
   * at exit ({@code -XX:ArchiveClassesAtExit}, see ./gol) holds the classes a real run loads.
   * Always succeeds: the training program may use features not implemented yet.
   */
  private int train() {
    OutputStream sink = OutputStream.nullOutputStream();
    PrintStream errSink = new PrintStream(sink, true, StandardCharsets.UTF_8);
    Main m = new Main(new ByteArrayInputStream(new byte[0]), sink, errSink, false, env);
    // every package's natives (their method references are linked, and archived, on install)
    gol.stdlib.Stdlib.natives().size();
    // the caches between runs go to a directory of the training's own, as the same code paths
    // (a program's second round reads its plan and trees back): its programs' entries are no
    // use to later runs, and its hello world's JIT translations would be loaded by every run of
    // a hello world, which finishes sooner without them
    Path caches = null;
    try {
      caches = Files.createTempDirectory("gol-train-caches");
      for (String p : new String[] {"gol.cache", "gol.jitcache", "gol.astcache"}) {
        if (System.getProperty(p) != null) {
          System.setProperty(p, caches.resolve(p).toString());
        }
      }
    } catch (IOException e) {
      // the training writes where the properties say
    }
    int jit = gol.interp.vm.Jit.mode();
    Path[] files = new Path[TRAINING_PROGRAMS.length];
    for (int round = 0; round < 2; round++) {
      // the second round compiles every function at its first call: the JIT tier's classes
      // (ASM's included), which any program running for 10 ms loads, go into the archive too
      gol.interp.vm.Jit.setMode(round == 0 ? jit : 2);
      trainRound(m, files);
    }
    gol.interp.vm.Jit.setMode(jit);
    for (Path f : files) {
      try {
        if (f != null) {
          Files.deleteIfExists(f);
        }
      } catch (IOException e) {
        // leave it
      }
    }
    try {
      gol.interp.repl.Repl.train(); // the REPL's classes (JLine's included) for its first prompt
    } catch (Throwable t) {
      // a smaller archive
    }
    if (caches != null) {
      try (java.util.stream.Stream<Path> all = Files.walk(caches)) {
        for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      } catch (IOException | RuntimeException e) {
        // left in the temporary directory
      }
    }
    version();
    return 0;
  }

  /**
   * Runs the training programs, each from the same file in both rounds, so that the second
   * round reads the first's cache entries (gol.interp.ProgramCache's are found by the path).
   */
  private static void trainRound(Main m, Path[] files) {
    for (int i = 0; i < TRAINING_PROGRAMS.length; i++) {
      try {
        if (files[i] == null) {
          files[i] = Files.createTempFile("gol-train", ".gol");
          Files.write(files[i], TRAINING_PROGRAMS[i].getBytes(StandardCharsets.UTF_8));
        }
        m.runFile(files[i].toString(), new String[] {"x"});
      } catch (Throwable t) {
        // only the loaded classes matter
      }
    }
  }
}
