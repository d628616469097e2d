package gol.interp.vm;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import gol.interp.CacheFiles;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.IdentityHashMap;

/**
 * Translations kept between runs, in the directory the {@code gol.jitcache} property names
 * ({@code ./gol} passes its {@code .gol-cache/jit}): the class file JitCompiler made for a
 * function, so that the next run of the same program defines it at once when the function gets
 * hot, without running the translator. The first translation of a process costs 20-60 ms (ASM's
 * classes loading, the translator running as cold bytecode), during which the hot function goes
 * on in the interpreter; a hit costs a file read.
 *
 * <p>An entry is found by what the translation reads: the function's code, constants, frame
 * layout and name, and the same of the functions its constants refer to (a callee may be inlined,
 * a call site knows its callee's frame size); see {@link #describe}. It is
 * stamped with gol's jar (path, size, modification time), the JVM's version and the GOLDEBUG
 * settings the translator reads (JitSettings), since the translator and the runtime classes the
 * class file calls come from the jar. The file holds the
 * stamp and the description in full, and a hash of its whole content at its end
 * ({@link CacheFiles#entry}): any difference,
 * a truncated or corrupt file, is a miss, and the function is translated again. Entries are
 * written to a temporary file and renamed into place, so a process that starts while another
 * writes sees the old entry, the new one or none. Without the property, or when the classes do not
 * come from a jar (the build's tests pass a directory of their own), there is no cache.
 *
 * <p>Besides the entries, a program whose functions were translated leaves a marker, named by
 * the description of its entry function, that lists their names: when it runs again, {@link Jit}
 * defines the cached translations of those functions as the program starts, before they get hot,
 * and skips its warm-up of the translator (a translation of two functions of its own, 10-20 ms of
 * CPU), which would only load ASM for nothing. A name that no longer matches, or a function whose
 * description changed, is simply not defined early.
 */
final class JitCache {
  private static final byte[] MAGIC = "gol jit cache 2\n".getBytes(StandardCharsets.UTF_8);
  /**
   * Levels of functions a description covers in full: the function and its callees (the
   * translation reads a callee's code to inline it, its frame size and results for the call).
   */
  private static final int DEPTH = 2;

  private final File dir;
  private final byte[] stamp;
  /** Whether dir has been created (written under Jit's lock, as tmps). */
  private boolean created;

  JitCache(File dir, byte[] stamp) {
    this.dir = dir;
    this.stamp = stamp;
  }

  /** The cache the {@code gol.jitcache} property names, or null when there is none. */
  static JitCache open() {
    String d = System.getProperty("gol.jitcache");
    if (d == null || d.isEmpty() || JitExtCounts.ON) { // counted translations are not for keeping
      return null;
    }
    return open(new File(d), System.getProperty("java.class.path"),
        System.getProperty("java.version") + " " + JitSettings.STAMP);
  }

  /**
   * The cache in {@code dir} for gol's classes loaded from {@code classPath} by a JVM of version
   * {@code javaVersion}; null if the class path is not one jar.
   */
  static JitCache open(Path dir, String classPath, String javaVersion) {
    return open(dir.toFile(), classPath, javaVersion);
  }

  /** As above (java.io: see {@link CacheFiles#read}). */
  static JitCache open(File dir, String classPath, String javaVersion) {
    String stamp = CacheFiles.jarStamp(classPath, javaVersion);
    return stamp == null ? null : new JitCache(dir, stamp.getBytes(StandardCharsets.UTF_8));
  }

  /** A translation found in the cache: its class file and how it was translated. */
  record Entry(byte[] classFile, String variant) {
  }

  /** The translation stored for the function described by {@code key} ({@link #describe}), or null. */
  Entry load(byte[] key) {
    byte[] data = CacheFiles.read(file(key, ".jit"));
    return data == null ? null : parse(data, key);
  }

  /** The entry in {@code data} if it is whole and made for this stamp and {@code key}, else null. */
  Entry parse(byte[] data, byte[] key) {
    int at = CacheFiles.body(data, MAGIC, stamp, key);
    if (at < 0) {
      return null;
    }
    // the body: the variant's length and text, the class file's length and bytes
    int end = data.length - 8;
    ByteBuffer b = ByteBuffer.wrap(data, at, end - at);
    if (b.remaining() < 8) {
      return null;
    }
    int n = b.getInt();
    if (n < 0 || n > b.remaining() - 4) {
      return null;
    }
    String variant = new String(data, b.position(), n, StandardCharsets.UTF_8);
    b.position(b.position() + n);
    int m = b.getInt();
    if (m != b.remaining()) {
      return null;
    }
    return new Entry(Arrays.copyOfRange(data, b.position(), end), variant);
  }

  /**
   * Stores the translation of the function described by {@code key}; failures are ignored (the
   * next run translates again).
   */
  void store(byte[] key, byte[] classFile, String variant) {
    write(file(key, ".jit"), entry(key, classFile, variant));
  }

  /** The content of the entry for {@code key}. */
  byte[] entry(byte[] key, byte[] classFile, String variant) {
    byte[] v = variant.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.allocate(4 + v.length + 4 + classFile.length);
    b.putInt(v.length).put(v).putInt(classFile.length).put(classFile);
    return CacheFiles.entry(MAGIC, stamp, key, b.array());
  }

  /** Functions a marker lists at most (the first ones translated). */
  static final int MAX_HOT = 256;

  /**
   * The marker of a program: the names of the functions its runs translated, in the order they
   * were first translated. Read once; a name added is written at once (under Jit's lock).
   */
  final class Marker {
    private final File file;
    private final java.util.List<String> names = new java.util.ArrayList<>();

    private Marker(File file) {
      this.file = file;
      byte[] bytes = CacheFiles.read(file);
      String text = bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
      if (text.endsWith("\n")) { // else none yet, or not written by add: ignored
        names.addAll(java.util.List.of(text.substring(0, text.length() - 1).split("\n")));
      }
    }

    /** The names, in the order they were added. */
    java.util.List<String> names() {
      return java.util.Collections.unmodifiableList(names);
    }

    /** Adds {@code name} (and writes the marker) unless it is listed or the list is full. */
    void add(String name) {
      if (name.isEmpty() || name.indexOf('\n') >= 0 || names.contains(name) || names.size() >= MAX_HOT) {
        return;
      }
      names.add(name);
      StringBuilder b = new StringBuilder();
      for (String n : names) {
        b.append(n).append('\n');
      }
      write(file, b.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The marker of the program whose entry function is {@code entry}. */
  Marker marker(Proto entry) {
    return new Marker(file(describe(entry), ".prog"));
  }

  /** Writes an entry or the marker (a garbled one is rejected by its hash; the marker's names are only a hint). */
  private void write(File target, byte[] data) {
    if (!created) {
      try {
        Files.createDirectories(dir.toPath());
      } catch (IOException | RuntimeException e) {
        return; // an unwritable cache directory: no cache
      }
      created = true;
    }
    CacheFiles.writeAtomically(target, data);
  }

  /** The file for {@code key}: named by a 64-bit hash of the stamp and key. */
  private File file(byte[] key, String suffix) {
    long h = CacheFiles.hash(stamp, 0, stamp.length) * 31 + CacheFiles.hash(key, 0, key.length);
    return new File(dir, Long.toHexString(h) + suffix);
  }

  /**
   * Everything JitCompiler's translation of p reads, as bytes: equal descriptions give equal
   * class files. For p and the functions its constants refer to (DEPTH levels): the name
   * (the class's name), frame layout, results, defer register, whether it is native, the code,
   * the integer constants, and for each reference constant its class, and for a SWITCH_S table
   * its jump targets; a function met again is written as its number in the order of meeting (so
   * recursion is part of the description). Below the last level, a function is only its class.
   */
  static byte[] describe(Proto p) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256 + p.code.length * 4);
    DataOutputStream out = new DataOutputStream(bytes);
    try {
      describe(out, p, 0, new IdentityHashMap<>());
      out.flush();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
    }
    return bytes.toByteArray();
  }

  private static void describe(DataOutputStream out, Proto p, int depth, IdentityHashMap<Proto, Integer> seen)
      throws IOException {
    Integer n = seen.get(p);
    if (n != null) {
      out.writeByte('@');
      out.writeInt(n);
      return;
    }
    seen.put(p, seen.size());
    out.writeByte('P');
    out.writeUTF(p.name);
    out.writeInt(p.frameSize);
    out.writeInt(p.numParams);
    out.writeInt(p.numResults);
    out.writeInt(p.deferReg);
    out.writeInt(p.deferRet);
    out.writeBoolean(p.nativeFn != null);
    out.writeBoolean(p.wrapper);
    out.writeBoolean(p.deferredRecover);
    // JitCompiler outlines its loops (a callee's does not matter); a function that runs once is
    // outlined whether or not it was found loop-hot, so its key is the same before it runs
    out.writeBoolean(depth == 0 && JitRegions.outlines(p));
    ints(out, p.code);
    ints(out, p.captures);
    long[] kl = p.kl == null ? new long[0] : p.kl;
    out.writeInt(kl.length);
    for (long v : kl) {
      out.writeLong(v);
    }
    Object[] kr = p.kr == null ? new Object[0] : p.kr;
    out.writeInt(kr.length);
    for (Object k : kr) {
      if (k == null) {
        out.writeByte('0');
      } else if (k instanceof Proto q) {
        if (depth + 1 < DEPTH) {
          describe(out, q, depth + 1, seen);
        } else {
          out.writeByte('p');
        }
      } else if (k instanceof StrSwitch s) {
        out.writeByte('S');
        ints(out, s.targets);
      } else {
        out.writeByte('K');
        out.writeUTF(k.getClass().getName());
        out.writeInt(NativeWidths.of(k)); // JitCalls.native_ reads it
      }
    }
  }

  private static void ints(DataOutputStream out, int[] a) throws IOException {
    if (a == null) {
      out.writeInt(-1);
      return;
    }
    out.writeInt(a.length);
    for (int v : a) {
      out.writeInt(v);
    }
  }
}
