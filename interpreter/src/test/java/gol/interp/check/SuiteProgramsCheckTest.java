package gol.interp.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import gol.interp.types.Pkg;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every program of the language suite (tests/) type-checks as its expectations say: without
 * errors, or, when it expects a compile error (exit status 1), with exactly those errors first.
 */
class SuiteProgramsCheckTest {
  @Test
  void suiteProgramsCheck() throws IOException {
    List<String> failures = new ArrayList<>();
    int n = 0;
    for (String dir : List.of("tests", "examples")) {
    Path root = Path.of(System.getProperty("gol.root", "..")).resolve(dir);
    if (!Files.isDirectory(root)) {
      continue;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".gol"))
          .filter(f -> !gol.interp.gotest.GoTest.isTestPackageDir(f.getParent())) // packages: gol test
          .sorted().toList()) {
        String src = Files.readString(p, StandardCharsets.UTF_8);
        String name = p.getFileName().toString();
        Diagnostics d = new Diagnostics();
        File f = Parser.parse(name, src, d);
        if (d.hasErrors()) {
          continue; // syntax errors are the parser's business
        }
        n++;
        Pkg pkg = new Pkg("main", f.packageName == null ? "main" : f.packageName, Universe.SCOPE);
        new Checker(d, new CheckTestSupport.TestImporter()).checkPackage(pkg, List.of(f));
        List<String> expected = expectedCompileErrors(src);
        List<String> got = new ArrayList<>();
        if (d.hasErrors()) {
          got.addAll(List.of(d.report().split("\n"))); // as gc prints them: the first ten found, sorted
        }
        if (expected == null) {
          if (!got.isEmpty()) {
            failures.add(root.relativize(p) + ": unexpected errors " + got);
          }
        } else {
          int i = 0;
          for (String line : got) {
            if (i < expected.size() && line.equals(expected.get(i))) {
              i++;
            }
          }
          if (i < expected.size()) {
            failures.add(root.relativize(p) + ": expected " + expected + " got " + got);
          }
        }
      }
    }
    }
    assertEquals(List.of(), failures, "checked " + n + " programs");
  }

  /** The expected compile-error lines, or null when the program must compile. */
  private static List<String> expectedCompileErrors(String src) {
    int i = src.lastIndexOf("// Error:");
    if (i < 0) {
      return null;
    }
    List<String> lines = new ArrayList<>();
    for (String l : src.substring(i).split("\n")) {
      lines.add(l.startsWith("// ") ? l.substring(3) : l.equals("//") ? "" : l);
    }
    lines.remove(0);
    if (lines.isEmpty() || !lines.get(lines.size() - 1).trim().equals("exit status 1")) {
      return null;
    }
    lines.remove(lines.size() - 1);
    if (lines.isEmpty() || !lines.get(0).matches(".*\\.gol:\\d+:\\d+: .*")) {
      return null; // exit status 1 at run time (os.Exit(1), log.Fatal), not a compile error
    }
    return lines;
  }
}
