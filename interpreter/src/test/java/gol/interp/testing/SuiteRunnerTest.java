package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's checking logic, on made-up runs (independent of the pipeline). */
class SuiteRunnerTest {
  private static final Duration T = Duration.ofSeconds(20);

  private static Expectation want(String... lines) throws Exception {
    return Expectation.parse("x\n" + String.join("\n", lines) + "\n");
  }

  private static SuiteRunner.Run run(int status, String out, String err) {
    return new SuiteRunner.Run(status, out.getBytes(StandardCharsets.UTF_8),
        err.getBytes(StandardCharsets.UTF_8), false, false, null);
  }

  private static List<String> check(Expectation e, SuiteRunner.Run r) {
    return SuiteRunner.check(e, r, T);
  }

  @Test
  void outputMatches() throws Exception {
    assertEquals(List.of(), check(want("// Output:", "// a", "//"), run(0, "a\n\n", "")));
  }

  @Test
  void outputWithoutFinalNewlinePasses() throws Exception {
    assertEquals(List.of(), check(want("// Output:", "// a"), run(0, "a", "")));
    assertFalse(check(want("// Output:", "// a", "//"), run(0, "a", "")).isEmpty());
  }

  @Test
  void outputDiffers() throws Exception {
    List<String> p = check(want("// Output:", "// a", "// b"), run(0, "a\nc\n", ""));
    assertEquals("stdout differs at line 2:", p.get(0));
    assertEquals("    want: \"b\"", p.get(1));
    assertEquals("    got:  \"c\"", p.get(2));
  }

  @Test
  void outputTooShortOrTooLong() throws Exception {
    List<String> p = check(want("// Output:", "// a", "// b"), run(0, "a\n", ""));
    assertEquals("stdout ends after 1 line; want line 2: \"b\"", p.get(0));
    p = check(want("// Output:", "// a"), run(0, "a\nb\n", ""));
    assertEquals("stdout has extra line 2: \"b\"", p.get(0));
  }

  @Test
  void noOutputBlockMeansEmptyStdout() throws Exception {
    assertEquals(List.of(), check(want("// Stderr:", "// e"), run(0, "", "e\n")));
    assertFalse(check(want("// Stderr:", "// e"), run(0, "x\n", "e\n")).isEmpty());
  }

  @Test
  void unexpectedStderr() throws Exception {
    List<String> p = check(want("// Output:", "// a"), run(0, "a\n", "boo\n"));
    assertEquals("unexpected stderr", p.get(0));
  }

  @Test
  void stderrBlockIsExact() throws Exception {
    assertEquals(List.of(), check(want("// Stderr:", "// e1", "// e2"), run(0, "", "e1\ne2\n")));
    assertEquals("stderr differs at line 2:",
        check(want("// Stderr:", "// e1", "// e2"), run(0, "", "e1\nE2\n")).get(0));
  }

  @Test
  void nonZeroExitWithoutErrorBlockFails() throws Exception {
    List<String> p = check(want("// Output:", "// a"), run(2, "a\n", "panic: x\n"));
    assertEquals("exit status 2, want 0", p.get(0));
    assertTrue(p.contains("    | panic: x"), p.toString());
  }

  @Test
  void errorBlockLinesInOrderWithOthersBetween() throws Exception {
    Expectation e = want("// Output:", "// before", "// Error:",
        "// panic: runtime error: index out of range [5] with length 3",
        "// goroutine 1 [running]:", "// exit status 2");
    String stderr = "panic: runtime error: index out of range [5] with length 3\n\n"
        + "goroutine 1 [running]:\nmain.main()\n\tx.gol:7\nexit status 2\n";
    assertEquals(List.of(), check(e, run(2, "before\n", stderr)));
  }

  @Test
  void errorBlockLineMissingOrOutOfOrder() throws Exception {
    Expectation e = want("// Error:", "// a", "// b", "// exit status 1");
    assertEquals("stderr lacks the line \"b\"", check(e, run(1, "", "a\nc\n")).get(0));
    assertEquals("stderr lacks the line \"b\" (it appears too early)",
        check(e, run(1, "", "b\na\n")).get(0));
    // whole lines only
    assertEquals("stderr lacks the line \"a\"", check(e, run(1, "", "xa\nb\n")).get(0));
  }

  @Test
  void errorBlockStatusMustMatch() throws Exception {
    Expectation e = want("// Error:", "// x.gol:3:2: undefined: y", "// exit status 1");
    assertEquals(List.of(), check(e, run(1, "", "x.gol:3:2: undefined: y\n")));
    assertEquals("exit status 2, want 1",
        check(e, run(2, "", "x.gol:3:2: undefined: y\n")).get(0));
    assertEquals("exit status 0, want 3",
        check(want("// Error:", "// exit status 3"), run(0, "", "")).get(0));
  }

  @Test
  void errorBlockWithStderrBlock() throws Exception {
    Expectation e = want("// Stderr:", "// e", "// Error:", "// exit status 4");
    assertEquals(List.of(), check(e, run(4, "", "e\n")));
    assertFalse(check(e, run(4, "", "f\n")).isEmpty());
  }

  @Test
  void timeoutAndCrash() throws Exception {
    Expectation e = want("// Output:", "// a");
    SuiteRunner.Run timedOut = new SuiteRunner.Run(-1, "a\n".getBytes(StandardCharsets.UTF_8),
        new byte[0], true, false, null);
    List<String> p = SuiteRunner.check(e, timedOut, Duration.ofMillis(1500));
    assertEquals("timed out after 1.5s (program abandoned)", p.get(0));
    SuiteRunner.Run crashed = new SuiteRunner.Run(-1, new byte[0], new byte[0], false, false,
        new IllegalStateException("boom"));
    assertEquals("internal error: java.lang.IllegalStateException: boom",
        check(e, crashed).get(0));
  }

  @Test
  void showQuotesLikeGo() {
    assertEquals("\"a\\tb\\\"c\\x01\"", SuiteRunner.show("a\tb\"c\u0001"));
    String pi = new String("π".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    assertEquals("\"π\"", SuiteRunner.show(pi));
  }

  @Test
  void durations() {
    assertEquals(Duration.ofSeconds(20), SuiteRunner.parseDuration("20s"));
    assertEquals(Duration.ofMillis(1500), SuiteRunner.parseDuration("1.5s"));
    assertEquals(Duration.ofSeconds(90), SuiteRunner.parseDuration("1m30s"));
    assertEquals(Duration.ofMillis(250), SuiteRunner.parseDuration("250ms"));
    assertThrows(IllegalArgumentException.class, () -> SuiteRunner.parseDuration("20"));
    assertThrows(IllegalArgumentException.class, () -> SuiteRunner.parseDuration("x"));
    assertThrows(IllegalArgumentException.class, () -> SuiteRunner.parseDuration("3d"));
    assertEquals("20s", SuiteRunner.format(Duration.ofSeconds(20)));
    assertEquals("250ms", SuiteRunner.format(Duration.ofMillis(250)));
    assertEquals("2m5s", SuiteRunner.format(Duration.ofSeconds(125)));
  }

  @Test
  void captureKeepsAtMostTheLimit() {
    SuiteRunner.Capture c = new SuiteRunner.Capture();
    byte[] mb = new byte[1 << 20];
    for (int i = 0; i < (SuiteRunner.CAPTURE_LIMIT >> 20) + 2; i++) {
      c.write(mb, 0, mb.length);
    }
    assertTrue(c.truncated());
    assertEquals(SuiteRunner.CAPTURE_LIMIT, c.bytes().length);
  }

  @Test
  void collectFindsGolFilesSortedSkippingHiddenAndTarget(@TempDir Path dir) throws Exception {
    for (String f : List.of("b/two.gol", "a/one.gol", "a/notes.txt", ".hidden/x.gol",
        "target/y.gol", "z.gol")) {
      Path p = dir.resolve(f);
      Files.createDirectories(p.getParent());
      Files.writeString(p, "");
    }
    List<Path> got = SuiteRunner.collect(List.of(dir));
    assertEquals(List.of(dir.resolve("a/one.gol"), dir.resolve("b/two.gol"),
        dir.resolve("z.gol")), got);
    assertThrows(java.nio.file.NoSuchFileException.class,
        () -> SuiteRunner.collect(List.of(dir.resolve("missing"))));
  }

  @Test
  void malformedFileFailsWithReason(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bad.gol");
    Files.writeString(f, "package main\nfunc main() {}\n");
    SuiteRunner.Outcome o = new SuiteRunner().test(f);
    assertFalse(o.passed());
    assertTrue(o.problems.get(0).startsWith("bad test file: no // Output:"), o.message());
  }
}
