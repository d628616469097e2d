package gol.interp.vm;

import gol.runtime.Alloc;
import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.LongCell;
import gol.runtime.RefCell;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.RuntimeError;
import gol.runtime.Slice;
import java.util.Arrays;

/**
 * The out-of-line halves of opcodes (Lua's luaV_finishget, SL's @TruffleBoundary): everything
 * that allocates, loops, formats or is rare lives here so that {@link Interp#exec}'s cases stay a
 * few bytes each and under HotSpot's 8000-byte compile limit. The tiny ones ({@link #ix},
 * {@link #d}, {@link #bits}) exist to save bytecode in the dispatch method; C2 inlines them.
 */
final class Slow {
  private Slow() {
  }

  static final double TWO63 = 9.223372036854775808E18;

  // ---- float bits ----

  static double d(long bits) {
    return Double.longBitsToDouble(bits);
  }

  static long bits(double v) {
    return Double.doubleToRawLongBits(v);
  }

  static long f32(long bits) {
    return Double.doubleToRawLongBits((float) Double.longBitsToDouble(bits));
  }

  /** float64(uint64 v), correctly rounded. */
  static long u2f(long v) {
    double r = v >= 0 ? (double) v : ((double) ((v >>> 1) | (v & 1))) * 2.0;
    return Double.doubleToRawLongBits(r);
  }

  /**
   * int64(float64), truncated toward zero. Out of range is implementation-defined in Go; gc on
   * amd64 (CVTTSD2SQ) gives MinInt64 for NaN and values out of range, where Java saturates.
   */
  static long f2i(long bits) {
    double v = Double.longBitsToDouble(bits);
    return v >= -TWO63 && v < TWO63 ? (long) v : Long.MIN_VALUE;
  }

  /** F2I32: int32(float64) as gc on amd64 (CVTTSD2SL): NaN and out of range give MinInt32. */
  static long f2i32(long bits) {
    double v = Double.longBitsToDouble(bits);
    return v >= -0x1p31 && v < 0x1p31 ? (long) v : Integer.MIN_VALUE;
  }

  /** I2F32: float32(int64 v), rounded once (Java's long to float is), as float64 bits. */
  static long i2f32(long v) {
    return Double.doubleToRawLongBits((float) v);
  }

  /** U2F32: float32(uint64 v), rounded once: the halved value keeps the lost bit as sticky. */
  static long u2f32(long v) {
    float r = v >= 0 ? (float) v : ((float) ((v >>> 1) | (v & 1))) * 2.0f;
    return Double.doubleToRawLongBits(r);
  }

  /** uint64(float64), truncated toward zero; out of range as gc on amd64 (NaN, +Inf: 1<<63). */
  static long f2u(long bits) {
    double v = Double.longBitsToDouble(bits);
    return v < TWO63 ? f2i(bits) : f2i(Double.doubleToRawLongBits(v - TWO63)) | Long.MIN_VALUE;
  }

  // ---- integers ----

  /** Normalises v to a sized integer kind: k = 8/16/32 sign-extends, -8/-16/-32 zero-extends. */
  static long wrap(long v, int k) {
    return k > 0 ? (v << (64 - k)) >> (64 - k) : (v << (64 + k)) >>> (64 + k);
  }

  /** The rare shifts: a negative count panics, a count >= 64 saturates. */
  static long shift(int op, long x, long count) {
    if (count < 0) {
      throw GoPanic.runtime("negative shift amount");
    }
    return op == Op.SHR_I ? x >> 63 : 0;
  }

  // ---- strings ----

  /** s[i], a byte. */
  static long indexS(GoString s, long i) {
    if (Long.compareUnsigned(i, s.len) < 0) { // 0 <= i < len in one test
      return Byte.toUnsignedLong(s.bytes[s.off + (int) i]);
    }
    throw ixFault(s, i);
  }

  /** s[lo:hi] where c/d are the bound registers (-1 = absent). */
  static GoString sliceS(GoString s, long[] ls, int fp, int c, int d) {
    long lo = c < 0 ? 0 : ls[fp + c];
    long hi = d < 0 ? s.len : ls[fp + d];
    Bounds.checkSlice(lo, hi, s.len);
    return s.slice((int) lo, (int) hi);
  }

  /** RUNE2S: string(r), one allocation (Go's intstring allocates 4 bytes). */
  static GoString runeToString(G g, long r) {
    Alloc.noscan(g, 4);
    return runeToString(r);
  }

  /** CONCAT: a + b; a new string unless one is empty. */
  static GoString concat(G g, Object a, Object b) {
    return Alloc.string(g, ((GoString) a).concat((GoString) b), a, b);
  }

  /** NEWCELL_L: a heap variable of a primitive kind (Go's "moved to heap"), 8 bytes. */
  static LongCell newCellL(G g) {
    Alloc.count(g, 8);
    return new LongCell(0);
  }

  /** NEWCELL_R: a heap variable of a reference kind, counted as 16 bytes (a string's or an interface's size). */
  static RefCell newCellR(G g) {
    Alloc.count(g, 16);
    return new RefCell(null);
  }

  /** string(rune r): UTF-8, with U+FFFD for negative, surrogate or too-large code points. */
  static GoString runeToString(long r) {
    if (r < 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) {
      r = 0xFFFD;
    }
    int c = (int) r;
    byte[] b;
    if (c < 0x80) {
      b = new byte[] {(byte) c};
    } else if (c < 0x800) {
      b = new byte[] {(byte) (0xC0 | c >> 6), (byte) (0x80 | c & 0x3F)};
    } else if (c < 0x10000) {
      b = new byte[] {(byte) (0xE0 | c >> 12), (byte) (0x80 | c >> 6 & 0x3F), (byte) (0x80 | c & 0x3F)};
    } else {
      b = new byte[] {(byte) (0xF0 | c >> 18), (byte) (0x80 | c >> 12 & 0x3F),
          (byte) (0x80 | c >> 6 & 0x3F), (byte) (0x80 | c & 0x3F)};
    }
    return GoString.wrap(b);
  }

  // ---- slices ----

  /** The backing-array index of s[i], or the panic Go raises (a nil slice has length 0). */
  static int ix(Slice s, long i) {
    if (s != null && i >= 0 && i < s.len) {
      return s.off + (int) i;
    }
    throw ixFault(s, i);
  }

  /*
   * ix, indexS and decodeRune are called from every translated index expression: they are kept
   * within MaxInlineSize (35 bytes of bytecode), so that C1 and C2 inline them at cold call sites
   * too, by building their panics out of line.
   */
  private static RuntimeException ixFault(Slice s, long i) {
    return Bounds.index(i, s == null ? 0 : s.len);
  }

  private static RuntimeException ixFault(GoString s, long i) {
    return Bounds.index(i, s.len);
  }

  static int len(Slice s) {
    return s == null ? 0 : s.len;
  }

  static int cap(Slice s) {
    return s == null ? 0 : s.cap;
  }

  /** VARARGS: a []any of the n interface values in rs[base..]; nil when n is 0. */
  static Slice varargs(Object[] rs, int base, int n) {
    return n == 0 ? null : new Slice(Arrays.copyOfRange(rs, base, base + n), 0, n, n);
  }

  /** VARARGS_L: a Slice of long[] {ls[base..base+n-1]}; nil when n is 0. */
  static Slice varargsL(long[] ls, int base, int n) {
    return n == 0 ? null : new Slice(Arrays.copyOfRange(ls, base, base + n), 0, n, n);
  }

  // ---- UTF-8 and conversions ----

  /**
   * DECRUNE: the rune of s starting at byte i and its width, packed as {@code width << 32 | rune}
   * (utf8.DecodeRuneInString: an invalid or short encoding gives U+FFFD, width 1).
   */
  static long decodeRune(GoString s, long i) {
    if (Long.compareUnsigned(i, s.len) >= 0) { // i < 0 || i >= len
      throw ixFault(s, i);
    }
    return decode(s.bytes, s.off + (int) i, s.off + s.len);
  }

  private static final long RUNE_ERROR_1 = 1L << 32 | 0xFFFD;

  static long decode(byte[] b, int i, int end) {
    int b0 = b[i] & 0xFF;
    if (b0 < 0x80) {
      return 1L << 32 | b0;
    }
    int n;
    int lo = 0x80;
    int hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      n = 3;
      if (b0 == 0xE0) {
        lo = 0xA0;
      } else if (b0 == 0xED) {
        hi = 0x9F;
      }
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      n = 4;
      if (b0 == 0xF0) {
        lo = 0x90;
      } else if (b0 == 0xF4) {
        hi = 0x8F;
      }
    } else {
      return RUNE_ERROR_1;
    }
    if (i + n > end) {
      // a short encoding still must have valid leading continuation bytes to be "short"; either way width 1
      return RUNE_ERROR_1;
    }
    int b1 = b[i + 1] & 0xFF;
    if (b1 < lo || b1 > hi) {
      return RUNE_ERROR_1;
    }
    int r = n == 2 ? b0 & 0x1F : n == 3 ? b0 & 0x0F : b0 & 0x07;
    r = r << 6 | (b1 & 0x3F);
    for (int k = 2; k < n; k++) {
      int bk = b[i + k] & 0xFF;
      if (bk < 0x80 || bk > 0xBF) {
        return RUNE_ERROR_1;
      }
      r = r << 6 | (bk & 0x3F);
    }
    return (long) n << 32 | r;
  }

  /** []byte(s): a fresh copy. */
  static Slice strToBytes(G g, Object str) {
    GoString s = (GoString) str;
    Alloc.noscan(g, s.len); // rawbyteslice: nothing for ""
    byte[] b = s.toBytes();
    return new Slice(b, 0, b.length, b.length);
  }

  /** string(b) for a []byte: a copy (nil or empty gives ""). */
  static GoString bytesToStr(G g, Object slice) {
    Slice s = (Slice) slice;
    if (s == null || s.len == 0) {
      return GoString.EMPTY;
    }
    if (s.len > 1) { // Go's slicebytetostring takes a one-byte string from a static table
      Alloc.noscan(g, s.len);
    }
    return GoString.wrap(Arrays.copyOfRange((byte[]) s.array, s.off, s.off + s.len));
  }

  /** []rune(s). */
  static Slice strToRunes(G g, Object str) {
    GoString s = (GoString) str;
    long[] r = new long[s.len];
    int n = 0;
    int end = s.off + s.len;
    for (int i = s.off; i < end; ) {
      long x = decode(s.bytes, i, end);
      r[n++] = (int) x;
      i += (int) (x >>> 32);
    }
    Alloc.noscan(g, 4L * n);
    // cap is the rune count (it was the byte count), as for a constant string in gc and as
    // []byte(s) has its length: gc's runtime rounds a heap slice up to its size class
    return new Slice(n == r.length ? r : Arrays.copyOf(r, n), 0, n, n);
  }

  /** string(runes): each rune UTF-8 encoded, invalid ones as U+FFFD. */
  static GoString runesToStr(G g, Object slice) {
    Slice s = (Slice) slice;
    if (s == null || s.len == 0) {
      return GoString.EMPTY;
    }
    long[] a = (long[]) s.array;
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.len);
    for (int i = s.off; i < s.off + s.len; i++) {
      GoString e = runeToString(a[i]);
      out.write(e.bytes, e.off, e.len);
    }
    GoString r = GoString.wrap(out.toByteArray());
    Alloc.noscan(g, r.len);
    return r;
  }

  // ---- closures, interfaces, panics ----

  /** CLOSURE: captures per Proto.captures (c >= 0: the enclosing frame's register; c < 0: its cell -c-1). */
  static Closure closure(G g, Object proto, Object[] rs, int fp, Object[] cells) {
    Proto p = (Proto) proto;
    int[] cap = p.captures;
    if (cap.length > 0) { // Go's funcval and its captured words; a func without captures is static
      Alloc.count(g, Alloc.roundupsize(8L + 8L * cap.length, false));
    }
    Object[] cs = new Object[cap.length];
    for (int i = 0; i < cap.length; i++) {
      int c = cap[i];
      cs[i] = c >= 0 ? rs[fp + c] : cells[-c - 1];
    }
    return new Closure(p, cs);
  }

  /** BOX: the half of the slot the kind does not use is normalised, so equal values box equal. */
  static Iface box(G g, Object type, long bits, Object ref) {
    RType t = (RType) type;
    Alloc.box(g, t, bits, ref);
    if (!t.kind.isPrimitive()) {
      return new Iface(t, 0, ref);
    }
    return bits >= 0 && bits < SMALL_BOXES ? smallBox(t, (int) bits) : new Iface(t, bits, null);
  }

  /** How many small values of each primitive type box to a shared Iface (RType.smallBoxes). */
  private static final int SMALL_BOXES = 256;

  private static Iface smallBox(RType t, int v) {
    Iface[] boxes = t.smallBoxes;
    if (boxes == null) {
      boxes = new Iface[SMALL_BOXES];
      t.smallBoxes = boxes;
    }
    Iface b = boxes[v];
    if (b == null) {
      b = new Iface(t, v, null);
      boxes[v] = b;
    }
    return b;
  }

  /** PANIC: panic(v); panic(nil) is a *runtime.PanicNilError since Go 1.21. */
  static GoPanic panic(Object v) {
    return new GoPanic(v == null ? new PanicNilError() : v);
  }

  static RuntimeException unreachable(Proto p, int pc) {
    return new IllegalStateException("UNREACHABLE executed in " + p.name + " at pc " + pc);
  }
}
