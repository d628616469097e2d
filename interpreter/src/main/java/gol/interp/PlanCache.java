package gol.interp;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link Deadcode}'s plans kept between runs, in the directory the {@code gol.cache} property
 * names ({@code ./gol} passes its {@code .gol-cache/plans}). A hit saves a start-up the plan
 * itself and, since the plan holds the pruned texts, opening gol's jar to read the standard
 * sources (the JVM reading its ~1,900-entry directory in cold code): a hello world's whole plan
 * phase.
 *
 * <p>A plan is a function of the main file's {@link Deadcode.Roots} and the standard sources, so
 * an entry is found by the roots' key and stamped with what the sources come from: gol's jar
 * (path, size and modification time) and the JVM's version. The file holds its stamp and key in
 * full, and any difference, or a file that does not end as written, is a miss. Entries are
 * written to a temporary file and renamed into place, so a process that starts while another
 * writes sees the old entry, the new one or none. Without the property, when the classes do not
 * come from a jar (the build's tests), or when the directory cannot be read or written, there is
 * no cache and nothing is reported: it only ever costs a plan.
 */
final class PlanCache {
  private static final String MAGIC = "gol plan cache 1";
  private static final String END = "end\n";

  private final File dir;
  private final String stamp;

  private PlanCache(File dir, String stamp) {
    this.dir = dir;
    this.stamp = stamp;
  }

  /** The cache the {@code gol.cache} property names, or null when there is none. */
  static PlanCache open() {
    String d = System.getProperty("gol.cache");
    if (d == null || d.isEmpty()) {
      return null;
    }
    return open(new File(d), System.getProperty("java.class.path"), System.getProperty("java.version"));
  }

  /**
   * The cache in {@code dir} for gol's classes loaded from {@code classPath} by a JVM of version
   * {@code javaVersion}; null if the class path is not one jar.
   */
  static PlanCache open(Path dir, String classPath, String javaVersion) {
    return open(dir.toFile(), classPath, javaVersion);
  }

  /** As above (java.io: see {@link CacheFiles#read}). */
  static PlanCache open(File dir, String classPath, String javaVersion) {
    String jar = CacheFiles.jarStamp(classPath, javaVersion);
    return jar == null ? null : new PlanCache(dir, MAGIC + "\n" + jar);
  }

  /** The plan stored for {@code roots}, or null. */
  Deadcode.Result load(Deadcode.Roots roots) {
    String key = roots.key();
    byte[] bytes = CacheFiles.read(file(key));
    if (bytes == null) {
      return null;
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    String head = stamp + key;
    if (!text.startsWith(head) || !text.endsWith(END)) {
      return null;
    }
    // then, per package: its import path, a line; its text's length in chars, a line; the text
    Map<String, String> sources = new LinkedHashMap<>();
    int at = head.length();
    int end = text.length() - END.length();
    try {
      while (at < end) {
        int nl = text.indexOf('\n', at);
        String path = text.substring(at, nl);
        int nl2 = text.indexOf('\n', nl + 1);
        int n = Integer.parseInt(text, nl + 1, nl2, 10);
        at = nl2 + 1 + n;
        if (n < 0 || at > end) {
          return null;
        }
        sources.put(path, text.substring(nl2 + 1, at));
      }
    } catch (RuntimeException e) {
      return null;
    }
    return at == end ? new Deadcode.Result(sources, new HashSet<>(roots.imports), roots.script) : null;
  }

  /** Stores {@code plan} for {@code roots}; failures are ignored (the next run plans again). */
  void store(Deadcode.Roots roots, Deadcode.Result plan) {
    String key = roots.key();
    StringBuilder b = new StringBuilder(stamp).append(key);
    for (Map.Entry<String, String> e : plan.sources.entrySet()) {
      b.append(e.getKey()).append('\n').append(e.getValue().length()).append('\n').append(e.getValue());
    }
    b.append(END);
    try {
      Files.createDirectories(dir.toPath());
    } catch (IOException | RuntimeException e) {
      return; // an unwritable cache directory: no cache
    }
    CacheFiles.writeAtomically(file(key), b.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** The entry for {@code key}: named by a 64-bit FNV-1a hash of the stamp and key. */
  private File file(String key) {
    long h = 0xcbf29ce484222325L;
    for (String s : new String[] {stamp, key}) {
      for (int i = 0; i < s.length(); i++) {
        h = (h ^ s.charAt(i)) * 0x100000001b3L;
      }
    }
    return new File(dir, Long.toHexString(h) + ".plan");
  }
}
