package gol.stdlib.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.stdlib.NativeTesting;
import gol.stdlib.PanicValue;
import org.junit.jupiter.api.Test;

/** sort's natives: in-place sorts of []int/[]float64/[]string, searches, and Slice's helpers. */
class SortPkgTest extends NativeTesting {
  @Test
  void intsSortOnlyTheWindow() {
    long[] a = {9, 5, 2, 8, 1, 0};
    g.rs[4] = new Slice(a, 1, 4, 5);
    call("sort.Ints");
    assertArrayEquals(new long[] {9, 1, 2, 5, 8, 0}, a);
    g.rs[4] = null;
    call("sort.Ints"); // nil slice: nothing to do
  }

  @Test
  void float64sPutNaNsFirst() {
    Slice s = doubles(2.5, Double.NaN, -1, Double.POSITIVE_INFINITY, 0, Double.NEGATIVE_INFINITY);
    g.rs[4] = s;
    call("sort.float64sFast");
    assertEquals(1, g.ls[4]);
    long[] a = (long[]) s.array;
    assertTrue(Double.isNaN(Double.longBitsToDouble(a[0])));
    double[] rest = new double[5];
    for (int i = 0; i < 5; i++) {
      rest[i] = Double.longBitsToDouble(a[i + 1]);
    }
    assertArrayEquals(new double[] {Double.NEGATIVE_INFINITY, -1, 0, 2.5, Double.POSITIVE_INFINITY}, rest);
    g.rs[4] = s;
    call("sort.Float64sAreSorted");
    assertEquals(1, g.ls[4]);
  }

  @Test
  void float64sLeaveMixedZerosToGolCode() {
    Slice s = doubles(1, -0.0, 0.0, -0.0);
    g.rs[4] = s;
    call("sort.float64sFast");
    assertEquals(0, g.ls[4]); // refused: Go's pdqsort orders -0 and +0 its own way
    long[] a = (long[]) s.array;
    assertEquals(Double.doubleToRawLongBits(1), a[0]); // untouched
    assertEquals(Double.doubleToRawLongBits(-0.0), a[1]);
  }

  @Test
  void stringsByBytes() {
    Slice s = strings("b", "B", "a", "", "\u00e9", "z");
    g.rs[4] = s;
    call("sort.Strings");
    Object[] a = (Object[]) s.array;
    String got = "";
    for (Object o : a) {
      got += "[" + o + "]";
    }
    assertEquals("[][B][a][b][z][\u00e9]", got);
    g.rs[4] = s;
    g.rs[5] = GoString.of("c");
    call("sort.SearchStrings");
    assertEquals(4, g.ls[4]);
  }

  @Test
  void searches() {
    g.rs[4] = longs(1, 3, 3, 7);
    g.ls[5] = 3;
    call("sort.SearchInts");
    assertEquals(1, g.ls[4]);
    g.rs[4] = longs(1, 3, 3, 7);
    g.ls[5] = 8;
    call("sort.SearchInts");
    assertEquals(4, g.ls[4]);
    g.rs[4] = doubles(1, 2, 3);
    g.ls[5] = Double.doubleToRawLongBits(Double.NaN);
    call("sort.SearchFloat64s");
    assertEquals(3, g.ls[4]);
    g.rs[4] = longs(2, 1);
    call("sort.IntsAreSorted");
    assertEquals(0, g.ls[4]);
  }

  @Test
  void sliceHelpersSwapStructsByContent() {
    RType str = type(RType.Kind.STRING, "string");
    RType pt = new RType(RType.Kind.STRUCT, "main.P", true);
    pt.fieldNames = new String[] {"Name", "Age"};
    pt.fieldTypes = new RType[] {str, type(RType.Kind.INT, "int")};
    pt.fieldEmbedded = new boolean[2];
    pt.layOut();
    RType sl = type(RType.Kind.SLICE, "[]main.P");
    sl.elem = pt;
    Struct a = new Struct(pt);
    a.r[0] = GoString.of("a");
    a.l[0] = 1;
    Struct b = new Struct(pt);
    b.r[0] = GoString.of("b");
    b.l[0] = 2;
    Object[] arr = {a, b};
    Iface x = iface(sl, new Slice(arr, 0, 2, 2));
    g.rs[4] = x;
    call("sort.sliceLen");
    assertEquals(2, g.ls[4]);
    g.rs[4] = x;
    g.ls[5] = 0;
    g.ls[6] = 1;
    call("sort.sliceSwap");
    assertSame(a, arr[0]); // &s[0] keeps pointing at element 0
    assertEquals(GoString.of("b"), a.r[0]);
    assertEquals(2, a.l[0]);
    assertEquals(GoString.of("a"), b.r[0]);
  }

  /** sliceLen names the kind of a value that is not a slice (sort.gol panics with it). */
  @Test
  void sliceHelpersNameWrongKindsAndCheckIndexes() {
    g.rs[4] = iface(type(RType.Kind.INT, "int"), null);
    call("sort.sliceLen");
    assertEquals("int", g.rs[5].toString());
    g.rs[4] = null;
    call("sort.sliceLen");
    assertEquals("zero", g.rs[5].toString());
    RType sl = type(RType.Kind.SLICE, "[]int");
    sl.elem = type(RType.Kind.INT, "int");
    g.rs[4] = iface(sl, longs(1, 2));
    call("sort.sliceLen");
    assertEquals(2, g.ls[4]);
    assertEquals("", g.rs[5].toString());
    g.rs[4] = iface(sl, longs(1, 2));
    g.ls[5] = 0;
    g.ls[6] = 2;
    GoPanic p = assertThrows(GoPanic.class, () -> call("sort.sliceSwap"));
    assertEquals("runtime error: index out of range [2] with length 2", PanicValue.format(p.value).toString());
  }
}
