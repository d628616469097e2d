package gol.interp.compile;

import gol.interp.types.Type;

/** Where values of a type live in a slot, and the integer facts the compiler's op choice needs. */
final class Layout {
  private Layout() {
  }

  /** The basic kind of {@code t}'s underlying type, or null for composite types. */
  static Type.Kind kind(Type t) {
    return t != null && t.underlying() instanceof Type.Basic b ? b.kind : null;
  }

  /** Whether values of {@code t} live in the long half of a slot (bools, integers, floats). */
  static boolean isPrim(Type t) {
    Type.Kind k = kind(t);
    if (k == null) {
      return false;
    }
    switch (k) {
      case STRING: case UNTYPED_STRING: case UNTYPED_NIL: case UNSAFE_POINTER: case INVALID:
      case COMPLEX64: case COMPLEX128: case UNTYPED_COMPLEX:
        return false;
      default:
        return true;
    }
  }

  /** Structs and arrays: composites with value semantics, held as owned objects (gol.runtime.Struct). */
  static boolean isValue(Type t) {
    Type u = t == null ? null : t.underlying();
    return u instanceof Type.Struct || u instanceof Type.Array;
  }

  static boolean isString(Type t) {
    Type.Kind k = kind(t);
    return k == Type.Kind.STRING || k == Type.Kind.UNTYPED_STRING;
  }

  /** complex64/complex128: immutable gol.runtime.Complex objects in the reference half. */
  static boolean isComplex(Type t) {
    Type.Kind k = kind(t);
    return k != null && k.isComplex();
  }

  static boolean isComplex64(Type t) {
    return kind(t) == Type.Kind.COMPLEX64;
  }

  static boolean isFloat(Type t) {
    Type.Kind k = kind(t);
    return k != null && k.isFloat();
  }

  static boolean isInteger(Type t) {
    Type.Kind k = kind(t);
    return k != null && k.isInteger();
  }

  /** uint, uint64, uintptr: the kinds whose values use all 64 bits unsigned. */
  static boolean isUnsigned64(Type t) {
    Type.Kind k = kind(t);
    return k == Type.Kind.UINT || k == Type.Kind.UINT64 || k == Type.Kind.UINTPTR;
  }

  static boolean isUnsigned(Type t) {
    Type.Kind k = kind(t);
    return k != null && k.isUnsigned();
  }

  static boolean isInterface(Type t) {
    return t != null && t.underlying() instanceof Type.Interface;
  }

  /**
   * The WRAP operand that normalises a result of integer type {@code t}, or 0 when none is needed
   * (64-bit kinds): 8/16/32 sign-extend, -8/-16/-32 zero-extend.
   */
  static int wrapCode(Type t) {
    Type.Kind k = kind(t);
    if (k == null || !k.isInteger() || k.bits() == 64 || k.isUntyped()) {
      return 0;
    }
    return k.isUnsigned() ? -k.bits() : k.bits();
  }

  static boolean isFloat32(Type t) {
    return kind(t) == Type.Kind.FLOAT32;
  }
}
