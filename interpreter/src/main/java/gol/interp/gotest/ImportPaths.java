package gol.interp.gotest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How {@code gol test} names a directory's package and finds local packages, as Go modules do:
 * the nearest enclosing directory with a {@code go.mod} (or {@code gol.mod}) file whose
 * {@code module M} line names the module is the module root; a directory D below it has the
 * import path {@code M/D-relative-to-root} and imports of paths under M resolve to directories
 * under the root. Without a module file a directory's import path is its base name, and only
 * that name (the package under test, for an external test package) resolves locally.
 */
final class ImportPaths {
  /** The module root, or null. */
  final Path root;
  /** The module path, or null. */
  final String module;

  private ImportPaths(Path root, String module) {
    this.root = root;
    this.module = module;
  }

  static ImportPaths forDir(Path dir) {
    for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
      for (String f : new String[] {"gol.mod", "go.mod"}) {
        Path mod = d.resolve(f);
        if (Files.isRegularFile(mod)) {
          String m = modulePath(mod);
          if (m != null) {
            return new ImportPaths(d, m);
          }
        }
      }
    }
    return new ImportPaths(null, null);
  }

  private static String modulePath(Path mod) {
    try {
      for (String line : Files.readAllLines(mod, StandardCharsets.UTF_8)) {
        String t = line.trim();
        if (t.startsWith("module ") || t.startsWith("module\t")) {
          String m = t.substring(7).trim();
          if (m.startsWith("\"") && m.endsWith("\"") && m.length() >= 2) {
            m = m.substring(1, m.length() - 1);
          }
          return m.isEmpty() ? null : m;
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  /** The import path of the package in {@code dir}. */
  String importPath(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (root == null) {
      Path name = abs.getFileName();
      return name == null ? "_" : name.toString();
    }
    String rel = root.relativize(abs).toString().replace('\\', '/');
    return rel.isEmpty() ? module : module + "/" + rel;
  }

  /** The directory of a local package with import path {@code path}, or null. */
  Path dirOf(String path, Path testedDir, String testedPath) {
    if (path.equals(testedPath)) {
      return testedDir;
    }
    if (root == null) {
      return null;
    }
    if (path.equals(module)) {
      return root;
    }
    if (path.startsWith(module + "/")) {
      Path d = root.resolve(path.substring(module.length() + 1));
      return Files.isDirectory(d) ? d : null;
    }
    return null;
  }
}
