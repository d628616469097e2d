package gol.interp;

import gol.interp.compile.Compiler;
import gol.interp.types.Pkg;
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The order packages are initialised in, as Go 1.21 defines it: of the packages sorted by import
 * path, the first one not yet initialised whose imports all are, again and again. The loaders
 * collect units depth-first (every package after its imports), which differs where two local
 * packages do not import each other: {@code import ("m/z"; "m/a")} initialises m/a first.
 *
 * <p>The standard packages keep the loaders' order, before all others: none imports a program's
 * package, and a program's package can only see the standard packages it imports, which are
 * initialised before it either way, so what a program can observe is Go's order.
 */
public final class InitOrder {
  private InitOrder() {
  }

  private static final Set<String> STD = new HashSet<>(Stdlib.PACKAGES);

  /** {@code units} (every package after its imports, the main package last) in Go's order. */
  public static List<Compiler.Unit> of(List<Compiler.Unit> units) {
    List<Compiler.Unit> own = new ArrayList<>();
    List<Compiler.Unit> out = new ArrayList<>(units.size());
    for (Compiler.Unit u : units) {
      (STD.contains(u.pkg().path) ? out : own).add(u);
    }
    if (own.size() <= 2) {
      return units; // the main package and at most one other: the loaders' order is Go's
    }
    Set<Pkg> waiting = new HashSet<>();
    for (Compiler.Unit u : own) {
      waiting.add(u.pkg());
    }
    own.sort(Comparator.comparing(u -> u.pkg().path));
    while (!own.isEmpty()) {
      int i = 0;
      while (i < own.size() - 1 && !ready(own.get(i).pkg(), waiting)) {
        i++;
      }
      Compiler.Unit next = own.remove(i);
      waiting.remove(next.pkg());
      out.add(next);
    }
    return out;
  }

  /** Whether none of the packages {@code p} imports is still waiting to be initialised. */
  private static boolean ready(Pkg p, Set<Pkg> waiting) {
    for (Pkg i : p.imports) {
      if (waiting.contains(i)) {
        return false;
      }
    }
    return true;
  }
}
