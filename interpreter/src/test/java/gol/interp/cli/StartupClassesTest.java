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
    List<String> generated = new ArrayList<>();
    List<String> invoke = new ArrayList<>();
    boolean afterMain = false;
    for (String line : runHello(dir, System.getProperty("java.class.path"), List.of())) {
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

  /**
   * Nor does a run that finds its compiled program in the cache start java.nio's file system or
   * file channels (~5 ms of the main thread's start-up, see gol.interp.CacheFiles.read). gol keeps
   * caches only when its classes come from one jar: here a jar whose manifest lists the test's
   * class path.
   */
  @Test
  void cachedHelloReadsFilesWithoutNio(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("gol.jar");
    java.util.jar.Manifest mf = new java.util.jar.Manifest();
    mf.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
    StringBuilder cp = new StringBuilder();
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      cp.append(cp.length() > 0 ? " " : "").append(Path.of(e).toAbsolutePath().toUri());
    }
    mf.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH, cp.toString());
    try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), mf)) {
      // the manifest alone
    }
    Path caches = Files.createDirectories(dir.resolve("cache"));
    List<String> opts = List.of("-Dgol.cache=" + caches.resolve("plans"), "-Dgol.astcache=" + caches.resolve("ast"),
        "-Dgol.jitcache=" + caches.resolve("jit"));
    runHello(dir, jar.toString(), opts);
    assertTrue(Files.isDirectory(caches.resolve("progs")), "the first run stored the program");
    List<String> nio = new ArrayList<>();
    for (String line : runHello(dir, jar.toString(), opts)) {
      if (line.contains(" java.nio.file.FileSystems ") || line.contains(" sun.nio.ch.FileChannelImpl ")) {
        nio.add(line);
      }
    }
    assertEquals(List.of(), nio, "java.nio file classes loaded by a cached hello world's run");
  }

  /**
   * The class-loading log of {@code gol run hello.gol} in {@code dir}, run with class path
   * {@code classPath} and the JVM options {@code opts}.
   */
  private static List<String> runHello(Path dir, String classPath, List<String> opts) throws Exception {
    Path prog = dir.resolve("hello.gol");
    Files.writeString(prog, "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello, world\")\n}\n");
    Path log = dir.resolve("classes.txt");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xlog:class+load=info:file=" + log);
    cmd.addAll(opts);
    cmd.addAll(List.of("-cp", classPath, Main.class.getName(), "run", prog.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    // jit=0: on a slow machine the JIT tier's warm-up (which links lambdas of the translator)
    // may start before the program ends; it runs on its own thread, off the start-up path
    pb.environment().put("GOLDEBUG", "jit=0");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(readAll(p.getInputStream()), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "gol run hello.gol did not end");
    assertEquals("hello, world\n", out);
    assertEquals(0, p.exitValue());
    return Files.readAllLines(log);
  }

  private static byte[] readAll(InputStream in) throws IOException {
    return in.readAllBytes();
  }
}
