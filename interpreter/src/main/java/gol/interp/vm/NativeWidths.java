package gol.interp.vm;

import gol.runtime.Native;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many stack slots from a call's base a native reads and writes: max(argument slots,
 * results), recorded by the compiler as it binds a native to a bodiless gol declaration, whose
 * signature it knows. Compiled code writes back only these registers before a CALLN and reads
 * back only these after it (JitCalls.native_) — the compiler's registers at and past a call's
 * base belong to the call, and are dead past its width. A native not recorded (the compiler's
 * own helpers, builtins) is taken to see the whole rest of the frame. The compiler records as it
 * compiles (before the program runs, or a REPL line); the JIT thread reads.
 */
public final class NativeWidths {
  private static final ConcurrentHashMap<Native, Integer> WIDTHS = new ConcurrentHashMap<>();

  private NativeWidths() {
  }

  /**
   * Records that a call of n at base reads or writes slots base..base+width-1 and no others
   * (a native bound twice, as a REPL binds again, keeps the larger).
   */
  public static void record(Native n, int width) {
    Integer old = WIDTHS.putIfAbsent(n, width);
    if (old != null && old < width) {
      WIDTHS.put(n, width);
    }
  }

  /** The recorded width of native n (a CALLN's constant), or -1: unknown. */
  static int of(Object n) {
    Integer w = n instanceof Native ? WIDTHS.get(n) : null;
    return w == null ? -1 : w;
  }
}
