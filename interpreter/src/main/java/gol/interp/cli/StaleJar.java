package gol.interp.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's stale-jar check, answered while the JVM starts. {@code ./gol} used to look for a
 * source newer than gol.jar (a {@code find} over ~670 files and directories) before starting the
 * JVM, 5-15 ms of every start-up's wall time; now it starts that {@code find} and the JVM
 * together, hands the JVM the read end of a pipe from it ({@code -Dgol.stalefd=N}) and names
 * itself ({@code -Dgol.launcher=PATH}). Before anything else, {@link Main} reads the pipe to its
 * end: empty means the jar is current; a path means a source changed, and this JVM runs nothing
 * itself but the launcher again with {@code GOL_SYNC_BUILD=1}, which rebuilds the jar first, as
 * it always did, and runs the command with the new one (same arguments, standard streams and exit
 * status). A pipe that cannot be read counts as stale: a rebuild check too many, never a run of an
 * old jar.
 */
final class StaleJar {
  private StaleJar() {
  }

  /** Whether the launcher found a source newer than the jar; false when it did not ask. */
  static boolean stale() {
    String fd = System.getProperty("gol.stalefd");
    if (fd == null || fd.isEmpty()) {
      return false;
    }
    try (InputStream in = new FileInputStream("/dev/fd/" + fd)) {
      return in.read() >= 0;
    } catch (IOException | RuntimeException e) {
      return true;
    }
  }

  /**
   * Runs the launcher again, rebuilding first, with {@code args}; returns its exit status (2 if
   * it cannot be started).
   */
  static int rerun(String[] args) {
    String launcher = System.getProperty("gol.launcher");
    if (launcher == null) {
      System.err.println("gol: the jar is older than the sources, and the launcher is unknown");
      return 2;
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(launcher);
    for (String a : args) {
      cmd.add(a);
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
    pb.environment().put("GOL_SYNC_BUILD", "1");
    try {
      return pb.start().waitFor();
    } catch (IOException e) {
      System.err.println("gol: cannot run " + launcher + ": " + e.getMessage());
      return 2;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 2;
    }
  }
}
