package gol.interp.check;

import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/*
 * Where the instances of generic types were written, so that an invalid recursive type that
 * goes through generic types is reported where gc reports it: gc gives each instance its own
 * type name, placed where the instance was first written (G[E] in "x [2]G[E]"), and a cycle's
 * members are listed at those places, not at the generic types' declarations.
 *
 * An instance the walk meets may also have been made by substitution (B's definition mentions
 * A[E] with B's E; inside A[int] that becomes A[int], never written as such): then the place is
 * where the generic type was written inside the definition of the member that refers to it.
 */
final class InstanceSites {
  /** A place where G[...] was written: file, line, column, and the defined type whose definition holds it (or null). */
  record Site(String file, int line, int col, Type.Named inside) {
  }

  /** The first place each instance (or, for G[E] inside G, the generic type itself) was written. */
  private final Map<Type.Named, Site> first = new IdentityHashMap<>();
  /** The instances written, in the order first written. */
  private final List<Type.Named> instances = new ArrayList<>();
  /** Every place where some instance of each generic type was written, in the order checked. */
  private final Map<Type.Named, List<Site>> byOrigin = new IdentityHashMap<>();

  void written(Type.Named inst, Type.Named generic, Site site) {
    if (first.putIfAbsent(inst, site) == null && inst != generic) {
      instances.add(inst);
    }
    byOrigin.computeIfAbsent(generic, k -> new ArrayList<>()).add(site);
  }

  List<Type.Named> instances() {
    return instances;
  }

  /** Where x, which {@code from}'s definition refers to, was written; null for a type not generic. */
  Site of(Type.Named x, Type.Named from) {
    Site s = first.get(x);
    if (s != null) {
      return s;
    }
    Type.Named fromOrigin = from.origin != null ? from.origin : from;
    for (Site c : byOrigin.getOrDefault(x.origin != null ? x.origin : x, List.of())) {
      if (c.inside() == fromOrigin) {
        return c;
      }
    }
    return null;
  }
}
