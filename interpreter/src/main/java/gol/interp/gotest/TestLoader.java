package gol.interp.gotest;

import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.check.Checker;
import gol.interp.check.Importer;
import gol.interp.check.Universe;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.ParseCache;
import gol.interp.parse.Parser;
import gol.interp.types.Pkg;
import gol.interp.PackageFiles;
import gol.interp.StdUnit;
import gol.stdlib.Stdlib;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads the packages of a test program: the generated main, the package under test compiled
 * with its in-package test files, the external test package, other local packages (by {@link
 * ImportPaths}) and the standard packages (whole: the dead-code pass is for single programs).
 * Collects the checked units in initialisation order, every package after its imports.
 */
final class TestLoader implements Importer {
  private final Diagnostics diags;
  private final TestPackage tp;
  private final ImportPaths paths;
  private final Map<String, Pkg> loaded = new HashMap<>();
  private final List<String> loading = new ArrayList<>();
  final List<Compiler.Unit> units = new ArrayList<>();

  /** The launcher's syntax tree cache (the package's files are parsed at every run), or null. */
  private static final ParseCache ASTS = ParseCache.open();

  TestLoader(Diagnostics diags, TestPackage tp, ImportPaths paths) {
    this.diags = diags;
    this.tp = tp;
    this.paths = paths;
  }

  /** Checks the generated main (which imports everything else); false if errors were reported. */
  boolean loadMain(String mainPath, String source) {
    File file = Parser.parse(mainPath, source, diags);
    if (diags.hasErrors()) {
      return false;
    }
    Pkg pkg = new Pkg("main", "main", Universe.SCOPE);
    new Checker(diags, this).checkPackage(pkg, List.of(file));
    units.add(new Compiler.Unit(pkg, List.of(file), List.of(mainPath)));
    return !diags.hasErrors();
  }

  @Override
  public Pkg importPackage(String path, Node at) {
    Pkg done = loaded.get(path);
    if (done != null) {
      return done;
    }
    if (loading.contains(path)) {
      diags.error("", 0, 0, "import cycle not allowed: " + String.join(" -> ", loading) + " -> " + path);
      return null;
    }
    loading.add(path);
    try {
      List<TestPackage.Source> sources = localSources(path);
      if (sources != null) {
        return loadLocal(path, sources);
      }
      return loadStd(path);
    } finally {
      loading.remove(path);
    }
  }

  /** The files of a local package path, or null when the path is not local. */
  private List<TestPackage.Source> localSources(String path) {
    if (path.equals(tp.importPath)) {
      List<TestPackage.Source> all = new ArrayList<>(tp.goFiles);
      all.addAll(tp.testFiles);
      return all;
    }
    if (path.equals(tp.importPath + "_test")) {
      return tp.xtestFiles;
    }
    Path dir = paths.dirOf(path, tp.dir, tp.importPath);
    if (dir == null) {
      return null;
    }
    List<TestPackage.Source> out = new ArrayList<>();
    try {
      for (Path p : PackageFiles.nonTest(dir)) {
        out.add(new TestPackage.Source(p.toAbsolutePath().normalize(),
            new String(Files.readAllBytes(p), StandardCharsets.UTF_8)));
      }
    } catch (IOException e) {
      return null;
    }
    return out.isEmpty() ? null : out;
  }

  private Pkg loadLocal(String path, List<TestPackage.Source> sources) {
    List<File> files = new ArrayList<>();
    List<String> names = new ArrayList<>();
    String name = null;
    int errorsBefore = diags.count();
    for (TestPackage.Source s : sources) {
      File f = ParseCache.parseProgram(ASTS, s.path().toString(), s.text(), diags);
      if (f == null) {
        continue;
      }
      if (f.packageName == null) {
        diags.error(s.path().toString(), 1, 1, "expected 'package', found script statements (a package's files need a package clause)");
        continue;
      }
      if (name == null) {
        name = f.packageName;
      } else if (!name.equals(f.packageName)) {
        diags.error(s.path().toString(), f.line, f.col, "found packages " + name + " and " + f.packageName + " in " + s.path().getParent());
        continue;
      }
      files.add(f);
      names.add(s.path().toString());
    }
    if (diags.count() > errorsBefore || name == null) {
      return null;
    }
    Pkg pkg = new Pkg(path, name, Universe.SCOPE);
    new Checker(diags, this).checkPackage(pkg, files);
    loaded.put(path, pkg);
    units.add(new Compiler.Unit(pkg, files, names));
    return pkg;
  }

  private Pkg loadStd(String path) {
    String source = Stdlib.source(path);
    if (source == null) {
      return null;
    }
    Compiler.Unit unit = StdUnit.check(path, source, this, diags);
    loaded.put(path, unit.pkg());
    units.add(unit);
    return unit.pkg();
  }

}
