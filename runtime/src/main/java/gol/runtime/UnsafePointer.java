package gol.runtime;

/**
 * A non-nil unsafe.Pointer: the pointer it was made from and that pointer's type. gol values
 * live in the Java heap and have no addresses, so an unsafe.Pointer can only be converted back
 * to a pointer to the same kind of variable; converting it to a pointer of another layout
 * would reinterpret memory, which gol cannot do honestly (the conversion panics). Two
 * unsafe.Pointers are equal when their pointers are ({@link Ref#same}).
 */
public final class UnsafePointer {
  /** The pointer type it was converted from (kind POINTER). */
  public final RType type;
  /** The pointer itself (never null). */
  public final Object ptr;

  public UnsafePointer(RType type, Object ptr) {
    this.type = type;
    this.ptr = ptr;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UnsafePointer u && Ref.same(ptr, u.ptr);
  }

  @Override
  public int hashCode() {
    return ptr instanceof Ref r ? r.hashCode() : System.identityHashCode(ptr);
  }

  /** The pointer of type {@code to} this unsafe.Pointer holds; panics for another layout. */
  public Object to(RType to) {
    RType from = type.elem;
    RType want = to.elem;
    if (from == want || from.kind == want.kind && (from.kind.isPrimitive() || from.kind == RType.Kind.STRING)) {
      return ptr;
    }
    throw new GoPanic(new PlainError("gol: unsafe.Pointer from " + type.name + " converted to " + to.name
        + ": gol cannot reinterpret memory"));
  }
}
