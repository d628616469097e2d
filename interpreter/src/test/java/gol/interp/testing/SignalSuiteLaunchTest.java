package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The suite's os/signal programs pass however the suite was started. A command a script starts
 * with {@code &} has SIGINT ignored, and so has every process below it; HotSpot then never lets
 * a program catch SIGINT, and tests/signal/notify_self.gol waited forever for the SIGINT it
 * sends itself (the CI hang). Here {@code gol test} runs that program from a JVM started that
 * way; SuiteRunner must start the program's own JVM with SIGINT at its default action.
 */
class SignalSuiteLaunchTest {
  @Test
  void notifySelfPassesWhenSuiteStartedWithSigintIgnored() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")) && Files.isExecutable(Path.of("/bin/sh")),
        "needs Linux's /proc and /bin/sh");
    assumeTrue(SignalDispositions.envCanReset(), "needs env --default-signal (coreutils 8.31+)");
    Path prog = LanguageSuiteTest.repoRoot().resolve("tests/signal/notify_self.gol");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // sh runs the JVM as an asynchronous command: with job control off, it ignores SIGINT
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c",
        "grep '^SigIgn:' /proc/self/status & wait $!; \"$@\" & wait $!", "sh",
        java, "-cp", System.getProperty("java.class.path"), "gol.interp.cli.Main",
        "test", "-timeout", "15s", prog.toString());
    pb.redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    boolean done = p.waitFor(60, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String text = new String(out, StandardCharsets.UTF_8);
    String[] lines = text.split("\n", 2);
    long ignored = Long.parseUnsignedLong(lines[0].substring("SigIgn:".length()).trim(), 16);
    assumeTrue((ignored & 2) != 0, "this /bin/sh does not ignore SIGINT in background commands");
    assertEquals(0, p.exitValue(), text);
  }
}
