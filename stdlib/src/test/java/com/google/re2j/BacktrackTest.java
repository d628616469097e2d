package com.google.re2j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The backtracker against re2j's NFA: for leftmost-first matching both must find the same
 * matches with the same submatches, on every regexp and input. Regexps and inputs are generated
 * from small alphabets (so that they match often, at several places, with empty matches,
 * anchors, word boundaries, lazy and greedy repetitions and alternations that overlap).
 */
class BacktrackTest {
  private static final String[] ATOMS = {"a", "b", "c", ".", "[ab]", "[^a]", "\\w", "\\s", "\\b", "\\B",
      "^", "$", "x", "é", "\\d", "(?i:A)", "[a-c]"};

  private static String regexp(Random r, int depth) {
    if (depth > 3 || r.nextInt(4) == 0) {
      return ATOMS[r.nextInt(ATOMS.length)];
    }
    String sub = regexp(r, depth + 1);
    return switch (r.nextInt(9)) {
      case 0 -> sub + regexp(r, depth + 1);
      case 1 -> sub + "|" + regexp(r, depth + 1);
      case 2 -> "(" + sub + ")";
      case 3 -> "(" + sub + ")*";
      case 4 -> "(?:" + sub + ")+?";
      case 5 -> "(" + sub + ")?";
      case 6 -> "(" + sub + "){1,3}";
      case 7 -> "(?P<n" + depth + ">" + sub + ")*?";
      default -> sub + regexp(r, depth + 1) + "+";
    };
  }

  private static String input(Random r, String alphabet) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(r.nextBoolean() ? 12 : 70);
    for (int i = 0; i < n; i++) {
      b.append(alphabet.charAt(r.nextInt(alphabet.length())));
    }
    return b.toString();
  }

  private static List<String> show(List<int[]> all) {
    List<String> out = new ArrayList<>();
    if (all != null) {
      for (int[] m : all) {
        out.add(java.util.Arrays.toString(m));
      }
    }
    return out;
  }

  @Test
  void findsWhatTheNfaFinds() {
    Random r = new Random(26);
    int compared = 0;
    for (int k = 0; k < 3000; k++) {
      String expr = regexp(r, 0);
      GoRegexp g;
      try {
        g = GoRegexp.compile(expr, false, false);
      } catch (PatternSyntaxException e) {
        continue;
      }
      RE2 re = RE2.compileImpl(expr, RE2.PERL, false);
      for (int j = 0; j < 8; j++) {
        String ascii = input(r, "abc x\nA1_");
        byte[] b = ascii.getBytes(StandardCharsets.UTF_8);
        AsciiTables tables = AsciiTables.of(re.prog);
        assertNotNull(Backtrack.of(re, tables, MachineInput.fromUTF8(b)), expr);
        assertNotNull(Backtrack.ofAscii(re, tables, b), expr);
        List<String> nfa = show(re.findAllUTF8SubmatchIndex(b, -1));
        assertEquals(nfa, show(g.findAllAscii(b, -1)), expr + " on " + ascii);
        assertEquals(show(re.findAllUTF8SubmatchIndex(b, 2)), show(g.findAllAscii(b, 2)), expr + " on " + ascii);
        assertEquals(re.matchUTF8(b), g.matchAscii(b), expr + " on " + ascii);
        String text = input(r, "abé x\nxAé");
        assertEquals(show(re.findAllSubmatchIndex(text, -1)), show(g.findAll(text, -1)), expr + " on " + text);
        assertEquals(re.match(text), g.match(text), expr + " on " + text);
        compared++;
      }
    }
    assertEquals(true, compared > 10000, "compared " + compared);
  }

  /** Leftmost-longest, big programs and long inputs are left to the NFA. */
  @Test
  void leavesTheRestToTheNfa() {
    byte[] shortInput = "abc".getBytes(StandardCharsets.UTF_8);
    RE2 posix = RE2.compilePOSIX("a+");
    assertNull(Backtrack.ofAscii(posix, AsciiTables.of(posix.prog), shortInput));
    RE2 big = RE2.compileImpl("a{400}b{400}", RE2.PERL, false);
    assertNull(Backtrack.ofAscii(big, AsciiTables.of(big.prog), shortInput));
    RE2 small = RE2.compileImpl("(a+)b", RE2.PERL, false);
    assertNull(Backtrack.of(small, AsciiTables.of(small.prog), MachineInput.fromUTF8(new byte[100_000])));
    assertNotNull(Backtrack.of(small, AsciiTables.of(small.prog), MachineInput.fromUTF8(shortInput)));
  }
}
