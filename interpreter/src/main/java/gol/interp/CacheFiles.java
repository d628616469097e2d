package gol.interp;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What gol's caches between runs share ({@link PlanCache}'s plans, the JIT's translations): the
 * stamp of the jar their entries were made by, and writing an entry so that a reader never sees
 * half of it. Any thread may call these.
 */
public final class CacheFiles {
  private CacheFiles() {
  }

  /**
   * The jar gol's classes come from, as a line: its path, size and modification time, and the
   * JVM's version (an entry made by another build or JVM must not be used); null when the class
   * path is not one jar.
   */
  public static String jarStamp(String classPath, String javaVersion) {
    if (classPath == null || classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar")) {
      return null;
    }
    File jar = new File(classPath).getAbsoluteFile().toPath().normalize().toFile();
    long size = jar.length();
    long mtime = jar.lastModified();
    if (size == 0 || mtime == 0) {
      return null;
    }
    return jar.getPath() + " " + size + " " + mtime + " java " + javaVersion + "\n";
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
   */
  public static void writeAtomically(Path target, byte[] data) {
    Path tmp = null;
    try {
      tmp = target.resolveSibling(target.getFileName() + TMP + TMPS.getAndIncrement() + ".tmp");
      Files.write(tmp, data);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      tmp = null;
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
