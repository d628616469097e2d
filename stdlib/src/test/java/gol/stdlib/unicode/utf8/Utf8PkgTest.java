package gol.stdlib.unicode.utf8;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Slice;
import gol.stdlib.NativeTesting;
import gol.stdlib.PanicValue;
import gol.stdlib.Utf8;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * unicode/utf8 against Go 1.23 (expectations printed by Go): decoding forwards and backwards,
 * validity and FullRune on valid, truncated, overlong, surrogate and out-of-range sequences;
 * RuneLen and the encoding of every boundary rune. Strings are one char per byte.
 */
class Utf8PkgTest {
  private static GoString b(String latin1) {
    return GoString.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static String dec(int decoded) {
    return Utf8.rune(decoded) + " " + Utf8.width(decoded);
  }

  private static String encode(int r) {
    byte[] b = new byte[4];
    int n = Utf8.encode(b, 0, r);
    return new String(b, 0, n, StandardCharsets.ISO_8859_1);
  }

  @Test
  void fromGo0() {
    assertEquals("65533 0", dec(Utf8Pkg.decode(b("").bytes, 0, b("").len)));
    assertEquals("65533 0", dec(Utf8Pkg.decodeLast(b("").bytes, 0, b("").len)));
    assertEquals(true, Utf8Pkg.valid(b("").bytes, 0, b("").len));
    assertEquals(false, Utf8Pkg.fullRune(b("").bytes, 0, b("").len));
    assertEquals(0, Utf8.runeCount(b("").bytes, 0, b("").len));
    assertEquals("97 1", dec(Utf8Pkg.decode(b("a").bytes, 0, b("a").len)));
    assertEquals("97 1", dec(Utf8Pkg.decodeLast(b("a").bytes, 0, b("a").len)));
    assertEquals(true, Utf8Pkg.valid(b("a").bytes, 0, b("a").len));
    assertEquals(true, Utf8Pkg.fullRune(b("a").bytes, 0, b("a").len));
    assertEquals(1, Utf8.runeCount(b("a").bytes, 0, b("a").len));
    assertEquals("233 2", dec(Utf8Pkg.decode(b("\303\251").bytes, 0, b("\303\251").len)));
    assertEquals("233 2", dec(Utf8Pkg.decodeLast(b("\303\251").bytes, 0, b("\303\251").len)));
    assertEquals(true, Utf8Pkg.valid(b("\303\251").bytes, 0, b("\303\251").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\303\251").bytes, 0, b("\303\251").len));
    assertEquals(1, Utf8.runeCount(b("\303\251").bytes, 0, b("\303\251").len));
    assertEquals("8364 3", dec(Utf8Pkg.decode(b("\342\202\254").bytes, 0, b("\342\202\254").len)));
    assertEquals("8364 3", dec(Utf8Pkg.decodeLast(b("\342\202\254").bytes, 0, b("\342\202\254").len)));
    assertEquals(true, Utf8Pkg.valid(b("\342\202\254").bytes, 0, b("\342\202\254").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\342\202\254").bytes, 0, b("\342\202\254").len));
    assertEquals(1, Utf8.runeCount(b("\342\202\254").bytes, 0, b("\342\202\254").len));
    assertEquals("119070 4", dec(Utf8Pkg.decode(b("\360\235\204\236").bytes, 0, b("\360\235\204\236").len)));
    assertEquals("119070 4", dec(Utf8Pkg.decodeLast(b("\360\235\204\236").bytes, 0, b("\360\235\204\236").len)));
    assertEquals(true, Utf8Pkg.valid(b("\360\235\204\236").bytes, 0, b("\360\235\204\236").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\360\235\204\236").bytes, 0, b("\360\235\204\236").len));
    assertEquals(1, Utf8.runeCount(b("\360\235\204\236").bytes, 0, b("\360\235\204\236").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\377").bytes, 0, b("\377").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\377").bytes, 0, b("\377").len)));
    assertEquals(false, Utf8Pkg.valid(b("\377").bytes, 0, b("\377").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\377").bytes, 0, b("\377").len));
    assertEquals(1, Utf8.runeCount(b("\377").bytes, 0, b("\377").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\303").bytes, 0, b("\303").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\303").bytes, 0, b("\303").len)));
    assertEquals(false, Utf8Pkg.valid(b("\303").bytes, 0, b("\303").len));
    assertEquals(false, Utf8Pkg.fullRune(b("\303").bytes, 0, b("\303").len));
    assertEquals(1, Utf8.runeCount(b("\303").bytes, 0, b("\303").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\342\202").bytes, 0, b("\342\202").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\342\202").bytes, 0, b("\342\202").len)));
    assertEquals(false, Utf8Pkg.valid(b("\342\202").bytes, 0, b("\342\202").len));
    assertEquals(false, Utf8Pkg.fullRune(b("\342\202").bytes, 0, b("\342\202").len));
    assertEquals(2, Utf8.runeCount(b("\342\202").bytes, 0, b("\342\202").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\360\235\204").bytes, 0, b("\360\235\204").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\360\235\204").bytes, 0, b("\360\235\204").len)));
    assertEquals(false, Utf8Pkg.valid(b("\360\235\204").bytes, 0, b("\360\235\204").len));
    assertEquals(false, Utf8Pkg.fullRune(b("\360\235\204").bytes, 0, b("\360\235\204").len));
    assertEquals(3, Utf8.runeCount(b("\360\235\204").bytes, 0, b("\360\235\204").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\355\240\200").bytes, 0, b("\355\240\200").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\355\240\200").bytes, 0, b("\355\240\200").len)));
    assertEquals(false, Utf8Pkg.valid(b("\355\240\200").bytes, 0, b("\355\240\200").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\355\240\200").bytes, 0, b("\355\240\200").len));
    assertEquals(3, Utf8.runeCount(b("\355\240\200").bytes, 0, b("\355\240\200").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\300\200").bytes, 0, b("\300\200").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\300\200").bytes, 0, b("\300\200").len)));
    assertEquals(false, Utf8Pkg.valid(b("\300\200").bytes, 0, b("\300\200").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\300\200").bytes, 0, b("\300\200").len));
    assertEquals(2, Utf8.runeCount(b("\300\200").bytes, 0, b("\300\200").len));
    assertEquals("97 1", dec(Utf8Pkg.decode(b("a\377\303\251").bytes, 0, b("a\377\303\251").len)));
    assertEquals("233 2", dec(Utf8Pkg.decodeLast(b("a\377\303\251").bytes, 0, b("a\377\303\251").len)));
    assertEquals(false, Utf8Pkg.valid(b("a\377\303\251").bytes, 0, b("a\377\303\251").len));
    assertEquals(true, Utf8Pkg.fullRune(b("a\377\303\251").bytes, 0, b("a\377\303\251").len));
    assertEquals(3, Utf8.runeCount(b("a\377\303\251").bytes, 0, b("a\377\303\251").len));
    assertEquals("233 2", dec(Utf8Pkg.decode(b("\303\251\200").bytes, 0, b("\303\251\200").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\303\251\200").bytes, 0, b("\303\251\200").len)));
    assertEquals(false, Utf8Pkg.valid(b("\303\251\200").bytes, 0, b("\303\251\200").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\303\251\200").bytes, 0, b("\303\251\200").len));
    assertEquals(2, Utf8.runeCount(b("\303\251\200").bytes, 0, b("\303\251\200").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\364\220\200\200").bytes, 0, b("\364\220\200\200").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\364\220\200\200").bytes, 0, b("\364\220\200\200").len)));
    assertEquals(false, Utf8Pkg.valid(b("\364\220\200\200").bytes, 0, b("\364\220\200\200").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\364\220\200\200").bytes, 0, b("\364\220\200\200").len));
    assertEquals(4, Utf8.runeCount(b("\364\220\200\200").bytes, 0, b("\364\220\200\200").len));
    assertEquals("65533 1", dec(Utf8Pkg.decode(b("\370").bytes, 0, b("\370").len)));
    assertEquals("65533 1", dec(Utf8Pkg.decodeLast(b("\370").bytes, 0, b("\370").len)));
    assertEquals(false, Utf8Pkg.valid(b("\370").bytes, 0, b("\370").len));
    assertEquals(true, Utf8Pkg.fullRune(b("\370").bytes, 0, b("\370").len));
    assertEquals(1, Utf8.runeCount(b("\370").bytes, 0, b("\370").len));
    assertEquals(-1, Utf8Pkg.runeLen(-1));
    assertEquals("\357\277\275", encode(-1));
    assertEquals(1, Utf8Pkg.runeLen(0));
    assertEquals("\000", encode(0));
    assertEquals(1, Utf8Pkg.runeLen(127));
    assertEquals("\177", encode(127));
    assertEquals(2, Utf8Pkg.runeLen(128));
    assertEquals("\302\200", encode(128));
    assertEquals(2, Utf8Pkg.runeLen(2047));
    assertEquals("\337\277", encode(2047));
    assertEquals(3, Utf8Pkg.runeLen(2048));
    assertEquals("\340\240\200", encode(2048));
    assertEquals(3, Utf8Pkg.runeLen(55295));
    assertEquals("\355\237\277", encode(55295));
    assertEquals(-1, Utf8Pkg.runeLen(55296));
    assertEquals("\357\277\275", encode(55296));
    assertEquals(-1, Utf8Pkg.runeLen(57343));
    assertEquals("\357\277\275", encode(57343));
    assertEquals(3, Utf8Pkg.runeLen(57344));
    assertEquals("\356\200\200", encode(57344));
    assertEquals(3, Utf8Pkg.runeLen(65535));
    assertEquals("\357\277\277", encode(65535));
    assertEquals(4, Utf8Pkg.runeLen(65536));
    assertEquals("\360\220\200\200", encode(65536));
    assertEquals(4, Utf8Pkg.runeLen(1114111));
    assertEquals("\364\217\277\277", encode(1114111));
    assertEquals(-1, Utf8Pkg.runeLen(1114112));
    assertEquals("\357\277\275", encode(1114112));
  }

  @Test
  void encodeRuneWritesOrPanicsAsGosBoundsCheck() {
    NativeTesting t = new NativeTesting();
    byte[] b = new byte[4];
    t.g.rs[4] = new Slice(b, 1, 3, 3);
    t.g.ls[5] = 0x4E16;
    t.call("unicode/utf8.EncodeRune");
    assertEquals(3, t.g.ls[4]);
    assertEquals((byte) 0xE4, b[1]);
    t.g.rs[4] = new Slice(b, 0, 1, 4);
    t.g.ls[5] = 0x4E16;
    GoPanic p = assertThrows(GoPanic.class, () -> t.call("unicode/utf8.EncodeRune"));
    assertEquals("runtime error: index out of range [2] with length 1", PanicValue.format(p.value).toString());
    t.g.rs[4] = null;
    t.g.ls[5] = 'a';
    p = assertThrows(GoPanic.class, () -> t.call("unicode/utf8.EncodeRune"));
    assertEquals("runtime error: index out of range [0] with length 0", PanicValue.format(p.value).toString());
  }

  @Test
  void countsAndStartsThroughSlots() {
    NativeTesting t = new NativeTesting();
    t.g.rs[4] = GoString.wrap(new byte[] {'a', (byte) 0xE4, (byte) 0xB8, (byte) 0x96, (byte) 0xff});
    t.call("unicode/utf8.RuneCountInString");
    assertEquals(3, t.g.ls[4]);
    t.g.ls[4] = 0x96;
    t.call("unicode/utf8.RuneStart");
    assertEquals(0, t.g.ls[4]);
    t.g.ls[4] = 0xD800;
    t.call("unicode/utf8.ValidRune");
    assertEquals(0, t.g.ls[4]);
  }
}
