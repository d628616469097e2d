package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.diag.Diagnostics;
import gol.interp.parse.ParseCache;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up thread's look at the syntax tree cache reads the program's file only when it is a
 * regular file: a program piped in (gol run /dev/stdin, a FIFO) is the main thread's to read, and
 * reading it here as well took the program away from it.
 */
class WarmupTest {
  private static final String HELLO = "package main\n\nfunc main() {\n\tprintln(\"hi\")\n}\n";

  @Test
  void seesACachedTreeOfARegularFileButNeverReadsAPipe(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("gol.jar");
    Files.writeString(jar, "only its size and time are read");
    Path prog = dir.resolve("prog.gol");
    Files.writeString(prog, HELLO);
    Path fifo = dir.resolve("pipe.gol");
    Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo");
    ParseCache asts = ParseCache.open(dir.resolve("ast"), jar.toString(), "17");
    asts.parseProgram(prog.toString(), HELLO, new Diagnostics());
    assertTrue(Warmup.treeCached(prog.toString(), asts));
    assertFalse(Warmup.treeCached(prog.toString(), null));
    boolean[] seen = {true};
    Thread t = new Thread(() -> seen[0] = Warmup.treeCached(fifo.toString(), asts));
    t.setDaemon(true); // (it would wait for a writer for ever)
    t.start();
    t.join(10_000);
    assertFalse(t.isAlive(), "the warm-up thread opened the pipe");
    assertFalse(seen[0]);
  }
}
