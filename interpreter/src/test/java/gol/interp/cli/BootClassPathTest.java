package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher puts gol's classes on the boot class path (-Xbootclasspath/a), where a class has
 * no class loader and no code source: the standard sources, the natives' data files (html's
 * entities) and the JIT tier's hidden classes must still be found. The CLI runs as a subprocess
 * with the test's class path appended to the boot class path, as ./gol runs it with its jar.
 */
class BootClassPathTest {
  private static final String PROG = String.join("\n",
      "package main",
      "",
      "import (",
      "\t\"fmt\"",
      "\t\"html\"",
      "\t\"strings\"",
      ")",
      "",
      "func square(n int) int { return n * n }",
      "",
      "func main() {",
      "\tfmt.Println(html.UnescapeString(\"caf&eacute; &amp; &lt;b&gt;\"))",
      "\tfmt.Println(strings.ToUpper(\"boot\"), square(12))",
      "}",
      "");

  @Test
  void runsFromTheBootClassPath(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("prog.gol");
    Files.writeString(prog, PROG);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java,
        "-Xbootclasspath/a:" + System.getProperty("java.class.path"),
        Main.class.getName(), "run", prog.toString());
    pb.environment().put("GOLDEBUG", "jit=2"); // every function through the JIT tier's classes
    pb.redirectErrorStream(true);
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(60, TimeUnit.SECONDS);
    assertEquals("café & <b>\nBOOT 144\n", out);
    assertEquals(0, p.exitValue());
  }
}
