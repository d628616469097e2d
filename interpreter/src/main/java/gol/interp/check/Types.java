package gol.interp.check;

import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import gol.interp.types.Type.Basic;
import gol.interp.types.Type.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Type relations from the Go spec: identity, assignability, convertibility, comparability,
 * method and field lookup, interface satisfaction. Stateless: every method is static.
 */
public final class Types {
  private Types() {
  }

  // ---- predicates on basic kinds ----

  /** The basic kind of t's underlying type, or null when it is not a basic type. */
  public static Kind kind(Type t) {
    return t != null && t.underlying() instanceof Basic b ? b.kind : null;
  }

  public static boolean isUntyped(Type t) {
    return t instanceof Basic b && b.kind.isUntyped();
  }

  public static boolean isTyped(Type t) {
    return !isUntyped(t);
  }

  public static boolean isInvalid(Type t) {
    return t == null || t instanceof Basic b && b.kind == Kind.INVALID;
  }

  public static boolean isInteger(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isInteger);
    }
    Kind k = kind(t);
    return k != null && k.isInteger();
  }

  public static boolean isUnsigned(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isUnsigned);
    }
    Kind k = kind(t);
    return k != null && k.isUnsigned();
  }

  public static boolean isFloat(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isFloat);
    }
    Kind k = kind(t);
    return k != null && k.isFloat();
  }

  public static boolean isNumeric(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isNumeric);
    }
    Kind k = kind(t);
    return k != null && k.isNumeric();
  }

  public static boolean isString(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isString);
    }
    Kind k = kind(t);
    return k == Kind.STRING || k == Kind.UNTYPED_STRING;
  }

  public static boolean isBoolean(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isBoolean);
    }
    Kind k = kind(t);
    return k == Kind.BOOL || k == Kind.UNTYPED_BOOL;
  }

  public static boolean isOrdered(Type t) {
    if (t instanceof Type.TypeParam tp && !(tp.core instanceof Basic)) {
      return TypeSets.allTerms(t, Types::isOrdered);
    }
    return isInteger(t) || isFloat(t) || isString(t);
  }

  /** A type a constant can have: a boolean, numeric or string basic type. */
  public static boolean isConstType(Type t) {
    if (t instanceof Type.TypeParam) {
      return false; // a value of a type parameter's type is never a constant
    }
    Kind k = kind(t);
    return k != null && (k.isNumeric() || k == Kind.BOOL || k == Kind.STRING || k.isUntyped() && k != Kind.UNTYPED_NIL);
  }

  public static boolean isInterface(Type t) {
    return t != null && t.underlying() instanceof Type.Interface;
  }

  public static boolean isNil(Type t) {
    return t instanceof Basic b && b.kind == Kind.UNTYPED_NIL;
  }

  public static boolean hasNil(Type t) {
    if (t instanceof Type.TypeParam tp && tp.core == null) {
      return TypeSets.allTerms(t, Types::hasNil);
    }
    Type u = t.underlying();
    return u instanceof Type.Pointer || u instanceof Type.Slice || u instanceof Type.Map || u instanceof Type.Chan
        || u instanceof Type.Signature || u instanceof Type.Interface
        || u instanceof Basic b && (b.kind == Kind.UNSAFE_POINTER || b.kind == Kind.UNTYPED_NIL);
  }

  /** []byte or []rune (any named element type with those underlying kinds). */
  public static boolean isByteSlice(Type t) {
    return t.underlying() instanceof Type.Slice s && s.elem.underlying() instanceof Basic b && b.kind == Kind.UINT8;
  }

  public static boolean isBytesOrRunes(Type t) {
    if (t.underlying() instanceof Type.Slice s && s.elem.underlying() instanceof Basic b) {
      return b.kind == Kind.UINT8 || b.kind == Kind.INT32;
    }
    return false;
  }

  /** The rank of an untyped numeric kind: int < rune < float < complex. */
  static int untypedRank(Kind k) {
    switch (k) {
      case UNTYPED_INT: return 1;
      case UNTYPED_RUNE: return 2;
      case UNTYPED_FLOAT: return 3;
      case UNTYPED_COMPLEX: return 4;
      default: return 0;
    }
  }

  // ---- identity ----

  public static boolean identical(Type a, Type b) {
    return identical(a, b, false);
  }

  public static boolean identical(Type a, Type b, boolean ignoreTags) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    if (a instanceof Basic x && b instanceof Basic y) {
      return x.kind == y.kind;
    }
    if (a instanceof Type.Named || b instanceof Type.Named) {
      return false;
    }
    if (a instanceof Type.Pointer x && b instanceof Type.Pointer y) {
      return identical(x.elem, y.elem, ignoreTags);
    }
    if (a instanceof Type.Slice x && b instanceof Type.Slice y) {
      return identical(x.elem, y.elem, ignoreTags);
    }
    if (a instanceof Type.Array x && b instanceof Type.Array y) {
      return x.len == y.len && identical(x.elem, y.elem, ignoreTags);
    }
    if (a instanceof Type.Map x && b instanceof Type.Map y) {
      return identical(x.key, y.key, ignoreTags) && identical(x.elem, y.elem, ignoreTags);
    }
    if (a instanceof Type.Chan x && b instanceof Type.Chan y) {
      return x.dir == y.dir && identical(x.elem, y.elem, ignoreTags);
    }
    if (a instanceof Type.Signature x && b instanceof Type.Signature y) {
      return x.variadic == y.variadic && identical(x.params, y.params, ignoreTags)
          && identical(x.results, y.results, ignoreTags);
    }
    if (a instanceof Type.Tuple x && b instanceof Type.Tuple y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!identical(x.at(i), y.at(i), ignoreTags)) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Type.Struct x && b instanceof Type.Struct y) {
      if (x.fields.size() != y.fields.size()) {
        return false;
      }
      for (int i = 0; i < x.fields.size(); i++) {
        Obj.Var f = x.fields.get(i);
        Obj.Var g = y.fields.get(i);
        if (f.embedded != g.embedded || !f.name.equals(g.name) || !identical(f.type, g.type, ignoreTags)) {
          return false;
        }
        if (!isExported(f.name) && f.pkg != g.pkg) {
          return false;
        }
        if (!ignoreTags && !java.util.Objects.equals(tag(x, i), tag(y, i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Type.Interface x && b instanceof Type.Interface y) {
      List<Obj.Func> mx = complete(x);
      List<Obj.Func> my = complete(y);
      if (mx.size() != my.size()) {
        return false;
      }
      // an interface can reach itself through its methods' types (interface{ I } in a method of
      // I): a pair already being compared is assumed identical, as the spec's identity allows
      List<Type[]> pairs = COMPARING.get();
      for (Type[] p : pairs) {
        if (p[0] == x && p[1] == y || p[0] == y && p[1] == x) {
          return true;
        }
      }
      pairs.add(new Type[] {x, y});
      try {
        for (int i = 0; i < mx.size(); i++) {
          if (!mx.get(i).name.equals(my.get(i).name) || !identical(mx.get(i).type, my.get(i).type, ignoreTags)) {
            return false;
          }
        }
        return true;
      } finally {
        pairs.remove(pairs.size() - 1);
      }
    }
    return false;
  }

  /** The interface pairs identical() is comparing on this thread (usually none). */
  private static final ThreadLocal<List<Type[]>> COMPARING = new PairStack();

  /** (a named class, not a lambda: Types is on every program's start-up path) */
  private static final class PairStack extends ThreadLocal<List<Type[]>> {
    @Override
    protected List<Type[]> initialValue() {
      return new ArrayList<>();
    }
  }

  private static String tag(Type.Struct s, int i) {
    String t = s.tags == null || i >= s.tags.size() ? null : s.tags.get(i);
    return t == null || t.isEmpty() ? null : t;
  }

  public static boolean isExported(String name) {
    return !name.isEmpty() && Character.isUpperCase(name.codePointAt(0));
  }

  // ---- interfaces ----

  /** The full method set of an interface, sorted by name (computes and caches allMethods). */
  public static List<Obj.Func> complete(Type.Interface t) {
    if (t.allMethods == null) {
      completeInto(t, new HashSet<>());
    }
    return t.allMethods;
  }

  private static void completeInto(Type.Interface t, Set<Type.Interface> visiting) {
    if (t.allMethods != null) {
      return;
    }
    if (!visiting.add(t)) {
      t.allMethods = new ArrayList<>(); // an invalid cycle, reported elsewhere
      return;
    }
    Map<String, Obj.Func> all = new LinkedHashMap<>();
    for (Obj.Func m : t.methods) {
      all.putIfAbsent(m.name, m);
    }
    for (Type e : t.embeddeds) {
      if (e != null && e.underlying() instanceof Type.Interface ei) {
        completeInto(ei, visiting);
        for (Obj.Func m : ei.allMethods) {
          all.putIfAbsent(m.name, m);
        }
      }
    }
    List<Obj.Func> list = new ArrayList<>(all.values());
    list.sort(BY_NAME);
    t.allMethods = Collections.unmodifiableList(list);
  }

  /**
   * Methods in name order (interfaces' method lists). A class, not Comparator.comparing: that
   * one's lambda lives in java.util.Comparator, so the CDS archive cannot hold it and every run
   * would generate its class (a hello world's start-up links no lambda, see Loader.SourceOf).
   */
  public static final Comparator<Obj.Func> BY_NAME = new ByName();

  private static final class ByName implements Comparator<Obj.Func> {
    @Override
    public int compare(Obj.Func a, Obj.Func b) {
      return a.name.compareTo(b.name);
    }
  }

  /** The result of a field or method lookup. */
  public record Lookup(Obj obj, int[] path, boolean indirect, boolean ambiguous) {
  }

  /**
   * A type to search at one depth of a lookup, reached by path; multiples: the same type is
   * embedded more than once at this depth (or below such a one), so a name found in it is
   * ambiguous (types2's consolidateMultiples).
   */
  private record Entry(Type type, int[] path, boolean indirect, boolean multiples) {
  }

  /** current with each type once, marked multiples where it was there more than once. */
  private static List<Entry> consolidate(List<Entry> current) {
    if (current.size() < 2) {
      return current;
    }
    List<Entry> out = new ArrayList<>(current.size());
    outer:
    for (Entry e : current) {
      for (int i = 0; i < out.size(); i++) {
        Entry o = out.get(i);
        if (identical(o.type, e.type)) {
          out.set(i, new Entry(o.type, o.path, o.indirect, true));
          continue outer;
        }
      }
      out.add(e);
    }
    return out;
  }

  /**
   * Looks up field or method {@code name} in T (Go spec "Selectors"): the shallowest depth wins,
   * several at that depth are ambiguous. For a pointer T the lookup is in its element type with
   * {@code indirect} set. Unexported names are found only from their own package.
   * Returns null when nothing is found.
   */
  public static Lookup lookup(Type T, String name, Pkg from) {
    return lookup(T, name, from, false);
  }

  /**
   * The field or method of T whose name equals name but for case, whatever its package (gc's
   * case-folding lookup, for "but does have field Foo" hints), or null.
   */
  public static Obj lookupFold(Type T, String name) {
    Lookup l = lookup(T, name, null, true);
    return l == null || l.ambiguous() ? null : l.obj();
  }

  private static boolean matches(Obj o, String name, Pkg from, boolean fold) {
    return fold ? o.name.equalsIgnoreCase(name) : o.name.equals(name) && visible(o, from);
  }

  private static Lookup lookup(Type T, String name, Pkg from, boolean fold) {
    if (name.equals("_")) {
      return null;
    }
    if (T instanceof Type.TypeParam tp) {
      // a type parameter has the methods of its constraint
      if (tp.iface() != null) {
        for (Obj.Func m : complete(tp.iface())) {
          if (fold ? m.name.equalsIgnoreCase(name) : m.name.equals(name)) {
            return new Lookup(m, new int[0], false, false);
          }
        }
      }
      return null;
    }
    if (T instanceof Type.Named && T.underlying() instanceof Type.Pointer dp) {
      // a defined pointer type (type P *S): p.f is (*p).f for fields, but P has no methods
      if (dp.elem.underlying() instanceof Type.Pointer) {
        return null; // only one indirection: (type P *P) has no fields either
      }
      Lookup l = lookup(dp.elem, name, from, fold);
      if (l == null || l.obj() instanceof Obj.Func) {
        return null;
      }
      return new Lookup(l.obj(), l.path(), true, l.ambiguous());
    }
    Type typ = T;
    boolean ind = false;
    if (T instanceof Type.Pointer p) {
      typ = p.elem;
      ind = true;
    } else if (T.underlying() instanceof Type.Pointer p && !(T instanceof Type.Named)) {
      typ = p.elem;
      ind = true;
    }
    List<Entry> current = new ArrayList<>();
    current.add(new Entry(typ, new int[0], ind, false));
    Set<Type.Named> seen = new HashSet<>(); // named types searched at shallower depths shadow deeper ones
    while (!current.isEmpty()) {
      current = consolidate(current);
      List<Entry> next = new ArrayList<>();
      Lookup found = null;
      int count = 0;
      for (Entry e : current) {
        Type t = e.type;
        if (t instanceof Type.Named n) {
          if (!seen.add(n)) {
            continue;
          }
          Obj.Func m = firstMatch(n.methods, name, from, fold);
          if (m != null) {
            // a type's method hides a field of the same name (an error at the declaration, reported there)
            count += e.multiples ? 2 : 1;
            found = new Lookup(m, e.path, e.indirect, false);
            continue;
          }
          t = n.underlying();
        }
        if (t instanceof Type.Struct s) {
          boolean matched = false; // only a struct's first field of the name counts (a later one is "redeclared")
          for (int i = 0; i < s.fields.size(); i++) {
            Obj.Var f = s.fields.get(i);
            int[] p = Arrays.copyOf(e.path, e.path.length + 1);
            p[e.path.length] = i;
            if (!matched && matches(f, name, from, fold)) {
              matched = true;
              count += e.multiples ? 2 : 1;
              found = new Lookup(f, p, e.indirect, false);
            }
            if (f.embedded && f.type != null) {
              Type ft = f.type;
              boolean fi = e.indirect;
              if (ft instanceof Type.Pointer fp) {
                ft = fp.elem;
                fi = true;
              }
              next.add(new Entry(ft, p, fi, e.multiples));
            }
          }
        } else if (t instanceof Type.Interface it) {
          for (Obj.Func m : complete(it)) {
            if (matches(m, name, from, fold)) {
              count += e.multiples ? 2 : 1;
              found = new Lookup(m, e.path, e.indirect, false);
            }
          }
        }
      }
      if (count == 1) {
        return found;
      }
      if (count > 1) {
        return new Lookup(null, null, false, true);
      }
      current = next;
    }
    return null;
  }

  private static Obj.Func firstMatch(List<Obj.Func> methods, String name, Pkg from, boolean fold) {
    for (Obj.Func m : methods) {
      if (matches(m, name, from, fold)) {
        return m;
      }
    }
    return null;
  }

  private static boolean visible(Obj o, Pkg from) {
    return isExported(o.name) || o.pkg == null || from == null || o.pkg == from;
  }

  /** Whether method m (a declared method, not an interface one) has a pointer receiver. */
  public static boolean hasPtrRecv(Obj.Func m) {
    return m.type instanceof Type.Signature s && s.recv != null && s.recv.type instanceof Type.Pointer;
  }

  /**
   * Why V does not implement interface T, as gc words it after "V does not implement T":
   * "(missing method M)", "(method M has pointer receiver)", or "(wrong type for method M)..."; null
   * when it does.
   */
  public static String missingMethod(Type V, Type T, Pkg from) {
    Type.Interface ti = (Type.Interface) T.underlying();
    for (Obj.Func m : complete(ti)) {
      Obj.Func found = null;
      if (V.underlying() instanceof Type.Interface vi) {
        for (Obj.Func vm : complete(vi)) {
          if (vm.name.equals(m.name)) {
            found = vm;
          }
        }
      } else if (isInterfacePtr(V)) {
        return "(type " + V + " is pointer to interface, not interface)"; // *I has no methods
      } else if (V.underlying() instanceof Type.Pointer p && p.elem instanceof Type.TypeParam) {
        return "(type " + V + " is pointer to type parameter, not type parameter)"; // so has *T
      } else {
        Lookup l = lookup(V, m.name, from);
        if (l != null && l.ambiguous()) {
          return "(ambiguous selector " + V + "." + m.name + ")";
        }
        if (l != null && !(l.obj instanceof Obj.Func)) {
          return "(" + V + "." + m.name + " is a field, not a method)";
        }
        if (l != null) {
          found = (Obj.Func) l.obj;
          if (hasPtrRecv(found) && !(V instanceof Type.Pointer) && !l.indirect) {
            return "(method " + m.name + " has pointer receiver)";
          }
        } else if (lookupFold(V, m.name) instanceof Obj.Func f) {
          // gc's case-folding second look: a method spelled differently, or another package's
          if (f.name.equals(m.name)) {
            return "(unexported method " + m.name + ")";
          }
          if (f.type != null && m.type != null) {
            return "(missing method " + m.name + ")\n\t\thave " + f.name
                + ((Type.Signature) f.type).signatureString() + "\n\t\twant " + m.name
                + ((Type.Signature) m.type).signatureString();
          }
        }
      }
      if (found == null) {
        return "(missing method " + m.name + ")";
      }
      if (found.type == null || m.type == null) {
        continue; // unresolved signature: an error was reported already
      }
      if (!identical(stripRecv(found.type), stripRecv(m.type))) {
        return "(wrong type for method " + m.name + ")\n\t\thave " + m.name
            + ((Type.Signature) found.type).signatureString() + "\n\t\twant " + m.name
            + ((Type.Signature) m.type).signatureString();
      }
    }
    return null;
  }

  /** Whether t has a name in the spec's sense: a defined or predeclared type, or a type parameter. */
  static boolean hasName(Type t) {
    return t instanceof Type.Named || t instanceof Type.TypeParam || t instanceof Basic && !isUntyped(t);
  }

  private static boolean isInterfacePtr(Type t) {
    return t.underlying() instanceof Type.Pointer p && p.elem.underlying() instanceof Type.Interface
        && !(p.elem instanceof Type.TypeParam);
  }

  private static Type stripRecv(Type t) {
    Type.Signature s = (Type.Signature) t;
    return s.recv == null ? s : new Type.Signature(null, s.params, s.results, s.variadic);
  }

  // ---- assignability, convertibility, comparability ----

  /**
   * Whether a (typed, or untyped nil) value of type V is assignable to T (Go spec
   * "Assignability"); untyped constants are handled by the caller. On failure {@code cause[0]}
   * may receive an explanation.
   */
  public static boolean assignable(Type V, Type T, Pkg from, String[] cause) {
    if (isInvalid(V) || isInvalid(T)) {
      return true;
    }
    if (identical(V, T)) {
      return true;
    }
    if (isNil(V)) {
      return hasNil(T);
    }
    if (V instanceof Type.TypeParam || T instanceof Type.TypeParam) {
      // only identity (above), nil, or an interface that the type parameter's constraint implements
      if (!(T instanceof Type.TypeParam) && T.underlying() instanceof Type.Interface) {
        String why = missingMethod(V, T, from);
        if (why != null && cause != null && !(V instanceof Type.TypeParam)) { // (gc gives no cause then)
          cause[0] = V + " does not implement " + T + " " + why;
        }
        return why == null;
      }
      // an interface value for a type parameter that implements it: gc hints at an assertion
      if (T instanceof Type.TypeParam && !(V instanceof Type.TypeParam) && V.underlying() instanceof Type.Interface
          && missingMethod(T, V, from) == null) {
        if (cause != null) {
          cause[0] = "need type assertion";
        }
        return false;
      }
      // a type parameter and a type literal (not a named type: int is one): every type of the
      // type set must be assignable (gc names the first that is not)
      if (V instanceof Type.TypeParam vp && !hasName(T)) {
        List<Type> ts = TypeSets.termTypes(vp);
        if (ts == null || ts.isEmpty()) {
          return false;
        }
        for (Type t : ts) {
          if (!assignable(t, T, from, null)) {
            if (cause != null) {
              cause[0] = "cannot assign " + t + " (in " + vp + ") to " + T;
            }
            return false;
          }
        }
        return true;
      }
      if (T instanceof Type.TypeParam tp && !hasName(V)) {
        List<Type> ts = TypeSets.termTypes(tp);
        if (ts == null || ts.isEmpty()) {
          return false;
        }
        for (Type t : ts) {
          if (!assignable(V, t, from, null)) {
            if (cause != null) {
              cause[0] = "cannot assign " + V + " to " + t + " (in " + tp + ")";
            }
            return false;
          }
        }
        return true;
      }
      return false;
    }
    Type vu = V.underlying();
    Type tu = T.underlying();
    if (identical(vu, tu) && (!(V instanceof Type.Named) || !(T instanceof Type.Named))
        && !(vu instanceof Basic)) {
      return true;
    }
    if (tu instanceof Type.Interface) {
      String why = missingMethod(V, T, from);
      if (why == null) {
        return true;
      }
      if (cause != null) {
        cause[0] = V + " does not implement " + T + " " + why;
      }
      return false;
    }
    if (vu instanceof Type.Interface) {
      if (cause != null && missingMethod(T, V, from) == null) {
        cause[0] = "need type assertion";
      }
      return false;
    }
    if (vu instanceof Type.Chan vc && tu instanceof Type.Chan tc && vc.dir == Type.Chan.Dir.BOTH
        && identical(vc.elem, tc.elem) && (!(V instanceof Type.Named) || !(T instanceof Type.Named))) {
      return true;
    }
    if (cause != null && tu instanceof Type.Pointer tp
        && (tp.elem instanceof Type.TypeParam || tp.elem.underlying() instanceof Type.Interface)) {
      // gc checks whether V implements a pointer to an interface (or to a type parameter, an
      // interface to it) to explain that it cannot
      cause[0] = V + " does not implement " + T + " (type " + T + " is pointer to interface, not interface)";
    }
    return false;
  }

  /** Whether a non-constant value of type V can be converted to T (Go spec "Conversions"). */
  public static boolean convertible(Type V, Type T, Pkg from) {
    if (assignable(V, T, from, null)) {
      return true;
    }
    if (V instanceof Type.TypeParam vp) {
      List<Type> vs = TypeSets.termTypes(vp);
      if (vs == null || vs.isEmpty()) {
        return false;
      }
      for (Type v : vs) {
        if (!convertible(v, T, from)) {
          return false;
        }
      }
      return true;
    }
    if (T instanceof Type.TypeParam tp) {
      List<Type> ts = TypeSets.termTypes(tp);
      if (ts == null || ts.isEmpty()) {
        return false;
      }
      for (Type t : ts) {
        if (!convertible(V, t, from)) {
          return false;
        }
      }
      return true;
    }
    Type vu = V.underlying();
    Type tu = T.underlying();
    if (identical(vu, tu, true)) {
      return true;
    }
    if (V instanceof Type.Pointer vp && T instanceof Type.Pointer tp
        && identical(vp.elem.underlying(), tp.elem.underlying(), true)) {
      return true;
    }
    // any pointer or uintptr to unsafe.Pointer and back (the checker's caller reports the
    // uintptr forms gol cannot do)
    if (isUnsafePointer(vu) && (tu instanceof Type.Pointer || kind(tu) == Kind.UINTPTR)
        || isUnsafePointer(tu) && (vu instanceof Type.Pointer || kind(vu) == Kind.UINTPTR)) {
      return true;
    }
    Kind vk = kind(V);
    Kind tk = kind(T);
    if (vk != null && tk != null) {
      if ((vk.isInteger() || vk.isFloat()) && (tk.isInteger() || tk.isFloat())) {
        return true;
      }
      if (vk.isComplex() && tk.isComplex()) {
        return true;
      }
    }
    if ((isInteger(V) || isBytesOrRunes(V)) && isString(T)) {
      return true;
    }
    if (isString(V) && isBytesOrRunes(T)) {
      return true;
    }
    if (vu instanceof Type.Slice s) {
      if (tu instanceof Type.Array a && identical(s.elem, a.elem)) {
        return true;
      }
      if (tu instanceof Type.Pointer p && !(p.elem instanceof Type.TypeParam) && p.elem.underlying() instanceof Type.Array a && identical(s.elem, a.elem)) {
        return true;
      }
    }
    return false;
  }

  /** Whether T's underlying type is unsafe.Pointer. */
  public static boolean isUnsafePointer(Type T) {
    return T.underlying() instanceof Basic b && b.kind == Kind.UNSAFE_POINTER;
  }

  /** Whether values of T can be compared with == (Go spec "Comparison operators"). */
  public static boolean comparable(Type T) {
    return incomparableCause(T) == null;
  }

  /** Why T is not comparable, as gc explains it, or null when it is. */
  public static String incomparableCause(Type T) {
    return incomparable(T, new HashSet<>());
  }

  private static String incomparable(Type T, Set<Type> seen) {
    if (T instanceof Type.TypeParam tp) {
      Type.Interface it = tp.iface();
      return it != null && (TypeSets.isComparable(it) || TypeSets.allTerms(tp, Types::comparable))
          ? null : "incomparable types in type set";
    }
    Type u = T.underlying();
    if (u instanceof Type.Slice || u instanceof Type.Signature || u instanceof Type.Map) {
      return kindString(T) + " can only be compared to nil";
    }
    if (!seen.add(T)) {
      return null;
    }
    if (u instanceof Type.Struct s) {
      for (Obj.Var f : s.fields) {
        if (f.type != null && incomparable(f.type, seen) != null) {
          return "struct containing " + f.type + " cannot be compared";
        }
      }
    } else if (u instanceof Type.Array a) {
      if (incomparable(a.elem, seen) != null) {
        return T + " cannot be compared";
      }
    } else if (u instanceof Basic b && b.kind == Kind.UNTYPED_NIL) {
      return "operator == not defined on nil";
    }
    return null;
  }

  /** "slice", "map", "func"... for a composite type, else the type itself (gc's kindString). */
  public static String kindString(Type t) {
    Type u = t.underlying();
    if (u instanceof Type.Array) {
      return "array";
    }
    if (u instanceof Type.Slice) {
      return "slice";
    }
    if (u instanceof Type.Struct) {
      return "struct";
    }
    if (u instanceof Type.Pointer) {
      return "pointer";
    }
    if (u instanceof Type.Signature) {
      return "func";
    }
    if (u instanceof Type.Interface) {
      return "interface";
    }
    if (u instanceof Type.Map) {
      return "map";
    }
    if (u instanceof Type.Chan) {
      return "chan";
    }
    return t.toString();
  }
}
