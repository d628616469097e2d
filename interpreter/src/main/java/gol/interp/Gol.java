package gol.interp;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The pipeline in one call: parse, type-check, compile and run a gol program, in-process.
 * Used by the CLI, the test-suite runner and the REPL.
 */
public final class Gol {
  private Gol() {
  }

  /**
   * Runs the program {@code source}, reporting errors under the name {@code path} as given
   * (e.g. {@code hello.gol:3:5: undefined: x}). Returns the exit status: 0 on success, 1 for
   * compile errors, 2 for an unrecovered panic or a fatal error, n for {@code os.Exit(n)}.
   * {@code args} are the program's arguments after the file name ({@code os.Args[1:]}).
   */
  public static int run(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr) {
    return Pipeline.run(path, source, args, stdin, stdout, stdoutIsTerminal, stderr, null);
  }

  /** As {@link #run}, with relative paths of package os resolved against {@code workDir}. */
  public static int run(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr, Path workDir) {
    return Pipeline.run(path, source, args, stdin, stdout, stdoutIsTerminal, stderr, workDir);
  }

  /**
   * As {@link #run}, for {@code gol run}: the standard packages' pruning plans are kept between
   * runs in the directory the {@code gol.cache} property names, if any (see {@code PlanCache};
   * the launcher names .gol-cache/plans). Test runners do not use it: their thousands of
   * programs would each leave an entry.
   */
  public static int runMain(String path, String source, String[] args, InputStream stdin,
      OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr) {
    return runMainFiles(java.util.List.of(path), java.util.List.of(source), null, args, stdin, stdout,
        stdoutIsTerminal, stderr);
  }

  /**
   * As {@link #runMain}, for the main package's files: one, or several of one directory; {@code
   * dir} is the directory when the program was named by it ({@code gol run DIR}), else null
   * ({@code gol run A.gol B.gol}). Imports of a module's local packages resolve (see {@code
   * LocalPackages}).
   */
  public static int runMainFiles(java.util.List<String> paths, java.util.List<String> sources, String dir,
      String[] args, InputStream stdin, OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr) {
    boolean deadcode = Deadcode.enabled();
    return Pipeline.run(paths, sources, dir, args, stdin, stdout, stdoutIsTerminal, stderr, null, deadcode,
        deadcode ? PlanCache.open() : null);
  }
}
