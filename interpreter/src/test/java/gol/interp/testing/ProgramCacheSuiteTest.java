package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ProgramCache;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The language suite again with every program read back from the program cache's bytes before
 * it runs (GOLDEBUG=progcache=2): a program gol run takes from its cache must behave exactly as
 * the one the compiler made — output, errors, panics and traces.
 */
class ProgramCacheSuiteTest {
  @Test
  void everyProgramBehavesTheSameReadBackFromTheCache() throws IOException {
    Path root = LanguageSuiteTest.repoRoot();
    List<Path> roots = new ArrayList<>();
    for (String d : LanguageSuiteTest.SUITE_DIRS) {
      roots.add(root.resolve(d));
    }
    SuiteRunner runner = new SuiteRunner(LanguageSuiteTest.timeout());
    List<String> failures = new ArrayList<>();
    int programs = 0;
    ProgramCache.setMode(2);
    try {
      for (Path f : SuiteRunner.collect(roots)) {
        programs++;
        SuiteRunner.Outcome o = runner.test(f);
        if (!o.passed()) {
          failures.add(root.relativize(f) + ": " + o.message());
        }
      }
    } finally {
      ProgramCache.setMode(-1);
    }
    assertEquals(List.of(), failures);
    assertTrue(programs >= 300, "the suite has " + programs + " programs");
  }
}
