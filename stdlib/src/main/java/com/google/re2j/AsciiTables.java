package com.google.re2j;

/**
 * A compiled program's answers for ASCII input, made once per regexp for {@link Backtrack}: for
 * each instruction that consumes a rune, the ASCII runes it accepts (128 bits), so that the walk
 * tests a bit instead of re2j's range search; and the ASCII runes a match can begin with, so
 * that an unanchored search skips the positions where none can ({@code \d+} in a line of text).
 */
final class AsciiTables {
  /** Two words per instruction: bit c of the pair is whether the instruction accepts rune c. */
  final long[] accepts;
  /** The runes a match can start with (bits 0-63, 64-127); skipping is off when it may be empty. */
  final long first0;
  final long first1;
  /** Whether a match may consume no rune first (reach MATCH without consuming): no skipping. */
  final boolean mayStartAnywhere;

  private AsciiTables(long[] accepts, long first0, long first1, boolean mayStartAnywhere) {
    this.accepts = accepts;
    this.first0 = first0;
    this.first1 = first1;
    this.mayStartAnywhere = mayStartAnywhere;
  }

  static AsciiTables of(Prog prog) {
    int n = prog.numInst();
    long[] accepts = new long[2 * n];
    for (int pc = 0; pc < n; pc++) {
      Inst i = prog.inst[pc];
      if (!Inst.isRuneOp(i.op)) {
        continue;
      }
      for (int c = 0; c < 128; c++) {
        boolean ok = switch (i.op) {
          case Inst.RUNE1 -> c == i.runes[0];
          case Inst.RUNE_ANY -> true;
          case Inst.RUNE_ANY_NOT_NL -> c != '\n';
          default -> i.matchRune(c);
        };
        if (ok) {
          accepts[2 * pc + (c >>> 6)] |= 1L << c;
        }
      }
    }
    // the rune instructions reachable from the start without consuming a rune
    boolean[] seen = new boolean[n];
    int[] stack = new int[n];
    int top = 0;
    stack[top++] = prog.start;
    seen[prog.start] = true;
    long f0 = 0;
    long f1 = 0;
    boolean anywhere = false;
    while (top > 0) {
      int pc = stack[--top];
      Inst i = prog.inst[pc];
      int[] next = switch (i.op) {
        case Inst.ALT, Inst.ALT_MATCH -> new int[] {i.out, i.arg};
        case Inst.NOP, Inst.CAPTURE, Inst.EMPTY_WIDTH -> new int[] {i.out};
        default -> new int[0];
      };
      if (i.op == Inst.MATCH) {
        anywhere = true;
      } else if (Inst.isRuneOp(i.op)) {
        f0 |= accepts[2 * pc];
        f1 |= accepts[2 * pc + 1];
      }
      for (int t : next) {
        if (!seen[t]) {
          seen[t] = true;
          stack[top++] = t;
        }
      }
    }
    return new AsciiTables(accepts, f0, f1, anywhere);
  }

  /** Whether a match can begin with ASCII rune c. */
  boolean mayStartWith(int c) {
    return ((c < 64 ? first0 : first1) >>> c & 1) != 0;
  }

  /** Whether rune instruction pc accepts ASCII rune c. */
  boolean accepts(int pc, int c) {
    return (accepts[2 * pc + (c >>> 6)] >>> c & 1) != 0;
  }
}
