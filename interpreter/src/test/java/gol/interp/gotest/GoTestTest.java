package gol.interp.gotest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code gol test} on Go-style test packages, against what real {@code go test} printed for the
 * same tests (the expected-*.txt files under src/test/resources/gotest were recorded with Go 1.23
 * from the .go originals of these packages; durations are normalised to "(X)" and "X").
 */
class GoTestTest {
  static Path root() {
    String r = System.getProperty("gol.root");
    Path p = r != null ? Path.of(r) : Path.of("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("tests/README.md"))) {
      p = p.getParent();
    }
    return p;
  }

  static Path fixture(String name) {
    return root().resolve("interpreter/src/test/resources/gotest/" + name);
  }

  record Run(int status, String out, String err) {
  }

  static Run gotest(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = GoTest.main(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Durations out: "(0.00s)" → "(X)", a final "\t0.003s" → "\tX", test2json's times and elapsed. */
  static String norm(String s) {
    List<String> out = new ArrayList<>();
    for (String line : s.split("\n", -1)) {
      line = line.replaceAll("\\(([0-9]+\\.[0-9]+)s\\)", "(X)")
          .replaceAll("\t[0-9.]+s( \\[no tests to run\\])?$", "\tX$1")
          .replaceAll("\"Time\":\"[^\"]*\"", "\"Time\":\"T\"")
          .replaceAll("\"Elapsed\":[0-9.]+", "\"Elapsed\":E")
          .replaceAll("\\\\t[0-9.]+s\\\\n\"", "\\\\tX\\\\n\"");
      out.add(line);
    }
    return String.join("\n", out);
  }

  static String expected(String file) throws IOException {
    return Files.readString(fixture(file));
  }

  @Test
  void failingPackageAsGoTestPrintsIt() throws Exception {
    Run r = gotest(fixture("calc").toString());
    assertEquals(1, r.status);
    assertEquals(expected("calc/expected.txt").replace("\tcalc\t", "\tcalc\t"), norm(r.out));
  }

  @Test
  void verboseRunFilterAndExamples() throws Exception {
    Run r = gotest("-v", "-run", "TestAdd|TestSub|Example", fixture("calc").toString());
    assertEquals(1, r.status);
    assertEquals(expected("calc/expected-v.txt"), norm(r.out));
  }

  @Test
  void helpersCleanupFatalSkipNamesFuzzTestMainAndExternalPackage() throws Exception {
    Run r = gotest("-v", "-run", "Test[^P]|Example|Fuzz", fixture("shapes").toString());
    assertEquals(1, r.status);
    assertEquals(expected("shapes/expected-v.txt"), norm(r.out));
  }

  @Test
  void jsonEventStream() throws Exception {
    Run r = gotest("-json", "-run", "TestArea|TestCleanup|TestExternal|Fuzz", fixture("shapes").toString());
    assertEquals(1, r.status);
    assertEquals(expected("shapes/expected-json.txt"), norm(r.out));
  }

  @Test
  void panickingTestFailsThePackageWithGosTrace() throws Exception {
    Run r = gotest(fixture("pan").toString());
    assertEquals(1, r.status);
    String out = norm(r.out);
    assertTrue(out.startsWith(expected("pan/expected-head.txt")), out);
    assertTrue(out.contains("pan.TestBoom(...)\n\t" + fixture("pan").toAbsolutePath().normalize() + "/pan_test.gol:10\n"), out);
    assertTrue(out.endsWith("FAIL\tpan\tX\nFAIL\n"), out);
  }

  /**
   * os.Exit(0) while the tests run panics, as go test makes it (-test.paniconexit0), failing the
   * package instead of ending the run as a success; after m.Run, TestMain's os.Exit(0) exits.
   * (Go 1.23's output for the same files.)
   */
  @Test
  void osExitZeroDuringTestsPanics() throws Exception {
    Run r = gotest(fixture("exit0").toString());
    assertEquals(1, r.status);
    String out = norm(r.out);
    assertTrue(out.startsWith("in first\n--- FAIL: TestExitZero (X)\n"
        + "panic: unexpected call to os.Exit(0) during test [recovered]\n"
        + "\tpanic: unexpected call to os.Exit(0) during test\n\ngoroutine "), out);
    assertTrue(out.endsWith("FAIL\texit0\tX\nFAIL\n"), out);
    assertFalse(out.contains("never"), out);
    Run main = gotest(fixture("exit0main").toString());
    assertEquals(0, main.status, main.out + main.err);
    assertEquals("ok  \texit0main\tX\n", norm(main.out));
  }

  /**
   * Files whose build constraints exclude them are not part of the package or its tests: a
   * _windows or _arm64 name, //go:build ignore, an old // +build line; -tags adds tags (Go 1.23's
   * output for the same files).
   */
  @Test
  void buildConstraintsLeaveFilesOut() throws Exception {
    Run r = gotest("-v", fixture("constraints").toString());
    assertEquals(0, r.status, r.out + r.err);
    assertEquals("=== RUN   TestAdd\n--- PASS: TestAdd (X)\n=== RUN   TestNew\n--- PASS: TestNew (X)\n"
        + "PASS\nok  \tconstraints\tX\n", norm(r.out));
    // -tags: a file marked //go:build integration || slow is built too
    Run tagged = gotest("-v", "-tags", "slow,other", fixture("constraints").toString());
    assertEquals(0, tagged.status, tagged.out + tagged.err);
    assertEquals("=== RUN   TestAdd\n--- PASS: TestAdd (X)\n=== RUN   TestNew\n--- PASS: TestNew (X)\n"
        + "=== RUN   TestIntegration\n--- PASS: TestIntegration (X)\nPASS\nok  \tconstraints\tX\n", norm(tagged.out));
    // without -tags, the tags the CLI set from GOFLAGS stand
    try {
      gol.interp.BuildConstraints.useTags(java.util.Set.of("slow"));
      Run fromEnv = gotest("-v", fixture("constraints").toString());
      assertEquals(norm(tagged.out), norm(fromEnv.out));
    } finally {
      gol.interp.BuildConstraints.useTags(java.util.Set.of());
    }
  }

  @Test
  void timeoutPanicsWithEveryGoroutine() throws Exception {
    Run r = gotest("-timeout", "1s", fixture("hang").toString());
    assertEquals(1, r.status);
    String out = norm(r.out);
    assertTrue(out.startsWith(expected("hang/expected-head.txt")), out);
    assertTrue(out.contains("hang.TestHang(...)\n"), out);
    assertTrue(out.contains("hang.TestHang.func1()\n"), out);
    assertTrue(out.endsWith("\nFAIL\thang\tX\nFAIL\n"), out);
  }

  @Test
  void examplePackagePasses() throws Exception {
    Run r = gotest("-v", "-short", root().resolve("examples/wordcount").toString());
    assertEquals(0, r.status, r.out + r.err);
    assertEquals(expected("wordcount-expected-v.txt"), norm(r.out));
    Run quiet = gotest(root().resolve("examples/wordcount").toString());
    assertEquals("ok  \twordcount\tX\n", norm(quiet.out));
  }

  @Test
  void benchmarkLineShape() throws Exception {
    Run r = gotest("-run", "XXX", "-bench", "Count", "-benchtime", "3x", root().resolve("examples/wordcount").toString());
    assertEquals(0, r.status, r.out + r.err);
    String[] lines = r.out.split("\n");
    assertTrue(lines[0].startsWith("goos: "), r.out);
    assertTrue(lines[1].startsWith("goarch: "), r.out);
    assertEquals("pkg: wordcount", lines[2]);
    String bench = r.out.lines().filter(l -> l.startsWith("BenchmarkCount")).findFirst().orElse("");
    assertTrue(bench.matches("BenchmarkCount(-\\d+)?\\s+\t       3\t +[0-9.]+ ns/op"), bench);
    assertTrue(r.out.contains("\nPASS\nok  \twordcount\t"), r.out);
  }

  @Test
  void buildFailureIsReportedAsGoDoes() throws Exception {
    Path dir = Files.createTempDirectory("goltest");
    Files.writeString(dir.resolve("bad_test.gol"), "package bad\n\nimport \"testing\"\n\nfunc TestBad(t *testing.T) { x := 1 }\n");
    Run r = gotest(dir.toString());
    assertEquals(1, r.status);
    String name = dir.getFileName().toString();
    assertEquals("FAIL\t" + name + " [build failed]\nFAIL\n", r.out);
    assertTrue(r.err.startsWith("# " + name + " [" + name + ".test]\n"), r.err);
    assertTrue(r.err.contains("bad_test.gol:5:30: declared and not used: x"), r.err);
  }

  @Test
  void shuffleSeedGivesGoTestsOrderAndSetenvRestores() throws Exception {
    // recorded with go test -v -shuffle 42 (Go seeds math/rand with the seed; so does gol)
    Run r = gotest("-v", "-shuffle", "42", fixture("envshuffle").toString());
    assertEquals(0, r.status, r.out + r.err);
    assertEquals(expected("envshuffle/expected-shuffle-v.txt"), norm(r.out));
    Run b = gotest("-shuffle", "42", "-run", "XXX", "-bench", ".", "-benchtime", "1x", fixture("envshuffle").toString());
    assertEquals(0, b.status, b.out + b.err);
    List<String> order = b.out.lines().filter(l -> l.matches("Benchmark[A-Z](-\\d+)?\\s.*")).map(l -> l.substring(0, 10)).toList();
    assertEquals(List.of("BenchmarkX", "BenchmarkZ", "BenchmarkY"), order); // go test's order for seed 42
  }

  /**
   * Log lines of helpers called through testing.TB (whose methods are promoted, so the call goes
   * through a method wrapper) and of a helper closure called as "}()" are attributed as go test
   * attributes them (tbhelper/expected-v.txt, recorded with go test -v).
   */
  @Test
  void helpersThroughTheTbInterfaceAndClosures() throws Exception {
    Run r = gotest("-v", fixture("tbhelper").toString());
    assertEquals(1, r.status);
    assertEquals(expected("tbhelper/expected-v.txt"), norm(r.out));
    Run b = gotest("-run", "XXX", "-bench", "TB", "-benchtime", "1x", fixture("tbhelper").toString());
    assertTrue(b.out.contains("\n--- BENCH: BenchmarkTB") && b.out.contains("\n    tb_test.gol:44: benchmark through TB\n"), b.out);
  }

  /**
   * -list matches its one pattern against whole top-level names; -run, -skip and -list patterns
   * are Go's regexp syntax, and a bad one is reported with Go's message and fails the package
   * (tbhelper/expected-patterns.txt, recorded with go test).
   */
  @Test
  void listAndBadPatternsAsGoTest() throws Exception {
    String dir = fixture("tbhelper").toString();
    StringBuilder out = new StringBuilder();
    int[] want = {0, 0, 1, 1, 1};
    String[][] runs = {{"-list", "List/x"}, {"-list", "List|TB"}, {"-run", "["}, {"-skip", "a)", "-v"}, {"-list", "x("}};
    for (int i = 0; i < runs.length; i++) {
      List<String> args = new ArrayList<>(List.of(runs[i]));
      args.add(dir);
      Run r = gotest(args.toArray(new String[0]));
      assertEquals(want[i], r.status, String.join(" ", runs[i]) + ": " + r.out + r.err);
      out.append(norm(r.out));
    }
    assertEquals(expected("tbhelper/expected-patterns.txt"), out.toString());
  }

  /**
   * go test runs go vet's default checks first (those gol vet has: bools, errorsas, nilfunc,
   * printf, stringintconv); findings fail the package as a build failure. -vet=off, a list, and
   * a bad value as go test treats them (vetstep/expected-vet.txt, recorded with go test 1.23 in
   * the Go copy of the directory, module vetstep).
   */
  @Test
  void vetStepAsGoTest() throws Exception {
    StringBuilder got = new StringBuilder();
    for (String a : new String[] {"-vet=", "-vet=off", "-vet=bool", "-vet=printf,errorsas"}) {
      Run r = gotest(a, fixture("vetstep").toString());
      assertEquals(1, r.status, a);
      got.append("== go test ").append(a).append('\n').append(norm(r.out)).append("-- stderr\n")
          .append(r.err.replaceAll("(?m)^\\S*/(\\w+\\.gol:)", "./$1"));
    }
    assertEquals(vetBlocksSorted(expected("vetstep/expected-vet.txt")), vetBlocksSorted(got.toString()));
    Run bad = gotest("-vet=foo", fixture("vetstep").toString());
    assertEquals(2, bad.status);
    assertTrue(bad.err.startsWith("invalid value \"foo\" for flag -vet: -vet argument must be a supported analyzer or a distinguished value; found foo\n"), bad.err);
  }

  /**
   * go test vets a package and its external test package side by side, so their "# pkg" blocks
   * come in either order: each run of such blocks is sorted (gol prints the package's first).
   */
  static String vetBlocksSorted(String s) {
    List<String> out = new ArrayList<>();
    List<String> blocks = new ArrayList<>();
    for (String line : s.split("\n", -1)) {
      if (line.startsWith("# ") && !line.startsWith("# [")) {
        blocks.add(line);
      } else if (!blocks.isEmpty() && (line.startsWith("# [") || line.startsWith("./"))) {
        blocks.set(blocks.size() - 1, blocks.get(blocks.size() - 1) + "\n" + line);
      } else {
        blocks.sort(null);
        out.addAll(blocks);
        blocks.clear();
        out.add(line);
      }
    }
    blocks.sort(null);
    out.addAll(blocks);
    return String.join("\n", out);
  }

  static Path module(Path root, String name, String... files) throws IOException {
    Path dir = root.resolve(name);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("go.mod"), "module " + name + "\n\ngo 1.23\n");
    for (int i = 0; i < files.length; i += 2) {
      Path f = dir.resolve(files[i]);
      Files.createDirectories(f.getParent());
      Files.writeString(f, files[i + 1]);
    }
    return dir;
  }

  /** Paths in a report with the directories before DIR cut: ".../syn/s_test.gol" → "syn/s_test.gol". */
  static String paths(String s, Path root) {
    return s.replace(root.toAbsolutePath().normalize() + "/", "").replaceAll("(?m)^(\\.\\./)+\\S*?" + root.getFileName() + "/", "");
  }

  /**
   * Errors go test finds before building (its setup: go/parser's first syntax error in a test
   * file, a test function's wrong signature) print "# pkg", the error and "FAIL\tpkg [setup
   * failed]"; an external test package's compile errors are headed "# pkg_test [pkg.test]", a
   * local dependency's "# dep" with only its errors. func TestMain(t *testing.T) is a test, and
   * an example with parameters is left out. Expectations recorded with go test 1.23 on Go copies.
   */
  @Test
  void setupAndBuildFailuresAsGoTest() throws Exception {
    Path root = Files.createTempDirectory("goltest");
    Path syn = module(root, "syn", "s_test.gol",
        "package syn\n\nimport \"testing\"\n\nfunc TestS(t *testing.T) {\n\tx :=\n}\n\nfunc (\n");
    Run r = gotest("-v", syn.toString());
    assertEquals(1, r.status);
    assertEquals("FAIL\tsyn [setup failed]\nFAIL\n", r.out);
    assertEquals("# syn\nsyn/s_test.gol:7:1: expected operand, found '}'\n", paths(r.err, root));

    String src = "package tm\n\nimport \"testing\"\n\nfunc TestMain(m *testing.T) { m.Log(\"a test\") }\n\n"
        + "func ExampleArg(i int) {\n\t// Output: 1\n}\n\nfunc TestB(t *testing.T) {}\n";
    Path tm = module(root, "tm", "s_test.gol", src + "\nfunc BenchmarkX(b *testing.T) {}\n");
    r = gotest("-v", tm.toString());
    assertEquals(1, r.status);
    assertEquals("FAIL\ttm [setup failed]\nFAIL\n", r.out);
    assertEquals("# tm\ntm/s_test.gol:13:1: wrong signature for BenchmarkX, must be: func BenchmarkX(b *testing.B)\n", paths(r.err, root));
    Files.writeString(tm.resolve("s_test.gol"), src + "\nfunc TestGen[T any](t *testing.T) {}\n");
    r = gotest("-v", tm.toString());
    assertEquals("# tm\ntm/s_test.gol:13:1: wrong signature for TestGen, test functions cannot have type parameters\n", paths(r.err, root));
    Files.writeString(tm.resolve("s_test.gol"), src);
    r = gotest("-v", tm.toString());
    assertEquals(0, r.status, r.out + r.err);
    assertEquals("=== RUN   TestMain\n    s_test.gol:5: a test\n--- PASS: TestMain (X)\n=== RUN   TestB\n--- PASS: TestB (X)\nPASS\nok  \ttm\tX\n", norm(r.out));

    Path xe = module(root, "xe", "x.gol", "package xe\n\nfunc F() int { return 1 }\n",
        "x_test.gol", "package xe_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { var s string = 1; _ = s }\n");
    r = gotest(xe.toString());
    assertEquals(1, r.status);
    assertEquals("FAIL\txe [build failed]\nFAIL\n", r.out);
    assertEquals("# xe_test [xe.test]\nxe/x_test.gol:5:43: cannot use 1 (untyped int constant) as string value in variable declaration\n",
        paths(r.err, root));
    // -json: a build failure is a start, an output and a fail event (elapsed 0); a setup failure
    // is printed as it is, without events
    r = gotest("-json", xe.toString());
    assertEquals(1, r.status);
    assertEquals("{\"Time\":\"T\",\"Action\":\"start\",\"Package\":\"xe\"}\n"
        + "{\"Time\":\"T\",\"Action\":\"output\",\"Package\":\"xe\",\"Output\":\"FAIL\\txe [build failed]\\n\"}\n"
        + "{\"Time\":\"T\",\"Action\":\"fail\",\"Package\":\"xe\",\"Elapsed\":E}\n", norm(r.out));
    assertTrue(r.out.endsWith("\"Elapsed\":0}\n"), r.out);
    r = gotest("-json", syn.toString());
    assertEquals(1, r.status);
    assertEquals("FAIL\tsyn [setup failed]\n", r.out);

    Path dp = module(root, "dp", "lib/l.gol", "package lib\n\nfunc L() int { return \"s\" }\n",
        "d.gol", "package dp\n\nimport \"dp/lib\"\n\nfunc F() int { return lib.L() }\n",
        "d_test.gol", "package dp\n\nimport \"testing\"\n\nfunc TestD(t *testing.T) { F() }\n");
    r = gotest(dp.toString());
    assertEquals(1, r.status);
    assertEquals("FAIL\tdp [build failed]\nFAIL\n", r.out);
    assertEquals("# dp/lib\ndp/lib/l.gol:3:23: cannot use \"s\" (untyped string constant) as int value in return statement\n",
        paths(r.err, root));
  }

  /**
   * An import cycle among local packages is reported in the go command's words, from the package
   * under test (go test 1.23 on the Go copy printed the chain alone; gol test prints it as a
   * build failure, in its "# pkg" frame).
   */
  @Test
  void anImportCycleIsReportedWithGosChain() throws Exception {
    Path root = Files.createTempDirectory("goltest");
    Path cyc = module(root, "cyc", "a/a.gol", "package a\n\nimport \"cyc/b\"\n\nfunc A() int { return b.B() + 1 }\n",
        "a/a_test.gol", "package a\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n",
        "b/b.gol", "package b\n\nimport \"cyc/a\"\n\nfunc B() int { return 1 }\n\nvar _ = a.A\n");
    Run r = gotest(cyc.resolve("a").toString());
    assertEquals(1, r.status);
    assertTrue(r.err.contains("package cyc/a\n\timports cyc/b\n\timports cyc/a: import cycle not allowed\n"), r.err);
  }

  /**
   * go test ./... reports every package's setup failure before it builds anything, builds a
   * package without test files too (one that does not compile is "[build failed]", not "[no test
   * files]", and its errors are printed once, not again for the package importing it).
   * Recorded with go test 1.23 on a Go copy (module all).
   */
  @Test
  void patternRunsSetupFirstAndBuildsPackagesWithoutTests() throws Exception {
    Path root = Files.createTempDirectory("goltest");
    Path all = module(root, "all", "a/a.gol", "package a\n\nfunc A() int { return \"s\" }\n",
        "b/b.gol", "package b\n\nimport \"all/a\"\n\nfunc B() int { return a.A() }\n",
        "b/b_test.gol", "package b\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) { B() }\n",
        "c/c_test.gol", "package c\n\nimport \"testing\"\n\nfunc TestC(t *testing.T) {}\n",
        "d/d_test.gol", "package d\n\nimport \"testing\"\n\nfunc TestD(t *testing.B) {}\n");
    Run r = gotest(all + "/...");
    assertEquals(1, r.status);
    assertEquals("FAIL\tall/d [setup failed]\nFAIL\tall/a [build failed]\nFAIL\tall/b [build failed]\nok  \tall/c\tX\nFAIL\n", norm(r.out));
    assertEquals("# all/d\nall/d/d_test.gol:5:1: wrong signature for TestD, must be: func TestD(t *testing.T)\n"
        + "# all/a\nall/a/a.gol:3:23: cannot use \"s\" (untyped string constant) as int value in return statement\n", paths(r.err, root));
  }

  /**
   * cmd/go's file names in compiler and vet output: "./x.gol" in the current directory, the
   * directory's path relative to it otherwise ("sub/x.gol", "../p/x.gol": go test ./comp printed
   * "comp/c_test.go:6:6", go test ../comp from inside comp "./c_test.go"); setup errors at
   * base.ShortPath ("s_test.go:7:1" in the current directory).
   */
  @Test
  void pathsAsCmdGoShowsThem() {
    assertEquals("./x.gol", GoTest.compilerPath(Path.of("x.gol")));
    assertEquals("sub/x.gol", GoTest.compilerPath(Path.of("sub/x.gol")));
    String here = Path.of("").toAbsolutePath().getFileName().toString();
    assertEquals("../other/x.gol", GoTest.compilerPath(Path.of("../other/x.gol")));
    assertEquals("./x.gol", GoTest.compilerPath(Path.of("../" + here + "/x.gol")));
    assertEquals("x.gol", GoTest.shortPath(Path.of("x.gol")));
    assertEquals("/", GoTest.shortPath(Path.of("/")));
  }

  @Test
  void modeDetection() throws Exception {
    assertTrue(GoTest.applies(new String[] {fixture("calc").toString()}));
    assertTrue(GoTest.applies(new String[] {"-v", fixture("calc").toString() + "/..."}));
    assertFalse(GoTest.applies(new String[] {root().resolve("tests").toString()}));
    assertFalse(GoTest.applies(new String[] {"-run", "x", root().resolve("examples").toString()}));
  }

  /**
   * allocs/op and B/op as go test -benchmem printed them for the allocs fixture (Go 1.23: 0, 1, 1
   * and 8 allocs/op; 0, 80, 16 and 2040 B/op), and testing.AllocsPerRun's exact counts (the
   * fixture's test), in the interpreter and with every function compiled by the JIT.
   */
  @Test
  void allocationsAreCountedAsGcCountsEscapingValues() throws Exception {
    int mode = gol.interp.vm.Jit.mode();
    try {
      for (int jit : new int[] {mode, 2}) {
        gol.interp.vm.Jit.setMode(jit);
        Run r = gotest("-bench", ".", "-benchmem", "-benchtime", "200x", fixture("allocs").toString());
        assertEquals(0, r.status, r.out + r.err);
        List<String> cols = r.out.lines().filter(l -> l.startsWith("Benchmark"))
            .map(l -> l.replaceAll("^(Benchmark\\w+)(-\\d+)?\\s+\\t\\s+200\\t\\s+[0-9.]+ ns/op\\t", "$1 "))
            .map(l -> l.replaceAll("\\s+", " ")).toList();
        assertEquals(List.of("BenchmarkFill 0 B/op 0 allocs/op", "BenchmarkMakeTen 80 B/op 1 allocs/op",
            "BenchmarkNewPoint 16 B/op 1 allocs/op", "BenchmarkGrow 2040 B/op 8 allocs/op"), cols, "jit=" + jit);
      }
    } finally {
      gol.interp.vm.Jit.setMode(mode);
    }
    // one iteration: the harness's own reading of the clock is not counted (go test -benchtime 1x
    // printed 0, 1 and 1 allocs/op, 0, 80 and 16 B/op for these)
    Run one = gotest("-run", "XXX", "-bench", "Fill|MakeTen|NewPoint", "-benchmem", "-benchtime", "1x", fixture("allocs").toString());
    List<String> cols = one.out.lines().filter(l -> l.startsWith("Benchmark"))
        .map(l -> l.replaceAll("^(Benchmark\\w+)(-\\d+)?\\s+\\t\\s+1\\t\\s+[0-9.]+ ns/op\\t", "$1 "))
        .map(l -> l.replaceAll("\\s+", " ")).toList();
    assertEquals(List.of("BenchmarkFill 0 B/op 0 allocs/op", "BenchmarkMakeTen 80 B/op 1 allocs/op",
        "BenchmarkNewPoint 16 B/op 1 allocs/op"), cols, one.out);
  }
}
