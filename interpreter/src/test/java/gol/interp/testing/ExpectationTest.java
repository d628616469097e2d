package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExpectationTest {
  private static Expectation parse(String... lines) throws Exception {
    return Expectation.parse(String.join("\n", lines) + "\n");
  }

  @Test
  void outputOnly() throws Exception {
    Expectation e = parse("package main", "", "func main() {}", "", "// Output:", "// hello, world",
        "// two  spaces ");
    assertEquals("hello, world\ntwo  spaces \n", e.stdout());
    assertNull(e.stderr());
    assertNull(e.errorLines());
    assertEquals(0, e.exitStatus());
  }

  @Test
  void bareSlashesAreEmptyLines() throws Exception {
    Expectation e = parse("x()", "// Output:", "//", "// a", "//", "//", "// Stderr:", "// b");
    assertEquals("\na\n\n\n", e.stdout());
    assertEquals("b\n", e.stderr());
  }

  @Test
  void emptyOutputBlockMeansNoOutput() throws Exception {
    Expectation e = parse("x()", "// Output:");
    assertEquals("", e.stdout());
  }

  @Test
  void errorBlock() throws Exception {
    Expectation e = parse("package main", "func main() { panic(1) }", "// Output:", "// before",
        "// Error:", "// panic: 1", "// goroutine 1 [running]:", "// exit status 2");
    assertEquals("before\n", e.stdout());
    assertEquals(List.of("panic: 1", "goroutine 1 [running]:"), e.errorLines());
    assertEquals(2, e.exitStatus());
  }

  @Test
  void errorBlockWithOnlyStatus() throws Exception {
    Expectation e = parse("os.Exit(3)", "// Error:", "// exit status 3");
    assertEquals(List.of(), e.errorLines());
    assertEquals(3, e.exitStatus());
    assertNull(e.stdout());
  }

  @Test
  void blocksInAnyOrder() throws Exception {
    Expectation e = parse("x", "// Stderr:", "// e", "// Output:", "// o");
    assertEquals("o\n", e.stdout());
    assertEquals("e\n", e.stderr());
  }

  @Test
  void commentsBeforeTheFirstHeaderAreIgnored() throws Exception {
    Expectation e = parse("x", "// a note about the test", "//", "// Output:", "// o");
    assertEquals("o\n", e.stdout());
  }

  @Test
  void headersInsideTheCodeDoNotCount() throws Exception {
    Expectation e = parse("// Output:", "// not this", "func main() {}", "// Output:", "// this");
    assertEquals("this\n", e.stdout());
  }

  @Test
  void trailingBlankLinesAndCrlfAreIgnored() throws Exception {
    Expectation e = Expectation.parse("x\r\n// Output:\r\n// a\r\n//\r\n\r\n\n");
    assertEquals("a\n\n", e.stdout());
  }

  @Test
  void noFinalNewline() throws Exception {
    Expectation e = Expectation.parse("x\n// Output:\n// a");
    assertEquals("a\n", e.stdout());
  }

  @Test
  void headerMayHaveTrailingSpace() throws Exception {
    Expectation e = parse("x", "// Output:  ", "// a");
    assertEquals("a\n", e.stdout());
  }

  @Test
  void contentKeepsLeadingTabsAndSpaces() throws Exception {
    Expectation e = parse("x", "// Output:", "// \tindented", "//   three");
    assertEquals("\tindented\n  three\n", e.stdout());
  }

  @Test
  void nonAsciiBytesSurviveAsLatin1() throws Exception {
    String utf8AsLatin1 = new String("π\n".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        java.nio.charset.StandardCharsets.ISO_8859_1);
    Expectation e = Expectation.parse("x\n// Output:\n// " + utf8AsLatin1);
    assertEquals(utf8AsLatin1, e.stdout());
  }

  @Test
  void missingBlocks() {
    var ex = assertThrows(Expectation.MalformedException.class,
        () -> parse("package main", "func main() {}", "// just a comment"));
    assertTrue(ex.getMessage().contains("no // Output:"), ex.getMessage());
  }

  @Test
  void blocksMustBeAtTheEnd() {
    assertThrows(Expectation.MalformedException.class,
        () -> parse("// Output:", "// a", "func main() {}"));
  }

  @Test
  void errorBlockNeedsExitStatus() {
    var ex = assertThrows(Expectation.MalformedException.class,
        () -> parse("x", "// Error:", "// panic: boom"));
    assertTrue(ex.getMessage().contains("exit status N"), ex.getMessage());
    assertThrows(Expectation.MalformedException.class, () -> parse("x", "// Error:"));
    assertThrows(Expectation.MalformedException.class,
        () -> parse("x", "// Error:", "// exit status two"));
  }

  @Test
  void duplicateBlocks() {
    assertThrows(Expectation.MalformedException.class,
        () -> parse("x", "// Output:", "// a", "// Output:", "// b"));
  }

  @Test
  void splitLines() {
    assertEquals(List.of(), Expectation.splitLines(""));
    assertEquals(List.of(""), Expectation.splitLines("\n"));
    assertEquals(List.of("a", "b"), Expectation.splitLines("a\nb\n"));
    assertEquals(List.of("a", "b"), Expectation.splitLines("a\r\nb"));
    assertEquals(List.of("a", "", "b"), Expectation.splitLines("a\n\nb"));
  }
}
