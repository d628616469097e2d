package gol.stdlib.bufio;

import gol.runtime.G;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Struct;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * bench/java/ScanBench.java: bufio's Scanner.Scan fast path ({@code BufioPkg.scanFast}) timed
 * alone, without the interpreter or the JIT: 4 KB buffers of a text (wordfreq's, by default) are
 * scanned word by word as {@code sc.Scan()} with ScanWords would, each round over 128 buffers,
 * timed with the thread's CPU time; the best of 300 rounds is printed in ns a word. It is in
 * package bufio to reach the package-private native. Run with bench/scanbench [JAR...].
 */
public final class ScanBench {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static final int ROUNDS = 300;
  private static final int BUFFERS = 128;
  private static final int SIZE = 4096;

  /** Where each round's result goes, so that the JIT cannot drop the work. */
  static long sink;

  public static void main(String[] args) throws Exception {
    byte[] text = Files.readAllBytes(Path.of(args.length > 0 ? args[0] : "/tmp/gol-bench-words-50.txt"));
    if (text.length < BUFFERS * SIZE) {
      throw new IllegalArgumentException("the text needs at least " + BUFFERS * SIZE + " bytes");
    }
    // Scanner's fields as bufio.gol declares them: r, split, maxTokenSize, token, buf, start,
    // end, err, empties, scanCalled, done.
    RType slice = new RType(RType.Kind.SLICE, "[]byte", false);
    RType iface = new RType(RType.Kind.INTERFACE, "error", false);
    RType integer = new RType(RType.Kind.INT, "int", false);
    RType bool = new RType(RType.Kind.BOOL, "bool", false);
    RType scanner = new RType(RType.Kind.STRUCT, "bufio.Scanner", true);
    scanner.fieldTypes = new RType[] {iface, iface, integer, slice, slice, integer, integer, iface,
      integer, bool, bool};
    scanner.layOut();
    int[] slot = scanner.fieldSlot;
    Object words = new Object(); // stands for ScanWords: scanFast compares by identity
    Object lines = new Object();
    G g = new G(1, null);
    double best = Double.MAX_VALUE;
    for (int round = 0; round < ROUNDS; round++) {
      long t0 = CPU.getCurrentThreadCpuTime();
      long n = 0;
      for (int c = 0; c < BUFFERS; c++) {
        byte[] buf = new byte[SIZE];
        System.arraycopy(text, c * SIZE, buf, 0, SIZE);
        Struct s = new Struct(scanner);
        s.r[slot[1]] = words;
        s.r[slot[4]] = new Slice(buf, 0, SIZE, SIZE);
        s.l[slot[6]] = SIZE;
        for (;;) {
          g.rs[0] = s;
          g.rs[1] = words;
          g.rs[2] = lines;
          BufioPkg.scanFast(g, 0);
          if (g.ls[0] == 0) {
            break;
          }
          n++;
          sink += ((Slice) s.r[slot[3]]).len;
        }
      }
      best = Math.min(best, (double) (CPU.getCurrentThreadCpuTime() - t0) / n);
    }
    System.out.printf("scanFast, ScanWords: %.1f ns a word%n", best);
  }
}
