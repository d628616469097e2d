package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hello world's start-up links no lambda or method reference (issue 14): the first one a JVM
 * links costs several milliseconds (the java.lang.invoke machinery, run cold), each further one
 * about half a millisecond even from the CDS archive, and some (Comparator.comparing's) are
 * generated afresh on every run. The CLI runs as a subprocess with the JVM's class-loading log;
 * no class it loads may be a lambda's or a method handle's generated class, and gol's code may not
 * load java.lang.invoke at all.
 */
class StartupClassesTest {
  @Test
  void helloLinksNoLambda(@TempDir Path dir) throws Exception {
    Path prog = dir.resolve("hello.gol");
    Files.writeString(prog, "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello, world\")\n}\n");
    Path log = dir.resolve("classes.txt");
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "run", prog.toString());
    // jit=0: on a slow machine the JIT tier's warm-up (which links lambdas of the translator)
    // may start before the program ends; it runs on its own thread, off the start-up path
    pb.environment().put("GOLDEBUG", "jit=0");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(readAll(p.getInputStream()), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "gol run hello.gol did not end");
    assertEquals("hello, world\n", out);
    assertEquals(0, p.exitValue());
    List<String> generated = new ArrayList<>();
    List<String> invoke = new ArrayList<>();
    boolean afterMain = false;
    for (String line : Files.readAllLines(log)) {
      if (line.contains("$$Lambda") || line.contains("LambdaForm$")) {
        generated.add(line);
      }
      afterMain |= line.contains(" gol.interp.cli.Main ");
      if (afterMain && line.contains(" java.lang.invoke.")) {
        invoke.add(line);
      }
    }
    assertEquals(List.of(), generated, "classes generated for lambdas on hello's start-up path");
    // nor a VarHandle (on JDK 17 an AtomicBoolean or AtomicReference makes one as it loads): any
    // java.lang.invoke class gol's code causes to load (other JDKs' own code may load some)
    if (Runtime.version().feature() == 17) {
      assertEquals(List.of(), invoke, "java.lang.invoke classes loaded for gol's code");
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    return in.readAllBytes();
  }
}
