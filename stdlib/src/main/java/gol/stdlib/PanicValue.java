package gol.stdlib;

import gol.runtime.GoError;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.stdlib.builtin.Print;

/**
 * The text Go prints after {@code "panic: "} for an unrecovered panic value (runtime's
 * {@code printpanicval} after {@code preprintpanics}):
 *
 * <ul>
 *   <li>an error: its Error() text ({@link GoError}; a {@link gol.runtime.RuntimeError} gives
 *       {@code runtime error: ...});
 *   <li>a string: the string itself, no quotes ({@code panic("boom")} → {@code panic: boom});
 *   <li>a value of an unnamed basic type: as builtin print prints it ({@code panic(42)} →
 *       {@code 42}, {@code panic(1.5)} → {@code +1.500000e+000}, {@code panic(true)} → true);
 *   <li>a value of a named basic type: the type and the value,
 *       {@code main.T(5)}, {@code main.S("x")}, {@code main.F(+1.500000e+000)};
 *   <li>anything else: {@code (main.T) 0xc000012345} — the type and the data address;
 *   <li>nil: {@code nil}. (Since Go 1.21 {@code panic(nil)} panics with a
 *       {@code *runtime.PanicNilError} instead, whose text is
 *       {@code panic called with nil argument}; making that value is the VM's job.)
 * </ul>
 *
 * Newlines in strings (including Error/String results) are followed by a tab, so the panic text
 * cannot be mistaken for the goroutine trace that follows (Go 1.23's {@code printindented}).
 *
 * <p><b>Methods written in gol.</b> Go calls a value's Error or String method before printing
 * (preprintpanics). Natives cannot call gol code, so the VM must do that: call the method and pass
 * the resulting string (an Iface of type string) here instead of the original value.
 */
public final class PanicValue {
  private PanicValue() {
  }

  /** The text after {@code "panic: "} for panic value {@code value} (Iface, GoError or null). */
  public static GoString format(Object value) {
    ByteBuf b = new ByteBuf();
    append(b, value);
    return b.toGoString();
  }

  public static void append(ByteBuf b, Object value) {
    if (value == null) {
      b.ascii("nil");
    } else if (value instanceof GoError e) {
      indented(b, e.error());
    } else if (value instanceof Iface v) {
      if (v.ref instanceof GoError e) {
        indented(b, e.error());
      } else if (v.type.named) {
        customType(b, v);
      } else if (v.type.kind == RType.Kind.STRING) {
        indented(b, (GoString) v.ref);
      } else if (isBasic(v.type.kind) || isComplex(v.type.kind)) {
        Print.appendOperand(b, v);
      } else {
        other(b, v);
      }
    } else {
      throw new IllegalArgumentException("PanicValue.format: not a gol value: " + value.getClass());
    }
  }

  /** runtime.printanycustomtype: a value of a named type. */
  private static void customType(ByteBuf b, Iface v) {
    RType.Kind k = v.type.kind;
    if (k == RType.Kind.STRING) {
      b.utf8(v.type.name).ascii("(\"");
      indented(b, (GoString) v.ref);
      b.ascii("\")");
    } else if (isBasic(k)) {
      b.utf8(v.type.name).put('(');
      Print.appendOperand(b, new Iface(unnamed(k), v.bits, v.ref));
      b.put(')');
    } else if (isComplex(k)) {
      b.utf8(v.type.name); // the complex operand brings its own parentheses
      Print.appendOperand(b, new Iface(unnamed(k), v.bits, v.ref));
    } else {
      other(b, v);
    }
  }

  /** The default: "(T) 0xaddr". */
  private static void other(ByteBuf b, Iface v) {
    b.put('(').utf8(v.type.name).ascii(") ");
    Print.appendHex(b, Addr.of(v.ref != null ? v.ref : v));
  }

  private static boolean isComplex(RType.Kind k) {
    return k == RType.Kind.COMPLEX64 || k == RType.Kind.COMPLEX128;
  }

  private static boolean isBasic(RType.Kind k) {
    return k.isPrimitive();
  }

  private static RType unnamed(RType.Kind k) {
    return new RType(k, k.name().toLowerCase(java.util.Locale.ROOT), false);
  }

  /** runtime.printindented: {@code s} with a tab after every newline. */
  private static void indented(ByteBuf b, GoString s) {
    int end = s.off + s.len;
    int start = s.off;
    for (int i = s.off; i < end; i++) {
      if (s.bytes[i] == '\n') {
        b.put(s.bytes, start, i + 1 - start).put('\t');
        start = i + 1;
      }
    }
    b.put(s.bytes, start, end - start);
  }
}
