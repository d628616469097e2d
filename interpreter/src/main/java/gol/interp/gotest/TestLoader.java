package gol.interp.gotest;

import gol.interp.ImportPaths;
import gol.interp.LocalPackages;
import gol.interp.StdPlan;
import gol.interp.StdUnit;
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
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads the packages of a test program: the generated main, the package under test compiled
 * with its in-package test files, the external test package, other local packages (as gol run
 * does: {@link LocalPackages}) and the standard packages (as {@link StdPlan} planned them for
 * all those files, or whole). Collects the checked units, every package after its imports (in Go's order:
 * {@link gol.interp.InitOrder}).
 */
final class TestLoader implements Importer {
  private final Diagnostics diags;
  private final TestPackage tp;
  private final LocalPackages locals;
  private final Map<String, Pkg> loaded = new HashMap<>();
  /** Local packages that could not be imported, and the error for their imports (null: reported). */
  private final Map<String, String> failed = new HashMap<>();
  private final List<String> loading = new ArrayList<>();
  final List<Compiler.Unit> units = new ArrayList<>();

  /** The launcher's syntax tree cache (the package's files are parsed at every run), or null. */
  private static final ParseCache ASTS = ParseCache.open();

  /** The standard packages as planned for the program (null: whole). */
  private final StdPlan plan;

  TestLoader(Diagnostics diags, TestPackage tp, ImportPaths paths) {
    this(diags, tp, new LocalPackages(paths, true), null);
  }

  /**
   * {@code locals}: the module's local packages (LocalPackages.ofTest); {@code plan}: the
   * standard packages' planned texts (a package it left out throws StdPlan.Miss), or null.
   */
  TestLoader(Diagnostics diags, TestPackage tp, LocalPackages locals, StdPlan plan) {
    this.diags = diags;
    this.tp = tp;
    this.locals = locals;
    this.plan = plan;
  }

  /** Whether the program loads standard package {@code path}. */
  boolean loads(String path) {
    return loaded.containsKey(path);
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
    if (done != null || failed.containsKey(path)) {
      return done;
    }
    if (loading.contains(path)) { // (only local packages are loading when a local one imports)
      diags.error("", 0, 0, LocalPackages.cycle(loading, path));
      failed.put(path, null);
      return null;
    }
    loading.add(path);
    try {
      if (path.equals(tp.importPath)) {
        List<TestPackage.Source> all = new ArrayList<>(tp.goFiles);
        all.addAll(tp.testFiles);
        return loadTested(path, all);
      }
      if (path.equals(tp.importPath + "_test")) {
        return loadTested(path, tp.xtestFiles);
      }
      LocalPackages.Sources local = locals.find(path);
      if (local != null) {
        return loaded(path, locals.checkImported(local, this, diags, ASTS));
      }
      // (loading ends with path; the generated main imports only the packages under test)
      String excluded = loading.size() < 2 ? null : locals.excluded(loading.subList(0, loading.size() - 1), path);
      if (excluded != null) {
        diags.error("", 0, 0, excluded);
        failed.put(path, null);
        return null;
      }
      return loadStd(path);
    } finally {
      loading.remove(path);
    }
  }

  @Override
  public String importError(String path) {
    return failed.containsKey(path) ? failed.get(path) : LocalPackages.notFound(path, locals);
  }

  /**
   * The package under test (with its in-package test files) or its external test package:
   * files of two packages are the go command's error for the package, not for an import of it.
   */
  private Pkg loadTested(String path, List<TestPackage.Source> sources) {
    List<String> names = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (TestPackage.Source s : sources) {
      names.add(s.path().toString());
      texts.add(s.text());
    }
    LocalPackages.Checked c = LocalPackages.check(path, tp.dir, names, texts, this, diags, ASTS);
    if (c.error() != null) {
      diags.error("", 0, 0, c.error());
      c = new LocalPackages.Checked(null, null);
    }
    return loaded(path, c);
  }

  /** Keeps a checked local package; null (and its import's error kept) when it cannot be imported. */
  private Pkg loaded(String path, LocalPackages.Checked c) {
    if (c.unit() == null) {
      failed.put(path, c.error());
      return null;
    }
    loaded.put(path, c.unit().pkg());
    units.add(c.unit());
    return c.unit().pkg();
  }

  private Pkg loadStd(String path) {
    String source = plan != null ? plan.source(path) : Stdlib.source(path);
    if (source == null) {
      return null;
    }
    Compiler.Unit unit = StdUnit.check(path, source, this, diags);
    loaded.put(path, unit.pkg());
    units.add(unit);
    return unit.pkg();
  }

}
