package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's stale-jar answer, read by the JVM as ./gol hands it over: a pipe from a command
 * that prints a newer source's path, or nothing. The CLI runs under bash, which opens the pipe as
 * ./gol does; the launcher it runs again on a stale jar is a stand-in script that reports how it
 * was called.
 */
class StaleJarTest {
  private static final String HELLO = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n";

  /** Runs the CLI with {@code gol.stalefd} reading from {@code answer} (a shell command); stdout and status. */
  private static String run(Path dir, String answer, String fd) throws Exception {
    Path prog = dir.resolve("hello.gol");
    Files.writeString(prog, HELLO);
    Path launcher = dir.resolve("launcher");
    Files.writeString(launcher, "#!/usr/bin/env bash\necho \"launcher GOL_SYNC_BUILD=$GOL_SYNC_BUILD $*\"\n"
        + "read -r line; echo \"stdin $line\"\nexit 7\n");
    assertTrue(launcher.toFile().setExecutable(true));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String script = "exec {fd}< <(" + answer + "); exec \"$0\" -Dgol.stalefd=" + (fd != null ? fd : "$fd")
        + " -Dgol.launcher=\"$1\" -cp \"$2\" gol.interp.cli.Main run \"$3\" 'an arg'";
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", script, java, launcher.toString(),
        System.getProperty("java.class.path"), prog.toString());
    pb.environment().put("GOLDEBUG", "jit=0");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    p.getOutputStream().write("from stdin\n".getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the CLI did not end");
    return out + "status " + p.exitValue();
  }

  @Test
  void currentJarRunsTheProgram(@TempDir Path dir) throws Exception {
    assertEquals("hello\nstatus 0", run(dir, "true", null));
  }

  @Test
  void slowAnswerIsWaitedFor(@TempDir Path dir) throws Exception {
    assertEquals("hello\nstatus 0", run(dir, "sleep 1", null));
  }

  @Test
  void staleJarRunsTheLauncherAgainToBuild(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("hello.gol");
    assertEquals("launcher GOL_SYNC_BUILD=1 run " + prog + " an arg\nstdin from stdin\nstatus 7",
        run(dir, "sleep 0.2; echo /src/main/java/X.java", null));
  }

  @Test
  void unreadableAnswerCountsAsStale(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("hello.gol");
    assertEquals("launcher GOL_SYNC_BUILD=1 run " + prog + " an arg\nstdin from stdin\nstatus 7",
        run(dir, "true", "987"));
  }
}
