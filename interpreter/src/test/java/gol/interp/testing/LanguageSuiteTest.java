package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The language suite: one dynamic test per .gol program under {@code tests/} and
 * {@code examples/} at the repository root, grouped by directory, each run and checked by
 * {@link SuiteRunner} exactly as {@code gol test} does.
 *
 * <p>The root is the {@code gol.root} system property (interpreter/pom.xml sets it for Surefire),
 * else the first directory above the working directory holding {@code tests/README.md}. The
 * per-program timeout is {@code gol.test.timeout} (a Go duration), default 20s.
 */
class LanguageSuiteTest {
  static final List<String> SUITE_DIRS = List.of("tests", "examples");

  @TestFactory
  Stream<DynamicNode> suite() throws IOException {
    Path root = repoRoot();
    SuiteRunner runner = new SuiteRunner(timeout());
    List<DynamicNode> nodes = new ArrayList<>();
    for (String d : SUITE_DIRS) {
      Path dir = root.resolve(d);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      Map<String, List<DynamicNode>> byDir = new TreeMap<>();
      for (Path f : SuiteRunner.collect(List.of(dir))) {
        String rel = root.relativize(f).toString().replace('\\', '/');
        String group = rel.substring(0, rel.lastIndexOf('/'));
        byDir.computeIfAbsent(group, k -> new ArrayList<>()).add(
            DynamicTest.dynamicTest(f.getFileName().toString(), f.toUri(), () -> {
              SuiteRunner.Outcome o = runner.test(f);
              if (!o.passed()) {
                fail(rel + ": " + o.message());
              }
            }));
      }
      byDir.forEach((group, tests) ->
          nodes.add(DynamicContainer.dynamicContainer(group, root.resolve(group).toUri(),
              tests.stream())));
    }
    return nodes.stream();
  }

  static Duration timeout() {
    String t = System.getProperty("gol.test.timeout");
    return t == null || t.isEmpty() ? SuiteRunner.DEFAULT_TIMEOUT : SuiteRunner.parseDuration(t);
  }

  static Path repoRoot() {
    String prop = System.getProperty("gol.root");
    if (prop != null && !prop.isEmpty()) {
      return Path.of(prop).toAbsolutePath().normalize();
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("tests/README.md"))) {
        return p;
      }
    }
    throw new IllegalStateException("cannot find the repository root: set -Dgol.root");
  }
}
