package gol.stdlib.strconv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import gol.runtime.GoString;
import org.junit.jupiter.api.Test;

/** Integer, bool and float parsing: values and error texts as Go 1.19 prints them. */
class AtoiTest {
  private static String show(long v, NumError err) {
    return v + " " + (err == null ? "<nil>" : err.toString());
  }

  private static String atoi(String s) {
    Atoi.Result r = Atoi.atoi(GoString.of(s));
    return show(r.value(), r.err());
  }

  private static String parseInt(String s, int base, int bitSize) {
    Atoi.Result r = Atoi.parseInt(GoString.of(s), base, bitSize);
    return show(r.value(), r.err());
  }

  private static String parseUint(String s, int base, int bitSize) {
    Atoi.Result r = Atoi.parseUint(GoString.of(s), base, bitSize);
    return Long.toUnsignedString(r.value()) + " " + (r.err() == null ? "<nil>" : r.err().toString());
  }

  private static String parseFloat(String s, int bitSize) {
    Atof.Result r = Atof.parseFloat(GoString.of(s), bitSize);
    return Ftoa.format(r.value(), 'g', -1, 64) + " " + (r.err() == null ? "<nil>" : r.err().toString());
  }

  @Test
  void atoi() {
    assertEquals("42 <nil>", atoi("42"));
    assertEquals("-42 <nil>", atoi("-42"));
    assertEquals("5 <nil>", atoi("+5"));
    assertEquals("0 strconv.Atoi: parsing \"abc\": invalid syntax", atoi("abc"));
    assertEquals("0 strconv.Atoi: parsing \"\": invalid syntax", atoi(""));
    assertEquals("0 strconv.Atoi: parsing \"-\": invalid syntax", atoi("-"));
    assertEquals("0 strconv.Atoi: parsing \"0x1f\": invalid syntax", atoi("0x1f"));
    assertEquals("0 strconv.Atoi: parsing \"1_000\": invalid syntax", atoi("1_000"));
    assertEquals("0 strconv.Atoi: parsing \"12a\": invalid syntax", atoi("12a"));
    assertEquals("0 strconv.Atoi: parsing \" 1\": invalid syntax", atoi(" 1"));
    assertEquals("9223372036854775807 strconv.Atoi: parsing \"99999999999999999999\": value out of range",
        atoi("99999999999999999999"));
    assertEquals("-9223372036854775808 strconv.Atoi: parsing \"-99999999999999999999\": value out of range",
        atoi("-99999999999999999999"));
    assertEquals("-9223372036854775808 <nil>", atoi("-9223372036854775808"));
    assertEquals("9223372036854775807 strconv.Atoi: parsing \"9223372036854775808\": value out of range",
        atoi("9223372036854775808"));
    assertEquals("123456789012345678 <nil>", atoi("123456789012345678"));
    assertEquals("strconv.Atoi: parsing \"\\xff1\": invalid syntax", Atoi.atoi(GoString.wrap(new byte[] {(byte) 0xff, '1'})).err().toString());
  }

  @Test
  void parseIntAndUint() {
    assertEquals("0 strconv.ParseInt: parsing \"\": invalid syntax", parseInt("", 0, 8));
    assertEquals("0 strconv.ParseUint: parsing \"\": invalid syntax", parseUint("", 0, 0));
    assertEquals("5 <nil>", parseInt("+5", 0, 8));
    assertEquals("0 strconv.ParseUint: parsing \"+5\": invalid syntax", parseUint("+5", 0, 0));
    assertEquals("31 <nil>", parseInt("0x1f", 0, 8));
    assertEquals("31 <nil>", parseUint("0x1f", 0, 0));
    assertEquals("127 strconv.ParseInt: parsing \"1_000\": value out of range", parseInt("1_000", 0, 8));
    assertEquals("1000 <nil>", parseUint("1_000", 0, 0));
    assertEquals("127 strconv.ParseInt: parsing \"99999999999999999999\": value out of range", parseInt("99999999999999999999", 0, 8));
    assertEquals("18446744073709551615 strconv.ParseUint: parsing \"99999999999999999999\": value out of range",
        parseUint("99999999999999999999", 0, 0));
    assertEquals("-128 strconv.ParseInt: parsing \"-99999999999999999999\": value out of range", parseInt("-99999999999999999999", 0, 8));
    assertEquals("0 strconv.ParseUint: parsing \"-99999999999999999999\": invalid syntax", parseUint("-99999999999999999999", 0, 0));
    assertEquals("-128 strconv.ParseInt: parsing \"-9223372036854775808\": value out of range", parseInt("-9223372036854775808", 0, 8));
    assertEquals("9223372036854775808 <nil>", parseUint("9223372036854775808", 0, 0));
    assertEquals("-128 <nil>", parseInt("-128", 10, 8));
    assertEquals("-255 <nil>", parseInt("-0b1111_1111", 0, 0));
    assertEquals("511 <nil>", parseInt("0777", 0, 0));
    assertEquals("511 <nil>", parseInt("0o777", 0, 0));
    assertEquals("0 strconv.ParseInt: parsing \"0_\": invalid syntax", parseInt("0_", 0, 0));
    assertEquals("0 strconv.ParseInt: parsing \"_1\": invalid syntax", parseInt("_1", 0, 0));
    assertEquals("35 <nil>", parseInt("z", 36, 0));
    assertEquals("0 strconv.ParseInt: parsing \"1\": invalid base 1", parseInt("1", 1, 0));
    assertEquals("0 strconv.ParseInt: parsing \"1\": invalid bit size 65", parseInt("1", 10, 65));
    assertEquals("0 strconv.ParseInt: parsing \"1_0\": invalid syntax", parseInt("1_0", 10, 0));
  }

  @Test
  void parseBool() {
    for (String t : new String[] {"1", "t", "T", "TRUE", "true", "True"}) {
      assertEquals("1 <nil>", show(Atoi.parseBool(GoString.of(t)).value(), Atoi.parseBool(GoString.of(t)).err()));
    }
    for (String f : new String[] {"0", "f", "F", "FALSE", "false", "False"}) {
      assertNull(Atoi.parseBool(GoString.of(f)).err());
    }
    assertEquals("strconv.ParseBool: parsing \"yes\": invalid syntax", Atoi.parseBool(GoString.of("yes")).err().toString());
  }

  @Test
  void parseFloat() {
    assertEquals("1000.5 <nil>", parseFloat("1_000.5", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"_1\": invalid syntax", parseFloat("_1", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"1__0\": invalid syntax", parseFloat("1__0", 64));
    assertEquals("16 <nil>", parseFloat("0x1_0p0", 64));
    assertEquals("1e+10 <nil>", parseFloat("1e1_0", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"0x1p\": invalid syntax", parseFloat("0x1p", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"0x\": invalid syntax", parseFloat("0x", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"0x1\": invalid syntax", parseFloat("0x1", 64));
    assertEquals("0.5 <nil>", parseFloat(".5", 64));
    assertEquals("1 <nil>", parseFloat("1.", 64));
    assertEquals("+Inf <nil>", parseFloat("+Inf", 64));
    assertEquals("-Inf <nil>", parseFloat("-infinity", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"+nan\": invalid syntax", parseFloat("+nan", 64));
    assertEquals("NaN <nil>", parseFloat("NaN", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"infx\": invalid syntax", parseFloat("infx", 64));
    assertEquals("0 strconv.ParseFloat: parsing \" 1\": invalid syntax", parseFloat(" 1", 64));
    assertEquals("+Inf strconv.ParseFloat: parsing \"1e400\": value out of range", parseFloat("1e400", 64));
    assertEquals("-Inf strconv.ParseFloat: parsing \"-1e400\": value out of range", parseFloat("-1e400", 64));
    assertEquals("0 <nil>", parseFloat("1e-400", 64));
    assertEquals("3 <nil>", parseFloat("0x1.8p1", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"1d\": invalid syntax", parseFloat("1d", 64));
    assertEquals("0 strconv.ParseFloat: parsing \"\": invalid syntax", parseFloat("", 64));
    assertEquals("0 strconv.ParseFloat: parsing \".\": invalid syntax", parseFloat(".", 64));
    assertEquals("+Inf strconv.ParseFloat: parsing \"3.4e39\": value out of range", parseFloat("3.4e39", 32));
    assertEquals("0.10000000149011612 <nil>", parseFloat("0.1", 32));
    assertEquals("0.1 <nil>", parseFloat("0.1", 64));
    assertEquals("-0 <nil>", parseFloat("-0", 64));
  }
}
