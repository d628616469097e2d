package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The caches' directories are kept under a size, oldest entries first. */
class CachePrunerTest {
  private static final long NOW = 1_800_000_000_000L;
  private static final long MINUTE = 60_000;

  private static Path entry(Path dir, String name, int size, long ageMinutes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, new byte[size]);
    Files.setLastModifiedTime(p, FileTime.fromMillis(NOW - ageMinutes * MINUTE));
    return p;
  }

  @Test
  void aDirectoryOverItsLimitLosesItsOldestEntriesDownToThreeQuarters(@TempDir Path dir) throws IOException {
    Path oldest = entry(dir, "a.prog", 400, 50);
    Path older = entry(dir, "b.prog", 300, 40);
    Path newer = entry(dir, "c.prog", 200, 30);
    Path newest = entry(dir, "d.prog", 100, 20);
    // 1,000 bytes against a limit of 700: down to 525 or less, oldest first
    assertEquals(2, CachePruner.prune(dir, 700, NOW));
    assertFalse(Files.exists(oldest));
    assertFalse(Files.exists(older));
    assertTrue(Files.exists(newer));
    assertTrue(Files.exists(newest));
  }

  @Test
  void aDirectoryUnderItsLimitKeepsEverythingButStaleTemporaryFiles(@TempDir Path dir) throws IOException {
    Path kept = entry(dir, "a.jit", 500, 600);
    Path fresh = entry(dir, "a.jit.1234.0.tmp", 10, 5);
    Path stale = entry(dir, "b.jit.1234.1.tmp", 10, 120);
    assertEquals(1, CachePruner.prune(dir, 800, NOW));
    assertTrue(Files.exists(kept));
    assertTrue(Files.exists(fresh), "a writer may still be renaming it");
    assertFalse(Files.exists(stale));
  }

  @Test
  void aWriteMarksTheDirectorySoItIsLookedAtOnceAnHour(@TempDir Path dir) throws IOException {
    Path sub = Files.createDirectory(dir.resolve("progs"));
    CacheFiles.writeAtomically(sub.resolve("x.prog"), new byte[] {1});
    assertTrue(Files.exists(dir.resolve(".pruned-progs")));
    assertEquals(1, sub.toFile().list().length, "nothing but the entry in the directory");
    assertTrue(Files.exists(sub.resolve("x.prog")));
  }
}
