package gol.interp;

import gol.interp.ast.File;
import gol.interp.check.Checker;
import gol.interp.check.Importer;
import gol.interp.check.Universe;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.ParseCache;
import gol.interp.types.Pkg;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A module's local packages, as the go command finds them: an import of a path under the
 * module's path ({@link ImportPaths}) names the directory below the module root whose package
 * files ({@link PackageFiles}) make the package. One mechanism for gol run ({@link Loader}) and
 * gol test (gotest.TestLoader): reading a package's files once, parsing and checking them with
 * the loader resolving their imports, and Go's texts for what can go wrong (an import cycle, a
 * program imported, files of two packages, a path that names no package).
 *
 * <p>For gol run, {@link #ofProgram} finds the local packages before anything is parsed, by
 * following the import lines of the main files and of each local package found (read from the
 * text, as {@link Deadcode} reads a main file's): the program cache's key holds every file's
 * name and text that were read ({@link #keyText}), and the dead-code plan their names
 * ({@link Deadcode.Roots#withLocal}). A local package that this scan did not find but the checker
 * imports (an import line the text scan misread) is still loaded, and makes the program one the
 * cache does not keep ({@link #unforeseen}): a changed file of a local package is never run stale.
 */
public final class LocalPackages {
  /** A local package's files: their names, as errors and tracebacks print them, and texts. */
  public record Sources(String importPath, Path dir, List<String> names, List<String> texts) {
  }

  /**
   * A package's files parsed and checked: its unit, or null when it cannot be imported, with
   * {@code error} the error to report at the import that wanted it (null: what is wrong was
   * reported in its own files, or as an import cycle).
   */
  public record Checked(Compiler.Unit unit, String error) {
  }

  public final ImportPaths paths;
  /** Whether files are named by their absolute paths (gol test's), else as {@link #name} says. */
  private final boolean absoluteNames;
  /** Every package read, by import path; null for a path that names none. */
  private final Map<String, Sources> read = new HashMap<>();
  /** The package directories whose files' //go:build lines do not parse: the go command's error. */
  private final Map<String, String> unbuildable = new HashMap<>();
  /** The package directories whose files build constraints all exclude. */
  private final Map<String, Path> excluded = new HashMap<>();
  /** The packages {@link #ofProgram}'s scan found, in the order found; null: no scan. */
  private Set<String> scanned;
  private boolean unforeseen;

  public LocalPackages(ImportPaths paths, boolean absoluteNames) {
    this.paths = paths;
    this.absoluteNames = absoluteNames;
  }

  /**
   * The local packages of a main package in directory {@code where} (absolute, normalized: see
   * Pipeline.mainDir) with texts {@code mainSources}, or null when it is in no module.
   */
  static LocalPackages ofProgramIn(java.io.File where, List<String> mainSources) {
    ImportPaths module = where == null ? null : ImportPaths.forDir(where);
    return module == null || module.root == null ? null : ofProgram(module, mainSources);
  }

  /**
   * gol run's local packages for a main package of the module {@code paths} (one with a root)
   * with texts {@code mainSources}: those the import lines lead to, read now (see the class
   * comment).
   */
  static LocalPackages ofProgram(ImportPaths paths, List<String> mainSources) {
    return new LocalPackages(paths, false).scan(mainSources);
  }

  /** Reads the local packages the import lines of {@code sources} lead to; returns this. */
  private LocalPackages scan(List<String> sources) {
    Set<String> found = new LinkedHashSet<>();
    ArrayDeque<String> work = new ArrayDeque<>();
    for (String s : sources) {
      addImports(work, s, paths.module);
    }
    while (!work.isEmpty()) {
      String path = work.pop();
      Sources p = found.contains(path) ? null : find(path);
      if (p != null) {
        found.add(path);
        for (String text : p.texts()) {
          addImports(work, text, paths.module);
        }
      }
    }
    scanned = found; // (from now on, a package found is one the scan missed)
    return this;
  }

  /**
   * gol test's local packages for a test program of the package in directory of {@code paths}
   * whose files (package and test files) have texts {@code sources}: those the import lines lead
   * to, as for gol run, with files named by their absolute paths; none outside a module.
   */
  public static LocalPackages ofTest(ImportPaths paths, List<String> sources) {
    LocalPackages local = new LocalPackages(paths, true);
    if (paths.root == null) {
      local.scanned = new LinkedHashSet<>();
      return local;
    }
    return local.scan(sources);
  }

  /**
   * What the program cache's key adds ({@link #keyText}) for the program of one file
   * {@code mainPath} with text {@code source}, found as gol run finds it (Pipeline.compile): for
   * the warm-up thread's question whether the program is cached (cli.Warmup). "" outside a module.
   */
  public static String keyTextFor(String mainPath, String source) {
    LocalPackages locals = ofProgramIn(Pipeline.mainDir(mainPath, null), List.of(source));
    return locals == null ? "" : locals.keyText();
  }

  /** Queues the imports of {@code text}, which can name a local package only if it holds the module path. */
  private static void addImports(ArrayDeque<String> work, String text, String module) {
    if (text.contains(module)) {
      work.addAll(Deadcode.importPaths(text));
    }
  }

  /** The local package with import path {@code path}, read once; null when the path names none. */
  public Sources find(String path) {
    if (read.containsKey(path)) {
      return read.get(path);
    }
    Sources s = readPackage(path);
    read.put(path, s);
    if (s != null && scanned != null && !scanned.contains(path)) {
      unforeseen = true;
    }
    return s;
  }

  private Sources readPackage(String path) {
    Path dir = paths.dirOf(path);
    if (dir == null) {
      return null;
    }
    List<String> names = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    try {
      for (PackageFiles.Source f : PackageFiles.nonTest(dir)) {
        names.add(name(f.path()));
        texts.add(f.text());
      }
      if (names.isEmpty() && PackageFiles.anyNonTest(dir)) {
        excluded.put(path, dir.toAbsolutePath().normalize());
      }
    } catch (PackageFiles.BadConstraint e) {
      unbuildable.put(path, e.getMessage());
      return null;
    } catch (IOException e) {
      return null;
    }
    return names.isEmpty() ? null : new Sources(path, dir, names, texts);
  }

  /**
   * A file's name in errors and tracebacks: gol test's are absolute (it relativizes its reports
   * itself); gol run's are relative to the working directory where that is shorter, as the go
   * command names files in its errors (base.ShortPath), since gol run names its main files as
   * they were given.
   */
  private String name(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    if (absoluteNames) {
      return abs.toString();
    }
    String rel = Path.of("").toAbsolutePath().relativize(abs).toString();
    return rel.length() < abs.toString().length() ? rel : abs.toString();
  }

  /**
   * Whether a local package was loaded that {@link #ofProgram}'s scan did not find: then the
   * program cache's key does not cover it, and the program is not stored.
   */
  public boolean unforeseen() {
    return unforeseen;
  }

  /**
   * What the program cache's key adds for the local packages the scan found: the module, and
   * each file's name and text, each ended by a NUL (which no file that compiles holds); empty
   * when there are none, so a program of the module that imports none keeps its key.
   */
  public String keyText() {
    if (scanned.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder().append(paths.module).append('\0').append(paths.root).append('\0');
    for (String path : scanned) {
      Sources s = read.get(path);
      for (int i = 0; i < s.names().size(); i++) {
        b.append(s.names().get(i)).append('\0').append(s.texts().get(i)).append('\0');
      }
    }
    return b.toString();
  }

  /** The texts of the local packages' files the scan found, for the dead-code plan's roots. */
  public List<String> texts() {
    List<String> out = new ArrayList<>();
    for (String path : scanned) {
      out.addAll(read.get(path).texts());
    }
    return out;
  }

  /**
   * Parses and checks a package's files {@code names} (texts {@code texts}) of directory {@code
   * dir} as the package {@code importPath}, {@code importer} resolving their imports; errors go
   * to {@code diags}. Each file needs a package clause, all the same one.
   */
  public static Checked check(String importPath, Path dir, List<String> names, List<String> texts,
      Importer importer, Diagnostics diags, ParseCache asts) {
    List<File> files = new ArrayList<>();
    String name = null;
    String nameFile = null;
    int errorsBefore = diags.count();
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      File f = ParseCache.parseProgram(asts, n, texts.get(i), diags);
      if (f == null) {
        continue;
      }
      if (f.packageName == null) {
        diags.error(n, 1, 1, "expected 'package', found script statements (a package's files need a package clause)");
        continue;
      }
      if (name == null) {
        name = f.packageName;
        nameFile = n;
      } else if (!name.equals(f.packageName)) {
        // the go command's words (go/build's MultiplePackageError), reported at the import
        return new Checked(null, "found packages " + name + " (" + baseName(nameFile) + ") and "
            + f.packageName + " (" + baseName(n) + ") in " + dir.toAbsolutePath().normalize());
      }
      files.add(f);
    }
    if (diags.count() > errorsBefore || name == null) {
      return new Checked(null, null);
    }
    Pkg pkg = new Pkg(importPath, name, Universe.SCOPE);
    new Checker(diags, importer).checkPackage(pkg, files);
    if (diags.count() > errorsBefore) {
      return new Checked(null, null); // as the go command: what imports it is not built
    }
    return new Checked(new Compiler.Unit(pkg, files, names), null);
  }

  /** As {@link #check}, for a package that another imports: a package main is a program, not a package. */
  public Checked checkImported(Sources s, Importer importer, Diagnostics diags, ParseCache asts) {
    Checked c = check(s.importPath(), s.dir(), s.names(), s.texts(), importer, diags, asts);
    if (c.unit() != null && c.unit().pkg().name.equals("main")) {
      return new Checked(null, "import \"" + s.importPath() + "\" is a program, not an importable package");
    }
    return c;
  }

  private static String baseName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * The go command's report of an import cycle: the chain of imports from the package at its
   * root ({@code chain}'s first) to the import of {@code path}, a package of the chain again.
   */
  public static String cycle(List<String> chain, String path) {
    return chained(chain, path, "import cycle not allowed");
  }

  /**
   * The go command's report of an import of a package directory of the module whose files build
   * constraints all exclude, from the root of {@code chain}; null if {@code path} is not one.
   */
  public String excluded(List<String> chain, String path) {
    Path dir = excluded.get(path);
    return dir == null ? null : chained(chain, path, "build constraints exclude all Go files in " + dir);
  }

  private static String chained(List<String> chain, String path, String why) {
    StringBuilder b = new StringBuilder("package ").append(chain.get(0));
    for (int i = 1; i < chain.size(); i++) {
      b.append("\n\timports ").append(chain.get(i));
    }
    return b.append("\n\timports ").append(path).append(": ").append(why).toString();
  }

  /**
   * The go command's error for an import of {@code path} that names no package, in a program of
   * a module ({@code local} with a module root) or not: a path whose first element has no dot could only be a
   * standard package's ("package a/b is not in std", without gc's {@code ($GOROOT/src/a/b)}); any
   * other would be a module's, and gol has none but the program's own (the go command's "no
   * required module provides package P", without its "; to add it: go get P"). A directory of
   * the module whose files are all excluded by build constraints, or whose //go:build line does
   * not parse, is reported as such.
   */
  public static String notFound(String path, LocalPackages local) {
    if (local != null && local.unbuildable.containsKey(path)) {
      return local.unbuildable.get(path);
    }
    int slash = path.indexOf('/');
    boolean dotted = (slash < 0 ? path : path.substring(0, slash)).contains(".");
    if (local != null && local.paths.root != null && dotted) {
      return "no required module provides package " + path;
    }
    return "package " + path + " is not in std";
  }
}
