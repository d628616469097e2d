package gol.stdlib.fmt;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.stdlib.ByteBuf;
import gol.stdlib.strconv.Ftoa;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * bench/java/gol/stdlib/fmt/FmtBench.java: fmt's printer and strconv's float formatting timed
 * alone, without the interpreter or the JIT: the doFormat native as fmt.Sprintf calls it with
 * bench/sprintf.gol's format and six operands (boxed as compiled code boxes them), the printer
 * alone on the same, Sprint of a float64 (its shortest digits) and FormatFloat(x, 'g', -1, 64).
 * Each case runs ROUNDS rounds and the best is printed, timed with the thread's CPU time, so that
 * other processes disturb it less than wall time. Run with bench/fmtbench [JAR...].
 */
public final class FmtBench {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static final int ROUNDS = 20;
  private static final int N = 200_000;
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);
  private static final RType INT = new RType(RType.Kind.INT, "int", false);
  private static final RType FLOAT64 = new RType(RType.Kind.FLOAT64, "float64", false);
  private static final RType BOOL = new RType(RType.Kind.BOOL, "bool", false);
  private static final GoString[] NAMES = {GoString.of("alpha"), GoString.of("beta"), GoString.of("gamma"),
      GoString.of("delta")};
  private static final GoString SIX = GoString.of("%s-%d: %5.2f [%x] %q %v");

  /** Where each round's result goes, so that the JIT cannot drop the work. */
  static long sink;

  /** bench/sprintf.gol's six operands for iteration i. */
  private static Object[] six(int i) {
    return new Object[] {new Iface(STRING, 0, NAMES[i & 3]), new Iface(INT, i, null),
        new Iface(FLOAT64, Double.doubleToRawLongBits(i / 7.0), null), new Iface(INT, i * 31L, null),
        new Iface(STRING, 0, NAMES[(i + 1) & 3]), new Iface(BOOL, i % 3 == 0 ? 1 : 0, null)};
  }

  private static long nativeSix(G g) {
    long t0 = CPU.getCurrentThreadCpuTime();
    for (int i = 0; i < N; i++) {
      g.ls[0] = 2 + 8; // Sprintf's mode
      g.rs[1] = SIX;
      g.rs[2] = new Slice(six(i), 0, 6, 6);
      g.rs[3] = null;
      FmtPkg.format(g, 0);
      sink += ((GoString) g.rs[0]).len;
    }
    return CPU.getCurrentThreadCpuTime() - t0;
  }

  private static long printerSix(Printer p) {
    long t0 = CPU.getCurrentThreadCpuTime();
    for (int i = 0; i < N; i++) {
      p.reset(Methods.NATIVE);
      p.doPrintf(SIX, six(i));
      sink += p.buffer().toGoString().len;
    }
    return CPU.getCurrentThreadCpuTime() - t0;
  }

  private static long sprintFloat(G g) {
    long t0 = CPU.getCurrentThreadCpuTime();
    for (int i = 0; i < N; i++) {
      g.ls[0] = 8; // Sprint's mode
      g.rs[1] = GoString.EMPTY;
      Object[] a = {new Iface(FLOAT64, Double.doubleToRawLongBits(i / 7.0), null)};
      g.rs[2] = new Slice(a, 0, 1, 1);
      g.rs[3] = null;
      FmtPkg.format(g, 0);
      sink += ((GoString) g.rs[0]).len;
    }
    return CPU.getCurrentThreadCpuTime() - t0;
  }

  private static long formatFloat(ByteBuf b) {
    long t0 = CPU.getCurrentThreadCpuTime();
    for (int i = 0; i < N; i++) {
      b.truncate(0);
      Ftoa.append(b, i / 7.0, 'g', -1, 64);
      sink += b.length();
    }
    return CPU.getCurrentThreadCpuTime() - t0;
  }

  public static void main(String[] args) {
    G g = new G(1, null);
    Printer p = new Printer();
    ByteBuf b = new ByteBuf();
    long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
    for (int r = 0; r < ROUNDS; r++) {
      best[0] = Math.min(best[0], nativeSix(g));
      best[1] = Math.min(best[1], printerSix(p));
      best[2] = Math.min(best[2], sprintFloat(g));
      best[3] = Math.min(best[3], formatFloat(b));
    }
    System.out.printf("doFormat six verbs %.1f ns, printer alone %.1f ns, Sprint(float64) %.1f ns, "
        + "FormatFloat(g, -1) %.1f ns  (%d)%n", best[0] / (double) N, best[1] / (double) N,
        best[2] / (double) N, best[3] / (double) N, sink);
  }
}
