package gol.interp.vm;

import gol.runtime.GoString;
import java.util.HashMap;

/**
 * The table of a SWITCH_S instruction: a switch on a string whose cases are all constant
 * strings jumps straight to the matching clause, found by one hash lookup (the string's hash is
 * cached in it), instead of comparing the tag with each case in turn. Go's cases are distinct
 * constants, so the order the source lists them in cannot change which one matches.
 */
public final class StrSwitch {
  private final HashMap<GoString, Integer> cases = new HashMap<>();
  /** The pc of each case's clause, by case number (filled in as the clauses are compiled). */
  final int[] targets;

  /** A table for the clauses of {@code keys[i]} (the case number of each key is its index). */
  public StrSwitch(GoString[] keys) {
    targets = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      cases.putIfAbsent(keys[i], i); // (a duplicate case is a compile error; the first would win)
    }
  }

  /** Sets the pc of case i's clause. */
  public void setTarget(int i, int pc) {
    targets[i] = pc;
  }

  /** The case number of s, or -1 when no case matches. */
  public int caseOf(GoString s) {
    Integer i = cases.get(s);
    return i == null ? -1 : i;
  }

  /** The pc of the clause s selects, or -1 (no case matches: the next instruction). */
  int target(GoString s) {
    int i = caseOf(s);
    return i < 0 ? -1 : targets[i];
  }

  @Override
  public String toString() {
    return "switch on " + targets.length + " strings";
  }
}
