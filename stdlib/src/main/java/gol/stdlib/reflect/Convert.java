package gol.stdlib.reflect;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Slice;
import gol.runtime.Values;
import java.io.ByteArrayOutputStream;

/** Value.Convert: Go's conversions between the types ConvertibleTo allows. */
final class Convert {
  private Convert() {
  }

  /** An integer of kind k held in 64 bits, cut to k's size (sign- or zero-extended). */
  static long truncate(Kind k, long v) {
    switch (k) {
      case INT8: return (byte) v;
      case INT16: return (short) v;
      case INT32: return (int) v;
      case UINT8: return v & 0xFF;
      case UINT16: return v & 0xFFFF;
      case UINT32: return v & 0xFFFFFFFFL;
      default: return v;
    }
  }

  /** The slot bits of float d stored as kind k (float32 rounds). */
  static long floatBits(Kind k, double d) {
    return Double.doubleToRawLongBits(k == Kind.FLOAT32 ? (double) (float) d : d);
  }

  /** vConvert(v *handle, t *rtype) *handle. */
  static void convert(G g, int b) {
    Val v = ReflectPkg.valid(g, b, "reflect.Value.Convert");
    RType t = ((RType) g.rs[b + 1]).reflect();
    if (!TypeOps.convertible(v.t, t)) {
      throw Val.panic("reflect.Value.Convert: value of type " + v.t.name + " cannot be converted to type " + t.name);
    }
    int flag = v.flag & Val.RO;
    Kind from = v.t.kind;
    Kind to = t.kind;
    if (to == Kind.INTERFACE) {
      g.rs[b] = Val.of(t, 0, v.asInterfaceSlot(), flag);
      return;
    }
    if (from.isPrimitive() && from != Kind.BOOL && to.isPrimitive() && to != Kind.BOOL) {
      g.rs[b] = Val.of(t, number(from, v.bits(), to), null, flag);
      return;
    }
    if ((from == Kind.COMPLEX64 || from == Kind.COMPLEX128) && from != to) { // complex64 <-> complex128
      gol.runtime.Complex c = (gol.runtime.Complex) v.ref();
      g.rs[b] = Val.of(t, 0, to == Kind.COMPLEX64 ? c.to64() : c, flag);
      return;
    }
    if (to == Kind.STRING && (from.isSigned() || from.isUnsigned())) {
      long r = v.bits();
      if (from.isUnsigned() && r < 0 || r > 0x10FFFF || r >= 0xD800 && r <= 0xDFFF || r < 0) {
        r = 0xFFFD;
      }
      g.rs[b] = Val.of(t, 0, GoString.of(new String(Character.toChars((int) r))), flag);
      return;
    }
    if (to == Kind.STRING && from == Kind.SLICE) {
      Slice s = (Slice) v.ref();
      if (v.t.elem.kind == Kind.UINT8) {
        byte[] out = s == null ? new byte[0] : java.util.Arrays.copyOfRange((byte[]) s.array, s.off, s.off + s.len);
        g.rs[b] = Val.of(t, 0, GoString.wrap(out), flag);
      } else {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; s != null && i < s.len; i++) {
          long r = ((long[]) s.array)[s.off + i];
          sb.appendCodePoint(r < 0 || r > 0x10FFFF || r >= 0xD800 && r <= 0xDFFF ? 0xFFFD : (int) r);
        }
        g.rs[b] = Val.of(t, 0, GoString.of(sb.toString()), flag);
      }
      return;
    }
    if (from == Kind.STRING && to == Kind.SLICE) {
      GoString s = (GoString) v.ref();
      if (t.elem.kind == Kind.UINT8) {
        byte[] a = s.toBytes();
        g.rs[b] = Val.of(t, 0, new Slice(a, 0, a.length, a.length), flag);
      } else {
        int[] cps = s.toString().codePoints().toArray();
        long[] a = new long[cps.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = cps[i];
        }
        g.rs[b] = Val.of(t, 0, new Slice(a, 0, a.length, a.length), flag);
      }
      return;
    }
    if (from == Kind.SLICE && (to == Kind.ARRAY || to == Kind.POINTER)) {
      Slice s = (Slice) v.ref();
      long n = to == Kind.ARRAY ? t.len : t.elem.len;
      int have = s == null ? 0 : s.len;
      if (n > have) {
        throw gol.runtime.GoPanic.runtime("cannot convert slice with length " + have + " to array or pointer to array with length " + n);
      }
      RType at = to == Kind.ARRAY ? t : t.elem;
      Object arr = Values.newArray(at.elem, (int) n);
      if (n > 0) {
        System.arraycopy(s.array, s.off, arr, 0, (int) n);
      }
      if (to == Kind.ARRAY) {
        g.rs[b] = Val.of(t, 0, Values.copy(at, arr), flag);
      } else {
        g.rs[b] = Val.of(t, 0, s == null && n == 0 ? null : arr, flag);
      }
      return;
    }
    // identical underlying types: the same representation
    g.rs[b] = t.kind.isPrimitive() ? Val.of(t, v.bits(), null, flag) : Val.of(t, 0, Values.copy(t, v.ref()), flag);
  }

  /** A numeric conversion of bits of kind from to kind to. */
  static long number(Kind from, long x, Kind to) {
    if (from.isFloat()) {
      double d = Double.longBitsToDouble(x);
      if (to.isFloat()) {
        return floatBits(to, d);
      }
      if (to.isUnsigned() && d >= 9.223372036854775807E18) {
        return truncate(to, (long) (d - 9.223372036854775807E18) + Long.MIN_VALUE);
      }
      return truncate(to, (long) d);
    }
    if (to.isFloat()) {
      double d;
      if (from.isUnsigned() && x < 0) {
        d = (double) (x >>> 1 | (x & 1)) * 2.0;
      } else {
        d = (double) x;
      }
      return floatBits(to, d);
    }
    return truncate(to, x);
  }

  static byte[] utf8(ByteArrayOutputStream o) {
    return o.toByteArray();
  }
}
