import gol.runtime.GoMap;
import gol.runtime.GoString;
import gol.runtime.RType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * bench/java/MapBench.java: the runtime's map and string operations timed alone, without the
 * interpreter or the JIT: GoMap's get and put as compiled code calls them for {@code m[k]++},
 * GoString's concatenation (CONCATN) and copies as {@code string(b)} makes them. Each case runs
 * ROUNDS times and the best round is printed, timed with the thread's CPU time, so that other
 * processes on the machine disturb it less than wall time. Run with bench/mapbench [JAR].
 */
public final class MapBench {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static final int ROUNDS = 30;
  private static final int N = 1 << 18;
  private static final GoString DASH = GoString.of("-");

  /** Where each round's result goes, so that the JIT cannot drop the work. */
  static long sink;
  private static final long[] ls = new long[8];
  private static final Object[] rs = new Object[8];

  /** The key of concatkeys' iteration i: three of 32 words joined by "-" (32768 keys). */
  private static GoString concatKey(GoString[] words, int i) {
    rs[0] = words[i % 32];
    rs[1] = DASH;
    rs[2] = words[(i / 32) % 32];
    rs[3] = DASH;
    rs[4] = words[(i * 7 / 1024) % 32];
    return GoString.concat(rs, 0, 5);
  }

  private static void increment(GoMap m, GoString k) {
    m.get(0, k, ls, rs, 6);
    m.put(0, k, ls[6] + 1, null);
  }

  public static void main(String[] args) {
    RType str = new RType(RType.Kind.STRING, "string", false);
    RType mapType = new RType(RType.Kind.MAP, "map[string]int", false);
    mapType.key = str;
    mapType.elem = new RType(RType.Kind.INT, "int", false);
    GoString[] words = new GoString[32];
    for (int i = 0; i < 32; i++) {
      words[i] = GoString.of("w" + i * 37 % 101);
    }
    GoString[] keys = new GoString[32768];
    byte[][] bytes = new byte[keys.length][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = concatKey(words, i);
      bytes[i] = keys[i].toBytes();
    }
    GoMap concat = new GoMap(mapType, 0);
    GoMap same = new GoMap(mapType, 0);
    GoMap fresh = new GoMap(mapType, 0);
    GoMap small = new GoMap(mapType, 0);
    time("concat alone (5 parts, 14 bytes)", () -> {
      long t = 0;
      for (int i = 0; i < N; i++) {
        t += concatKey(words, i).len;
      }
      return t;
    });
    time("m[a+\"-\"+b+\"-\"+c]++ (32768 keys)", () -> {
      for (int i = 0; i < N; i++) {
        increment(concat, concatKey(words, i));
      }
      return concat.len();
    });
    GoMap parts = new GoMap(mapType, 0);
    for (GoString k : keys) {
      increment(parts, k);
    }
    time("m[a+\"-\"+b+\"-\"+c]++ found from parts", () -> {
      for (int i = 0; i < N; i++) {
        rs[0] = words[i % 32];
        rs[1] = DASH;
        rs[2] = words[(i / 32) % 32];
        rs[3] = DASH;
        rs[4] = words[(i * 7 / 1024) % 32];
        GoString k = GoMap.getConcat(parts, rs, 0, 5, ls, rs, 6);
        parts.put(0, k, ls[6] + 1, null);
      }
      return parts.len();
    });
    time("m[k]++, k the stored key object", () -> {
      for (int i = 0; i < N; i++) {
        increment(same, keys[i & (keys.length - 1)]);
      }
      return same.len();
    });
    time("string(b) alone", () -> {
      long t = 0;
      for (int i = 0; i < N; i++) {
        byte[] b = bytes[i & (bytes.length - 1)];
        t += GoString.wrap(Arrays.copyOf(b, b.length)).len;
      }
      return t;
    });
    time("m[string(b)]++ (32768 keys)", () -> {
      for (int i = 0; i < N; i++) {
        byte[] b = bytes[i & (bytes.length - 1)];
        increment(fresh, GoString.wrap(Arrays.copyOf(b, b.length)));
      }
      return fresh.len();
    });
    time("m[string(b)]++ (1024 keys)", () -> {
      for (int i = 0; i < N; i++) {
        byte[] b = bytes[i & 1023];
        increment(small, GoString.wrap(Arrays.copyOf(b, b.length)));
      }
      return small.len();
    });
  }

  private interface Case {
    long run();
  }

  private static void time(String name, Case c) {
    long best = Long.MAX_VALUE;
    for (int r = 0; r < ROUNDS; r++) {
      long t0 = CPU.getCurrentThreadCpuTime();
      sink += c.run();
      best = Math.min(best, CPU.getCurrentThreadCpuTime() - t0);
    }
    System.out.printf("%-36s %6.1f ns%n", name, (double) best / N);
  }
}
