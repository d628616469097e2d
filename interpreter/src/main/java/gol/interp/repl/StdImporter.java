package gol.interp.repl;

import gol.interp.ast.Node;
import gol.interp.check.Importer;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Pkg;
import gol.interp.StdUnit;
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
    loading.add(path);
    try {
      Compiler.Unit unit = StdUnit.check(path, source, this, diags);
      loaded.put(path, unit.pkg());
      pending.add(unit);
      return unit.pkg();
    } finally {
      loading.remove(path);
    }
  }

  /** The package if it was loaded already (no side effects), else null. */
  Pkg loadedPackage(String path) {
    return loaded.get(path);
  }
}
