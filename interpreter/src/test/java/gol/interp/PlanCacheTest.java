package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.diag.Diagnostics;
import gol.stdlib.Stdlib;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plans kept between runs: a hit gives back exactly what was stored, and anything the plan
 * depends on — the main file's roots, gol's jar, the JVM — makes a miss, as does a damaged
 * entry; a cache that cannot be written is no cache, and concurrent writers leave a whole entry.
 */
class PlanCacheTest {
  private static final String HELLO = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n";

  private static Path jar(Path dir) throws Exception {
    Path jar = dir.resolve("gol.jar");
    Files.writeString(jar, "not really a jar: only its size and time are read");
    return jar;
  }

  private static Deadcode.Roots roots(String main) {
    return Deadcode.roots(main, null, false);
  }

  private static Deadcode.Result plan(Deadcode.Roots r) {
    return Deadcode.plan(r, new StdSourceOf(), new Identity());
  }

  private static final class StdSourceOf implements java.util.function.Function<String, String> {
    @Override
    public String apply(String path) {
      return Stdlib.source(path);
    }
  }

  private static final class Identity implements java.util.function.Function<String, String> {
    @Override
    public String apply(String name) {
      return name;
    }
  }

  @Test
  void hitGivesBackWhatWasStored(@TempDir Path dir) throws Exception {
    Path jar = jar(dir);
    PlanCache c = PlanCache.open(dir.resolve("plans"), jar.toString(), "17.0.15");
    assertNotNull(c);
    Deadcode.Roots r = roots(HELLO);
    assertNull(c.load(r), "an empty cache misses");
    Deadcode.Result p = plan(r);
    c.store(r, p);
    Deadcode.Result q = PlanCache.open(dir.resolve("plans"), jar.toString(), "17.0.15").load(r);
    assertNotNull(q);
    assertEquals(new ArrayList<>(p.sources.entrySet()), new ArrayList<>(q.sources.entrySet()),
        "the same texts in the same order");
    assertTrue(q.madeFor(List.of("fmt"), false));
    assertFalse(q.madeFor(List.of("fmt"), true));
  }

  @Test
  void otherRootsMiss(@TempDir Path dir) throws Exception {
    PlanCache c = PlanCache.open(dir, jar(dir).toString(), "17");
    Deadcode.Roots r = roots(HELLO);
    c.store(r, plan(r));
    assertNull(c.load(roots(HELLO.replace("Println(\"hi\")", "Print(\"hi\")"))), "another name");
    assertNull(c.load(roots(HELLO.replace("package main\n", "// script\n"))), "script mode");
    assertNull(c.load(roots(HELLO.replace("\"fmt\"", "(\n\t\"fmt\"\n\t\"os\"\n)"))), "another import");
    assertNull(c.load(roots(HELLO.replace("fmt.Println(\"hi\")", "fmt.Println(\"hi\")\n\t_ = x.MethodByName(\"F\")"))),
        "reflect's method lookups keep every exported method");
    assertNotNull(c.load(roots(HELLO.replace("\"hi\"", "\"other text\""))), "only names count");
  }

  @Test
  void changedJarOrJavaMisses(@TempDir Path dir) throws Exception {
    Path jar = jar(dir);
    Path plans = dir.resolve("plans");
    Deadcode.Roots r = roots(HELLO);
    PlanCache.open(plans, jar.toString(), "17.0.15").store(r, plan(r));
    assertNotNull(PlanCache.open(plans, jar.toString(), "17.0.15").load(r));
    assertNull(PlanCache.open(plans, jar.toString(), "21.0.2").load(r), "another JVM");
    long t = Files.getLastModifiedTime(jar).toMillis();
    assertTrue(jar.toFile().setLastModified(t + 2000));
    assertNull(PlanCache.open(plans, jar.toString(), "17.0.15").load(r), "a rebuilt jar");
    assertTrue(jar.toFile().setLastModified(t));
    assertNotNull(PlanCache.open(plans, jar.toString(), "17.0.15").load(r));
    Files.writeString(jar, "a jar of another size");
    assertTrue(jar.toFile().setLastModified(t));
    assertNull(PlanCache.open(plans, jar.toString(), "17.0.15").load(r), "same time, another size");
    Path moved = Files.copy(jar, dir.resolve("other.jar"));
    assertTrue(moved.toFile().setLastModified(t));
    assertNull(PlanCache.open(plans, moved.toString(), "17.0.15").load(r), "another jar");
  }

  @Test
  void onlyOneJarOnTheClassPath(@TempDir Path dir) throws Exception {
    String jar = jar(dir).toString();
    assertNull(PlanCache.open(dir, dir.resolve("classes").toString(), "17"));
    assertNull(PlanCache.open(dir, jar + java.io.File.pathSeparator + jar, "17"));
    assertNull(PlanCache.open(dir, dir.resolve("missing.jar").toString(), "17"));
    assertNull(PlanCache.open(dir, null, "17"));
  }

  @Test
  void damagedEntriesMiss(@TempDir Path dir) throws Exception {
    PlanCache c = PlanCache.open(dir.resolve("plans"), jar(dir).toString(), "17");
    Deadcode.Roots r = roots(HELLO);
    c.store(r, plan(r));
    Path entry;
    try (Stream<Path> s = Files.list(dir.resolve("plans"))) {
      entry = s.findFirst().orElseThrow();
    }
    String whole = Files.readString(entry);
    for (int cut : new int[] {whole.length() - 1, whole.length() - 5, whole.length() / 2, 10, 0}) {
      Files.writeString(entry, whole.substring(0, cut));
      assertNull(c.load(r), "cut at " + cut);
    }
    // a length that does not match the text, with the end marker in place
    Files.writeString(entry, whole.replaceFirst("\n(\\d+)\n", "\n99$1\n"));
    assertNull(c.load(r), "a wrong length");
    Files.writeString(entry, whole.replaceFirst("\n(\\d+)\n", "\nx\n"));
    assertNull(c.load(r), "no length");
    Files.writeString(entry, whole);
    assertNotNull(c.load(r), "whole again");
  }

  @Test
  void unwritableCacheIsNoCache(@TempDir Path dir) throws Exception {
    Path notADir = dir.resolve("plans");
    Files.writeString(notADir, "a file where the directory should be");
    PlanCache c = PlanCache.open(notADir.resolve("sub"), jar(dir).toString(), "17");
    Deadcode.Roots r = roots(HELLO);
    c.store(r, plan(r)); // nothing thrown, nothing reported
    assertNull(c.load(r));
    // and a program still compiles through it
    Diagnostics diags = new Diagnostics();
    assertTrue(new Loader(diags, true, c).loadMain("hello.gol", HELLO), diags.report());
  }

  @Test
  void concurrentWritersLeaveOneWholeEntry(@TempDir Path dir) throws Exception {
    Path jar = jar(dir);
    Path plans = dir.resolve("plans");
    Deadcode.Roots r = roots(HELLO);
    Deadcode.Result p = plan(r);
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      Thread t = new Thread(() -> {
        try {
          go.await();
          PlanCache c = PlanCache.open(plans, jar.toString(), "17");
          for (int k = 0; k < 20; k++) {
            c.store(r, p);
            Deadcode.Result q = c.load(r);
            if (q != null) { // a reader sees a whole entry or none
              assertEquals(p.sources, q.sources);
            }
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      threads.add(t);
      t.start();
    }
    go.countDown();
    for (Thread t : threads) {
      t.join();
    }
    try (Stream<Path> s = Files.list(plans)) {
      List<Path> left = s.toList();
      assertEquals(1, left.size(), "no temporary files left: " + left);
    }
    assertEquals(p.sources, PlanCache.open(plans, jar.toString(), "17").load(r).sources);
  }

  @Test
  void loaderUsesAHit(@TempDir Path dir) throws Exception {
    PlanCache c = PlanCache.open(dir, jar(dir).toString(), "17");
    Diagnostics diags = new Diagnostics();
    assertTrue(new Loader(diags, true, c).loadMain("hello.gol", HELLO), diags.report());
    Deadcode.Roots r = roots(HELLO);
    assertEquals(plan(r).sources, c.load(r).sources, "a miss stores the plan it made");
    // an entry whose fmt lacks Println: the loader takes it as it is
    Map<String, String> planted = new LinkedHashMap<>(plan(r).sources);
    planted.put("fmt", "package fmt\n\nfunc Print(a ...any) {}\n");
    c.store(r, new Deadcode.Result(planted, new java.util.HashSet<>(r.imports), false));
    diags = new Diagnostics();
    assertFalse(new Loader(diags, true, c).loadMain("hello.gol", HELLO));
    assertTrue(diags.report().contains("undefined: fmt.Println"), diags.report());
    // without the cache the same program compiles
    diags = new Diagnostics();
    assertTrue(new Loader(diags, true, null).loadMain("hello.gol", HELLO), diags.report());
  }
}
