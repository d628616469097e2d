package gol.stdlib.reflect;

import gol.runtime.G;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.ReflectCall;
import gol.runtime.Slice;
import gol.runtime.Values;

/**
 * Value.Call and CallSlice: checks the arguments as Go does, then asks the VM to make the call
 * ({@link ReflectCall}); the results come back as a {@code []*handle} in the native's result slot.
 */
final class Calls {
  private Calls() {
  }

  /** vCall(fn *handle, args []*handle, isSlice bool) []*handle. */
  static void call(G g, int b) {
    String method = g.ls[b + 2] != 0 ? "reflect.Value.CallSlice" : "reflect.Value.Call";
    Val f = ReflectPkg.valid(g, b, method);
    if (f.t.kind != Kind.FUNC) {
      throw ReflectPkg.valueError(method, f.t.kind);
    }
    if ((f.flag & Val.RO) != 0) {
      throw Val.panic("reflect: " + method + " using value obtained using unexported field");
    }
    RType ft = f.t.reflect();
    Slice as = (Slice) g.rs[b + 1];
    int n = as == null ? 0 : as.len;
    Val[] args = new Val[n];
    for (int i = 0; i < n; i++) {
      args[i] = (Val) ((Object[]) as.array)[as.off + i];
      if (args[i] == null) {
        throw Val.panic("reflect: " + method.substring("reflect.Value.".length()) + " using zero Value argument");
      }
    }
    boolean isSlice = g.ls[b + 2] != 0;
    int nin = ft.in.length;
    if (isSlice) {
      if (!ft.variadic) {
        throw Val.panic("reflect: CallSlice of non-variadic function");
      }
      if (n < nin) {
        throw Val.panic("reflect: CallSlice with too few input arguments");
      }
      if (n > nin) {
        throw Val.panic("reflect: CallSlice with too many input arguments");
      }
    } else {
      int fixed = ft.variadic ? nin - 1 : nin;
      if (n < fixed) {
        throw Val.panic("reflect: Call with too few input arguments");
      }
      if (!ft.variadic && n > nin) {
        throw Val.panic("reflect: Call with too many input arguments");
      }
    }
    Object fn;
    Val recv = f.method != null ? f.recv : null;
    RType[] in;
    Object[] slots;
    int off;
    if (recv != null) {
      RType rt = recv.t;
      Object dyn = null;
      if (rt.kind == Kind.INTERFACE) {
        Iface i = (Iface) recv.ref();
        rt = i.type;
        dyn = i;
      }
      fn = rt.methods.get(f.method);
      in = new RType[nin + 1];
      in[0] = rt;
      System.arraycopy(ft.in, 0, in, 1, nin);
      slots = new Object[nin + 1];
      slots[0] = dyn != null ? dyn : recv.iface();
      off = 1;
    } else {
      fn = f.ref();
      if (fn == null) {
        throw Val.panic(method + ": call of nil function");
      }
      in = ft.in;
      slots = new Object[nin];
      off = 0;
    }
    int fixed = ft.variadic && !isSlice ? nin - 1 : nin;
    for (int i = 0; i < fixed; i++) {
      slots[off + i] = argument(args[i], ft.in[i], method);
    }
    if (ft.variadic && !isSlice) {
      RType st = ft.in[nin - 1];
      RType et = st.elem;
      int m = n - fixed;
      Object arr = Values.newArray(et, m);
      for (int i = 0; i < m; i++) {
        Val x = args[fixed + i];
        if (!TypeOps.assignable(x.t, et)) {
          throw Val.panic("reflect: cannot use " + x.t.name + " as type " + et.name + " in " + method);
        }
        Object a = argument(x, et, method);
        Slices.storeElem(arr, i, et, a);
      }
      slots[off + nin - 1] = new Iface(st, 0, new Slice(arr, 0, m, m));
    }
    RType[] out = ft.out;
    g.param = new ReflectCall(fn, slots, in, out, b) {
      @Override
      public Object results(G g2, int s) {
        Object[] hs = new Object[out.length];
        for (int i = 0; i < out.length; i++) {
          RType t = out[i];
          hs[i] = t.kind.isPrimitive() ? Val.of(t, g2.ls[s + i], null, 0) : Val.of(t, 0, g2.rs[s + i], 0);
        }
        return new Slice(hs, 0, hs.length, hs.length);
      }
    };
    g.stop = G.STOP_CALL;
  }

  /** Argument x for a parameter of type t, as an interface holds it (ReflectCall.store's input). */
  private static Object argument(Val x, RType t, String method) {
    if (!TypeOps.assignable(x.t, t)) {
      throw Val.panic("reflect: " + method.substring("reflect.Value.".length()) + " using " + x.t.name + " as type " + t.name);
    }
    if (t.kind == Kind.INTERFACE) {
      return x.asInterfaceSlot();
    }
    return x.t.kind == Kind.INTERFACE ? x.ref() : x.iface();
  }
}
