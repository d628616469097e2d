package gol.stdlib.strconv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import gol.stdlib.ByteBuf;
import org.junit.jupiter.api.Test;

/** strconv quoting; expected texts from Go 1.19. */
class QuoteTest {
  private static String quote(byte[] s, boolean ascii) {
    return Quote.quote(GoString.wrap(s), ascii).toString();
  }

  private static String quoteRune(long r, boolean ascii) {
    ByteBuf b = new ByteBuf();
    Quote.appendQuoteRune(b, r, ascii);
    return b.toString();
  }

  @Test
  void quote() {
    byte[] rest = "\u00ad\u00a0é\uD83D\uDE00\u2028\u0007\u000b`".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] t = new byte[4 + rest.length];
    t[0] = 'a';
    t[1] = (byte) 0xff; // not UTF-8
    t[2] = 'b';
    System.arraycopy(rest, 0, t, 4, rest.length);
    assertEquals("\"a\\xffb\\x00\\u00ad\\u00a0é😀\\u2028\\a\\v`\"", quote(t, false));
    assertEquals("\"h\\u00e9llo\\U0001f600\"", quote("héllo😀".getBytes(java.nio.charset.StandardCharsets.UTF_8), true));
    assertEquals("\"\\\"\\\\\\n\\t\\r\\f\\b\\x7f\"", quote("\"\\\n\t\r\f\b\u007f".getBytes(java.nio.charset.StandardCharsets.UTF_8), false));
    assertEquals("\"\"", quote(new byte[0], false));
  }

  @Test
  void quoteRune() {
    assertEquals("'�'", quoteRune(0xD800, false));
    assertEquals("'\\''", quoteRune('\'', false));
    assertEquals("'\"'", quoteRune('"', false));
    assertEquals("'\\u00e9'", quoteRune('é', true));
    assertEquals("'�'", quoteRune(-1, false));
    assertEquals("'\\x00'", quoteRune(0, false));
  }

  @Test
  void isPrint() {
    assertTrue(Quote.isPrint(' '));
    assertFalse(Quote.isPrint(0xA0));
    assertFalse(Quote.isPrint(0xAD));
    assertTrue(Quote.isPrint('é'));
    assertTrue(Quote.isPrint(0x1F600));
    assertFalse(Quote.isPrint(0x2028));
    assertFalse(Quote.isPrint(0xFEFF));
    assertTrue(Quote.isPrint(0xFFFD));
    assertFalse(Quote.isPrint(0xE000)); // private use
    assertFalse(Quote.isPrint(0x3000)); // ideographic space
  }

  @Test
  void canBackquote() {
    assertTrue(Quote.canBackquote("tab\there".getBytes(), 0, 8));
    assertFalse(Quote.canBackquote("no`pe".getBytes(), 0, 5));
    assertFalse(Quote.canBackquote(new byte[] {(byte) 0xff}, 0, 1));
    assertFalse(Quote.canBackquote("\uFEFF".getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, 3));
  }
}
