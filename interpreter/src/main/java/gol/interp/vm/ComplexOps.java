package gol.interp.vm;

import gol.runtime.Complex;
import gol.runtime.G;
import gol.runtime.Native;

/**
 * complex64/complex128 arithmetic as natives the compiler calls with CALLN: complex values are
 * rare enough that an opcode each would cost the dispatch loop more than it saves, and natives
 * run unchanged in the JIT tier. Operands are in slots base, base+1 (Complex objects in the
 * reference half, floats as raw bits in the long half); the result goes to slot base.
 * complex64 results are rounded to float32 parts, as Go narrows after computing in float64.
 */
public final class ComplexOps {
  private ComplexOps() {
  }

  public static final Native ADD = (g, b) -> g.rs[b] = c(g, b).add(c(g, b + 1));
  public static final Native SUB = (g, b) -> g.rs[b] = c(g, b).sub(c(g, b + 1));
  public static final Native MUL = (g, b) -> g.rs[b] = c(g, b).mul(c(g, b + 1));
  public static final Native DIV = (g, b) -> g.rs[b] = c(g, b).div(c(g, b + 1));
  public static final Native ADD64 = (g, b) -> g.rs[b] = c(g, b).add(c(g, b + 1)).to64();
  public static final Native SUB64 = (g, b) -> g.rs[b] = c(g, b).sub(c(g, b + 1)).to64();
  public static final Native MUL64 = (g, b) -> g.rs[b] = c(g, b).mul(c(g, b + 1)).to64();
  public static final Native DIV64 = (g, b) -> g.rs[b] = c(g, b).div(c(g, b + 1)).to64();
  public static final Native NEG = (g, b) -> g.rs[b] = c(g, b).neg();
  /** complex(re, im) from two float64 (or float32) values. */
  public static final Native MAKE = (g, b) -> g.rs[b] = new Complex(f(g, b), f(g, b + 1));
  public static final Native REAL = (g, b) -> g.ls[b] = Double.doubleToRawLongBits(c(g, b).re);
  public static final Native IMAG = (g, b) -> g.ls[b] = Double.doubleToRawLongBits(c(g, b).im);
  /** complex64(z): each part rounded to float32. */
  public static final Native TO64 = (g, b) -> g.rs[b] = c(g, b).to64();

  /** The natives of x op y for + - * / on complex128 (c64: complex64). */
  public static Native binary(char op, boolean c64) {
    switch (op) {
      case '+': return c64 ? ADD64 : ADD;
      case '-': return c64 ? SUB64 : SUB;
      case '*': return c64 ? MUL64 : MUL;
      case '/': return c64 ? DIV64 : DIV;
      default: throw new IllegalArgumentException("complex op " + op);
    }
  }

  private static Complex c(G g, int slot) {
    return (Complex) g.rs[slot];
  }

  private static double f(G g, int slot) {
    return Double.longBitsToDouble(g.ls[slot]);
  }
}
