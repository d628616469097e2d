package gol.interp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which files of a directory make its package, as go build picks them: the .gol files whose
 * names do not start with _ or . (those are ignored) and whose build constraints hold
 * ({@link BuildConstraints}), tests being the ones ending in _test.gol. Shared by gol run DIR,
 * gol test, gol vet and the loading of local packages.
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

  /** A file whose //go:build line does not parse: the go command stops on it. */
  public static final class BadConstraint extends IOException {
    BadConstraint(String file, BuildConstraints.Invalid e) {
      super(file + ": " + e.getMessage());
    }
  }

  /** A package file (as its directory names it) and its text. */
  public record Source(Path path, String text) {
  }

  /**
   * The package's files of {@code dir} but its tests, sorted by name, without those its build
   * constraints exclude: with their texts, read once (a file excluded by its name is not read).
   */
  public static List<Source> nonTest(Path dir) throws IOException {
    List<Source> out = new ArrayList<>();
    for (Path p : candidates(dir)) {
      String name = p.getFileName().toString();
      if (isTestFile(name) || !BuildConstraints.nameMatches(name)) {
        continue;
      }
      String text = new String(Files.readAllBytes(p), StandardCharsets.UTF_8); // (lenient: bad bytes are the checker's to report)
      if (builds(p, text)) {
        out.add(new Source(p, text));
      }
    }
    return out;
  }

  /** Whether {@code dir} has a package file but tests, whatever its build constraints say. */
  public static boolean anyNonTest(Path dir) throws IOException {
    return candidates(dir).stream().anyMatch(p -> !isTestFile(p.getFileName().toString()));
  }

  /** The package's and its tests' files of {@code dir} before build constraints, sorted by name. */
  public static List<Path> candidates(Path dir) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path p : s.sorted().toList()) {
        if (isGolFile(p.getFileName().toString()) && Files.isRegularFile(p)) {
          out.add(p);
        }
      }
    }
    return out;
  }

  /** Whether the build includes file {@code p} with text {@code text} (the command's -tags too). */
  public static boolean builds(Path p, String text) throws BadConstraint {
    String name = p.getFileName().toString();
    try {
      return BuildConstraints.includes(name, text);
    } catch (BuildConstraints.Invalid e) {
      throw new BadConstraint(name, e);
    }
  }
}
