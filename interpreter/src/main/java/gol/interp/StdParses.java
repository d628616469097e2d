package gol.interp;

import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.ParseCache;
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The planned standard packages parsed on a second thread ("gol-stdparse") while the main
 * thread parses and checks the program: {@link Loader} starts it as soon as {@link Deadcode}
 * has planned which text of each package to load, and takes each tree when the checker first
 * imports that package. The trees are what the main thread's own parse would give (the parser
 * keeps no state between parses; ANTLR's shared prediction cache is thread-safe), and anything
 * unexpected — a different text, an exception — makes the main thread parse the package itself.
 */
final class StdParses implements Runnable {
  /** A package's tree and its parse errors (a standard package has none unless gol has a bug). */
  record Parsed(File file, Diagnostics diags) {
  }

  private final List<String> paths = new ArrayList<>();
  private final List<String> sources = new ArrayList<>();
  /**
   * Each package's outcome, a Parsed or the Throwable its parse threw; null while pending. A
   * plain monitor, not futures: CompletableFuture's first use loads and initialises ForkJoinPool.
   */
  private final Object[] outcomes;
  /** Trees kept between runs; null: parse every package. */
  private final ParseCache asts;

  private StdParses(Map<String, String> planned, ParseCache asts) {
    this.asts = asts;
    for (Map.Entry<String, String> e : planned.entrySet()) {
      paths.add(e.getKey());
      sources.add(e.getValue());
    }
    outcomes = new Object[paths.size()];
  }

  /**
   * Starts parsing {@code planned} (import path to text, in import order) on a daemon thread,
   * through {@code asts} (null: none).
   */
  static StdParses start(Map<String, String> planned, ParseCache asts) {
    StdParses p = new StdParses(planned, asts);
    Thread t = new Thread(p, "gol-stdparse");
    t.setDaemon(true);
    t.start();
    return p;
  }

  @Override
  public void run() {
    for (int i = 0; i < paths.size(); i++) {
      Object outcome;
      try {
        Diagnostics own = new Diagnostics();
        String name = Stdlib.resourcePath(paths.get(i));
        File file = ParseCache.parse(asts, name, sources.get(i), own);
        outcome = new Parsed(file, own);
      } catch (Throwable e) {
        outcome = e;
      }
      synchronized (this) {
        outcomes[i] = outcome;
        notifyAll();
      }
    }
  }

  /**
   * The tree of package {@code path} parsed from exactly {@code source} (the same String), waiting
   * for it if need be; null if this thread did not parse that text or failed.
   */
  Parsed take(String path, String source) {
    int i = paths.indexOf(path);
    if (i < 0 || sources.get(i) != source) {
      return null;
    }
    synchronized (this) {
      while (outcomes[i] == null) {
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return null;
        }
      }
      // after a failure the caller parses again and meets it itself
      return outcomes[i] instanceof Parsed p ? p : null;
    }
  }
}
