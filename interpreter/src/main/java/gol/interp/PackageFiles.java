package gol.interp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which files of a directory make its package, as go build picks them: the .gol files whose
 * names do not start with _ or . (those are ignored), tests being the ones ending in _test.gol.
 * Shared by gol run DIR and gol test's loading of local packages.
 */
public final class PackageFiles {
  private PackageFiles() {
  }

  /** Whether a file named {@code name} belongs to its directory's package (or its tests). */
  public static boolean isGolFile(String name) {
    return name.endsWith(".gol") && !name.startsWith("_") && !name.startsWith(".");
  }

  /** Whether a file named {@code name} is one of its directory's test files. */
  public static boolean isTestFile(String name) {
    return isGolFile(name) && name.endsWith("_test.gol");
  }

  /** The package's files of {@code dir} but its tests, sorted by name (as {@code dir} names them). */
  public static List<Path> nonTest(Path dir) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.sorted().toList()) {
        String n = p.getFileName().toString();
        if (isGolFile(n) && !n.endsWith("_test.gol") && Files.isRegularFile(p)) {
          out.add(p);
        }
      }
    }
    return out;
  }
}
