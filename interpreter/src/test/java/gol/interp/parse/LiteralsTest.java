package gol.interp.parse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** gc's scanner checks and the decoding of literal values, at the Literals level. */
class LiteralsTest {
  final List<String> problems = new ArrayList<>();
  final Literals.Problems sink = (offset, msg) -> problems.add(offset + ": " + msg);

  @Test
  void integers() {
    assertEquals(new BigInteger("ffffffffffffffff", 16), Literals.number("0xFFFF_FFFF_FFFF_FFFF", sink));
    assertEquals(BigInteger.valueOf(0777), Literals.number("0777", sink));
    assertEquals(BigInteger.valueOf(0777), Literals.number("0o777", sink));
    assertEquals(BigInteger.valueOf(5), Literals.number("0b_101", sink));
    assertEquals(List.of(), problems);
  }

  @Test
  void floatsAreExactDecimals() {
    assertEquals(0, new BigDecimal("1E+400").compareTo((BigDecimal) Literals.number("1e400", sink)));
    assertEquals(0, new BigDecimal("0.0625").compareTo((BigDecimal) Literals.number("0x.1p0", sink)));
    assertEquals(0, new BigDecimal("1024").compareTo((BigDecimal) Literals.number("0x1p10", sink)));
    assertEquals(0, new BigDecimal("15.5").compareTo((BigDecimal) Literals.number("0xF.8p0", sink)));
    // 0x1p-1074 is the smallest subnormal double, exactly
    BigDecimal tiny = (BigDecimal) Literals.number("0x1p-1074", sink);
    assertEquals(Double.MIN_VALUE, tiny.doubleValue());
    assertEquals(List.of(), problems);
  }

  @Test
  void numberProblemsAtGcsOffsets() {
    assertNull(Literals.number("0b", sink));
    assertNull(Literals.number("0x_", sink));
    assertNull(Literals.number("0128", sink));
    assertNull(Literals.number("1_000_", sink));
    assertEquals(BigInteger.ONE, Literals.number("0x_1", sink)); // fine: '_' may follow the prefix
    assertEquals(List.of(
        "2: binary literal has no digits",
        "3: hexadecimal literal has no digits",
        "3: invalid digit '8' in octal literal",
        "5: '_' must separate successive digits"), problems);
  }

  @Test
  void runes() {
    assertEquals(BigInteger.valueOf(0), Literals.rune("'\\000'", sink));
    assertEquals(BigInteger.valueOf(0x10FFFF), Literals.rune("'\\U0010FFFF'", sink));
    assertEquals(BigInteger.valueOf('"'), Literals.rune("'\"'", sink));
    assertEquals(List.of(), problems);
    assertNull(Literals.rune("'\\\"'", sink)); // \" is not an escape in a rune literal
    assertNull(Literals.rune("'\\U00110000'", sink));
    assertEquals(List.of("2: unknown escape", "11: escape is invalid Unicode code point U+110000"), problems);
  }

  @Test
  void strings() {
    assertArrayEquals(new byte[] {'\'', 7, 8, 12, 11, '\\'}, Literals.string("\"'\\a\\b\\f\\v\\\\\"", sink));
    assertArrayEquals(new byte[] {(byte) 0xE2, (byte) 0x82, (byte) 0xAC, (byte) 0x80}, Literals.string("\"€\\x80\"", sink));
    assertEquals(List.of(), problems);
    assertNull(Literals.string("\"\\'\"", sink)); // \' is not an escape in a string literal
    assertEquals(List.of("2: unknown escape"), problems);
  }

  @Test
  void rawStrings() {
    assertArrayEquals("a\\x\n\"b".getBytes(), Literals.rawString("`a\\x\r\n\"b`"));
    assertArrayEquals(new byte[] {(byte) 0xE6, (byte) 0x97, (byte) 0xA5}, Literals.rawString("`日`"));
  }
}
