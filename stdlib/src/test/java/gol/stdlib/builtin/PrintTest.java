package gol.stdlib.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.Slice;
import gol.stdlib.ByteBuf;
import org.junit.jupiter.api.Test;

/** Builtin print/println output; expected texts are what Go 1.19's runtime printed. */
class PrintTest {
  private static Iface i(Kind k, long v) {
    return new Iface(new RType(k, k.name().toLowerCase(), false), v, null);
  }

  private static Iface f(double v) {
    return new Iface(new RType(Kind.FLOAT64, "float64", false), Double.doubleToRawLongBits(v), null);
  }

  private static Iface f32(float v) {
    return new Iface(new RType(Kind.FLOAT32, "float32", false), Double.doubleToRawLongBits(v), null);
  }

  private static Iface s(String v) {
    return new Iface(new RType(Kind.STRING, "string", false), 0, GoString.of(v));
  }

  private static Iface b(boolean v) {
    return new Iface(new RType(Kind.BOOL, "bool", false), v ? 1 : 0, null);
  }

  private static String println(Object... a) {
    return Print.format(a, true).toString();
  }

  private static String print(Object... a) {
    return Print.format(a, false).toString();
  }

  private static String flt(double v) {
    ByteBuf b = new ByteBuf();
    Print.appendFloat(b, v);
    return b.toString();
  }

  @Test
  void basicOperands() {
    assertEquals("1 -2 str true false +1.500000e+000 -2.500000e-001 +1.000000e-001 +0.000000e+000 "
        + "-0.000000e+000 +Inf -Inf NaN\n",
        println(i(Kind.INT, 1), i(Kind.INT, -2), s("str"), b(true), b(false), f(1.5), f(-0.25), f32(0.1f),
            f(0.0), f(-0.0), f(Double.POSITIVE_INFINITY), f(Double.NEGATIVE_INFINITY), f(Double.NaN)));
    assertEquals("-128 255 18446744073709551615 -9223372036854775808 42 97\n",
        println(i(Kind.INT8, -128), i(Kind.UINT8, 255), i(Kind.UINT64, -1), i(Kind.INT64, Long.MIN_VALUE),
            i(Kind.UINTPTR, 42), i(Kind.INT32, 'a')));
    assertEquals("a12b\n", print(s("a"), i(Kind.INT, 1), i(Kind.INT, 2), s("b\n")));
    assertEquals("", print());
    assertEquals("\n", println());
  }

  @Test
  void floatsAsTheRuntimePrintsThem() {
    assertEquals("+1.000000e+100", flt(1e100));
    assertEquals("+1.000000e-100", flt(1e-100));
    assertEquals("+1.234568e+008", flt(123456789.0));
    assertEquals("+1.000000e-001", flt(0.1));
    assertEquals("+1.000000e+001", flt(9.9999999));
    assertEquals("+4.940656e-324", flt(5e-324));
    assertEquals("+1.797693e+308", flt(Double.MAX_VALUE));
    assertEquals("+1.000000e+007", flt(1e7));
    assertEquals("+1.000000e+002", flt(100.0));
    assertEquals("+1.000001e+000", flt(1.0000005));
    assertEquals("+1.000000e+000", flt(1.00000049));
    assertEquals("+2.500000e-007", flt(2.5e-7));
    assertEquals("+1.000000e+000", flt(0.99999995));
  }

  @Test
  void interfaces() {
    RType error = new RType(Kind.INTERFACE, "error", true);
    RType any = new RType(Kind.INTERFACE, "interface {}", false);
    assertEquals("(0x0,0x0) (0x0,0x0) (0x0,0x0)\n",
        println(new Iface(error, 0, null), new Iface(any, 0, null), null));
    String boxed = println(new Iface(any, 0, i(Kind.INT, 5)));
    assertTrue(boxed.matches("\\(0x[0-9a-f]+,0xc[0-9a-f]+\\)\n"), boxed);
  }

  @Test
  void pointersAndSlices() {
    RType ptr = new RType(Kind.POINTER, "*int", false);
    RType slice = new RType(Kind.SLICE, "[]int", false);
    assertEquals("0x0 [0/0]0x0\n", println(new Iface(ptr, 0, null), new Iface(slice, 0, null)));
    String p = println(new Iface(ptr, 0, new Object()), new Iface(slice, 0, new Slice(new long[4], 1, 2, 3)));
    assertTrue(p.matches("0xc[0-9a-f]+ \\[2/3\\]0xc[0-9a-f]+\n"), p);
  }
}
