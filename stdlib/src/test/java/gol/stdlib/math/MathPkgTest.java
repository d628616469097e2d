package gol.stdlib.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gol.stdlib.NativeTesting;
import org.junit.jupiter.api.Test;

/** math's natives through the calling convention: floats as raw bits in g.ls. */
class MathPkgTest extends NativeTesting {
  private static long b(double d) {
    return Double.doubleToRawLongBits(d);
  }

  private double f(int slot) {
    return Double.longBitsToDouble(g.ls[slot]);
  }

  @Test
  void multipleResults() {
    g.ls[4] = b(-3.25);
    call("math.Modf");
    assertEquals(-3.0, f(4));
    assertEquals(-0.25, f(5));
    g.ls[4] = b(12);
    call("math.Frexp");
    assertEquals(0.75, f(4));
    assertEquals(4, g.ls[5]);
    g.ls[4] = b(Math.PI / 2);
    call("math.Sincos");
    assertEquals(1.0, f(4));
    assertEquals(6.123233995736757E-17, f(5));
  }

  @Test
  void intsAndBools() {
    g.ls[4] = -1;
    call("math.Inf");
    assertEquals(Double.NEGATIVE_INFINITY, f(4));
    g.ls[4] = b(Double.NEGATIVE_INFINITY);
    g.ls[5] = 1;
    call("math.IsInf");
    assertEquals(0, g.ls[4]);
    g.ls[4] = b(-0.0);
    call("math.Signbit");
    assertEquals(1, g.ls[4]);
    call("math.NaN");
    assertEquals(0x7FF8000000000001L, g.ls[4]);
    g.ls[4] = 3;
    call("math.Pow10");
    assertEquals(1000.0, f(4));
    g.ls[4] = b(0.5);
    g.ls[5] = 3;
    call("math.Ldexp");
    assertEquals(4.0, f(4));
    g.ls[4] = b(1024);
    call("math.Ilogb");
    assertEquals(10, g.ls[4]);
  }

  @Test
  void float32Bits() {
    g.ls[4] = b((double) 0.1f);
    call("math.Float32bits");
    assertEquals(0x3dcccccdL, g.ls[4]);
    g.ls[4] = 0xbf800000L;
    call("math.Float32frombits");
    assertEquals(-1.0, f(4));
    g.ls[4] = b(1.5);
    call("math.Float64bits");
    assertEquals(0x3FF8000000000000L, g.ls[4]);
  }
}
