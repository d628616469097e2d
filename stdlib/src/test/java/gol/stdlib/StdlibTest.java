package gol.stdlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Machine;
import gol.runtime.RType;
import gol.runtime.Slice;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The registry against the .gol declarations, and the natives through the calling convention. */
class StdlibTest {
  @Test
  void everyBodilessFuncHasANative() {
    TreeSet<String> declared = new TreeSet<>(java.util.List.of("builtin.print", "builtin.println", "builtin.fmin", "builtin.fmax"));
    for (String pkg : Stdlib.PACKAGES) {
      assertNotNull(Stdlib.source(pkg), pkg);
      for (String name : Stdlib.declaredNatives(pkg)) {
        declared.add(pkg + "." + name);
      }
    }
    TreeSet<String> missing = new TreeSet<>();
    for (String name : declared) {
      if (Stdlib.lookup(name) == null) {
        missing.add(name);
      }
    }
    assertEquals(new TreeSet<>(), missing);
    // iterating links them all: the CDS training run's view
    assertEquals(declared, new TreeSet<>(Stdlib.natives().keySet()));
  }

  @Test
  void aNativeIsLinkedOnceAndKeptByName() {
    assertSame(Stdlib.lookup("strconv.Atoi"), Stdlib.lookup("strconv.Atoi"));
    assertSame(Stdlib.lookup("math/bits.LeadingZeros32"), Stdlib.lookup("math/bits.LeadingZeros32"));
    assertNull(Stdlib.lookup("strconv.NoSuchNative"));
    assertNull(Stdlib.lookup("no/such.Func"));
    assertNull(Stdlib.lookup("nodot"));
  }

  @Test
  void declaredNativesAreTheBodilessFuncsAndMethods() {
    java.util.List<String> names = Stdlib.declaredNatives("strings");
    assertTrue(names.contains("Index"), names.toString());
    assertTrue(names.contains("Builder.WriteString"), names.toString());
    assertTrue(Stdlib.declaredNatives("no/such").isEmpty());
  }

  @Test
  void sourcesAreFoundByImportPath() {
    assertEquals("gol/std/strconv/strconv.gol", Stdlib.resourcePath("strconv"));
    assertEquals("gol/std/unicode/utf8/utf8.gol", Stdlib.resourcePath("unicode/utf8"));
    assertNull(Stdlib.source("no/such"));
  }

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Machine machine = new Machine(out, false, new PrintStream(err, true), new String[] {"prog.gol", "a", "b"});
  private final G g = machine.newG();

  private static final RType INT = new RType(RType.Kind.INT, "int", false);
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  private static Slice anys(Object... a) {
    return new Slice(a, 0, a.length, a.length);
  }

  private void call(String name) {
    Stdlib.lookup(name).call(g, 4);
  }

  @Test
  void fmtFormatThenWriteOut() {
    g.ls[4] = 2; // Printf mode
    g.rs[5] = GoString.of("%d-%s\n");
    g.rs[6] = anys(new Iface(INT, 7, null), new Iface(STRING, 0, GoString.of("x")));
    g.rs[7] = null;
    call("fmt.doFormat");
    assertNull(g.rs[5]); // no gol methods needed: no values to call
    call("fmt.writeOut");
    machine.stdout.flush();
    assertEquals("7-x\n", out.toString(StandardCharsets.UTF_8));
    assertEquals(4, g.ls[4]);
  }

  @Test
  void fmtFormatSprintlnWithNoOperands() {
    g.ls[4] = 1; // Sprintln mode
    g.rs[5] = GoString.EMPTY;
    g.rs[6] = null; // a nil []any
    g.rs[7] = null;
    call("fmt.doFormat");
    assertEquals(GoString.of("\n"), g.rs[4]);
  }

  @Test
  void strconvAtoiResults() {
    g.rs[4] = GoString.of("-12");
    call("strconv.Atoi");
    assertEquals(-12, g.ls[4]);
    assertNull(g.rs[5]);
    // the *NumError type and errors strconv.gol's init binds
    RType struct = new RType(RType.Kind.STRUCT, "strconv.NumError", true);
    RType error = new RType(RType.Kind.INTERFACE, "error", true);
    struct.fieldNames = new String[] {"Func", "Num", "Err"};
    struct.fieldTypes = new RType[] {STRING, STRING, error};
    struct.fieldEmbedded = new boolean[3];
    struct.layOut();
    RType ptr = new RType(RType.Kind.POINTER, "*strconv.NumError", false);
    ptr.elem = struct;
    Iface syntax = new Iface(STRING, 0, GoString.of("syntax"));
    Iface range = new Iface(STRING, 0, GoString.of("range"));
    g.rs[4] = new Iface(ptr, 0, new gol.runtime.Struct(struct));
    g.rs[5] = syntax;
    g.rs[6] = range;
    RType plainStruct = new RType(RType.Kind.STRUCT, "errors.errorString", true);
    plainStruct.fieldNames = new String[] {"s"};
    plainStruct.fieldTypes = new RType[] {STRING};
    plainStruct.fieldEmbedded = new boolean[1];
    plainStruct.layOut();
    RType plainPtr = new RType(RType.Kind.POINTER, "*errors.errorString", false);
    plainPtr.elem = plainStruct;
    g.rs[7] = new Iface(plainPtr, 0, new gol.runtime.Struct(plainStruct));
    call("strconv.bindErrors");
    g.rs[4] = GoString.of("x");
    call("strconv.Atoi");
    assertEquals(0, g.ls[4]);
    Iface err = (Iface) g.rs[5];
    assertEquals(ptr, err.type);
    gol.runtime.Struct e = (gol.runtime.Struct) err.ref;
    assertEquals(GoString.of("Atoi"), e.r[struct.fieldSlot[0]]);
    assertEquals(GoString.of("x"), e.r[struct.fieldSlot[1]]);
    assertEquals(syntax, e.r[struct.fieldSlot[2]]);
    g.rs[4] = GoString.of("99999999999999999999");
    call("strconv.Atoi");
    assertEquals(Long.MAX_VALUE, g.ls[4]);
    assertEquals(range, ((gol.runtime.Struct) ((Iface) g.rs[5]).ref).r[struct.fieldSlot[2]]);
    g.rs[4] = GoString.of("7");
    g.ls[5] = 1; // an invalid base: Err is a new errors.New value
    g.ls[6] = 64;
    call("strconv.ParseInt");
    Iface reason = (Iface) ((gol.runtime.Struct) ((Iface) g.rs[5]).ref).r[struct.fieldSlot[2]];
    assertEquals(plainPtr, reason.type);
    assertEquals(GoString.of("invalid base 1"), ((gol.runtime.Struct) reason.ref).r[0]);
  }

  @Test
  void strconvFormatIntPanicsOnABadBase() {
    g.ls[4] = 5;
    g.ls[5] = 1;
    GoPanic p = assertThrows(GoPanic.class, () -> call("strconv.FormatInt"));
    assertEquals("strconv: illegal AppendInt/FormatInt base", PanicValue.format(p.value).toString());
    g.ls[5] = 36;
    g.ls[4] = 35;
    call("strconv.FormatInt");
    assertEquals(GoString.of("z"), g.rs[4]);
  }

  @Test
  void strconvQuotingHelpers() {
    g.ls[4] = 0x263A;
    call("strconv.QuoteRuneToASCII");
    assertEquals(GoString.of("'\\u263a'"), g.rs[4]);
    g.rs[4] = GoString.of("a`b");
    call("strconv.CanBackquote");
    assertEquals(0, g.ls[4]);
    g.ls[4] = '\t';
    call("strconv.IsPrint");
    assertEquals(0, g.ls[4]);
  }

  @Test
  void strconvFormatFloat() {
    g.ls[4] = Double.doubleToRawLongBits(3.14159);
    g.ls[5] = 'f';
    g.ls[6] = 2;
    g.ls[7] = 64;
    call("strconv.FormatFloat");
    assertEquals(GoString.of("3.14"), g.rs[4]);
  }

  @Test
  void osExitAndArgs() {
    g.ls[4] = 3;
    assertEquals(3, assertThrows(GoExit.class, () -> call("os.Exit")).code);
    call("os.runtimeArgs");
    Slice args = assertInstanceOf(Slice.class, g.rs[4]);
    assertEquals(3, args.len);
    Object[] a = (Object[]) args.array;
    assertEquals(GoString.of("prog.gol"), a[0]);
    assertEquals(GoString.of("a"), a[1]);
    assertEquals(GoString.of("b"), a[2]);
  }

  @Test
  void builtinPrintlnWritesToStderr() {
    g.rs[4] = anys(new Iface(INT, 1, null), new Iface(STRING, 0, GoString.of("x")));
    call("builtin.println");
    assertEquals("1 x\n", err.toString(StandardCharsets.UTF_8));
    assertEquals(0, out.size());
  }
}
