package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Syscall hand-off (issue 5): with GOMAXPROCS=1, a goroutine blocked reading an empty stdin pipe
 * holds an M but not the only P, so another goroutine keeps printing a counter and main
 * finishes. The CLI runs as a subprocess (Go's testprog style) whose stdin is a pipe nobody
 * writes to; the thread count comes from the scheduler's own schedtrace lines
 * ({@code threads=} is Ms + sysmon) and must stay at GOMAXPROCS + a small constant.
 */
class StdinSyscallTest {
  private static final String PROG = String.join("\n",
      "package main",
      "",
      "import (",
      "\t\"fmt\"",
      "\t\"os\"",
      "\t\"time\"",
      ")",
      "",
      "func main() {",
      "\tgo func() {",
      "\t\tbuf := make([]byte, 16)",
      "\t\tn, err := os.Stdin.Read(buf)",
      "\t\tfmt.Println(\"stdin returned\", n, err)",
      "\t}()",
      "\tdone := make(chan bool)",
      "\tgo func() {",
      "\t\tfor i := 1; i <= 5; i++ {",
      "\t\t\tfmt.Println(\"tick\", i)",
      "\t\t\ttime.Sleep(20 * time.Millisecond)",
      "\t\t}",
      "\t\tdone <- true",
      "\t}()",
      "\t<-done",
      "\tsum := 0",
      "\tfor i := 0; i < 3000000; i++ {",
      "\t\tsum += i % 7",
      "\t}",
      "\tfmt.Println(\"main done\", sum)",
      "}",
      "");

  @Test
  void blockedStdinReadDoesNotStopTheProgram(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("prog.gol");
    Files.writeString(prog, PROG);
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", prog.toString());
    pb.environment().put("GOMAXPROCS", "1");
    pb.environment().put("GOLDEBUG", "schedtrace=5");
    pb.redirectInput(ProcessBuilder.Redirect.PIPE); // a pipe nobody writes to or closes
    Process p = pb.start();
    OutputStream neverWritten = p.getOutputStream();
    byte[][] out = new byte[2][];
    Thread errReader = new Thread(() -> out[1] = readAll(p.getErrorStream()));
    errReader.start();
    out[0] = readAll(p.getInputStream());
    boolean exited = p.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      p.destroyForcibly();
    }
    errReader.join();
    neverWritten.close();
    String stdout = new String(out[0], StandardCharsets.UTF_8);
    String stderr = new String(out[1], StandardCharsets.UTF_8);
    assertTrue(exited, "the program did not finish; stdout:\n" + stdout);
    assertEquals(0, p.exitValue(), "stderr:\n" + stderr);
    assertEquals("tick 1\ntick 2\ntick 3\ntick 4\ntick 5\nmain done 8999994\n", stdout);

    Matcher m = Pattern.compile("gomaxprocs=(\\d+) .*? threads=(\\d+)").matcher(stderr);
    int lines = 0;
    int maxThreads = 0;
    while (m.find()) {
      lines++;
      assertEquals(1, Integer.parseInt(m.group(1)));
      maxThreads = Math.max(maxThreads, Integer.parseInt(m.group(2)));
    }
    assertTrue(lines > 0, "no schedtrace lines:\n" + stderr);
    // one M running Gs, one M blocked in read(2), sysmon, a spare M between hand-offs
    assertTrue(maxThreads <= 1 + 4, "threads=" + maxThreads + "\n" + stderr);
  }

  private static byte[] readAll(InputStream in) {
    try {
      return in.readAllBytes();
    } catch (IOException e) {
      return new byte[0];
    }
  }
}
