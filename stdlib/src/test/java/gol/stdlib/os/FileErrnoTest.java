package gol.stdlib.os;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The errno behind a Java I/O exception: a name below a regular file is ENOTDIR (Go: "not a
 * directory") whether the JDK says so (17) or says NoSuchFileException (25).
 */
class FileErrnoTest {
  @Test
  void missingUnderAFileIsNotADirectory(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("f"), "x");
    assertEquals(FileOps.ENOTDIR, FileOps.errno(new NoSuchFileException(f.resolve("x").toString())));
    assertEquals(FileOps.ENOTDIR, FileOps.errno(new NoSuchFileException(f + "/.")));
    assertEquals(FileOps.ENOTDIR, FileOps.errno(new NoSuchFileException(f.resolve("x/y/z").toString())));
  }

  @Test
  void missingUnderADirectoryIsNoSuchFile(@TempDir Path dir) {
    assertEquals(FileOps.ENOENT, FileOps.errno(new NoSuchFileException(dir.resolve("x").toString())));
    assertEquals(FileOps.ENOENT, FileOps.errno(new NoSuchFileException(dir.resolve("x/y").toString())));
    assertEquals(FileOps.ENOENT, FileOps.errno(new NoSuchFileException(null)));
  }
}
