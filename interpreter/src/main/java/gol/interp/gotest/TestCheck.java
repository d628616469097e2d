package gol.interp.gotest;

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
   * The result: the checked units (the package with its tests first), or the errors that stopped
   * the check; {@code loadErrors} tells errors go test reports as they are (a test function's
   * wrong signature) from compile errors.
   */
  public record Result(List<Unit> units, Diagnostics diags, boolean loadErrors) {
  }

  /** Whether dir holds _test.gol files (then go vet checks it as a package with its tests). */
  public static boolean hasTests(Path dir) {
    return TestPackage.hasTests(dir);
  }

  public static Result check(Path dir) throws IOException {
    ImportPaths paths = ImportPaths.forDir(dir);
    String importPath = paths.importPath(dir);
    TestPackage tp = new TestPackage(dir, importPath);
    tp.forVet = true;
    if (!tp.load()) {
      return new Result(List.of(), tp.diags, true);
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
      return new Result(List.of(), diags, false);
    }
    List<Unit> units = new ArrayList<>();
    for (String path : List.of(importPath, importPath + "_test")) {
      for (Compiler.Unit u : loader.units) {
        if (u.pkg().path.equals(path)) {
          units.add(new Unit(path, u.pkg(), u.files()));
        }
      }
    }
    return new Result(units, diags, false);
  }
}
