package gol.interp.vm;

import gol.runtime.Complex;
import gol.runtime.G;
import gol.runtime.IndexedNative;
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

  public static final Native ADD = new Op(0);
  public static final Native SUB = new Op(1);
  public static final Native MUL = new Op(2);
  public static final Native DIV = new Op(3);
  public static final Native ADD64 = new Op(4);
  public static final Native SUB64 = new Op(5);
  public static final Native MUL64 = new Op(6);
  public static final Native DIV64 = new Op(7);
  public static final Native NEG = new Op(8);
  /** complex(re, im) from two float64 (or float32) values. */
  public static final Native MAKE = new Op(9);
  public static final Native REAL = new Op(10);
  public static final Native IMAG = new Op(11);
  /** complex64(z): each part rounded to float32. */
  public static final Native TO64 = new Op(12);

  /**
   * The operations, told apart by a switch in one class: thirteen lambdas would cost the start-up
   * of every program whose code (its standard packages' included) does complex arithmetic a
   * lambda linkage each.
   */
  private static final class Op extends IndexedNative {
    Op(int which) {
      super(which);
    }

    @Override
    public void call(G g, int b) {
      switch (which) {
        case 0 -> g.rs[b] = c(g, b).add(c(g, b + 1));
        case 1 -> g.rs[b] = c(g, b).sub(c(g, b + 1));
        case 2 -> g.rs[b] = c(g, b).mul(c(g, b + 1));
        case 3 -> g.rs[b] = c(g, b).div(c(g, b + 1));
        case 4 -> g.rs[b] = c(g, b).add(c(g, b + 1)).to64();
        case 5 -> g.rs[b] = c(g, b).sub(c(g, b + 1)).to64();
        case 6 -> g.rs[b] = c(g, b).mul(c(g, b + 1)).to64();
        case 7 -> g.rs[b] = c(g, b).div(c(g, b + 1)).to64();
        case 8 -> g.rs[b] = c(g, b).neg();
        case 9 -> g.rs[b] = new Complex(f(g, b), f(g, b + 1));
        case 10 -> g.ls[b] = Double.doubleToRawLongBits(c(g, b).re);
        case 11 -> g.ls[b] = Double.doubleToRawLongBits(c(g, b).im);
        default -> g.rs[b] = c(g, b).to64();
      }
    }
  }

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
