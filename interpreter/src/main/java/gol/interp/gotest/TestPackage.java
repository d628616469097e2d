package gol.interp.gotest;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One directory as {@code gol test} sees it, as Go's load.TestPackagesFor does: the package's
 * .gol files, its {@code *_test.gol} files in the same package (compiled with it) and in the
 * external package {@code NAME_test}, and what the test files declare — TestXxx, BenchmarkXxx,
 * FuzzXxx, ExampleXxx (with their {@code // Output:} comments) and TestMain. It generates the
 * test program's main package, which lists them for {@code testing.MainStart}.
 *
 * <p>Files whose names start with "_" or "." are ignored, as Go ignores them.
 */
final class TestPackage {
  /** A source file: its path (absolute, as traces print it) and text. */
  record Source(Path path, String text) {
  }

  /** An example function and the output its comment wants (null: compiled, not run). */
  record Example(String name, boolean external, String output, boolean unordered) {
  }

  /** A test, benchmark or fuzz target: its name and whether it is in the external package. */
  record Func(String name, boolean external) {
  }

  final Path dir;
  /** The import path: see {@link ImportPaths}. */
  final String importPath;
  final List<Source> goFiles = new ArrayList<>();
  final List<Source> testFiles = new ArrayList<>();
  final List<Source> xtestFiles = new ArrayList<>();
  final List<Func> tests = new ArrayList<>();
  final List<Func> benchmarks = new ArrayList<>();
  final List<Func> fuzzTargets = new ArrayList<>();
  final List<Example> examples = new ArrayList<>();
  Func testMain;
  /** The package clause's name of the non-test (and internal test) files. */
  String name;
  /**
   * The first error found while scanning the test files, as go test's setup (load.TestPackagesFor)
   * reports it before anything is built ("[setup failed]"): go/parser's first syntax error at
   * the file's short path, or a test function's wrong signature at its absolute path; null if
   * none.
   */
  String setupError;
  /**
   * Whether {@link #setupError} is the go command's error for the package's files themselves (a
   * //go:build line that does not parse), printed alone, without "# pkg" and "[setup failed]".
   */
  boolean setupErrorAlone;

  TestPackage(Path dir, String importPath) {
    this.dir = dir;
    this.importPath = importPath;
  }

  /** Whether {@code dir} holds any {@code *_test.gol} file. */
  static boolean hasTests(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.anyMatch(p -> isTestFile(p) && Files.isRegularFile(p));
    } catch (IOException e) {
      return false;
    }
  }

  static boolean isTestFile(Path p) {
    return gol.interp.PackageFiles.isTestFile(p.getFileName().toString());
  }

  /** When not null: the package is exactly these files (go test FILE...: command-line-arguments). */
  private List<Path> only;

  void only(List<Path> files) {
    only = files.stream().map(p -> p.toAbsolutePath().normalize()).sorted().toList();
  }

  /** Reads the directory's files and scans the test files; false with {@link #diags} set on errors. */
  boolean load() throws IOException {
    List<Path> files;
    if (only != null) {
      files = only;
    } else {
      files = gol.interp.PackageFiles.candidates(dir);
    }
    List<Path> built = new ArrayList<>();
    for (Path p : files) {
      String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
      try {
        if (only == null && !gol.interp.PackageFiles.builds(p, text)) {
          continue;
        }
      } catch (gol.interp.PackageFiles.BadConstraint e) {
        setupError = e.getMessage();
        setupErrorAlone = true;
        return false;
      }
      built.add(p);
      Source src = new Source(p.toAbsolutePath().normalize(), text);
      if (!isTestFile(p)) {
        goFiles.add(src);
      }
    }
    files = built;
    for (Source s : goFiles) {
      String pkg = packageClause(s.text);
      if (name == null) {
        name = pkg;
      }
    }
    for (Path p : files) {
      if (!isTestFile(p)) {
        continue;
      }
      String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
      Source src = new Source(p.toAbsolutePath().normalize(), text);
      String pkg = packageClause(text);
      if (name == null && pkg != null && !pkg.endsWith("_test")) {
        name = pkg;
      }
      boolean external = pkg != null && pkg.endsWith("_test") && !pkg.equals(name);
      if (name == null && external) {
        name = pkg.substring(0, pkg.length() - "_test".length());
      }
      (external ? xtestFiles : testFiles).add(src);
    }
    // Go lists the package's own test files' functions first, then the external package's;
    // it stops at the first error
    for (Source src : testFiles) {
      if (setupError == null) {
        scan(src, false);
      }
    }
    for (Source src : xtestFiles) {
      if (setupError == null) {
        scan(src, true);
      }
    }
    return setupError == null;
  }

  /** The name in the file's package clause, or null for a script (no clause). */
  static String packageClause(String text) {
    Matcher m = PACKAGE.matcher(stripComments(text));
    return m.find() ? m.group(1) : null;
  }

  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\p{L}_][\\p{L}\\p{N}_]*)", Pattern.MULTILINE);

  /** Blanks comments (keeping newlines), so a commented-out package clause is not found. */
  private static String stripComments(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      if (s.startsWith("//", i)) {
        while (i < s.length() && s.charAt(i) != '\n') {
          i++;
        }
      } else if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        end = end < 0 ? s.length() : end + 2;
        for (int j = i; j < end; j++) {
          if (s.charAt(j) == '\n') {
            sb.append('\n');
          }
        }
        i = end;
      } else {
        sb.append(s.charAt(i++));
      }
    }
    return sb.toString();
  }

  /** Finds the test functions of one test file (Go's load.formatTestmain's scan). */
  private void scan(Source src, boolean external) {
    Diagnostics diags = new Diagnostics();
    File f = Parser.parse(src.path.toString(), src.text, diags);
    if (diags.hasErrors()) {
      setupError = syntaxError(src, diags);
      return;
    }
    String[] lines = src.text.split("\n", -1);
    for (Node item : f.items) {
      if (!(item instanceof Decl.Func fn) || fn.recv != null) {
        continue;
      }
      String n = fn.name.name;
      if (n.equals("TestMain")) {
        if (isTestFuncParam(fn, "T") && fn.sig.results.isEmpty()) { // func TestMain(t *testing.T) is a test
          tests.add(new Func(n, external));
        } else if (checkSignature(src, fn, "M", "m")) {
          if (testMain != null) {
            setupError = "multiple definitions of TestMain";
            return;
          }
          testMain = new Func(n, external);
        }
      } else if (isTest(n, "Test")) {
        checkSignature(src, fn, "T", "t");
        tests.add(new Func(n, external));
      } else if (isTest(n, "Benchmark")) {
        checkSignature(src, fn, "B", "b");
        benchmarks.add(new Func(n, external));
      } else if (isTest(n, "Fuzz")) {
        checkSignature(src, fn, "F", "f");
        fuzzTargets.add(new Func(n, external));
      } else if (isTest(n, "Example") && fn.body != null) {
        if (!fn.sig.params.isEmpty() || !fn.sig.results.isEmpty() || !fn.typeParams.isEmpty()) {
          continue; // go/doc's Examples leaves it out (go vet's tests analyzer reports it)
        }
        String[] out = exampleOutput(lines, fn);
        examples.add(new Example(n, external, out == null ? null : out[0], out != null && out[1] != null));
      }
    }
  }

  /** Go's isTest: name starts with prefix and the next rune, if any, is not lower case. */
  static boolean isTest(String name, String prefix) {
    if (!name.startsWith(prefix)) {
      return false;
    }
    if (name.length() == prefix.length()) {
      return true;
    }
    return !Character.isLowerCase(name.codePointAt(prefix.length()));
  }

  /**
   * Go's checkTestFunc: a test function's signature; a wrong one is the setup error (at the
   * function's absolute path, as go test prints it). Returns whether the signature is right.
   */
  private boolean checkSignature(Source src, Decl.Func fn, String type, String arg) {
    String why = null;
    if (!isTestFuncParam(fn, type) || !fn.sig.results.isEmpty()) {
      why = "must be: func " + fn.name.name + "(" + arg + " *testing." + type + ")";
    }
    if (!fn.typeParams.isEmpty()) {
      why = "test functions cannot have type parameters";
    }
    if (why != null) {
      if (setupError == null) {
        setupError = src.path + ":" + fn.line + ":" + fn.col + ": wrong signature for " + fn.name.name + ", " + why;
      }
      return false;
    }
    return true;
  }

  /**
   * A test file's syntax error as go test's setup reports it: go/parser's first error (the words
   * gol fmt reports, from the same parser), at the file's short path; gol's own first error where
   * only gol's parser rejects the file.
   */
  private static String syntaxError(Source src, Diagnostics diags) {
    String name = GoTest.shortPath(src.path);
    try {
      gol.interp.gofmt.GolFmt.format(name, src.text);
    } catch (gol.interp.gofmt.GolFmt.FormatException e) {
      String m = e.getMessage();
      if (!m.contains("gol fmt cannot format")) {
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
      }
    }
    Diagnostics.Error first = diags.first();
    return name + ":" + first.line() + ":" + first.col() + ": " + first.message();
  }

  /** Whether the function's only parameter is {@code *testing.TYPE} (or *X.TYPE for an import alias X). */
  private static boolean isTestFuncParam(Decl.Func fn, String type) {
    if (fn.sig.params.size() != 1) {
      return false;
    }
    Expr.Field p = fn.sig.params.get(0);
    if (p.names.size() > 1) {
      return false;
    }
    return p.type instanceof Expr.Star s && s.x instanceof Expr.Selector sel && sel.sel.name.equals(type);
  }

  private static final Pattern OUTPUT = Pattern.compile("(?i)^[\\s]*(unordered )?output:");

  /**
   * The {@code // Output:} comment of an example, as go/doc's exampleOutput reads it: the last
   * comment group in the body, if its text starts with "Output:" or "Unordered output:" (any
   * case); the text after that. Returns {output, "unordered" or null}, or null.
   */
  static String[] exampleOutput(String[] lines, Decl.Func fn) {
    int end = fn.body.endLine - 1; // index of the closing brace's line
    // walk back from the closing brace over trailing comment lines: the last comment group
    int last = -1;
    for (int i = Math.min(end, lines.length - 1); i >= fn.line; i--) {
      String t = lines[i].trim();
      if (i == end) {
        int brace = t.lastIndexOf('}');
        t = brace >= 0 ? t.substring(0, brace).trim() : t;
        if (t.isEmpty()) {
          continue;
        }
      }
      if (t.startsWith("//")) {
        last = i;
        break;
      }
      if (!t.isEmpty()) {
        return null;
      }
    }
    if (last < 0) {
      return null;
    }
    int first = last;
    while (first - 1 >= fn.line && lines[first - 1].trim().startsWith("//")) {
      first--;
    }
    StringBuilder text = new StringBuilder();
    List<String> group = new ArrayList<>();
    for (int i = first; i <= last; i++) {
      String c = lines[i].trim().substring(2);
      if (c.startsWith(" ")) {
        c = c.substring(1);
      }
      group.add(c.replaceAll("[ \\t]+$", ""));
    }
    // CommentGroup.Text: leading and trailing blank lines dropped, runs of blank lines collapsed
    while (!group.isEmpty() && group.get(0).isEmpty()) {
      group.remove(0);
    }
    while (!group.isEmpty() && group.get(group.size() - 1).isEmpty()) {
      group.remove(group.size() - 1);
    }
    String prev = null;
    for (String g : group) {
      if (g.isEmpty() && prev != null && prev.isEmpty()) {
        continue;
      }
      text.append(g).append('\n');
      prev = g;
    }
    Matcher m = OUTPUT.matcher(text);
    if (!m.find()) {
      return null;
    }
    String out = text.substring(m.end());
    int k = 0;
    while (k < out.length() && out.charAt(k) == ' ') {
      k++;
    }
    out = out.substring(k);
    if (out.startsWith("\n")) {
      out = out.substring(1);
    }
    return new String[] {out, m.group(1) != null ? "unordered" : null};
  }

  /** Whether the external test package imports the package under test. */
  boolean xtestImportsPackage() {
    return !xtestFiles.isEmpty();
  }

  /**
   * The generated main package: imports the package under test as {@code _test} and the
   * external test package as {@code _xtest}, lists the tests and runs them (TestMain when
   * declared).
   */
  String testMain() {
    StringBuilder sb = new StringBuilder();
    sb.append("package main\n\nimport (\n\t\"os\"\n\t\"testing\"\n");
    boolean needTest = needs(false);
    boolean needXtest = needs(true);
    if (needTest) {
      sb.append("\t_test ").append(quote(importPath)).append('\n');
    }
    if (needXtest) {
      sb.append("\t_xtest ").append(quote(importPath + "_test")).append('\n');
    }
    sb.append(")\n\n");
    sb.append("var tests = []testing.InternalTest{\n");
    for (Func f : tests) {
      sb.append("\t{").append(quote(f.name)).append(", ").append(qual(f.external, f.name)).append("},\n");
    }
    sb.append("}\n\nvar benchmarks = []testing.InternalBenchmark{\n");
    for (Func f : benchmarks) {
      sb.append("\t{").append(quote(f.name)).append(", ").append(qual(f.external, f.name)).append("},\n");
    }
    sb.append("}\n\nvar fuzzTargets = []testing.InternalFuzzTarget{\n");
    for (Func f : fuzzTargets) {
      sb.append("\t{").append(quote(f.name)).append(", ").append(qual(f.external, f.name)).append("},\n");
    }
    sb.append("}\n\nvar examples = []testing.InternalExample{\n");
    for (Example e : examples) {
      if (e.output == null) {
        continue;
      }
      sb.append("\t{").append(quote(e.name)).append(", ").append(qual(e.external, e.name)).append(", ")
          .append(quote(e.output)).append(", ").append(e.unordered).append("},\n");
    }
    sb.append("}\n\nfunc main() {\n");
    sb.append("\tm := testing.MainStart(").append(quote(importPath)).append(", tests, benchmarks, fuzzTargets, examples)\n");
    if (testMain != null) {
      sb.append("\t").append(qual(testMain.external, "TestMain")).append("(m)\n");
      sb.append("\tos.Exit(testing.MainExitCode(m))\n");
    } else {
      sb.append("\tos.Exit(m.Run())\n");
    }
    sb.append("}\n");
    return sb.toString();
  }

  private boolean needs(boolean external) {
    if (testMain != null && testMain.external == external) {
      return true;
    }
    for (List<Func> l : List.of(tests, benchmarks, fuzzTargets)) {
      for (Func f : l) {
        if (f.external == external) {
          return true;
        }
      }
    }
    for (Example e : examples) {
      if (e.external == external && e.output != null) {
        return true;
      }
    }
    return false;
  }

  private static String qual(boolean external, String name) {
    return (external ? "_xtest." : "_test.") + name;
  }

  /** A Go string literal for s (the generated main is gol source). */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if (c == '"' || c == '\\') {
        sb.append('\\').append((char) c);
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (c < 0x20 || c >= 0x7f) {
        sb.append(String.format(Locale.ROOT, "\\x%02x", c));
      } else {
        sb.append((char) c);
      }
    }
    return sb.append('"').toString();
  }
}
