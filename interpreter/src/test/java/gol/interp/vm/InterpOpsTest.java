package gol.interp.vm;

import static gol.interp.vm.VmHarness.fn;
import static gol.interp.vm.VmHarness.run;
import static gol.interp.vm.VmHarness.runL;
import static gol.interp.vm.VmHarness.runR;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import org.junit.jupiter.api.Test;

/** Every opcode group, one hand-assembled function per case. */
class InterpOpsTest {
  static long binL(int op, long x, long y) {
    return runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_L, 1, cb.constL(x));
      cb.emit(Op.LOADK_L, 2, cb.constL(y));
      cb.emit(op, 0, 1, 2);
      cb.emit(Op.RET, 0, 1);
    }));
  }

  static long unL(int op, long x) {
    return runL(fn("main.t", 0, 1, 2, cb -> {
      cb.emit(Op.LOADK_L, 1, cb.constL(x));
      cb.emit(op, 0, 1);
      cb.emit(Op.RET, 0, 1);
    }));
  }

  static long bits(double d) {
    return Double.doubleToRawLongBits(d);
  }

  static double binF(int op, double x, double y) {
    return Double.longBitsToDouble(binL(op, bits(x), bits(y)));
  }

  static GoString s(String x) {
    return GoString.of(x);
  }

  /** R[0] := op(R[1]=a, R[2]=b) for ops reading strings; the long result for comparisons. */
  static Object binS(int op, Object a, Object b, boolean resultInL) {
    Proto p = fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(a));
      cb.emit(Op.LOADK_R, 2, cb.constR(b));
      cb.emit(op, 0, 1, 2);
      cb.emit(Op.RET, 0, 1);
    });
    return resultInL ? (Object) runL(p) : runR(p);
  }

  @Test
  void moves() {
    assertEquals(-5, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADI, 2, -5);
      cb.emit(Op.MOV_L, 0, 2);
      cb.emit(Op.NOP);
      cb.emit(Op.RET, 0, 1);
    })));
    Object r = runR(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(s("x")));
      cb.emit(Op.LOADK_L, 1, cb.constL(7L << 40));
      cb.emit(Op.MOV, 2, 1);
      cb.emit(Op.MOV_R, 0, 2);
      cb.emit(Op.MOV_L, 0, 2);
      cb.emit(Op.RET, 0, 1);
    }));
    assertEquals(s("x"), r);
    assertNull(runR(fn("main.t", 0, 1, 1, cb -> {
      cb.emit(Op.LOADK_R, 0, cb.constR(s("x")));
      cb.emit(Op.NIL_R, 0);
      cb.emit(Op.RET, 0, 1);
    })));
  }

  @Test
  void integerArithmetic() {
    assertEquals(Long.MIN_VALUE, binL(Op.ADD_I, Long.MAX_VALUE, 1));
    assertEquals(-3, binL(Op.SUB_I, 4, 7));
    assertEquals(-42, binL(Op.MUL_I, 6, -7));
    assertEquals(-3, binL(Op.DIV_I, -7, 2));
    assertEquals(-1, binL(Op.REM_I, -7, 2));
    assertEquals(1, binL(Op.REM_I, 7, -2));
    assertEquals(Long.MIN_VALUE, binL(Op.DIV_I, Long.MIN_VALUE, -1));
    assertEquals(0, binL(Op.REM_I, Long.MIN_VALUE, -1));
    assertEquals(Long.MAX_VALUE, binL(Op.DIV_U, -1, 2));
    assertEquals(1, binL(Op.REM_U, -1, 2));
    assertEquals(-9, unL(Op.NEG_I, 9));
    assertEquals(0b1000, binL(Op.AND, 0b1100, 0b1010));
    assertEquals(0b1110, binL(Op.OR, 0b1100, 0b1010));
    assertEquals(0b0110, binL(Op.XOR, 0b1100, 0b1010));
    assertEquals(0b0100, binL(Op.ANDNOT, 0b1100, 0b1010));
    assertEquals(~5L, unL(Op.NOT_I, 5));
    assertEquals(7, runL(fn("main.t", 0, 1, 2, cb -> {
      cb.emit(Op.LOADI, 1, 10);
      cb.emit(Op.ADDI, 0, 1, -3);
      cb.emit(Op.RET, 0, 1);
    })));
  }

  @Test
  void shifts() {
    assertEquals(Long.MIN_VALUE, binL(Op.SHL, 1, 63));
    assertEquals(0, binL(Op.SHL, 1, 64));
    assertEquals(0, binL(Op.SHL, 1, 1000));
    assertEquals(-4, binL(Op.SHR_I, -8, 1));
    assertEquals(-1, binL(Op.SHR_I, -8, 64));
    assertEquals(0, binL(Op.SHR_I, 8, 200));
    assertEquals(15, binL(Op.SHR_U, -1, 60));
    assertEquals(0, binL(Op.SHR_U, -1, 64));
  }

  @Test
  void wrapToSizedKinds() {
    long[][] cases = {
      {255, 8, -1}, {255, -8, 255}, {0x1_0000_0001L, 32, 1}, {-1, -16, 65535},
      {0x8000, 16, -32768}, {0xFFFF_FFFFL, 32, -1}, {-1, -32, 0xFFFF_FFFFL}, {300, -8, 44},
    };
    for (long[] c : cases) {
      long got = runL(fn("main.t", 0, 1, 2, cb -> {
        cb.emit(Op.LOADK_L, 1, cb.constL(c[0]));
        cb.emit(Op.WRAP, 0, 1, (int) c[1]);
        cb.emit(Op.RET, 0, 1);
      }));
      assertEquals(c[2], got, "wrap(" + c[0] + ", " + c[1] + ")");
    }
  }

  @Test
  void floats() {
    assertEquals(4.0, binF(Op.ADD_F, 1.5, 2.5));
    assertEquals(-1.0, binF(Op.SUB_F, 1.5, 2.5));
    assertEquals(3.75, binF(Op.MUL_F, 1.5, 2.5));
    assertEquals(0.6, binF(Op.DIV_F, 1.5, 2.5));
    assertEquals(Double.POSITIVE_INFINITY, binF(Op.DIV_F, 1, 0));
    assertTrue(Double.isNaN(binF(Op.DIV_F, 0, 0)));
    assertEquals(bits(-0.0), unL(Op.NEG_F, bits(0.0)));
    assertEquals(bits(-2.5), unL(Op.NEG_F, bits(2.5)));
    assertEquals(bits((double) 0.1f), unL(Op.F32, bits(0.1)));
  }

  @Test
  void comparisons() {
    assertEquals(1, binL(Op.EQ_I, 3, 3));
    assertEquals(0, binL(Op.NE_I, 3, 3));
    assertEquals(1, binL(Op.LT_I, -1, 0));
    assertEquals(1, binL(Op.LE_I, 0, 0));
    assertEquals(0, binL(Op.LT_U, -1, 0));
    assertEquals(1, binL(Op.LE_U, 0, -1));
    double nan = Double.NaN;
    assertEquals(0, binL(Op.EQ_F, bits(nan), bits(nan)));
    assertEquals(1, binL(Op.NE_F, bits(nan), bits(nan)));
    assertEquals(1, binL(Op.EQ_F, bits(0.0), bits(-0.0)));
    assertEquals(1, binL(Op.LT_F, bits(-1.5), bits(1)));
    assertEquals(0, binL(Op.LE_F, bits(nan), bits(1)));
    assertEquals(1, binL(Op.LE_F, bits(1), bits(1)));
    assertEquals(0L, unL(Op.NOT, 1));
    assertEquals(1L, unL(Op.NOT, 0));
  }

  @Test
  void strings() {
    assertEquals(1L, binS(Op.EQ_S, s("ab"), GoString.of("xab").slice(1, 3), true));
    assertEquals(1L, binS(Op.NE_S, s("ab"), s("abc"), true));
    assertEquals(1L, binS(Op.LT_S, s("ab"), s("abc"), true));
    assertEquals(1L, binS(Op.LT_S, s("z"), s("\u00e9"), true)); // byte-wise: 0x7a < 0xc3
    assertEquals(1L, binS(Op.LE_S, s("ab"), s("ab"), true));
    assertEquals(0L, binS(Op.LE_S, s("b"), s("ab"), true));
    assertEquals(s("foobar"), binS(Op.CONCAT, s("foo"), s("bar"), false));
    assertEquals(s("foo"), binS(Op.CONCAT, s("foo"), GoString.EMPTY, false));
    assertEquals(6L, runL(fn("main.t", 0, 1, 2, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(s("héllo")));
      cb.emit(Op.LEN_S, 0, 1);
      cb.emit(Op.RET, 0, 1);
    })));
    assertEquals(0xC3L, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(s("héllo")));
      cb.emit(Op.LOADI, 2, 1);
      cb.emit(Op.INDEX_S, 0, 1, 2);
      cb.emit(Op.RET, 0, 1);
    })));
  }

  static Object slice(String str, int lo, int hi) {
    return runR(fn("main.t", 0, 1, 4, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(s(str)));
      cb.emit(Op.LOADI, 2, lo);
      cb.emit(Op.LOADI, 3, hi);
      cb.emit(Op.SLICE_S, 0, 1, lo < 0 ? -1 : 2, hi < 0 ? -1 : 3);
      cb.emit(Op.RET, 0, 1);
    }));
  }

  @Test
  void stringSlicing() {
    assertEquals(s("ell"), slice("hello", 1, 4));
    assertEquals(s("llo"), slice("hello", 2, -1));
    assertEquals(s("he"), slice("hello", -1, 2));
    assertEquals(s("hello"), slice("hello", -1, -1));
    assertEquals(GoString.EMPTY, slice("hello", 5, 5));
  }

  @Test
  void conversions() {
    assertEquals(bits(-3.0), unL(Op.I2F, -3));
    assertEquals(bits(1.8446744073709552E19), unL(Op.U2F, -1));
    assertEquals(bits(9.223372036854775808E18), unL(Op.U2F, Long.MIN_VALUE));
    assertEquals(bits(12345.0), unL(Op.U2F, 12345));
    assertEquals(-2, unL(Op.F2I, bits(-2.7)));
    assertEquals(3, unL(Op.F2U, bits(3.9)));
    assertEquals(Long.parseUnsignedLong("18000000000000000000"), unL(Op.F2U, bits(1.8e19)));
    // out of range as gc on amd64: MinInt64, MinInt32 through int32, 1<<63 for uint64
    assertEquals(Long.MIN_VALUE, unL(Op.F2I, bits(Double.NaN)));
    assertEquals(Long.MIN_VALUE, unL(Op.F2I, bits(1e19)));
    assertEquals(Integer.MIN_VALUE, unL(Op.F2I32, bits(3e9)));
    assertEquals(70000, unL(Op.F2I32, bits(70000.5)));
    assertEquals(Long.MIN_VALUE, unL(Op.F2U, bits(Double.POSITIVE_INFINITY)));
    // float32 of an integer is rounded once: 2^60 + 2^36 + 1 rounds up, not to 2^60
    assertEquals(bits(0x1p60 + 0x1p37), unL(Op.I2F32, (1L << 60) + (1L << 36) + 1));
    assertEquals(bits(0x1p63 + 0x1p40), unL(Op.U2F32, Long.MIN_VALUE + (1L << 39) + 1));
    assertEquals(s("世"), rune2s(0x4e16));
    assertEquals(s("A"), rune2s('A'));
    assertEquals(s("é"), rune2s(0xe9));
    assertEquals(s("😀"), rune2s(0x1F600));
    assertEquals(s("\uFFFD"), rune2s(-1));
    assertEquals(s("\uFFFD"), rune2s(0xD800));
    assertEquals(s("\uFFFD"), rune2s(0x110000));
  }

  static Object rune2s(long r) {
    return runR(fn("main.t", 0, 1, 2, cb -> {
      cb.emit(Op.LOADK_L, 1, cb.constL(r));
      cb.emit(Op.RUNE2S, 0, 1);
      cb.emit(Op.RET, 0, 1);
    }));
  }

  @Test
  void jumpsAndLoops() {
    // sum of 0..99 with a fused compare-and-branch back-edge
    assertEquals(4950, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADI, 0, 0);
      cb.emit(Op.LOADI, 1, 0);
      cb.emit(Op.LOADI, 2, 100);
      int top = cb.pc();
      cb.emit(Op.ADD_I, 0, 0, 1);
      cb.emit(Op.ADDI, 1, 1, 1);
      cb.emit(Op.JLT_I, 1, 2, top);
      cb.emit(Op.RET, 0, 1);
    })));
    int[] jops = {Op.JLT_I, Op.JLE_I, Op.JGE_I, Op.JGT_I, Op.JEQ_I, Op.JNE_I};
    long[][] pairs = {{1, 2}, {2, 2}, {3, 2}, {-1, 1}};
    for (int op : jops) {
      for (long[] pr : pairs) {
        long got = runL(fn("main.t", 0, 1, 3, cb -> {
          cb.emit(Op.LOADK_L, 1, cb.constL(pr[0]));
          cb.emit(Op.LOADK_L, 2, cb.constL(pr[1]));
          int j = cb.emit(op, 1, 2, 0);
          cb.emit(Op.LOADI, 0, 0);
          cb.emit(Op.RET, 0, 1);
          cb.patch(j, cb.pc());
          cb.emit(Op.LOADI, 0, 1);
          cb.emit(Op.RET, 0, 1);
        }));
        long x = pr[0];
        long y = pr[1];
        boolean want = switch (op) {
          case Op.JLT_I -> x < y;
          case Op.JLE_I -> x <= y;
          case Op.JGE_I -> x >= y;
          case Op.JGT_I -> x > y;
          case Op.JEQ_I -> x == y;
          default -> x != y;
        };
        assertEquals(want ? 1 : 0, got, Op.NAMES[op] + " " + x + " " + y);
      }
    }
    for (int op : new int[] {Op.JT, Op.JF}) {
      for (int v = 0; v <= 1; v++) {
        int val = v;
        long got = runL(fn("main.t", 0, 1, 2, cb -> {
          cb.emit(Op.LOADI, 1, val);
          int j = cb.emit(op, 1, 0);
          cb.emit(Op.LOADI, 0, 0);
          int k = cb.emit(Op.JMP, 0);
          cb.patch(j, cb.pc());
          cb.emit(Op.LOADI, 0, 1);
          cb.patch(k, cb.pc());
          cb.emit(Op.RET, 0, 1);
        }));
        assertEquals((op == Op.JT) == (val != 0) ? 1 : 0, got, Op.NAMES[op] + " " + val);
      }
    }
  }

  @Test
  void cellsAndGlobals() {
    long[] gl = new long[2];
    Object[] gr = new Object[2];
    VmHarness.Result r = VmHarness.run(fn("main.t", 0, 1, 4, cb -> {
      cb.emit(Op.NEWCELL_L, 1);
      cb.emit(Op.LOADI, 2, 41);
      cb.emit(Op.STCELL_L, 1, 2);
      cb.emit(Op.LDCELL_L, 3, 1);
      cb.emit(Op.ADDI, 3, 3, 1);
      cb.emit(Op.STG_L, 1, 3);
      cb.emit(Op.NEWCELL_R, 1);
      cb.emit(Op.LOADK_R, 2, cb.constR(s("g")));
      cb.emit(Op.STCELL_R, 1, 2);
      cb.emit(Op.LDCELL_R, 3, 1);
      cb.emit(Op.STG_R, 0, 3);
      cb.emit(Op.LDG_L, 0, 1);
      cb.emit(Op.LDG_R, 0, 0);
      cb.emit(Op.RET, 0, 1);
    }), gol.runtime.Machine.DEFAULT_MAX_STACK, gl, gr);
    assertEquals(0, r.status, r.err);
    assertEquals(42, gl[1]);
    assertEquals(s("g"), gr[0]);
    assertEquals(42, r.g.ls[0]);
    assertEquals(s("g"), r.g.rs[0]);
  }

  static Slice longs(long... v) {
    return new Slice(v, 0, v.length, v.length);
  }

  @Test
  void slices() {
    Slice sl = new Slice(new long[] {9, 10, 11, 12, 13}, 1, 3, 4);
    assertEquals(12, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(sl));
      cb.emit(Op.LOADI, 2, 2);
      cb.emit(Op.LDX_L, 0, 1, 2);
      cb.emit(Op.RET, 0, 1);
    })));
    assertEquals(3 * 10 + 4, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(sl));
      cb.emit(Op.LEN_SL, 0, 1);
      cb.emit(Op.CAP_SL, 2, 1);
      cb.emit(Op.LOADI, 1, 10);
      cb.emit(Op.MUL_I, 0, 0, 1);
      cb.emit(Op.ADD_I, 0, 0, 2);
      cb.emit(Op.RET, 0, 1);
    })));
    assertEquals(0, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.NIL_R, 1);
      cb.emit(Op.LEN_SL, 0, 1);
      cb.emit(Op.CAP_SL, 2, 1);
      cb.emit(Op.ADD_I, 0, 0, 2);
      cb.emit(Op.RET, 0, 1);
    })));
    byte[] bytes = {1, (byte) 200, 3};
    Slice bs = new Slice(bytes, 0, 3, 3);
    assertEquals(200, runL(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(bs));
      cb.emit(Op.LOADI, 2, 1);
      cb.emit(Op.LDX_B, 0, 1, 2);
      cb.emit(Op.RET, 0, 1);
    })));
    Object[] objs = {s("a"), s("b")};
    Slice os = new Slice(objs, 0, 2, 2);
    long[] backing = {0, 0, 0};
    Slice ls = new Slice(backing, 1, 2, 2);
    assertEquals(s("b"), runR(fn("main.t", 0, 1, 4, cb -> {
      cb.emit(Op.LOADK_R, 1, cb.constR(os));
      cb.emit(Op.LOADI, 2, 1);
      cb.emit(Op.LDX_R, 0, 1, 2);
      cb.emit(Op.LOADI, 2, 0);
      cb.emit(Op.STX_R, 1, 2, 0);   // objs[0] = "b"
      cb.emit(Op.LOADK_R, 1, cb.constR(bs));
      cb.emit(Op.LOADI, 3, 0x1FF);
      cb.emit(Op.STX_B, 1, 2, 3);   // bytes[0] = 0xFF
      cb.emit(Op.LOADK_R, 1, cb.constR(ls));
      cb.emit(Op.LOADI, 2, 1);
      cb.emit(Op.LOADI, 3, -7);
      cb.emit(Op.STX_L, 1, 2, 3);   // backing[2] = -7
      cb.emit(Op.RET, 0, 1);
    })));
    assertEquals(s("b"), objs[0]);
    assertEquals((byte) 0xFF, bytes[0]);
    assertArrayEquals(new long[] {0, 0, -7}, backing);
  }

  @Test
  void varargsAndBox() {
    RType intT = new RType(RType.Kind.INT, "int", false);
    RType strT = new RType(RType.Kind.STRING, "string", false);
    Object r = runR(fn("main.t", 0, 1, 5, cb -> {
      cb.emit(Op.LOADI, 1, 7);
      cb.emit(Op.LOADK_R, 1, cb.constR(s("stale")));   // the unused half must not leak into the Iface
      cb.emit(Op.BOX, 3, 1, cb.constR(intT));
      cb.emit(Op.LOADK_R, 2, cb.constR(s("x")));
      cb.emit(Op.BOX, 4, 2, cb.constR(strT));
      cb.emit(Op.VARARGS, 0, 3, 2);
      cb.emit(Op.RET, 0, 1);
    }));
    Slice sl = (Slice) r;
    assertEquals(2, sl.len);
    Iface a = (Iface) ((Object[]) sl.array)[0];
    Iface b = (Iface) ((Object[]) sl.array)[1];
    assertSame(intT, a.type);
    assertEquals(7, a.bits);
    assertNull(a.ref);
    assertEquals(0, b.bits);
    assertEquals(s("x"), b.ref);
    assertNull(runR(fn("main.t", 0, 1, 2, cb -> {
      cb.emit(Op.VARARGS, 0, 1, 0);
      cb.emit(Op.RET, 0, 1);
    })));
    Slice li = (Slice) runR(fn("main.t", 0, 1, 3, cb -> {
      cb.emit(Op.LOADI, 1, 4);
      cb.emit(Op.LOADI, 2, 5);
      cb.emit(Op.VARARGS_L, 0, 1, 2);
      cb.emit(Op.RET, 0, 1);
    }));
    assertArrayEquals(new long[] {4, 5}, (long[]) li.array);
  }

  static long[] decrune(String str, int at) {
    VmHarness.Result r = run(fn("main.t", 0, 2, 4, cb -> {
      cb.emit(Op.LOADK_R, 2, cb.constR(str.equals("BAD") ? GoString.wrap(new byte[] {'a', (byte) 0xE4, (byte) 0xB8}) : s(str)));
      cb.emit(Op.LOADI, 3, at);
      cb.emit(Op.DECRUNE, 0, 2, 3);
      cb.emit(Op.RET, 0, 2);
    }));
    assertEquals(0, r.status, r.err);
    return new long[] {r.g.ls[0], r.g.ls[1]};
  }

  @Test
  void utf8Ops() {
    assertArrayEquals(new long[] {'a', 1}, decrune("a世", 0));
    assertArrayEquals(new long[] {0x4e16, 3}, decrune("a世", 1));
    assertArrayEquals(new long[] {0x1F600, 4}, decrune("😀", 0));
    assertArrayEquals(new long[] {0xFFFD, 1}, decrune("BAD", 1)); // truncated 3-byte sequence
    assertArrayEquals(new long[] {0xFFFD, 1}, decrune("a世", 2));  // a continuation byte
    Slice b = (Slice) convert(Op.STR2BYTES, s("hé"));
    assertArrayEquals(new byte[] {'h', (byte) 0xC3, (byte) 0xA9}, (byte[]) b.array);
    assertEquals(s("hé"), convert(Op.BYTES2STR, b));
    assertEquals(GoString.EMPTY, convert(Op.BYTES2STR, null));
    Slice rr = (Slice) convert(Op.STR2RUNES, s("a世😀"));
    assertEquals(3, rr.len);
    assertEquals(0x1F600, ((long[]) rr.array)[2]);
    assertEquals(s("a世😀"), convert(Op.RUNES2STR, rr));
    assertEquals(s("\uFFFD"), convert(Op.RUNES2STR, longs(-5)));
  }

  static Object convert(int op, Object x) {
    return runR(fn("main.t", 0, 1, 2, cb -> {
      if (x == null) {
        cb.emit(Op.NIL_R, 1);
      } else {
        cb.emit(Op.LOADK_R, 1, cb.constR(x));
      }
      cb.emit(op, 0, 1);
      cb.emit(Op.RET, 0, 1);
    }));
  }
}
