package gol.stdlib.reflect;

import gol.runtime.G;
import gol.runtime.Iface;
import gol.runtime.IndexedNative;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Slice;
import java.util.List;

/** The natives behind reflect.Type's methods: each takes the RType ({@code *rtype}) in slot b. */
final class TypeNatives {
  private TypeNatives() {
  }

  /** The natives of this class, told apart by a switch (see ReflectPkg's NAMES). */
  private static final String[] NAMES = {
      "typeOf", "tName", "tPkgPath", "tString", "tKind", "tElem", "tKey", "tLen", "tNumField",
      "tField", "tFieldByName", "tNumMethod", "tMethod", "tImplements", "tAssignableTo",
      "tConvertibleTo", "tComparable", "tNumIn", "tNumOut", "tIn", "tOut", "tIsVariadic",
      "tChanDir", "tPointerTo", "tSliceOf", "tChanOf", "tMapOf", "tArrayOf", "tStructOf", "tBits",
      "tSize", "tAlign"};

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
        case 0 -> g.rs[b] = g.rs[b] == null ? null : ((Iface) g.rs[b]).type; // typeOf
        case 1 -> g.rs[b] = Val.str(t(g, b).simpleName); // tName
        case 2 -> g.rs[b] = Val.str(t(g, b).named || t(g, b).kind == Kind.UNSAFE_POINTER ? t(g, b).pkgPath : ""); // tPkgPath
        case 3 -> g.rs[b] = Val.str(((RType) g.rs[b]).name); // tString
        case 4 -> g.ls[b] = ((RType) g.rs[b]).kind.ordinal() + 1; // tKind
        case 5 -> elem(g, b);
        case 6 -> g.rs[b] = need(g, b, Kind.MAP, "Key of non-map type ").key; // tKey
        case 7 -> g.ls[b] = need(g, b, Kind.ARRAY, "Len of non-array type ").len; // tLen
        case 8 -> g.ls[b] = need(g, b, Kind.STRUCT, "NumField of non-struct type ").fieldNames.length; // tNumField
        case 9 -> field(g, b);
        case 10 -> fieldByName(g, b);
        case 11 -> g.ls[b] = TypeOps.visibleMethods((RType) g.rs[b]).size(); // tNumMethod
        case 12 -> method(g, b);
        case 13 -> implementsIface(g, b);
        case 14 -> g.ls[b] = TypeOps.assignable(t(g, b), other(g, b, "AssignableTo")) ? 1 : 0; // tAssignableTo
        case 15 -> g.ls[b] = TypeOps.convertible(t(g, b), other(g, b, "ConvertibleTo")) ? 1 : 0; // tConvertibleTo
        case 16 -> g.ls[b] = ((RType) g.rs[b]).comparable() ? 1 : 0; // tComparable
        case 17 -> g.ls[b] = need(g, b, Kind.FUNC, "NumIn of non-func type ").in.length; // tNumIn
        case 18 -> g.ls[b] = need(g, b, Kind.FUNC, "NumOut of non-func type ").out.length; // tNumOut
        case 19 -> g.rs[b] = need(g, b, Kind.FUNC, "In of non-func type ").in[index(g, b, need(g, b, Kind.FUNC, "").in.length)]; // tIn
        case 20 -> g.rs[b] = need(g, b, Kind.FUNC, "Out of non-func type ").out[index(g, b, need(g, b, Kind.FUNC, "").out.length)]; // tOut
        case 21 -> g.ls[b] = need(g, b, Kind.FUNC, "IsVariadic of non-func type ").variadic ? 1 : 0; // tIsVariadic
        case 22 -> g.ls[b] = need(g, b, Kind.CHAN, "ChanDir of non-chan type ").chanDir; // tChanDir
        case 23 -> g.rs[b] = t(g, b).pointer(); // tPointerTo
        case 24 -> g.rs[b] = t(g, b).universe.sliceOf(t(g, b)); // tSliceOf
        case 25 -> chanOf(g, b);
        case 26 -> mapOf(g, b);
        case 27 -> { // tArrayOf
          RType elem = t(g, b + 1);
          g.rs[b] = elem.universe.arrayOf(g.ls[b], elem);
          g.rs[b + 1] = null;
        }
        case 28 -> structOf(g, b);
        case 29 -> bits(g, b);
        case 30 -> g.ls[b] = gol.runtime.Alloc.sizeOf(t(g, b)); // tSize
        default -> g.ls[b] = gol.runtime.Alloc.align(t(g, b)); // tAlign
      }
    }
  }

  /** func tChanOf(dir int, t *rtype) *rtype */
  private static void chanOf(G g, int b) {
    long dir = g.ls[b];
    RType t = t(g, b + 1);
    if (dir < 1 || dir > 3) {
      throw Val.panic("reflect.ChanOf: invalid dir");
    }
    g.rs[b] = t.universe.chanOf((int) dir, t);
    g.rs[b + 1] = null;
  }

  /** func tMapOf(key, elem *rtype) *rtype */
  private static void mapOf(G g, int b) {
    RType k = t(g, b);
    RType e = t(g, b + 1);
    if (!k.comparable()) {
      throw Val.panic("reflect.MapOf: invalid key type " + k.name);
    }
    g.rs[b] = k.universe.mapOf(k, e);
    g.rs[b + 1] = null;
  }

  /** func tStructOf(names []string, types []*rtype, tags []string, embedded []bool, pkgPath string, anyType *rtype) *rtype */
  private static void structOf(G g, int b) {
    Slice names = (Slice) g.rs[b];
    Slice types = (Slice) g.rs[b + 1];
    Slice tags = (Slice) g.rs[b + 2];
    Slice embedded = (Slice) g.rs[b + 3];
    String pkgPath = g.rs[b + 4].toString();
    RType any = (RType) g.rs[b + 5];
    int n = names == null ? 0 : names.len;
    String[] ns = new String[n];
    RType[] ts = new RType[n];
    String[] tg = new String[n];
    boolean[] em = new boolean[n];
    for (int i = 0; i < n; i++) {
      ns[i] = gol.runtime.Values.elemRef(names.array, names.off + i).toString();
      ts[i] = ((RType) gol.runtime.Values.elemRef(types.array, types.off + i)).reflect();
      tg[i] = gol.runtime.Values.elemRef(tags.array, tags.off + i).toString();
      em[i] = gol.runtime.Values.elemBits(embedded.array, embedded.off + i) != 0;
    }
    g.rs[b] = any.universe.structOf(ns, ts, tg, em, pkgPath);
    for (int i = 1; i <= 5; i++) {
      g.rs[b + i] = null;
    }
  }

  static RType t(G g, int b) {
    return ((RType) g.rs[b]).reflect();
  }

  private static RType need(G g, int b, Kind k, String what) {
    RType t = t(g, b);
    if (t.kind != k) {
      throw Val.panic("reflect: " + what + t.name);
    }
    return t;
  }

  private static int index(G g, int b, int n) {
    long i = g.ls[b + 1];
    if (i < 0 || i >= n) {
      throw gol.runtime.GoPanic.runtime("index out of range [" + i + "] with length " + n);
    }
    return (int) i;
  }

  private static RType other(G g, int b, String what) {
    RType u = (RType) g.rs[b + 1];
    if (u == null) {
      throw Val.panic("reflect: nil type passed to Type." + what);
    }
    return u.reflect();
  }

  private static void elem(G g, int b) {
    RType t = t(g, b);
    switch (t.kind) {
      case ARRAY: case CHAN: case MAP: case POINTER: case SLICE:
        g.rs[b] = t.elem;
        return;
      default:
        throw Val.panic("reflect: Elem of invalid type " + t.name);
    }
  }

  /** (name, pkgPath, type, tag, anonymous, offset) of field i. */
  private static void field(G g, int b) {
    RType t = need(g, b, Kind.STRUCT, "Field of non-struct type ");
    long i = g.ls[b + 1];
    if (i < 0 || i >= t.fieldNames.length) {
      throw Val.panic("reflect: Field index out of bounds");
    }
    int k = (int) i;
    String name = t.fieldNames[k];
    g.rs[b] = Val.str(name);
    g.rs[b + 1] = Val.str(TypeOps.exported(name) ? "" : t.pkgPath);
    g.rs[b + 2] = t.fieldTypes[k];
    g.rs[b + 3] = Val.str(t.fieldTags[k]);
    g.ls[b + 4] = t.fieldEmbedded[k] ? 1 : 0;
    g.ls[b + 5] = offset(t, k);
  }

  /** Field k's offset in gc's amd64 layout (unsafe.Offsetof), as Alloc lays structs out. */
  private static long offset(RType t, int k) {
    long off = 0;
    for (int i = 0; ; i++) {
      long a = gol.runtime.Alloc.align(t.fieldTypes[i]);
      off = (off + a - 1) / a * a;
      if (i == k) {
        return off;
      }
      off += gol.runtime.Alloc.sizeOf(t.fieldTypes[i]);
    }
  }

  /** The index path of the field named name ([]int), nil if none or ambiguous. */
  private static void fieldByName(G g, int b) {
    RType t = need(g, b, Kind.STRUCT, "FieldByName of non-struct type ");
    int[] path = TypeOps.fieldByName(t, g.rs[b + 1].toString());
    if (path == null) {
      g.rs[b] = null;
      return;
    }
    long[] a = new long[path.length];
    for (int i = 0; i < path.length; i++) {
      a[i] = path[i];
    }
    g.rs[b] = new Slice(a, 0, a.length, a.length);
  }

  /** (name, type, func handle or nil, index) of method i (Type.Method). */
  private static void method(G g, int b) {
    RType t = t(g, b);
    List<Integer> ms = TypeOps.visibleMethods(t);
    long i = g.ls[b + 1];
    if (i < 0 || i >= ms.size()) {
      throw Val.panic("reflect: Method index out of range");
    }
    int j = ms.get((int) i);
    if (t.kind == Kind.INTERFACE) {
      g.rs[b] = Val.str(t.ifaceMethods[j]);
      g.rs[b + 1] = t.ifaceTypes[j];
      g.rs[b + 2] = null;
      return;
    }
    String name = t.methodNames[j];
    RType ft = TypeOps.methodExprType(t, t.methodTypes[j].reflect());
    g.rs[b] = Val.str(name);
    g.rs[b + 1] = ft;
    g.rs[b + 2] = Val.of(ft, 0, t.methods.get(name), 0);
  }

  private static void implementsIface(G g, int b) {
    RType u = other(g, b, "Implements");
    if (u.kind != Kind.INTERFACE) {
      throw Val.panic("reflect: non-interface type passed to Type.Implements");
    }
    g.ls[b] = TypeOps.implementsIface(t(g, b), u) ? 1 : 0;
  }

  private static void bits(G g, int b) {
    RType t = t(g, b);
    int n;
    switch (t.kind) {
      case INT: case UINT: case INT64: case UINT64: case FLOAT64: case UINTPTR: case COMPLEX64: n = 64; break;
      case INT8: case UINT8: n = 8; break;
      case INT16: case UINT16: n = 16; break;
      case INT32: case UINT32: case FLOAT32: n = 32; break;
      case COMPLEX128: n = 128; break;
      default:
        throw Val.panic("reflect: Bits of non-arithmetic Type " + t.name);
    }
    g.ls[b] = n;
  }
}
