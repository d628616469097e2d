package gol.interp.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Whether this process ignores one of the signals HotSpot uses for shutdown (SIGHUP, SIGINT,
 * SIGTERM), which it then never lets a program catch; and whether coreutils' {@code env} can
 * start a child with them at their default action. See SuiteRunner.executeAlone.
 */
final class SignalDispositions {
  private SignalDispositions() {
  }

  /** The signals, as env's --default-signal names them. */
  static final String SHUTDOWN_SIGNALS = "HUP,INT,TERM";
  /** Their bits in /proc's signal masks (bit n-1 for signal n: 1, 2 and 15). */
  private static final long SHUTDOWN_MASK = 1L | 1L << 1 | 1L << 14;

  private static volatile Boolean envCanReset;

  /** Whether SIGHUP, SIGINT or SIGTERM is ignored in this process (false where /proc is absent). */
  static boolean shutdownSignalIgnored() {
    return (ignoredMask() & SHUTDOWN_MASK) != 0;
  }

  /** The SigIgn mask of /proc/self/status, or 0 if it cannot be read. */
  static long ignoredMask() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("SigIgn:")) {
          return Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or an unexpected format: assume nothing is ignored
    }
    return 0;
  }

  /** Whether {@code env --default-signal} works here (coreutils 8.31 or later); asked once. */
  static boolean envCanReset() {
    Boolean b = envCanReset;
    if (b == null) {
      b = false;
      try {
        Process p = new ProcessBuilder("env", "--default-signal=" + SHUTDOWN_SIGNALS, "true")
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        b = p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        p.destroy();
      } catch (IOException e) {
        // no env on the PATH
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      envCanReset = b;
    }
    return b;
  }
}
