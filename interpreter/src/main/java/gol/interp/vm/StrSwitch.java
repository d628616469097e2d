package gol.interp.vm;

import gol.runtime.GoString;

/**
 * The table of a SWITCH_S instruction: a switch on a string whose cases are all constant
 * strings jumps straight to the matching clause instead of comparing the tag with each case in
 * turn. Go's cases are distinct constants, so the order the source lists them in cannot change
 * which one matches.
 *
 * <p>The table is open-addressed on the string's hash, which a GoString caches: a tag that is
 * switched on again (a token kept in a slice, a constant) costs one load, and a fresh one is
 * hashed once (as a map lookup with it would). Slots hold the keys' hashes, so a probe compares
 * bytes only for the one key whose hash matches.
 */
public final class StrSwitch {
  /** The case string in each slot, or null. */
  private final GoString[] keys;
  /** The hash of each slot's key. */
  private final int[] hashes;
  /** The case number of each slot's key. */
  private final int[] caseNo;
  private final int mask;
  /** The pc of each case's clause, by case number (filled in as the clauses are compiled). */
  final int[] targets;

  /** A table for the clauses of {@code keys[i]} (the case number of each key is its index). */
  public StrSwitch(GoString[] cases) {
    targets = new int[cases.length];
    int size = Integer.highestOneBit(Math.max(4, cases.length * 4 - 1)) * 2; // at most a quarter full
    keys = new GoString[size];
    hashes = new int[size];
    caseNo = new int[size];
    mask = size - 1;
    for (int i = 0; i < cases.length; i++) {
      if (caseOf(cases[i]) >= 0) {
        continue; // (a duplicate case is a compile error; the first would win)
      }
      int j = slot(cases[i].hashCode());
      while (keys[j] != null) {
        j = (j + 1) & mask;
      }
      keys[j] = cases[i];
      hashes[j] = cases[i].hashCode();
      caseNo[j] = i;
    }
  }

  /** Where a string with hash h is first looked for. */
  private int slot(int h) {
    h *= 0x9E3779B1;
    return (h ^ (h >>> 15)) & mask;
  }

  /** The case strings by case number (a duplicate, which is a compile error, comes back as null). */
  GoString[] cases() {
    GoString[] cases = new GoString[targets.length];
    for (int j = 0; j < keys.length; j++) {
      if (keys[j] != null) {
        cases[caseNo[j]] = keys[j];
      }
    }
    return cases;
  }

  /** Sets the pc of case i's clause. */
  public void setTarget(int i, int pc) {
    targets[i] = pc;
  }

  /** The case number of s, or -1 when no case matches. */
  public int caseOf(GoString s) {
    int h = s.hashCode();
    for (int j = slot(h); ; j = (j + 1) & mask) {
      GoString k = keys[j];
      if (k == null) {
        return -1;
      }
      if (hashes[j] == h && (k == s || k.len == s.len && sameBytes(k, s, s.len))) {
        return caseNo[j];
      }
    }
  }

  /** Whether the n bytes of a and b are equal (a plain loop: case strings are short). */
  private static boolean sameBytes(GoString a, GoString b, int n) {
    byte[] x = a.bytes;
    byte[] y = b.bytes;
    int i = a.off;
    int j = b.off;
    for (int end = i + n; i < end; i++, j++) {
      if (x[i] != y[j]) {
        return false;
      }
    }
    return true;
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
