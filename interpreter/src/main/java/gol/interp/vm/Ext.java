package gol.interp.vm;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoMap;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.PlainError;
import gol.runtime.RType;
import gol.runtime.Ref;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.runtime.Values;

/*
 * The second-level dispatch: opcodes for composite values, interfaces and defer that do not fit
 * in Interp.exec's byte budget (DispatchSizeTest). exec's default case calls exec here, which
 * runs one instruction and returns the next pc. None of these ops calls gol code, grows the
 * stack or changes frames — except the panic machinery (RECOVER reads frames; PANICCONT
 * rearranges them and leaves by throwing Panics.Resume, which exec's fault handler turns into
 * a re-entry). So ls/rs are read from g and never cached across instructions.
 *
 * Why a second switch rather than more cases in exec: HotSpot does not compile methods over 8000
 * bytes, and exec is shared with the scheduler's opcodes. The hottest composite ops (struct field
 * loads/stores) stay in exec; the cost here is one static call and a second tableswitch.
 */
final class Ext {
  private Ext() {
  }

  static int exec(G g, Proto p, int[] code, Object[] kr, int pc, int fp) {
    long[] ls = g.ls;
    Object[] rs = g.rs;
    int a = fp + code[pc + 1];
    switch (code[pc]) {
      // the narrower float/int conversions: rarer than F2I and I2F, so out of exec's budget
      case Op.F2I32:
        ls[a] = Slow.f2i32(ls[fp + code[pc + 2]]);
        return pc + 3;
      case Op.I2F32:
        ls[a] = Slow.i2f32(ls[fp + code[pc + 2]]);
        return pc + 3;
      case Op.U2F32:
        ls[a] = Slow.u2f32(ls[fp + code[pc + 2]]);
        return pc + 3;
      // division by a constant: hot loops run translated (shifts for a power of two), so
      // the interpreter's copy lives here, out of exec's budget
      case Op.DIVI:
        ls[a] = ls[fp + code[pc + 2]] / code[pc + 3];
        return pc + 4;
      case Op.REMI:
        ls[a] = ls[fp + code[pc + 2]] % code[pc + 3];
        return pc + 4;
      case Op.NEWH:
        rs[a] = newHeap(g, (RType) kr[code[pc + 2]]);
        return pc + 3;
      case Op.COPYV:
        rs[a] = Values.copy((RType) kr[code[pc + 3]], rs[fp + code[pc + 2]]);
        return pc + 4;
      case Op.ASSIGNV:
        Values.assign((RType) kr[code[pc + 3]], rs[a], rs[fp + code[pc + 2]]);
        return pc + 4;
      case Op.EQ_V:
      case Op.NE_V: {
        int b = fp + code[pc + 2];
        int c = fp + code[pc + 3];
        boolean eq = Values.equal((RType) kr[code[pc + 4]], ls[b], rs[b], ls[c], rs[c]);
        ls[a] = eq == (code[pc] == Op.EQ_V) ? 1 : 0;
        return pc + 5;
      }
      case Op.LDA_L: {
        long[] arr = (long[]) rs[fp + code[pc + 2]];
        ls[a] = arr[index(arr.length, ls[fp + code[pc + 3]])];
        return pc + 4;
      }
      case Op.LDA_B: {
        byte[] arr = (byte[]) rs[fp + code[pc + 2]];
        ls[a] = arr[index(arr.length, ls[fp + code[pc + 3]])] & 0xFF;
        return pc + 4;
      }
      case Op.LDA_R: {
        Object[] arr = (Object[]) rs[fp + code[pc + 2]];
        rs[a] = arr[index(arr.length, ls[fp + code[pc + 3]])];
        return pc + 4;
      }
      case Op.STA_L: {
        long[] arr = (long[]) rs[a];
        arr[index(arr.length, ls[fp + code[pc + 2]])] = ls[fp + code[pc + 3]];
        return pc + 4;
      }
      case Op.STA_B: {
        byte[] arr = (byte[]) rs[a];
        arr[index(arr.length, ls[fp + code[pc + 2]])] = (byte) ls[fp + code[pc + 3]];
        return pc + 4;
      }
      case Op.STA_R: {
        Object[] arr = (Object[]) rs[a];
        arr[index(arr.length, ls[fp + code[pc + 2]])] = rs[fp + code[pc + 3]];
        return pc + 4;
      }
      case Op.LDP_L:
        ls[a] = Ref.loadL(nonNil(rs[fp + code[pc + 2]]));
        return pc + 3;
      case Op.LDP_R:
        rs[a] = Ref.loadR(nonNil(rs[fp + code[pc + 2]]));
        return pc + 3;
      case Op.STP_L:
        Ref.storeL(nonNil(rs[a]), ls[fp + code[pc + 2]]);
        return pc + 3;
      case Op.STP_R:
        Ref.storeR(nonNil(rs[a]), rs[fp + code[pc + 2]]);
        return pc + 3;
      case Op.ADDR_FL:
        rs[a] = new Ref(((Struct) rs[fp + code[pc + 2]]).l, code[pc + 3]);
        return pc + 4;
      case Op.ADDR_FR:
        rs[a] = new Ref(((Struct) rs[fp + code[pc + 2]]).r, code[pc + 3]);
        return pc + 4;
      case Op.ADDR_GL:
        rs[a] = new Ref(g.machine.globalLs, code[pc + 2]);
        return pc + 3;
      case Op.ADDR_GR:
        rs[a] = new Ref(g.machine.globalRs, code[pc + 2]);
        return pc + 3;
      case Op.ADDR_X:
        rs[a] = sliceElemAddr((Slice) rs[fp + code[pc + 2]], ls[fp + code[pc + 3]]);
        return pc + 4;
      case Op.ADDR_A:
        rs[a] = arrayElemAddr(rs[fp + code[pc + 2]], ls[fp + code[pc + 3]]);
        return pc + 4;
      case Op.MAKESL: {
        long len = ls[fp + code[pc + 2]];
        rs[a] = makeSlice(g, (RType) kr[code[pc + 4]], len, code[pc + 3] < 0 ? len : ls[fp + code[pc + 3]]);
        return pc + 5;
      }
      case Op.APPEND:
        rs[a] = Slices.append(g, (Slice) rs[fp + code[pc + 2]], ls, rs, fp + code[pc + 3], code[pc + 4], (RType) kr[code[pc + 5]]);
        return pc + 6;
      case Op.SWITCH_S: {
        int t = ((StrSwitch) kr[code[pc + 2]]).target((GoString) rs[a]);
        return t >= 0 ? t : pc + 3;
      }
      case Op.CONCATN:
        rs[a] = concat(g, rs, fp + code[pc + 2], code[pc + 3]);
        return pc + 4;
      case Op.APPENDSL:
        rs[a] = Slices.appendSlice(g, (Slice) rs[fp + code[pc + 2]], rs[fp + code[pc + 3]], (RType) kr[code[pc + 4]]);
        return pc + 5;
      case Op.COPYSL:
        ls[a] = Slices.copy((Slice) rs[fp + code[pc + 2]], rs[fp + code[pc + 3]], ((RType) kr[code[pc + 4]]).elem);
        return pc + 5;
      case Op.SLICE_SL:
      case Op.SLICE_A: {
        int lo = code[pc + 3];
        int hi = code[pc + 4];
        int max = code[pc + 5];
        long l = lo < 0 ? 0 : ls[fp + lo];
        long h = hi < 0 ? 0 : ls[fp + hi];
        long m = max < 0 ? 0 : ls[fp + max];
        Object x = rs[fp + code[pc + 2]];
        rs[a] = code[pc] == Op.SLICE_SL ? Slices.sliceSlice((Slice) x, l, h, m, hi >= 0, max >= 0)
            : Slices.sliceArray(x, l, h, m, hi >= 0, max >= 0);
        return pc + 6;
      }
      case Op.MAKEMAP:
        rs[a] = makeMap(g, (RType) kr[code[pc + 3]], code[pc + 2] < 0 ? 0 : ls[fp + code[pc + 2]]);
        return pc + 4;
      case Op.MAPGET:
      case Op.MAPGET2: {
        int c = fp + code[pc + 3];
        boolean ok = GoMap.get((GoMap) rs[fp + code[pc + 2]], ls[c], rs[c], ls, rs, a,
            ((RType) kr[code[pc + 4]]).elem);
        if (code[pc] == Op.MAPGET2) {
          ls[a + 1] = ok ? 1 : 0;
        }
        return pc + 5;
      }
      case Op.MAPGET_CAT:
        mapGetConcat(g, (GoMap) rs[fp + code[pc + 2]], ls, rs, a, fp + code[pc + 3], code[pc + 4],
            fp + code[pc + 5], ((RType) kr[code[pc + 6]]).elem);
        return pc + 7;
      case Op.MAPSET: {
        int b = fp + code[pc + 2];
        int c = fp + code[pc + 3];
        GoMap.put(g, (GoMap) rs[a], ls[b], rs[b], ls[c], rs[c]);
        return pc + 4;
      }
      case Op.MAPDEL: {
        int b = fp + code[pc + 2];
        mapDelete((GoMap) rs[a], ls[b], rs[b]);
        return pc + 3;
      }
      case Op.LEN_MAP:
        ls[a] = GoMap.len((GoMap) rs[fp + code[pc + 2]]);
        return pc + 3;
      case Op.MAPITER:
        rs[a] = mapIter((GoMap) rs[fp + code[pc + 2]]);
        return pc + 3;
      case Op.MAPNEXT:
        return mapNext((GoMap.Iter) rs[fp + code[pc + 2]], ls, rs, a) ? pc + 4 : code[pc + 3];
      case Op.CLEAR: {
        Object x = rs[a];
        if (x instanceof GoMap m) {
          m.clear();
        } else {
          Slices.clear((Slice) x, ((RType) kr[code[pc + 2]]).elem);
        }
        return pc + 3;
      }
      case Op.IMETH: {
        Iface v = (Iface) rs[fp + code[pc + 2]];
        RType t = v.type; // nil interface: NullPointerException, Go's nil pointer dereference
        Sites.Method site = (Sites.Method) kr[code[pc + 4]];
        Closure fn = site.find(t);
        rs[a] = fn;
        int c = fp + code[pc + 3];
        ls[c] = v.bits;
        rs[c] = v.ref;
        return pc + 5;
      }
      case Op.ASSERT:
      case Op.ASSERT2:
        Types.assertType(ls, rs, a, (Iface) rs[fp + code[pc + 2]], (Sites.Assert) kr[code[pc + 3]],
            code[pc] == Op.ASSERT2);
        return pc + 4;
      case Op.ISTYPE:
        ls[a] = Types.is((Iface) rs[fp + code[pc + 2]], (RType) kr[code[pc + 3]]) ? 1 : 0;
        return pc + 4;
      case Op.DEFER:
        rs[a] = Panics.defer(rs[fp + code[pc + 2]], ls, rs, fp + code[pc + 3], code[pc + 4], rs[a]);
        return pc + 5;
      case Op.DEFERPOP:
        return Panics.pop(ls, rs, fp + code[pc + 2], a, fp + code[pc + 3]) ? pc + 5 : code[pc + 4];
      case Op.RECOVER:
        rs[a] = Panics.recover(g);
        return pc + 2;
      case Op.PANICCONT:
        throw Panics.cont(g);
      case Op.EQ_P:
        ls[a] = Ref.same(rs[fp + code[pc + 2]], rs[fp + code[pc + 3]]) ? 1 : 0;
        return pc + 4;
      case Op.NE_P:
        ls[a] = Ref.same(rs[fp + code[pc + 2]], rs[fp + code[pc + 3]]) ? 0 : 1;
        return pc + 4;
      default:
        throw Interp.badOp(p, pc);
    }
  }

  /**
   * MAPGET_CAT: m[R[c] + ... + R[c+n-1]] into slot a and the key into R[d] — the map's own key
   * when GoMap.getConcat finds it from the parts, else the concatenation, built and looked up.
   */
  static void mapGetConcat(G g, GoMap m, long[] ls, Object[] rs, int a, int c, int n, int d, RType elem) {
    if (n == 1) { // m[string(b)]: R[c] is the []byte
      mapGetBytes(g, m, ls, rs, a, (Slice) rs[c], d, elem);
      return;
    }
    GoString k = GoMap.getConcat(m, rs, c, n, ls, rs, a);
    if (k != null) {
      Alloc.noscan(g, k.len); // what building it counts (two or more parts were non-empty)
    } else {
      k = concat(g, rs, c, n);
      GoMap.get(m, 0, k, ls, rs, a, elem);
    }
    rs[d] = k;
  }

  /**
   * MAPGET_CAT with one part, a []byte b: m[string(b)] into slot a and the key into R[d] — the
   * map's own key when GoMap.getBytes finds it from the bytes, else string(b), made and looked
   * up. Allocation is counted as string(b) counts it either way.
   */
  private static void mapGetBytes(G g, GoMap m, long[] ls, Object[] rs, int a, Slice b, int d, RType elem) {
    GoString k = GoMap.getBytes(m, b, ls, rs, a);
    if (k != null) {
      if (k.len > 1) { // what Slow.bytesToStr counts
        Alloc.noscan(g, k.len);
      }
    } else {
      k = Slow.bytesToStr(g, b);
      GoMap.get(m, 0, k, ls, rs, a, elem);
    }
    rs[d] = k;
  }

  /** CONCATN: one new string unless at most one operand is non-empty (Go's concatstrings). */
  static GoString concat(G g, Object[] rs, int base, int n) {
    GoString r = GoString.concat(rs, base, n);
    if (r.len > 0) {
      for (int i = base; i < base + n; i++) {
        if (rs[i] == r) {
          return r;
        }
      }
      Alloc.noscan(g, r.len);
    }
    return r;
  }

  // Helpers shared with compiled code (JitCompiler calls them directly, without this switch).

  /** NEWH: a new heap variable of type t (zeroed), counted as an allocation. */
  static Object newHeap(G g, RType t) {
    Object v = Values.zeroRef(t);
    Alloc.object(g, t);
    return v;
  }

  /** MAKESL: make([]T, len, cap), counted as an allocation. */
  static Slice makeSlice(G g, RType sliceType, long len, long cap) {
    Slice s = Slices.make(sliceType, len, cap);
    Alloc.array(g, sliceType.elem, cap);
    return s;
  }

  /**
   * MAKEMAP: make(map[K]V, hint). A negative hint is taken as 0, as Go's makemap does (its
   * size overflows and the hint is dropped): no panic, unlike make of a slice.
   */
  static GoMap makeMap(G g, RType t, long hint) {
    if (hint < 0) {
      hint = 0;
    }
    GoMap m = new GoMap(t, (int) Math.min(hint, 1 << 20));
    Alloc.makemap(g, m, hint);
    return m;
  }

  /** MAPDEL: delete(m, k); a nil map is a no-op (but for a key that cannot be hashed). */
  static void mapDelete(GoMap m, long kb, Object kr) {
    if (m != null) {
      m.delete(kb, kr);
    } else {
      GoMap.checkHashable(kr);
    }
  }

  /** MAPITER: an iterator over m (null for a nil map, which MAPNEXT ends at once). */
  static GoMap.Iter mapIter(GoMap m) {
    return m == null ? null : m.iter();
  }

  /** MAPNEXT: the next entry into slots a (key) and a+1 (value), or false at the end. */
  static boolean mapNext(GoMap.Iter it, long[] ls, Object[] rs, int a) {
    return it != null && it.next(ls, rs, a);
  }

  /** ADDR_X: &s[i] for an element of primitive or reference kind. */
  static Ref sliceElemAddr(Slice s, long i) {
    return new Ref(s == null ? null : s.array, Slow.ix(s, i));
  }

  /** ADDR_A: &arr[i] for an element of an array value of primitive or reference kind. */
  static Ref arrayElemAddr(Object arr, long i) {
    return new Ref(arr, arrayIndex(arr, i));
  }

  private static Object nonNil(Object p) {
    if (p == null) {
      throw new NullPointerException();
    }
    return p;
  }

  /** i as an index of an array of n elements; Go's panic when it is out of range. */
  public static int index(int n, long i) {
    if (i < 0 || i >= n) {
      throw Bounds.index(i, n);
    }
    return (int) i;
  }

  private static int arrayIndex(Object arr, long i) {
    int n = java.lang.reflect.Array.getLength(arr);
    if (i < 0 || i >= n) {
      throw Bounds.index(i, n);
    }
    return (int) i;
  }

  static GoPanic plain(String msg) {
    return new GoPanic(new PlainError(msg));
  }

}
