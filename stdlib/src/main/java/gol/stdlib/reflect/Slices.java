package gol.stdlib.reflect;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Slice;
import gol.runtime.Values;

/** reflect's slice operations: MakeSlice, Append, AppendSlice, Copy, Slice, and Swapper's swap. */
final class Slices {
  private Slices() {
  }

  /** Element i of Java array arr (of element type t) := a, given as an interface holds it. */
  static void storeElem(Object arr, int i, RType t, Object a) {
    if (t.kind == Kind.INTERFACE) {
      ((Object[]) arr)[i] = a;
    } else if (arr instanceof long[] l) {
      l[i] = ((Iface) a).bits;
    } else if (arr instanceof byte[] y) {
      y[i] = (byte) ((Iface) a).bits;
    } else {
      ((Object[]) arr)[i] = Values.copy(t, ((Iface) a).ref);
    }
  }

  /** makeSlice(t *rtype, len, cap int) *handle. */
  static void makeSlice(G g, int b) {
    RType t = (RType) g.rs[b];
    long len = g.ls[b + 1];
    long cap = g.ls[b + 2];
    if (t.kind != Kind.SLICE) {
      throw Val.panic("reflect.MakeSlice of non-slice type");
    }
    if (len < 0) {
      throw Val.panic("reflect.MakeSlice: negative len");
    }
    if (cap < 0) {
      throw Val.panic("reflect.MakeSlice: negative cap");
    }
    if (len > cap) {
      throw Val.panic("reflect.MakeSlice: len > cap");
    }
    g.rs[b] = Val.of(t, 0, new Slice(Values.newArray(t.elem, (int) cap), 0, (int) len, (int) cap), 0);
  }

  /** vAppend(s *handle, xs []*handle, other *handle) *handle: Append(s, xs...) or, with other, AppendSlice(s, other). */
  static void append(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Append");
    if (v.t.kind != Kind.SLICE) {
      throw ReflectPkg.valueError("reflect.Value.Len", v.t.kind);
    }
    RType et = v.t.elem;
    Slice s = (Slice) v.ref();
    Val other = (Val) g.rs[b + 2];
    Object[] add;
    if (other != null) {
      if (other.t.kind != Kind.SLICE) {
        throw ReflectPkg.valueError("reflect.AppendSlice", other.t.kind);
      }
      if (other.t.elem != et) {
        throw Val.panic("reflect.AppendSlice: " + v.t.name + " != " + other.t.name);
      }
      Slice o = (Slice) other.ref();
      int n = o == null ? 0 : o.len;
      add = new Object[n];
      for (int i = 0; i < n; i++) {
        add[i] = et.kind == Kind.INTERFACE ? Values.elemRef(o.array, o.off + i)
            : new Iface(et, Values.elemBits(o.array, o.off + i), Values.elemRef(o.array, o.off + i));
      }
    } else {
      Slice xs = (Slice) g.rs[b + 1];
      int n = xs == null ? 0 : xs.len;
      add = new Object[n];
      for (int i = 0; i < n; i++) {
        Val x = (Val) ((Object[]) xs.array)[xs.off + i];
        if (x == null) {
          throw ReflectPkg.valueError("reflect.Value.Set", null);
        }
        if (!TypeOps.assignable(x.t, et)) {
          throw Val.panic("reflect.Set: value of type " + x.t.name + " is not assignable to type " + et.name);
        }
        add[i] = et.kind == Kind.INTERFACE ? x.asInterfaceSlot() : (x.t.kind == Kind.INTERFACE ? x.ref() : x.iface());
      }
    }
    int len = s == null ? 0 : s.len;
    int cap = s == null ? 0 : s.cap;
    int need = len + add.length;
    Object arr;
    int off;
    int newCap;
    if (need <= cap) {
      arr = s.array;
      off = s.off;
      newCap = cap;
    } else {
      newCap = grownCap(need, cap, et);
      arr = Values.newArray(et, newCap);
      if (len > 0) {
        System.arraycopy(s.array, s.off, arr, 0, len);
        if (et.isValue()) { // the old array keeps its own values
          Object[] o = (Object[]) arr;
          for (int i = 0; i < len; i++) {
            o[i] = Values.copy(et, o[i]);
          }
        }
      }
      Alloc.array(g, et, newCap);
      off = 0;
    }
    for (int i = 0; i < add.length; i++) {
      storeElem(arr, off + len + i, et, add[i]);
    }
    g.rs[b] = Val.of(v.t, 0, new Slice(arr, off, need, newCap), v.flag & Val.RO);
  }

  /**
   * The capacity Go's growslice gives a slice of capacity cap that must hold need elements of
   * type et (append's growth, then the allocation's size class), as the VM's append grows.
   */
  static int grownCap(long need, long cap, RType et) {
    long size = Alloc.sizeOf(et);
    if (size == 0) {
      return (int) need;
    }
    long c = Alloc.roundupsize(Alloc.nextslicecap(need, cap) * size, Alloc.noscan(et)) / size;
    return (int) Math.min(c, Integer.MAX_VALUE - 8);
  }

  /** vCopy(dst, src *handle) int: reflect.Copy. */
  static void copy(G g, int b) {
    Val d = ReflectPkg.valid(g, b, "reflect.Copy");
    Val s = (Val) g.rs[b + 1];
    if (d.t.kind != Kind.SLICE && d.t.kind != Kind.ARRAY) {
      throw ReflectPkg.valueError("reflect.Copy", d.t.kind);
    }
    if (d.t.kind == Kind.ARRAY && !d.canSet()) {
      throw Val.panic("reflect: reflect.Copy using unaddressable value");
    }
    if (s == null) {
      throw ReflectPkg.valueError("reflect.Copy", null);
    }
    if (s.t.kind == Kind.STRING && d.t.elem.kind == Kind.UINT8) {
      GoString str = (GoString) s.ref();
      Slice ds = asSlice(d);
      int n = Math.min(ds == null ? 0 : ds.len, str.len);
      if (n > 0) {
        System.arraycopy(str.bytes, str.off, ds.array, ds.off, n);
      }
      g.ls[b] = n;
      return;
    }
    if (s.t.kind != Kind.SLICE && s.t.kind != Kind.ARRAY) {
      throw ReflectPkg.valueError("reflect.Copy", s.t.kind);
    }
    if (s.t.elem != d.t.elem) {
      throw Val.panic("reflect.Copy: " + d.t.elem.name + " != " + s.t.elem.name);
    }
    Slice ds = asSlice(d);
    Slice ss = asSlice(s);
    int n = Math.min(ds == null ? 0 : ds.len, ss == null ? 0 : ss.len);
    RType et = d.t.elem;
    if (n > 0) {
      if (et.isValue()) {
        Object[] tmp = new Object[n];
        for (int i = 0; i < n; i++) {
          tmp[i] = Values.copy(et, ((Object[]) ss.array)[ss.off + i]);
        }
        for (int i = 0; i < n; i++) {
          Values.assign(et, ((Object[]) ds.array)[ds.off + i], tmp[i]);
        }
      } else {
        System.arraycopy(ss.array, ss.off, ds.array, ds.off, n);
      }
    }
    g.ls[b] = n;
  }

  private static Slice asSlice(Val v) {
    if (v.t.kind == Kind.SLICE) {
      return (Slice) v.ref();
    }
    Object a = v.ref();
    return new Slice(a, 0, (int) v.t.len, (int) v.t.len);
  }

  /** vSwap(s *handle, i, j int): Swapper's swap. */
  static void swap(G g, int b) {
    Val v = (Val) g.rs[b];
    Slice s = (Slice) v.ref();
    int n = s == null ? 0 : s.len;
    long i = g.ls[b + 1];
    long j = g.ls[b + 2];
    if (i < 0 || i >= n) {
      throw GoPanic.runtime("index out of range [" + i + "] with length " + n);
    }
    if (j < 0 || j >= n) {
      throw GoPanic.runtime("index out of range [" + j + "] with length " + n);
    }
    int x = s.off + (int) i;
    int y = s.off + (int) j;
    if (s.array instanceof long[] a) {
      long t = a[x];
      a[x] = a[y];
      a[y] = t;
    } else if (s.array instanceof byte[] a) {
      byte t = a[x];
      a[x] = a[y];
      a[y] = t;
    } else {
      Object[] a = (Object[]) s.array;
      Object t = a[x];
      a[x] = a[y];
      a[y] = t;
    }
  }

  /** vSlice(v *handle, i, j int) *handle: v[i:j] of a slice, string or addressable array. */
  static void slice(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.Slice");
    long i = g.ls[b + 1];
    long j = g.ls[b + 2];
    switch (v.t.kind) {
      case SLICE: {
        Slice s = (Slice) v.ref();
        int cap = s == null ? 0 : s.cap;
        if (i < 0 || j < i || j > cap) {
          throw Val.panic("reflect.Value.Slice: slice index out of bounds");
        }
        g.rs[b] = Val.of(v.t, 0, s == null ? null : new Slice(s.array, s.off + (int) i, (int) (j - i), cap - (int) i), v.flag & Val.RO);
        return;
      }
      case STRING: {
        GoString s = (GoString) v.ref();
        if (i < 0 || j < i || j > s.len) {
          throw Val.panic("reflect.Value.Slice: string slice index out of bounds");
        }
        g.rs[b] = Val.of(v.t, 0, s.slice((int) i, (int) j), v.flag & Val.RO);
        return;
      }
      case ARRAY: {
        if ((v.flag & Val.ADDR) == 0) {
          throw Val.panic("reflect.Value.Slice: slice of unaddressable array");
        }
        int cap = (int) v.t.len;
        if (i < 0 || j < i || j > cap) {
          throw Val.panic("reflect.Value.Slice: slice index out of bounds");
        }
        RType st = v.t.universe.sliceOf(v.t.elem);
        g.rs[b] = Val.of(st, 0, new Slice(v.ref(), (int) i, (int) (j - i), cap - (int) i), v.flag & Val.RO);
        return;
      }
      default:
        throw ReflectPkg.valueError("reflect.Value.Slice", v.t.kind);
    }
  }

  /** vSlice3(v *handle, i, j, k int) *handle: v[i:j:k] of a slice or addressable array. */
  static void slice3(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.Slice3");
    long i = g.ls[b + 1];
    long j = g.ls[b + 2];
    long k = g.ls[b + 3];
    Object array;
    int off;
    int cap;
    RType st;
    switch (v.t.kind) {
      case SLICE: {
        Slice s = (Slice) v.ref();
        array = s == null ? null : s.array;
        off = s == null ? 0 : s.off;
        cap = s == null ? 0 : s.cap;
        st = v.t;
        break;
      }
      case ARRAY: {
        if ((v.flag & Val.ADDR) == 0) {
          throw Val.panic("reflect.Value.Slice3: slice of unaddressable array");
        }
        array = v.ref();
        off = 0;
        cap = (int) v.t.len;
        st = v.t.universe.sliceOf(v.t.elem);
        break;
      }
      default:
        throw ReflectPkg.valueError("reflect.Value.Slice3", v.t.kind);
    }
    if (i < 0 || j < i || k < j || k > cap) {
      throw Val.panic("reflect.Value.Slice3: slice index out of bounds");
    }
    g.rs[b] = Val.of(st, 0, array == null ? null : new Slice(array, off + (int) i, (int) (j - i), (int) (k - i)), v.flag & Val.RO);
  }
}
