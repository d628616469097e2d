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
    File first = c.parseProgram("hello.gol", HELLO, new Diagnostics());
    assertTrue(c.hasProgram("hello.gol", HELLO));
    assertFalse(c.hasProgram("hello.gol", HELLO + "\n") || c.hasProgram("other.gol", HELLO));
    List<Path> written = entries(cacheDir);
    assertEquals(1, written.size());
    Diagnostics d = new Diagnostics();
    File second = c.parseProgram("hello.gol", HELLO, d);
    assertFalse(d.hasErrors());
    assertTrue(second != first);
    assertArrayEquals(AstCodec.encode(first), AstCodec.encode(second));
    // the hit is the entry's tree: with another tree in it, that one comes back
    byte[] other = AstCodec.encode(Parser.parse("x.gol", "package other\n", new Diagnostics()));
    Files.write(written.get(0), c.entry(ParseCache.text("hello.gol", HELLO), other));
    assertEquals("other", c.parseProgram("hello.gol", HELLO, new Diagnostics()).packageName);
    c.parseProgram("hello.gol", HELLO + " ", new Diagnostics()); // (another text: back to a tree of main)
    c.parseProgram("hello.gol", HELLO, new Diagnostics());
    // flip a byte of the tree and the checksum turns it down, put
    // the parser's tree back and it is decoded again
    byte[] entry = Files.readAllBytes(written.get(0));
    entry[entry.length - 3] ^= 1;
    Files.write(written.get(0), entry);
    assertFalse(c.hasProgram("hello.gol", HELLO));
    assertEquals("main", c.parseProgram("hello.gol", HELLO, new Diagnostics()).packageName);
    assertTrue(c.hasProgram("hello.gol", HELLO)); // written again
    // an edited program replaces its entry
    c.parseProgram("hello.gol", HELLO.replace("hi", "ho"), new Diagnostics());
    assertEquals(1, entries(cacheDir).size());
    assertFalse(c.hasProgram("hello.gol", HELLO));
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
