package gol.stdlib.fmt;

import static gol.runtime.RType.Kind.INT;
import static gol.runtime.RType.Kind.INT16;
import static gol.runtime.RType.Kind.INT32;
import static gol.runtime.RType.Kind.INT64;
import static gol.runtime.RType.Kind.INT8;
import static gol.runtime.RType.Kind.UINT;
import static gol.runtime.RType.Kind.UINT16;
import static gol.runtime.RType.Kind.UINT32;
import static gol.runtime.RType.Kind.UINT64;
import static gol.runtime.RType.Kind.UINT8;
import static gol.runtime.RType.Kind.UINTPTR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.stdlib.strconv.Atoi;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Go-exact output of the fmt printer. The expected strings in {@link #goConformance} were
 * produced by Go 1.19's fmt (Sprintf / Sprint / Sprintln) for the same operands; they are plain
 * literals here, nothing at test time depends on Go. Operand types: {@code main.T} is a named int,
 * {@code main.NS} a named string, {@code main.NF} a named float64, {@code err()} the error of
 * {@code strconv.Atoi("abc")}, {@code bs(hex)} a {@code []byte}.
 */
class PrinterTest {
  static final RType T = new RType(INT, "main.T", true);
  static final RType NS = new RType(RType.Kind.STRING, "main.NS", true);
  static final RType NF = new RType(RType.Kind.FLOAT64, "main.NF", true);
  static final RType STRING = new RType(RType.Kind.STRING, "string", false);
  static final RType BOOL = new RType(RType.Kind.BOOL, "bool", false);
  static final RType FLOAT64 = new RType(RType.Kind.FLOAT64, "float64", false);
  static final RType FLOAT32 = new RType(RType.Kind.FLOAT32, "float32", false);

  private final List<String> failures = new ArrayList<>();

  static Iface iv(RType.Kind k, long bits) {
    return new Iface(new RType(k, k.name().toLowerCase(), false), bits, null);
  }

  static Iface fv(double v) {
    return new Iface(FLOAT64, Double.doubleToRawLongBits(v), null);
  }

  static Iface f32(float v) {
    return new Iface(FLOAT32, Double.doubleToRawLongBits(v), null);
  }

  static Iface bv(boolean v) {
    return new Iface(BOOL, v ? 1 : 0, null);
  }

  static GoString gs(String hex) {
    return GoString.wrap(HexFormat.of().parseHex(hex));
  }

  static Iface sx(String hex) {
    return new Iface(STRING, 0, gs(hex));
  }

  static Iface s(String text) {
    return new Iface(STRING, 0, GoString.of(text));
  }

  static Iface named(RType t, long bits) {
    return new Iface(t, bits, null);
  }

  static Iface named(RType t, double v) {
    return new Iface(t, Double.doubleToRawLongBits(v), null);
  }

  static Iface named(RType t, Iface s) {
    return new Iface(t, 0, s.ref);
  }

  static final RType BYTES = bytesType();

  private static RType bytesType() {
    RType t = new RType(RType.Kind.SLICE, "[]uint8", false);
    t.elem = new RType(UINT8, "uint8", false);
    return t;
  }

  /** A []byte; null hex for a nil slice. */
  static Iface bs(String hex) {
    if (hex == null) {
      return new Iface(BYTES, 0, null);
    }
    byte[] b = HexFormat.of().parseHex(hex);
    return new Iface(BYTES, 0, new gol.runtime.Slice(b, 0, b.length, b.length));
  }

  static Iface err() {
    return Atoi.atoi(GoString.of("abc")).err().toIface();
  }

  static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  private void check(byte[] want, Printer p, String what) {
    byte[] got = p.buffer().toBytes();
    if (!java.util.Arrays.equals(want, got)) {
      failures.add(what + ": want [" + new String(want, StandardCharsets.UTF_8) + "] got ["
          + new String(got, StandardCharsets.UTF_8) + "]");
    }
  }

  void printf(String want, String format, Object... a) {
    printf(want.getBytes(StandardCharsets.UTF_8), format, a);
  }

  /** A lone null operand reaches a varargs method as a null array. */
  private static Object[] operands(Object[] a) {
    return a == null ? new Object[] {null} : a;
  }

  void printf(byte[] want, String format, Object... a) {
    a = operands(a);
    check(want, new Printer().doPrintf(GoString.of(format), a), "Sprintf(" + format + ")");
  }

  void print(String want, Object... a) {
    a = operands(a);
    check(want.getBytes(StandardCharsets.UTF_8), new Printer().doPrint(a), "Sprint");
  }

  void println(String want, Object... a) {
    a = operands(a);
    check(want.getBytes(StandardCharsets.UTF_8), new Printer().doPrintln(a), "Sprintln");
  }

  private void assertNoFailures() {
    assertTrue(failures.isEmpty(), failures.size() + " mismatches:\n" + String.join("\n", failures));
  }

  @Test
  void goConformance() {
    println("1 a 1.5 true <nil>\n", iv(INT, 0x1L), sx("61"), fv(1.5d), bv(true), null);
    println("\n");
    print("1 2a3bc2.5 false", iv(INT, 0x1L), iv(INT, 0x2L), sx("61"), iv(INT, 0x3L), sx("62"), sx("63"), fv(2.5d), bv(false));
    print("x1 2y", sx("78"), iv(INT, 0x1L), iv(INT, 0x2L), sx("79"));
    print("<nil> <nil> 1", null, null, iv(INT, 0x1L));
    print("named1", named(NS, sx("6e616d6564")), iv(INT, 0x1L));
    println("-7 255 65535 4294967295 18446744073709551615 -9223372036854775808 123\n", iv(INT8, 0xfffffffffffffff9L), iv(UINT8, 0xffL), iv(UINT16, 0xffffL), iv(UINT32, 0xffffffffL), iv(UINT64, 0xffffffffffffffffL), iv(INT64, 0x8000000000000000L), iv(UINTPTR, 0x7bL));
    printf("0", "%v", fv(0d));
    printf("-0", "%v", fv(-0.0));
    printf("1", "%v", fv(1d));
    printf("3", "%v", fv(3d));
    printf("100", "%v", fv(100d));
    printf("1e+06", "%v", fv(1e6d));
    printf("123456", "%v", fv(123456d));
    printf("1.234567e+06", "%v", fv(1234567d));
    printf("1e+20", "%v", fv(1e20d));
    printf("1e+21", "%v", fv(1e21d));
    printf("0.0001", "%v", fv(1e-4d));
    printf("1e-05", "%v", fv(1e-5d));
    printf("1e-07", "%v", fv(1e-7d));
    printf("0.1", "%v", fv(0.1d));
    printf("0.30000000000000004", "%v", fv(0.30000000000000004d));
    printf("2.5", "%v", fv(2.5d));
    printf("1.7976931348623157e+308", "%v", fv(1.7976931348623157e308d));
    printf("5e-324", "%v", fv(5e-324d));
    printf("2.2250738585072014e-308", "%v", fv(2.2250738585072014e-308d));
    printf("1.23456789123e+08", "%v", fv(123456789.123d));
    printf("0.000123", "%v", fv(0.000123d));
    printf("1e+23", "%v", fv(1e23d));
    printf("8.41e+21", "%v", fv(8.41e21d));
    printf("2.82879384806159e+17", "%v", fv(2.82879384806159e17d));
    printf("9.007199254740992e+15", "%v", fv(9007199254740993d));
    printf("4.35", "%v", fv(4.35d));
    printf("1.0000000000000002", "%v", fv(1.0000000000000002d));
    printf("3.355443200000001e+07", "%v", fv(33554432.000000004d));
    printf("+Inf", "%v", fv(Double.POSITIVE_INFINITY));
    printf("-Inf", "%v", fv(Double.NEGATIVE_INFINITY));
    printf("NaN", "%v", fv(Double.NaN));
    printf("0.1", "%v", f32(0.1f));
    printf("1.6777216e+07", "%v", f32(16777216f));
    printf("1e+10", "%v", f32(1e10f));
    printf("3.4e+38", "%v", f32(3.4e38f));
    printf("1e-45", "%v", f32(1.4e-45f));
    printf("0.3", "%v", f32(0.3f));
    printf("1.1", "%v", f32(1.1f));
    printf("3.14159", "%v", f32(3.14159f));
    printf("100000", "%v", f32(100000f));
    printf("1e-05", "%v", f32(1e-5f));
    printf("0.666667|0.667|   0.667|0.667   |0000.667", "%f|%.3f|%8.3f|%-8.3f|%08.3f", fv(0.6666666666666666d), fv(0.6666666666666666d), fv(0.6666666666666666d), fv(0.6666666666666666d), fv(0.6666666666666666d));
    printf("-0.667|  -0.667|+0.7", "%.3f|%8.3f|%+.1f", fv(-0.6666666666666666d), fv(-0.6666666666666666d), fv(0.6666666666666666d));
    printf("100.0|  0.0", "%5.1f|%5.1f", fv(99.95d), fv(0.04d));
    printf("0.1000000000", "%.10f", fv(0.1d));
    printf("12345678.900000", "%f", fv(12345678.9d));
    printf("0 2 2 0.2 1.12e+00 2e+00 1.2e-01", "%.0f %.0f %.0f %.1f %.2e %.0e %.1e", fv(0.5d), fv(1.5d), fv(2.5d), fv(0.25d), fv(1.125d), fv(2.5d), fv(0.125d));
    printf("1.234568e+05 1.230000E-04 -1.000e+00 -003.142 +2.00  2.00 2.00    | -0002.00", "%e %E %.3e %08.3f %+.2f % .2f %-8.2f| %+08.2f", fv(123456.789d), fv(0.000123d), fv(-1d), fv(-3.14159d), fv(2d), fv(2d), fv(2d), fv(-2d));
    printf("100000 1e-05 1.23e+03 0.000123 1e+100 1E-10 1e+01 1.00000 2.00 3", "%g %g %.3g %.3g %g %G %.0g %#g %#.3g %#v", fv(100000d), fv(1e-05d), fv(1234d), fv(0.0001234d), fv(1e100d), fv(1e-10d), fv(12d), fv(1d), fv(2d), fv(3d));
    printf("4503599627370496p-52 8388608p-23 0x1.8p+00 0X1.5555555555555P-02 0x0.0000p+00 0x1.00p+01 -0x1.999999999999ap-04", "%b %b %x %X %#x %.2x %x", fv(1d), f32(1f), fv(1.5d), fv(0.3333333333333333d), fv(0d), fv(1.999d), fv(-0.1d));
    printf(" +Inf|    -Inf|+Inf|-0|      -Inf|+Inf      |", "%5.1f|%08f|%+v|% v|%010v|%-010v|", fv(Double.POSITIVE_INFINITY), fv(Double.NEGATIVE_INFINITY), fv(Double.POSITIVE_INFINITY), fv(-0.0), fv(Double.NEGATIVE_INFINITY), fv(Double.POSITIVE_INFINITY));
    printf("NaN NaN      NaN +NaN  NaN   NaN|", "%v %f %08.2f %+f % f %5v|", fv(Double.NaN), fv(Double.NaN), fv(Double.NaN), fv(Double.NaN), fv(Double.NaN), fv(Double.NaN));
    printf("0.000000e+00 0 0.000000", "%e %g %f", fv(0d), fv(0d), fv(0d));
    printf("0.10000000000000000555 1.000000000000000025059091835209e-300", "%.20f %.30e", fv(0.1d), fv(1e-300d));
    printf("0.0001 1.2345678e+07 1.2345e-05 1e+21", "%g %g %g %g", fv(1e-4d), fv(12345678d), fv(0.000012345d), fv(1e21d));
    printf("1.235e+05 1.234e-05 1.5 1.500 1.23456789e+08", "%.4g %.4g %.10g %#.4g %#g", fv(123456d), fv(0.00001234d), fv(1.5d), fv(1.5d), fv(123456789d));
    printf("  3.14|3.14  |-03.14|+03.14| 03.14", "%6.2f|%-6.2f|%06.2f|%+06.2f|% 06.2f", fv(3.14159d), fv(3.14159d), fv(-3.14159d), fv(3.14159d), fv(3.14159d));
    printf("3.400000e+38 1.00e-01 0.1 0.1", "%e %.2e %g %.3g", f32(3.4e38f), f32(0.1f), f32(0.1f), f32(0.1f));
    printf("1.500000 2.35", "%F %.2F", fv(1.5d), fv(2.345d));
    printf("0x1.2a05f2p+33 -0X1P-1074 0x1.800p+01 0x1p+01", "%x %X %#.3x %.0x", fv(1e10d), fv(-5e-324d), fv(3.0d), fv(1.5d));
    printf("42|   42|42   |00042|+42| 42|ff|FF|10|0o10|101|0xff|010|0b101", "%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%o|%O|%b|%#x|%#o|%#b", iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0xffL), iv(INT, 0xffL), iv(INT, 0x8L), iv(INT, 0x8L), iv(INT, 0x5L), iv(INT, 0xffL), iv(INT, 0x8L), iv(INT, 0x5L));
    printf("-42|  -42|-42  |-0042|-42|-42|-ff|-0XFF|-10|-101", "%d|%5d|%-5d|%05d|%+d|% d|%x|%#X|%o|%b", iv(INT, 0xffffffffffffffd6L), iv(INT, 0xffffffffffffffd6L), iv(INT, 0xffffffffffffffd6L), iv(INT, 0xffffffffffffffd6L), iv(INT, 0xffffffffffffffd6L), iv(INT, 0xffffffffffffffd6L), iv(INT, 0xffffffffffffff01L), iv(INT, 0xffffffffffffff01L), iv(INT, 0xfffffffffffffff8L), iv(INT, 0xfffffffffffffffbL));
    printf("007||     |    -007|007     |     007|", "%.3d|%.0d|%5.0d|%8.3d|%-8.3d|%08.3d|%.d", iv(INT, 0x7L), iv(INT, 0x0L), iv(INT, 0x0L), iv(INT, 0xfffffffffffffff9L), iv(INT, 0x7L), iv(INT, 0x7L), iv(INT, 0x0L));
    printf("ffffffffffffffff 18446744073709551615 -1 11001000", "%x %d %o %b", iv(UINT64, 0xffffffffffffffffL), iv(UINT64, 0xffffffffffffffffL), iv(INT8, 0xffffffffffffffffL), iv(UINT8, 0xc8L));
    printf("-9223372036854775808 9223372036854775807", "%d %d", iv(INT64, 0x8000000000000000L), iv(INT64, 0x7fffffffffffffffL));
    printf("A|\u4e16|\ud83d\ude00|    a|b  |\ufffd|\ufffd", "%c|%c|%c|%5c|%-3c|%c|%c", iv(INT, 0x41L), iv(INT, 0x4e16L), iv(INT, 0x1f600L), iv(INT, 0x61L), iv(INT, 0x62L), iv(INT, 0xffffffffffffffffL), iv(INT, 0x110000L));
    printf("'a'|'\\n'|'\u00e9'|'\\u00e9'|'\ud83d\ude00'|'\ufffd'|'\\''", "%q|%q|%q|%+q|%q|%q|%#q", iv(INT, 0x61L), iv(INT, 0xaL), iv(INT, 0xe9L), iv(INT, 0xe9L), iv(INT, 0x1f600L), iv(INT, 0xd800L), iv(INT, 0x27L));
    printf("U+1F600|U+1F600 '\ud83d\ude00'|U+000A|U+000041|U+FFFFFFFFFFFFFFFF|U+00E9 '\u00e9'|  U+0041|U+0041  |", "%U|%#U|%#U|%.6U|%U|%#U|%8U|%-8U|", iv(INT, 0x1f600L), iv(INT, 0x1f600L), iv(INT, 0xaL), iv(INT, 0x41L), iv(INT, 0xffffffffffffffffL), iv(INT, 0xe9L), iv(INT, 0x41L), iv(INT, 0x41L));
    printf("300 -128", "%v %d", iv(UINT16, 0x12cL), iv(INT8, 0xffffffffffffff80L));
    printf("42 0x2a 0x2a 42", "%#v %#v %#v %+v", iv(INT, 0x2aL), iv(UINT, 0x2aL), iv(UINT8, 0x2aL), iv(INT, 0x2aL));
    printf("0000000042|42        |+000000042| 000000042", "%010d|%-010d|%+010d|% 010d", iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0x2aL), iv(INT, 0x2aL));
    printf("bee|       bee|bee       |     0xbee|0000000bee|0x0000000bee", "%x|%10x|%-10x|%#10x|%010x|%#010x", iv(INT, 0xbeeL), iv(INT, 0xbeeL), iv(INT, 0xbeeL), iv(INT, 0xbeeL), iv(INT, 0xbeeL), iv(INT, 0xbeeL));
    printf("hello|        hi|hi        |he|    h|\"hi\"|6869|6869|68 69|0x6869|0x68 0x69|hi", "%s|%10s|%-10s|%.2s|%5.1s|%q|%x|%X|% x|%#x|%# x|%v", sx("68656c6c6f"), sx("6869"), sx("6869"), sx("68656c6c6f"), sx("68656c6c6f"), sx("6869"), sx("6869"), sx("6869"), sx("6869"), sx("6869"), sx("6869"), sx("6869"));
    printf("\"say \\\"hi\\\"\\n\\tback\\\\slash\"", "%q", sx("73617920226869220a096261636b5c736c617368"));
    printf("\"h\u00e9llo \u4e16\u754c\"", "%q", sx("68c3a96c6c6f20e4b896e7958c"));
    printf("\"bad\\xff\\x00bytes\"", "%q", sx("626164ff006279746573"));
    printf("\"\"|\"h\\u00e9llo\"|`raw`|\"no`pe\"|`tab\there`", "%q|%+q|%#q|%#q|%#+q", sx(""), sx("68c3a96c6c6f"), sx("726177"), sx("6e6f607065"), sx("7461620968657265"));
    printf("\"\\a\\b\\f\\r\\v\\x7f\\u00ad\\u00a0\\u2028\ud83d\ude00\\ufeff\ufffd\"", "%q", sx("07080c0d0b7fc2adc2a0e280a8f09f9880efbbbfefbfbd"));
    printf("[      \"ab\"]|[\"ab\"      ]|[\"abc\"]", "[%10q]|[%-10q]|[%.3q]", sx("6162"), sx("6162"), sx("616263646566"));
    printf("\u65e5\u672c\u8a9e|   \u65e5\u672c|\u65e5", "%s|%5s|%.1s", sx("e697a5e69cace8aa9e"), sx("e697a5e69cac"), sx("e697a5e69cac"));
    printf("ff0061||6865|   61|61    |", "%x|%X|%.2x|%5x|%-6x|", sx("ff0061"), sx(""), sx("68656c6c6f"), sx("61"), sx("61"));
    printf(bytes("fffe20726177"), "%s", sx("fffe20726177"));
    printf(bytes("61ff627ce4b8"), "%v|%s", sx("61ff62"), sx("e4b8"));
    printf("true|false|  true|false |", "%t|%v|%6t|%-6t|", bv(true), bv(false), bv(true), bv(false));
    printf("int string float64 float32 bool <nil> uint8", "%T %T %T %T %T %T %T", iv(INT, 0x1L), sx("73"), fv(1d), f32(1f), bv(true), null, iv(UINT8, 0x1L));
    printf("<nil>|%!d(<nil>)|%!s(<nil>)|<nil>|<nil> |", "%v|%d|%s|%5v|%-6v|", null, null, null, null, null);
    printf("main.T main.NS *strconv.NumError", "%T %T %T", named(T, 5L), named(NS, sx("78")), err());
    printf("1 %!d(MISSING)", "%d %d", iv(INT, 0x1L));
    printf("1\n%!(EXTRA int=2)", "%d\n", iv(INT, 0x1L), iv(INT, 0x2L));
    printf("%!d(string=str)", "%d", sx("737472"));
    printf("%!s(int=5)", "%s", iv(INT, 0x5L));
    printf("%!t(int=1)", "%t", iv(INT, 0x1L));
    printf("%!z(int=3)", "%z", iv(INT, 0x3L));
    printf("%!d(bool=true)", "%d", bv(true));
    printf("%!s(float64=1.5)", "%s", fv(1.5d));
    printf("%!x(bool=true)", "%x", bv(true));
    printf("%!!(int=1)", "%!", iv(INT, 0x1L));
    printf("%!t(int=    1)", "%5t", iv(INT, 0x1L));
    printf("no verbs%!(EXTRA int=1, string=a, <nil>)", "no verbs", iv(INT, 0x1L), sx("61"), null);
    printf("%!(NOVERB)%!(EXTRA int=1)", "%", iv(INT, 0x1L));
    printf("1 %!(NOVERB)", "%d %", iv(INT, 0x1L));
    printf("%!(NOVERB)%!(EXTRA int=1)", "%-", iv(INT, 0x1L));
    printf("%!\u00e4(int=1)", "%\u00e4", iv(INT, 0x1L));
    printf("1%2", "%d%%%d", iv(INT, 0x1L), iv(INT, 0x2L));
    printf("%|%|%", "%5%|%-5%|%05%");
    printf("%", "%.2%");
    printf("a %!d(MISSING) %!s(MISSING)", "%s %d %s", sx("61"));
    printf("%!c(string=x)", "%c", sx("78"));
    printf("%!e(int=1)", "%e", iv(INT, 0x1L));
    printf("%!U(float64=1)", "%U", fv(1d));
    printf("%!p(int=1)", "%p", iv(INT, 0x1L));
    printf("%!p(<nil>)", "%p", null);
    printf("   42|42   |3.14|   3.142|", "%*d|%-*d|%.*f|%*.*f|", iv(INT, 0x5L), iv(INT, 0x2aL), iv(INT, 0x5L), iv(INT, 0x2aL), iv(INT, 0x2L), fv(3.14159d), iv(INT, 0x8L), iv(INT, 0x3L), fv(3.14159d));
    printf("42   ", "%*d", iv(INT, 0xfffffffffffffffbL), iv(INT, 0x2aL));
    printf("%!(BADPREC)42", "%.*d", iv(INT, 0xffffffffffffffffL), iv(INT, 0x2aL));
    printf("%!(BADWIDTH)42", "%*d", sx("78"), iv(INT, 0x2aL));
    printf("%!(BADWIDTH)42", "%*d", iv(INT, 0x989680L), iv(INT, 0x2aL));
    printf("%!(BADPREC)42", "%.*d", fv(1d), iv(INT, 0x2aL));
    printf(" 42", "%*d", iv(UINT8, 0x3L), iv(INT, 0x2aL));
    printf(" 42", "%*d", iv(INT8, 0x3L), iv(INT, 0x2aL));
    printf("%!(BADWIDTH)%!d(MISSING)", "%*d");
    printf("%!d(MISSING)", "%.*d", iv(INT, 0x2L));
    printf("%!(NOVERB)", "%*", iv(INT, 0x2L));
    printf("%!(NOVERB)%!(EXTRA int=2)", "%100000000d", iv(INT, 0x2L));
    printf("2 1", "%[2]d %[1]d", iv(INT, 0x1L), iv(INT, 0x2L));
    printf(" 12.00", "%[3]*.[2]*[1]f", fv(12d), iv(INT, 0x2L), iv(INT, 0x6L));
    printf("16 17 0x10 0x11", "%d %d %#[1]x %#x", iv(INT, 0x10L), iv(INT, 0x11L));
    printf("%!d(BADINDEX)", "%[5]d", iv(INT, 0x1L));
    printf("%!d(BADINDEX)", "%[0]d", iv(INT, 0x1L));
    printf("%!d(BADINDEX)", "%[x]d", iv(INT, 0x1L));
    printf("2", "%[2]d", iv(INT, 0x1L), iv(INT, 0x2L), iv(INT, 0x3L));
    printf("1 %!d(MISSING)", "%[1]d %d", iv(INT, 0x1L));
    printf("3 %!d(MISSING)", "%[3]d %d", iv(INT, 0x1L), iv(INT, 0x2L), iv(INT, 0x3L));
    printf("%!d(MISSING)", "%[2]*d", iv(INT, 0x1L), iv(INT, 0x2L));
    printf("%!d(BADINDEX)", "%[1]2d", iv(INT, 0x1L));
    printf("%!d(BADINDEX)", "%[1].2d", iv(INT, 0x1L));
    printf("2", "%.[2]d", iv(INT, 0x1L), iv(INT, 0x2L));
    printf("%!(NOVERB)", "%[", iv(INT, 0x1L));
    printf("%!(NOVERB)", "%[1", iv(INT, 0x1L));
    printf("%!d(BADINDEX)", "%[]d", iv(INT, 0x1L));
    printf("%!d(BADINDEX)", "%[-1]d", iv(INT, 0x1L));
    printf("5 5 %!s(main.T=5) 5 'A'", "%v %d %s %x %q", named(T, 5L), named(T, 5L), named(T, 5L), named(T, 5L), named(T, 65L));
    printf("x|x|\"x\"|78|%!d(main.NS=x)|         x|", "%v|%s|%q|%x|%d|%10v|", named(NS, sx("78")), named(NS, sx("78")), named(NS, sx("78")), named(NS, sx("78")), named(NS, sx("78")), named(NS, sx("78")));
    printf("1.5 2.2", "%v %.1f", named(NF, 1.5d), named(NF, 2.25d));
    printf("strconv.Atoi: parsing \"abc\": invalid syntax|strconv.Atoi: parsing \"abc\": invalid syntax|\"strconv.Atoi: parsing \\\"abc\\\": invalid syntax\"|          strconv.At|737472636f6e762e41746f693a2070617273696e672022616263223a20696e76616c69642073796e746178", "%v|%s|%q|%20.10v|%x", err(), err(), err(), err(), err());
    println("strconv.Atoi: parsing \"abc\": invalid syntax 7 y 2\n", err(), named(T, 7L), named(NS, sx("79")), named(NF, 2d));
    print("strconv.Atoi: parsing \"abc\": invalid syntax strconv.Atoi: parsing \"abc\": invalid syntaxab1 2", err(), err(), named(NS, sx("61")), named(NS, sx("62")), named(T, 1L), named(T, 2L));
    printf("[97 98 1]|[97 98 1]|ab\u0001|616201|616201|61 62 01|\"ab\\x01\"|[]byte{0x61, 0x62, 0x1}|[a b \u0001]|[   97    98     1]|[141 142 1]", "%v|%d|%s|%x|%X|% x|%q|%#v|%c|%5v|%o", bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"), bs("616201"));
    printf("[]||[]byte(nil)||[]uint8", "%v|%s|%#v|%x|%T", bs(null), bs(null), bs(null), bs(null), bs("78"));
    printf("\u4e16|[%!t(uint8=1)]", "%.1s|%t", bs("e4b89678"), bs("01"));
    print("[97] [98]c", bs("61"), bs("62"), sx("63"));
    assertNoFailures();
  }

  @Test
  void invalidUtf8InFormatAndOperandsPassesThrough() {
    Printer p = new Printer().doPrintf(gs("ff25732fe0"), new Object[] {sx("c0")});
    assertEquals("ffc02fe0", HexFormat.of().formatHex(p.buffer().toBytes()));
  }

  @Test
  void methodsHookIsAskedOnlyForStringVerbs() {
    List<String> asked = new ArrayList<>();
    Methods m = v -> {
      asked.add(v.type.name);
      return GoString.of("S");
    };
    Printer p = new Printer(m).doPrintf(GoString.of("%v %d %s %x %q %T"),
        new Object[] {named(T, 1L), named(T, 2L), named(T, 3L), named(T, 4L), named(T, 5L), named(T, 6L)});
    assertEquals("S 2 S 53 \"S\" main.T", p.buffer().toString());
    assertEquals(4, asked.size());
    // unnamed basic values never have methods
    asked.clear();
    new Printer(m).doPrintln(new Object[] {iv(INT, 1), s("x")});
    assertTrue(asked.isEmpty());
  }

  @Test
  void badVerbDoesNotCallMethods() {
    Methods m = v -> GoString.of("S");
    Printer p = new Printer(m).doPrintf(GoString.of("%t"), new Object[] {named(T, 1L)});
    assertEquals("%!t(main.T=1)", p.buffer().toString());
  }
}
