package gol.interp.types;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * How a type's package is written in the messages about the main package (types2's
 * Checker.qualifier): by its name ({@code rand.Rand}), or by its quoted import path when two
 * packages of that name are reachable from main's imports, directly or not
 * ({@code *"math/rand".Rand} beside {@code *"math/rand/v2".Rand}). The package graph is gol's,
 * which follows Go's imports for most of the standard library but not all of it.
 *
 * <p>The checker sets the names that need a path while it checks package main, on its own
 * thread (the test suite checks programs on several threads at once).
 */
public final class Qualifier {
  private Qualifier() {
  }

  private static final ThreadLocal<Set<String>> AMBIGUOUS = new ThreadLocal<>();
  private static final ThreadLocal<Boolean> FULL = new ThreadLocal<>();

  /**
   * What x prints with every named type qualified by its package's path, main's too
   * ({@code *main.A}): go/types' TypeString without a qualifier, as some messages print types
   * (the terms of a type set in "A missing in *main.A").
   */
  public static String fully(java.util.function.Supplier<String> x) {
    Boolean was = FULL.get();
    FULL.set(Boolean.TRUE);
    try {
      return x.get();
    } finally {
      if (was == null) {
        FULL.remove();
      }
    }
  }

  /** Whether types print as {@link #fully} asks. */
  public static boolean isFull() {
    return FULL.get() != null;
  }

  /** {@code pkg}'s qualifier in a type name: its name, or its quoted path if that is ambiguous. */
  public static String of(Pkg pkg) {
    Set<String> names = AMBIGUOUS.get();
    if (names != null && names.contains(pkg.name)) {
      return '"' + pkg.path + '"';
    }
    return pkg.name;
  }

  /** Starts qualifying for the package main being checked: the names two reachable packages share. */
  public static void enter(Pkg main) {
    Map<String, Set<String>> pathsByName = new HashMap<>();
    mark(main, pathsByName, new IdentityHashMap<>());
    Set<String> names = new HashSet<>();
    for (Map.Entry<String, Set<String>> e : pathsByName.entrySet()) {
      if (e.getValue().size() > 1) {
        names.add(e.getKey());
      }
    }
    if (names.isEmpty()) {
      AMBIGUOUS.remove();
    } else {
      AMBIGUOUS.set(names);
    }
  }

  /** Stops qualifying by path (the check of package main is over). */
  public static void leave() {
    AMBIGUOUS.remove();
  }

  private static void mark(Pkg p, Map<String, Set<String>> pathsByName, Map<Pkg, Boolean> seen) {
    if (seen.put(p, Boolean.TRUE) != null) {
      return;
    }
    Set<String> paths = pathsByName.get(p.name); // (no lambda: this runs on hello's start-up path)
    if (paths == null) {
      paths = new HashSet<>();
      pathsByName.put(p.name, paths);
    }
    paths.add(p.path);
    for (Pkg imp : p.imports) {
      mark(imp, pathsByName, seen);
    }
  }
}
