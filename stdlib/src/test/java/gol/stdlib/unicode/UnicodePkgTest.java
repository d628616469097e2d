package gol.stdlib.unicode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gol.stdlib.NativeTesting;
import org.junit.jupiter.api.Test;

/** unicode's natives through the calling convention; table ids as tables.txt numbers them. */
class UnicodePkgTest extends NativeTesting {
  private long call1(String name, long r) {
    g.ls[4] = r;
    call("unicode." + name);
    return g.ls[4];
  }

  private long inTable(int id, int r) {
    g.ls[4] = id;
    g.ls[5] = r;
    call("unicode.inTable");
    return g.ls[4];
  }

  @Test
  void predicatesAndMappings() {
    assertEquals(1, call1("IsLetter", 'x'));
    assertEquals(0, call1("IsDigit", 'x'));
    assertEquals(1, call1("IsSpace", 0x85));
    assertEquals('X', call1("ToUpper", 'x'));
    assertEquals(0x1C5, call1("ToTitle", 0x1C6));
    assertEquals(0x212A, call1("SimpleFold", 'k'));
    g.ls[4] = 1; // LowerCase
    g.ls[5] = 'Q';
    call("unicode.To");
    assertEquals('q', g.ls[4]);
    g.ls[4] = 7;
    g.ls[5] = 'Q';
    call("unicode.To");
    assertEquals(0xFFFD, g.ls[4]);
  }

  @Test
  void tables() {
    assertEquals(1, inTable(Tables.id("Letter"), 'a'));
    assertEquals(0, inTable(Tables.id("Lu"), 'a'));
    assertEquals(1, inTable(Tables.id("Han"), 0x6F22));
    assertEquals(1, inTable(Tables.id("Han"), 0x31350)); // CJK Extension H, Unicode 15
    assertEquals(1, inTable(Tables.id("Latin"), 'a'));
    assertEquals(0, inTable(Tables.id("Latin"), 0x3A9)); // Greek capital omega is not Latin
    assertEquals(1, inTable(Tables.id("White_Space"), 0x3000));
    assertEquals(0, inTable(Tables.id("Letter"), -1));
    assertEquals(Tables.id("L"), Tables.id("Letter"));
  }
}
