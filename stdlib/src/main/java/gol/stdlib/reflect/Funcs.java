package gol.stdlib.reflect;

import gol.runtime.G;
import gol.runtime.IndexedNative;
import gol.runtime.MadeFunc;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Slice;
import gol.runtime.Values;

/**
 * MakeFunc and FuncOf. A made func is a {@link MadeFunc} the VM turns into a func value; its
 * impl is reflect.gol's adapter {@code func([]*handle) []*handle} around the user's
 * {@code func([]Value) []Value}, so this side only moves values between stack slots and
 * handles, with Go's checks of what the user's function returned.
 */
final class Funcs {
  private Funcs() {
  }

  /** The natives of this class, told apart by a switch (see ReflectPkg's NAMES). */
  private static final String[] NAMES = {
      "makeFunc", "tFuncOf", "vIsMethod"};

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
        case 0 -> makeFunc(g, b);
        case 1 -> funcOf(g, b);
        default -> { // vIsMethod
          Val v = (Val) g.rs[b];
          g.rs[b] = null;
          g.ls[b] = v != null && v.method != null ? 1 : 0;
        }
      }
    }
  }

  /** func makeFunc(t *rtype, impl func([]*handle) []*handle) *handle */
  private static void makeFunc(G g, int b) {
    RType t = ((RType) g.rs[b]).reflect();
    if (t.kind != Kind.FUNC) {
      throw Val.panic("reflect: call of MakeFunc with non-Func type");
    }
    MadeFunc f = new MadeFunc(t, g.rs[b + 1]) {
      @Override
      public Object arguments(G g2, int s) {
        RType[] in = type.in;
        Object[] hs = new Object[in.length];
        for (int i = 0; i < in.length; i++) {
          RType p = in[i];
          hs[i] = p.kind.isPrimitive() ? Val.of(p, g2.ls[s + i], null, 0) : Val.of(p, 0, Values.copy(p, g2.rs[s + i]), 0);
        }
        return new Slice(hs, 0, hs.length, hs.length);
      }

      @Override
      public void results(G g2, Object returned, int s) {
        RType[] out = type.out;
        Slice hs = (Slice) returned;
        int n = hs == null ? 0 : hs.len;
        if (n != out.length) {
          throw Val.panic("reflect: wrong return count from function created by MakeFunc");
        }
        long[] bits = new long[n];
        Object[] refs = new Object[n];
        long[] xb = new long[1];
        Object[] xr = new Object[1];
        for (int i = 0; i < n; i++) {
          Val v = (Val) ((Object[]) hs.array)[hs.off + i];
          if (v == null) {
            throw Val.panic("reflect: function created by MakeFunc using closure returned zero Value");
          }
          if ((v.flag & Val.RO) != 0) {
            throw Val.panic("reflect: function created by MakeFunc using closure returned value obtained from unexported field");
          }
          ReflectPkg.assignTo(v, out[i], "reflect.MakeFunc", xb, xr);
          bits[i] = xb[0];
          refs[i] = xr[0];
        }
        for (int i = 0; i < n; i++) {
          g2.ls[s + i] = bits[i];
          g2.rs[s + i] = refs[i];
        }
      }
    };
    g.rs[b] = Val.of(t, 0, MadeFunc.maker.apply(f), 0);
    g.rs[b + 1] = null;
  }

  /** func tFuncOf(in, out []*rtype, variadic bool) *rtype */
  private static void funcOf(G g, int b) {
    RType[] in = types((Slice) g.rs[b]);
    RType[] out = types((Slice) g.rs[b + 1]);
    boolean variadic = g.ls[b + 2] != 0;
    if (variadic && (in.length == 0 || in[in.length - 1].kind != Kind.SLICE)) {
      throw Val.panic("reflect.FuncOf: last arg of variadic func must be slice");
    }
    RType any = in.length > 0 ? in[0] : out.length > 0 ? out[0] : null;
    RType.Universe u = any != null ? any.universe : ((RType) g.rs[b + 3]).universe;
    g.rs[b] = u.funcOf(in, out, variadic);
    g.rs[b + 1] = null;
    g.rs[b + 3] = null;
  }

  private static RType[] types(Slice s) {
    int n = s == null ? 0 : s.len;
    RType[] ts = new RType[n];
    for (int i = 0; i < n; i++) {
      Object t = ((Object[]) s.array)[s.off + i];
      if (t == null) {
        throw Val.panic("reflect: nil type passed to Type.FuncOf"); // a nil Type (gol's text)
      }
      ts[i] = ((RType) t).reflect();
    }
    return ts;
  }
}
