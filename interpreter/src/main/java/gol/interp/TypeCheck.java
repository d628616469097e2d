package gol.interp;

import gol.interp.ast.File;
import gol.interp.compile.Compiler;
import gol.interp.diag.Diagnostics;
import gol.interp.types.Pkg;

/**
 * Parse and type-check one program file without compiling it, for tools that read the typed
 * syntax tree ({@code gol vet}). Standard packages are loaded whole (not pruned by
 * {@link Deadcode}), so every method of their types is known.
 */
public final class TypeCheck {
  private TypeCheck() {
  }

  /** The checked main file and its package; {@code file} is null when parsing or checking failed. */
  public record Result(File file, Pkg pkg, Diagnostics diags) {
  }

  public static Result check(String path, String source) {
    Diagnostics diags = new Diagnostics();
    // in a module, its local packages resolve, as for gol run
    LocalPackages locals = LocalPackages.ofProgramIn(Pipeline.mainDir(path, null), java.util.List.of(source));
    Loader loader = new Loader(diags, false).withLocal(locals, "command-line-arguments");
    if (!loader.loadMain(path, source)) {
      return new Result(null, null, diags);
    }
    Compiler.Unit main = loader.units.get(loader.units.size() - 1);
    return new Result(main.files().get(0), main.pkg(), diags);
  }
}
