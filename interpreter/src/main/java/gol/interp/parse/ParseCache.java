package gol.interp.parse;

import gol.interp.CacheFiles;
import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Syntax trees kept between runs (the {@code gol.astcache} directory; the launcher's is
 * {@code .gol-cache/ast}), as Python keeps compiled modules in __pycache__: a file whose name and
 * text an earlier run parsed without errors is decoded from that run's tree ({@link AstCodec})
 * instead of parsed again. {@code gol run} parses the main file and the kept parts of the
 * standard packages this way; on a cold JVM a hello world's parse is 10-20 ms of ANTLR, its
 * decoding a few.
 *
 * <p>A program's file has one entry, named by a hash of its name; a standard package's planned
 * text one per text. An entry ({@link CacheFiles#entry}) holds the stamp of the jar that made it
 * ({@link CacheFiles#jarStamp}), the name and text it is for, the tree and a hash of it all: a
 * different text, name or jar, or a damaged entry, is a miss, never a wrong tree. A file with syntax errors is not kept (its
 * errors are reported by parsing it each time). Entries are written whole through a rename, so
 * concurrent runs see an entry or none. Any thread may call these methods.
 */
public final class ParseCache {
  private static final byte[] MAGIC = "gol ast cache 3\n".getBytes(StandardCharsets.UTF_8);

  private final java.io.File dir;
  private final byte[] stamp;

  private ParseCache(java.io.File dir, String stamp) {
    this.dir = dir;
    this.stamp = stamp.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The cache of the gol.astcache property, or null (no property, classes not from one jar, or
   * GOLDEBUG=astcache=0).
   */
  public static ParseCache open() {
    String d = System.getProperty("gol.astcache");
    if (d == null || d.isEmpty() || gol.runtime.Debug.value("astcache", 1) == 0) {
      return null;
    }
    return open(new java.io.File(d), System.getProperty("java.class.path"), System.getProperty("java.version"));
  }

  /** The cache in {@code dir} for classes from the jar {@code classPath}; null if it is not one jar. */
  public static ParseCache open(Path dir, String classPath, String javaVersion) {
    return open(dir.toFile(), classPath, javaVersion);
  }

  /** As above (java.io: see {@link CacheFiles#read}). */
  public static ParseCache open(java.io.File dir, String classPath, String javaVersion) {
    String jar = CacheFiles.jarStamp(classPath, javaVersion);
    return jar == null || !AstCodec.available() ? null : new ParseCache(dir, jar);
  }

  /**
   * Whether there is a valid entry for program file {@code fileName} holding exactly
   * {@code source} (not decoded): gol run's warm-up thread then leaves the parser's tables alone.
   */
  public boolean hasProgram(String fileName, String source) {
    return CacheFiles.body(read(programEntry(fileName)), MAGIC, stamp, text(fileName, source)) >= 0;
  }

  /** {@link #parseProgram} through {@code cache}, or {@link Parser#parse} when it is null. */
  public static File parseProgram(ParseCache cache, String fileName, String source, Diagnostics diags) {
    return cache != null ? cache.parseProgram(fileName, source, diags) : Parser.parse(fileName, source, diags);
  }

  /** {@link #parse} through {@code cache}, or {@link Parser#parse} when it is null. */
  public static File parse(ParseCache cache, String fileName, String source, Diagnostics diags) {
    return cache != null ? cache.parse(fileName, source, diags) : Parser.parse(fileName, source, diags);
  }

  /**
   * {@link Parser#parse} of a program's file, through the cache: one entry per file, replaced
   * when its text changes, as __pycache__ keeps one per module.
   */
  public File parseProgram(String fileName, String source, Diagnostics diags) {
    return parse(programEntry(fileName), text(fileName, source), fileName, source, diags);
  }

  /** A program file's entry: named for its absolute path (main.gol in two directories: two). */
  private java.io.File programEntry(String fileName) {
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

  private File parse(java.io.File entry, byte[] text, String fileName, String source, Diagnostics diags) {
    byte[] b = read(entry);
    int at = CacheFiles.body(b, MAGIC, stamp, text);
    if (at >= 0) {
      try {
        return AstCodec.decode(b, at);
      } catch (RuntimeException e) {
        // (cannot happen for an entry whose hash holds) parse, and write it again
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

  private java.io.File entryFor(byte[] key) {
    return new java.io.File(dir, Long.toHexString(CacheFiles.hash(key, 0, key.length)) + ".ast");
  }

  /** The entry's bytes, or null. */
  private static byte[] read(java.io.File entry) {
    return CacheFiles.read(entry);
  }

  private void write(java.io.File entry, byte[] text, File f) {
    byte[] tree;
    try {
      tree = AstCodec.encode(f);
    } catch (AstCodec.Unsupported e) {
      return;
    }
    try {
      Files.createDirectories(dir.toPath());
    } catch (IOException | RuntimeException e) {
      return; // an unwritable cache directory: no cache
    }
    CacheFiles.writeAtomically(entry, entry(text, tree));
  }

  /** An entry's bytes for the encoded {@code tree} of {@code text} (its key). */
  byte[] entry(byte[] text, byte[] tree) {
    return CacheFiles.entry(MAGIC, stamp, text, tree);
  }
}
