package gol.interp.repl;

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
 * The REPL's importer: parses and checks a standard package the first time an input (or the
 * completer) names it, and queues its unit for the next compile. Errors in a standard package
 * are bugs in the library; they go to whichever Diagnostics the current input uses.
 *
 * <p>Not thread-safe: only the REPL thread uses it (the session serialises inputs).
 */
final class StdImporter implements Importer {
  private final Map<String, Pkg> loaded = new HashMap<>();
  private final List<String> loading = new ArrayList<>();
  /** Units checked but not compiled yet, dependencies first. */
  final List<Compiler.Unit> pending = new ArrayList<>();
  /** Where the current input's errors go. */
  Diagnostics diags = new Diagnostics();

  @Override
  public Pkg importPackage(String path, Node at) {
    Pkg done = loaded.get(path);
    if (done != null) {
      return done;
    }
    if (loading.contains(path)) {
      return null;
    }
    String source = Stdlib.source(path);
    if (source == null) {
      return null;
    }
    String last = path.substring(path.lastIndexOf('/') + 1);
    String resource = Stdlib.resourcePath(path);
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
      pending.add(new Compiler.Unit(pkg, List.of(file), List.of(resource)));
      return pkg;
    } finally {
      loading.remove(path);
    }
  }

  /** The package if it was loaded already (no side effects), else null. */
  Pkg loadedPackage(String path) {
    return loaded.get(path);
  }
}
