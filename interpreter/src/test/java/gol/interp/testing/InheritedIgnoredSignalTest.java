package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program started with SIGINT and SIGHUP ignored (a command a script starts with {@code &},
 * {@code nohup}) sees them ignored and can still catch them with Notify, as in Go. The gol
 * launcher starts such a JVM with the signals at their default action and passes the ones that
 * were ignored in {@code gol.sigign}; this test starts the JVM as the launcher does. The
 * expected output is Go 1.23's for the same program run under {@code trap '' INT HUP}.
 */
class InheritedIgnoredSignalTest {
  static final String PROGRAM = """
      package main

      import (
      \t"fmt"
      \t"os"
      \t"os/signal"
      \t"syscall"
      \t"time"
      )

      func main() {
      \tfmt.Println("ignored at start:", signal.Ignored(syscall.SIGINT), signal.Ignored(syscall.SIGHUP), signal.Ignored(syscall.SIGTERM))
      \tsyscall.Kill(os.Getpid(), syscall.SIGINT) // still ignored: nothing happens
      \tsyscall.Kill(os.Getpid(), syscall.SIGHUP)
      \ttime.Sleep(50 * time.Millisecond)
      \tc := make(chan os.Signal, 2)
      \tsignal.Notify(c, os.Interrupt, syscall.SIGHUP)
      \tfmt.Println("after notify:", signal.Ignored(syscall.SIGINT), signal.Ignored(syscall.SIGHUP))
      \tsyscall.Kill(os.Getpid(), syscall.SIGINT)
      \tfmt.Println("got", <-c)
      \tsyscall.Kill(os.Getpid(), syscall.SIGHUP)
      \tfmt.Println("got", <-c)
      \tsignal.Reset(os.Interrupt)
      \tsignal.Stop(c)
      \tfmt.Println("after reset:", signal.Ignored(syscall.SIGINT), signal.Ignored(syscall.SIGHUP))
      \tsyscall.Kill(os.Getpid(), syscall.SIGINT) // ignored again, as when the program started
      \tsyscall.Kill(os.Getpid(), syscall.SIGHUP)
      \ttime.Sleep(50 * time.Millisecond)
      \tfmt.Println("still running")
      }
      """;

  static final String GO_OUTPUT = """
      ignored at start: true true false
      after notify: false false
      got interrupt
      got hangup
      after reset: false false
      still running
      """;

  @Test
  void ignoredAtStartStaysIgnoredUntilNotify(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh");
    assumeTrue(SignalDispositions.envCanReset(), "needs env --default-signal (coreutils 8.31+)");
    Files.writeString(dir.resolve("ignored.gol"), PROGRAM);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "trap '' INT HUP; \"$@\"", "sh",
        "env", "--default-signal=HUP,INT,TERM", java, "-Dgol.sigign=3", "-cp",
        System.getProperty("java.class.path"), "gol.interp.cli.Main", "run", "ignored.gol")
        .directory(dir.toFile());
    pb.redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process p = pb.start();
    boolean done = p.waitFor(60, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly().waitFor();
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(GO_OUTPUT, out);
    assertEquals(0, p.exitValue(), out);
  }
}
