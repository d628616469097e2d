package gol.stdlib.unicode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * unicode's classification and case mapping against Go 1.23: the expected values were printed by
 * Go. Below U+0860 the JDK's Unicode 13 and Go's Unicode 15 agree (but for U+061D), so every rune there is
 * checked (through a hash of all results); above it, chosen runes whose properties are the same
 * in both versions. (Over all of 0..0x10FFFF the only differences are runes added in Unicode 14
 * and 15.)
 */
class RunesTest {
  private static final int LO = -2;
  private static final int HI = 0x860;

  private static int hash(IntPredicate p) {
    int h = 0;
    for (int r = LO; r < HI; r++) {
      if (r == 0x61D) {
        continue; // assigned in Unicode 14
      }
      h = h * 31 + (p.test(r) ? 1 : 0);
    }
    return h;
  }

  private static int hashMap(IntUnaryOperator f) {
    int h = 0;
    for (int r = LO; r < HI; r++) {
      if (r == 0x61D) {
        continue;
      }
      h = h * 31 + f.applyAsInt(r);
    }
    return h;
  }

  /** The predicates' results as bits, in the order of the hashes below. */
  private static int bits(int r) {
    IntPredicate[] p = {Runes::isLetter, Runes::isDigit, Runes::isNumber, Runes::isSpace,
        Runes::isUpper, Runes::isLower, Runes::isTitle, Runes::isPunct, Runes::isSymbol,
        Runes::isMark, Runes::isControl, Runes::isPrint, Runes::isGraphic};
    int b = 0;
    for (int i = 0; i < p.length; i++) {
      if (p[i].test(r)) {
        b |= 1 << i;
      }
    }
    return b;
  }

  @Test
  void everyRuneBelowU0860() {
    assertEquals(-1529209820, hash(Runes::isLetter));
    assertEquals(2084494656, hash(Runes::isDigit));
    assertEquals(1333061024, hash(Runes::isNumber));
    assertEquals(-1038076416, hash(Runes::isSpace));
    assertEquals(-326919308, hash(Runes::isUpper));
    assertEquals(1268529133, hash(Runes::isLower));
    assertEquals(-1994519232, hash(Runes::isTitle));
    assertEquals(1022803925, hash(Runes::isPunct));
    assertEquals(-1986372125, hash(Runes::isSymbol));
    assertEquals(-1430286751, hash(Runes::isMark));
    assertEquals(2055123935, hash(Runes::isControl));
    assertEquals(1155412510, hash(Runes::isPrint));
    assertEquals(501335647, hash(Runes::isGraphic));
    assertEquals(-1528866636, hashMap(Runes::toUpper));
    assertEquals(-261781, hashMap(Runes::toLower));
    assertEquals(1223445364, hashMap(Runes::toTitle));
    assertEquals(-439007852, hashMap(Runes::simpleFold));
  }

  @Test
  void caseMappingAndFoldingOrbits() {
    assertEquals(75, Runes.simpleFold(8490));
    assertEquals(8490, Runes.toUpper(8490));
    assertEquals(107, Runes.toLower(8490));
    assertEquals(8490, Runes.toTitle(8490));
    assertEquals(107, Runes.simpleFold(75));
    assertEquals(75, Runes.toUpper(75));
    assertEquals(107, Runes.toLower(75));
    assertEquals(75, Runes.toTitle(75));
    assertEquals(8490, Runes.simpleFold(107));
    assertEquals(75, Runes.toUpper(107));
    assertEquals(107, Runes.toLower(107));
    assertEquals(75, Runes.toTitle(107));
    assertEquals(83, Runes.simpleFold(383));
    assertEquals(83, Runes.toUpper(383));
    assertEquals(383, Runes.toLower(383));
    assertEquals(83, Runes.toTitle(383));
    assertEquals(383, Runes.simpleFold(115));
    assertEquals(83, Runes.toUpper(115));
    assertEquals(115, Runes.toLower(115));
    assertEquals(83, Runes.toTitle(115));
    assertEquals(115, Runes.simpleFold(83));
    assertEquals(83, Runes.toUpper(83));
    assertEquals(115, Runes.toLower(83));
    assertEquals(83, Runes.toTitle(83));
    assertEquals(963, Runes.simpleFold(962));
    assertEquals(931, Runes.toUpper(962));
    assertEquals(962, Runes.toLower(962));
    assertEquals(931, Runes.toTitle(962));
    assertEquals(931, Runes.simpleFold(963));
    assertEquals(931, Runes.toUpper(963));
    assertEquals(963, Runes.toLower(963));
    assertEquals(931, Runes.toTitle(963));
    assertEquals(962, Runes.simpleFold(931));
    assertEquals(931, Runes.toUpper(931));
    assertEquals(963, Runes.toLower(931));
    assertEquals(931, Runes.toTitle(931));
    assertEquals(453, Runes.simpleFold(452));
    assertEquals(452, Runes.toUpper(452));
    assertEquals(454, Runes.toLower(452));
    assertEquals(453, Runes.toTitle(452));
    assertEquals(454, Runes.simpleFold(453));
    assertEquals(452, Runes.toUpper(453));
    assertEquals(454, Runes.toLower(453));
    assertEquals(453, Runes.toTitle(453));
    assertEquals(452, Runes.simpleFold(454));
    assertEquals(452, Runes.toUpper(454));
    assertEquals(454, Runes.toLower(454));
    assertEquals(453, Runes.toTitle(454));
    assertEquals(304, Runes.simpleFold(304));
    assertEquals(304, Runes.toUpper(304));
    assertEquals(105, Runes.toLower(304));
    assertEquals(304, Runes.toTitle(304));
    assertEquals(305, Runes.simpleFold(305));
    assertEquals(73, Runes.toUpper(305));
    assertEquals(305, Runes.toLower(305));
    assertEquals(73, Runes.toTitle(305));
    assertEquals(7838, Runes.simpleFold(223));
    assertEquals(223, Runes.toUpper(223));
    assertEquals(223, Runes.toLower(223));
    assertEquals(223, Runes.toTitle(223));
    assertEquals(223, Runes.simpleFold(7838));
    assertEquals(7838, Runes.toUpper(7838));
    assertEquals(223, Runes.toLower(7838));
    assertEquals(7838, Runes.toTitle(7838));
    assertEquals(66600, Runes.simpleFold(66560));
    assertEquals(66560, Runes.toUpper(66560));
    assertEquals(66600, Runes.toLower(66560));
    assertEquals(66560, Runes.toTitle(66560));
    assertEquals(125218, Runes.simpleFold(125184));
    assertEquals(125184, Runes.toUpper(125184));
    assertEquals(125218, Runes.toLower(125184));
    assertEquals(125184, Runes.toTitle(125184));
    assertEquals(-5, Runes.simpleFold(-5));
    assertEquals(-5, Runes.toUpper(-5));
    assertEquals(-5, Runes.toLower(-5));
    assertEquals(-5, Runes.toTitle(-5));
    assertEquals(1114112, Runes.simpleFold(1114112));
    assertEquals(1114112, Runes.toUpper(1114112));
    assertEquals(1114112, Runes.toLower(1114112));
    assertEquals(1114112, Runes.toTitle(1114112));
  }

  @Test
  void propertiesAboveU0860() {
    assertEquals(4104, bits(5760));
    assertEquals(4104, bits(8192));
    assertEquals(4104, bits(8202));
    assertEquals(0, bits(8203));
    assertEquals(8, bits(8232));
    assertEquals(4104, bits(8239));
    assertEquals(4104, bits(8287));
    assertEquals(4104, bits(12288));
    assertEquals(0, bits(65279));
    assertEquals(6400, bits(9398));
    assertEquals(6148, bits(8544));
    assertEquals(6150, bits(65296));
    assertEquals(6150, bits(120782));
    assertEquals(6148, bits(12295));
    assertEquals(6400, bits(128512));
    assertEquals(0, bits(57344));
    assertEquals(6400, bits(65533));
  }
}
