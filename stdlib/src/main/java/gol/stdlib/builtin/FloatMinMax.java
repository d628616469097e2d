package gol.stdlib.builtin;

import gol.runtime.Native;


/**
 * The float cases of the builtins min and max (two operands at a time; the compiler folds longer
 * argument lists). Go's rules are Java's Math.min/max: a NaN operand gives NaN, and -0 is less
 * than +0.
 */
public final class FloatMinMax {
  private FloatMinMax() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "fmin" -> (g, base) -> g.ls[base] = Double.doubleToRawLongBits(
          Math.min(Double.longBitsToDouble(g.ls[base]), Double.longBitsToDouble(g.ls[base + 1])));
      case "fmax" -> (g, base) -> g.ls[base] = Double.doubleToRawLongBits(
          Math.max(Double.longBitsToDouble(g.ls[base]), Double.longBitsToDouble(g.ls[base + 1])));
      default -> null;
    };
  }
}
