package gol.interp;

import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.check.Checker;
import gol.interp.check.Importer;
import gol.interp.check.Universe;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import gol.interp.types.Pkg;
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds, parses and checks packages: the program's own file and the standard packages it imports
 * (gol sources shipped as resources under {@code gol/std/PATH/}). Collects the checked units in
 * initialisation order — every package after the packages it imports.
 */
final class Loader implements Importer {
  private final Diagnostics diags;
  private final Map<String, Pkg> loaded = new HashMap<>();
  private final List<String> loading = new ArrayList<>();
  final List<Compiler.Unit> units = new ArrayList<>();

  Loader(Diagnostics diags) {
    this.diags = diags;
  }

  /** Parses and checks the main package from one file; returns false if errors were reported. */
  boolean loadMain(String path, String source) {
    File file = Parser.parse(path, source, diags);
    if (diags.hasErrors()) {
      return false;
    }
    Pkg pkg = new Pkg("main", "main", Universe.SCOPE);
    new Checker(diags, this).checkPackage(pkg, List.of(file));
    units.add(new Compiler.Unit(pkg, List.of(file), List.of(path)));
    return !diags.hasErrors();
  }

  @Override
  public Pkg importPackage(String path, Node at) {
    Pkg done = loaded.get(path);
    if (done != null) {
      return done;
    }
    if (loading.contains(path)) {
      return null; // an import cycle among standard packages: a bug in the library
    }
    String last = path.substring(path.lastIndexOf('/') + 1);
    String resource = Stdlib.resourcePath(path);
    String source = Stdlib.source(path);
    if (source == null) {
      return null;
    }
    loading.add(path);
    try {
      Diagnostics own = new Diagnostics();
      File file = Parser.parse(resource, source, own);
      Pkg pkg = new Pkg(path, file.packageName != null ? file.packageName : last, Universe.SCOPE);
      if (!own.hasErrors()) {
        new Checker(own, this).checkPackage(pkg, List.of(file));
      }
      for (Diagnostics.Error e : own.sorted()) {
        diags.error(e.file(), e.line(), e.col(), e.message());
      }
      loaded.put(path, pkg);
      units.add(new Compiler.Unit(pkg, List.of(file), List.of(resource)));
      return pkg;
    } finally {
      loading.remove(path);
    }
  }
}
