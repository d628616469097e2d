package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bad input never reaches the user as a Java exception: a short run of the mutation fuzzing
 * campaign (FuzzCampaign: token and line mutations of the suite's and the examples' programs)
 * through the parser, the type checker and the compiler. Each mutant must end in gol compile
 * errors or a compiled program, within a time limit. Deterministic: a fixed seed. The long
 * campaign runs outside CI (tools/fuzz.sh).
 */
class MutationFuzzTest {
  private static final int MUTATIONS = 3000;

  @Test
  void mutatedProgramsCompileOrReportErrors() {
    List<String> sources = FuzzCampaign.sources(Path.of(System.getProperty("gol.root", "..")));
    assertTrue(sources.size() > 50, "the suite should have programs to mutate");
    FuzzCampaign.Result r = FuzzCampaign.run(sources, MUTATIONS, 20261122, 20_000, null, false);
    assertEquals(0, r.crashes + r.hangs, r + "\n" + r.findings);
    // the mutations must exercise both outcomes, or the test proves little
    assertTrue(r.rejected > MUTATIONS / 4, r.toString());
    assertTrue(r.compiled > 10, r.toString());
  }
}
