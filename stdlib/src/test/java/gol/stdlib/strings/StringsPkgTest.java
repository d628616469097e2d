package gol.stdlib.strings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Machine;
import gol.runtime.Slice;
import gol.stdlib.ByteSlices;
import gol.stdlib.PanicValue;
import gol.stdlib.Stdlib;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/**
 * strings' natives through the calling convention (slots in, results out), and the Replacer
 * algorithm against Go 1.23 (every expectation in {@link #replacerAsGo} was printed by Go).
 */
class StringsPkgTest {
  private final Machine machine = new Machine(new ByteArrayOutputStream(), false,
      new PrintStream(new ByteArrayOutputStream()), new String[] {"prog.gol"});
  private final G g = machine.newG();

  private static GoString s(String v) {
    return GoString.of(v);
  }

  private void call(String name) {
    Stdlib.lookup("strings." + name).call(g, 4);
  }

  /** Replaces in {@code in}; strings are one char per byte (ISO-8859-1), as Go printed them. */
  private static String rep(String in, String... oldnew) {
    GoString[] p = new GoString[oldnew.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = latin1(oldnew[i]);
    }
    GoString r = Edit.replacer(latin1(in), p);
    return new String(r.bytes, r.off, r.len, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  private static GoString latin1(String bytes) {
    return GoString.wrap(bytes.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
  }

  /** Builder's append grows as Go's append of bytes: nextslicecap, then the size class. */
  @Test
  void builderAppendGrowsAsGo() {
    byte[] src = "0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    Slice b = ByteSlices.append(g, null, src, 0, 5);
    assertEquals(5, b.len);
    assertEquals(8, b.cap);
    Slice c = ByteSlices.append(g, b, src, 5, 3);
    assertEquals(b.array, c.array); // in place: the capacity allowed it
    assertEquals(s("01234567"), new GoString((byte[]) c.array, c.off, c.len));
    Slice d = ByteSlices.append(g, c, src, 0, 1);
    assertEquals(16, d.cap);
    assertEquals(896, ByteSlices.append(g, new Slice(new byte[512], 0, 512, 512), src, 0, 1).cap);
    assertEquals(1408, ByteSlices.append(g, new Slice(new byte[896], 0, 896, 896), src, 0, 1).cap);
  }

  @Test
  void cutFamily() {
    g.rs[4] = s("key=value=x");
    g.rs[5] = s("=");
    call("Cut");
    assertEquals(s("key"), g.rs[4]);
    assertEquals(s("value=x"), g.rs[5]);
    assertEquals(1, g.ls[6]);
    g.rs[4] = s("abc");
    g.rs[5] = s("z");
    call("Cut");
    assertEquals(s("abc"), g.rs[4]);
    assertEquals(GoString.EMPTY, g.rs[5]);
    assertEquals(0, g.ls[6]);
    g.rs[4] = s("prefix-body");
    g.rs[5] = s("prefix-");
    call("CutPrefix");
    assertEquals(s("body"), g.rs[4]);
    assertEquals(1, g.ls[5]);
    g.rs[4] = s("body.go");
    g.rs[5] = s(".txt");
    call("CutSuffix");
    assertEquals(s("body.go"), g.rs[4]);
    assertEquals(0, g.ls[5]);
  }

  @Test
  void repeatPanicsWithGosStrings() {
    g.rs[4] = s("ab");
    g.ls[5] = 3;
    call("Repeat");
    assertEquals(s("ababab"), g.rs[4]);
    g.rs[4] = s("ab");
    g.ls[5] = -1;
    GoPanic p = assertThrows(GoPanic.class, () -> call("Repeat"));
    assertEquals("strings: negative Repeat count", PanicValue.format(p.value).toString());
    g.rs[4] = s("ab");
    g.ls[5] = Long.MAX_VALUE / 2 + 1;
    p = assertThrows(GoPanic.class, () -> call("Repeat"));
    assertEquals("strings: Repeat output length overflow", PanicValue.format(p.value).toString());
  }

  @Test
  void splitNAndJoinThroughSlots() {
    g.rs[4] = s("a,b,c");
    g.rs[5] = s(",");
    g.ls[6] = 2;
    call("SplitN");
    Slice parts = (Slice) g.rs[4];
    assertEquals(2, parts.len);
    assertEquals(2, parts.cap);
    g.rs[4] = parts;
    g.rs[5] = s("|");
    call("Join");
    assertEquals(s("a|b,c"), g.rs[4]);
    g.rs[4] = s("x");
    g.rs[5] = s(",");
    g.ls[6] = 0;
    call("SplitN");
    assertEquals(null, g.rs[4]);
  }

  @Test
  void helpersForGolCode() {
    g.rs[4] = s("a\u00e9");
    call("decodeLastRune");
    assertEquals(0xE9, g.ls[4]);
    assertEquals(2, g.ls[5]);
    g.rs[4] = GoString.EMPTY;
    call("decodeRune");
    assertEquals(0xFFFD, g.ls[4]);
    assertEquals(0, g.ls[5]);
    g.rs[4] = new Slice(new long[] {'h', -1, 0xE9, 0x110000}, 0, 4, 4);
    call("runesToString");
    assertEquals(s("h\u00e9\ufffd"), g.rs[4]);
    g.rs[4] = GoString.wrap(new byte[] {'a', (byte) 0xff});
    call("validUTF8");
    assertEquals(0, g.ls[4]);
    g.rs[4] = s("a<b");
    g.rs[5] = new Slice(new Object[] {s("<"), s("&lt;")}, 0, 2, 2);
    call("replace");
    assertEquals(s("a&lt;b"), g.rs[4]);
  }

  @Test
  void toValidUtf8AndIndexByte() {
    g.rs[4] = GoString.wrap(new byte[] {'a', (byte) 0xff, (byte) 0xfe, 'b'});
    g.rs[5] = s("?");
    call("ToValidUTF8");
    assertEquals(s("a?b"), g.rs[4]);
    g.rs[4] = s("hello");
    g.ls[5] = 'l';
    call("LastIndexByte");
    assertEquals(3, g.ls[4]);
    g.rs[4] = s("hello");
    g.ls[5] = 'z';
    call("IndexByte");
    assertEquals(-1, g.ls[4]);
  }

  @Test
  void replacerAsGo() {
    assertEquals("", rep("", "a", "1"));
    assertEquals("1", rep("a", "a", "1"));
    assertEquals("1111", rep("aaaa", "a", "1"));
    assertEquals("b1n1n1", rep("banana", "a", "1"));
    assertEquals("1b1bc1bc", rep("ababcabc", "a", "1"));
    assertEquals("<1 & b>", rep("<a & b>", "a", "1"));
    assertEquals("xyz", rep("xyz", "a", "1"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "a", "1"));
    assertEquals("1b1b", rep("abab", "a", "1"));
    assertEquals("", rep("", "a", "1", "b", "2"));
    assertEquals("1", rep("a", "a", "1", "b", "2"));
    assertEquals("1111", rep("aaaa", "a", "1", "b", "2"));
    assertEquals("21n1n1", rep("banana", "a", "1", "b", "2"));
    assertEquals("1212c12c", rep("ababcabc", "a", "1", "b", "2"));
    assertEquals("<1 & 2>", rep("<a & b>", "a", "1", "b", "2"));
    assertEquals("xyz", rep("xyz", "a", "1", "b", "2"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "a", "1", "b", "2"));
    assertEquals("1212", rep("abab", "a", "1", "b", "2"));
    assertEquals("X", rep("", "", "X"));
    assertEquals("XaX", rep("a", "", "X"));
    assertEquals("XaXaXaXaX", rep("aaaa", "", "X"));
    assertEquals("XbXaXnXaXnXaX", rep("banana", "", "X"));
    assertEquals("XaXbXaXbXcXaXbXcX", rep("ababcabc", "", "X"));
    assertEquals("X<XaX X&X XbX>X", rep("<a & b>", "", "X"));
    assertEquals("XxXyXzX", rep("xyz", "", "X"));
    assertEquals("XhX\303X\251XlXlXoX XwX\303X\266XrXlXdX", rep("h\303\251llo w\303\266rld", "", "X"));
    assertEquals("XaXbXaXbX", rep("abab", "", "X"));
    assertEquals("X", rep("", "a", "1", "", "X"));
    assertEquals("1X", rep("a", "a", "1", "", "X"));
    assertEquals("1111X", rep("aaaa", "a", "1", "", "X"));
    assertEquals("Xb1Xn1Xn1X", rep("banana", "a", "1", "", "X"));
    assertEquals("1Xb1XbXc1XbXcX", rep("ababcabc", "a", "1", "", "X"));
    assertEquals("X<1X X&X XbX>X", rep("<a & b>", "a", "1", "", "X"));
    assertEquals("XxXyXzX", rep("xyz", "a", "1", "", "X"));
    assertEquals("XhX\303X\251XlXlXoX XwX\303X\266XrXlXdX", rep("h\303\251llo w\303\266rld", "a", "1", "", "X"));
    assertEquals("1Xb1XbX", rep("abab", "a", "1", "", "X"));
    assertEquals("X", rep("", "", "X", "a", "1"));
    assertEquals("X1X", rep("a", "", "X", "a", "1"));
    assertEquals("X1X1X1X1X", rep("aaaa", "", "X", "a", "1"));
    assertEquals("XbX1XnX1XnX1X", rep("banana", "", "X", "a", "1"));
    assertEquals("X1XbX1XbXcX1XbXcX", rep("ababcabc", "", "X", "a", "1"));
    assertEquals("X<X1X X&X XbX>X", rep("<a & b>", "", "X", "a", "1"));
    assertEquals("XxXyXzX", rep("xyz", "", "X", "a", "1"));
    assertEquals("XhX\303X\251XlXlXoX XwX\303X\266XrXlXdX", rep("h\303\251llo w\303\266rld", "", "X", "a", "1"));
    assertEquals("X1XbX1XbX", rep("abab", "", "X", "a", "1"));
    assertEquals("", rep("", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("1", rep("a", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("31", rep("aaaa", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("b1n1n1", rep("banana", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("1b1bc1bc", rep("ababcabc", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("<1 & b>", rep("<a & b>", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("xyz", rep("xyz", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("1b1b", rep("abab", "aaa", "3", "aa", "2", "a", "1"));
    assertEquals("", rep("", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("1", rep("a", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("1111", rep("aaaa", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("b1n1n1", rep("banana", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("1b1bc1bc", rep("ababcabc", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("<1 & b>", rep("<a & b>", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("xyz", rep("xyz", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("1b1b", rep("abab", "a", "1", "aa", "2", "aaa", "3"));
    assertEquals("", rep("", "abc", "x"));
    assertEquals("a", rep("a", "abc", "x"));
    assertEquals("aaaa", rep("aaaa", "abc", "x"));
    assertEquals("banana", rep("banana", "abc", "x"));
    assertEquals("abxx", rep("ababcabc", "abc", "x"));
    assertEquals("<a & b>", rep("<a & b>", "abc", "x"));
    assertEquals("xyz", rep("xyz", "abc", "x"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "abc", "x"));
    assertEquals("abab", rep("abab", "abc", "x"));
    assertEquals("", rep("", "a", "1", "a", "2"));
    assertEquals("1", rep("a", "a", "1", "a", "2"));
    assertEquals("1111", rep("aaaa", "a", "1", "a", "2"));
    assertEquals("b1n1n1", rep("banana", "a", "1", "a", "2"));
    assertEquals("1b1bc1bc", rep("ababcabc", "a", "1", "a", "2"));
    assertEquals("<1 & b>", rep("<a & b>", "a", "1", "a", "2"));
    assertEquals("xyz", rep("xyz", "a", "1", "a", "2"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "a", "1", "a", "2"));
    assertEquals("1b1b", rep("abab", "a", "1", "a", "2"));
    assertEquals("", rep("", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("a", rep("a", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("aaaa", rep("aaaa", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("banana", rep("banana", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("ababcabc", rep("ababcabc", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("&lt;a &amp; b&gt;", rep("<a & b>", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("xyz", rep("xyz", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("abab", rep("abab", "<", "&lt;", ">", "&gt;", "&", "&amp;"));
    assertEquals("", rep("", "ab", "", "b", "B"));
    assertEquals("a", rep("a", "ab", "", "b", "B"));
    assertEquals("aaaa", rep("aaaa", "ab", "", "b", "B"));
    assertEquals("Banana", rep("banana", "ab", "", "b", "B"));
    assertEquals("cc", rep("ababcabc", "ab", "", "b", "B"));
    assertEquals("<a & B>", rep("<a & b>", "ab", "", "b", "B"));
    assertEquals("xyz", rep("xyz", "ab", "", "b", "B"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "ab", "", "b", "B"));
    assertEquals("", rep("abab", "ab", "", "b", "B"));
    assertEquals("", rep("", "x", "xx"));
    assertEquals("a", rep("a", "x", "xx"));
    assertEquals("aaaa", rep("aaaa", "x", "xx"));
    assertEquals("banana", rep("banana", "x", "xx"));
    assertEquals("ababcabc", rep("ababcabc", "x", "xx"));
    assertEquals("<a & b>", rep("<a & b>", "x", "xx"));
    assertEquals("xxyz", rep("xyz", "x", "xx"));
    assertEquals("h\303\251llo w\303\266rld", rep("h\303\251llo w\303\266rld", "x", "xx"));
    assertEquals("abab", rep("abab", "x", "xx"));
    assertEquals("", rep("", "\303\251", "e", "\303\274", "u"));
    assertEquals("a", rep("a", "\303\251", "e", "\303\274", "u"));
    assertEquals("aaaa", rep("aaaa", "\303\251", "e", "\303\274", "u"));
    assertEquals("banana", rep("banana", "\303\251", "e", "\303\274", "u"));
    assertEquals("ababcabc", rep("ababcabc", "\303\251", "e", "\303\274", "u"));
    assertEquals("<a & b>", rep("<a & b>", "\303\251", "e", "\303\274", "u"));
    assertEquals("xyz", rep("xyz", "\303\251", "e", "\303\274", "u"));
    assertEquals("hello w\303\266rld", rep("h\303\251llo w\303\266rld", "\303\251", "e", "\303\274", "u"));
    assertEquals("abab", rep("abab", "\303\251", "e", "\303\274", "u"));
  }
}
