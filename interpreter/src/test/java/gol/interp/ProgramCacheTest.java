package gol.interp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import gol.interp.vm.ProgramCodec;
import gol.runtime.Machine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gol run's cache of compiled programs: a hit runs the program as compiled; anything else is a miss. */
class ProgramCacheTest {
  private static final String PROGRAM = """
      package main

      import (
      	"fmt"
      	"strings"
      )

      type Shape interface{ Area() float64 }
      type Rect struct{ w, h float64 }

      func (r Rect) Area() float64 { return r.w * r.h }

      var greeting = strings.Repeat("ab", 3)

      var q Shape

      func main() {
      	var s Shape = Rect{2, 3}
      	switch greeting {
      	case "ababab":
      		fmt.Println("six", s.Area())
      	case "x":
      		fmt.Println("x")
      	}
      	var p *Rect
      	q = p
      	defer func() { fmt.Println("recovered:", recover()) }()
      	fmt.Println(q.Area())
      }
      """;

  private static Program compile(String source) {
    Diagnostics d = new Diagnostics();
    Program p = Pipeline.compile("prog.gol", source, d);
    assertNotNull(p, d.report());
    return p;
  }

  private static String run(Program p) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Machine m = new Machine(out, false, new PrintStream(err, true), new String[] {"prog.gol"});
    m.universe = p.universe();
    m.globalLs = new long[p.globalCount()];
    m.globalRs = new Object[p.globalCount()];
    for (int i : p.stringGlobals()) {
      m.globalRs[i] = gol.runtime.GoString.EMPTY;
    }
    int status = gol.interp.vm.VmExecutor.runMain(m, p.entry(), null);
    return status + "\n" + out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
  }

  /** (The expected output is Go 1.23's.) */
  @Test
  void aStoredProgramRunsAsCompiled(@TempDir Path dir) {
    Program p = compile(PROGRAM);
    ProgramCache cache = ProgramCache.open(dir, "stamp\n");
    cache.store("prog.gol", PROGRAM, p, false);
    Program back = cache.load("prog.gol", PROGRAM);
    assertNotNull(back);
    assertEquals("0\nsix 6\nrecovered: value method main.Rect.Area called using nil *Rect pointer\n", run(back));
    assertEquals(run(compile(PROGRAM)), run(back));
  }

  @Test
  void anEditedFileAnotherStampOrADamagedEntryIsAMiss(@TempDir Path dir) throws IOException {
    ProgramCache cache = ProgramCache.open(dir, "stamp\n");
    cache.store("prog.gol", PROGRAM, compile(PROGRAM), false);
    assertNull(cache.load("prog.gol", PROGRAM.replace("six", "6")));
    assertFalse(cache.has("prog.gol", PROGRAM.replace("six", "6")));
    assertNull(ProgramCache.open(dir, "another jar\n").load("prog.gol", PROGRAM));
    assertFalse(ProgramCache.open(dir, "another jar\n").has("prog.gol", PROGRAM));
    assertNotNull(cache.load("prog.gol", PROGRAM));
    assertTrue(cache.has("prog.gol", PROGRAM)); // (what gol run's warm-up thread asks)
    try (var files = Files.list(dir)) {
      Path entry = files.findFirst().orElseThrow();
      byte[] b = Files.readAllBytes(entry);
      b[b.length / 2] ^= 1;
      Files.write(entry, b);
    }
    assertNull(cache.load("prog.gol", PROGRAM));
    assertFalse(cache.has("prog.gol", PROGRAM));
  }

  @Test
  void anEditedFileReplacesItsEntry(@TempDir Path dir) throws IOException {
    ProgramCache cache = ProgramCache.open(dir, "stamp\n");
    String edited = PROGRAM.replace("six", "seis");
    cache.store("prog.gol", PROGRAM, compile(PROGRAM), false);
    cache.store("prog.gol", edited, compile(edited), false);
    try (var files = Files.list(dir)) {
      assertEquals(1, files.count());
    }
    assertEquals(run(compile(edited)), run(cache.load("prog.gol", edited)));
  }

  /**
   * gol run in a module: the key holds the texts of the local packages the program imports
   * (transitively), so a changed file of one, or a file added to one, is a miss and the program
   * is compiled and stored again; an unchanged program is a hit (its entry is not written). (The
   * expected outputs are Go 1.23's for the same files as .go.)
   */
  @Test
  void aChangedLocalPackageIsAMiss(@TempDir Path dir) throws IOException {
    Path mod = Files.createDirectory(dir.resolve("mod"));
    Files.writeString(mod.resolve("go.mod"), "module mymod\n\ngo 1.23\n");
    Path main = mod.resolve("main.gol");
    Files.writeString(main, "package main\n\nimport (\n\t\"fmt\"\n\n\t\"mymod/util\"\n)\n\n"
        + "func main() { fmt.Println(util.Scale(7)) }\n");
    Files.createDirectories(mod.resolve("util"));
    Files.writeString(mod.resolve("util/util.gol"), "package util\n\nimport \"mymod/deep\"\n\n"
        + "func Scale(x int) int { return deep.Factor * x }\n");
    Files.createDirectories(mod.resolve("deep"));
    Files.writeString(mod.resolve("deep/deep.gol"), "package deep\n\nconst Factor = 2\n");
    ProgramCache cache = ProgramCache.open(dir.resolve("progs"), "stamp\n");

    assertEquals("0\n14\n", run(compileModule(main, cache)));
    Path entry;
    try (var files = Files.list(dir.resolve("progs"))) {
      entry = files.findFirst().orElseThrow();
    }
    java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(0);
    Files.setLastModifiedTime(entry, old);
    assertEquals("0\n14\n", run(compileModule(main, cache)));
    assertEquals(old, Files.getLastModifiedTime(entry), "an unchanged program is read from its entry");

    Files.writeString(mod.resolve("deep/deep.gol"), "package deep\n\nconst Factor = 3\n");
    assertEquals("0\n21\n", run(compileModule(main, cache)));
    Files.writeString(mod.resolve("util/extra.gol"), "package util\n\nimport \"fmt\"\n\n"
        + "func init() { fmt.Println(\"extra init\") }\n");
    assertEquals("0\nextra init\n21\n", run(compileModule(main, cache)));
  }

  private static Program compileModule(Path main, ProgramCache cache) throws IOException {
    Diagnostics d = new Diagnostics();
    Program p = Pipeline.compile(java.util.List.of(main.toString()), java.util.List.of(Files.readString(main)),
        null, d, true, null, cache);
    assertNotNull(p, d.report());
    return p;
  }

  @Test
  void whatIsReadBackWritesTheSameBytes() {
    byte[] a = ProgramCodec.encode(compile(PROGRAM));
    assertNotNull(a);
    Program back = ProgramCodec.decode(a, 0, a.length);
    assertNotNull(back);
    assertArrayEquals(a, ProgramCodec.encode(back));
  }

  /** Conversions the compiler makes natives for, each carrying a type or a length. */
  private static final String CONVERSIONS = """
      package main

      import (
      	"fmt"
      	"unsafe"
      )

      func main() {
      	x := 7
      	u := unsafe.Pointer(&x)
      	p := (*int)(u)
      	*p = 9
      	fmt.Println(x, u != nil)
      	s := []int{1, 2, 3, 4}
      	a := [2]int(s[1:])
      	ap := (*[4]int)(s)
      	ap[0] = 10
      	fmt.Println(a, s[0], *ap)
      	defer func() { fmt.Println("recovered:", recover()) }()
      	_ = [5]int(s)
      }
      """;

  /** (The expected output is Go 1.23's.) */
  @Test
  void unsafePointerAndSliceToArrayConversionsAreWritten() {
    byte[] a = ProgramCodec.encode(compile(CONVERSIONS));
    assertNotNull(a, "a program with these conversions is compiled each run");
    Program back = ProgramCodec.decode(a, 0, a.length);
    assertNotNull(back);
    assertArrayEquals(a, ProgramCodec.encode(back));
    assertEquals("""
        0
        9 true
        [2 3] 10 [10 2 3 4]
        recovered: runtime error: cannot convert slice with length 4 to array or pointer to array with length 5
        """, run(back));
  }

  @Test
  void bytesThatAreNotAProgramDecodeToNothing() {
    byte[] a = ProgramCodec.encode(compile(PROGRAM));
    assertNull(ProgramCodec.decode(a, 0, a.length / 2));
    assertNull(ProgramCodec.decode(new byte[] {5, 1, 2, 3}, 0, 4));
  }
}
