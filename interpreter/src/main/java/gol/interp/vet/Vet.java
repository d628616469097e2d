package gol.interp.vet;

import gol.interp.TypeCheck;
import gol.interp.diag.Diagnostics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code gol vet [FILE.gol|DIR|DIR/...]}: go vet's checks on each program after it is parsed and
 * type-checked. Every program with something to say gets a {@code # FILE.gol} header, then one
 * {@code FILE.gol:LINE:COL: message} line per finding, grouped by analyzer in go vet's order; a
 * program that does not compile gets {@code vet: } and its first error, as go vet prints it (a
 * syntax error in go/parser's words, as gol fmt words it). All
 * on standard error; the exit status is 1 when anything was reported, else 0.
 */
public final class Vet {
  /** One analyzer: a name (as go vet's) and its check of one file. */
  private record Analyzer(String name, java.util.function.Consumer<Pass> run) {
  }

  /** In go vet's order (alphabetical); loopclosure reports nothing under Go 1.22 loop semantics. */
  private static final List<Analyzer> ANALYZERS = List.of(
      new Analyzer("appends", Appends::run),
      new Analyzer("assign", SelfAssign::run),
      new Analyzer("atomic", Atomic::run),
      new Analyzer("bools", Bools::run),
      new Analyzer("copylocks", CopyLocks::run),
      new Analyzer("defers", Defers::run),
      new Analyzer("errorsas", ErrorsAs::run),
      new Analyzer("lostcancel", LostCancel::run),
      new Analyzer("nilfunc", NilFunc::run),
      new Analyzer("printf", Printf::run),
      new Analyzer("shift", Shift::run),
      new Analyzer("stringintconv", StringIntConv::run),
      new Analyzer("structtag", StructTag::run),
      new Analyzer("tests", Tests::run),
      new Analyzer("timeformat", TimeFormat::run),
      new Analyzer("unmarshal", Unmarshal::run),
      new Analyzer("unreachable", Unreachable::run),
      new Analyzer("unusedresult", UnusedResult::run));

  private Vet() {
  }

  /** The findings for one program, as lines without the header; empty when vet has nothing to say. */
  public static List<String> vet(String path, String source) {
    List<String> out = new ArrayList<>();
    TypeCheck.Result r = TypeCheck.check(path, source);
    if (r.file() == null) {
      Diagnostics.Error first = r.diags().first();
      String syntax = syntaxError(path, source);
      if (syntax != null) {
        out.add("vet: " + syntax);
      } else if (first != null) {
        out.add("vet: " + first);
      }
      return out;
    }
    for (Pass.Finding f : analyze(List.of(r.file()), r.pkg())) {
      out.add(path + ":" + f.line() + ":" + f.col() + ": " + f.message());
    }
    return out;
  }

  /** Every analyzer over every file of a package, in go vet's order: by analyzer, then by file. */
  private static List<Pass.Finding> analyze(List<gol.interp.ast.File> files, gol.interp.types.Pkg pkg) {
    return analyze(files, pkg, null);
  }

  /** The analyzers named in {@code only} (all when null) over a package's files. */
  private static List<Pass.Finding> analyze(List<gol.interp.ast.File> files, gol.interp.types.Pkg pkg, java.util.Set<String> only) {
    List<Pass.Finding> out = new ArrayList<>();
    for (Analyzer a : ANALYZERS) {
      if (only != null && !only.contains(a.name())) {
        continue;
      }
      Pass pass = new Pass(files, pkg);
      pass.eachFile(f -> a.run().accept(pass));
      out.addAll(pass.findings);
    }
    return out;
  }

  /**
   * The findings for a directory with _test.gol files, checked as go vet checks a package with
   * its tests: a {@code # PATH} and {@code # [PATH]} header per package (the package with its
   * in-package tests, then the external test package), then one {@code ./FILE.gol:LINE:COL:
   * message} line per finding, the file named as cmd/go names it ({@link
   * gol.interp.gotest.GoTest#compilerPath}). A package that does not compile gets its headers and
   * {@code vet: } with the first error (a syntax error in go/parser's words); an error go vet
   * finds while loading the test files (a test function's wrong signature) is printed alone.
   */
  public static List<String> vetPackage(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    gol.interp.gotest.TestCheck.Result r = gol.interp.gotest.TestCheck.check(dir);
    if (r.setupError() != null) {
      out.add(r.setupError());
      return out;
    }
    Diagnostics.Error first = r.diags().first();
    if (first != null) {
      String pkg = gol.interp.gotest.TestCheck.packageOf(dir, first.file());
      String own = gol.interp.gotest.TestCheck.packageOf(dir, null);
      out.add("# " + pkg);
      if (!pkg.equals(own) && !pkg.equals(own + "_test")) {
        // a local package it imports does not compile: the go command's build report for it
        Path failed = first.file().startsWith("/") ? Path.of(first.file()).getParent() : null;
        Diagnostics shown = new Diagnostics();
        for (Diagnostics.Error e : r.diags().inOrder()) {
          if (failed == null || e.file().startsWith("/") && failed.equals(Path.of(e.file()).getParent())) {
            shown.error(relative(e.file()), e.line(), e.col(), e.message());
          }
        }
        out.addAll(List.of(shown.report().split("\n")));
        return out;
      }
      out.add("# [" + pkg + "]");
      out.add("vet: " + compileError(first));
      return out;
    }
    out.addAll(vetUnits(r.units(), null));
    return out;
  }

  /**
   * The findings of the analyzers in {@code only} (all when null) over checked packages, under go
   * vet's {@code # PATH} and {@code # [PATH]} headers (gol test's vet step, and gol vet).
   */
  public static List<String> vetUnits(List<gol.interp.gotest.TestCheck.Unit> units, java.util.Set<String> only) {
    List<String> out = new ArrayList<>();
    for (gol.interp.gotest.TestCheck.Unit u : units) {
      List<Pass.Finding> fs = analyze(u.files(), u.pkg(), only);
      if (fs.isEmpty()) {
        continue;
      }
      out.add("# " + u.importPath());
      out.add("# [" + u.importPath() + "]");
      for (Pass.Finding f : fs) {
        out.add(relative(f.file().name) + ":" + f.line() + ":" + f.col() + ": " + f.message());
      }
    }
    return out;
  }

  /** A compile error as go vet prints it: at cmd/go's path for the file, a syntax error in go/parser's words. */
  private static String compileError(Diagnostics.Error e) {
    String file = e.file();
    if (file != null && file.startsWith("/") && file.endsWith(".gol")) {
      String shown = gol.interp.gotest.GoTest.compilerPath(Path.of(file));
      try {
        String syntax = syntaxError(shown, Files.readString(Path.of(file)));
        if (syntax != null) {
          int more = syntax.indexOf(" (and ");
          return more < 0 ? syntax : syntax.substring(0, more);
        }
      } catch (IOException ignored) {
        // the file's error as gol found it, then
      }
      return shown + ":" + e.line() + ":" + e.col() + ": " + e.message();
    }
    return e.toString();
  }

  /** An absolute file path as cmd/go prints it ({@code ./x.gol}, {@code calc/x.gol}). */
  private static String relative(String s) {
    if (!s.startsWith("/")) {
      return s;
    }
    return gol.interp.gotest.GoTest.compilerPath(Path.of(s));
  }

  /**
   * A syntax error as go vet reports it (go/parser's words, as gofmt's: {@code expected operand,
   * found '}'}); null when the file parses.
   */
  private static String syntaxError(String path, String source) {
    try {
      gol.interp.gofmt.GolFmt.format(path, source);
      return null;
    } catch (gol.interp.gofmt.GolFmt.FormatException e) {
      String m = e.getMessage();
      if (m.contains("gol fmt cannot format")) {
        return null;
      }
      int nl = m.indexOf('\n'); // go vet prints go/parser's first error and how many follow
      return nl < 0 ? m : m.substring(0, nl) + " (and " + (e.count - 1) + " more errors)";
    }
  }

  public static int main(String[] args, PrintStream stderr) throws IOException {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("-help") || a.equals("--help")) {
        stderr.println("usage: gol vet [-tags LIST] [FILE.gol|DIR|DIR/...]");
        stderr.println("Run 'gol help vet' for details.");
        return 2;
      }
      if (gol.interp.BuildConstraints.isTagsFlag(a)) {
        int eq = a.indexOf('=');
        if (eq < 0 && i + 1 >= args.length) {
          stderr.println("gol vet: flag needs an argument: -tags");
          return 2;
        }
        String list = eq >= 0 ? a.substring(eq + 1) : args[++i];
        gol.interp.BuildConstraints.useTags(gol.interp.BuildConstraints.parseTags(list));
        continue;
      }
      if (a.startsWith("-") && a.length() > 1) {
        stderr.println("gol vet: flag provided but not defined: " + a);
        stderr.println("usage: gol vet [-tags LIST] [FILE.gol|DIR|DIR/...]");
        return 2;
      }
      paths.add(a);
    }
    if (paths.isEmpty()) {
      paths.add(".");
    }
    List<Path> files = new ArrayList<>();
    for (String p : paths) {
      boolean recursive = p.endsWith("/...") || p.equals("...");
      String dir = recursive ? (p.equals("...") ? "." : p.substring(0, p.length() - 4)) : p;
      if (dir.isEmpty()) {
        dir = ".";
      }
      Path path = Path.of(dir);
      if (Files.isDirectory(path)) {
        files.addAll(programs(path, recursive));
      } else if (!recursive && Files.isRegularFile(path)) {
        files.add(path);
      } else {
        stderr.println("gol vet: stat " + dir + ": no such file or directory");
        return 1;
      }
    }
    int status = 0;
    java.util.Set<Path> packagesDone = new java.util.HashSet<>();
    for (Path f : files) {
      if (Files.isDirectory(f)) { // a package with tests (see programs): vetted once, with its test files
        if (packagesDone.add(f)) {
          List<String> lines = vetPackage(f);
          for (String l : lines) {
            stderr.println(l);
          }
          status = lines.isEmpty() ? status : 1;
        }
        continue;
      }
      String name = f.toString();
      String source = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
      if (source.startsWith("#!")) {
        int nl = source.indexOf('\n');
        source = nl < 0 ? "" : source.substring(nl);
      }
      List<String> lines = vet(name, source);
      if (!lines.isEmpty()) {
        stderr.println("# " + name);
        for (String l : lines) {
          stderr.println(l);
        }
        status = 1;
      }
    }
    stderr.flush();
    return status;
  }

  /**
   * The .gol programs in dir (and below it when recursive), not in hidden or target directories;
   * a directory with _test.gol files is listed once, in place of its files (a package vetted
   * with its tests).
   */
  private static List<Path> programs(Path dir, boolean recursive) throws IOException {
    List<Path> out = new ArrayList<>();
    java.util.Map<Path, Boolean> withTests = new java.util.HashMap<>();
    try (Stream<Path> s = recursive ? Files.walk(dir) : Files.list(dir)) {
      s.filter(f -> {
        String n = f.getFileName().toString();
        if (!n.endsWith(".gol") || !Files.isRegularFile(f)) {
          return false;
        }
        for (Path part : dir.relativize(f)) {
          String x = part.toString();
          if (x.startsWith(".") || x.equals("target")) {
            return false;
          }
        }
        return builds(f);
      }).sorted().forEach(f -> {
        Path d = f.getParent();
        if (!withTests.computeIfAbsent(d, gol.interp.gotest.TestCheck::hasTests)) {
          out.add(f);
        } else if (!out.contains(d)) {
          out.add(d);
        }
      });
    }
    return out;
  }

  /**
   * Whether a file found in a directory is built, as go vet ./... picks files (one whose
   * //go:build line does not parse is vetted as the program it is).
   */
  private static boolean builds(Path f) {
    try {
      return gol.interp.PackageFiles.builds(f, new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      return true;
    }
  }
}
