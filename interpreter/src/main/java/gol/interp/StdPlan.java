package gol.interp;

import gol.interp.diag.Diagnostics;
import gol.stdlib.Stdlib;
import java.util.List;
import java.util.function.Function;

/**
 * The standard packages as {@link Deadcode} plans them for a program of several packages (a test
 * program of gol test: the package, its test files, the generated main, the local packages they
 * import), for loaders outside this package: each standard package's text with the declarations
 * no file of the program can reach blanked out. The plan is kept between runs by {@link
 * PlanCache} like gol run's. A package the plan did not foresee is a {@link Miss}, after which
 * the caller loads the program again with whole packages, as gol run's Loader does.
 */
public final class StdPlan {
  /**
   * Thrown, by this and by gol run's Loader, for a standard package the plan did not foresee (a
   * bug in Deadcode's scan).
   */
  public static final class Miss extends RuntimeException {
    Miss(String path) {
      super("deadcode: no plan for package " + path, null, false, false);
    }
  }

  private final Deadcode.Result result;

  private StdPlan(Deadcode.Result result) {
    this.result = result;
  }

  /**
   * The plan for a program whose files other than the standard packages' have texts
   * {@code sources} (no script-mode file among them); null when GOLDEBUG has deadcode=0.
   */
  public static StdPlan of(List<String> sources) {
    if (!Deadcode.enabled()) {
      return null;
    }
    Deadcode.Roots roots = Deadcode.roots(sources);
    PlanCache cache = PlanCache.open();
    Deadcode.Result plan = cache != null ? cache.load(roots) : null;
    if (plan == null) {
      plan = Deadcode.plan(roots, new Loader.SourceOf(), new NoScript());
      if (cache != null) {
        cache.store(roots, plan);
      }
    }
    return new StdPlan(plan);
  }

  /**
   * The text to load for standard package {@code path}: its planned text; null when no standard
   * package has that path; {@link Miss} for one the plan left out.
   */
  public String source(String path) {
    return planned(result, path);
  }

  /**
   * Whether errors found with pruned packages must be found again with whole ones: these name
   * the methods a type does have ("but does have method ReadRune"), and the standard packages'
   * unused methods were pruned.
   */
  public static boolean namesPrunedMethods(Diagnostics diags) {
    return diags.mentions("has no field or method") || diags.mentions("missing method");
  }

  /** As {@link #source}, for gol run's Loader, which keeps the plan itself. */
  static String planned(Deadcode.Result plan, String path) {
    String s = plan.sources.get(path);
    if (s == null && Stdlib.source(path) != null) {
      throw new Miss(path);
    }
    return s;
  }

  /** No file of such a program is a script: no package name stands for an import. */
  private static final class NoScript implements Function<String, String> {
    @Override
    public String apply(String name) {
      return null;
    }
  }
}
