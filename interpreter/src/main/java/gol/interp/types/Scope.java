package gol.interp.types;

import java.util.LinkedHashMap;
import java.util.Map;

/** A lexical scope: names declared in it, in declaration order, and its parent. */
public final class Scope {
  public final Scope parent;
  public final Map<String, Obj> names = new LinkedHashMap<>();

  public Scope(Scope parent) {
    this.parent = parent;
  }

  /** The object {@code name} denotes here or in an enclosing scope, or null. */
  public Obj lookup(String name) {
    for (Scope s = this; s != null; s = s.parent) {
      Obj o = s.names.get(name);
      if (o != null) {
        return o;
      }
    }
    return null;
  }

  /** Declares {@code obj}; returns the object already declared under that name here, or null. */
  public Obj insert(Obj obj) {
    return names.putIfAbsent(obj.name, obj);
  }
}
