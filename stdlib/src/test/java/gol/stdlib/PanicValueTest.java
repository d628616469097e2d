package gol.stdlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.RType.Kind;
import gol.runtime.RuntimeError;
import gol.stdlib.strconv.Atoi;
import org.junit.jupiter.api.Test;

/** The text after "panic: "; expected texts are what Go printed (Go 1.19, newline rule of 1.23). */
class PanicValueTest {
  private static String fmt(Object v) {
    return PanicValue.format(v).toString();
  }

  private static Iface v(String type, Kind k, boolean named, long bits, Object ref) {
    return new Iface(new RType(k, type, named), bits, ref);
  }

  @Test
  void basicValues() {
    assertEquals("42", fmt(v("int", Kind.INT, false, 42, null)));
    assertEquals("+1.500000e+000", fmt(v("float64", Kind.FLOAT64, false, Double.doubleToRawLongBits(1.5), null)));
    assertEquals("+1.000000e-001", fmt(v("float32", Kind.FLOAT32, false, Double.doubleToRawLongBits(0.1f), null)));
    assertEquals("true", fmt(v("bool", Kind.BOOL, false, 1, null)));
    assertEquals("-3", fmt(v("int8", Kind.INT8, false, -3, null)));
    assertEquals("18446744073709551615", fmt(v("uint64", Kind.UINT64, false, -1, null)));
    assertEquals("boom", fmt(v("string", Kind.STRING, false, 0, GoString.of("boom"))));
    assertEquals("nil", fmt(null));
  }

  @Test
  void newlinesAreFollowedByATab() {
    assertEquals("boom\n\tsecond line", fmt(v("string", Kind.STRING, false, 0, GoString.of("boom\nsecond line"))));
    assertEquals("main.S(\"x\n\ty\")", fmt(v("main.S", Kind.STRING, true, 0, GoString.of("x\ny"))));
  }

  @Test
  void namedBasicTypes() {
    assertEquals("main.T(5)", fmt(v("main.T", Kind.INT, true, 5, null)));
    assertEquals("main.F(+1.500000e+000)", fmt(v("main.F", Kind.FLOAT64, true, Double.doubleToRawLongBits(1.5), null)));
    assertEquals("main.B(false)", fmt(v("main.B", Kind.BOOL, true, 0, null)));
    assertEquals("main.U(200)", fmt(v("main.U", Kind.UINT8, true, 200, null)));
  }

  @Test
  void errors() {
    assertEquals("runtime error: index out of range [5] with length 0",
        fmt(new RuntimeError("index out of range [5] with length 0")));
    assertEquals("strconv.Atoi: parsing \"x\": invalid syntax", fmt(Atoi.atoi(GoString.of("x")).err().toIface()));
    GoError plain = () -> GoString.of("bad thing");
    assertEquals("bad thing", fmt(new Iface(new RType(Kind.POINTER, "*errors.errorString", false), 0, plain)));
  }

  @Test
  void otherTypesPrintTypeAndAddress() {
    String s = fmt(v("main.P", Kind.STRUCT, true, 0, new Object()));
    assertTrue(s.matches("\\(main\\.P\\) 0xc[0-9a-f]+"), s);
  }
}
