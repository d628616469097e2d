package gol.stdlib.math.bits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.Machine;
import gol.stdlib.PanicValue;
import gol.stdlib.Stdlib;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** math/bits through the natives' calling convention; expectations printed by Go 1.23. */
class BitsPkgTest {
  private final Machine machine = new Machine(new ByteArrayOutputStream(), false,
      new PrintStream(new ByteArrayOutputStream()), new String[] {"prog.gol"});
  private final G g = machine.newG();

  private long call(String name, long... args) {
    for (int i = 0; i < args.length; i++) {
      g.ls[4 + i] = args[i];
    }
    Stdlib.lookup("math/bits." + name).call(g, 4);
    return g.ls[4];
  }

  private void bits(long x, long lz8, long lz16, long lz32, long lz64, long tz8, long tz64, long ones32,
      long len16, long rev8, long revBytes16, long rev64, long rotl32) {
    assertEquals(lz8, call("LeadingZeros8", x & 0xFF));
    assertEquals(lz16, call("LeadingZeros16", x & 0xFFFF));
    assertEquals(lz32, call("LeadingZeros32", x & 0xFFFFFFFFL));
    assertEquals(lz64, call("LeadingZeros64", x));
    assertEquals(lz64, call("LeadingZeros", x));
    assertEquals(tz8, call("TrailingZeros8", x & 0xFF));
    assertEquals(tz64, call("TrailingZeros64", x));
    assertEquals(ones32, call("OnesCount32", x & 0xFFFFFFFFL));
    assertEquals(len16, call("Len16", x & 0xFFFF));
    assertEquals(rev8, call("Reverse8", x & 0xFF));
    assertEquals(revBytes16, call("ReverseBytes16", x & 0xFFFF));
    assertEquals(rev64, call("Reverse64", x));
    assertEquals(rotl32, call("RotateLeft32", x & 0xFFFFFFFFL, -3));
  }

  @Test
  void fromGo() {
    bits(0L, 8, 16, 32, 64, 8, 64, 0, 0, 0, 0, 0L, 0L);
    bits(1L, 7, 15, 31, 63, 0, 0, 1, 1, 128, 256, -9223372036854775808L, 536870912L);
    bits(2L, 6, 14, 30, 62, 1, 1, 1, 2, 64, 512, 4611686018427387904L, 1073741824L);
    bits(128L, 0, 8, 24, 56, 7, 7, 1, 8, 1, 32768, 72057594037927936L, 16L);
    bits(255L, 0, 8, 24, 56, 0, 0, 8, 8, 255, 65280, -72057594037927936L, 3758096415L);
    bits(4660L, 2, 3, 19, 51, 2, 2, 5, 13, 44, 13330, 3190800335991996416L, 2147484230L);
    bits(2147483648L, 8, 16, 0, 32, 8, 31, 1, 0, 0, 0, 4294967296L, 268435456L);
    bits(3735928559L, 0, 0, 0, 32, 0, 0, 24, 16, 247, 61374, -613134434366914560L, 4225087453L);
    bits(-9223372036854775808L, 8, 16, 32, 0, 8, 63, 0, 0, 0, 0, 1L, 0L);
    bits(-1L, 0, 0, 0, 0, 0, 0, 32, 16, 255, 65535, -1L, 4294967295L);
  }

  @Test
  void fullWidthArithmetic() {
    call("Mul64", 1L << 63, 4);
    assertEquals(2, g.ls[4]);
    assertEquals(0, g.ls[5]);
    call("Add64", 1L << 63, 1L << 63, 1);
    assertEquals(1, g.ls[4]);
    assertEquals(1, g.ls[5]);
    call("Sub64", 0, 1, 0);
    assertEquals(-1, g.ls[4]);
    assertEquals(1, g.ls[5]);
    call("Div64", 1, 0, 3);
    assertEquals(6148914691236517205L, g.ls[4]);
    assertEquals(1, g.ls[5]);
    call("Mul32", 0xFFFFFFFFL, 0xFFFFFFFFL);
    assertEquals(0xFFFFFFFEL, g.ls[4]);
    assertEquals(1, g.ls[5]);
    assertEquals(1, call("Rem64", 7, 0, 3)); // 7<<64 % 3 == 1
  }

  @Test
  void divPanicsAsGo() {
    GoPanic p = assertThrows(GoPanic.class, () -> call("Div64", 0, 1, 0));
    assertEquals("runtime error: integer divide by zero", PanicValue.format(p.value).toString());
    p = assertThrows(GoPanic.class, () -> call("Div64", 3, 1, 3));
    assertEquals("runtime error: integer overflow", PanicValue.format(p.value).toString());
  }
}
