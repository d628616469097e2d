package gol.stdlib.fmt;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.stdlib.ByteBuf;
import gol.stdlib.Registry;
import gol.stdlib.Variadic;

/**
 * The natives of package fmt (fmt.gol). Print, Println and Printf write to the program's
 * standard output and return {@code (n int, err error)}: the byte count in {@code ls[base]}, a nil
 * error in {@code rs[base+1]}. The S-forms return the string in {@code rs[base]}.
 */
public final class FmtPkg {
  private FmtPkg() {
  }

  public static void install(Registry r) {
    r.reg("Print", FmtPkg::print);
    r.reg("Println", FmtPkg::println);
    r.reg("Printf", FmtPkg::printf);
    r.reg("Sprint", FmtPkg::sprint);
    r.reg("Sprintln", FmtPkg::sprintln);
    r.reg("Sprintf", FmtPkg::sprintf);
  }

  /** func Print(a ...any) (n int, err error) */
  static void print(G g, int base) {
    write(g, base, new Printer().doPrint(Variadic.of(g.rs[base])));
  }

  /** func Println(a ...any) (n int, err error) */
  static void println(G g, int base) {
    write(g, base, new Printer().doPrintln(Variadic.of(g.rs[base])));
  }

  /** func Printf(format string, a ...any) (n int, err error) */
  static void printf(G g, int base) {
    write(g, base, new Printer().doPrintf((GoString) g.rs[base], Variadic.of(g.rs[base + 1])));
  }

  /** func Sprint(a ...any) string */
  static void sprint(G g, int base) {
    g.rs[base] = new Printer().doPrint(Variadic.of(g.rs[base])).buffer().toGoString();
  }

  /** func Sprintln(a ...any) string */
  static void sprintln(G g, int base) {
    g.rs[base] = new Printer().doPrintln(Variadic.of(g.rs[base])).buffer().toGoString();
  }

  /** func Sprintf(format string, a ...any) string */
  static void sprintf(G g, int base) {
    g.rs[base] = new Printer().doPrintf((GoString) g.rs[base], Variadic.of(g.rs[base + 1])).buffer().toGoString();
  }

  private static void write(G g, int base, Printer p) {
    ByteBuf b = p.buffer();
    g.machine.stdout.write(b.array(), 0, b.length());
    g.ls[base] = b.length();
    g.rs[base] = null;
    g.ls[base + 1] = 0;
    g.rs[base + 1] = null; // err: a nil error (writes to the buffered stdout do not fail)
  }
}
