package gol.interp.types;

import java.util.ArrayList;
import java.util.List;

/**
 * gol's static types, as go/types models them. {@link #toString()} gives the type as gc prints it
 * in error messages (a named type of the package being compiled is unqualified; others are
 * {@code pkg.Name}); identity and assignability live in {@code gol.interp.check.Types}.
 */
public abstract class Type {
  /** True while a type is spelled for identity ({@link #spelledForIdentity}): no parameter names. */
  private static final ThreadLocal<Boolean> SPELLING_FOR_IDENTITY = new ThreadLocal<>(); // null: false (no lambda at start-up)

  /**
   * The type as printed but without parameter names, so that identical types spell the same
   * ({@code func(x int)} and {@code func(y int)} are one type): for keys built from spellings.
   */
  public static String spelledForIdentity(Type t) {
    if (spellingForIdentity()) {
      return t.toString();
    }
    SPELLING_FOR_IDENTITY.set(Boolean.TRUE);
    try {
      return t.toString();
    } finally {
      SPELLING_FOR_IDENTITY.set(Boolean.FALSE);
    }
  }

  private static boolean spellingForIdentity() {
    return SPELLING_FOR_IDENTITY.get() == Boolean.TRUE;
  }

  /**
   * Set on the copy of a type that an alias declaration names ({@code type Ints = []int}): the
   * alias, which error messages print in place of the type, as types2 prints a use of an alias
   * with Go 1.23's materialised aliases (gotypesalias=1). Only types compared by structure are
   * copied (see {@link #withAlias}); identity, type-set keys and the runtime's type names
   * ({@code %T}) ignore the alias, and so does a spelling for identity.
   */
  public Obj.TypeName alias;
  /** For a copy made by {@link #withAlias}: the type it copies. */
  private Type unaliased;

  /**
   * This type named by alias {@code tn} (for messages only): a copy of it carrying the alias for
   * a type compared by structure; this type itself for a defined type, a type parameter or an
   * interface (whose method set the checker completes in place), which keep their own names.
   */
  public final Type withAlias(Obj.TypeName tn) {
    Type c = copyForAlias();
    if (c == null) {
      return this;
    }
    c.alias = tn;
    c.unaliased = unalias();
    return c;
  }

  /** The type without an alias's name (types2's Unalias). */
  public final Type unalias() {
    return unaliased != null ? unaliased : this;
  }

  /** A copy of this type for {@link #withAlias}, or null where an alias keeps the type itself. */
  Type copyForAlias() {
    return null;
  }

  /** The alias's name as a message prints it, or null to spell the type out. */
  final String aliasName() {
    return alias == null || spellingForIdentity() ? null : Named.qualified(alias);
  }

  /** The underlying type: itself for every type but {@link Named} (a copy for an alias: the type it copies). */
  public Type underlying() {
    return unalias();
  }

  /** Basic kinds, untyped constant kinds included. byte and rune are aliases of UINT8 and INT32. */
  public enum Kind {
    BOOL, INT, INT8, INT16, INT32, INT64, UINT, UINT8, UINT16, UINT32, UINT64, UINTPTR,
    FLOAT32, FLOAT64, COMPLEX64, COMPLEX128, STRING, UNSAFE_POINTER,
    UNTYPED_BOOL, UNTYPED_INT, UNTYPED_RUNE, UNTYPED_FLOAT, UNTYPED_COMPLEX, UNTYPED_STRING, UNTYPED_NIL, INVALID;

    public boolean isInteger() {
      return (ordinal() >= INT.ordinal() && ordinal() <= UINTPTR.ordinal()) || this == UNTYPED_INT || this == UNTYPED_RUNE;
    }

    public boolean isUnsigned() {
      return ordinal() >= UINT.ordinal() && ordinal() <= UINTPTR.ordinal();
    }

    public boolean isFloat() {
      return this == FLOAT32 || this == FLOAT64 || this == UNTYPED_FLOAT;
    }

    public boolean isComplex() {
      return this == COMPLEX64 || this == COMPLEX128 || this == UNTYPED_COMPLEX;
    }

    public boolean isNumeric() {
      return isInteger() || isFloat() || isComplex();
    }

    public boolean isUntyped() {
      return ordinal() >= UNTYPED_BOOL.ordinal() && ordinal() <= UNTYPED_NIL.ordinal();
    }

    /** Size in bits of a sized integer kind (int, uint and uintptr are 64). */
    public int bits() {
      switch (this) {
        case INT8: case UINT8: return 8;
        case INT16: case UINT16: return 16;
        case INT32: case UINT32: case FLOAT32: return 32;
        default: return 64;
      }
    }
  }

  public static final class Basic extends Type {
    public final Kind kind;
    public final String name;

    public Basic(Kind kind, String name) {
      this.kind = kind;
      this.name = name;
    }

    @Override
    Type copyForAlias() {
      return kind.isUntyped() || kind == Kind.INVALID ? null : new Basic(kind, name);
    }

    @Override
    public String toString() {
      String a = aliasName();
      return a != null ? a : name;
    }
  }

  /**
   * A defined type: {@code type Celsius float64}. The underlying type is set once resolved.
   * A generic type ({@code type Stack[T any] ...}) has {@code typeParams}; each instantiation
   * ({@code Stack[int]}) is a Named of its own with {@code origin} and {@code typeArgs}, made
   * once per distinct argument list, so instantiated types compare by identity like others.
   */
  public static final class Named extends Type {
    public final Obj.TypeName obj;
    public Type under;
    public final List<Obj.Func> methods = new ArrayList<>();
    /** A generic type's parameters; empty otherwise. */
    public List<TypeParam> typeParams = List.of();
    /** For an instantiated type: the generic type and the arguments. */
    public Named origin;
    public List<Type> typeArgs;
    /** A generic type's instances, by the key of their arguments. */
    public java.util.Map<String, Named> instances;

    public Named(Obj.TypeName obj, Type under) {
      this.obj = obj;
      this.under = under;
    }

    @Override
    public Type underlying() {
      Type u = under;
      // a chain of named types is resolved to the first non-named type
      while (u instanceof Named n) {
        u = n.under;
      }
      return u;
    }

    /** A type name as messages print it: qualified by its package unless that is main (or none). */
    static String qualified(Obj.TypeName obj) {
      Pkg p = obj.pkg;
      return p == null ? obj.name : Qualifier.isFull() ? p.path + "." + obj.name
          : p.isMain() ? obj.name : Qualifier.of(p) + "." + obj.name;
    }

    @Override
    public String toString() {
      String name = qualified(obj);
      // (a generic type stands for itself instantiated with its own parameters: List[T])
      List<? extends Type> args = typeArgs != null ? typeArgs : typeParams;
      if (!args.isEmpty()) {
        StringBuilder b = new StringBuilder(name).append('[');
        for (int i = 0; i < args.size(); i++) {
          b.append(i > 0 ? ", " : "").append(args.get(i));
        }
        name = b.append(']').toString();
      }
      return name;
    }
  }

  /**
   * A type parameter: {@code T} in {@code func F[T Number]}. Its underlying type is its
   * constraint's core type when there is one ({@code ~[]E} gives {@code []E}, {@code ~int} gives
   * int), so indexing, ranging and arithmetic work through it; otherwise itself.
   */
  public static final class TypeParam extends Type {
    public final Obj.TypeName obj;
    /** The constraint (a Named interface, or an implicit Interface for {@code ~int | ~string}). */
    public Type constraint;
    /** Set once the constraint is resolved: the single underlying type of its type set, or null. */
    public Type core;
    /** The name of the file declaring it, as error messages print it ("cannot infer T (file:L:C)"). */
    public String file;

    public TypeParam(Obj.TypeName obj) {
      this.obj = obj;
    }

    /** The constraint's interface (type set and methods); null while unresolved. */
    public Interface iface() {
      return constraint != null && constraint.underlying() instanceof Interface i ? i : null;
    }

    @Override
    public Type underlying() {
      return core != null ? core : this;
    }

    /** The names a method's receiver gives the type's parameters, while its body is checked. */
    private static final ThreadLocal<java.util.Map<TypeParam, String>> RECEIVER_NAMES = new ThreadLocal<>();

    /**
     * Prints the type parameters of m by the names m gives (a method's receiver T[X, Y] for
     * the type's own T[A, B], as gc's messages name them) until called again; returns the
     * previous map (null: none).
     */
    public static java.util.Map<TypeParam, String> printAs(java.util.Map<TypeParam, String> m) {
      java.util.Map<TypeParam, String> prev = RECEIVER_NAMES.get();
      if (m == null) {
        RECEIVER_NAMES.remove();
      } else {
        RECEIVER_NAMES.set(m);
      }
      return prev;
    }

    @Override
    public String toString() {
      java.util.Map<TypeParam, String> names = RECEIVER_NAMES.get();
      if (names != null && !spellingForIdentity()) {
        String n = names.get(this);
        if (n != null) {
          return n;
        }
      }
      return obj.name;
    }
  }

  /** One term of a type set: {@code T} or {@code ~T}. */
  public record Term(boolean tilde, Type type) {
    @Override
    public String toString() {
      return (tilde ? "~" : "") + type;
    }
  }

  public static final class Pointer extends Type {
    public final Type elem;

    public Pointer(Type elem) {
      this.elem = elem;
    }

    @Override
    Type copyForAlias() {
      return new Pointer(elem);
    }

    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      return "*" + elem;
    }
  }

  public static final class Slice extends Type {
    public final Type elem;

    public Slice(Type elem) {
      this.elem = elem;
    }

    @Override
    Type copyForAlias() {
      return new Slice(elem);
    }

    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      return "[]" + elem;
    }
  }

  public static final class Array extends Type {
    public final long len;
    public final Type elem;

    public Array(long len, Type elem) {
      this.len = len;
      this.elem = elem;
    }

    @Override
    Type copyForAlias() {
      return new Array(len, elem);
    }

    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      return "[" + len + "]" + elem;
    }
  }

  public static final class Map extends Type {
    public final Type key;
    public final Type elem;

    public Map(Type key, Type elem) {
      this.key = key;
      this.elem = elem;
    }

    @Override
    Type copyForAlias() {
      return new Map(key, elem);
    }

    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      return "map[" + key + "]" + elem;
    }
  }

  public static final class Chan extends Type {
    public enum Dir { BOTH, SEND, RECV }

    public final Dir dir;
    public final Type elem;

    public Chan(Dir dir, Type elem) {
      this.dir = dir;
      this.elem = elem;
    }

    @Override
    Type copyForAlias() {
      return new Chan(dir, elem);
    }

    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      switch (dir) {
        case SEND: return "chan<- " + elem;
        case RECV: return "<-chan " + elem;
        default:
          // chan (<-chan T) needs parentheses to stay unambiguous
          return elem instanceof Chan c && c.dir == Dir.RECV ? "chan (" + elem + ")" : "chan " + elem;
      }
    }
  }

  /** A function type. {@code recv} is non-null for a method's signature; variadic: last param is a slice. */
  public static final class Signature extends Type {
    public final Obj.Var recv;
    public final Tuple params;
    public final Tuple results;
    public final boolean variadic;

    public Signature(Obj.Var recv, Tuple params, Tuple results, boolean variadic) {
      this.recv = recv;
      this.params = params;
      this.results = results;
      this.variadic = variadic;
    }

    @Override
    Type copyForAlias() {
      return recv != null ? null : new Signature(null, params, results, variadic);
    }

    /** As gc prints a function type: with its parameters' names ({@code func(yield func(int) bool)}). */
    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      return "func" + signatureString(!spellingForIdentity());
    }

    /** {@code (int, ...string) (bool, error)} — the part after "func", without parameter names. */
    public String signatureString() {
      return signatureString(false);
    }

    /** The part after "func", with the parameters' names when they have them. */
    public String signatureString(boolean names) {
      StringBuilder b = new StringBuilder("(");
      for (int i = 0; i < params.vars.size(); i++) {
        if (i > 0) {
          b.append(", ");
        }
        Obj.Var v = params.vars.get(i);
        Type t = v.type;
        if (names && !v.name.isEmpty()) {
          b.append(v.name).append(' ');
        }
        if (variadic && i == params.vars.size() - 1 && t instanceof Slice s) {
          b.append("...").append(s.elem);
        } else {
          b.append(t);
        }
      }
      b.append(")");
      int n = results.vars.size();
      if (n == 1 && results.vars.get(0).name.isEmpty()) {
        b.append(" ").append(results.vars.get(0).type);
      } else if (n > 0) {
        b.append(" ").append(results);
      }
      return b.toString();
    }
  }

  /** A struct; fields are Obj.Var with {@code isField}, embedded ones with {@code embedded}. */
  public static final class Struct extends Type {
    public final List<Obj.Var> fields;
    public final List<String> tags;

    public Struct(List<Obj.Var> fields, List<String> tags) {
      this.fields = fields;
      this.tags = tags;
    }

    @Override
    Type copyForAlias() {
      return new Struct(fields, tags);
    }

    @Override
    public String toString() {
      String a = aliasName();
      if (a != null) {
        return a;
      }
      StringBuilder b = new StringBuilder("struct{");
      for (int i = 0; i < fields.size(); i++) {
        if (i > 0) {
          b.append("; ");
        }
        Obj.Var f = fields.get(i);
        if (!f.embedded) {
          b.append(f.name).append(' ');
        }
        b.append(f.type);
        String tag = tags == null || i >= tags.size() ? null : tags.get(i);
        if (tag != null && !tag.isEmpty()) {
          b.append(' ').append(gol.interp.check.ConstOps.quote(tag.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
      }
      return b.append("}").toString();
    }
  }

  /**
   * An interface: {@code methods} declared here, {@code embeddeds} embedded interfaces;
   * {@code allMethods} (set by the checker once complete) is the full method set sorted by name.
   */
  public static final class Interface extends Type {
    public final List<Obj.Func> methods;
    public final List<Type> embeddeds;
    public List<Obj.Func> allMethods;
    /** The predeclared {@code any} (identical to {@code interface{}}, but printed as gc prints it). */
    public boolean isAny;
    /**
     * A constraint's type set beyond its methods: the union terms of this interface (null: no
     * union elements, every type), and whether it embeds {@code comparable}. Embedded
     * interfaces' sets are intersected in by the checker into {@code typeSet}.
     */
    public List<Term> terms;
    /** How many embedded types come before the union element in the source (gc prints elements in order); -1: after them. */
    public int termsAt = -1;
    public boolean comparable;
    /** Set by the checker: the terms of the whole type set (intersection); null: all types. */
    public List<Term> typeSet;
    /** An implicit interface written as a bare constraint ({@code [T ~int | ~string]}). */
    public boolean implicit;
    /** The predeclared {@code comparable}. */
    public boolean isComparable;

    public Interface(List<Obj.Func> methods, List<Type> embeddeds) {
      this.methods = methods;
      this.embeddeds = embeddeds;
    }

    public boolean isEmpty() {
      return allMethods != null ? allMethods.isEmpty() : methods.isEmpty() && embeddeds.isEmpty();
    }

    @Override
    public String toString() {
      if (isAny) {
        return "any";
      }
      if (isComparable) {
        return "comparable";
      }
      if (implicit && terms != null) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < terms.size(); i++) {
          b.append(i > 0 ? " | " : "").append(terms.get(i));
        }
        return b.toString();
      }
      // as go/types prints it: the explicit methods sorted by name, then the embedded types
      List<Obj.Func> ms = new java.util.ArrayList<>(methods);
      ms.sort(java.util.Comparator.comparing(m -> m.name));
      StringBuilder b = new StringBuilder("interface{");
      boolean first = true;
      for (Obj.Func m : ms) {
        b.append(first ? "" : "; ").append(m.name).append(((Signature) m.type).signatureString(!spellingForIdentity()));
        first = false;
      }
      int at = termsAt < 0 || termsAt > embeddeds.size() ? embeddeds.size() : termsAt;
      for (int k = 0; k <= embeddeds.size(); k++) {
        if (k == at && terms != null) { // the union (the checker keeps the intersection of several)
          b.append(first ? "" : "; ");
          for (int i = 0; i < terms.size(); i++) {
            b.append(i > 0 ? " | " : "").append(terms.get(i));
          }
          first = false;
        }
        if (k < embeddeds.size()) {
          b.append(first ? "" : "; ").append(embeddeds.get(k));
          first = false;
        }
      }
      return b.append("}").toString();
    }
  }

  /** The results of a multi-value call, and parameter/result lists. */
  public static final class Tuple extends Type {
    public final List<Obj.Var> vars;

    public Tuple(List<Obj.Var> vars) {
      this.vars = vars;
    }

    public int size() {
      return vars.size();
    }

    public Type at(int i) {
      return vars.get(i).type;
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("(");
      for (int i = 0; i < vars.size(); i++) {
        if (i > 0) {
          b.append(", ");
        }
        Obj.Var v = vars.get(i);
        if (!v.name.isEmpty() && !spellingForIdentity()) {
          b.append(v.name).append(' ');
        }
        b.append(v.type);
      }
      return b.append(")").toString();
    }
  }
}
