package gol.stdlib.reflect;

import gol.runtime.G;
import gol.runtime.GoMap;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.IndexedNative;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Values;
import java.util.List;

/**
 * Package reflect's natives. The .gol side (gol/std/reflect/reflect.gol) wraps them: a Type is a
 * {@code *rtype} whose pointer is the {@link RType} itself; a Value holds a {@code *handle} whose
 * pointer is a {@link Val} (nil for the zero Value). Panics use Go's texts.
 */
public final class ReflectPkg {
  private ReflectPkg() {
  }

  /**
   * reflect's natives, told apart by a switch in one class (as fmt's, os's, strconv's and
   * unicode's are, gol.stdlib.Stdlib.link): a method reference or lambda each cost a lambda
   * linkage, a fraction of a millisecond of cold java.lang.invoke code, for each of the 80-odd
   * natives a program importing encoding/json links at start-up. The other classes' natives
   * (TypeNatives, Pointers, Chans, Funcs) are linked the same way.
   */
  private static final String[] NAMES = {
      "valueOf", "vKind", "vType", "vFlags", "vInterface", "vAny", "vInt", "vUint", "vFloat",
      "vBool", "vString", "vBytes", "vLen", "vCap", "vIndex", "vElem", "vIsNil", "vIsZero",
      "vNumField", "vField", "vAddr", "vMapKeys", "vMapIndex", "vSetMapIndex", "vMapClear", "vSet",
      "vSetInt", "vSetUint", "vSetFloat", "vSetString", "vSetBool", "vSetBytes", "vSetLen",
      "vSetZero", "vNumMethod", "vMethod", "vMethodByName", "vCall", "vConvert", "vAppend",
      "vCopy", "vSwap", "vSlice", "vSlice3", "zero", "newValue", "makeSlice", "makeMap",
      "deepEqual"};

  public static Native link(String name) {
    int i = IndexedNative.indexOf(NAMES, name);
    if (i >= 0) {
      return new Call(i);
    }
    Native n = TypeNatives.link(name);
    if (n == null) {
      n = Pointers.link(name);
    }
    if (n == null) {
      n = Chans.link(name);
    }
    return n != null ? n : Funcs.link(name);
  }

  private static final class Call extends IndexedNative {
    Call(int which) {
      super(which);
    }

    /**
     * valueOf to vAddr (kinds, flags, types, the value as an interface, scalars, lengths,
     * Index, Elem, Field: handles onto the same memory), vMapKeys, vMapIndex, the method
     * lookups, vConvert, vSlice, vSlice3, zero, newValue, makeSlice, makeMap and deepEqual only
     * read; the setters, vCall (which runs gol code), vAppend, vCopy and vSwap write.
     */
    @Override
    public boolean readsOnly() {
      return which <= 22 || which >= 34 && which <= 36 || which == 38
          || which >= 42;
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> g.rs[b] = Val.ofIface(g.rs[b], 0); // valueOf
        case 1 -> g.ls[b] = v(g, b) == null ? 0 : v(g, b).t.kind.ordinal() + 1; // vKind
        case 2 -> g.rs[b] = valid(g, b, "reflect.Value.Type").t; // vType
        case 3 -> g.ls[b] = v(g, b) == null ? 0 : v(g, b).flag; // vFlags
        case 4 -> vInterface(g, b);
        case 5 -> vAny(g, b);
        case 6 -> vInt(g, b);
        case 7 -> vUint(g, b);
        case 8 -> vFloat(g, b);
        case 9 -> g.ls[b] = want(g, b, "reflect.Value.Bool", Kind.BOOL).bits(); // vBool
        case 10 -> vString(g, b);
        case 11 -> vBytes(g, b);
        case 12 -> vLen(g, b);
        case 13 -> vCap(g, b);
        case 14 -> vIndex(g, b);
        case 15 -> vElem(g, b);
        case 16 -> vIsNil(g, b);
        case 17 -> g.ls[b] = Deep.isZero(valid(g, b, "reflect.Value.IsZero")) ? 1 : 0; // vIsZero
        case 18 -> g.ls[b] = want(g, b, "reflect.Value.NumField", Kind.STRUCT).t.fieldNames.length; // vNumField
        case 19 -> vField(g, b);
        case 20 -> vAddr(g, b);
        case 21 -> vMapKeys(g, b);
        case 22 -> vMapIndex(g, b);
        case 23 -> vSetMapIndex(g, b);
        case 24 -> vMapClear(g, b);
        case 25 -> vSet(g, b);
        case 26 -> vSetInt(g, b);
        case 27 -> vSetUint(g, b);
        case 28 -> vSetFloat(g, b);
        case 29 -> vSetString(g, b);
        case 30 -> vSetBool(g, b);
        case 31 -> vSetBytes(g, b);
        case 32 -> vSetLen(g, b);
        case 33 -> vSetZero(g, b);
        case 34 -> vNumMethod(g, b);
        case 35 -> vMethod(g, b);
        case 36 -> vMethodByName(g, b);
        case 37 -> Calls.call(g, b);
        case 38 -> Convert.convert(g, b);
        case 39 -> Slices.append(g, b);
        case 40 -> Slices.copy(g, b);
        case 41 -> Slices.swap(g, b);
        case 42 -> Slices.slice(g, b);
        case 43 -> Slices.slice3(g, b);
        case 44 -> g.rs[b] = Val.of((RType) g.rs[b], 0, Values.zeroRef((RType) g.rs[b]), 0); // zero
        case 45 -> newValue(g, b);
        case 46 -> Slices.makeSlice(g, b);
        case 47 -> makeMap(g, b);
        default -> g.ls[b] = Deep.equal(g.rs[b], g.rs[b + 1]) ? 1 : 0; // deepEqual
      }
    }
  }

  static Val v(G g, int b) {
    return (Val) g.rs[b];
  }

  /** The Value in slot b, which must be valid for {@code method}. */
  static Val valid(G g, int b, String method) {
    Val v = v(g, b);
    if (v == null) {
      throw valueError(method, null);
    }
    return v;
  }

  static Val want(G g, int b, String method, Kind k) {
    Val v = valid(g, b, method);
    if (v.t.kind != k) {
      throw valueError(method, v.t.kind);
    }
    return v;
  }

  /** Go's *ValueError panic: {@code reflect: call of M on K Value} (K null: zero Value). */
  static GoPanic valueError(String method, Kind k) {
    return Val.errorPanic("reflect: call of " + method + " on " + (k == null ? "zero" : TypeOps.kindName(k)) + " Value");
  }

  /** Go's mustBeAssignable for {@code method}. */
  static Val settable(G g, int b, String method) {
    Val v = valid(g, b, method);
    if ((v.flag & Val.RO) != 0) {
      throw Val.panic("reflect: " + method + " using value obtained using unexported field");
    }
    if ((v.flag & Val.ADDR) == 0) {
      throw Val.panic("reflect: " + method + " using unaddressable value");
    }
    return v;
  }

  /** Go's mustBeExported for {@code method}. */
  static Val exported(G g, int b, String method) {
    Val v = valid(g, b, method);
    if ((v.flag & Val.RO) != 0) {
      throw Val.panic("reflect: " + method + " using value obtained using unexported field");
    }
    return v;
  }

  private static void vInterface(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Interface");
    if ((v.flag & Val.RO) != 0) {
      throw Val.panic("reflect.Value.Interface: cannot return value obtained from unexported field or method");
    }
    if (v.method != null) {
      throw Val.panic("reflect.Value.Interface: gol cannot make a func value of a method value yet");
    }
    g.rs[b] = v.asInterfaceSlot();
  }

  /** vAny(h *handle) any: h's value as an interface even if it came from an unexported field. */
  private static void vAny(G g, int b) {
    g.rs[b] = valid(g, b, "reflect.Value.Equal").asInterfaceSlot();
  }

  private static void vInt(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Int");
    if (!v.t.kind.isSigned()) {
      throw valueError("reflect.Value.Int", v.t.kind);
    }
    g.ls[b] = v.bits();
  }

  private static void vUint(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Uint");
    if (!v.t.kind.isUnsigned()) {
      throw valueError("reflect.Value.Uint", v.t.kind);
    }
    g.ls[b] = v.bits();
  }

  private static void vFloat(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Float");
    if (!v.t.kind.isFloat()) {
      throw valueError("reflect.Value.Float", v.t.kind);
    }
    g.ls[b] = v.bits();
  }

  private static void vString(G g, int b) {
    Val v = v(g, b);
    if (v == null) {
      g.rs[b] = Val.str("<invalid Value>");
    } else if (v.t.kind == Kind.STRING) {
      g.rs[b] = v.ref();
    } else {
      g.rs[b] = Val.str("<" + v.t.name + " Value>");
    }
  }

  private static void vBytes(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Bytes");
    if (v.t.kind == Kind.SLICE && v.t.elem.kind == Kind.UINT8) {
      g.rs[b] = v.ref();
      return;
    }
    if (v.t.kind == Kind.ARRAY && v.t.elem.kind == Kind.UINT8) {
      if ((v.flag & Val.ADDR) == 0) {
        throw Val.panic("reflect.Value.Bytes of unaddressable byte array");
      }
      byte[] a = (byte[]) v.ref();
      g.rs[b] = new Slice(a, 0, a.length, a.length);
      return;
    }
    throw Val.panic("reflect.Value.Bytes of non-byte slice");
  }

  static int len(Val v, String method) {
    switch (v.t.kind) {
      case SLICE: {
        Slice s = (Slice) v.ref();
        return s == null ? 0 : s.len;
      }
      case ARRAY:
        return (int) v.t.len;
      case STRING:
        return ((GoString) v.ref()).len;
      case MAP:
        return GoMap.len((GoMap) v.ref());
      case CHAN:
        return v.ref() == null ? 0 : gol.runtime.Chan.len((gol.runtime.Chan) v.ref());
      case POINTER:
        if (v.t.elem.kind == Kind.ARRAY) {
          return (int) v.t.elem.len;
        }
        throw valueError(method, v.t.kind);
      default:
        throw valueError(method, v.t.kind);
    }
  }

  private static void vLen(G g, int b) {
    g.ls[b] = len(valid(g, b, "reflect.Value.Len"), "reflect.Value.Len");
  }

  private static void vCap(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Cap");
    switch (v.t.kind) {
      case SLICE: {
        Slice s = (Slice) v.ref();
        g.ls[b] = s == null ? 0 : s.cap;
        return;
      }
      case ARRAY:
        g.ls[b] = v.t.len;
        return;
      case CHAN:
        g.ls[b] = v.ref() == null ? 0 : gol.runtime.Chan.cap((gol.runtime.Chan) v.ref());
        return;
      case POINTER:
        if (v.t.elem.kind == Kind.ARRAY) {
          g.ls[b] = v.t.elem.len;
          return;
        }
        throw valueError("reflect.Value.Cap", v.t.kind);
      default:
        throw valueError("reflect.Value.Cap", v.t.kind);
    }
  }

  private static void vIndex(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Index");
    long i = g.ls[b + 1];
    switch (v.t.kind) {
      case SLICE: {
        Slice s = (Slice) v.ref();
        int n = s == null ? 0 : s.len;
        if (i < 0 || i >= n) {
          throw Val.panic("reflect: slice index out of range");
        }
        g.rs[b] = Val.at(v.t.elem, Val.LOC_ELEM, s.array, s.off + (int) i, Val.ro(v.flag) | Val.ADDR);
        return;
      }
      case ARRAY:
        if (i < 0 || i >= v.t.len) {
          throw Val.panic("reflect: array index out of range");
        }
        g.rs[b] = Val.at(v.t.elem, Val.LOC_ELEM, v.ref(), (int) i, Val.ro(v.flag) | (v.flag & Val.ADDR));
        return;
      case STRING: {
        GoString s = (GoString) v.ref();
        if (i < 0 || i >= s.len) {
          throw Val.panic("reflect: string index out of range");
        }
        RType u8 = v.t.universe == null ? null : v.t.universe.basic("uint8");
        g.rs[b] = Val.of(u8, s.byteAt((int) i), null, v.flag);
        return;
      }
      default:
        throw valueError("reflect.Value.Index", v.t.kind);
    }
  }

  private static void vElem(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Elem");
    if (v.t.kind == Kind.INTERFACE) {
      g.rs[b] = Val.ofIface(v.ref(), v.flag);
    } else if (v.t.kind == Kind.POINTER) {
      Object p = v.ref();
      g.rs[b] = p == null ? null : Val.deref(v.t.elem, p, Val.ro(v.flag));
    } else {
      throw valueError("reflect.Value.Elem", v.t.kind);
    }
  }

  private static void vIsNil(G g, int b) {
    Val v = valid(g, b, "reflect.Value.IsNil");
    switch (v.t.kind) {
      case CHAN: case FUNC: case MAP: case POINTER: case UNSAFE_POINTER: case INTERFACE: case SLICE:
        g.ls[b] = v.method == null && v.ref() == null ? 1 : 0;
        return;
      default:
        throw valueError("reflect.Value.IsNil", v.t.kind);
    }
  }

  private static void vField(G g, int b) {
    Val v = want(g, b, "reflect.Value.Field", Kind.STRUCT);
    long i = g.ls[b + 1];
    if (i < 0 || i >= v.t.fieldNames.length) {
      throw Val.panic("reflect: Field index out of range");
    }
    int flag = v.flag & ~Val.EMBED_RO;
    if (!TypeOps.exported(v.t.fieldNames[(int) i])) {
      flag |= v.t.fieldEmbedded[(int) i] ? Val.EMBED_RO : Val.STICKY_RO;
    }
    g.rs[b] = Val.at(v.t.fieldTypes[(int) i], Val.LOC_FIELD, v.ref(), (int) i, flag);
  }

  private static void vAddr(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Addr");
    if ((v.flag & Val.ADDR) == 0) {
      throw Val.panic("reflect.Value.Addr of unaddressable value");
    }
    g.rs[b] = Val.of(v.t.pointer(), 0, v.pointer(), v.flag);
  }

  private static void vMapKeys(G g, int b) {
    Val v = want(g, b, "reflect.Value.MapKeys", Kind.MAP);
    GoMap m = (GoMap) v.ref();
    int n = GoMap.len(m);
    long[] kb = new long[n];
    Object[] kr = new Object[n];
    if (n > 0) {
      m.entries(kb, kr, new long[n], new Object[n]);
    }
    Object[] out = new Object[n];
    for (int i = 0; i < n; i++) {
      out[i] = Val.of(v.t.key, kb[i], kr[i], v.flag);
    }
    g.rs[b] = new Slice(out, 0, n, n);
  }

  /** x as a value of type t for storing (Go's assignTo): (bits, ref) in out. */
  static void assignTo(Val x, RType t, String context, long[] bits, Object[] ref) {
    if (!TypeOps.assignable(x.t, t)) {
      throw Val.panic(context + ": value of type " + x.t.name + " is not assignable to type " + t.name);
    }
    if (t.kind == Kind.INTERFACE) {
      bits[0] = 0;
      ref[0] = x.asInterfaceSlot();
    } else {
      bits[0] = x.bits();
      ref[0] = t.kind.isPrimitive() ? null : Values.copy(t, x.ref());
    }
  }

  private static void vMapIndex(G g, int b) {
    Val v = want(g, b, "reflect.Value.MapIndex", Kind.MAP);
    Val k = (Val) g.rs[b + 1];
    if (k == null) {
      throw valueError("reflect.Value.MapIndex", null);
    }
    long[] kb = new long[1];
    Object[] kr = new Object[1];
    assignTo(k, v.t.key, "reflect.Value.MapIndex", kb, kr);
    GoMap m = (GoMap) v.ref();
    long[] ls = new long[1];
    Object[] rs = new Object[1];
    if (m == null || !m.get(kb[0], kr[0], ls, rs, 0)) {
      g.rs[b] = null;
      return;
    }
    g.rs[b] = Val.of(v.t.elem, ls[0], Values.copy(v.t.elem, rs[0]), v.flag);
  }

  /** Value.Clear of a map: every entry goes, NaN keys too (as the builtin clear). */
  private static void vMapClear(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Clear");
    GoMap m = (GoMap) v.ref();
    if (m != null) {
      m.clear();
    }
  }

  private static void vSetMapIndex(G g, int b) {
    Val v = exported(g, b, "reflect.Value.SetMapIndex");
    if (v.t.kind != Kind.MAP) {
      throw valueError("reflect.Value.SetMapIndex", v.t.kind);
    }
    Val k = (Val) g.rs[b + 1];
    Val e = (Val) g.rs[b + 2];
    if (k == null) {
      throw valueError("reflect.Value.SetMapIndex", null);
    }
    long[] kb = new long[1];
    Object[] kr = new Object[1];
    assignTo(k, v.t.key, "reflect.Value.SetMapIndex", kb, kr);
    GoMap m = (GoMap) v.ref();
    if (e == null) {
      if (m != null) {
        m.delete(kb[0], kr[0]);
      }
      return;
    }
    long[] eb = new long[1];
    Object[] er = new Object[1];
    assignTo(e, v.t.elem, "reflect.Value.SetMapIndex", eb, er);
    GoMap.put(m, kb[0], kr[0], eb[0], er[0]);
  }

  private static void vSet(G g, int b) {
    Val v = settable(g, b, "reflect.Set");
    Val x = (Val) g.rs[b + 1];
    if (x == null) {
      throw valueError("reflect.Value.Set", null);
    }
    if ((x.flag & Val.RO) != 0) {
      throw Val.panic("reflect: reflect.Value.Set using value obtained using unexported field");
    }
    long[] xb = new long[1];
    Object[] xr = new Object[1];
    assignTo(x, v.t, "reflect.Set", xb, xr);
    v.store(xb[0], xr[0]);
  }


  private static void vSetInt(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetInt");
    if (!v.t.kind.isSigned()) {
      throw valueError("reflect.Value.SetInt", v.t.kind);
    }
    v.store(Convert.truncate(v.t.kind, g.ls[b + 1]), null);
  }

  private static void vSetUint(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetUint");
    if (!v.t.kind.isUnsigned()) {
      throw valueError("reflect.Value.SetUint", v.t.kind);
    }
    v.store(Convert.truncate(v.t.kind, g.ls[b + 1]), null);
  }

  private static void vSetFloat(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetFloat");
    if (!v.t.kind.isFloat()) {
      throw valueError("reflect.Value.SetFloat", v.t.kind);
    }
    v.store(Convert.floatBits(v.t.kind, Double.longBitsToDouble(g.ls[b + 1])), null);
  }

  private static void vSetString(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetString");
    if (v.t.kind != Kind.STRING) {
      throw valueError("reflect.Value.SetString", v.t.kind);
    }
    v.store(0, g.rs[b + 1]);
  }

  private static void vSetBool(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetBool");
    if (v.t.kind != Kind.BOOL) {
      throw valueError("reflect.Value.SetBool", v.t.kind);
    }
    v.store(g.ls[b + 1] != 0 ? 1 : 0, null);
  }

  private static void vSetBytes(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetBytes");
    if (v.t.kind != Kind.SLICE) {
      throw valueError("reflect.Value.SetBytes", v.t.kind);
    }
    if (v.t.elem.kind != Kind.UINT8) {
      throw Val.panic("reflect.Value.SetBytes of non-byte slice");
    }
    v.store(0, g.rs[b + 1]);
  }

  private static void vSetLen(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetLen");
    if (v.t.kind != Kind.SLICE) {
      throw valueError("reflect.Value.SetLen", v.t.kind);
    }
    Slice s = (Slice) v.ref();
    long n = g.ls[b + 1];
    int cap = s == null ? 0 : s.cap;
    if (n < 0 || n > cap) {
      throw Val.panic("reflect: slice length out of range in SetLen");
    }
    v.store(0, s == null ? null : new Slice(s.array, s.off, (int) n, s.cap));
  }

  private static void vSetZero(G g, int b) {
    Val v = settable(g, b, "reflect.Value.SetZero");
    if (v.t.isValue()) {
      v.store(0, Values.zeroRef(v.t));
    } else {
      v.store(0, v.t.kind.isPrimitive() ? null : Values.zeroRef(v.t));
    }
  }

  private static void vNumMethod(G g, int b) {
    Val v = valid(g, b, "reflect.Value.NumMethod");
    g.ls[b] = v.method != null ? 0 : TypeOps.visibleMethods(v.t).size();
  }

  private static void vMethod(G g, int b) {
    Val v = valid(g, b, "reflect.Value.Method");
    List<Integer> ms = TypeOps.visibleMethods(v.t);
    long i = g.ls[b + 1];
    if (v.method != null || i < 0 || i >= ms.size()) {
      throw Val.panic("reflect: Method index out of range");
    }
    g.rs[b] = methodValue(v, ms.get((int) i));
  }

  private static Val methodValue(Val v, int j) {
    if (v.t.kind == Kind.INTERFACE) {
      if (v.ref() == null) {
        throw Val.panic("reflect: Method on nil interface value");
      }
      return Val.method(v.t.ifaceTypes[j], v, v.t.ifaceMethods[j]);
    }
    return Val.method(v.t.methodTypes[j], v, v.t.methodNames[j]);
  }

  private static void vMethodByName(G g, int b) {
    Val v = valid(g, b, "reflect.Value.MethodByName");
    String name = g.rs[b + 1].toString();
    if (v.method != null) {
      throw Val.panic("reflect: MethodByName of method value");
    }
    for (int j : TypeOps.visibleMethods(v.t)) {
      String n = v.t.kind == Kind.INTERFACE ? v.t.ifaceMethods[j] : v.t.methodNames[j];
      if (n.equals(name)) {
        g.rs[b] = methodValue(v, j);
        return;
      }
    }
    g.rs[b] = null;
  }

  private static void newValue(G g, int b) {
    RType t = (RType) g.rs[b];
    if (t == null) {
      throw Val.panic("reflect: New(nil)");
    }
    g.rs[b] = Val.of(t.pointer(), 0, Val.newVar(t), 0);
  }

  private static void makeMap(G g, int b) {
    RType t = (RType) g.rs[b];
    if (t.kind != Kind.MAP) {
      throw Val.panic("reflect.MakeMapWithSize of non-map type");
    }
    long n = g.ls[b + 1];
    g.rs[b] = Val.of(t, 0, new GoMap(t, (int) Math.max(0, Math.min(n, 1 << 20))), 0);
  }

  /** Used by fmt: the interface value a reflect.Value holds, for printing (null: invalid). */
  public static Object printable(Object handle, boolean[] invalid) {
    Val v = (Val) handle;
    if (v == null) {
      invalid[0] = true;
      return null;
    }
    if (v.method != null) {
      return null;
    }
    return v.asInterfaceSlot();
  }

  static Struct struct(Object o) {
    return (Struct) o;
  }
}
