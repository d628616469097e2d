package gol.interp.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end in a real pseudo-terminal: gol's REPL runs inside tmux (on a private tmux server),
 * the test types with {@code send-keys} and reads the screen with {@code capture-pane}. Skipped,
 * saying why, when tmux is missing and cannot be installed with apt-get.
 */
@Timeout(180)
class ReplTerminalTest {
  private final String server = "gol-test-" + ProcessHandle.current().pid();
  @TempDir
  Path home;

  @BeforeEach
  void start() throws Exception {
    Assumptions.assumeTrue(tmuxAvailable(), "tmux is not installed and 'apt-get install -y tmux' failed:"
        + " skipping the pseudo-terminal test");
    String java = ProcessHandle.current().info().command().orElse("java");
    String cp = System.getProperty("java.class.path");
    Path script = home.resolve("gol.sh");
    // the shell survives the test's Ctrl-C (a caught signal is reset to default for java)
    Files.writeString(script, "#!/bin/sh\ntrap 'true' INT\nexport HOME='" + home + "' TERM=xterm-256color\n"
        + "'" + java + "' -cp '" + cp + "' gol.interp.cli.Main\necho \"EXITED $?\"\nsleep 60\n");
    script.toFile().setExecutable(true);
    tmux("new-session", "-d", "-s", "t", "-x", "110", "-y", "40", script.toString());
    tmux("set-option", "-t", "t", "remain-on-exit", "on");
    waitFor("the first prompt", s -> s.startsWith("gol>"), 60);
  }

  @AfterEach
  void stop() throws Exception {
    if (tmuxAvailable()) {
      tmux("kill-server");
    }
  }

  @Test
  void aTypedSession() throws Exception {
    type("x := 20");
    type("x * 2");
    waitFor("40", s -> s.contains("\n40\n"), 30);

    // multi-line input: the continuation prompt
    type("func sq(n int) int {");
    type("return n * n");
    type("}");
    type("sq(x) + 1");
    waitFor("401", s -> s.contains("\n401\n"), 30);
    assertTrue(screen().contains("...  return n * n"), screen());

    // errors do not end the session
    type("y := nope");
    waitFor("the error", s -> s.contains("repl:1:6: undefined: nope"), 30);

    // a ticker goroutine prints above the prompt while a line is half typed
    type("tick := make(chan int)");
    type("go func() { for i := 0; ; i++ { tick <- i } }()");
    type("go func() { for k := 1; k <= 40; k++ { for j := 0; j < 20000; j++ { <-tick }; fmt.Println(\"tick\", k) } }()");
    keys("fmt.Println(\"half");
    waitFor("two ticks", s -> s.contains("tick 2\n"), 60);
    String half = "";
    for (int i = 0; i < 50; i++) { // the screen is redrawn as ticks arrive: look at a settled one
      List<String> lines = lines(screen());
      half = lines.get(lines.size() - 1);
      if (half.equals("gol> fmt.Println(\"half") && lines.get(lines.size() - 2).startsWith("tick ")) {
        break;
      }
      Thread.sleep(100);
    }
    assertEquals("gol> fmt.Println(\"half", half, screen());
    type(" typed\")");
    waitFor("the finished line's output", s -> s.contains("\nhalf typed\n"), 30);

    // the live view of the scheduler
    type(":goroutines");
    waitFor(":goroutines", s -> s.contains("WAIT REASON") && s.contains("main.main.func1"), 30);

    // Ctrl-C cancels an evaluation; the session stays
    type("for {}");
    Thread.sleep(500);
    tmux("send-keys", "-t", "t", "C-c");
    waitFor("interrupted", s -> s.contains("interrupted"), 30);
    type("fmt.Println(\"after\", x)");
    waitFor("the session's state after Ctrl-C", s -> s.contains("after 20"), 30);

    // Ctrl-D on an empty line exits; the history was saved
    waitFor("the prompt", s -> lines(s).get(lines(s).size() - 1).equals("gol>"), 30);
    tmux("send-keys", "-t", "t", "C-d");
    waitFor("exit status 0", s -> s.contains("EXITED 0"), 30);
    String history = Files.readString(home.resolve(".gol_history"), StandardCharsets.UTF_8);
    assertTrue(history.contains("x * 2"), history);
  }

  private void type(String line) throws Exception {
    keys(line);
    tmux("send-keys", "-t", "t", "Enter");
    Thread.sleep(150);
  }

  private void keys(String text) throws Exception {
    tmux("send-keys", "-t", "t", "-l", text);
  }

  private String screen() throws Exception {
    return tmux("capture-pane", "-t", "t", "-p", "-S", "-200");
  }

  private static List<String> lines(String screen) {
    List<String> out = new ArrayList<>(Arrays.asList(screen.split("\n")));
    while (!out.isEmpty() && out.get(out.size() - 1).isBlank()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  private void waitFor(String what, Predicate<String> p, int seconds) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    String s = "";
    while (System.nanoTime() < end) {
      s = screen();
      if (p.test(s)) {
        return;
      }
      Thread.sleep(100);
    }
    fail("timed out waiting for " + what + "; the screen:\n" + s);
  }

  private String tmux(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("tmux", "-L", server));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  private static Boolean available;

  private static synchronized boolean tmuxAvailable() {
    if (available == null) {
      available = run("tmux", "-V") || run("apt-get", "install", "-y", "-q", "tmux") && run("tmux", "-V");
    }
    return available;
  }

  private static boolean run(String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
