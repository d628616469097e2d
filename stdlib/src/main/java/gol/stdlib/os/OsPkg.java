package gol.stdlib.os;

import gol.runtime.G;
import gol.runtime.GoExit;
import gol.runtime.GoString;
import gol.runtime.Slice;
import gol.stdlib.Registry;

/**
 * The natives of package os (os.gol): Exit and the source of {@code os.Args}.
 *
 * <p>{@code os.Args} is {@link gol.runtime.Machine#args}: the script's path as given, then its
 * arguments.
 */
public final class OsPkg {
  private OsPkg() {
  }

  public static void install(Registry r) {
    r.reg("Exit", OsPkg::exit);
    r.reg("runtimeArgs", OsPkg::runtimeArgs);
  }

  /**
   * func Exit(code int): the program ends now with {@code code}; deferred calls do not run.
   * Flushing stdout is the loader's job when it catches {@link GoExit}.
   */
  static void exit(G g, int base) {
    throw new GoExit((int) g.ls[base]);
  }

  /** func runtimeArgs() []string: the program name, then the arguments ({@link Machine#args}). */
  static void runtimeArgs(G g, int base) {
    String[] args = g.machine.args;
    Object[] a = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      a[i] = GoString.of(args[i]);
    }
    g.rs[base] = new Slice(a, 0, a.length, a.length);
  }
}
