package gol.interp.parse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Syntax trees kept between runs: a second parse of the same name and text is a hit that gives
 * the tree the parser gives; another text, another name or another jar is a miss; a file with
 * syntax errors is never kept and reports its errors every time; a damaged entry is parsed
 * again.
 */
class ParseCacheTest {
  private static final String HELLO = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n";

  private static Path jar(Path dir, String content) throws Exception {
    Path jar = dir.resolve("gol.jar");
    Files.writeString(jar, content);
    return jar;
  }

  private static List<Path> entries(Path dir) throws Exception {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".ast")).toList();
    }
  }

  @Test
  void secondParseIsAHit(@TempDir Path dir) throws Exception {
    Path cacheDir = dir.resolve("ast");
    ParseCache c = ParseCache.open(cacheDir, jar(dir, "a jar: only its size and time are read").toString(), "17");
    File first = c.parse("hello.gol", HELLO, new Diagnostics());
    assertTrue(c.has("hello.gol", HELLO));
    assertFalse(c.has("hello.gol", HELLO + "\n") || c.has("other.gol", HELLO));
    List<Path> written = entries(cacheDir);
    assertEquals(1, written.size());
    Diagnostics d = new Diagnostics();
    File second = c.parse("hello.gol", HELLO, d);
    assertFalse(d.hasErrors());
    assertTrue(second != first);
    assertArrayEquals(AstCodec.encode(first), AstCodec.encode(second));
    // the hit is the entry's tree: put another tree in its place and that one comes back
    byte[] entry = Files.readAllBytes(written.get(0));
    byte[] tree = AstCodec.encode(first);
    byte[] other = AstCodec.encode(Parser.parse("x.gol", "package other\n", new Diagnostics()));
    byte[] swapped = java.util.Arrays.copyOf(entry, entry.length - tree.length + other.length);
    System.arraycopy(other, 0, swapped, entry.length - tree.length, other.length);
    Files.write(written.get(0), swapped);
    assertEquals("other", c.parse("hello.gol", HELLO, new Diagnostics()).packageName);
  }

  @Test
  void anEntryIsForItsTextNameAndJar(@TempDir Path dir) throws Exception {
    Path cacheDir = dir.resolve("ast");
    ParseCache c = ParseCache.open(cacheDir, jar(dir, "one").toString(), "17");
    c.parse("hello.gol", HELLO, new Diagnostics());
    Path entry = entries(cacheDir).get(0);
    byte[] kept = Files.readAllBytes(entry);
    // another jar (its size differs) finds the file but not its stamp: a miss, rewritten
    ParseCache other = ParseCache.open(cacheDir, jar(dir, "another jar").toString(), "17");
    File f = other.parse("hello.gol", HELLO, new Diagnostics());
    assertEquals("main", f.packageName);
    assertFalse(java.util.Arrays.equals(kept, Files.readAllBytes(entry)));
    // another text: another entry
    other.parse("hello.gol", HELLO.replace("hi", "ho"), new Diagnostics());
    assertEquals(2, entries(cacheDir).size());
  }

  @Test
  void syntaxErrorsAreNeverKept(@TempDir Path dir) throws Exception {
    Path cacheDir = dir.resolve("ast");
    ParseCache c = ParseCache.open(cacheDir, jar(dir, "j").toString(), "17");
    String bad = "package main\n\nfunc main() {\n\tx := \n}\n";
    for (int i = 0; i < 2; i++) {
      Diagnostics d = new Diagnostics();
      c.parse("bad.gol", bad, d);
      assertTrue(d.hasErrors());
      assertTrue(d.report().contains("bad.gol:5:1: syntax error"), d.report());
    }
    assertEquals(0, entries(cacheDir).size());
  }

  @Test
  void aDamagedEntryIsParsedAgain(@TempDir Path dir) throws Exception {
    Path cacheDir = dir.resolve("ast");
    ParseCache c = ParseCache.open(cacheDir, jar(dir, "j").toString(), "17");
    byte[] want = AstCodec.encode(c.parse("hello.gol", HELLO, new Diagnostics()));
    Path entry = entries(cacheDir).get(0);
    byte[] b = Files.readAllBytes(entry);
    Files.write(entry, java.util.Arrays.copyOf(b, b.length - 7)); // cut short
    File f = c.parse("hello.gol", HELLO, new Diagnostics());
    assertArrayEquals(want, AstCodec.encode(f));
    assertArrayEquals(b, Files.readAllBytes(entry)); // and written whole again
  }

  @Test
  void noJarNoCache(@TempDir Path dir) {
    assertNull(ParseCache.open(dir, dir.resolve("classes").toString(), "17"));
  }
}
