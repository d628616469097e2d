package gol.interp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.vm.Jit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The language suite again with the JIT tier eager (GOLDEBUG=jit=2): every function that can be
 * compiled is compiled at its first call, so each program's output, errors, panics and traces
 * must come out of compiled code exactly as out of the interpreter.
 */
class JitSuiteTest {
  @Test
  void everyProgramBehavesTheSameWithEveryFunctionCompiled() throws IOException {
    Path root = LanguageSuiteTest.repoRoot();
    List<Path> roots = new ArrayList<>();
    for (String d : LanguageSuiteTest.SUITE_DIRS) {
      roots.add(root.resolve(d));
    }
    SuiteRunner runner = new SuiteRunner(LanguageSuiteTest.timeout());
    int mode = Jit.mode();
    int compiledBefore = Jit.compiledCount();
    List<String> failures = new ArrayList<>();
    int programs = 0;
    Jit.setMode(2);
    try {
      for (Path f : SuiteRunner.collect(roots)) {
        programs++;
        SuiteRunner.Outcome o = runner.test(f);
        if (!o.passed()) {
          failures.add(root.relativize(f) + ": " + o.message());
        }
      }
    } finally {
      Jit.setMode(mode);
    }
    assertEquals(List.of(), failures);
    assertTrue(programs >= 300, "the suite has " + programs + " programs");
    int compiled = Jit.compiledCount() - compiledBefore;
    assertTrue(compiled >= 5 * programs, "only " + compiled + " functions were compiled");
  }

  /**
   * Panics and fatal errors print the same whole trace (every frame's function and line) from
   * compiled code as from the interpreter: a fault in compiled code records its own pc.
   */
  @Test
  void tracesAreTheInterpretersTraces() throws IOException {
    Path root = LanguageSuiteTest.repoRoot();
    int mode = Jit.mode();
    List<String> differ = new ArrayList<>();
    int compared = 0;
    try {
      for (Path f : SuiteRunner.collect(List.of(root.resolve("tests/panics")))) {
        String src = Files.readString(f, StandardCharsets.UTF_8);
        String name = f.getFileName().toString();
        Jit.setMode(0);
        SuiteRunner.Run interpreted = SuiteRunner.execute(name, src, LanguageSuiteTest.timeout(), f.getParent());
        Jit.setMode(2);
        SuiteRunner.Run compiled = SuiteRunner.execute(name, src, LanguageSuiteTest.timeout(), f.getParent());
        String a = elidedCount(new String(interpreted.stderr, StandardCharsets.UTF_8));
        String b = elidedCount(new String(compiled.stderr, StandardCharsets.UTF_8));
        if (!a.equals(b) || interpreted.status != compiled.status) {
          differ.add(name + ":\n--- interpreted (" + interpreted.status + ")\n" + a
              + "--- compiled (" + compiled.status + ")\n" + b);
        }
        if (a.contains(".gol:")) {
          compared++;
        }
      }
    } finally {
      Jit.setMode(mode);
    }
    assertEquals(List.of(), differ);
    assertTrue(compared >= 10, "only " + compared + " traces with lines were compared");
  }

  /**
   * A stack overflow's count of elided frames without its number. The stack is grown by doubling
   * up to the 1 GB limit, and a doubling the JVM cannot allocate is the same fault (G.ensure), so
   * the depth reached depends on how much of this test JVM's heap the rest of the suite holds at
   * that moment, not on the tier; the frames printed above and below the count are still compared.
   */
  private static String elidedCount(String trace) {
    if (!trace.contains("fatal error: stack overflow")) {
      return trace;
    }
    return trace.replaceAll("\\.\\.\\.\\d+ frames elided\\.\\.\\.", "...N frames elided...");
  }
}
