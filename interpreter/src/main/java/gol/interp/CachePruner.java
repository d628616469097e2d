package gol.interp;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps each of gol's cache directories (plans, trees, translations, programs) under a size:
 * every script ever run adds entries, and a checkout that ran the test suite with the JIT
 * forced held 18,000 translations (128 MB). After a write, a directory not looked at for an
 * hour is pruned: the oldest-written entries go until it holds {@link #LIMIT}'s three quarters.
 * An entry pruned while still in use is written again by its next run (a miss, never a wrong
 * answer: entries are whole files, and a reader that finds none compiles).
 *
 * <p>Threads: {@link #afterWrite} runs on the writer's thread and only reads and sets the
 * directory's marker file (beside it: {@code .pruned-progs} for {@code progs}, its modification
 * time says when it was last pruned); the pruning itself runs on a daemon thread of minimum priority, at most once per
 * directory per process ({@link #started}). Two processes pruning at once delete the same
 * oldest files; deleting one already gone is not an error.
 */
final class CachePruner {
  private CachePruner() {
  }

  /** The most one directory keeps, in bytes. */
  static final long LIMIT = 64L << 20;

  /** How often a directory is looked at, at most. */
  private static final long PERIOD_MS = 60 * 60 * 1000;

  /** A temporary file this old was left by a writer that died. */
  private static final long STALE_TMP_MS = 60 * 60 * 1000;

  /** The directories this process has pruned or decided not to. */
  private static final Set<Path> started = ConcurrentHashMap.newKeySet();

  /** Called after an entry was written into {@code dir}: prunes it in the background if it is due. */
  static void afterWrite(Path dir) {
    if (dir == null || dir.getFileName() == null || !started.add(dir)) {
      return;
    }
    Path marker = dir.resolveSibling(".pruned-" + dir.getFileName());
    long now = System.currentTimeMillis();
    try {
      if (Files.exists(marker)) {
        if (now - Files.getLastModifiedTime(marker).toMillis() < PERIOD_MS) {
          return;
        }
        Files.setLastModifiedTime(marker, FileTime.fromMillis(now));
      } else {
        Files.write(marker, new byte[0]);
      }
    } catch (IOException | RuntimeException e) {
      return;
    }
    Thread t = new Thread(() -> prune(dir, LIMIT, now), "gol-cache-prune");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  /**
   * Deletes {@code dir}'s oldest entries until it holds at most three quarters of {@code limit}
   * bytes, if it holds more than {@code limit}; and temporary files older than an hour. Returns
   * how many files were deleted.
   */
  static int prune(Path dir, long limit, long now) {
    record Entry(Path path, long size, long written) {
    }
    List<Entry> entries = new ArrayList<>();
    long total = 0;
    int deleted = 0;
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path p : s) {
        String name = p.getFileName().toString();
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
          continue;
        }
        long written = a.lastModifiedTime().toMillis();
        if (name.endsWith(".tmp")) {
          if (now - written > STALE_TMP_MS && delete(p)) {
            deleted++;
          }
          continue;
        }
        entries.add(new Entry(p, a.size(), written));
        total += a.size();
      }
    } catch (IOException | RuntimeException e) {
      return deleted;
    }
    if (total <= limit) {
      return deleted;
    }
    entries.sort(Comparator.comparingLong(Entry::written));
    for (Entry e : entries) {
      if (total <= limit / 4 * 3) {
        break;
      }
      if (delete(e.path())) {
        deleted++;
      }
      total -= e.size();
    }
    return deleted;
  }

  private static boolean delete(Path p) {
    try {
      return Files.deleteIfExists(p);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
