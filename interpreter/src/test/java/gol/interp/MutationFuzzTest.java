package gol.interp;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gol.interp.compile.Program;
import gol.interp.diag.Diagnostics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Bad input never reaches the user as a Java exception: thousands of mutated versions of the
 * suite's programs (a token deleted, two identifiers swapped, a token duplicated, the file
 * truncated) go through the parser, the type checker and the compiler, and each must end either
 * in gol compile errors or in a compiled program. Deterministic: a fixed seed per run.
 */
class MutationFuzzTest {
  private static final int MUTATIONS = 3000;
  private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*|\\d+|\"[^\"\\n]*\"|:=|<-|&&|\\|\\||[{}()\\[\\];,.=+\\-*/<>!&|^%]");
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

  @Test
  void mutatedProgramsCompileOrReportErrors() {
    List<String> sources = suiteSources();
    assertTrue(sources.size() > 50, "the suite should have programs to mutate");
    Random rnd = new Random(20261122);
    int compiled = 0;
    int rejected = 0;
    for (int i = 0; i < MUTATIONS; i++) {
      String src = sources.get(rnd.nextInt(sources.size()));
      String mutant = mutate(src, rnd);
      Diagnostics diags = new Diagnostics();
      Program p;
      try {
        p = Pipeline.compile("fuzz.gol", mutant, diags);
      } catch (Throwable t) {
        fail("mutant " + i + " crashed the pipeline with " + t + "\n--- source ---\n" + mutant, t);
        return;
      }
      if (p == null) {
        assertTrue(diags.hasErrors(), "a failed compilation must report an error\n" + mutant);
        assertTrue(diags.report().startsWith("fuzz.gol:") || diags.report().startsWith("gol/std/"),
            "errors are reported as file:line:col: message, got " + diags.report());
        rejected++;
      } else {
        compiled++;
      }
    }
    // the mutations must exercise both outcomes, or the test proves little
    assertTrue(rejected > MUTATIONS / 4, "rejected " + rejected);
    assertTrue(compiled > 10, "compiled " + compiled);
  }

  private static String mutate(String src, Random rnd) {
    List<int[]> toks = new ArrayList<>();
    Matcher m = TOKEN.matcher(src);
    while (m.find()) {
      toks.add(new int[] {m.start(), m.end()});
    }
    if (toks.isEmpty()) {
      return src;
    }
    int[] t = toks.get(rnd.nextInt(toks.size()));
    switch (rnd.nextInt(4)) {
      case 0: // delete a token
        return src.substring(0, t[0]) + src.substring(t[1]);
      case 1: { // swap an identifier for another one of the same file
        List<int[]> ids = new ArrayList<>();
        for (int[] x : toks) {
          if (IDENT.matcher(src.substring(x[0], x[1])).matches()) {
            ids.add(x);
          }
        }
        if (ids.size() < 2) {
          return src.substring(0, t[0]);
        }
        int[] a = ids.get(rnd.nextInt(ids.size()));
        int[] b = ids.get(rnd.nextInt(ids.size()));
        return src.substring(0, a[0]) + src.substring(b[0], b[1]) + src.substring(a[1]);
      }
      case 2: // duplicate a token
        return src.substring(0, t[1]) + " " + src.substring(t[0], t[1]) + src.substring(t[1]);
      default: // truncate
        return src.substring(0, t[0]);
    }
  }

  private static List<String> suiteSources() {
    Path root = Path.of(System.getProperty("gol.root", ".."));
    List<String> out = new ArrayList<>();
    for (String dir : new String[] {"tests", "examples"}) {
      try (Stream<Path> files = Files.walk(root.resolve(dir))) {
        files.filter(f -> f.toString().endsWith(".gol")).sorted().forEach(f -> {
          try {
            String s = Files.readString(f);
            int cut = s.indexOf("\n// Output:");
            int cut2 = s.indexOf("\n// Error:");
            int end = cut < 0 ? cut2 : cut2 < 0 ? cut : Math.min(cut, cut2);
            out.add(end < 0 ? s : s.substring(0, end));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }
}
