package gol.stdlib.reflect;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.IndexedNative;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Ref;
import gol.runtime.Slice;
import gol.runtime.UnsafePointer;
import gol.stdlib.Addr;

/**
 * Value.Pointer, UnsafePointer and UnsafeAddr. gol values have no addresses, so a uintptr here is
 * made up from the object a pointer names (see gol.stdlib.Addr): equal pointers give equal
 * numbers (two Refs to one slot, a slice and a pointer to its first element), which is what
 * programs compare them for. An unsafe.Pointer of a pointer or of a slice's first element
 * converts back to that pointer; one of a map, channel, func or string only compares (converting
 * it to any pointer panics, as gol's unsafe.Pointer does for another layout).
 */
final class Pointers {
  private Pointers() {
  }

  /** The element type of the pointer type an opaque unsafe.Pointer claims to come from. */
  private static final RType OPAQUE = new RType(Kind.STRUCT, "reflect.opaque", true);

  /** The natives of this class, told apart by a switch (see ReflectPkg's NAMES). */
  private static final String[] NAMES = {
      "vPointer", "vUnsafePointer", "vUnsafeAddr", "newAt", "sliceAt", "vInterfaceData"};

  static Native link(String name) {
    int i = IndexedNative.indexOf(NAMES, name);
    return i >= 0 ? new Call(i) : null;
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> pointer(g, b);
        case 1 -> unsafePointer(g, b);
        case 2 -> unsafeAddr(g, b);
        case 3 -> newAt(g, b);
        case 4 -> sliceAt(g, b);
        default -> interfaceData(g, b);
      }
    }
  }

  /** func newAt(t *rtype, p unsafe.Pointer) *handle: p as a *t (a pointer of another layout panics). */
  private static void newAt(G g, int b) {
    RType t = ((RType) g.rs[b]).reflect();
    RType pt = t.pointer();
    Object p = g.rs[b + 1];
    g.rs[b + 1] = null;
    g.rs[b] = Val.of(pt, 0, p == null ? null : ((UnsafePointer) p).to(pt), 0);
  }

  /**
   * func sliceAt(t *rtype, p unsafe.Pointer, n int) *handle: the []t of n elements from p on. p
   * must point into an array of t (an element of a slice or array).
   */
  private static void sliceAt(G g, int b) {
    RType t = ((RType) g.rs[b]).reflect();
    Object p = g.rs[b + 1];
    long n = g.ls[b + 2];
    g.rs[b + 1] = null;
    RType st = t.universe.sliceOf(t);
    if (n < 0) {
      throw GoPanic.runtime("unsafe.Slice: len out of range");
    }
    if (p == null) {
      if (n > 0) {
        throw GoPanic.runtime("unsafe.Slice: ptr is nil and len is not zero");
      }
      g.rs[b] = Val.of(st, 0, null, 0);
      return;
    }
    Object ptr = ((UnsafePointer) p).to(t.pointer());
    if (!(ptr instanceof Ref r) || r.index + n > java.lang.reflect.Array.getLength(r.array)) {
      throw Val.panic("gol: reflect.SliceAt of " + n + " elements needs a pointer into an array at least that long"
          + " (gol cannot reinterpret memory)");
    }
    g.rs[b] = Val.of(st, 0, new Slice(r.array, r.index, (int) n, (int) n), 0);
  }

  /** func vInterfaceData(h *handle) (typ, data uintptr): made-up words of an interface value. */
  private static void interfaceData(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.InterfaceData");
    Object i = v.ref();
    g.rs[b] = null;
    if (i == null) {
      g.ls[b] = 0;
      g.ls[b + 1] = 0;
      return;
    }
    gol.runtime.Iface x = (gol.runtime.Iface) i;
    g.ls[b] = Addr.ofType(x.type);
    g.ls[b + 1] = x.ref != null ? address(x.ref) : x.bits;
  }

  /** func vPointer(h *handle) uintptr */
  private static void pointer(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.Pointer");
    g.rs[b] = null;
    if (v.method != null) {
      g.ls[b] = Addr.of(Pointers.class); // Go: one code pointer for every method value
      return;
    }
    Object ref = v.ref();
    switch (v.t.kind) {
      case POINTER, UNSAFE_POINTER, CHAN, MAP, FUNC, STRING -> g.ls[b] = address(ref);
      case SLICE -> g.ls[b] = address(firstElem(v.t, (Slice) ref));
      default -> throw ReflectPkg.valueError("reflect.Value.Pointer", v.t.kind);
    }
  }

  /** func vUnsafePointer(h *handle) unsafe.Pointer */
  private static void unsafePointer(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.UnsafePointer");
    if (v.method != null) {
      g.rs[b] = opaque(v.t, Pointers.class);
      return;
    }
    Object ref = v.ref();
    switch (v.t.kind) {
      case POINTER -> g.rs[b] = ref == null ? null : new UnsafePointer(v.t, ref);
      case UNSAFE_POINTER -> g.rs[b] = ref;
      case CHAN, MAP, FUNC, STRING -> g.rs[b] = ref == null ? null : opaque(v.t, ref);
      case SLICE -> {
        Slice s = (Slice) ref;
        Object first = firstElem(v.t, s);
        if (s == null) {
          g.rs[b] = null;
        } else if (s.cap == 0) {
          g.rs[b] = opaque(v.t, s); // Go: a non-nil pointer to no element (zerobase)
        } else {
          g.rs[b] = new UnsafePointer(v.t.elem.pointer(), first);
        }
      }
      default -> throw ReflectPkg.valueError("reflect.Value.UnsafePointer", v.t.kind);
    }
  }

  /** func vUnsafeAddr(h *handle) uintptr */
  private static void unsafeAddr(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.UnsafeAddr");
    if ((v.flag & Val.ADDR) == 0) {
      throw Val.panic("reflect.Value.UnsafeAddr of unaddressable value");
    }
    g.rs[b] = null;
    g.ls[b] = address(v.pointer());
  }

  /** &s[0] as gol makes it (the element object for a struct or array element); null for nil. */
  private static Object firstElem(RType t, Slice s) {
    if (s == null) {
      return null;
    }
    if (s.cap == 0 || s.array == null) {
      return s; // non-nil, and distinct from every element pointer
    }
    if (t.elem.isValue()) {
      return ((Object[]) s.array)[s.off];
    }
    return new Ref(s.array, s.off);
  }

  /** The made-up address of a pointer: a Ref's slot counts from its array's address. */
  static long address(Object p) {
    if (p instanceof UnsafePointer u) {
      return address(u.ptr);
    }
    if (p instanceof Ref r) {
      return Addr.of(r.array) + (long) r.index * (r.array instanceof byte[] ? 1 : 8);
    }
    return Addr.of(p);
  }

  /** An unsafe.Pointer that compares by what it holds and converts to no pointer type. */
  private static UnsafePointer opaque(RType t, Object ref) {
    RType from = new RType(Kind.POINTER, "*" + t.name, false);
    from.elem = OPAQUE;
    return new UnsafePointer(from, ref);
  }
}
