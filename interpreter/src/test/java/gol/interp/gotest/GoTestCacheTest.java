package gol.interp.gotest;

import static gol.interp.gotest.GoTestTest.expected;
import static gol.interp.gotest.GoTestTest.fixture;
import static gol.interp.gotest.GoTestTest.gotest;
import static gol.interp.gotest.GoTestTest.norm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ProgramCache;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gol test's compiled test programs kept in the program cache: a second run of the same files
 * runs the stored program (no check, compile or vet), and any edited file — the package's, a
 * test file, a local package it imports — is a miss that sees the edit.
 */
class GoTestCacheTest {
  @AfterEach
  void reset() {
    GoTest.useProgramCache(null);
    ProgramCache.setMode(-1);
  }

  private static void write(Path p, String text) throws IOException {
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  /** The one stored entry, marked old, so that a run that stores again is seen to. */
  private static File markEntry(Path cache) {
    File[] entries = cache.toFile().listFiles();
    assertEquals(1, entries == null ? 0 : entries.length, "entries in " + cache);
    assertTrue(entries[0].setLastModified(1_000_000L));
    return entries[0];
  }

  @Test
  void aSecondRunUsesTheStoredProgramAndAnEditIsSeen(@TempDir Path dir) throws Exception {
    Path cache = dir.resolve("progs");
    GoTest.useProgramCache(ProgramCache.open(cache, "stamp"));
    Path mod = dir.resolve("mod");
    write(mod.resolve("go.mod"), "module example.com/m\n\ngo 1.23\n");
    write(mod.resolve("util/util.gol"), "package util\n\nfunc Twice(n int) int { return 2 * n }\n");
    write(mod.resolve("calc/calc.gol"), """
        package calc

        import "example.com/m/util"

        func Quad(n int) int { return util.Twice(util.Twice(n)) }
        """);
    Path test = mod.resolve("calc/calc_test.gol");
    write(test, """
        package calc

        import "testing"

        func TestQuad(t *testing.T) {
        	if got := Quad(3); got != 12 {
        		t.Fatalf("Quad(3) = %d", got)
        	}
        }
        """);
    String pkg = mod.resolve("calc").toString();
    GoTestTest.Run first = gotest(pkg);
    assertEquals(0, first.status(), first.out() + first.err());
    assertEquals("ok  \texample.com/m/calc\tX\n", norm(first.out()));
    File entry = markEntry(cache);

    GoTestTest.Run hit = gotest(pkg);
    assertEquals(norm(first.out()), norm(hit.out()));
    assertEquals(1_000_000L, entry.lastModified(), "the second run stored its program again");

    // an edited local package is a miss, and the program sees it
    write(mod.resolve("util/util.gol"), "package util\n\nfunc Twice(n int) int { return 2*n + 1 }\n");
    GoTestTest.Run edited = gotest(pkg);
    assertEquals(1, edited.status());
    assertTrue(edited.out().contains("Quad(3) = 15"), edited.out());
    // and so is an edited test file, whose program is stored in the package's entry
    File marked = markEntry(cache);
    write(test, Files.readString(test).replace("got != 12", "got != 15"));
    GoTestTest.Run fixed = gotest(pkg);
    assertEquals(0, fixed.status(), fixed.out());
    assertNotEquals(1_000_000L, marked.lastModified(), "the edited package's program was not stored");
  }

  @Test
  void vetChecksArePartOfTheKey(@TempDir Path dir) throws Exception {
    Path cache = dir.resolve("progs");
    GoTest.useProgramCache(ProgramCache.open(cache, "stamp"));
    Path pkg = dir.resolve("p");
    write(pkg.resolve("p_test.gol"), """
        package p

        import (
        	"fmt"
        	"testing"
        )

        func TestP(t *testing.T) {
        	fmt.Printf("%d\\n", "x")
        }
        """);
    GoTestTest.Run off = gotest("-vet=off", pkg.toString());
    assertEquals(0, off.status(), off.out() + off.err());
    // stored with vet off: the default checks must still run, and fail the build
    GoTestTest.Run vetted = gotest(pkg.toString());
    assertEquals(1, vetted.status());
    assertTrue(vetted.err().contains("fmt.Printf format %d has arg \"x\" of wrong type string"), vetted.err());
  }

  /**
   * The fixture packages print what go test printed (GoTestTest's expectations) with their
   * programs written and read back by the codec, as a cache hit runs them.
   */
  @Test
  void theCodecKeepsTheFixturePrograms() throws Exception {
    ProgramCache.setMode(2);
    GoTestTest.Run calc = gotest(fixture("calc").toString());
    assertEquals(expected("calc/expected.txt"), norm(calc.out()));
    GoTestTest.Run shapes = gotest("-v", "-run", "Test[^P]|Example|Fuzz", fixture("shapes").toString());
    assertEquals(expected("shapes/expected-v.txt"), norm(shapes.out()));
    GoTestTest.Run tb = gotest("-v", fixture("tbhelper").toString());
    assertEquals(expected("tbhelper/expected-v.txt"), norm(tb.out()));
    GoTestTest.Run env = gotest("-v", "-shuffle", "42", fixture("envshuffle").toString());
    assertEquals(expected("envshuffle/expected-shuffle-v.txt"), norm(env.out()));
  }
}
