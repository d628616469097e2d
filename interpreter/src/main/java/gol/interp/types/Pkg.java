package gol.interp.types;

import java.util.LinkedHashMap;
import java.util.Map;

/** A package being or already checked: {@code path} ("fmt", "unicode/utf8", "main"), its name and scope. */
public final class Pkg {
  public final String path;
  public final String name;
  public final Scope scope;

  public Pkg(String path, String name, Scope universe) {
    this.path = path;
    this.name = name;
    this.scope = new Scope(universe);
  }

  /**
   * Set by the checker: the package-level variable initializations in the order Go runs them
   * (dependency order, then declaration order); variables without an initializer are not listed
   * (they start as zero values). Script files' top-level variables are not listed:
   * they are initialized by their statements, in source order.
   */
  public final java.util.List<Init> inits = new java.util.ArrayList<>();

  /** {@code lhs = rhs}: one variable and one expression, or several variables and one multi-value rhs. */
  public record Init(java.util.List<Obj.Var> lhs, gol.interp.ast.Expr rhs) {
  }

  /** Makes instances of this package's generic functions and types (set by its checker). */
  public interface Instantiator {
    Obj.Func func(Obj.Func generic, java.util.List<Type> typeArgs);

    Type.Named type(Type.Named generic, java.util.List<Type> typeArgs);
  }

  public Instantiator instantiator;

  /** The packages this one imports (set by the checker), for {@link Qualifier}. */
  public final java.util.Set<Pkg> imports = new java.util.LinkedHashSet<>();

  public boolean isMain() {
    return path.equals("main");
  }

  /** Exported members, in declaration order (for completion and :doc). */
  public Map<String, Obj> members() {
    Map<String, Obj> out = new LinkedHashMap<>();
    for (Map.Entry<String, Obj> e : scope.names.entrySet()) {
      if (Character.isUpperCase(e.getKey().codePointAt(0))) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }
}
