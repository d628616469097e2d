package gol.interp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CacheFiles' java.io path handling, which stands in for java.nio's on the start-up path. */
class CacheFilesTest {
  @Test
  void normalizeDropsDotSegmentsAsPathNormalizeDoes() {
    for (String p : new String[] {"/a/./b/../c/gol.jar", "/a//b/gol.jar", "/work/main/./interpreter/target/gol.jar",
        "/../x", "/", "/a/b/..", "/a/b/../../.."}) {
      assertEquals(Path.of(p).normalize().toString(), CacheFiles.normalize(p), p);
    }
  }

  @Test
  void jarStampIsTheSameWhateverPathLeadsToTheJar(@TempDir Path dir) throws Exception {
    Path jar = Files.writeString(Files.createDirectories(dir.resolve("target")).resolve("gol.jar"), "jar");
    String plain = CacheFiles.jarStamp(jar.toString(), "17");
    assertEquals(plain, CacheFiles.jarStamp(dir + "/./target/../target/gol.jar", "17"));
    assertNull(CacheFiles.jarStamp(dir + "/target", "17"), "not a jar");
  }

  @Test
  void readGivesTheBytesOrNull(@TempDir Path dir) throws Exception {
    Path f = Files.write(dir.resolve("entry"), new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, CacheFiles.read(f.toFile()));
    assertNull(CacheFiles.read(new File(dir.toFile(), "missing")));
    assertNull(CacheFiles.read(dir.toFile()), "a directory");
  }
}
