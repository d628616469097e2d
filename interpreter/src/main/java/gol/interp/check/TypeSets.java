package gol.interp.check;

import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import gol.interp.types.Type.Term;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Type sets of constraints (Go spec "Interface types", "Core types", "Satisfying a type
 * constraint"), substitution of type arguments for type parameters, and the unification that
 * function-argument type inference is built on. Stateless: every method is static.
 */
final class TypeSets {
  private TypeSets() {
  }

  /** The terms of an interface's type set, intersected over its embedded interfaces; null: all types. */
  static List<Term> typeSet(Type.Interface it) {
    return typeSet(it, new java.util.HashSet<>());
  }

  /** typeSet, with the interfaces being computed (one embedding itself is an invalid cycle, reported elsewhere). */
  private static List<Term> typeSet(Type.Interface it, java.util.Set<Type.Interface> visiting) {
    if (it.typeSet != null || it.terms == null && it.embeddeds.isEmpty() || !visiting.add(it)) {
      return it.typeSet;
    }
    List<Term> set = unionTerms(it.terms, visiting);
    if (it.terms != null && set == null) {
      return null; // a union with an unrestricted interface term: all types
    }
    for (Type e : it.embeddeds) {
      if (e != null && e.underlying() instanceof Type.Interface ei) {
        set = intersect(set, typeSet(ei, visiting));
      }
    }
    it.typeSet = set;
    return set;
  }

  /**
   * A union's terms with each interface term (Integer in {@code Integer | ~float64}) replaced by
   * that interface's own terms, as the spec defines a union's type set; null when such an
   * interface allows every type. The terms themselves stay as written, for messages.
   */
  private static List<Term> unionTerms(List<Term> terms, java.util.Set<Type.Interface> visiting) {
    if (terms == null) {
      return null;
    }
    List<Term> out = null;
    for (int i = 0; i < terms.size(); i++) {
      Term t = terms.get(i);
      if (!t.tilde() && t.type() != null && t.type().underlying() instanceof Type.Interface ti) {
        if (out == null) {
          out = new java.util.ArrayList<>(terms.subList(0, i));
        }
        List<Term> inner = typeSet(ti, visiting);
        if (inner == null) {
          return null;
        }
        out.addAll(inner);
      } else if (out != null) {
        out.add(t);
      }
    }
    return out != null ? out : terms;
  }

  /** Whether the interface is (or embeds) comparable. */
  static boolean isComparable(Type.Interface it) {
    return isComparable(it, new java.util.HashSet<>());
  }

  private static boolean isComparable(Type.Interface it, java.util.Set<Type.Interface> visiting) {
    if (it.comparable) {
      return true;
    }
    if (!visiting.add(it)) {
      return false; // an interface embedding itself: an invalid cycle, reported elsewhere
    }
    for (Type e : it.embeddeds) {
      if (e != null && e.underlying() instanceof Type.Interface ei && isComparable(ei, visiting)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the interface can only be a constraint (it has type terms or is comparable). */
  static boolean constraintOnly(Type.Interface it) {
    return typeSet(it) != null || isComparable(it);
  }

  private static List<Term> intersect(List<Term> a, List<Term> b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    List<Term> out = new ArrayList<>();
    for (Term x : a) {
      for (Term y : b) {
        if (includes(y, x)) {
          out.add(x);
          break;
        }
        if (includes(x, y)) {
          out.add(y);
          break;
        }
      }
    }
    return out;
  }

  /** Whether every type of term {@code inner} is in term {@code outer}. */
  private static boolean includes(Term outer, Term inner) {
    if (outer.tilde()) {
      return Types.identical(outer.type().underlying(), inner.type().underlying());
    }
    return !inner.tilde() && Types.identical(outer.type(), inner.type());
  }

  /** The single underlying type of every type in the set (the core type), or null. */
  static Type core(Type.Interface it) {
    List<Term> set = typeSet(it);
    if (set == null || set.isEmpty()) {
      return null;
    }
    Type u = set.get(0).type().underlying();
    for (Term t : set) {
      if (!Types.identical(t.type().underlying(), u)) {
        return coreChan(set);
      }
    }
    return u;
  }

  /**
   * The spec's core type of a set of channel types with one element type: the one direction
   * they restrict to ({@code chan int | chan<- int} is {@code chan<- int}), or null.
   */
  private static Type coreChan(List<Term> set) {
    Type.Chan dir = null;
    Type elem = null;
    for (Term t : set) {
      if (!(t.type().underlying() instanceof Type.Chan c) || elem != null && !Types.identical(c.elem, elem)) {
        return null;
      }
      elem = c.elem;
      if (c.dir != Type.Chan.Dir.BOTH) {
        if (dir != null && dir.dir != c.dir) {
          return null;
        }
        dir = c;
      }
    }
    return dir != null ? dir : set.get(0).type().underlying();
  }

  /** Whether t is a type parameter whose type set is non-empty and all of whose types satisfy p. */
  static boolean allTerms(Type t, Predicate<Type> p) {
    if (!(t instanceof Type.TypeParam tp) || tp.iface() == null) {
      return false;
    }
    List<Term> set = typeSet(tp.iface());
    if (set == null || set.isEmpty()) {
      return false;
    }
    for (Term term : set) {
      if (!p.test(term.type())) {
        return false;
      }
    }
    return true;
  }

  /** The types of a type parameter's type set (null when it is not restricted). */
  static List<Type> termTypes(Type.TypeParam tp) {
    List<Term> set = tp.iface() == null ? null : typeSet(tp.iface());
    if (set == null) {
      return null;
    }
    List<Type> out = new ArrayList<>();
    for (Term t : set) {
      out.add(t.type());
    }
    return out;
  }

  /** {@link #unsatisfied}'s answer for a type that is not comparable (gc names comparable, not C). */
  static final String NOT_COMPARABLE = "does not satisfy comparable";
  /** unsatisfied's answer for a constraint no type satisfies (gc: "cannot satisfy C (empty type set)"). */
  static final String EMPTY_TYPE_SET = "(empty type set)";

  /**
   * Why type argument {@code t} does not satisfy {@code constraint}, as gc words it after
   * "T does not satisfy C", or null when it does.
   */
  static String unsatisfied(Type t, Type constraint, Pkg from) {
    if (Types.isInvalid(t) || !(constraint.underlying() instanceof Type.Interface it)) {
      return null;
    }
    List<Term> mentioned = typeSet(it);
    List<Term> set = mentioned;
    if (set != null && isComparable(it)) {
      // comparable keeps only the comparable terms: interface{comparable; int | []int} is {int}
      set = new ArrayList<>();
      for (Term s : mentioned) {
        if (Types.comparable(s.type())) {
          set.add(s);
        }
      }
    }
    if (set != null && set.isEmpty()) {
      return EMPTY_TYPE_SET;
    }
    // gc looks at the methods first
    if (!Types.complete(it).isEmpty()) {
      String why;
      if (t instanceof Type.TypeParam tp && tp.iface() != null) {
        why = Types.missingMethod(tp.iface(), it, from);
      } else {
        why = Types.missingMethod(t, it, from);
      }
      if (why != null) {
        return why;
      }
    }
    if (set != null) {
      if (t instanceof Type.TypeParam tp) {
        List<Term> own = tp.iface() == null ? null : typeSet(tp.iface());
        if (own == null) {
          return "";
        }
        for (Term o : own) {
          boolean in = false;
          for (Term s : set) {
            in |= includes(s, o);
          }
          if (!in) {
            return ""; // gc names no missing term for a type parameter
          }
        }
      } else if (Types.isInterface(t)) {
        return ""; // an interface is in no set of specific types, and gc says no more
      } else {
        boolean in = false;
        for (Term s : set) {
          in |= s.tilde() ? Types.identical(s.type().underlying(), t.underlying()) : Types.identical(s.type(), t);
        }
        if (!in) {
          for (Term s : mentioned) {
            if (Types.identical(s.type(), t)) {
              return "(" + constraint + " mentions " + t + ", but " + t + " is not in the type set of " + constraint + ")";
            }
          }
          for (Term s : set) {
            if (!s.tilde() && Types.identical(s.type(), t.underlying())) {
              return "(possibly missing ~ for " + s.type() + " in " + constraint + ")";
            }
          }
          List<Term> terms = set;
          return "(" + t + " missing in " + gol.interp.types.Qualifier.fully(() -> termsString(terms)) + ")";
        }
      }
    }
    if (isComparable(it)) {
      boolean ok = t instanceof Type.TypeParam tp ? tp.iface() != null && (isComparable(tp.iface())
          || allTerms(tp, Types::comparable)) : Types.comparable(t);
      if (!ok) {
        return NOT_COMPARABLE;
      }
    }
    return null;
  }

  static String termsString(List<Term> set) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < set.size(); i++) {
      b.append(i > 0 ? " | " : "").append(set.get(i));
    }
    return b.toString();
  }

  // ---- substitution ----

  /** t with every type parameter in {@code m} replaced; {@code inst} instantiates generic types. */
  static Type subst(Type t, Map<Type.TypeParam, Type> m, BiFunction<Type.Named, List<Type>, Type> inst) {
    if (t == null || m.isEmpty()) {
      return t;
    }
    if (t instanceof Type.TypeParam tp) {
      Type r = m.get(tp);
      return r != null ? r : t;
    }
    if (t instanceof Type.Named n) {
      if (n.typeArgs == null && n.typeParams.isEmpty()) {
        return n;
      }
      List<Type> args = new ArrayList<>();
      boolean changed = false;
      // a generic type stands for itself instantiated with its own parameters
      for (Type a : typeArgs(n)) {
        Type s = subst(a, m, inst);
        changed |= s != a;
        args.add(s);
      }
      return changed ? inst.apply(origin(n), args) : n;
    }
    if (t instanceof Type.Pointer p) {
      Type e = subst(p.elem, m, inst);
      return e == p.elem ? t : new Type.Pointer(e);
    }
    if (t instanceof Type.Slice s) {
      Type e = subst(s.elem, m, inst);
      return e == s.elem ? t : new Type.Slice(e);
    }
    if (t instanceof Type.Array a) {
      Type e = subst(a.elem, m, inst);
      return e == a.elem ? t : new Type.Array(a.len, e);
    }
    if (t instanceof Type.Map mp) {
      Type k = subst(mp.key, m, inst);
      Type e = subst(mp.elem, m, inst);
      return k == mp.key && e == mp.elem ? t : new Type.Map(k, e);
    }
    if (t instanceof Type.Chan c) {
      Type e = subst(c.elem, m, inst);
      return e == c.elem ? t : new Type.Chan(c.dir, e);
    }
    if (t instanceof Type.Signature s) {
      Type.Tuple ps = (Type.Tuple) subst(s.params, m, inst);
      Type.Tuple rs = (Type.Tuple) subst(s.results, m, inst);
      Obj.Var recv = s.recv;
      if (recv != null && !(recv.type instanceof Type.Interface)) {
        // (an interface literal's method has the literal as receiver: substituting it would recurse)
        Type rt = subst(recv.type, m, inst);
        if (rt != recv.type) {
          recv = copyVar(recv, rt);
        }
      }
      return ps == s.params && rs == s.results && recv == s.recv ? t : new Type.Signature(recv, ps, rs, s.variadic);
    }
    if (t instanceof Type.Tuple tu) {
      List<Obj.Var> vs = new ArrayList<>();
      boolean changed = false;
      for (Obj.Var v : tu.vars) {
        Type vt = subst(v.type, m, inst);
        changed |= vt != v.type;
        vs.add(vt == v.type ? v : copyVar(v, vt));
      }
      return changed ? new Type.Tuple(vs) : t;
    }
    if (t instanceof Type.Struct st) {
      List<Obj.Var> fs = new ArrayList<>();
      boolean changed = false;
      for (Obj.Var v : st.fields) {
        Type vt = subst(v.type, m, inst);
        changed |= vt != v.type;
        fs.add(vt == v.type ? v : copyVar(v, vt));
      }
      return changed ? new Type.Struct(fs, st.tags) : t;
    }
    if (t instanceof Type.Interface it) {
      if (it.isAny || it.isComparable) {
        return t;
      }
      List<Obj.Func> ms = new ArrayList<>();
      boolean changed = false;
      for (Obj.Func f : it.methods) {
        Type ft = subst(f.type, m, inst);
        changed |= ft != f.type;
        Obj.Func g = ft == f.type ? f : new Obj.Func(f.name, f.decl, f.pkg, ft);
        ms.add(g);
      }
      List<Type> es = new ArrayList<>();
      for (Type e : it.embeddeds) {
        Type s = subst(e, m, inst);
        changed |= s != e;
        es.add(s);
      }
      List<Term> terms = it.terms;
      if (terms != null) {
        List<Term> ts = new ArrayList<>();
        for (Term term : terms) {
          Type s = subst(term.type(), m, inst);
          changed |= s != term.type();
          ts.add(new Term(term.tilde(), s));
        }
        terms = ts;
      }
      if (!changed) {
        return t;
      }
      Type.Interface r = new Type.Interface(ms, es);
      r.terms = terms;
      r.termsAt = it.termsAt;
      r.comparable = it.comparable;
      r.implicit = it.implicit;
      return r;
    }
    return t;
  }

  private static Obj.Var copyVar(Obj.Var v, Type t) {
    Obj.Var c = new Obj.Var(v.name, v.decl, v.pkg, t);
    c.isField = v.isField;
    c.embedded = v.embedded;
    c.isParam = v.isParam;
    c.isResult = v.isResult;
    return c;
  }

  /** Whether t mentions a type parameter (then it is not a run-time type). */
  static boolean hasTypeParam(Type t) {
    return hasTypeParam(t, new java.util.HashSet<>());
  }

  private static boolean hasTypeParam(Type t, java.util.Set<Type> seen) {
    if (t == null || !seen.add(t)) {
      return false;
    }
    if (t instanceof Type.TypeParam) {
      return true;
    }
    if (t instanceof Type.Named n) {
      if (!n.typeParams.isEmpty() && n.typeArgs == null) {
        return true;
      }
      if (n.typeArgs != null) {
        for (Type a : n.typeArgs) {
          if (hasTypeParam(a, seen)) {
            return true;
          }
        }
      }
      return false;
    }
    if (t instanceof Type.Pointer p) {
      return hasTypeParam(p.elem, seen);
    }
    if (t instanceof Type.Slice s) {
      return hasTypeParam(s.elem, seen);
    }
    if (t instanceof Type.Array a) {
      return hasTypeParam(a.elem, seen);
    }
    if (t instanceof Type.Map m) {
      return hasTypeParam(m.key, seen) || hasTypeParam(m.elem, seen);
    }
    if (t instanceof Type.Chan c) {
      return hasTypeParam(c.elem, seen);
    }
    if (t instanceof Type.Signature s) {
      return hasTypeParam(s.params, seen) || hasTypeParam(s.results, seen);
    }
    if (t instanceof Type.Tuple tu) {
      for (Obj.Var v : tu.vars) {
        if (hasTypeParam(v.type, seen)) {
          return true;
        }
      }
      return false;
    }
    if (t instanceof Type.Struct st) {
      for (Obj.Var v : st.fields) {
        if (hasTypeParam(v.type, seen)) {
          return true;
        }
      }
    }
    return false;
  }

  // ---- unification (type inference) ----

  /**
   * Unifies parameter type {@code p} with argument type {@code a}, binding the free type
   * parameters in {@code m} (those with a null value are unbound). Inexact as Go's: a named type
   * unifies with a type literal through its underlying type. Returns false on a mismatch.
   */
  static boolean unify(Type p, Type a, Map<Type.TypeParam, Type> m) {
    return unify(p, a, m, false);
  }

  /**
   * unify for a call whose arguments include generic functions (Go 1.21's reverse inference):
   * their type parameters, renamed, are in {@code m} too and appear on the argument side, so a
   * type parameter on either side may be bound, also to another type parameter. Bindings form
   * chains ({@code U -> T' -> int}) that {@link #walk} follows here and the caller resolves at
   * the end.
   */
  static boolean unifyJoint(Type p, Type a, Map<Type.TypeParam, Type> m) {
    return unify(p, a, m, true);
  }

  /** t, or what the chain of bindings of the type parameter t leads to (the last unbound one or a type). */
  static Type walk(Type t, Map<Type.TypeParam, Type> m) {
    for (int steps = 0; steps <= m.size() && t instanceof Type.TypeParam tp; steps++) {
      Type b = m.get(tp);
      if (b == null || b == t) {
        break;
      }
      t = b;
    }
    return t;
  }

  private static boolean unify(Type p, Type a, Map<Type.TypeParam, Type> m, boolean joint) {
    if (joint) {
      p = walk(p, m);
      a = walk(a, m);
      if (p == a) {
        return true;
      }
      if (p instanceof Type.TypeParam tp && m.containsKey(tp) && m.get(tp) == null) {
        if (mentions(a, tp)) {
          return false;
        }
        m.put(tp, a);
        return true;
      }
      if (a instanceof Type.TypeParam ta && m.containsKey(ta) && m.get(ta) == null) {
        if (mentions(p, ta)) {
          return false;
        }
        m.put(ta, p);
        return true;
      }
    }
    if (p instanceof Type.TypeParam tp && m.containsKey(tp)) {
      Type b = m.get(tp);
      if (b == null) {
        m.put(tp, a);
        return true;
      }
      if (Types.identical(b, a)) {
        return true;
      }
      // a named type and a literal with the same structure: keep the named one
      if (!(b instanceof Type.Named) && a instanceof Type.Named && unify(b, a.underlying(), m, joint)) {
        m.put(tp, a);
        return true;
      }
      return b instanceof Type.Named && !(a instanceof Type.Named) && unify(b.underlying(), a, m, joint);
    }
    // inexact unification, as Go's: a type parameter that is not being inferred (the enclosing
    // generic function's own, S ~[]E passed to a []T parameter) unifies with a type literal
    // through its core type
    if (a instanceof Type.TypeParam ta && !m.containsKey(ta) && ta.core != null && !hasName(p)) {
      return unify(p, ta.core, m, joint);
    }
    if (p instanceof Type.TypeParam tq && !m.containsKey(tq) && tq.core != null && !hasName(a)) {
      return unify(tq.core, a, m, joint);
    }
    if (p instanceof Type.Named pn && a instanceof Type.Named an) {
      if (!typeArgs(pn).isEmpty() && origin(pn) == origin(an)) {
        for (int i = 0; i < typeArgs(pn).size(); i++) {
          if (!unify(typeArgs(pn).get(i), typeArgs(an).get(i), m, joint)) {
            return false;
          }
        }
        return true;
      }
      return Types.identical(p, a);
    }
    if (p instanceof Type.Named pn && !(a instanceof Type.Named)) {
      // inexact unification, as Go's: a defined type against a type literal unifies their
      // underlying types (slices.Collect(func(yield func(int) bool) {...}) infers E = int)
      return Types.identical(p, a) || unify(pn.underlying(), a, m, joint);
    }
    if (a instanceof Type.Named an && !(p instanceof Type.Named) && !(p instanceof Type.TypeParam)) {
      a = an.underlying();
    }
    if (p instanceof Type.Pointer x && a instanceof Type.Pointer y) {
      return unify(x.elem, y.elem, m, joint);
    }
    if (p instanceof Type.Slice x && a instanceof Type.Slice y) {
      return unify(x.elem, y.elem, m, joint);
    }
    if (p instanceof Type.Array x && a instanceof Type.Array y) {
      return x.len == y.len && unify(x.elem, y.elem, m, joint);
    }
    if (p instanceof Type.Map x && a instanceof Type.Map y) {
      return unify(x.key, y.key, m, joint) && unify(x.elem, y.elem, m, joint);
    }
    if (p instanceof Type.Chan x && a instanceof Type.Chan y) {
      return unify(x.elem, y.elem, m, joint);
    }
    if (p instanceof Type.Signature x && a instanceof Type.Signature y) {
      return x.variadic == y.variadic && unify(x.params, y.params, m, joint) && unify(x.results, y.results, m, joint);
    }
    if (p instanceof Type.Tuple x && a instanceof Type.Tuple y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!unify(x.at(i), y.at(i), m, joint)) {
          return false;
        }
      }
      return true;
    }
    if (p instanceof Type.Struct x && a instanceof Type.Struct y) {
      if (x.fields.size() != y.fields.size()) {
        return false;
      }
      for (int i = 0; i < x.fields.size(); i++) {
        if (!x.fields.get(i).name.equals(y.fields.get(i).name) || !unify(x.fields.get(i).type, y.fields.get(i).type, m, joint)) {
          return false;
        }
      }
      return true;
    }
    return Types.identical(p, a);
  }

  /** Whether t has a name as Go's unifier sees it: a basic, defined or type parameter type. */
  private static boolean hasName(Type t) {
    return t instanceof Type.Basic || t instanceof Type.Named || t instanceof Type.TypeParam;
  }

  /** Whether t mentions the type parameter q. */
  static boolean mentions(Type t, Type.TypeParam q) {
    Map<Type.TypeParam, Type> probe = new java.util.HashMap<>();
    probe.put(q, Universe.INVALID);
    return subst(t, probe, (g, args) -> g) != t;
  }

  /** The generic type a named type was instantiated from (itself if not an instance). */
  static Type.Named origin(Type.Named n) {
    return n.origin != null ? n.origin : n;
  }

  /** An instance's type arguments; a generic type's own parameters; else empty. */
  static List<? extends Type> typeArgs(Type.Named n) {
    return n.typeArgs != null ? n.typeArgs : n.typeParams;
  }

  /** A key naming a list of type arguments, equal for identical lists. */
  static String key(List<Type> args) {
    StringBuilder b = new StringBuilder();
    for (Type t : args) {
      key(t, b);
      b.append(';');
    }
    return b.toString();
  }

  private static void key(Type t, StringBuilder b) {
    if (t instanceof Type.Named n) {
      if (n.typeArgs != null) {
        b.append('N').append(System.identityHashCode(n.origin)).append('[').append(key(n.typeArgs)).append(']');
      } else {
        b.append('N').append(System.identityHashCode(n));
      }
    } else if (t instanceof Type.TypeParam tp) {
      b.append('P').append(System.identityHashCode(tp));
    } else if (t instanceof Type.Basic bt) {
      b.append(bt.kind);
    } else if (t instanceof Type.Pointer p) {
      b.append('*');
      key(p.elem, b);
    } else if (t instanceof Type.Slice s) {
      b.append("[]");
      key(s.elem, b);
    } else if (t instanceof Type.Array a) {
      b.append('[').append(a.len).append(']');
      key(a.elem, b);
    } else if (t instanceof Type.Map m) {
      b.append("map[");
      key(m.key, b);
      b.append(']');
      key(m.elem, b);
    } else if (t instanceof Type.Chan c) {
      b.append("chan").append(c.dir).append(' ');
      key(c.elem, b);
    } else {
      b.append(Type.spelledForIdentity(t)); // other literal types: their printed form, names left out
    }
  }
}
