package gol.interp.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ./gol on a JAVA_HOME of JDK 23 or later allows sun.misc.Unsafe's memory access, which those
 * JDKs would otherwise report on the program's stderr; on JDK 17 the flag would stop the JVM.
 * The launcher runs with a stand-in JDK whose java prints its arguments.
 */
class LauncherJavaHomeTest {
  private static String javaArgs(Path dir, String version) throws Exception {
    Path home = dir.resolve("jdk-" + version);
    Files.createDirectories(home.resolve("bin"));
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
    Path java = home.resolve("bin/java");
    Files.writeString(java, "#!/usr/bin/env bash\necho \"$@\"\n");
    assertTrue(java.toFile().setExecutable(true));
    Path launcher = Path.of("..", "gol").toAbsolutePath().normalize();
    assertTrue(Files.isRegularFile(launcher), "the launcher beside the modules: " + launcher);
    ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "version");
    pb.environment().put("JAVA_HOME", home.toString());
    pb.environment().put("GOL_NO_BUILD", "1");
    pb.environment().put("GOL_NO_CDS", "1");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not end");
    assertTrue(out.contains("gol.interp.cli.Main version"), out);
    return out;
  }

  @Test
  void jdk25AllowsUnsafeMemoryAccess(@TempDir Path dir) throws Exception {
    assertTrue(javaArgs(dir, "25.0.3").contains("--sun-misc-unsafe-memory-access=allow"));
  }

  @Test
  void jdk17IsNotGivenTheFlag(@TempDir Path dir) throws Exception {
    assertFalse(javaArgs(dir, "17.0.15").contains("--sun-misc-unsafe-memory-access"));
  }
}
