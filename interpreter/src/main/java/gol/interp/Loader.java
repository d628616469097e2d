package gol.interp;

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
import java.util.function.Function;

/**
 * Finds, parses and checks packages: the program's own files, the standard packages it imports
 * (gol sources shipped as resources under {@code gol/std/PATH/}) and, in a module, its local
 * packages ({@link LocalPackages}). Collects the checked units in an initialisation order —
 * every package after the packages it imports ({@link InitOrder} makes it Go's).
 *
 * <p>Standard packages are loaded as {@link Deadcode} planned them for the main file: only the
 * declarations the program can reach. The plan is made from the main file's text before it is
 * parsed, and made again from its syntax tree if the two disagree about the imports; a package
 * the plan did not foresee makes the loader start again with whole packages. Plans made from
 * the text are kept between runs by {@link PlanCache} (when {@code ./gol} names a cache
 * directory), so a script run again starts with its plan read from one file. The planned texts
 * are parsed on a second thread ({@link StdParses}) while this one parses and checks the program.
 */
final class Loader implements Importer {
  private final Diagnostics diags;
  private final Map<String, Pkg> loaded = new HashMap<>();
  private final List<String> loading = new ArrayList<>();
  final List<Compiler.Unit> units = new ArrayList<>();
  /** The standard packages' texts to load; null: whole packages. */
  private Deadcode.Result plan;
  /** The planned packages' parses, running on a second thread; null without a plan. */
  private StdParses parses;
  /**
   * Start-up times in nanoseconds, for GOLDEBUG=inittrace=1: plan, main parse, std parse (the
   * main thread's wait for {@link StdParses}), std check.
   */
  final long[] times = new long[4];

  /** Whether standard packages are pruned by {@link Deadcode}. */
  private final boolean deadcode;

  /** Where plans are kept between runs; null: nowhere. */
  private final PlanCache cache;
  /** Where syntax trees are kept between runs; null: nowhere. */
  private final ParseCache asts;

  /** The program's local packages; null: not in a module, nothing resolves locally. */
  private LocalPackages locals;
  /**
   * The main package's import path, where an import cycle's chain starts: its directory's for
   * {@code gol run DIR} (importing it is a cycle), {@code command-line-arguments} for files.
   */
  private String mainPath = "command-line-arguments";
  /** Local packages that could not be imported, and the error for their imports (null: reported). */
  private final Map<String, String> failed = new HashMap<>();

  Loader(Diagnostics diags, boolean deadcode) {
    this(diags, deadcode, null);
  }

  Loader(Diagnostics diags, boolean deadcode, PlanCache cache) {
    this(diags, deadcode, cache, null);
  }

  Loader(Diagnostics diags, boolean deadcode, PlanCache cache, ParseCache asts) {
    this.diags = diags;
    this.deadcode = deadcode;
    this.cache = cache;
    this.asts = asts;
  }

  /** Resolves imports of the module's local packages {@code locals}, the main package being {@code mainPath}. */
  Loader withLocal(LocalPackages locals, String mainPath) {
    this.locals = locals;
    this.mainPath = mainPath;
    return this;
  }

  /** The plan's roots, with the local packages' files' when there are any. */
  private Deadcode.Roots withLocalRoots(Deadcode.Roots roots) {
    return locals == null ? roots : roots.withLocal(locals.texts());
  }

  /**
   * Deadcode's view of the standard packages' sources. This class and the next are classes, not
   * method references: a hello world's start-up links no lambda, each of which costs the JVM
   * about half a millisecond the first time (bench/RESULTS.md, session 7).
   */
  static final class SourceOf implements Function<String, String> {
    @Override
    public String apply(String path) {
      return Stdlib.source(path);
    }
  }

  /** Deadcode's view of a script-mode name's import path ({@link #scriptPath}). */
  private final class ScriptPathOf implements Function<String, String> {
    @Override
    public String apply(String name) {
      return scriptPath(name);
    }
  }

  /**
   * Parses and checks the main package from its files {@code paths} (texts {@code sources}): one
   * file ({@link #loadMain}) or several of directory {@code dir} ({@link #loadMainFiles});
   * returns false if errors were reported.
   */
  boolean load(List<String> paths, List<String> sources, String dir) {
    return paths.size() == 1 ? loadMain(paths.get(0), sources.get(0)) : loadMainFiles(paths, sources, dir);
  }

  /**
   * The plan for these roots, read from the plan cache or made (and stored), and the planned
   * texts' parses started on the second thread.
   */
  private void startPlan(Deadcode.Roots roots) {
    plan = cache != null ? cache.load(roots) : null;
    boolean made = plan == null;
    if (made) {
      plan = Deadcode.plan(roots, new SourceOf(), new ScriptPathOf());
    }
    parses = StdParses.start(plan.sources, asts);
    if (made && cache != null) { // (after the parses have started: they need not wait for the write)
      cache.store(roots, plan);
    }
  }

  /** After a plan's miss (a bug in Deadcode): forget everything loaded, for a load with whole packages. */
  private void dropPlan() {
    plan = null;
    parses = null;
    loaded.clear();
    loading.clear();
    failed.clear();
    units.clear();
    diags.clear();
  }

  /** Parses and checks the main package from one file; returns false if errors were reported. */
  boolean loadMain(String path, String source) {
    long t0 = System.nanoTime();
    if (deadcode) {
      startPlan(withLocalRoots(Deadcode.roots(source, null, false)));
    }
    long t1 = System.nanoTime();
    File file = ParseCache.parseProgram(asts, path, source, diags);
    times[0] += t1 - t0;
    times[1] += System.nanoTime() - t1;
    if (diags.hasHardErrors()) { // (after errors in literals only, gc type checks too)
      return false;
    }
    if (plan != null) {
      List<String> paths = new ArrayList<>();
      for (File.Import imp : file.imports) {
        paths.add(imp.path);
      }
      if (!plan.madeFor(paths, file.packageName == null)) {
        plan = Deadcode.plan(withLocalRoots(Deadcode.roots(source, paths, file.packageName == null)),
            new SourceOf(), new ScriptPathOf());
      }
    }
    try {
      return checkMain(path, file);
    } catch (StdPlan.Miss e) {
      dropPlan(); // the checker's AST is spoilt, so parse again
      return checkMain(path, Parser.parse(path, source, diags));
    }
  }

  /**
   * Parses and checks the main package from several files of one directory ({@code gol run DIR},
   * {@code gol run A.gol B.gol}); each needs a package clause, all the same package, as Go
   * requires. The standard packages load as Deadcode planned them for all the files' names
   * together; false if errors were reported.
   */
  private boolean loadMainFiles(List<String> paths, List<String> sources, String dir) {
    long t0 = System.nanoTime();
    if (deadcode) {
      startPlan(withLocalRoots(Deadcode.roots(sources)));
    }
    times[0] += System.nanoTime() - t0;
    try {
      return checkMainFiles(paths, sources, dir);
    } catch (StdPlan.Miss e) {
      dropPlan(); // the checker's trees are spoilt, so parse again
      return checkMainFiles(paths, sources, dir);
    }
  }

  private boolean checkMainFiles(List<String> paths, List<String> sources, String dir) {
    List<File> files = new ArrayList<>();
    String name = null;
    String nameFile = null;
    for (int i = 0; i < paths.size(); i++) {
      String path = paths.get(i);
      long t0 = System.nanoTime();
      File f = ParseCache.parseProgram(asts, path, sources.get(i), diags);
      times[1] += System.nanoTime() - t0;
      if (f == null || diags.hasHardErrors()) {
        continue;
      }
      if (f.packageName == null) {
        diags.error(path, 1, 1, "expected 'package', found script statements (a program of several files needs package clauses)");
      } else if (name == null) {
        name = f.packageName;
        nameFile = path;
      } else if (!name.equals(f.packageName)) {
        diags.error("", 0, 0, "found packages " + name + " (" + baseName(nameFile) + ") and "
            + f.packageName + " (" + baseName(path) + ") in " + dir);
      }
      files.add(f);
    }
    if (diags.hasHardErrors()) {
      return false;
    }
    if (!name.equals("main")) {
      diags.error(paths.get(0), files.get(0).line, files.get(0).col,
          "package " + name + " is not a main package (gol run needs package main)");
      return false;
    }
    if (plan != null) {
      List<String> imports = new ArrayList<>();
      for (File f : files) {
        for (File.Import imp : f.imports) {
          imports.add(imp.path);
        }
      }
      if (!plan.madeFor(imports, false)) {
        plan = null; // the text's imports were misread: the standard packages load whole
        parses = null;
      }
    }
    Pkg pkg = new Pkg("main", "main", Universe.SCOPE);
    new Checker(diags, this).checkPackage(pkg, files);
    units.add(new Compiler.Unit(pkg, files, paths));
    return !diags.hasErrors();
  }

  private static String baseName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private boolean checkMain(String path, File file) {
    Pkg pkg = new Pkg("main", "main", Universe.SCOPE);
    new Checker(diags, this).checkPackage(pkg, List.of(file));
    units.add(new Compiler.Unit(pkg, List.of(file), List.of(path)));
    return !diags.hasErrors();
  }

  /** Whether the standard package {@code path} was loaded. */
  boolean loaded(String path) {
    return loaded.containsKey(path);
  }

  @Override
  public Pkg importPackage(String path, Node at) {
    Pkg done = loaded.get(path);
    if (done != null) {
      return done;
    }
    // (a script's unimported names stand for standard packages only)
    LocalPackages.Sources local = locals != null && at instanceof File.Import ? locals.find(path) : null;
    if (local != null) {
      return importLocal(local);
    }
    if (locals != null && at instanceof File.Import && !failed.containsKey(path)) {
      String excluded = locals.excluded(chain(), path);
      if (excluded != null) {
        diags.error("", 0, 0, excluded);
        failed.put(path, null);
        return null;
      }
    }
    if (loading.contains(path)) {
      return null; // an import cycle among standard packages: a bug in the library
    }
    String last = path.substring(path.lastIndexOf('/') + 1);
    String resource = Stdlib.resourcePath(path);
    String source = plan != null ? StdPlan.planned(plan, path) : Stdlib.source(path);
    if (source == null) {
      return null;
    }
    loading.add(path);
    try {
      long t0 = System.nanoTime();
      StdParses.Parsed parsed = parses != null ? parses.take(path, source) : null;
      Diagnostics own = parsed != null ? parsed.diags() : new Diagnostics();
      File file = parsed != null ? parsed.file() : ParseCache.parse(asts, resource, source, own);
      long t1 = System.nanoTime();
      times[2] += t1 - t0;
      Pkg pkg = new Pkg(path, file.packageName != null ? file.packageName : last, Universe.SCOPE);
      if (!own.hasErrors()) {
        new Checker(own, this).checkPackage(pkg, List.of(file));
      }
      times[3] += System.nanoTime() - t1;
      if (own.hasErrors()) { // (sorted() builds comparators: lambda linkages, at every start-up)
        for (Diagnostics.Error e : own.sorted()) {
          diags.error(e.file(), e.line(), e.col(), e.message());
        }
      }
      loaded.put(path, pkg);
      units.add(new Compiler.Unit(pkg, List.of(file), List.of(resource)));
      return pkg;
    } finally {
      loading.remove(path);
    }
  }

  /** The import chain from the main package to the local package importing now. */
  private List<String> chain() {
    List<String> chain = new ArrayList<>();
    chain.add(mainPath);
    chain.addAll(loading);
    return chain;
  }

  /**
   * Imports a local package: checked with this loader resolving its imports, after them in
   * {@link #units}. Null when it cannot be: an import cycle (reported as the go command does,
   * from the main package), or what {@link LocalPackages#checkImported} found wrong.
   */
  private Pkg importLocal(LocalPackages.Sources local) {
    String path = local.importPath();
    if (failed.containsKey(path)) {
      return null;
    }
    if (path.equals(mainPath) || loading.contains(path)) { // (only local packages are loading now)
      diags.error("", 0, 0, LocalPackages.cycle(chain(), path));
      failed.put(path, null);
      return null;
    }
    loading.add(path);
    try {
      LocalPackages.Checked c = locals.checkImported(local, this, diags, asts);
      if (c.unit() == null) {
        failed.put(path, c.error());
        return null;
      }
      loaded.put(path, c.unit().pkg());
      units.add(c.unit());
      return c.unit().pkg();
    } finally {
      loading.remove(path);
    }
  }

  @Override
  public String importError(String path) {
    return failed.containsKey(path) ? failed.get(path) : LocalPackages.notFound(path, locals);
  }
}
