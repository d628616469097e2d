package gol.interp.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The REPL on piped input (no terminal): what gol prints for a session typed into a pipe. */
@Timeout(60)
class ReplTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private int status;

  private String run(String... lines) {
    String in = String.join("\n", lines) + "\n";
    status = Repl.main(new ByteArrayInputStream(in.getBytes(StandardCharsets.UTF_8)), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), false);
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void pipedLineIsEvaluatedWithoutPrompts() {
    assertEquals("2\n", run("fmt.Println(1+1)"));
    assertEquals("", err());
    assertEquals(0, status);
  }

  @Test
  void expressionsPrintTheirValuesStatementsNothing() {
    assertEquals("3\nhi 2\ntrue\n0 strconv.Atoi: parsing \"12x\": invalid syntax\n", run(
        "1+2",
        "x := 5",
        "var s = \"hi\"",
        "func two() (string, int) { return s, 2 }",
        "two()",
        "x > 4",
        "x++",
        "fmt.Print(\"\")",
        "strconv.Atoi(\"12x\")"));
    assertEquals("", err());
  }

  @Test
  void multiLineInputContinuesUntilTheParserSaysItIsComplete() {
    assertEquals("9\nraw\nstring\n7\n", run(
        "func sq(n int) int {",
        "\treturn n * n",
        "}",
        "sq(3)",
        "`raw",
        "string`",
        "1 +",
        "2 * 3"));
  }

  @Test
  void declarationsPersistAndCanBeRedefined() {
    assertEquals("42\nnow a string\nNOW A STRING\n42\nx=2\n", run(
        "x := 40",
        "func add(n int) int { return x + n }",
        "add(2)",
        "x := \"now a string\"",
        "x",
        "strings.ToUpper(x)",
        "add(2)", // add was checked against the old x
        "func add(n int) string { return fmt.Sprintf(\"x=%d\", n) }",
        "add(2)"));
    assertEquals("", err());
  }

  @Test
  void errorsLeaveTheSessionIntact() {
    String o = run(
        "x := 1",
        "y := undefinedThing",
        "x + \"s\"",
        "var a []int",
        "a[5]",
        "fmt.Println(\"still\", x)",
        "y");
    assertEquals("still 1\n", o);
    String e = err();
    assertTrue(e.contains("repl:1:6: undefined: undefinedThing"), e);
    assertTrue(e.contains("repl:1:1: invalid operation: x + \"s\" (mismatched types int and untyped string)"), e);
    assertTrue(e.contains("panic: runtime error: index out of range [5] with length 0"), e);
    assertTrue(e.contains("goroutine "), e);
    assertTrue(e.contains("repl:1:1: undefined: y"), e);
  }

  @Test
  void goroutinesKeepRunningBetweenInputs() {
    String o = run(
        "ch := make(chan int)",
        "go func() {",
        "\tfor i := 0; ; i++ {",
        "\t\tch <- i",
        "\t}",
        "}()",
        "<-ch",
        "<-ch",
        // the sender is blocked on its next send by now, unless a loaded machine has not run
        // it since: sleeping lets it run (it needs microseconds) before the listing
        "time.Sleep(100 * time.Millisecond)",
        ":goroutines",
        "<-ch");
    assertTrue(o.startsWith("0\n1\n"), o);
    assertTrue(o.endsWith("2\n"), o);
    assertTrue(o.matches("(?s).*ID +STATE +WAIT REASON +TOP FRAME\n\\d+ +waiting +chan send +main\\.main\\.func1 repl:3\n.*"), o);
  }

  /**
   * A sleep between inputs while another goroutine is parked for good: when the poller wakes the
   * sleeper it rechecks for a deadlock once every M is idle, which between inputs they are.
   * That check once reported "all goroutines are asleep" and ended the session.
   */
  @Test
  void sleepingWhileAnotherGoroutineWaitsIsNoDeadlock() {
    String o = run(
        "ch := make(chan int)",
        "go func() { ch <- 7 }()",
        "time.Sleep(20 * time.Millisecond)",
        "time.Sleep(20 * time.Millisecond)",
        "<-ch");
    assertEquals("7\n", o, err());
    assertEquals("", err());
  }

  @Test
  void deadlockedInputIsReportedAndAbandoned() {
    String o = run("<-make(chan int)", "fmt.Println(\"after\")");
    assertEquals("after\n", o);
    assertTrue(err().startsWith("fatal error: all goroutines are asleep - deadlock!\n\ngoroutine "), err());
    assertTrue(err().contains("[chan receive]:"), err());
  }

  @Test
  void panicInAnotherGoroutineIsPrintedAndTheSessionGoesOn() {
    String o = run(
        "go func() { panic(\"boom\") }()",
        "for runtime.NumGoroutine() > 1 { runtime.Gosched() }",
        "fmt.Println(\"alive\")");
    assertTrue(o.endsWith("alive\n"), o);
    assertTrue(err().contains("panic: boom"), err());
  }

  @Test
  void osExitEndsTheSessionWithItsStatus() {
    assertEquals("1\n", run("1", "os.Exit(3)", "2"));
    assertEquals(3, status);
  }

  @Test
  void genericDeclarationsAndInstantiatedTypes() {
    String o = run(
        "type Box[T any] struct{ v T }",
        "func (b Box[T]) Get() T { return b.v }",
        "func Id[T any](x T) T { return x }",
        "b := Box[int]{3}",
        ":type b",
        ":type Id(2.5)",
        "fmt.Printf(\"%T %v %v\\n\", b, Id(\"s\"), b.Get())",
        "xs := []int{3, 1, 2}",
        "slices.Sort(xs)",
        "xs");
    assertEquals("Box[int]\nfloat64\nmain.Box[int] s 3\n[1 2 3]\n", o);
  }

  @Test
  void commands() {
    String o = run(
        "type celsius float64",
        "p := celsius(21.5)",
        ":type p",
        ":type int(p) + 1",
        ":doc strings.ToUpper",
        ":sched",
        ":help",
        ":bogus",
        ":reset",
        ":type p",
        ":quit",
        "fmt.Println(\"not reached\")");
    assertTrue(o.startsWith("celsius\nint\nfunc ToUpper(s string) string\n    ToUpper returns"), o);
    assertTrue(o.matches("(?s).*\nSCHED \\d+ms: gomaxprocs=\\d+ idleprocs=\\d+ threads=\\d+ spinningthreads=\\d+ "
        + "idlethreads=\\d+ runqueue=\\d+ \\[[\\d ]+\\] steals=\\d+ preemptions=\\d+ goroutines=\\d+\n.*"), o);
    assertTrue(o.contains(":goroutines"), o);
    assertTrue(o.contains("unknown command :bogus"), o);
    assertTrue(o.contains("session reset\nrepl:1:1: undefined: p\n"), o);
    assertTrue(!o.contains("not reached"), o);
  }

  @Test
  void docShowsOnlyExportedFieldsAndMethods() {
    String o = run(":doc sync.Map", ":doc http.Cookie");
    assertTrue(o.startsWith("type Map struct {\n\t// Has unexported fields.\n}\nfunc (*sync.Map) Load(key any)"), o);
    assertTrue(!o.contains(") set(") && !o.contains("mu sync.Mutex"), o);
    assertTrue(o.contains("type Cookie struct {\n\tName string\n\tValue string\n"), o);
  }

  @Test
  void docKnowsPackageUnsafe() {
    String o = run(":doc unsafe", ":doc unsafe.Offsetof", ":doc unsafe.Add");
    assertTrue(o.startsWith("package unsafe // import \"unsafe\"\n\ntype Pointer *ArbitraryType\n"
        + "func Sizeof(x ArbitraryType) uintptr\n"), o);
    assertTrue(o.contains("func Offsetof(x ArbitraryType) uintptr\n    gol: a constant, with gc's field offsets on amd64\n"), o);
    assertTrue(o.contains("func Add(ptr Pointer, len IntegerType) Pointer\n    gol: a compile error"), o);
  }

  @Test
  void loadRunsAFileIntoTheSession(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("lib.gol");
    Files.writeString(f, "package main\n\nimport \"fmt\"\n\nvar greeting = \"hello\"\n\nfunc greet(n string) string { return greeting + \", \" + n }\n\n"
        + "func main() { fmt.Println(\"main ran\") }\n");
    String o = run(":load " + f, "greet(\"gol\")", ":load " + dir.resolve("missing.gol"));
    assertEquals("main ran\nhello, gol\n", o);
    assertTrue(err().contains("no such file or directory"), err());
  }

  @Test
  void completionCandidates() {
    Session s = new Session(new ByteArrayOutputStream(), false, new PrintStream(new ByteArrayOutputStream()));
    try {
      assertEquals(Session.Outcome.OK, s.eval(Session.INPUT, "var e error\nvar counter int\n", false));
      assertEquals(List.of("fmt.Print", "fmt.Printf", "fmt.Println"), Completion.candidates(s, "fmt.Pr"));
      assertEquals(List.of("strings.ToLower", "strings.ToLowerSpecial"), Completion.candidates(s, "strings.ToL"));
      // fields and methods of a struct and a pointer to one (checked only: the compiler may not
      // support structs and methods yet)
      var d = new gol.interp.diag.Diagnostics();
      var f = gol.interp.parse.Parser.parse("t", "type point struct{ X, y int }\n"
          + "func (p point) Sum() int { return p.X + p.y }\nvar pt point\nvar pp = &pt\n", d);
      var scope = s.probe(f, d).scope;
      assertEquals("", d.report());
      assertEquals(List.of("Sum", "X", "y"), Completion.fieldsAndMethods(scope.lookup("pt").type));
      assertEquals(List.of("Sum", "X", "y"), Completion.fieldsAndMethods(scope.lookup("pp").type));
      assertEquals(List.of("e.Error"), Completion.candidates(s, "e."));
      // keywords, builtins, the session's own names and package names (more come with each
      // package added: image/color's color, cookiejar), sorted
      List<String> co = Completion.candidates(s, "co");
      assertTrue(co.containsAll(List.of("comparable", "complex", "complex128", "complex64", "const", "context", "continue",
          "copy", "counter")), co.toString());
      assertEquals(co.stream().sorted().toList(), co);
      assertTrue(Completion.candidates(s, "str").containsAll(List.of("strconv", "string", "strings", "struct")));
      assertEquals(List.of(":goroutines"), Completion.candidates(s, ":g"));
      assertEquals(2, Completion.wordStart("x := pt.S", 9) - 3);
    } finally {
      s.close();
    }
  }

  @Test
  void highlightingSpans() {
    List<Highlight.Span> sp = Highlight.spans("for i := range 10 { s := \"a\\\"b\" } // done");
    assertEquals(List.of(
        new Highlight.Span(0, 3, Highlight.Kind.KEYWORD),
        new Highlight.Span(9, 14, Highlight.Kind.KEYWORD),
        new Highlight.Span(15, 17, Highlight.Kind.NUMBER),
        new Highlight.Span(25, 31, Highlight.Kind.STRING),
        new Highlight.Span(34, 41, Highlight.Kind.COMMENT)), sp);
    assertEquals(List.of(new Highlight.Span(0, 6, Highlight.Kind.STRING)), Highlight.spans("`raw\nx"));
  }
}
