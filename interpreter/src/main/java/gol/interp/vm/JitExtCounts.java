package gol.interp.vm;

import gol.runtime.Debug;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/*
 * GOLDEBUG=jitext=1: counts the instructions compiled code hands to a second-level switch
 * (Ext.exec, Conc.exec) instead of doing them inline, per call site, and prints the counts on
 * stderr when the process exits: which of those ops are worth translating inline. The
 * translation emits the count call only when the flag is on, so it costs nothing otherwise.
 */
final class JitExtCounts {
  private JitExtCounts() {
  }

  static final boolean ON = Debug.value("jitext", 0) != 0;

  private static final int MAX_SITES = 1 << 16;
  /**
   * The counts, made on first use: AtomicLongArray's class initialiser makes a VarHandle, whose
   * java.lang.invoke set-up took 1.7 ms of every run that opened the JIT cache (which reads ON).
   */
  private static final class Counts {
    static final AtomicLongArray COUNTS = new AtomicLongArray(MAX_SITES);
  }
  private static final List<String> SITES = new ArrayList<>();
  private static final List<Integer> OPS = new ArrayList<>();

  static {
    if (ON) {
      Runtime.getRuntime().addShutdownHook(new Thread(JitExtCounts::print, "gol-jitext"));
    }
  }

  /** A new site (op at pc of p): its index for {@link #count}, or -1 when there is no room. */
  static synchronized int site(Proto p, int pc, int op) {
    if (SITES.size() >= MAX_SITES) {
      return -1;
    }
    SITES.add(p.name + ":" + pc + " (line " + p.lineAt(pc) + ")");
    OPS.add(op);
    return SITES.size() - 1;
  }

  /** Called by compiled code before it hands site's instruction over. */
  public static void count(int site) {
    Counts.COUNTS.incrementAndGet(site);
  }

  private static synchronized void print() {
    long[] byOp = new long[Op.NAMES.length];
    List<Integer> used = new ArrayList<>();
    long total = 0;
    for (int i = 0; i < SITES.size(); i++) {
      long n = Counts.COUNTS.get(i);
      if (n > 0) {
        byOp[OPS.get(i)] += n;
        used.add(i);
        total += n;
      }
    }
    StringBuilder sb = new StringBuilder("jitext: " + total + " instructions handed to Ext/Conc by compiled code\n");
    List<Integer> ops = new ArrayList<>();
    for (int op = 0; op < byOp.length; op++) {
      if (byOp[op] > 0) {
        ops.add(op);
      }
    }
    ops.sort((x, y) -> Long.compare(byOp[y], byOp[x]));
    for (int op : ops) {
      sb.append(String.format("jitext: %12d %s%n", byOp[op], Op.NAMES[op]));
    }
    // a pc translated more than once (a loop's entry copies, a retranslation) is one site
    java.util.Map<String, long[]> bySite = new java.util.HashMap<>();
    for (int i : used) {
      bySite.computeIfAbsent(Op.NAMES[OPS.get(i)] + " " + SITES.get(i), k -> new long[1])[0] += Counts.COUNTS.get(i);
    }
    List<java.util.Map.Entry<String, long[]>> sites = new ArrayList<>(bySite.entrySet());
    sites.sort((x, y) -> Long.compare(y.getValue()[0], x.getValue()[0]));
    for (int k = 0; k < Math.min(40, sites.size()); k++) {
      sb.append(String.format("jitext: site %12d %s%n", sites.get(k).getValue()[0], sites.get(k).getKey()));
    }
    System.err.print(sb);
    System.err.flush();
  }
}
