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
 * <p>A program's file has one entry, named by a hash of its name; a standard package's planned
 * text one per text. An entry holds the name and text it is for, the stamp of the jar that made
 * it ({@link CacheFiles#jarStamp}) and a checksum of the tree: a different text, name or jar, or
 * a damaged entry, is a miss, never a wrong tree. A file with syntax errors is not kept (its
 * errors are reported by parsing it each time). Entries are written whole through a rename, so
 * concurrent runs see an entry or none. Any thread may call these methods.
 */
public final class ParseCache {
  private static final byte[] MAGIC = "gol ast cache 2\n".getBytes(StandardCharsets.UTF_8);

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
   * Whether there is a valid entry for program file {@code fileName} holding exactly
   * {@code source} (not decoded): gol run's warm-up thread then leaves the parser's tables alone.
   */
  public boolean hasProgram(String fileName, String source) {
    byte[] text = text(fileName, source);
    return tree(read(programEntry(fileName), text), text) >= 0;
  }

  /**
   * {@link Parser#parse} of a program's file, through the cache: one entry per file, replaced
   * when its text changes, as __pycache__ keeps one per module.
   */
  public File parseProgram(String fileName, String source, Diagnostics diags) {
    return parse(programEntry(fileName), text(fileName, source), fileName, source, diags);
  }

  /** A program file's entry: named for its absolute path (main.gol in two directories: two). */
  private Path programEntry(String fileName) {
    String key = fileName;
    try {
      key = new java.io.File(fileName).getAbsolutePath();
    } catch (RuntimeException e) {
      // the name as given
    }
    return entryFor(key.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * {@link Parser#parse} of a standard package's planned text, through the cache: one entry per
   * text (programs plan different texts of the same package).
   */
  public File parse(String fileName, String source, Diagnostics diags) {
    byte[] text = text(fileName, source);
    return parse(entryFor(text), text, fileName, source, diags);
  }

  private File parse(Path entry, byte[] text, String fileName, String source, Diagnostics diags) {
    byte[] b = read(entry, text);
    int at = tree(b, text);
    if (at >= 0) {
      try {
        return AstCodec.decode(Arrays.copyOfRange(b, at, b.length));
      } catch (RuntimeException e) {
        // (cannot happen for an entry whose checksum holds) parse, and write it again
      }
    }
    int before = diags.count();
    File f = Parser.parse(fileName, source, diags);
    if (diags.count() == before) {
      write(entry, text, f);
    }
    return f;
  }

  /** What an entry is for: the file's name and text. */
  static byte[] text(String fileName, String source) {
    return (fileName + "\0" + source).getBytes(StandardCharsets.UTF_8);
  }

  private Path entryFor(byte[] key) {
    return dir.resolve(Long.toHexString(hash(key, 0, key.length)) + ".ast");
  }

  /** The entry's bytes, or null. */
  private static byte[] read(Path entry, byte[] text) {
    try {
      return Files.readAllBytes(entry);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Where the encoded tree starts in entry {@code b} if it was made by this jar for exactly
   * {@code text} and its checksum holds; -1 otherwise. An entry: magic, jar stamp, the text's
   * length and the text, the tree's checksum, the tree.
   */
  private int tree(byte[] b, byte[] text) {
    if (b == null) {
      return -1;
    }
    int head = MAGIC.length + stamp.length;
    int body = head + 4 + text.length + 8;
    if (b.length < body || !Arrays.equals(b, 0, MAGIC.length, MAGIC, 0, MAGIC.length)
        || !Arrays.equals(b, MAGIC.length, head, stamp, 0, stamp.length)
        || length(b, head) != text.length
        || !Arrays.equals(b, head + 4, head + 4 + text.length, text, 0, text.length)
        || word(b, body - 8) != hash(b, body, b.length)) {
      return -1;
    }
    return body;
  }

  private void write(Path entry, byte[] text, File f) {
    byte[] tree;
    try {
      tree = AstCodec.encode(f);
    } catch (AstCodec.Unsupported e) {
      return;
    }
    byte[] b = entry(text, tree);
    try {
      Files.createDirectories(dir);
    } catch (IOException | RuntimeException e) {
      return; // an unwritable cache directory: no cache
    }
    CacheFiles.writeAtomically(entry, b);
  }

  /** An entry's bytes for the encoded {@code tree} of {@code text}. */
  byte[] entry(byte[] text, byte[] tree) {
    byte[] b = new byte[MAGIC.length + stamp.length + 4 + text.length + 8 + tree.length];
    int at = 0;
    System.arraycopy(MAGIC, 0, b, at, MAGIC.length);
    at += MAGIC.length;
    System.arraycopy(stamp, 0, b, at, stamp.length);
    at += stamp.length;
    for (int i = 3; i >= 0; i--) {
      b[at++] = (byte) (text.length >>> 8 * i);
    }
    System.arraycopy(text, 0, b, at, text.length);
    at += text.length;
    long sum = hash(tree, 0, tree.length);
    for (int i = 7; i >= 0; i--) {
      b[at++] = (byte) (sum >>> 8 * i);
    }
    System.arraycopy(tree, 0, b, at, tree.length);
    return b;
  }

  private static long word(byte[] b, int at) {
    long w = 0;
    for (int i = 0; i < 8; i++) {
      w = w << 8 | b[at + i] & 0xFF;
    }
    return w;
  }

  private static int length(byte[] b, int at) {
    return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
  }

  /**
   * A 64-bit hash of b[from, to): CRC-32C and CRC-32 side by side. Both run as the JDK's
   * intrinsics, where a byte loop of gol's own would run in HotSpot's interpreter at start-up
   * (a standard package's text is tens of kilobytes).
   */
  private static long hash(byte[] b, int from, int to) {
    java.util.zip.CRC32C c = new java.util.zip.CRC32C();
    c.update(b, from, to - from);
    java.util.zip.CRC32 d = new java.util.zip.CRC32();
    d.update(b, from, to - from);
    return c.getValue() << 32 | d.getValue();
  }
}
