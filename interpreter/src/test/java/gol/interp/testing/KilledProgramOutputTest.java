package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a program printed is in its output file even when the process is killed while it runs,
 * as with Go, whose writes to os.Stdout are unbuffered: gol's buffered stdout is written out by
 * its flusher thread shortly after each write (so even SIGKILL loses nothing printed before
 * it), and by a shutdown hook on SIGTERM. Each test starts a JVM running {@code gol run} with
 * stdout and stderr going to files, as a shell's redirection does, waits for the program to
 * say (on stderr, unbuffered) that it printed, and kills it.
 */
class KilledProgramOutputTest {
  static final String PROGRAM = """
      package main

      import (
      \t"fmt"
      \t"os"
      )

      func main() {
      \tfor i := 0; i < 3; i++ {
      \t\tfmt.Println("line", i)
      \t}
      \tfmt.Fprintln(os.Stderr, "ready")
      \tx := 0
      \tfor {
      \t\tx++
      \t}
      }
      """;

  static final String PRINTED = "line 0\nline 1\nline 2\n";

  @Test
  void sigkillLosesNothingPrintedBeforeIt(@TempDir Path dir) throws Exception {
    Process p = start(dir, List.of());
    try {
      // the flusher writes the lines while the program still runs
      assertTrue(waitFor(dir.resolve("out"), PRINTED), "stdout never got the printed lines");
    } finally {
      p.destroyForcibly(); // also when the wait failed: the program spins forever
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(PRINTED, Files.readString(dir.resolve("out")));
  }

  @Test
  void sigtermFlushesWhatIsLeft(@TempDir Path dir) throws Exception {
    // a flusher that never comes in time: only the shutdown hook can write the lines
    Process p = start(dir, List.of("-Dgol.stdoutDelayMs=3600000"));
    try {
      assertTrue(waitFor(dir.resolve("err"), "ready\n"), "the program never said it was ready");
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    } finally {
      p.destroyForcibly(); // a no-op once it has ended; else the program would spin forever
    }
    assertEquals(PRINTED, Files.readString(dir.resolve("out")));
    assertEquals(128 + 15, p.exitValue());
  }

  private static Process start(Path dir, List<String> props) throws Exception {
    Files.writeString(dir.resolve("spin.gol"), PROGRAM);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java));
    cmd.addAll(props);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "gol.interp.cli.Main", "run",
        "spin.gol"));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.redirectOutput(dir.resolve("out").toFile());
    pb.redirectError(dir.resolve("err").toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return pb.start();
  }

  /** Whether file comes to hold exactly text within a minute (the JVM's start-up included). */
  private static boolean waitFor(Path file, String text) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (Files.exists(file) && Files.readString(file).equals(text)) {
        return true;
      }
      Thread.sleep(20);
    }
    return false;
  }
}
