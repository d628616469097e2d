package com.google.re2j;

import java.util.Arrays;

/**
 * A backtracking matcher for re2j's compiled programs, as Go's regexp uses one for small
 * programs on short inputs: a depth-first walk of the program in priority order, with a bit for
 * each (instruction, position) pair already explored so that no state is explored twice — so
 * the walk stays linear in program size times input length, as the NFA is, but without the
 * NFA's copying of every thread's captures at every step. re2j has only the NFA (its Machine):
 * a FindStringSubmatch of a 20-byte string against {@code (\w+)@(\w+)\.com} cost several times
 * what CPython's backtracking re does.
 *
 * Only leftmost-first matching (regexp.Compile) is done here: its result is the one match of
 * highest priority at the leftmost position, whatever walks the program, so it is the NFA's.
 * Leftmost-longest (CompilePOSIX, Longest) stays with the NFA, whose choice of submatches this
 * walk would not reproduce. A state explored from an earlier start position and left without a
 * match cannot match from a later one either, so the bits are kept across start positions.
 *
 * ASCII input (the common case, which gol's regexp searches as bytes) is read directly, tested
 * against {@link AsciiTables}' bits, and an unanchored search skips the positions no match can
 * begin at.
 *
 * One instance serves one search (it holds its stacks and bits): not shared between threads.
 */
final class Backtrack {
  /** The largest program walked (Go's limit too). */
  static final int MAX_PROG = 500;
  /** The most (instruction, position) bits one search may use. */
  private static final int MAX_BITS = 256 * 1024;

  private final RE2 re;
  private final Inst[] inst;
  /** The input: ASCII bytes read directly, or else through re2j's MachineInput. */
  private final byte[] ascii;
  private final MachineInput in;
  private final AsciiTables tables;
  private final int end;
  /** The number of instructions: the bit of (pc, p) is p * n + pc. */
  private final int n;
  /**
   * The explored states, position-major, so that a search from pos need only clear the
   * positions from pos to the furthest a search explored (hi): it never goes back before pos,
   * and found every bit beyond hi clear.
   */
  private final long[] visited;
  private int hi = -1;
  /** The captures of the path being walked ($0's ends included). */
  private int[] cap;
  /**
   * Pending work, two ints a job: an alternative (instruction, position) still to try, or a
   * capture to restore when the walk backs out past it (-1 - capture index, old value).
   */
  private int[] jobs = new int[32];
  private int njobs;

  private Backtrack(RE2 re, AsciiTables tables, byte[] ascii, MachineInput in, int end) {
    this.re = re;
    this.inst = re.prog.inst;
    this.tables = tables;
    this.ascii = ascii;
    this.in = in;
    this.end = end;
    this.n = re.prog.numInst();
    this.visited = new long[(n * (end + 1) + 63) >>> 6];
  }

  /**
   * A matcher for a search of {@code in} by {@code re} (whose program's tables are
   * {@code tables}), or null when the NFA must do it.
   */
  static Backtrack of(RE2 re, AsciiTables tables, MachineInput in) {
    return fits(re, in.endPos()) ? new Backtrack(re, tables, null, in, in.endPos()) : null;
  }

  /** As {@link #of}, for input that is all ASCII bytes. */
  static Backtrack ofAscii(RE2 re, AsciiTables tables, byte[] b) {
    return fits(re, b.length) ? new Backtrack(re, tables, b, null, b.length) : null;
  }

  private static boolean fits(RE2 re, int len) {
    int n = re.prog.numInst();
    return !re.longest && n <= MAX_PROG && len < MAX_BITS / n;
  }

  /**
   * The first match at or after {@code pos} (unanchored), as re2j's doExecute gives it: ncap
   * capture positions (-1 for groups that did not take part), an empty array when ncap is 0;
   * null for none.
   */
  int[] exec(int pos, int ncap) {
    int cond = re.cond;
    if (cond == Utils.EMPTY_ALL) {
      return null;
    }
    if (cap == null || cap.length != ncap) {
      cap = new int[ncap];
    }
    if (hi >= pos) {
      Arrays.fill(visited, (pos * n) >>> 6, ((hi + 1) * n + 63) >>> 6, 0);
    }
    hi = -1;
    if ((cond & Utils.EMPTY_BEGIN_TEXT) != 0) {
      return pos == 0 && tryAt(pos) ? cap.clone() : null;
    }
    boolean prefix = re.prefix != null && !re.prefix.isEmpty() && (ascii != null || in.canCheckPrefix());
    boolean skip = ascii != null && !tables.mayStartAnywhere;
    while (pos <= end) {
      if (prefix) {
        int at = ascii != null ? Utils.indexOf(ascii, re.prefixUTF8, pos) : in.index(re, pos);
        if (at < 0) {
          return null;
        }
        pos = ascii != null ? at : pos + at;
      } else if (skip) {
        while (pos < end && !tables.mayStartWith(ascii[pos])) {
          pos++;
        }
        if (pos == end) {
          return null; // (a match must consume a rune)
        }
      }
      if (tryAt(pos)) {
        return cap.clone();
      }
      int r = step(pos);
      if (r == MachineInput.EOF) {
        return null;
      }
      pos += r & 7;
    }
    return null;
  }

  /** Walks the program from its start at pos; true with cap set on a match. */
  private boolean tryAt(int pos) {
    Arrays.fill(cap, -1);
    if (cap.length > 0) {
      cap[0] = pos;
    }
    njobs = 0;
    push(re.prog.start, pos);
    while (njobs > 0) {
      njobs -= 2;
      int pc = jobs[njobs];
      int p = jobs[njobs + 1];
      if (pc < 0) {
        cap[-1 - pc] = p;
        continue;
      }
      walk:
      for (;;) {
        int bit = p * n + pc;
        long word = visited[bit >>> 6];
        long mask = 1L << bit;
        if ((word & mask) != 0) {
          break;
        }
        visited[bit >>> 6] = word | mask;
        if (p > hi) {
          hi = p;
        }
        Inst i = inst[pc];
        switch (i.op) {
          case Inst.ALT, Inst.ALT_MATCH -> {
            push(i.arg, p);
            pc = i.out;
          }
          case Inst.NOP -> pc = i.out;
          case Inst.CAPTURE -> {
            if (i.arg < cap.length) {
              push(-1 - i.arg, cap[i.arg]);
              cap[i.arg] = p;
            }
            pc = i.out;
          }
          case Inst.EMPTY_WIDTH -> {
            if ((i.arg & ~context(p)) != 0) {
              break walk;
            }
            pc = i.out;
          }
          case Inst.RUNE, Inst.RUNE1, Inst.RUNE_ANY, Inst.RUNE_ANY_NOT_NL -> {
            int r = step(p);
            int c = r >> 3;
            if (r == MachineInput.EOF || !(c < 128 ? tables.accepts(pc, c) : matches(i, c))) {
              break walk;
            }
            p += r & 7;
            pc = i.out;
          }
          case Inst.MATCH -> {
            if (cap.length > 1) {
              cap[1] = p;
            }
            return true;
          }
          default -> {
            break walk; // FAIL
          }
        }
      }
    }
    return false;
  }

  /** The input's rune and width at pos, as MachineInput.step gives them (EOF at the end). */
  int step(int pos) {
    if (ascii == null) {
      return in.step(pos);
    }
    return pos < end ? ascii[pos] << 3 | 1 : MachineInput.EOF;
  }

  /** The empty-width conditions that hold at pos, as MachineInput.context gives them. */
  private int context(int pos) {
    if (ascii == null) {
      return in.context(pos);
    }
    return Utils.emptyOpContext(pos > 0 ? ascii[pos - 1] : -1, pos < end ? ascii[pos] : -1);
  }

  private static boolean matches(Inst i, int rune) {
    return switch (i.op) {
      case Inst.RUNE1 -> rune == i.runes[0];
      case Inst.RUNE_ANY -> true;
      case Inst.RUNE_ANY_NOT_NL -> rune != '\n';
      default -> i.matchRune(rune);
    };
  }

  private void push(int a, int b) {
    if (njobs + 2 > jobs.length) {
      jobs = Arrays.copyOf(jobs, 2 * jobs.length);
    }
    jobs[njobs] = a;
    jobs[njobs + 1] = b;
    njobs += 2;
  }
}
