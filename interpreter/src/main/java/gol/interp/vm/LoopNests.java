package gol.interp.vm;

import java.util.TreeMap;

/*
 * The loops of a function's bytecode, for the JIT tier: which loop nest an entry point of the
 * compiled code lies in, and where that nest is entered from outside (its natural header).
 *
 * Why: compiled code is entered not only at pc 0 but also where the interpreter resumes it (the
 * target of a backward jump after a safe point, the pc after a call, a channel operation). A
 * JVM method entered in the middle of a loop has a loop with two ways in, which C2 calls
 * irreducible and does not optimise (no counted loop, no range-check elimination, no
 * unrolling): bench/genericsum.gol's loop ran 2.5-3x slower whenever C2 had seen the loop
 * re-entered after a preemption. JitCompiler therefore enters such a point through a copy of
 * the nest's code from that point on, which goes back to the original code only at the
 * nest's natural header (see JitEmitter.entryLabel).
 *
 * A loop is the range [start, end] of a backward jump at end to start. The compiler's loops
 * either fall into their first instruction (the header is start) or jump forward to their
 * condition at the end (the header is the condition: for, range).
 */
final class LoopNests {
  /** The outermost loop around some pc: its range and its only way in from outside. */
  record Nest(int start, int end, int header) {
  }

  private final int[] code;
  /** Each loop's start and its end (the last backward jump to start). */
  private final TreeMap<Integer, Integer> loops = new TreeMap<>();

  LoopNests(int[] code) {
    this.code = code;
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      int j = target(pc);
      if (j >= 0 && j <= pc) {
        loops.merge(j, pc, Math::max);
      }
    }
  }

  boolean isEmpty() {
    return loops.isEmpty();
  }

  /**
   * The outermost loop around pc, or null when pc is in no loop, or when the loops around it
   * do not nest properly or the outermost one has more than one way in (gotos).
   */
  Nest outermost(int pc) {
    int start = -1;
    int end = -1;
    for (var l : loops.headMap(pc, true).entrySet()) {
      if (l.getValue() >= pc && (start < 0 || l.getKey() < start)) {
        start = l.getKey();
        end = l.getValue();
      }
    }
    if (start < 0) {
      return null;
    }
    for (var l : loops.entrySet()) { // every loop overlapping the nest lies inside it
      boolean overlaps = l.getKey() <= end && l.getValue() >= start;
      if (overlaps && (l.getKey() < start || l.getValue() > end)) {
        return null;
      }
    }
    if (!loops.subMap(start, false, end, true).isEmpty()) {
      // a nest with inner loops: copying it for each entry doubled the code of bench/structslice's
      // nested loops and made C2's result slower (3.3-4.0 s instead of 2.1-2.7 s) than the
      // irreducible loop it avoids, so only single loops are copied
      return null;
    }
    int header = header(start, end);
    return header < 0 ? null : new Nest(start, end, header);
  }

  /** The one pc of [start, end] that control enters from outside it, or -1. */
  private int header(int start, int end) {
    int header = start == 0 ? 0 : -1; // a call enters at pc 0
    for (int pc = 0; pc < code.length; pc += Op.size(code[pc])) {
      if (pc >= start && pc <= end) {
        continue;
      }
      for (int s : Op.successors(code, pc)) {
        if (s >= start && s <= end) {
          if (header >= 0 && header != s) {
            return -1;
          }
          header = s;
        }
      }
    }
    return header;
  }

  /** The jump operand of the instruction at pc, or -1. */
  private int target(int pc) {
    int i = Op.FORMAT[code[pc]].indexOf('j');
    return i < 0 ? -1 : code[pc + 1 + i];
  }
}
