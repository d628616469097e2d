package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With stdout and stderr going to one pipe ({@code 2>&1}), a program's lines come in the order
 * it wrote them, as Go's unbuffered writes give: gol's buffered stdout is flushed before anything
 * goes to stderr (os.Stderr, package log, builtin println, log.Fatal) and before a child process
 * writes to the inherited descriptors. The expected text is Go 1.23's for the same program (its
 * binary run with {@code > out 2>&1}); the suite's programs cannot show this, as the runner
 * keeps the two streams apart.
 */
class InterleavedOutputTest {
  static final String PROGRAM = """
      package main

      import (
      \t"fmt"
      \t"log"
      \t"os"
      \t"os/exec"
      )

      func main() {
      \tlog.SetFlags(0)
      \tfmt.Println("1 stdout")
      \tfmt.Fprintln(os.Stderr, "2 stderr")
      \tlog.Print("3 log")
      \tfmt.Println("4 stdout")
      \tprintln("5 builtin println")
      \tcmd := exec.Command("echo", "6 child stdout")
      \tcmd.Stdout = os.Stdout
      \tif err := cmd.Run(); err != nil {
      \t\tfmt.Println(err)
      \t}
      \tfmt.Println("7 stdout")
      \tcmd = exec.Command("sh", "-c", "echo 8 child stderr >&2")
      \tcmd.Stderr = os.Stderr
      \tcmd.Run()
      \tfmt.Print("9 stdout, no newline")
      \tos.Stderr.WriteString("\\n10 stderr\\n")
      \tfmt.Println("11 stdout")
      \tlog.Fatal("12 fatal")
      }
      """;

  static final String GO_OUTPUT = """
      1 stdout
      2 stderr
      3 log
      4 stdout
      5 builtin println
      6 child stdout
      7 stdout
      8 child stderr
      9 stdout, no newline
      10 stderr
      11 stdout
      12 fatal
      """;

  @Test
  void linesComeInTheOrderTheyWereWritten(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("order.gol"), PROGRAM);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        "gol.interp.cli.Main", "run", "order.gol").directory(dir.toFile());
    pb.redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(GO_OUTPUT, out);
    assertEquals(1, p.exitValue());
  }

  /**
   * The runtime's own writers to stderr (an unrecovered panic's report, the deadlock report, a
   * fatal error) come after what the program printed, a line without its newline included. The
   * expected head is Go 1.23's ({@code > out 2>&1}); the traces below it differ (Go prints
   * addresses and offsets).
   */
  @Test
  void runtimeReportsComeAfterBufferedOutput(@TempDir Path dir) throws Exception {
    String prints = "package main\n\nimport (\n\t\"fmt\"\n\t\"runtime\"\n)\n\nvar _ = runtime.NumCPU\n\n"
        + "func main() {\n\tfmt.Println(\"1 stdout\")\n\tfmt.Print(\"2 stdout, no newline\")\n\t";
    String[][] cases = {
      {"panic(\"3 panic\")", "1 stdout\n2 stdout, no newlinepanic: 3 panic\n\n"},
      {"select {}", "1 stdout\n2 stdout, no newlinefatal error: all goroutines are asleep - deadlock!\n\n"},
      {"runtime.SetFinalizer(nil, nil)",
        "1 stdout\n2 stdout, no newlinefatal error: runtime.SetFinalizer: first argument is nil\n\n"},
    };
    for (String[] c : cases) {
      Files.writeString(dir.resolve("report.gol"), prints + c[0] + "\n}\n");
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
          "gol.interp.cli.Main", "run", "report.gol").directory(dir.toFile());
      pb.redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
      assertTrue(out.startsWith(c[1]), c[0] + ": " + out);
      assertEquals(2, p.exitValue(), c[0]);
    }
  }
}
