package gol.interp.gotest;

import gol.interp.ImportPaths;
import gol.interp.ast.File;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Pkg;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses and type-checks a directory's package with its test files, as go vet sees it: the
 * package compiled with its in-package _test.gol files, and the external test package
 * (package x_test), without compiling or running anything. For {@code gol vet}.
 */
public final class TestCheck {
  private TestCheck() {
  }

  /** One checked package: its import path ("calc", "calc_test"), the package and its files in order. */
  public record Unit(String importPath, Pkg pkg, List<File> files) {
  }

  /**
   * The result: the checked units (the package with its tests first), or what stopped the check:
   * {@code setupError}, an error in the test files that go vet reports as it is (a syntax error,
   * a test function's wrong signature: see {@link TestPackage#setupError}), or compile errors in
   * {@code diags}.
   */
  public record Result(List<Unit> units, Diagnostics diags, String setupError) {
  }

  /** Whether dir holds _test.gol files (then go vet checks it as a package with its tests). */
  public static boolean hasTests(Path dir) {
    return TestPackage.hasTests(dir);
  }

  /**
   * The import path of the package a file of dir's test program belongs to: dir's own, its
   * external test package's (PATH_test) for an x_test file, another local package's.
   */
  public static String packageOf(Path dir, String file) {
    ImportPaths paths = ImportPaths.forDir(dir);
    String importPath = paths.importPath(dir);
    if (file == null || !file.startsWith("/")) {
      return importPath;
    }
    Path f = Path.of(file);
    Path parent = f.getParent();
    if (parent != null && !parent.equals(dir.toAbsolutePath().normalize())) {
      return paths.importPath(parent);
    }
    if (TestPackage.isTestFile(f)) {
      try {
        String clause = TestPackage.packageClause(java.nio.file.Files.readString(f));
        if (clause != null && clause.endsWith("_test")) {
          return importPath + "_test";
        }
      } catch (IOException ignored) {
        // dir's own, then
      }
    }
    return importPath;
  }

  public static Result check(Path dir) throws IOException {
    ImportPaths paths = ImportPaths.forDir(dir);
    String importPath = paths.importPath(dir);
    TestPackage tp = new TestPackage(dir, importPath);
    if (!tp.load()) {
      return new Result(List.of(), new Diagnostics(), tp.setupError);
    }
    Diagnostics diags = new Diagnostics();
    TestLoader loader = new TestLoader(diags, tp, paths);
    StringBuilder main = new StringBuilder("package main\n\nimport (\n");
    boolean pkg = !tp.goFiles.isEmpty() || !tp.testFiles.isEmpty();
    if (pkg) {
      main.append("\t_ ").append(TestPackage.quote(importPath)).append('\n');
    }
    if (!tp.xtestFiles.isEmpty()) {
      main.append("\t_ ").append(TestPackage.quote(importPath + "_test")).append('\n');
    }
    main.append(")\n\nfunc main() {}\n");
    if (!loader.loadMain("_vetmain.gol", main.toString())) {
      return new Result(List.of(), diags, null);
    }
    List<Unit> units = new ArrayList<>();
    for (String path : List.of(importPath, importPath + "_test")) {
      for (Compiler.Unit u : loader.units) {
        if (u.pkg().path.equals(path)) {
          units.add(new Unit(path, u.pkg(), u.files()));
        }
      }
    }
    return new Result(units, diags, null);
  }
}
