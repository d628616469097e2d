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
   * Methods by name (the value set for a value type, the pointer set for a pointer type): the
   * callable the interpreter dispatches to. Filled in by the compiler.
   */
  public Map<String, Object> methods = Map.of();

  public RType(Kind kind, String name, boolean named) {
    this.kind = kind;
    this.name = name;
    this.named = named;
  }

  @Override
  public String toString() {
    return name;
  }
}
