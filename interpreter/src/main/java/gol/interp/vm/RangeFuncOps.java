package gol.interp.vm;

import gol.runtime.GoPanic;
import gol.runtime.Native;

/**
 * The run-time checks of range-over-func loops (Go 1.23): the states a loop's state cell goes
 * through and the panics of an iterator that calls yield when it must not. The compiler emits
 * the state changes inline; only a failed check calls {@link #FAIL}.
 */
public final class RangeFuncOps {
  private RangeFuncOps() {
  }

  /** yield may be called. */
  public static final int READY = 0;
  /** The loop body is running (and stays so if it panics). */
  public static final int BODY = 1;
  /** The body stopped the loop (break, return, or a jump out). */
  public static final int DONE = 2;
  /** The iterator function returned. */
  public static final int EXHAUSTED = 3;
  /** FAIL's code after the iterator returned normally with the state still BODY. */
  public static final int SWALLOWED = 4;

  /**
   * Defer statements in a loop body add their records to the enclosing function's defer list,
   * which lives in a register of that function's frame (Proto.deferReg): these three natives
   * let the body reach it by its absolute slot index (frames never move within a G's stack
   * arrays by index, even when the stack grows).
   */
  /** L[base] := base, the absolute index of the slot (the frame pointer plus the register). */
  public static final Native SLOT = (g, b) -> g.ls[b] = b;
  /** R[base] := the reference in the absolute slot L[base]. */
  public static final Native LOAD_SLOT = (g, b) -> g.rs[b] = g.rs[(int) g.ls[b]];
  /** The absolute slot L[base] := R[base]. */
  public static final Native STORE_SLOT = (g, b) -> g.rs[(int) g.ls[b]] = g.rs[b];

  /** Panics for the state in slot base (READY excluded) as Go's runtime does. */
  public static final Native FAIL = (g, b) -> {
    throw GoPanic.runtime(message((int) g.ls[b]));
  };

  static String message(int state) {
    switch (state) {
      case BODY: return "range function continued iteration after loop body panic";
      case DONE: return "range function continued iteration after function for loop body returned false";
      case EXHAUSTED: return "range function continued iteration after whole loop exit";
      default: return "range function recovered a loop body panic and did not resume panicking";
    }
  }
}
