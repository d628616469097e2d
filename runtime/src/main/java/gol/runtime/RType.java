package gol.runtime;

import java.util.Map;

/**
 * A run-time type descriptor (Go's {@code _type}): what an interface value's dynamic type is,
 * what {@code %T} and {@code %v} print, and how values of the type are laid out. The compiler
 * builds one per distinct static type a program converts to an interface; identical types share
 * one descriptor, so descriptors compare by reference.
 */
public final class RType {
  /** Kinds, in the order of Go's reflect.Kind where they overlap. */
  public enum Kind {
    BOOL, INT, INT8, INT16, INT32, INT64, UINT, UINT8, UINT16, UINT32, UINT64, UINTPTR,
    FLOAT32, FLOAT64, COMPLEX64, COMPLEX128, ARRAY, CHAN, FUNC, INTERFACE, MAP, POINTER, SLICE,
    STRING, STRUCT, UNSAFE_POINTER;

    /** Whether values of this kind live in the long half of a slot. */
    public boolean isPrimitive() {
      return ordinal() <= FLOAT64.ordinal();
    }

    public boolean isSigned() {
      return ordinal() >= INT.ordinal() && ordinal() <= INT64.ordinal();
    }

    public boolean isUnsigned() {
      return ordinal() >= UINT.ordinal() && ordinal() <= UINTPTR.ordinal();
    }

    public boolean isFloat() {
      return this == FLOAT32 || this == FLOAT64;
    }
  }

  public final Kind kind;
  /** The type as {@code %T} prints it: {@code int}, {@code main.Point}, {@code []string}. */
  public final String name;
  /** Whether this is a defined (named) type. */
  public final boolean named;
  /** Element type of arrays, slices, pointers, channels, maps; null otherwise. */
  public RType elem;
  /** Key type of maps. */
  public RType key;
  /** Length of arrays. */
  public long len;
  /** Struct fields, in order. */
  public String[] fieldNames;
  public RType[] fieldTypes;
  public boolean[] fieldEmbedded;
  /**
   * Struct layout ({@link Struct}): field i lives in {@code l[fieldSlot[i]]} when its type's kind
   * is primitive, else in {@code r[fieldSlot[i]]}; {@code nl}/{@code nr} count the two halves.
   * Set by {@link #layOut()} once fieldTypes is complete.
   */
  public int[] fieldSlot;
  public int nl;
  public int nr;
  /**
   * The zero value's reference half when no field is a struct or array value (strings are
   * GoString.EMPTY, the rest null), so a new Struct clones it; built by Struct on first use.
   * NO_TEMPLATE when some field needs its own nested object.
   */
  volatile Object[] zeroR;
  /** unsafe.Sizeof of the type, computed on first use by {@link Alloc#sizeOf}; -1 until then. */
  long goSize = -1;
  /** Alloc's cache: the malloc size class of one object of this type (0 for size zero); -1 until known. */
  long goAllocSize = -1;
  /** Static interface types: the method names, sorted (for assertions and type switches). */
  public String[] ifaceMethods;
  /** Static interface types: each method's signature as gol prints it ({@code func(int) string}), parallel to ifaceMethods. */
  public String[] ifaceSigs;
  /**
   * Each method's signature by name, for matching against ifaceSigs (a method matches by name and
   * signature, as Go's itab lookup does); null where unknown (runtime-made types): names only.
   */
  public Map<String, String> methodSigs;
  /**
   * Methods by name (the value set for a value type, the pointer set for a pointer type): the
   * callable the interpreter dispatches to. Filled in by the compiler.
   */
  public Map<String, Object> methods = Map.of();
  /**
   * The interpreter's per-type method table for interface calls: entry i is the callable of the
   * i-th method name called through an interface (gol.interp.vm.Sites.Method), filled on first
   * use and replaced, never mutated, when it grows.
   */
  public Object[] imethods = NO_METHODS;
  private static final Object[] NO_METHODS = {};
  /**
   * An interface type's answers to "does dynamic type T implement it" (gol.interp.vm.Types.is):
   * pairs (T, Boolean) for the last few types asked about, replaced, never mutated, when it
   * changes; a racing reader sees an older array or a newer one.
   */
  public Object[] implCache = NO_METHODS;
  /**
   * Interface values of this primitive type holding 0..255, made as first needed and shared (as
   * Go's staticuint64s spare the allocation): an Iface is immutable, so nobody can tell. Racy by
   * design: two threads may each make one, and either serves.
   */
  public Iface[] smallBoxes;

  // ---- reflection (package reflect): filled in on first use by {@link #reflect()} ----

  /**
   * Builds the fields below on first use (set by the compiler; null once run or for types made
   * at run time, which fill them eagerly). Most programs never reflect, so start-up does not pay.
   */
  public volatile Runnable reflectInfo;
  /** Named types: the name without its package ({@code Point}); "" for unnamed types. */
  public String simpleName = "";
  /** Named types: the defining package's import path ("main", "encoding/json"); structs: the package of their unexported fields. */
  public String pkgPath = "";
  /** The underlying type (this for unnamed types). */
  public RType underlying;
  /** Struct fields' tags ("" when none), parallel to fieldNames. */
  public String[] fieldTags;
  /** Funcs: parameter and result types; the last parameter of a variadic func is a slice. */
  public RType[] in;
  public RType[] out;
  public boolean variadic;
  /** Channels: Go's reflect.ChanDir (1 receive, 2 send, 3 both). */
  public int chanDir;
  /** Interfaces: each method's func type, parallel to ifaceMethods. */
  public RType[] ifaceTypes;
  /**
   * Non-interface types: the method set's names, sorted (unexported ones included), and each
   * method's func type without the receiver.
   */
  public String[] methodNames = new String[0];
  public RType[] methodTypes = new RType[0];
  /** The program's type universe, to make or find derived types at run time (reflect.New, PointerTo). */
  public Universe universe;
  /** universe.pointerTo(this), once asked for (a universe's answer never changes). */
  private volatile RType pointerToThis;

  /**
   * The descriptor of {@code *this}: reflect asks at every Value.Addr and New (text/template at
   * every field it evaluates), and a universe's lookup builds a key and a name each time.
   */
  public RType pointer() {
    RType p = pointerToThis;
    if (p == null) {
      p = universe.pointerTo(this);
      pointerToThis = p;
    }
    return p;
  }

  /** The program's canonical descriptors: one per distinct type, found or made by name. */
  public interface Universe {
    /** The descriptor of {@code *elem}. */
    RType pointerTo(RType elem);

    /** The descriptor of {@code []elem}. */
    RType sliceOf(RType elem);

    /** The descriptor of a channel of elem with direction dir (1 receive, 2 send, 3 both). */
    RType chanOf(int dir, RType elem);

    /** The descriptor of {@code map[key]elem}. */
    RType mapOf(RType key, RType elem);

    /** The descriptor of the func type with these parameter and result types. */
    RType funcOf(RType[] in, RType[] out, boolean variadic);

    /** The descriptor of {@code [len]elem} (reflect.ArrayOf). */
    RType arrayOf(long len, RType elem);

    /**
     * The descriptor of the struct type with these fields (reflect.StructOf, which checked
     * them); pkgPath is the package of its unexported fields ("" if none).
     */
    RType structOf(String[] names, RType[] types, String[] tags, boolean[] embedded, String pkgPath);

    /** The descriptor of a predeclared type by name ("int", "string", "error", ...), or null. */
    RType basic(String name);
  }

  /** Makes sure the reflection fields are filled in; returns this. */
  public RType reflect() {
    if (reflectInfo != null) {
      synchronized (this) {
        Runnable r = reflectInfo;
        if (r != null) {
          r.run();
          reflectInfo = null;
        }
      }
    }
    return this;
  }

  public RType(Kind kind, String name, boolean named) {
    this.kind = kind;
    this.name = name;
    this.named = named;
  }

  /**
   * A type made at run time, as reflect makes one the program never names: unnamed, its own
   * underlying type, with no methods, in universe {@code u}; {@code elem} null for a struct.
   */
  public static RType madeAtRunTime(Universe u, Kind kind, String name, RType elem) {
    RType r = new RType(kind, name, false);
    r.elem = elem;
    r.universe = u;
    r.underlying = r;
    return r;
  }

  /**
   * Whether o, another descriptor, is this same predeclared type ({@code string}, {@code int},
   * ...) made apart from the program's universe: a native that panics with a string builds its
   * own {@code string} descriptor, and {@code r.(string)} or {@code r == "msg"} on the recovered
   * value must still hold. Asked only after an identity test failed.
   */
  public boolean samePredeclared(RType o) {
    return o != null && !named && !o.named && kind == o.kind && (universe == null || o.universe == null)
        && (kind.ordinal() <= Kind.COMPLEX128.ordinal() || kind == Kind.STRING) && name.equals(o.name);
  }

  /** Whether values of this type are composites with value semantics: structs and arrays. */
  public boolean isValue() {
    return kind == Kind.STRUCT || kind == Kind.ARRAY;
  }

  /** Computes fieldSlot/nl/nr from fieldTypes (structs only). */
  public void layOut() {
    int n = fieldTypes.length;
    fieldSlot = new int[n];
    nl = 0;
    nr = 0;
    for (int i = 0; i < n; i++) {
      fieldSlot[i] = fieldTypes[i].kind.isPrimitive() ? nl++ : nr++;
    }
  }

  /**
   * Whether == is defined on values of this type at run time (Go's comparable): false for
   * slices, maps, funcs and structs/arrays containing them.
   */
  public boolean comparable() {
    switch (kind) {
      case SLICE: case MAP: case FUNC:
        return false;
      case ARRAY:
        return elem.comparable();
      case STRUCT:
        for (RType f : fieldTypes) {
          if (!f.comparable()) {
            return false;
          }
        }
        return true;
      default:
        return true;
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
