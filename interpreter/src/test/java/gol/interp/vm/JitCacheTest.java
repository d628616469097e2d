package gol.interp.vm;

import static gol.interp.vm.VmHarness.fn;
import static gol.interp.vm.VmHarness.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The translations kept between runs: a function whose description (code, constants, callees)
 * is unchanged is defined from its stored class file; anything else — another constant, a
 * changed callee, a corrupt or truncated file, another jar — is a miss and is translated again,
 * so the result is always the fresh translation's.
 */
class JitCacheTest {
  private final int mode = Jit.mode();

  @TempDir
  Path dir;

  @AfterEach
  void restore() {
    Jit.setMode(mode);
    Jit.useCache(null);
  }

  private JitCache cache() {
    return new JitCache(dir.toFile(), "test jar 1\n".getBytes(StandardCharsets.UTF_8));
  }

  /** sum(n) = 0 + k + 2k + ... for i < n, then a call of a small leaf callee (inlined) adding c. */
  private static Proto program(long k, long c) {
    Proto add = fn("main.add", 1, 1, 2, cb -> {
      cb.emit(Op.LOADK_L, 1, cb.constL(c));
      cb.emit(Op.ADD_I, 0, 0, 1);
      cb.emit(Op.RET, 0, 1);
    });
    return fn("main.sum", 0, 1, 5, cb -> {
      cb.emit(Op.LOADI, 0, 0); // s
      cb.emit(Op.LOADI, 1, 0); // i
      cb.emit(Op.LOADI, 2, 10); // n
      cb.emit(Op.LOADK_L, 3, cb.constL(k));
      int body = cb.emit(Op.MUL_I, 4, 1, 3);
      cb.emit(Op.ADD_I, 0, 0, 4);
      cb.emit(Op.FORLT, 1, 1, 2, body);
      cb.emit(Op.CALL, cb.constR(add), 0);
      cb.emit(Op.RET, 0, 1);
    });
  }

  private static long result(Proto p) {
    VmHarness.Result r = run(p);
    assertEquals(0, r.status, r.err);
    assertNotNull(p.jit, p.name + " was not compiled");
    return r.g.ls[0];
  }

  private List<Path> entries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(f -> f.toString().endsWith(".jit")).toList();
    }
  }

  @Test
  void anUnchangedFunctionIsTakenFromTheCache() throws IOException {
    Jit.setMode(2);
    Jit.useCache(cache());
    int hits = Jit.cacheHits();
    assertEquals(45 * 3 + 7, result(program(3, 7)));
    assertEquals(hits, Jit.cacheHits());
    assertFalse(entries().isEmpty(), "nothing was stored");
    assertEquals(45 * 3 + 7, result(program(3, 7))); // a new Proto with the same description
    assertTrue(Jit.cacheHits() > hits, "the second run translated again");
  }

  @Test
  void anotherConstantOrCalleeIsAMiss() {
    Jit.setMode(2);
    Jit.useCache(cache());
    assertEquals(45 * 3 + 7, result(program(3, 7)));
    int hits = Jit.cacheHits();
    // the translation writes the constants into the class file: a hit would give the old sum
    assertEquals(45 * 4 + 7, result(program(4, 7)));
    assertEquals(45 * 3 + 8, result(program(3, 8))); // the inlined callee changed
    // the callee itself is a hit the second time, not main.sum
    assertTrue(Jit.cacheHits() - hits <= 1, "a changed function was taken from the cache");
    assertFalse(Arrays.equals(JitCache.describe(program(3, 7)), JitCache.describe(program(3, 8))));
    assertArrayEquals(JitCache.describe(program(3, 7)), JitCache.describe(program(3, 7)));
  }

  @Test
  void aCorruptOrTruncatedEntryIsAMiss() throws IOException {
    Jit.setMode(2);
    Jit.useCache(cache());
    assertEquals(45 * 3 + 7, result(program(3, 7)));
    List<Path> stored = entries();
    for (Path f : stored) { // one byte of each class file changed
      byte[] b = Files.readAllBytes(f);
      b[b.length - 40] ^= 1;
      Files.write(f, b);
    }
    int hits = Jit.cacheHits();
    assertEquals(45 * 3 + 7, result(program(3, 7)));
    assertEquals(hits, Jit.cacheHits(), "a corrupt entry was used");
    for (Path f : entries()) { // rewritten by the translation; now cut short
      byte[] b = Files.readAllBytes(f);
      Files.write(f, Arrays.copyOf(b, b.length - 9));
    }
    assertEquals(45 * 3 + 7, result(program(3, 7)));
    assertEquals(hits, Jit.cacheHits(), "a truncated entry was used");
  }

  @Test
  void anEntryOfAnotherJarIsAMiss() {
    Proto p = program(3, 7);
    byte[] key = JitCache.describe(p);
    byte[] entry = cache().entry(key, new byte[] {1, 2, 3}, "slots");
    JitCache.Entry e = cache().parse(entry, key);
    assertNotNull(e);
    assertArrayEquals(new byte[] {1, 2, 3}, e.classFile());
    assertEquals("slots", e.variant());
    JitCache other = new JitCache(dir.toFile(), "test jar 2\n".getBytes(StandardCharsets.UTF_8));
    assertNull(other.parse(entry, key));
    assertNull(cache().parse(entry, JitCache.describe(program(3, 8))));
    assertNull(cache().parse(new byte[0], key));
  }

  @Test
  void aProgramsMarkerListsItsTranslatedFunctions() throws IOException {
    JitCache c = cache();
    assertEquals(List.of(), c.marker(program(3, 7)).names());
    JitCache.Marker m = c.marker(program(3, 7));
    m.add("main.sum");
    m.add("main.add");
    m.add("main.sum");
    m.add("bad\nname");
    assertEquals(List.of("main.sum", "main.add"), c.marker(program(3, 7)).names());
    assertEquals(List.of(), c.marker(program(3, 8)).names(), "another program's marker");
    for (Path f : Files.list(dir).filter(f -> f.toString().endsWith(".prog")).toList()) { // cut short
      byte[] b = Files.readAllBytes(f);
      Files.write(f, Arrays.copyOf(b, b.length - 1));
    }
    assertEquals(List.of(), c.marker(program(3, 7)).names());
  }

  /** e() = f(5); f(x) = 2 * g(x); g(x) = x + c: a change in g leaves e's description as it was. */
  private static Proto chain(long c) {
    Proto g = fn("main.g", 1, 1, 2, cb -> {
      cb.emit(Op.LOADK_L, 1, cb.constL(c));
      cb.emit(Op.ADD_I, 0, 0, 1);
      cb.emit(Op.RET, 0, 1);
    });
    Proto f = fn("main.f", 1, 1, 2, cb -> {
      cb.emit(Op.CALL, cb.constR(g), 0);
      cb.emit(Op.ADD_I, 0, 0, 0);
      cb.emit(Op.RET, 0, 1);
    });
    return fn("main.e", 0, 1, 2, cb -> {
      cb.emit(Op.LOADI, 0, 5);
      cb.emit(Op.CALL, cb.constR(f), 0);
      cb.emit(Op.RET, 0, 1);
    });
  }

  private static Proto callee(Proto p) {
    for (Object k : p.kr) {
      if (k instanceof Proto q) {
        return q;
      }
    }
    throw new AssertionError(p.name + " calls nothing");
  }

  /**
   * A program run again defines the translations of the functions its earlier run translated
   * as it starts, before they get hot; a function changed since is translated when it gets hot,
   * not taken from the cache.
   */
  @Test
  void aProgramRunAgainStartsWithItsTranslations() {
    JitCache c = cache();
    Jit.useCache(c);
    Jit.setMode(2);
    assertEquals(2 * (5 + 7), result(chain(7))); // translates and stores e, f and g
    JitCache.Marker m = c.marker(chain(7));
    for (String name : List.of("main.e", "main.f", "main.g")) {
      m.add(name);
    }
    Jit.setMode(1);
    int hits = Jit.cacheHits();
    Proto again = chain(7);
    assertTrue(Jit.preload(again), "the marker was not found");
    assertNotNull(again.jit, "main.e was not defined from the cache");
    assertNotNull(callee(again).jit, "main.f was not defined from the cache");
    assertNotNull(callee(callee(again)).jit, "main.g was not defined from the cache");
    assertEquals(hits + 3, Jit.cacheHits());
    assertEquals(2 * (5 + 7), result(again));

    Proto changed = chain(8); // the same marker: e reads f's code, not g's
    assertTrue(Jit.preload(changed), "the marker was not found");
    assertNotNull(changed.jit, "main.e, unchanged, was not defined from the cache");
    assertNull(callee(changed).jit, "main.f, whose callee changed, was taken from the cache");
    assertNull(callee(callee(changed)).jit, "main.g, changed, was taken from the cache");
    Jit.setMode(2);
    assertEquals(2 * (5 + 8), result(changed));
  }

  /** A process that runs several programs (the REPL, the CDS training) lists each one's functions in its own marker. */
  @Test
  void eachProgramOfAProcessHasItsMarker() {
    JitCache c = cache();
    Jit.useCache(c);
    Jit.setMode(2);
    Proto a = program(3, 7);
    Jit.prewarm(a);
    assertEquals(45 * 3 + 7, result(a));
    Proto b = chain(7);
    Jit.prewarm(b);
    assertEquals(2 * (5 + 7), result(b));
    assertEquals(List.of("main.sum", "main.add"), c.marker(program(3, 7)).names());
    assertEquals(List.of("main.e", "main.f", "main.g"), c.marker(chain(7)).names());
  }

  /**
   * A function that runs once (main.main, an init) is outlined whether or not its loops were
   * found hot, so its description is the same before it runs as when it got hot (the next run
   * preloads it); another function's says whether it was loop-hot.
   */
  @Test
  void aRunOnceFunctionIsDescribedAlikeBeforeAndAfterItsLoopsGetHot() {
    Proto main = fn("main.main", 0, 0, 1, cb -> cb.emit(Op.RET, 0, 0));
    byte[] before = JitCache.describe(main);
    main.loopHot = true;
    assertArrayEquals(before, JitCache.describe(main));
    Proto run = fn("main.run", 0, 0, 1, cb -> cb.emit(Op.RET, 0, 0));
    byte[] cold = JitCache.describe(run);
    run.loopHot = true;
    assertFalse(Arrays.equals(cold, JitCache.describe(run)), "loop-hot main.run described as a cold one");
  }

  /**
   * A loop-hot function's translation (its loops outlined) is not preloaded as such: whether a
   * function's loops get hot while it is called at most twice is decided anew in each run.
   */
  @Test
  void aLoopHotFunctionIsNotPreloadedAsLoopHot() {
    JitCache c = cache();
    Jit.useCache(c);
    Jit.setMode(2);
    Proto first = calling(program(3, 7));
    callee(first).loopHot = true;
    Jit.prewarm(first);
    assertEquals(45 * 3 + 7, result(first));
    assertTrue(c.marker(calling(program(3, 7))).names().contains("main.sum"));
    Jit.setMode(1);
    Proto again = calling(program(3, 7));
    assertTrue(Jit.preload(again), "the marker was not found");
    Proto sum = callee(again);
    assertFalse(sum.loopHot);
    assertNull(sum.jit, "main.sum's outlined translation was defined for a function not loop-hot");
    assertNotNull(callee(sum).jit, "main.add, whose translation does not depend on it, was not preloaded");
  }

  /** e() = callee(): an entry whose description does not hold callee's loop-hot flag. */
  private static Proto calling(Proto callee) {
    return fn("main.e", 0, 1, 2, cb -> {
      cb.emit(Op.CALL, cb.constR(callee), 0);
      cb.emit(Op.RET, 0, 1);
    });
  }

  @Test
  void noCacheWithoutAJar() {
    assertNull(JitCache.open(dir, "target/classes", "17"));
    assertNull(JitCache.open(dir, "a.jar" + java.io.File.pathSeparator + "b.jar", "17"));
    assertNull(JitCache.open(dir, dir.resolve("missing.jar").toString(), "17"));
  }
}
