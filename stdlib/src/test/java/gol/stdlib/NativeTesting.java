package gol.stdlib;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Machine;
import gol.runtime.RType;
import gol.runtime.Slice;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

/** A goroutine to call natives on, with captured stdout and stderr, for the packages' tests. */
public class NativeTesting {
  public final ByteArrayOutputStream out = new ByteArrayOutputStream();
  public final ByteArrayOutputStream err = new ByteArrayOutputStream();
  public final Machine machine = new Machine(out, false, new PrintStream(err, true), new String[] {"prog.gol"});
  public final G g = machine.newG();

  /** Calls the native {@code qualifiedName} with its frame at slot 4. */
  public void call(String qualifiedName) {
    Stdlib.lookup(qualifiedName).call(g, 4);
  }

  public static Slice longs(long... a) {
    return new Slice(a, 0, a.length, a.length);
  }

  public static Slice doubles(double... d) {
    long[] a = new long[d.length];
    for (int i = 0; i < d.length; i++) {
      a[i] = Double.doubleToRawLongBits(d[i]);
    }
    return new Slice(a, 0, a.length, a.length);
  }

  public static Slice strings(String... s) {
    Object[] a = new Object[s.length];
    for (int i = 0; i < s.length; i++) {
      a[i] = GoString.of(s[i]);
    }
    return new Slice(a, 0, a.length, a.length);
  }

  public static RType type(RType.Kind kind, String name) {
    return new RType(kind, name, false);
  }

  public static Iface iface(RType t, Object ref) {
    return new Iface(t, 0, ref);
  }
}
