package gol.interp.gofmt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * gol fmt against gofmt. The expected outputs were recorded with real gofmt (Go 1.23):
 * {@code src/test/resources/gofmt/NAME.golden} is gofmt's output for {@code NAME.input.gol}
 * (deliberately messy inputs, one or a few rules each), and {@code corpus.sha256} lists, for
 * each package-mode program of tests/ and examples/, the SHA-256 of the file and of gofmt's
 * output for it.
 */
class GolFmtTest {
  static Path root() {
    String r = System.getProperty("gol.root");
    Path p = r != null ? Path.of(r) : Path.of("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("tests/README.md"))) {
      p = p.getParent();
    }
    return p;
  }

  static Path resources() {
    return root().resolve("interpreter/src/test/resources/gofmt");
  }

  @Test
  void messyInputsComeOutAsGofmtPrintsThem() throws Exception {
    List<String> failures = new ArrayList<>();
    int n = 0;
    try (Stream<Path> s = Files.list(resources())) {
      for (Path in : s.filter(p -> p.toString().endsWith(".input.gol")).sorted().toList()) {
        String name = in.getFileName().toString().replace(".input.gol", "");
        String want = Files.readString(resources().resolve(name + ".golden"));
        String got = GolFmt.format(in.getFileName().toString(), Files.readString(in));
        n++;
        if (!got.equals(want)) {
          failures.add(name + ":\n--- gofmt\n" + want + "--- gol fmt\n" + got);
        }
        // idempotence: formatting gofmt's output changes nothing
        String again = GolFmt.format(name, want);
        if (!again.equals(want)) {
          failures.add(name + " (golden not stable):\n" + again);
        }
      }
    }
    assertTrue(n >= 40, "only " + n + " cases");
    assertEquals(List.of(), failures);
  }

  @Test
  void suiteProgramsComeOutAsGofmtPrintsThem() throws Exception {
    List<String> failures = new ArrayList<>();
    int compared = 0;
    for (String line : Files.readAllLines(resources().resolve("corpus.sha256"))) {
      String[] f = line.split(" ");
      Path file = root().resolve(f[0]);
      if (!Files.isRegularFile(file)) {
        continue;
      }
      byte[] src = Files.readAllBytes(file);
      if (!sha256(src).equals(f[1])) {
        continue; // changed since gofmt's output was recorded: checked for idempotence below
      }
      compared++;
      String got = GolFmt.format(f[0], decode(src));
      if (!sha256(encode(got, src)).equals(f[2])) {
        failures.add(f[0]);
      }
    }
    assertTrue(compared >= 400, "compared only " + compared);
    assertEquals(List.of(), failures, "gol fmt output differs from gofmt's");
  }

  @Test
  void formattingIsIdempotentOnEveryProgram() throws Exception {
    List<String> failures = new ArrayList<>();
    for (String dir : List.of("tests", "examples")) {
      try (Stream<Path> s = Files.walk(root().resolve(dir))) {
        for (Path p : s.filter(x -> x.toString().endsWith(".gol")).sorted().toList()) {
          byte[] b = Files.readAllBytes(p);
          String src = decode(b);
          String once;
          try {
            once = GolFmt.format(p.toString(), src);
          } catch (GolFmt.FormatException e) {
            continue; // the suite's syntax-error programs
          }
          if (!GolFmt.format(p.toString(), once).equals(once)) {
            failures.add(root().relativize(p).toString());
          }
          if (commentCount(once) != commentCount(src)) {
            failures.add(root().relativize(p) + ": comments lost");
          }
        }
      }
    }
    assertEquals(List.of(), failures);
  }

  private static int commentCount(String s) {
    int n = 0;
    try {
      for (Lexer.Tok t : Lexer.lex(s)) {
        if (t.isComment()) {
          n++;
        }
      }
    } catch (Lexer.SyntaxError e) {
      return -1;
    }
    return n;
  }

  @Test
  void commandLineFlags() throws Exception {
    Path dir = Files.createTempDirectory("golfmt");
    Path messy = dir.resolve("m.gol");
    Path clean = dir.resolve("c.gol");
    Files.writeString(messy, "package main\nfunc main() {\nx:=1\n_ = x\n}\n");
    Files.writeString(clean, "package main\n\nfunc main() {}\n");
    Run r = run("-l", dir.toString());
    assertEquals(0, r.status);
    assertEquals(messy + "\n", r.out);
    r = run("-d", messy.toString());
    assertTrue(r.out.startsWith("diff " + messy + ".orig " + messy + "\n--- " + messy + ".orig\n+++ " + messy + "\n@@ "), r.out);
    assertTrue(r.out.contains("\n-x:=1\n") && r.out.contains("\n+\tx := 1\n"), r.out);
    r = run(messy.toString());
    assertEquals("package main\n\nfunc main() {\n\tx := 1\n\t_ = x\n}\n", r.out);
    r = run("-w", messy.toString());
    assertEquals("", r.out);
    assertEquals("package main\n\nfunc main() {\n\tx := 1\n\t_ = x\n}\n", Files.readString(messy));
    // a syntax error: reported at its position, exit status 2, the file untouched
    Path bad = dir.resolve("bad.gol");
    String badSrc = "package main\n\nfunc main() {\n\tx := (1\n}\n";
    Files.writeString(bad, badSrc);
    r = run("-w", bad.toString());
    assertEquals(2, r.status);
    assertEquals(bad + ":4:9: expected ')', found newline\n", r.err); // gofmt's words
    assertEquals(badSrc, Files.readString(bad));
    // several errors: all of them, on standard error, whatever the flags (as gofmt 1.23 prints them)
    String twoSrc = "package main\n\nfunc main() {\n\tf(a b)\n\tx := \n}\n";
    Files.writeString(bad, twoSrc);
    for (String flag : List.of("-w", "-l", "-d")) {
      r = run(flag, bad.toString());
      assertEquals(2, r.status);
      assertEquals("", r.out);
      assertEquals(bad + ":4:6: missing ',' in argument list\n" + bad + ":6:1: expected operand, found '}'\n", r.err);
      assertEquals(twoSrc, Files.readString(bad));
    }
  }

  /**
   * Syntax errors as gofmt words them: {@code src/test/resources/gofmt-errors/NAME.gofmt} is what
   * gofmt 1.23 printed (on standard error) for the same content as {@code NAME.go}, the file name
   * changed to {@code NAME.gol}: gol fmt must print the same list of errors.
   */
  @Test
  void syntaxErrorsAreWordedAsGofmtWordsThem() throws Exception {
    Path dir = root().resolve("interpreter/src/test/resources/gofmt-errors");
    List<String> failures = new ArrayList<>();
    int n = 0;
    try (Stream<Path> s = Files.list(dir)) {
      for (Path in : s.filter(p -> p.toString().endsWith(".gol")).sorted().toList()) {
        String name = in.getFileName().toString();
        String want = Files.readString(dir.resolve(name.replace(".gol", ".gofmt"))).stripTrailing();
        String got;
        try {
          byte[] bytes = Files.readAllBytes(in);
          got = "formatted:\n" + GolFmt.format(name, decode(bytes), bytes);
        } catch (GolFmt.FormatException e) {
          got = e.getMessage();
        }
        n++;
        if (!got.equals(want)) {
          failures.add(name + ":\n--- gofmt\n" + want + "\n--- gol fmt\n" + got);
        }
      }
    }
    assertTrue(n >= 60, "only " + n + " inputs");
    assertEquals("", String.join("\n", failures));
  }

  /**
   * A script's top-level function literal is laid out as gofmt lays it out inside a function
   * (recorded from gofmt with the statements in a func body), not as a method's receiver; a
   * script's syntax errors are checked with statements allowed at top level.
   */
  @Test
  void scriptsAtTopLevel() throws Exception {
    assertEquals("func() {\n\tprintln(\"x\")\n}()\n\nfunc (t T) M() {}\n",
        GolFmt.format("s.gol", "func(){\nprintln(\"x\")\n}()\n\nfunc (t T)M() {}\n"));
    // declarations among statements stay where they are, as gofmt formats a statement list
    assertEquals("x := 1\nvar fns func()\nfmt.Println(x, fns)\nconst c = 2\ntype T int\n",
        GolFmt.format("s.gol", "x := 1\nvar fns func()\nfmt.Println(x, fns)\nconst c = 2\ntype T int\n"));
    GolFmt.FormatException e = org.junit.jupiter.api.Assertions.assertThrows(GolFmt.FormatException.class,
        () -> GolFmt.format("s.gol", "func() {\n}()\nx := f(1 2)\nif x {\n} else for {\n}\n"));
    assertEquals("s.gol:3:10: missing ',' in argument list\ns.gol:5:8: expected if statement or block, found 'for'",
        e.getMessage());
  }

  record Run(int status, String out, String err) {
  }

  static Run run(String... args) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int st = GolFmt.main(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(st, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static String decode(byte[] b) {
    return new String(b, GolFmt.validUtf8(b) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
  }

  private static byte[] encode(String s, byte[] original) {
    return s.getBytes(GolFmt.validUtf8(original) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
  }

  private static String sha256(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }
}
