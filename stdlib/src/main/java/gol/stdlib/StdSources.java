package gol.stdlib;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reads the standard packages' .gol sources (and the data files of their natives: unicode's
 * tables). From gol's jar they are read straight from the zip
 * file: the class loader's getResourceAsStream goes through a jar: URL and a JarURLConnection,
 * cold code that cost 10-30 ms of every start-up on a loaded machine (the direct read 2-8 ms).
 * The ZipFile shares the open file the JVM's class path already holds, and stays open. From a
 * directory of classes (the build's tests) the class loader reads them.
 */
public final class StdSources {
  private StdSources() {
  }

  /** gol's jar, or null when the classes are not in a jar. Opened on first use. */
  private static final class Jar {
    static final ZipFile ZIP = open();

    private static ZipFile open() {
      try {
        CodeSource cs = StdSources.class.getProtectionDomain().getCodeSource();
        if (cs != null && cs.getLocation() != null) {
          File f = new File(cs.getLocation().toURI());
          return f.isFile() ? new ZipFile(f) : null;
        }
        return bootJar();
      } catch (Exception | Error e) {
        return null; // read through the class loader
      }
    }

    /**
     * The launcher puts gol's jar on the boot class path, whose classes have no code source: the
     * jar among the appended entries that holds this class.
     */
    private static ZipFile bootJar() throws IOException {
      String appended = System.getProperty("jdk.boot.class.path.append", "");
      for (String entry : appended.split(File.pathSeparator)) {
        if (entry.endsWith(".jar") && new File(entry).isFile()) {
          ZipFile z = new ZipFile(entry);
          if (z.getEntry("gol/stdlib/StdSources.class") != null) {
            return z;
          }
          z.close();
        }
      }
      return null;
    }
  }

  /** The text of resource {@code name} (UTF-8), or null if there is none. */
  static String read(String name) {
    try (InputStream in = open(name)) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Stdlib.source: " + name, e);
    }
  }

  /**
   * Resource {@code name} of gol's jar (the standard sources, unicode's tables), or null if there
   * is none; read straight from the zip file, as the sources are.
   */
  public static InputStream open(String name) throws IOException {
    ZipFile z = Jar.ZIP;
    if (z == null) {
      return StdSources.class.getResourceAsStream("/" + name);
    }
    ZipEntry e = z.getEntry(name);
    return e == null ? null : z.getInputStream(e);
  }
}
