package gol.interp;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * What gol's caches between runs share ({@link PlanCache}'s plans, the JIT's translations, the
 * parser's trees): the stamp of the jar their entries were made by, an entry's framing and hash,
 * and writing an entry so that a reader never sees half of it. Any thread may call these.
 */
public final class CacheFiles {
  private CacheFiles() {
  }

  /**
   * The jar gol's classes come from, as a line: its path, size and modification time, and the
   * JVM's version (an entry made by another build or JVM must not be used); null when the class
   * path is not one jar. A run asks for its own jar's once per cache (plans, trees, translations,
   * programs): that answer is kept, so the jar is looked at once a run.
   */
  public static String jarStamp(String classPath, String javaVersion) {
    boolean own = classPath != null && classPath.equals(System.getProperty("java.class.path"))
        && javaVersion != null && javaVersion.equals(System.getProperty("java.version"));
    if (!own) {
      return readJarStamp(classPath, javaVersion);
    }
    String stamp = ownStamp;
    if (stamp == null) {
      ownStamp = stamp = readJarStamp(classPath, javaVersion);
    }
    return stamp;
  }

  /** This process's own jar's stamp, once read (it is not replaced under a running JVM). */
  private static volatile String ownStamp;

  private static String readJarStamp(String classPath, String javaVersion) {
    if (classPath == null || classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar")) {
      return null;
    }
    File jar = new File(normalize(new File(classPath).getAbsolutePath()));
    long size = jar.length();
    long mtime = jar.lastModified();
    if (size == 0 || mtime == 0) {
      return null;
    }
    return jar.getPath() + " " + size + " " + mtime + " java " + javaVersion + "\n";
  }

  /**
   * {@code path} (absolute) without "." and ".." segments, as {@code Path.normalize} would give it:
   * java.io's, since java.nio's first use costs a short run several milliseconds (below).
   */
  static String normalize(String path) {
    java.util.ArrayDeque<String> kept = new java.util.ArrayDeque<>();
    for (String seg : path.split("/")) {
      if (seg.isEmpty() || seg.equals(".")) {
        continue;
      }
      if (seg.equals("..")) {
        kept.pollLast();
      } else {
        kept.addLast(seg);
      }
    }
    return "/" + String.join("/", kept);
  }

  /**
   * The bytes of file {@code f}, or null when it cannot be read (missing, a directory,
   * unreadable). java.io rather than java.nio's Files: a hello world's run reads its program and
   * a cache entry or two and nothing else, and java.nio's first use (its file system provider,
   * libnio, the channel classes) costs ~5 ms of the main thread's start-up here, where
   * FileInputStream is ready when the JVM is.
   */
  public static byte[] read(File f) {
    try (java.io.FileInputStream in = new java.io.FileInputStream(f)) {
      return in.readAllBytes();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The file whose presence says that runs of the program at {@code mainPath} left translations
   * in the JIT tier's cache (the {@code gol.jitcache} directory; null without one): gol run's
   * warm-up thread then readies java.lang.invoke for the tier's first translation, which loads
   * them a few milliseconds into the run. Only a hint: named for the path, whatever the program
   * holds now.
   */
  public static File jitHint(String mainPath) {
    String dir = System.getProperty("gol.jitcache");
    if (dir == null || dir.isEmpty() || mainPath == null) {
      return null;
    }
    return new File(dir, "hint-" + Integer.toHexString(new File(mainPath).getAbsolutePath().hashCode()));
  }

  /**
   * A cache entry: a head of {@code magic}, then {@code stamp} and {@code key} each after its
   * length, then {@code body}, then a hash of all of that ({@link #hash}), so that an entry made
   * by another jar or for another key, or a damaged one, is told from a hit by {@link #body}.
   */
  public static byte[] entry(byte[] magic, byte[] stamp, byte[] key, byte[] body) {
    ByteBuffer b = ByteBuffer.allocate(magic.length + 4 + stamp.length + 4 + key.length + body.length + 8);
    b.put(magic).putInt(stamp.length).put(stamp).putInt(key.length).put(key).put(body);
    b.putLong(hash(b.array(), 0, b.position()));
    return b.array();
  }

  /**
   * Where the body starts in {@code data} if it is an {@link #entry} for exactly this magic,
   * stamp and key whose hash holds; -1 otherwise. The body ends 8 bytes before the data's end.
   */
  public static int body(byte[] data, byte[] magic, byte[] stamp, byte[] key) {
    int start = magic.length + 4 + stamp.length + 4 + key.length;
    if (data == null || data.length < start + 8) {
      return -1;
    }
    ByteBuffer b = ByteBuffer.wrap(data);
    if (!Arrays.equals(data, 0, magic.length, magic, 0, magic.length)
        || b.getInt(magic.length) != stamp.length
        || !Arrays.equals(data, magic.length + 4, magic.length + 4 + stamp.length, stamp, 0, stamp.length)
        || b.getInt(start - key.length - 4) != key.length
        || !Arrays.equals(data, start - key.length, start, key, 0, key.length)
        || b.getLong(data.length - 8) != hash(data, 0, data.length - 8)) {
      return -1;
    }
    return start;
  }

  /**
   * A 64-bit hash of b[from, to): CRC-32C and CRC-32 side by side. Both run as the JDK's
   * intrinsics, where a byte loop of gol's own would run in HotSpot's interpreter at start-up
   * (a standard package's text is tens of kilobytes, a class file several).
   */
  public static long hash(byte[] b, int from, int to) {
    CRC32C c = new CRC32C();
    c.update(b, from, to - from);
    CRC32 d = new CRC32();
    d.update(b, from, to - from);
    return c.getValue() << 32 | d.getValue();
  }

  /**
   * Temporary files' names: a random number of this process and a count. Not createTempFile,
   * which seeds a SecureRandom, nor the process id, whose ProcessHandle starts a thread pool
   * (4 ms of cold code); two processes drawing the same number could at worst garble an entry,
   * which its reader then rejects.
   */
  private static final String TMP = "." + Long.toHexString(new java.util.Random().nextLong()) + ".";
  private static final AtomicInteger TMPS = new AtomicInteger();

  /**
   * Writes {@code data} to {@code target} in an existing directory through a temporary file renamed
   * into place; a failure (an unwritable or full directory) leaves no entry and is not reported.
   * The directory is then kept under its size ({@link CachePruner}).
   */
  public static void writeAtomically(File target, byte[] data) {
    writeAtomically(target.toPath(), data);
  }

  /** As above. */
  public static void writeAtomically(Path target, byte[] data) {
    Path tmp = null;
    try {
      tmp = target.resolveSibling(target.getFileName() + TMP + TMPS.getAndIncrement() + ".tmp");
      Files.write(tmp, data);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      tmp = null;
      CachePruner.afterWrite(target.getParent());
    } catch (IOException | RuntimeException e) {
      // no cache entry this time
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException | RuntimeException e) {
          // left for rm -rf .gol-cache
        }
      }
    }
  }
}
