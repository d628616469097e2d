package gol.stdlib.builtin;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.stdlib.Addr;
import gol.stdlib.ByteBuf;
import gol.stdlib.Variadic;
import java.io.PrintStream;

/**
 * The builtins {@code print} and {@code println}: Go's runtime print routines (runtime/print.go),
 * writing to standard error, unbuffered. {@code println} puts a space between operands and a
 * newline after; {@code print} puts nothing between them.
 *
 * <p><b>Operands.</b> The compiler passes the operands as one {@code []any}-shaped {@link Slice}
 * of {@link Iface}, each carrying the operand's <em>static</em> type. An operand whose static
 * type is an interface arrives as an Iface of that interface type (kind INTERFACE) whose
 * {@code ref} is the interface value itself (an Iface, or null when nil): Go prints the
 * interface's two words, {@code (0x4a1b20,0xc000012345)}, not the value inside, so the printer
 * must know it was an interface. A null element also prints as a nil interface.
 *
 * <p>Formats: integers in decimal; floats as {@code +1.500000e+000} (sign, one digit, six more,
 * a three-digit exponent), {@code NaN}, {@code +Inf}, {@code -Inf}; bools as true/false; strings
 * raw; pointers, maps, channels and funcs as hex addresses ({@code 0x0} for nil); slices as
 * {@code [len/cap]0xaddr}. Addresses are made up ({@link Addr}).
 */
public final class Print {
  private Print() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "print" -> Print::print;
      case "println" -> Print::println;
      default -> null;
    };
  }

  /** print(args ...) */
  static void print(G g, int base) {
    write(g, format(Variadic.of(g.rs[base]), false));
  }

  /** println(args ...) */
  static void println(G g, int base) {
    write(g, format(Variadic.of(g.rs[base]), true));
  }

  private static void write(G g, ByteBuf b) {
    PrintStream err = g.machine.stderr;
    err.write(b.array(), 0, b.length());
    err.flush();
  }

  /** The text print ({@code ln} false) or println writes for {@code operands}. */
  public static ByteBuf format(Object[] operands, boolean ln) {
    ByteBuf b = new ByteBuf();
    for (int i = 0; i < operands.length; i++) {
      if (ln && i > 0) {
        b.put(' ');
      }
      appendOperand(b, operands[i]);
    }
    if (ln) {
      b.put('\n');
    }
    return b;
  }

  /** One operand as the runtime prints it. */
  public static void appendOperand(ByteBuf b, Object operand) {
    if (!(operand instanceof Iface v)) {
      b.ascii("(0x0,0x0)");
      return;
    }
    RType.Kind k = v.type.kind;
    switch (k) {
      case INTERFACE -> appendInterface(b, v.ref);
      case BOOL -> b.ascii(v.bits != 0 ? "true" : "false");
      case FLOAT32, FLOAT64 -> appendFloat(b, Double.longBitsToDouble(v.bits));
      case COMPLEX64, COMPLEX128 -> { // runtime.printcomplex: (re im i), each part as printfloat
        gol.runtime.Complex c = (gol.runtime.Complex) v.ref;
        b.put('(');
        appendFloat(b, c.re);
        appendFloat(b, c.im);
        b.ascii("i)");
      }
      case STRING -> b.put((GoString) v.ref);
      case POINTER, CHAN, MAP, FUNC, UNSAFE_POINTER -> appendHex(b, Addr.of(v.ref));
      case SLICE -> {
        Slice s = (Slice) v.ref;
        b.put('[').ascii(Integer.toString(s == null ? 0 : s.len)).put('/')
            .ascii(Integer.toString(s == null ? 0 : s.cap)).put(']');
        appendHex(b, s == null ? 0 : Addr.of(s.array));
      }
      default -> {
        if (k.isSigned()) {
          b.ascii(Long.toString(v.bits));
        } else if (k.isUnsigned()) {
          b.ascii(Long.toUnsignedString(v.bits));
        } else {
          b.put('?').utf8(v.type.name).put('?');
        }
      }
    }
  }

  /** An interface's two words: the type (or itab) and the data pointer. */
  private static void appendInterface(ByteBuf b, Object inner) {
    if (!(inner instanceof Iface v)) {
      b.ascii("(0x0,0x0)");
      return;
    }
    b.put('(');
    appendHex(b, Addr.ofType(v.type));
    b.put(',');
    appendHex(b, Addr.of(v.ref != null ? v.ref : v));
    b.put(')');
  }

  /** runtime.printhex: 0x and lower-case hex digits, at least one. */
  public static void appendHex(ByteBuf b, long v) {
    b.ascii("0x").ascii(Long.toHexString(v));
  }

  /**
   * runtime.printfloat: {@code ±d.dddddde±ddd}. The digits come from Go's own loop — scale into
   * [1, 10) by repeated multiplication or division by 10, add half a unit of the 7th digit, then
   * peel off digits — with the same IEEE double arithmetic, so the (sometimes inexact) last digit
   * matches Go's bit for bit.
   */
  public static void appendFloat(ByteBuf b, double v) {
    if (v != v) {
      b.ascii("NaN");
      return;
    }
    if (v + v == v && v > 0) {
      b.ascii("+Inf");
      return;
    }
    if (v + v == v && v < 0) {
      b.ascii("-Inf");
      return;
    }
    final int n = 7; // digits printed
    byte[] buf = new byte[n + 7];
    buf[0] = '+';
    int e = 0;
    if (v == 0) {
      if (1 / v < 0) {
        buf[0] = '-';
      }
    } else {
      if (v < 0) {
        v = -v;
        buf[0] = '-';
      }
      while (v >= 10) { // normalize
        e++;
        v /= 10;
      }
      while (v < 1) {
        e--;
        v *= 10;
      }
      double h = 5.0; // round
      for (int i = 0; i < n; i++) {
        h /= 10;
      }
      v += h;
      if (v >= 10) {
        e++;
        v /= 10;
      }
    }
    for (int i = 0; i < n; i++) {
      int s = (int) v;
      buf[i + 2] = (byte) (s + '0');
      v -= s;
      v *= 10;
    }
    buf[1] = buf[2];
    buf[2] = '.';
    buf[n + 2] = 'e';
    buf[n + 3] = '+';
    if (e < 0) {
      e = -e;
      buf[n + 3] = '-';
    }
    buf[n + 4] = (byte) (e / 100 + '0');
    buf[n + 5] = (byte) (e / 10 % 10 + '0');
    buf[n + 6] = (byte) (e % 10 + '0');
    b.put(buf, 0, buf.length);
  }
}
