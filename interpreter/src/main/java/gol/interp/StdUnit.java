package gol.interp;

import gol.interp.ast.File;
import gol.interp.check.Checker;
import gol.interp.check.Importer;
import gol.interp.check.Universe;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.ParseCache;
import gol.interp.types.Pkg;
import gol.stdlib.Stdlib;
import java.util.List;

/**
 * A standard package made ready to compile: parsed and checked whole, its imports resolved by
 * the caller's importer. The REPL and `gol test` load standard packages this way (a `gol run`
 * goes through {@link Loader}, which prunes them first and times each phase). Errors in a
 * standard package are bugs in the library; they are relayed to the caller's diagnostics.
 */
public final class StdUnit {
  private StdUnit() {
  }

  /** The launcher's syntax tree cache (whole packages' trees are the same for every run), or null. */
  private static final ParseCache ASTS = ParseCache.open();

  /** Parses and checks {@code source}, the text of standard package {@code path}. */
  public static Compiler.Unit check(String path, String source, Importer importer, Diagnostics diags) {
    String resource = Stdlib.resourcePath(path);
    Diagnostics own = new Diagnostics();
    File file = ParseCache.parse(ASTS, resource, source, own);
    String last = path.substring(path.lastIndexOf('/') + 1);
    Pkg pkg = new Pkg(path, file.packageName != null ? file.packageName : last, Universe.SCOPE);
    if (!own.hasErrors()) {
      new Checker(own, importer).checkPackage(pkg, List.of(file));
    }
    for (Diagnostics.Error e : own.sorted()) {
      diags.error(e.file(), e.line(), e.col(), e.message());
    }
    return new Compiler.Unit(pkg, List.of(file), List.of(resource));
  }
}
