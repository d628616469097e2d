package gol.interp;

import gol.interp.compile.Program;
import gol.interp.vm.ProgramCodec;
import gol.runtime.Debug;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compiled programs kept between runs of gol run and gol test, beside {@link PlanCache}'s plans (the
 * {@code progs} directory next to the one the {@code gol.cache} property names). A hit skips
 * planning, parsing, checking and compiling — cold code on every start, 25-40 ms of a small
 * script's — and runs the program {@link ProgramCodec} decodes.
 *
 * <p>A program's file has one entry, named by its path as given, the working directory (they
 * name the file in tracebacks) and GOLDEBUG (it switches compiler passes). The entry is keyed by
 * those and the file's text in full, and stamped with gol's jar and the JVM's version; it holds
 * stamp and key in full and a hash of itself ({@link CacheFiles#entry}), so an edited file,
 * another build or damage is a miss, never a wrong program. Only programs that compile without errors are stored, and only those the codec can write
 * (see ProgramCodec: not the few compiler checks that are still lambdas); a program that cannot be
 * is compiled each run, as without the cache. GOLDEBUG=progcache=0 turns the cache off;
 * progcache=2 sends every program gol run compiles through the codec in memory (the test suite
 * runs so), cache or not.
 */
public final class ProgramCache {
  private static final byte[] MAGIC = "gol program cache 2\n".getBytes(StandardCharsets.UTF_8);

  private final File dir;
  private final byte[] stamp;

  private ProgramCache(File dir, byte[] stamp) {
    this.dir = dir;
    this.stamp = stamp;
  }

  /** A mode set by the tests (ProgramCacheSuiteTest), or -1: GOLDEBUG's. */
  private static volatile int forcedMode = -1;

  /** The mode GOLDEBUG's progcache sets: 0 off, 1 on (the default), 2 round-trip in memory. */
  public static int mode() {
    int m = forcedMode;
    return m >= 0 ? m : Debug.value("progcache", 1);
  }

  /** Sets the mode for this process (-1: GOLDEBUG's again), for the tests. */
  public static void setMode(int mode) {
    forcedMode = mode;
  }

  /** The cache beside the plans' directory (the gol.cache property), or null without one or a jar. */
  public static ProgramCache open() {
    String d = System.getProperty("gol.cache");
    if (d == null || d.isEmpty() || mode() == 0) {
      return null;
    }
    String jar = CacheFiles.jarStamp(System.getProperty("java.class.path"), System.getProperty("java.version"));
    return jar == null ? null : open(new File(new File(d).getAbsoluteFile().getParentFile(), "progs"), jar);
  }

  /** The cache in {@code dir} for entries stamped {@code stamp} (gol's jar and JVM). */
  public static ProgramCache open(Path dir, String stamp) {
    return open(dir.toFile(), stamp);
  }

  /** As above (java.io: see {@link CacheFiles#read}). */
  static ProgramCache open(File dir, String stamp) {
    return new ProgramCache(dir, stamp.getBytes(StandardCharsets.UTF_8));
  }

  /** Whether a program is stored for this file (its entry read, not decoded). */
  public boolean has(String path, String source) {
    return CacheFiles.body(CacheFiles.read(file(path)), MAGIC, stamp, key(path, source)) >= 0;
  }

  /** The program stored for this file, or null. */
  public Program load(String path, String source) {
    byte[] key = key(path, source);
    byte[] data = CacheFiles.read(file(path));
    int body = CacheFiles.body(data, MAGIC, stamp, key);
    return body < 0 ? null : ProgramCodec.decode(data, body, data.length - 8);
  }

  /**
   * Stores {@code program}, compiled from this file, if the codec can write it; {@code reflects}:
   * it loads package reflect, so its whole type universe is written.
   */
  public void store(String path, String source, Program program, boolean reflects) {
    byte[] body = ProgramCodec.encode(program, reflects ? program.typesForCache() : java.util.List.of());
    if (body == null) {
      return;
    }
    byte[] key = key(path, source);
    try {
      Files.createDirectories(dir.toPath());
    } catch (IOException | RuntimeException e) {
      return;
    }
    CacheFiles.writeAtomically(file(path), CacheFiles.entry(MAGIC, stamp, key, body));
  }

  /** {@code program} written and read back by the codec (GOLDEBUG=progcache=2), or itself if it cannot be written. */
  public static Program roundTrip(Program program, boolean reflects) {
    byte[] body = ProgramCodec.encode(program, reflects ? program.typesForCache() : java.util.List.of());
    if (body == null) {
      return program;
    }
    Program back = ProgramCodec.decode(body, 0, body.length);
    // what was read must write the same bytes again: a field read but not written, or written
    // in another order, shows here, before the program runs
    if (back == null || !java.util.Arrays.equals(body, ProgramCodec.encode(back, ProgramCodec.decodedTypes(back)))) {
      throw new IllegalStateException("gol: the program cache does not read back what it wrote");
    }
    return back;
  }

  /** What names a program's one entry: its path as given, the working directory and GOLDEBUG. */
  private static String id(String path) {
    String debug = System.getenv("GOLDEBUG");
    return path + "\n" + System.getProperty("user.dir") + "\n" + (debug == null ? "" : debug) + "\n";
  }

  private static byte[] key(String path, String source) {
    return (id(path) + source).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The program's entry: named by a hash of the stamp and its {@link #id}, so that a changed file
   * replaces its entry rather than adding one.
   */
  private File file(String path) {
    byte[] id = id(path).getBytes(StandardCharsets.UTF_8);
    long h = CacheFiles.hash(id, 0, id.length) ^ CacheFiles.hash(stamp, 0, stamp.length) * 31;
    return new File(dir, Long.toHexString(h) + ".prog");
  }
}
