package gol.interp.check;

import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/*
 * Go's instantiation-cycle check: a generic function or type may not instantiate itself,
 * directly or through others, with ever-growing type arguments (func F[T any]() { F[*T]() }),
 * because monomorphization would never end. The spec leaves it to the implementation; gc
 * (types2's mono.go) rejects exactly the programs whose "type parameter flow graph" has a cycle
 * of positive weight, and gol must reject the same ones with the same text, because gol
 * monomorphizes too and would otherwise instantiate forever.
 *
 * Concepts
 *   A vertex per type parameter of this package. Each instantiation written in generic code
 *   (an explicit F[X] or S[X], or type arguments inferred for a call) adds, for each type
 *   argument X given to parameter P and each type parameter Q occurring in X, an edge Q -> P:
 *   weight 0 when X is Q itself, 1 when X is built from Q (*Q, []Q, S[Q], ...).
 *   A positive cycle exists when the heaviest-path relaxation (Bellman-Ford, done in the order
 *   the edges were recorded, as types2 does) finds a path as long as the number of vertices.
 *   The error is reported at the declaration of the type parameter where that happened, with
 *   one line per edge of the cycle: "P instantiated as X".
 *
 * Invariants
 *   Only instantiations in generic code are recorded (the checker passes the ones whose type
 *   arguments mention type parameters, outside instance bodies); edges are never removed.
 */
final class InstanceCycles {
  /** Where an instantiation's type argument was written (file name, 1-based line and column). */
  record Pos(String file, int line, int col) {
    @Override
    public String toString() {
      return file + ":" + line + ":" + col;
    }
  }

  /** A cycle found: report {@code msg} at {@code at}. */
  record Cycle(Pos at, String msg) {
  }

  private record Edge(int dst, int src, int weight, Pos pos, Type typ) {
  }

  private final List<Type.TypeParam> vertices = new ArrayList<>();
  private final Map<Type.TypeParam, Integer> index = new IdentityHashMap<>();
  private final List<Edge> edges = new ArrayList<>();
  /** Where each type parameter was declared (its vertex's report position). */
  private final Map<Type.TypeParam, Pos> declared = new IdentityHashMap<>();

  /** Forgets the instantiations recorded (a REPL input with an error is dropped). */
  void clearEdges() {
    edges.clear();
  }

  void declared(Type.TypeParam tp, Pos pos) {
    declared.put(tp, pos);
  }

  /** An instantiation of tparams (of package pkg) with targs, argument i written at pos[i]. */
  void record(Pkg pkg, List<Type.TypeParam> tparams, List<Type> targs, List<Pos> pos) {
    for (int i = 0; i < tparams.size() && i < targs.size(); i++) {
      Type.TypeParam p = tparams.get(i);
      if (p.obj.pkg != pkg) {
        continue; // another package's parameters cannot flow back into this one's
      }
      Type x = targs.get(i);
      flow(p, x, x, pos.get(i), new IdentityHashMap<>());
    }
  }

  /** Adds an edge to p from every type parameter occurring in t (a part of argument x). */
  private void flow(Type.TypeParam p, Type x, Type t, Pos pos, Map<Type, Boolean> seen) {
    if (t == null || seen.put(t, Boolean.TRUE) != null) {
      return;
    }
    if (t instanceof Type.TypeParam q) {
      edges.add(new Edge(vertex(p), vertex(q), t == x ? 0 : 1, pos, x));
    } else if (t instanceof Type.Named n) {
      for (Type a : args(n)) {
        flow(p, x, a, pos, seen);
      }
    } else if (t instanceof Type.Pointer pt) {
      flow(p, x, pt.elem, pos, seen);
    } else if (t instanceof Type.Slice s) {
      flow(p, x, s.elem, pos, seen);
    } else if (t instanceof Type.Array a) {
      flow(p, x, a.elem, pos, seen);
    } else if (t instanceof Type.Chan c) {
      flow(p, x, c.elem, pos, seen);
    } else if (t instanceof Type.Map m) {
      flow(p, x, m.key, pos, seen);
      flow(p, x, m.elem, pos, seen);
    } else if (t instanceof Type.Signature sig) {
      for (Obj.Var v : sig.params.vars) {
        flow(p, x, v.type, pos, seen);
      }
      for (Obj.Var v : sig.results.vars) {
        flow(p, x, v.type, pos, seen);
      }
    } else if (t instanceof Type.Struct st) {
      for (Obj.Var v : st.fields) {
        flow(p, x, v.type, pos, seen);
      }
    } else if (t instanceof Type.Interface in) {
      for (Obj.Func m : in.methods) {
        flow(p, x, m.type, pos, seen);
      }
    }
  }

  /** How deeply t nests types (a pointer, slice, instance, ... adds one), counted up to limit+1. */
  static int nesting(Type t, int limit) {
    if (limit < 0) {
      return 1;
    }
    Type inner = null;
    if (t instanceof Type.Pointer p) {
      inner = p.elem;
    } else if (t instanceof Type.Slice s) {
      inner = s.elem;
    } else if (t instanceof Type.Array a) {
      inner = a.elem;
    } else if (t instanceof Type.Chan c) {
      inner = c.elem;
    } else if (t instanceof Type.Map m) {
      return 1 + Math.max(nesting(m.key, limit - 1), nesting(m.elem, limit - 1));
    } else if (t instanceof Type.Named n && !args(n).isEmpty()) {
      int d = 0;
      for (Type a : args(n)) {
        d = Math.max(d, nesting(a, limit - 1));
      }
      return 1 + d;
    }
    return inner == null ? 0 : 1 + nesting(inner, limit - 1);
  }

  /**
   * The type arguments of a named type; a generic type named inside its own declaration with
   * its own parameters (List[T] in List's methods) is the generic type itself: its parameters.
   */
  private static List<? extends Type> args(Type.Named n) {
    return n.typeArgs != null ? n.typeArgs : n.typeParams;
  }

  /** A type argument as gc prints it in the message (List[T], not the bare generic List). */
  static String typeString(Type t) {
    if (t instanceof Type.Named n && !args(n).isEmpty()) {
      StringBuilder sb = new StringBuilder(n.obj.name).append('[');
      List<? extends Type> as = args(n);
      for (int i = 0; i < as.size(); i++) {
        sb.append(i > 0 ? ", " : "").append(typeString(as.get(i)));
      }
      return sb.append(']').toString();
    }
    if (t instanceof Type.Pointer p) {
      return "*" + typeString(p.elem);
    }
    if (t instanceof Type.Slice s) {
      return "[]" + typeString(s.elem);
    }
    if (t instanceof Type.Map m) {
      return "map[" + typeString(m.key) + "]" + typeString(m.elem);
    }
    return t.toString();
  }

  private int vertex(Type.TypeParam tp) {
    return index.computeIfAbsent(tp, k -> {
      vertices.add(k);
      return vertices.size() - 1;
    });
  }

  /**
   * The first instantiation cycle, with gc's message (continuation lines tab-indented), or null
   * when there is none.
   */
  Cycle firstCycle() {
    int n = vertices.size();
    int[] weight = new int[n];
    int[] pre = new int[n];
    int[] len = new int[n];
    boolean again = true;
    while (again) {
      again = false;
      for (int i = 0; i < edges.size(); i++) {
        Edge e = edges.get(i);
        int w = weight[e.src] + e.weight;
        if (w <= weight[e.dst]) {
          continue;
        }
        pre[e.dst] = i;
        len[e.dst] = len[e.src] + 1;
        if (len[e.dst] == n) {
          return report(e.dst, pre);
        }
        weight[e.dst] = w;
        again = true;
      }
    }
    return null;
  }

  /** Walks back along the heaviest path from v until a vertex repeats: that is the cycle. */
  private Cycle report(int v, int[] pre) {
    List<Integer> stack = new ArrayList<>();
    boolean[] seen = new boolean[vertices.size()];
    while (!seen[v]) {
      stack.add(v);
      seen[v] = true;
      v = edges.get(pre[v]).src;
    }
    int from = stack.indexOf(v);
    Type.TypeParam head = vertices.get(v);
    StringBuilder sb = new StringBuilder();
    sb.append("instantiation cycle:");
    for (int u : stack.subList(from, stack.size())) {
      Edge e = edges.get(pre[u]);
      sb.append("\n\t").append(e.pos).append(": ").append(vertices.get(e.dst).obj.name)
          .append(" instantiated as ").append(typeString(e.typ));
    }
    Pos at = declared.get(head);
    if (at == null) {
      at = new Pos("", head.obj.decl != null ? head.obj.decl.line : 0, head.obj.decl != null ? head.obj.decl.col : 0);
    }
    return new Cycle(at, sb.toString());
  }
}
