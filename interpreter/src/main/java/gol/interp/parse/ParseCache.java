package gol.interp.parse;

import gol.interp.CacheFiles;
import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Syntax trees kept between runs (the {@code gol.astcache} directory; the launcher's is
 * {@code .gol-cache/ast}), as Python keeps compiled modules in __pycache__: a file whose name and
 * text an earlier run parsed without errors is decoded from that run's tree ({@link AstCodec})
 * instead of parsed again. {@code gol run} parses the main file and the kept parts of the
 * standard packages this way; on a cold JVM a hello world's parse is 10-20 ms of ANTLR, its
 * decoding a few.
 *
 * <p>An entry is named by a 64-bit hash of the file name and text, and holds both together with
 * the stamp of the jar that made it ({@link CacheFiles#jarStamp}): a different text, name or jar
 * is a miss, never a wrong tree. A file with syntax errors is not kept (its errors are reported
 * by parsing it each time). Entries are written whole through a rename, so concurrent runs see
 * an entry or none. Any thread may call {@link #parse}.
 */
public final class ParseCache {
  private static final byte[] MAGIC = "gol ast cache 1\n".getBytes(StandardCharsets.UTF_8);

  private final Path dir;
  private final byte[] stamp;

  private ParseCache(Path dir, String stamp) {
    this.dir = dir;
    this.stamp = stamp.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The cache of the gol.astcache property, or null (no property, classes not from one jar, or
   * GOLDEBUG=astcache=0).
   */
  public static ParseCache open() {
    String d = System.getProperty("gol.astcache");
    String debug = System.getenv("GOLDEBUG");
    if (d == null || d.isEmpty() || debug != null && ("," + debug + ",").contains(",astcache=0,")) {
      return null;
    }
    return open(Path.of(d), System.getProperty("java.class.path"), System.getProperty("java.version"));
  }

  /** The cache in {@code dir} for classes from the jar {@code classPath}; null if it is not one jar. */
  public static ParseCache open(Path dir, String classPath, String javaVersion) {
    String jar = CacheFiles.jarStamp(classPath, javaVersion);
    return jar == null || !AstCodec.available() ? null : new ParseCache(dir, jar);
  }

  /**
   * Whether there is an entry for this file (not whether it is valid): gol run's warm-up thread
   * then leaves the parser's tables alone.
   */
  public boolean has(String fileName, String source) {
    return Files.exists(entry(text(fileName, source)));
  }

  /** {@link Parser#parse}, through the cache. */
  public File parse(String fileName, String source, Diagnostics diags) {
    byte[] text = text(fileName, source);
    Path entry = entry(text);
    File cached = read(entry, text);
    if (cached != null) {
      return cached;
    }
    int before = diags.count();
    File f = Parser.parse(fileName, source, diags);
    if (diags.count() == before) {
      write(entry, text, f);
    }
    return f;
  }

  /** What an entry is for: the file's name and text. */
  private static byte[] text(String fileName, String source) {
    return (fileName + "\0" + source).getBytes(StandardCharsets.UTF_8);
  }

  private Path entry(byte[] text) {
    return dir.resolve(Long.toHexString(hash(text)) + ".ast");
  }

  private File read(Path entry, byte[] text) {
    byte[] b;
    try {
      b = Files.readAllBytes(entry);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
    int head = MAGIC.length + stamp.length;
    int body = head + 4 + text.length;
    if (b.length < body || !Arrays.equals(b, 0, MAGIC.length, MAGIC, 0, MAGIC.length)
        || !Arrays.equals(b, MAGIC.length, head, stamp, 0, stamp.length)
        || length(b, head) != text.length || !Arrays.equals(b, head + 4, body, text, 0, text.length)) {
      return null;
    }
    try {
      return AstCodec.decode(Arrays.copyOfRange(b, body, b.length));
    } catch (RuntimeException e) {
      return null; // a damaged entry: parse, and write it again
    }
  }

  private void write(Path entry, byte[] text, File f) {
    byte[] tree;
    try {
      tree = AstCodec.encode(f);
    } catch (AstCodec.Unsupported e) {
      return;
    }
    byte[] b = new byte[MAGIC.length + stamp.length + 4 + text.length + tree.length];
    int at = 0;
    System.arraycopy(MAGIC, 0, b, at, MAGIC.length);
    at += MAGIC.length;
    System.arraycopy(stamp, 0, b, at, stamp.length);
    at += stamp.length;
    b[at++] = (byte) (text.length >>> 24);
    b[at++] = (byte) (text.length >>> 16);
    b[at++] = (byte) (text.length >>> 8);
    b[at++] = (byte) text.length;
    System.arraycopy(text, 0, b, at, text.length);
    at += text.length;
    System.arraycopy(tree, 0, b, at, tree.length);
    try {
      Files.createDirectories(dir);
    } catch (IOException | RuntimeException e) {
      return; // an unwritable cache directory: no cache
    }
    CacheFiles.writeAtomically(entry, b);
  }

  private static int length(byte[] b, int at) {
    return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
  }

  /** FNV-1a, 64 bits. */
  private static long hash(byte[] b) {
    long h = 0xcbf29ce484222325L;
    for (byte x : b) {
      h = (h ^ (x & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }
}
