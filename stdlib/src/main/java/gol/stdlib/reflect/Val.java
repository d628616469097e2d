package gol.stdlib.reflect;

import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.LongCell;
import gol.runtime.PlainError;
import gol.runtime.RType;
import gol.runtime.Ref;
import gol.runtime.RefCell;
import gol.runtime.Struct;
import gol.runtime.Values;

/**
 * The Java half of a reflect.Value (the .gol Value holds a pointer to one; the zero Value holds
 * nil): its type, its flags, and either the value itself or the variable it lives in.
 *
 * <p>A value read out of an interface, a map or a call is held directly ({@link #LOC_NONE}:
 * {@code bits}/{@code ref} as a slot holds it). A value reached through a pointer, a slice
 * element, an addressable array or struct names its variable instead, so Set writes where the
 * program will see it: a struct field ({@link #LOC_FIELD}), an element of a Java array
 * ({@link #LOC_ELEM}), a cell or Ref ({@link #LOC_PTR}), or a struct or array value object, which
 * is its own variable ({@link #LOC_SELF}, see gol.runtime.Struct on ownership). Immutable.
 */
final class Val {
  /**
   * Obtained through an unexported field: readable, not settable nor Interface-able (Go's
   * flagStickyRO). RO masks both read-only flags.
   */
  static final int RO = 1 | 4;
  static final int STICKY_RO = 1;
  /** An unexported embedded field (Go's flagEmbedRO): its exported fields are settable again. */
  static final int EMBED_RO = 4;
  /** Addressable (CanAddr); settable unless RO. */
  static final int ADDR = 2;

  static final int LOC_NONE = 0;
  static final int LOC_FIELD = 1;
  static final int LOC_ELEM = 2;
  static final int LOC_PTR = 3;
  static final int LOC_SELF = 4;

  final RType t;
  final int flag;
  final int loc;
  final long bits;
  final Object ref;
  /** The variable's holder (Struct, Java array, cell/Ref, value object) and index. */
  final Object holder;
  final int index;
  /** A method value (v.Method(i)): the receiver and the method's name; else null. */
  final Val recv;
  final String method;

  private Val(RType t, int flag, int loc, long bits, Object ref, Object holder, int index, Val recv, String method) {
    this.t = t;
    this.flag = flag;
    this.loc = loc;
    this.bits = bits;
    this.ref = ref;
    this.holder = holder;
    this.index = index;
    this.recv = recv;
    this.method = method;
  }

  /** A value held directly (not addressable). */
  static Val of(RType t, long bits, Object ref, int flag) {
    return new Val(t, ro(flag), LOC_NONE, bits, ref, null, 0, null, null);
  }

  /** The value of an interface: its dynamic type and value; null (the zero Value) for nil. */
  static Val ofIface(Object i, int flag) {
    if (i == null) {
      return null;
    }
    Iface v = (Iface) i;
    return of(v.type, v.bits, v.ref, flag);
  }

  /** The read-only flag a value derived from one with flags {@code flag} inherits (Go's flag.ro). */
  static int ro(int flag) {
    return (flag & RO) != 0 ? STICKY_RO : 0;
  }

  /** The variable {@code holder[index]} of type t (loc says how holder is read). */
  static Val at(RType t, int loc, Object holder, int index, int flag) {
    return new Val(t, flag, loc, 0, null, holder, index, null, null);
  }

  /** The method value recv.name, of func type t. */
  static Val method(RType t, Val recv, String name) {
    return new Val(t, ro(recv.flag), LOC_NONE, 0, null, null, 0, recv, name);
  }

  /** The variable a pointer points at: *p of type elem (p non-nil). */
  static Val deref(RType elem, Object p, int flag) {
    if (elem.isValue()) {
      return at(elem, LOC_SELF, p, 0, flag | ADDR);
    }
    return at(elem, LOC_PTR, p, 0, flag | ADDR);
  }

  RType.Kind kind() {
    return t.kind;
  }

  boolean canSet() {
    return (flag & (ADDR | RO)) == ADDR;
  }

  // ---- loads ----

  long bits() {
    if (!t.kind.isPrimitive()) {
      return 0;
    }
    switch (loc) {
      case LOC_NONE:
        return bits;
      case LOC_FIELD: {
        Struct s = (Struct) holder;
        return s.l[s.type.fieldSlot[index]];
      }
      case LOC_ELEM:
        return Values.elemBits(holder, index);
      case LOC_PTR:
        return Ref.loadL(holder);
      default:
        return 0;
    }
  }

  Object ref() {
    if (t.kind.isPrimitive()) {
      return null;
    }
    switch (loc) {
      case LOC_NONE:
        return ref;
      case LOC_FIELD: {
        Struct s = (Struct) holder;
        return s.r[s.type.fieldSlot[index]];
      }
      case LOC_ELEM:
        return ((Object[]) holder)[index];
      case LOC_PTR:
        return Ref.loadR(holder);
      default:
        return holder;
    }
  }

  /** The value as an interface of its own type holds it (a private copy of a struct or array). */
  Iface iface() {
    if (t.kind == RType.Kind.INTERFACE) {
      throw new IllegalStateException("iface of an interface-kind Val");
    }
    return t.kind.isPrimitive() ? new Iface(t, bits(), null) : new Iface(t, 0, Values.copy(t, ref()));
  }

  /** The value as a variable of interface type holds it: the Iface or null. */
  Object asInterfaceSlot() {
    return t.kind == RType.Kind.INTERFACE ? ref() : iface();
  }

  // ---- stores (the caller checked settability and types) ----

  void store(long b, Object r) {
    if (t.isValue()) {
      Values.assign(t, ref(), r);
      return;
    }
    boolean prim = t.kind.isPrimitive();
    switch (loc) {
      case LOC_FIELD: {
        Struct s = (Struct) holder;
        int k = s.type.fieldSlot[index];
        if (prim) {
          s.l[k] = b;
        } else {
          s.r[k] = r;
        }
        break;
      }
      case LOC_ELEM:
        if (holder instanceof long[] a) {
          a[index] = b;
        } else if (holder instanceof byte[] a) {
          a[index] = (byte) b;
        } else {
          ((Object[]) holder)[index] = r;
        }
        break;
      case LOC_PTR:
        if (prim) {
          Ref.storeL(holder, b);
        } else {
          Ref.storeR(holder, r);
        }
        break;
      default:
        throw new IllegalStateException("store into a value that is not a variable");
    }
  }

  /** &v: the pointer to this variable (v addressable). */
  Object pointer() {
    if (t.isValue()) {
      return ref();
    }
    boolean prim = t.kind.isPrimitive();
    switch (loc) {
      case LOC_FIELD: {
        Struct s = (Struct) holder;
        int k = s.type.fieldSlot[index];
        return new Ref(prim ? s.l : s.r, k);
      }
      case LOC_ELEM:
        return new Ref(holder, index);
      case LOC_PTR:
        return holder;
      default:
        throw new IllegalStateException("pointer to a value that is not a variable");
    }
  }

  /** A new zero variable of type t: what new(T) returns. */
  static Object newVar(RType t) {
    if (t.isValue()) {
      return Values.zeroRef(t);
    }
    if (t.kind.isPrimitive()) {
      return new LongCell(0);
    }
    return new RefCell(Values.zeroRef(t));
  }

  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  /** A panic whose value is the string msg, as Go's reflect panics with panic("reflect: ..."). */
  static GoPanic panic(String msg) {
    return new GoPanic(new Iface(STRING, 0, GoString.of(msg)));
  }

  /** A panic with an error value: where Go panics with an error (a *ValueError) not a string. */
  static GoPanic errorPanic(String msg) {
    return new GoPanic(new PlainError(msg));
  }

  static GoString str(String s) {
    return GoString.of(s);
  }
}
