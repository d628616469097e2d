package gol.interp.vet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * gol vet against go vet. Each {@code src/test/resources/vet/NAME.gol} ends with a
 * {@code // Vet:} block holding what go vet 1.23 printed for a package-main copy of it (recorded
 * by tools/vet-record.sh; an empty block: go vet found nothing), one finding per line.
 */
class VetTest {
  static Path resources() {
    String r = System.getProperty("gol.root");
    Path p = r != null ? Path.of(r) : Path.of("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("tests/README.md"))) {
      p = p.getParent();
    }
    return p.resolve("interpreter/src/test/resources/vet");
  }

  static List<String> expected(String source) {
    List<String> want = new ArrayList<>();
    boolean in = false;
    for (String line : source.split("\n", -1)) {
      if (line.equals("// Vet:")) {
        in = true;
      } else if (in && line.startsWith("// ")) {
        want.add(line.substring(3));
      }
    }
    return want;
  }

  @Test
  void everyInputIsReportedAsGoVetReportsIt() throws Exception {
    List<String> failures = new ArrayList<>();
    int n = 0;
    int findings = 0;
    try (Stream<Path> s = Files.list(resources())) {
      for (Path f : s.filter(p -> p.toString().endsWith(".gol")).sorted().toList()) {
        String name = f.getFileName().toString();
        String src = Files.readString(f);
        assertTrue(src.contains("\n// Vet:\n"), name + " has no // Vet: block");
        List<String> want = expected(src);
        List<String> got = Vet.vet(name, src);
        n++;
        findings += want.size();
        if (!got.equals(want)) {
          failures.add(name + ":\n--- go vet\n" + String.join("\n", want) + "\n--- gol vet\n" + String.join("\n", got));
        }
      }
    }
    assertTrue(n >= 10 && findings >= 50, "corpus too small: " + n + " files, " + findings + " findings");
    assertEquals("", String.join("\n\n", failures));
  }

  private record Run(int status, String stdout, String stderr) {
  }

  private static Run gol(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Main m = new Main(new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), false, Map.of());
    int status = m.run(args);
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void commandPrintsHeaderAndFindingsAndExitsOneWhenSomethingIsReported() throws Exception {
    Path dir = Files.createTempDirectory("golvet");
    Path bad = dir.resolve("bad.gol");
    Files.writeString(bad, "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tx = x\n\tfmt.Printf(\"%s\\n\", x)\n}\n");
    Run r = gol("vet", bad.toString());
    assertEquals(1, r.status);
    assertEquals("", r.stdout);
    assertEquals("# " + bad + "\n"
        + bad + ":7:2: self-assignment of x to x\n"
        + bad + ":8:2: fmt.Printf format %s has arg x of wrong type int\n", r.stderr);
  }

  /** A program in a module vets with its local packages resolved, as gol run runs it (findings: go vet 1.23's). */
  @Test
  void programInAModuleSeesItsLocalPackages() throws Exception {
    Path dir = Files.createTempDirectory("golvet");
    Files.writeString(dir.resolve("go.mod"), "module mymod\n\ngo 1.23\n");
    Files.createDirectories(dir.resolve("util"));
    Files.writeString(dir.resolve("util/util.gol"), "package util\n\nfunc Double(x int) int { return x * 2 }\n");
    Path prog = dir.resolve("main.gol");
    Files.writeString(prog, "package main\n\nimport (\n\t\"fmt\"\n\t\"mymod/util\"\n)\n\nfunc main() {\n\tx := 1\n"
        + "\tx = x\n\tfmt.Printf(\"%d\\n\", util.Double(x), \"extra\")\n}\n");
    Run r = gol("vet", prog.toString());
    assertEquals(1, r.status);
    assertEquals("# " + prog + "\n"
        + prog + ":10:2: self-assignment of x to x\n"
        + prog + ":11:2: fmt.Printf call needs 1 arg but has 2 args\n", r.stderr);
  }

  @Test
  void cleanProgramsExitZeroSilently() throws Exception {
    Path dir = Files.createTempDirectory("golvet");
    Files.writeString(dir.resolve("ok.gol"), "x := 2\nfmt.Printf(\"%d\\n\", x)\n");
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/ok2.gol"), "package main\n\nfunc main() {}\n");
    Run r = gol("vet", dir + "/...");
    assertEquals("", r.stderr);
    assertEquals(0, r.status);
  }

  @Test
  void directoryWalkAndCompileErrors() throws Exception {
    Path dir = Files.createTempDirectory("golvet");
    Files.writeString(dir.resolve("a.gol"), "package main\n\nfunc main() {\n\tvar y int = \"s\"\n}\n");
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/b.gol"), "return\nprintln(1)\n");
    Run flat = gol("vet", dir.toString());
    assertEquals(1, flat.status);
    Path a = dir.resolve("a.gol");
    assertEquals("# " + a + "\nvet: " + a + ":4:14: cannot use \"s\" (untyped string constant) as int value in variable declaration\n",
        flat.stderr);
    Run deep = gol("vet", dir + "/...");
    assertTrue(deep.stderr.contains(dir.resolve("sub/b.gol") + ":2:1: unreachable code\n"), deep.stderr);
  }

  @Test
  void usageErrors() {
    Run r = gol("vet", "-x");
    assertEquals(2, r.status);
    assertTrue(r.stderr.startsWith("gol vet: flag provided but not defined: -x\n"), r.stderr);
    Run missing = gol("vet", "no/such/file.gol");
    assertEquals(1, missing.status);
    assertEquals("gol vet: stat no/such/file.gol: no such file or directory\n", missing.stderr);
    Run help = gol("help", "vet");
    assertEquals(0, help.status);
    assertTrue(help.stdout.startsWith("usage: gol vet"), help.stdout);
  }

  /**
   * A directory with _test.gol files is vetted as go vet vets a package with its tests: the
   * package with its in-package test files, then the external test package, each under its
   * headers, with the tests analyzer's findings. vet-packages/calc/expected.txt is what go vet
   * 1.23 printed in the Go copy of the directory (file names ending .go changed to .gol).
   */
  @Test
  void packageWithTestFilesIsVettedAsGoVetVetsIt() throws Exception {
    Path dir = resources().resolveSibling("vet-packages/calc");
    List<String> got = Vet.vetPackage(dir).stream().map(l -> l.replaceFirst("^\\S*/(\\w+\\.gol:)", "./$1")).toList();
    List<String> want = Files.readAllLines(dir.resolve("expected.txt"));
    assertEquals(String.join("\n", want), String.join("\n", got));
    Run r = gol("vet", dir + "/...");
    assertEquals(1, r.status);
    assertTrue(r.stderr.contains("Testadd has malformed name: first letter after 'Test' must not be lowercase\n"), r.stderr);
    assertTrue(r.stderr.endsWith("x_test.gol:17:1: ExampleMissing refers to unknown identifier: Missing\n"), r.stderr);
  }

  /**
   * A package that does not compile, as go vet 1.23 reported it for Go copies (module m): the
   * failing package's two headers and "vet: " with its first error (a syntax error in go/parser's
   * words, an external test package's own headers), or, for a local package it imports, the go
   * command's "# dep" and that package's errors; a test file that does not parse alone.
   */
  @Test
  void packagesThatDoNotCompileAsGoVetReportsThem() throws Exception {
    Path root = Files.createTempDirectory("golvet");
    Path m = root.resolve("m");
    Files.createDirectories(m.resolve("lib"));
    Files.writeString(m.resolve("go.mod"), "module m\n\ngo 1.23\n");
    Files.writeString(m.resolve("a.gol"), "package m\n\nfunc F() {\n\tx :=\n}\n");
    Files.writeString(m.resolve("a_test.gol"), "package m\n\nimport \"testing\"\n\nfunc TestS(t *testing.T) {}\n");
    assertEquals(List.of("# m", "# [m]", "vet: m/a.gol:5:1: expected operand, found '}'"), cut(Vet.vetPackage(m), root));

    Files.writeString(m.resolve("a.gol"), "package m\n\nimport \"m/lib\"\n\nfunc F() int { return lib.L() }\n");
    Files.writeString(m.resolve("lib/l.gol"), "package lib\n\nfunc L() int { return \"s\" }\n");
    assertEquals(List.of("# m/lib", "m/lib/l.gol:3:23: cannot use \"s\" (untyped string constant) as int value in return statement"),
        cut(Vet.vetPackage(m), root));

    Files.writeString(m.resolve("lib/l.gol"), "package lib\n\nfunc L() int { return 1 }\n");
    Files.writeString(m.resolve("x_test.gol"), "package m_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { var s string = 1; _ = s }\n");
    assertEquals(List.of("# m_test", "# [m_test]", "vet: m/x_test.gol:5:43: cannot use 1 (untyped int constant) as string value in variable declaration"),
        cut(Vet.vetPackage(m), root));

    Files.writeString(m.resolve("x_test.gol"), "package m_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {\n\tx :=\n}\n");
    assertEquals(List.of("m/x_test.gol:7:1: expected operand, found '}'"), cut(Vet.vetPackage(m), root));
  }

  /** Lines with the path up to the temporary root cut (cmd/go's relative or absolute form alike). */
  private static List<String> cut(List<String> lines, Path root) {
    String abs = root.toAbsolutePath().normalize() + "/";
    return lines.stream().map(l -> l.replace(abs, "").replaceAll("^(vet: )?(\\.\\./)+\\S*?" + root.getFileName() + "/", "$1")).toList();
  }
}
