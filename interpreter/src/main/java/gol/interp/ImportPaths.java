package gol.interp;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How a directory's package is named and local packages are found, as Go modules do (for gol run
 * and gol test, see {@link LocalPackages}): the nearest enclosing directory with a {@code go.mod}
 * (or {@code gol.mod}) file whose {@code module M} line names the module is the module root; a
 * directory D below it has the import path {@code M/D-relative-to-root} and imports of paths
 * under M resolve to directories under the root. Without a module file a directory's import
 * path is its base name, and no import resolves locally (gol test resolves the package under
 * test's own name itself).
 */
public final class ImportPaths {
  /** The module root, or null. */
  public final Path root;
  /** The module path, or null. */
  public final String module;

  private ImportPaths(Path root, String module) {
    this.root = root;
    this.module = module;
  }

  public static ImportPaths forDir(Path dir) {
    return forDir(dir.toFile());
  }

  /**
   * As above, in java.io: a program outside any module (most scripts) then starts without
   * java.nio's file system (see {@link CacheFiles#read}); only a module's root is a Path.
   */
  public static ImportPaths forDir(File dir) {
    for (File d = normalized(dir.getAbsoluteFile()); d != null; d = d.getParentFile()) {
      for (String f : MODULE_FILES) {
        File mod = new File(d, f);
        if (mod.isFile()) {
          String m = modulePath(CacheFiles.read(mod));
          if (m != null) {
            return new ImportPaths(d.toPath(), m);
          }
        }
      }
    }
    return new ImportPaths(null, null);
  }

  private static final String[] MODULE_FILES = {"gol.mod", "go.mod"};

  /** {@code f} (absolute) without "." and ".." names, as Path.normalize leaves it (lexically: no link is followed). */
  static File normalized(File f) {
    return f.getPath().contains("/.") ? new File(CacheFiles.normalize(f.getPath())) : f;
  }

  /** The path of a module file's {@code module} line, or null. */
  private static String modulePath(byte[] mod) {
    if (mod == null) {
      return null;
    }
    for (String line : new String(mod, StandardCharsets.UTF_8).split("\n")) {
      String t = line.trim();
      if (t.startsWith("module ") || t.startsWith("module\t")) {
        String m = t.substring(7).trim();
        if (m.startsWith("\"") && m.endsWith("\"") && m.length() >= 2) {
          m = m.substring(1, m.length() - 1);
        }
        return m.isEmpty() ? null : m;
      }
    }
    return null;
  }

  /** The import path of the package in {@code dir}. */
  public String importPath(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (root == null) {
      Path name = abs.getFileName();
      return name == null ? "_" : name.toString();
    }
    String rel = root.relativize(abs).toString().replace('\\', '/');
    return rel.isEmpty() ? module : module + "/" + rel;
  }

  /** The directory of the module's package with import path {@code path}, or null. */
  public Path dirOf(String path) {
    if (root == null) {
      return null;
    }
    if (path.equals(module)) {
      return root;
    }
    if (path.startsWith(module + "/")) {
      Path d = root.resolve(path.substring(module.length() + 1)).normalize();
      return d.startsWith(root) && Files.isDirectory(d) ? d : null; // (not "M/../elsewhere")
    }
    return null;
  }
}
