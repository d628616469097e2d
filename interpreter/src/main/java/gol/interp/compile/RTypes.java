package gol.interp.compile;

import gol.interp.types.Obj;
import gol.interp.types.Type;
import gol.runtime.RType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the run-time type descriptors ({@link RType}) for static types, one per distinct type,
 * named as Go's %T prints them ({@code int}, {@code main.Point}, {@code []string}).
 */
final class RTypes implements RType.Universe {
  private final Map<String, RType> byName = new HashMap<>();
  /** The static type each descriptor was made from (for types reflect derives at run time). */
  private final Map<RType, Type> statics = new HashMap<>();
  /** Fills method tables (set by the Compiler once every function has its Proto). */
  MethodSets methodSets;

  /**
   * Method tables waiting for the outermost {@link #of} to finish: a type's methods may walk
   * the fields of a type still being built ({@code type User struct { Base; Manager *User }}:
   * {@code *User}'s promoted {@code Base} methods need {@code User}'s field slots, which are
   * laid out only after its fields' types, {@code *User} among them, are made).
   */
  private final List<Fill> pendingFills = new java.util.ArrayList<>();

  /** A method table to fill: type t's descriptor r. */
  private record Fill(Type t, RType r) {
  }
  private int depth;

  /** Synchronized: package reflect asks for types at run time, from any M. */
  synchronized RType of(Type t) {
    depth++;
    try {
      return make(t);
    } finally {
      if (--depth == 0) {
        for (int i = 0; i < pendingFills.size(); i++) { // (a fill may make types, and add fills)
          Fill f = pendingFills.get(i);
          depth++;
          try {
            methodSets.fill(f.t(), f.r());
          } finally {
            depth--;
          }
        }
        pendingFills.clear();
      }
    }
  }

  private RType make(Type t) {
    String name = name(t);
    // a type declared in a function body is its own type even where its name repeats
    // (in another function, or in another instance of a generic function)
    // (a generic type declared in a function: each instance is one object, kept per origin)
    String key = t instanceof Type.Named n && n.obj.pkg != null
        && n.obj.pkg.scope.names.get(n.obj.name) != (n.origin != null ? n.origin : n).obj
        ? name + "@" + System.identityHashCode(n)
        : name(t, true); // (local types inside, map[T]int, numbered: T of another function is another type)
    if (name.contains("struct {")) {
      StringBuilder extras = new StringBuilder();
      identityExtras(t, extras, 0);
      if (!extras.isEmpty()) {
        key = key + "#" + extras;
      }
    }
    RType r = byName.get(key);
    if (r != null) {
      return r;
    }
    if (t instanceof Type.Pointer p && p.elem instanceof Type.Named n && n.obj.pkg != null
        && n.obj.pkg.path.equals("runtime") && (r = gol.interp.vm.RuntimeErrorTypes.exported(name)) != null) {
      return r; // the VM's own run-time error values carry this descriptor
    }
    r = new RType(kind(t), name, t instanceof Type.Named);
    byName.put(key, r);
    statics.put(r, t);
    r.universe = this;
    RType made = r;
    r.reflectInfo = new ReflectInfo(t, made);
    Type u = t.underlying();
    if (u instanceof Type.Slice s) {
      r.elem = of(s.elem);
    } else if (u instanceof Type.Array a) {
      r.elem = of(a.elem);
      r.len = a.len;
    } else if (u instanceof Type.Pointer p) {
      r.elem = of(p.elem);
    } else if (u instanceof Type.Map m) {
      r.key = of(m.key);
      r.elem = of(m.elem);
    } else if (u instanceof Type.Chan c) {
      r.elem = of(c.elem);
    } else if (u instanceof Type.Struct st) {
      int n = st.fields.size();
      r.fieldNames = new String[n];
      r.fieldTypes = new RType[n];
      r.fieldEmbedded = new boolean[n];
      for (int i = 0; i < n; i++) {
        Obj.Var f = st.fields.get(i);
        r.fieldNames[i] = f.name;
        r.fieldTypes[i] = of(f.type);
        r.fieldEmbedded[i] = f.embedded;
      }
      r.layOut();
    } else if (u instanceof Type.Interface it) {
      java.util.List<Obj.Func> ms = new java.util.ArrayList<>(gol.interp.check.Types.complete(it));
      ms.sort(gol.interp.check.Types.BY_NAME);
      r.ifaceMethods = new String[ms.size()];
      r.ifaceSigs = new String[ms.size()];
      for (int i = 0; i < ms.size(); i++) {
        r.ifaceMethods[i] = ms.get(i).name;
        r.ifaceSigs[i] = name(ms.get(i).type);
      }
    }
    if (methodSets != null && !(u instanceof Type.Interface)) {
      pendingFills.add(new Fill(t, r));
    }
    return r;
  }

  /**
   * What a struct type's identity holds beyond its printed name: embedded fields' names
   * ({@code struct{ Int }} with {@code type Int = int} prints as {@code struct { int }} but is
   * another type) and the package of unexported field names. Named types stop the walk.
   */
  private static void identityExtras(Type t, StringBuilder sb, int depth) {
    if (t == null || t instanceof Type.Named || depth > 20) {
      return;
    }
    if (t instanceof Type.Slice s) {
      identityExtras(s.elem, sb, depth + 1);
    } else if (t instanceof Type.Array a) {
      identityExtras(a.elem, sb, depth + 1);
    } else if (t instanceof Type.Pointer p) {
      identityExtras(p.elem, sb, depth + 1);
    } else if (t instanceof Type.Map m) {
      identityExtras(m.key, sb, depth + 1);
      identityExtras(m.elem, sb, depth + 1);
    } else if (t instanceof Type.Chan c) {
      identityExtras(c.elem, sb, depth + 1);
    } else if (t instanceof Type.Signature sig) {
      for (Obj.Var v : sig.params.vars) {
        identityExtras(v.type, sb, depth + 1);
      }
      for (Obj.Var v : sig.results.vars) {
        identityExtras(v.type, sb, depth + 1);
      }
    } else if (t instanceof Type.Struct st) {
      for (Obj.Var f : st.fields) {
        if (f.embedded) {
          sb.append(f.name).append(';');
        }
        if (!gol.interp.check.Types.isExported(f.name) && f.pkg != null) {
          sb.append(f.pkg.path).append('.').append(f.name).append(';');
        }
        identityExtras(f.type, sb, depth + 1);
      }
    }
  }

  /**
   * Every descriptor of the universe, after making those package reflect could ask for that carry
   * methods or need the checker — the pointer type of every named type and of every struct type
   * with embedded fields, and the predeclared types — and filling every descriptor's reflection
   * fields: what gol run's program cache writes, so that the universe it reads back
   * (ProgramCodec) can make every other type reflect asks for from descriptors alone (they have
   * no methods, as this universe's {@link #derived} types have none).
   */
  synchronized java.util.Collection<RType> closeForCache() {
    for (Type.Basic b : BASICS) {
      of(b);
    }
    basic("error");
    basic("interface {}");
    int seen = -1;
    while (seen != statics.size()) {
      seen = statics.size();
      for (Map.Entry<RType, Type> e : new java.util.ArrayList<>(statics.entrySet())) {
        Type t = e.getValue();
        Type u = t.underlying();
        if (!(u instanceof Type.Interface) && !(u instanceof Type.Pointer)
            && (t instanceof Type.Named || u instanceof Type.Struct st && hasEmbedded(st))) {
          of(new Type.Pointer(t));
        }
        e.getKey().reflect();
      }
    }
    java.util.Set<RType> all = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    all.addAll(statics.keySet());
    all.addAll(byName.values());
    for (RType r : all) {
      r.reflect();
    }
    return all;
  }

  private static boolean hasEmbedded(Type.Struct st) {
    for (Obj.Var f : st.fields) {
      if (f.embedded) {
        return true;
      }
    }
    return false;
  }

  /** RType.reflectInfo: a class, not a lambda (a hello world links none, see Loader.SourceOf). */
  private final class ReflectInfo implements Runnable {
    private final Type t;
    private final RType r;

    ReflectInfo(Type t, RType r) {
      this.t = t;
      this.r = r;
    }

    @Override
    public void run() {
      reflectInfo(t, r);
    }
  }

  /** Fills the reflection fields of r (static type t), on reflect's first use of r. */
  private synchronized void reflectInfo(Type t, RType r) {
    Type u = t.underlying();
    r.underlying = t instanceof Type.Named ? of(u) : r;
    if (t instanceof Type.Named n) {
      r.simpleName = n.obj.name;
      int br = r.name.indexOf('[');
      if (br > 0) { // an instance, or a type declared in one: Name() is "Pair[string,main.T]", as Go's
        r.simpleName = r.name.substring(r.name.lastIndexOf('.', br) + 1);
      }
      r.pkgPath = n.obj.pkg == null ? "" : n.obj.pkg.path;
    } else if (t instanceof Type.Basic b && b.kind == Type.Kind.UNSAFE_POINTER) {
      r.simpleName = "Pointer"; // a type of package unsafe
      r.pkgPath = "unsafe";
    } else if (t instanceof Type.Basic) {
      r.simpleName = r.name;
    }
    if (u instanceof Type.Struct st) {
      int n = st.fields.size();
      r.fieldTags = new String[n];
      for (int i = 0; i < n; i++) {
        String tag = st.tags == null || i >= st.tags.size() ? null : st.tags.get(i);
        r.fieldTags[i] = tag == null ? "" : tag;
        Obj.Var f = st.fields.get(i);
        if (f.pkg != null && r.pkgPath.isEmpty()) {
          r.pkgPath = f.pkg.path;
        }
      }
      if (!(t instanceof Type.Named)) {
        r.pkgPath = r.pkgPath.isEmpty() ? "" : r.pkgPath;
      }
    } else if (u instanceof Type.Signature sig) {
      List<Obj.Var> ps = sig.params.vars;
      r.in = new RType[ps.size()];
      for (int i = 0; i < ps.size(); i++) {
        r.in[i] = of(ps.get(i).type);
      }
      List<Obj.Var> rs = sig.results.vars;
      r.out = new RType[rs.size()];
      for (int i = 0; i < rs.size(); i++) {
        r.out[i] = of(rs.get(i).type);
      }
      r.variadic = sig.variadic;
    } else if (u instanceof Type.Chan c) {
      r.chanDir = c.dir == Type.Chan.Dir.RECV ? 1 : c.dir == Type.Chan.Dir.SEND ? 2 : 3;
    } else if (u instanceof Type.Interface it) {
      List<Obj.Func> ms = new java.util.ArrayList<>(gol.interp.check.Types.complete(it));
      ms.sort(gol.interp.check.Types.BY_NAME);
      r.ifaceTypes = new RType[ms.size()];
      for (int i = 0; i < ms.size(); i++) {
        r.ifaceTypes[i] = of(withoutRecv((Type.Signature) ms.get(i).type));
      }
    }
    if (!(u instanceof Type.Interface) && !r.methods.isEmpty()) {
      String[] names = r.methods.keySet().toArray(new String[0]);
      java.util.Arrays.sort(names);
      RType[] types = new RType[names.length];
      for (int i = 0; i < names.length; i++) {
        gol.interp.check.Types.Lookup l = gol.interp.check.Types.lookup(t, names[i], null);
        types[i] = l != null && l.obj() instanceof Obj.Func m ? of(withoutRecv((Type.Signature) m.type)) : null;
      }
      r.methodNames = names;
      r.methodTypes = types;
    }
  }

  private static Type.Signature withoutRecv(Type.Signature s) {
    return s.recv == null ? s : new Type.Signature(null, s.params, s.results, s.variadic);
  }

  @Override
  public synchronized RType pointerTo(RType elem) {
    Type st = statics.get(elem);
    return st != null ? of(new Type.Pointer(st)) : derived("*" + elem.name, RType.Kind.POINTER, elem);
  }

  @Override
  public synchronized RType sliceOf(RType elem) {
    Type st = statics.get(elem);
    return st != null ? of(new Type.Slice(st)) : derived("[]" + elem.name, RType.Kind.SLICE, elem);
  }

  @Override
  public synchronized RType chanOf(int dir, RType elem) {
    Type.Chan.Dir d = dir == 3 ? Type.Chan.Dir.BOTH : dir == 2 ? Type.Chan.Dir.SEND : Type.Chan.Dir.RECV;
    Type st = statics.get(elem);
    if (st != null) {
      return of(new Type.Chan(d, st));
    }
    RType r = derived(gol.interp.vm.RuntimeTypeNames.chan(dir, elem), RType.Kind.CHAN, elem);
    r.chanDir = dir;
    return r;
  }

  @Override
  public synchronized RType mapOf(RType key, RType elem) {
    Type sk = statics.get(key);
    Type se = statics.get(elem);
    if (sk != null && se != null) {
      return of(new Type.Map(sk, se));
    }
    RType r = derived("map[" + key.name + "]" + elem.name, RType.Kind.MAP, elem);
    r.key = key;
    return r;
  }

  @Override
  public synchronized RType funcOf(RType[] in, RType[] out, boolean variadic) {
    List<Obj.Var> ps = staticVars(in);
    List<Obj.Var> rs = staticVars(out);
    if (ps != null && rs != null) {
      return of(new Type.Signature(null, new Type.Tuple(ps), new Type.Tuple(rs), variadic));
    }
    RType r = derived(gol.interp.vm.RuntimeTypeNames.func(in, out, variadic), RType.Kind.FUNC, null);
    r.in = in.clone();
    r.out = out.clone();
    r.variadic = variadic;
    return r;
  }

  @Override
  public synchronized RType arrayOf(long len, RType elem) {
    Type st = statics.get(elem);
    if (st != null) {
      return of(new Type.Array(len, st));
    }
    RType r = derived("[" + len + "]" + elem.name, RType.Kind.ARRAY, elem);
    r.len = len;
    return r;
  }

  @Override
  public synchronized RType structOf(String[] names, RType[] types, String[] tags, boolean[] embedded, String pkgPath) {
    int n = names.length;
    List<Obj.Var> fields = new java.util.ArrayList<>();
    for (int i = 0; i < n && pkgPath.isEmpty(); i++) {
      Type st = statics.get(types[i]);
      if (st == null) {
        break;
      }
      Obj.Var f = new Obj.Var(names[i], null, null, st);
      f.isField = true;
      f.embedded = embedded[i];
      fields.add(f);
    }
    if (fields.size() == n && pkgPath.isEmpty()) { // the program's own type, methods promoted as for it
      return of(new Type.Struct(fields, java.util.Arrays.asList(tags.clone())));
    }
    // made at run time: fields of types the program never names, or unexported ones
    String name = gol.interp.vm.RuntimeTypeNames.struct(names, types, tags, embedded);
    String key = name + "#" + pkgPath + "#" + String.join("\n", tags) + "#" + java.util.Arrays.toString(embedded);
    RType r = byName.get(key);
    if (r == null) {
      r = RType.madeAtRunTime(this, RType.Kind.STRUCT, name, null);
      r.fieldNames = names.clone();
      r.fieldTypes = types.clone();
      r.fieldEmbedded = embedded.clone();
      r.fieldTags = tags.clone();
      r.pkgPath = pkgPath;
      r.layOut();
      byName.put(key, r);
    }
    return r;
  }

  /** Unnamed parameters of the checker's types for ts, or null if one has none. */
  private List<Obj.Var> staticVars(RType[] ts) {
    List<Obj.Var> vs = new java.util.ArrayList<>();
    for (RType t : ts) {
      Type st = statics.get(t);
      if (st == null) {
        return null;
      }
      vs.add(new Obj.Var("", null, null, st));
    }
    return vs;
  }

  /** The descriptor named name, made at run time (no methods) if the program has none. */
  private synchronized RType derived(String name, RType.Kind kind, RType elem) {
    RType r = byName.get(name);
    if (r == null) {
      r = RType.madeAtRunTime(this, kind, name, elem);
      byName.put(name, r);
    }
    return r;
  }

  @Override
  public RType basic(String name) {
    for (Type.Basic b : BASICS) {
      if (b.name.equals(name)) {
        return of(b);
      }
    }
    if (name.equals("error")) {
      return of(gol.interp.check.Universe.ERROR);
    }
    if (name.equals("interface {}")) {
      return of(gol.interp.check.Universe.EMPTY_INTERFACE);
    }
    return null;
  }

  private static final Type.Basic[] BASICS = {
    gol.interp.check.Universe.BOOL, gol.interp.check.Universe.INT, gol.interp.check.Universe.INT8,
    gol.interp.check.Universe.INT16, gol.interp.check.Universe.INT32, gol.interp.check.Universe.INT64,
    gol.interp.check.Universe.UINT, gol.interp.check.Universe.UINT8, gol.interp.check.Universe.UINT16,
    gol.interp.check.Universe.UINT32, gol.interp.check.Universe.UINT64, gol.interp.check.Universe.UINTPTR,
    gol.interp.check.Universe.FLOAT32, gol.interp.check.Universe.FLOAT64, gol.interp.check.Universe.STRING,
  };

  static RType.Kind kind(Type t) {
    Type u = t.underlying();
    if (u instanceof Type.Basic b) {
      switch (b.kind) {
        case BOOL: case UNTYPED_BOOL: return RType.Kind.BOOL;
        case INT: case UNTYPED_INT: return RType.Kind.INT;
        case INT8: return RType.Kind.INT8;
        case INT16: return RType.Kind.INT16;
        case INT32: case UNTYPED_RUNE: return RType.Kind.INT32;
        case INT64: return RType.Kind.INT64;
        case UINT: return RType.Kind.UINT;
        case UINT8: return RType.Kind.UINT8;
        case UINT16: return RType.Kind.UINT16;
        case UINT32: return RType.Kind.UINT32;
        case UINT64: return RType.Kind.UINT64;
        case UINTPTR: return RType.Kind.UINTPTR;
        case FLOAT32: return RType.Kind.FLOAT32;
        case FLOAT64: case UNTYPED_FLOAT: return RType.Kind.FLOAT64;
        case COMPLEX64: return RType.Kind.COMPLEX64;
        case COMPLEX128: case UNTYPED_COMPLEX: return RType.Kind.COMPLEX128;
        case STRING: case UNTYPED_STRING: return RType.Kind.STRING;
        case UNSAFE_POINTER: return RType.Kind.UNSAFE_POINTER;
        default: throw new IllegalArgumentException("no run-time kind for " + t);
      }
    }
    if (u instanceof Type.Slice) {
      return RType.Kind.SLICE;
    }
    if (u instanceof Type.Array) {
      return RType.Kind.ARRAY;
    }
    if (u instanceof Type.Pointer) {
      return RType.Kind.POINTER;
    }
    if (u instanceof Type.Map) {
      return RType.Kind.MAP;
    }
    if (u instanceof Type.Chan) {
      return RType.Kind.CHAN;
    }
    if (u instanceof Type.Struct) {
      return RType.Kind.STRUCT;
    }
    if (u instanceof Type.Signature) {
      return RType.Kind.FUNC;
    }
    if (u instanceof Type.Interface) {
      return RType.Kind.INTERFACE;
    }
    throw new IllegalArgumentException("no run-time kind for " + t);
  }

  /** The type's name as %T prints it (reflect's format: packages always qualified). */
  static String name(Type t) {
    return name(t, false);
  }

  /**
   * inArgs: t is (part of) a type argument, where Go names a type declared in a function with
   * its number among the package's local types (main.Box[main.local·1]): the linker's name.
   */
  private static String name(Type t, boolean inArgs) {
    if (t instanceof Type.Named n) {
      String base = n.obj.pkg == null ? n.obj.name : n.obj.pkg.name + "." + n.obj.name;
      // an instance's declaration is its generic type's (declared in a function: outer arguments, number)
      Obj.TypeName decl = n.origin != null ? n.origin.obj : n.obj;
      if (decl.outerArgs != null && n.typeArgs == null) { // declared in an instance of generic code: its arguments
        base += args(decl.outerArgs);
      }
      if (n.typeArgs != null) {
        // reflect's form: main.Pair[string,int], arguments qualified, no spaces; a generic type
        // declared in an instance of generic code puts that code's arguments first: T[int;string]
        StringBuilder b = new StringBuilder(base).append('[');
        if (decl.outerArgs != null) {
          String outer = args(decl.outerArgs);
          b.append(outer, 1, outer.length() - 1).append(';');
        }
        for (int i = 0; i < n.typeArgs.size(); i++) {
          b.append(i > 0 ? "," : "").append(name(n.typeArgs.get(i), true));
        }
        base = b.append(']').toString();
      }
      return inArgs && decl.vargen > 0 ? base + "\u00b7" + decl.vargen : base;
    }
    if (t instanceof Type.Basic b) {
      switch (b.kind) {
        case UNTYPED_BOOL: return "bool";
        case UNTYPED_INT: return "int";
        case UNTYPED_RUNE: return "int32";
        case UNTYPED_FLOAT: return "float64";
        case UNTYPED_COMPLEX: return "complex128";
        case UNTYPED_STRING: return "string";
        case UINT8: return "uint8"; // byte is an alias
        case INT32: return "int32"; // rune is an alias
        default: return b.name;
      }
    }
    if (t instanceof Type.Pointer p) {
      return "*" + name(p.elem, inArgs);
    }
    if (t instanceof Type.Slice s) {
      return "[]" + name(s.elem, inArgs);
    }
    if (t instanceof Type.Array a) {
      return "[" + a.len + "]" + name(a.elem, inArgs);
    }
    if (t instanceof Type.Map m) {
      return "map[" + name(m.key, inArgs) + "]" + name(m.elem, inArgs);
    }
    if (t instanceof Type.Chan c) {
      switch (c.dir) {
        case SEND: return "chan<- " + name(c.elem, inArgs);
        case RECV: return "<-chan " + name(c.elem, inArgs);
        default: // chan (<-chan T) keeps its parentheses, as Go prints it
          return c.elem instanceof Type.Chan e && e.dir == Type.Chan.Dir.RECV ? "chan (" + name(c.elem, inArgs) + ")" : "chan " + name(c.elem, inArgs);
      }
    }
    if (t instanceof Type.Signature s) {
      StringBuilder b = new StringBuilder("func(");
      List<Obj.Var> ps = s.params.vars;
      for (int i = 0; i < ps.size(); i++) {
        if (i > 0) {
          b.append(", ");
        }
        Type pt = ps.get(i).type;
        if (s.variadic && i == ps.size() - 1 && pt instanceof Type.Slice sl) {
          b.append("...").append(name(sl.elem, inArgs));
        } else {
          b.append(name(pt, inArgs));
        }
      }
      b.append(")");
      List<Obj.Var> rs = s.results.vars;
      if (rs.size() == 1) {
        b.append(" ").append(name(rs.get(0).type, inArgs));
      } else if (rs.size() > 1) {
        b.append(" (");
        for (int i = 0; i < rs.size(); i++) {
          b.append(i > 0 ? ", " : "").append(name(rs.get(i).type, inArgs));
        }
        b.append(")");
      }
      return b.toString();
    }
    if (t instanceof Type.Struct st) {
      if (st.fields.isEmpty()) {
        return "struct {}";
      }
      StringBuilder b = new StringBuilder("struct { ");
      for (int i = 0; i < st.fields.size(); i++) {
        Obj.Var f = st.fields.get(i);
        b.append(i > 0 ? "; " : "");
        if (!f.embedded) {
          b.append(f.name).append(' ');
        }
        b.append(name(f.type, inArgs));
        String tag = st.tags == null || i >= st.tags.size() ? null : st.tags.get(i);
        if (tag != null && !tag.isEmpty()) { // tags are part of a struct type's identity and name
          b.append(' ').append(gol.interp.check.ConstOps.quote(tag.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
      }
      return b.append(" }").toString();
    }
    if (t instanceof Type.Interface it) {
      List<Obj.Func> ms = gol.interp.check.Types.complete(it); // embedded interfaces' methods too
      if (ms.isEmpty()) {
        return "interface {}";
      }
      StringBuilder b = new StringBuilder("interface { ");
      for (int i = 0; i < ms.size(); i++) {
        Obj.Func m = ms.get(i);
        b.append(i > 0 ? "; " : "").append(m.name).append(name(m.type, inArgs).substring(4));
      }
      return b.append(" }").toString();
    }
    return t.toString();
  }

  private static String args(List<Type> args) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < args.size(); i++) {
      b.append(i > 0 ? "," : "").append(name(args.get(i), true));
    }
    return b.append(']').toString();
  }

}
