package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: argument parsing, usage errors, unreadable files (not the pipeline). */
class MainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Map<String, String> env = new HashMap<>();

  private int gol(String... args) {
    Main m = new Main(new ByteArrayInputStream(new byte[0]), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), false, env);
    return m.run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void noArgumentsWithPipedInputIsTheReplWithoutPrompts() {
    Main m = new Main(new ByteArrayInputStream("fmt.Println(1+1)\n".getBytes(StandardCharsets.UTF_8)), out,
        new PrintStream(err, true, StandardCharsets.UTF_8), false, env);
    assertEquals(0, m.run(new String[0]));
    assertEquals("2\n", out());
    assertEquals("", err());
  }

  /** Standard input whose read fails with a Java exception: the REPL's reader is where it escapes. */
  private int golWithBrokenStdin() {
    java.io.InputStream broken = new java.io.InputStream() {
      @Override
      public int read() {
        throw new IllegalStateException("boom");
      }
    };
    Main m = new Main(broken, out, new PrintStream(err, true, StandardCharsets.UTF_8), false, env);
    return m.run(new String[0]);
  }

  @Test
  void anInternalErrorIsReportedAsGolsBugWithStatus2() {
    assertEquals(2, golWithBrokenStdin());
    assertEquals("gol: internal error: java.lang.IllegalStateException: boom\n"
        + gol.interp.BugReport.HINT + "\n", err());
  }

  @Test
  void javatraceShowsTheJavaStackTraceOfAnInternalError() {
    env.put("GOLDEBUG", "javatrace=1");
    assertEquals(2, golWithBrokenStdin());
    assertTrue(err().startsWith("gol: internal error: java.lang.IllegalStateException: boom\n"
        + "java.lang.IllegalStateException: boom\n\tat "), err());
  }

  @Test
  void version() {
    assertEquals(0, gol("version"));
    assertTrue(out().matches("gol version \\S+ \\w+/\\w+ \\(java [^)]+\\)\n"), out());
    assertEquals("", err());
  }

  @Test
  void versionTakesNoArguments() {
    assertEquals(2, gol("version", "x"));
    assertEquals("", out());
  }

  @Test
  void help() {
    assertEquals(0, gol("help"));
    assertTrue(out().startsWith("gol is a Go-like scripting language."), out());
    assertTrue(out().contains("gol run FILE.gol"), out());
    assertEquals("", err());
  }

  @Test
  void helpFlags() {
    assertEquals(0, gol("--help"));
    assertTrue(out().contains("Usage:"));
  }

  @Test
  void helpTopics() {
    assertEquals(0, gol("help", "run"));
    assertTrue(out().startsWith("usage: gol run [-tags LIST] FILE.gol"), out());
    out.reset();
    assertEquals(0, gol("help", "test"));
    assertTrue(out().startsWith("usage: gol test"), out());
  }

  @Test
  void unknownHelpTopic() {
    assertEquals(2, gol("help", "nope"));
    assertEquals("gol help nope: unknown help topic. Run 'gol help'.\n", err());
  }

  @Test
  void unknownCommand() {
    assertEquals(2, gol("frobnicate"));
    assertEquals("gol frobnicate: unknown command\nRun 'gol help' for usage.\n", err());
  }

  @Test
  void unknownFlag() {
    assertEquals(2, gol("-x"));
    assertEquals("gol: flag provided but not defined: -x\nRun 'gol help' for usage.\n", err());
  }

  @Test
  void runWithoutFile() {
    assertEquals(2, gol("run"));
    assertTrue(err().startsWith("gol run: no .gol file listed\n"), err());
  }

  @Test
  void runUnknownFlag() {
    assertEquals(2, gol("run", "-race", "x.gol"));
    assertTrue(err().startsWith("gol run: flag provided but not defined: -race\n"), err());
  }

  @Test
  void missingFile(@TempDir Path dir) {
    String path = dir.resolve("nope.gol").toString();
    assertEquals(1, gol("run", path));
    assertEquals("gol: open " + path + ": no such file or directory\n", err());
    err.reset();
    assertEquals(1, gol(path, "arg"));
    assertEquals("gol: open " + path + ": no such file or directory\n", err());
  }

  @Test
  void relativeMissingFileKeepsItsName() {
    assertEquals(1, gol("does-not-exist.gol"));
    assertEquals("gol: open does-not-exist.gol: no such file or directory\n", err());
  }

  @Test
  void directoryIsNotAProgram(@TempDir Path dir) {
    assertEquals(1, gol(dir.toString()));
    assertEquals("gol: read " + dir + ": is a directory\n", err());
  }

  @Test
  void runOfADirectoryWithoutProgramFilesSaysSo(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("only_test.gol"), "package main\n");
    assertEquals(1, gol("run", dir.toString()));
    assertEquals("package " + dir + ": no .gol files in " + dir + "\n", err());
  }

  private static final String FILE_A = """
      package main

      import (
      	"fmt"
      	"os"
      )

      var A = initA()

      func initA() int { fmt.Println("initA"); return 41 }

      func init() { fmt.Println("init a", A, B) }

      func main() { fmt.Println(Greeter{"gol"}.Hello(), os.Args[1:]) }
      """;

  private static final String FILE_B = """
      package main

      import "fmt"

      var B = A + 1

      func init() { fmt.Println("init b", A, B) }

      type Greeter struct{ name string }

      func (g Greeter) Hello() string { return "hello, " + g.name }
      """;

  /** (The expected outputs are Go 1.23's for the same files as .go: go run DIR, go run A B ARGS.) */
  @Test
  void runOfADirectoryRunsItsFilesAsOnePackage(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.gol"), FILE_A);
    Files.writeString(dir.resolve("b.gol"), FILE_B);
    Files.writeString(dir.resolve("a_test.gol"), "package main\n\nfunc broken( {\n");
    Files.writeString(dir.resolve("_scratch.gol"), "not go at all\n");
    assertEquals(0, gol("run", dir.toString(), "x", "y"));
    assertEquals("", err());
    assertEquals("initA\ninit a 41 42\ninit b 41 42\nhello, gol [x y]\n", out());
  }

  @Test
  void runOfSeveralFilesTakesTheLeadingGolArgumentsAsTheProgram(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.gol"), FILE_A);
    Files.writeString(dir.resolve("b.gol"), FILE_B);
    assertEquals(0, gol("run", dir.resolve("b.gol").toString(), dir.resolve("a.gol").toString(), "--", "z.gol"));
    assertEquals("", err());
    // init functions run in the order the files were given (variables in dependency order)
    assertEquals("initA\ninit b 41 42\ninit a 41 42\nhello, gol [-- z.gol]\n", out());
  }

  /**
   * The standard packages are pruned for the files' names together: a.gol selects Scan and Text
   * from a scanner b.gol declares, b.gol's Summary is marshalled by a.gol's json import. (The
   * expected output is Go 1.23's for the same files as .go, with empty input.)
   */
  @Test
  void severalFilesShareTheStandardPackagesTheyNeed(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.gol"), """
      package main

      import (
      	"encoding/json"
      	"fmt"
      	"strings"
      )

      func main() {
      	for sc.Scan() {
      		words = append(words, strings.Fields(sc.Text())...)
      	}
      	b, err := json.Marshal(summary())
      	fmt.Println(string(b), err)
      	fmt.Println(sortedUpper())
      }
        """);
    Files.writeString(dir.resolve("b.gol"), """
      package main

      import (
      	"bufio"
      	"os"
      	"sort"
      	"strings"
      )

      var sc = bufio.NewScanner(os.Stdin)
      var words []string

      type Summary struct {
      	Count int      `json:"count"`
      	First string   `json:"first,omitempty"`
      	Lens  []int    `json:"lens"`
      }

      func summary() Summary {
      	s := Summary{Count: len(words)}
      	if len(words) > 0 {
      		s.First = words[0]
      	}
      	for _, w := range words {
      		s.Lens = append(s.Lens, len(w))
      	}
      	return s
      }

      func sortedUpper() []string {
      	out := make([]string, len(words))
      	for i, w := range words {
      		out[i] = strings.ToUpper(w)
      	}
      	sort.Strings(out)
      	return out
      }
        """);
    assertEquals(0, gol("run", dir.toString()));
    assertEquals("", err());
    assertEquals("{\"count\":0,\"lens\":null} <nil>\n[]\n", out());
  }

  @Test
  void severalFilesMustBeOnePackageMainInOneDirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.gol"), FILE_A);
    Files.writeString(dir.resolve("b.gol"), "package foo\n");
    assertEquals(1, gol("run", dir.toString()));
    assertEquals("found packages main (a.gol) and foo (b.gol) in " + dir + "\n", err());
    err.reset();
    Path sub = Files.createDirectory(dir.resolve("sub"));
    Files.writeString(sub.resolve("c.gol"), FILE_B);
    assertEquals(1, gol("run", dir.resolve("a.gol").toString(), sub.resolve("c.gol").toString()));
    assertEquals("gol run: named files must all be in one directory; have " + dir + " and " + sub + "\n", err());
    err.reset();
    Files.writeString(sub.resolve("d.gol"), "fmt.Println(1)\n");
    assertEquals(1, gol("run", sub.toString()));
    assertEquals(sub.resolve("d.gol") + ":1:1: expected 'package', found script statements"
        + " (a program of several files needs package clauses)\n", err());
    err.reset();
    assertEquals(1, gol("run", sub.resolve("c.gol").toString(), sub.resolve("missing.gol").toString()));
    assertEquals("gol: open " + sub.resolve("missing.gol") + ": no such file or directory\n", err());
  }

  /** A redeclaration across files names the other file (the expected text is Go 1.23's for a.go, b.go). */
  @Test
  void aRedeclarationInAnotherFileNamesThatFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.gol"), "package main\n\nimport \"fmt\"\n\ntype T struct{ X int }\n\n"
        + "func (T) M() {}\n\nfunc f() {}\n\nfunc main() { fmt.Println(\"x\") }\n");
    Files.writeString(dir.resolve("b.gol"), "package main\n\nfunc (T) M() {}\n\nfunc (T) X() {}\n\nfunc f() {}\n");
    assertEquals(1, gol("run", dir.resolve("a.gol").toString(), dir.resolve("b.gol").toString()));
    String a = dir.resolve("a.gol").toString();
    String b = dir.resolve("b.gol").toString();
    assertEquals(b + ":3:10: method T.M already declared at " + a + ":7:10\n"
        + b + ":5:10: field and method with the same name X\n\t" + a + ":5:16: other declaration of X\n"
        + b + ":7:6: f redeclared in this block\n\t" + a + ":9:6: other declaration of f\n", err());
  }

  @Test
  void runDoubleDash() {
    assertEquals(1, gol("run", "--", "-weird.gol"));
    assertEquals("gol: open -weird.gol: no such file or directory\n", err());
  }

  @Test
  void shebangLineIsBlanked() {
    assertEquals("\nfmt.Println(1)\n", Main.stripShebang("#!/usr/bin/env gol\nfmt.Println(1)\n"));
    assertEquals("", Main.stripShebang("#!/usr/bin/env gol"));
    assertEquals("package main\n", Main.stripShebang("package main\n"));
  }

  @Test
  void testCommandUsageErrors() {
    assertEquals(2, gol("test", "-bogus"));
    assertTrue(err().startsWith("gol test: flag provided but not defined: -bogus\n"), err());
    err.reset();
    assertEquals(2, gol("test", "-timeout"));
    assertTrue(err().startsWith("gol test: flag needs an argument: -timeout\n"), err());
    err.reset();
    assertEquals(2, gol("test", "-timeout", "soon"));
    assertTrue(err().startsWith("gol test: invalid value \"soon\" for flag -timeout\n"), err());
    err.reset();
    assertEquals(2, gol("test", "-p=0"));
    assertTrue(err().startsWith("gol test: invalid value \"0\" for flag -p\n"), err());
  }

  @Test
  void testCommandMissingDir(@TempDir Path dir) {
    String missing = dir.resolve("missing").toString();
    assertEquals(1, gol("test", missing));
    assertEquals("gol: stat " + missing + ": no such file or directory\n", err());
  }

  @Test
  void testCommandNoFiles(@TempDir Path dir) {
    assertEquals(1, gol("test", dir.toString()));
    assertTrue(err().contains("no .gol files"), err());
  }

  @Test
  void testCommandReportsFailuresAndCounts(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("bad.gol"), "package main\n\nfunc main() {}\n");
    Files.writeString(dir.resolve("other.gol"), "package main\n\nfunc main() {}\n");
    assertEquals(1, gol("test", "-run", "bad", dir.toString()));
    String o = out();
    assertTrue(o.startsWith("FAIL " + dir.resolve("bad.gol") + ": bad test file: "), o);
    assertTrue(o.endsWith("\n0 passed, 1 failed\n"), o);
  }

  @Test
  void javaTraceSetting() {
    Main m = new Main(null, out, new PrintStream(err), false, Map.of("GOLDEBUG",
        "schedtrace=1000,javatrace=1"));
    assertTrue(m.javaTrace());
    m = new Main(null, out, new PrintStream(err), false, Map.of("GOLDEBUG", "javatrace=0"));
    assertTrue(!m.javaTrace());
  }

  @Test
  void platformLooksLikeGoos() {
    assertTrue(Main.platform().matches("[a-z0-9_]+/[a-z0-9_]+"), Main.platform());
  }

  @Test
  void cdsTrainingAlwaysSucceedsQuietly() {
    assertEquals(0, gol("__cds-train"));
    assertEquals("", out());
    assertEquals("", err());
  }
}
