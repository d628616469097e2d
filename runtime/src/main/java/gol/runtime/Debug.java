package gol.runtime;

import java.util.Map;

/**
 * The runtime's GOLDEBUG knobs (Go's runtime1.go dbgvars): {@code GOLDEBUG=k=v,k=v}, read once
 * from the environment. A scheduler takes its own copy of the scheduling knobs ({@link
 * Sched.Options}) so tests can set them per program; the rest are static finals C2 folds away.
 *
 * <pre>
 *   schedtrace=MS      every MS milliseconds sysmon prints a SCHED line (Go's format)
 *   scheddetail=1      with schedtrace: also one line per P, per M and per G
 *   nosteal=1          Ms never steal from other Ps (experiments only)
 *   randomsched=1      randomise runnext and the order of batches moved to the global queue
 *   asyncpreemptoff=1  sysmon never marks a G for preemption
 *   jit=0              run everything in the interpreter (the interpreter's JIT tier off;
 *                      jit=2 compiles every function at its first call; jittrace=1 lists them;
 *                      jitext=1 counts the instructions compiled code hands to Ext/Conc)
 *   schedstats=1       at exit, print the scheduler's counters (steals, preemptions, M wake-ups
 *                      and parks) to stderr: how much thread traffic a program caused
 *   netpolldelay=1     after each burst of network activity, print how long the goroutines
 *                      readied by the network waited to run (percentiles) and who polled
 *                      (NetpollDelay): the scheduler's part of a server's latency
 * </pre>
 */
public final class Debug {
  private Debug() {
  }

  private static final Map<String, Integer> VARS = parse(System.getenv("GOLDEBUG"));

  public static final int SCHEDTRACE = get("schedtrace");
  public static final boolean SCHEDDETAIL = get("scheddetail") != 0;
  public static final boolean NOSTEAL = get("nosteal") != 0;
  public static final boolean RANDOMSCHED = get("randomsched") != 0;
  public static final boolean ASYNCPREEMPTOFF = get("asyncpreemptoff") != 0;
  public static final boolean SCHEDSTATS = get("schedstats") != 0;
  /** Read here, not in NetpollDelay: that class (its atomics) is loaded only when it is on. */
  public static final boolean NETPOLLDELAY = get("netpolldelay") != 0;

  /** The value of GOLDEBUG's {@code key}, or {@code dflt} when it is not set. */
  public static int value(String key, int dflt) {
    Integer v = VARS.get(key);
    return v == null ? dflt : v;
  }

  static int get(String key) {
    Integer v = VARS.get(key);
    return v == null ? 0 : v;
  }

  static Map<String, Integer> parse(String s) {
    java.util.HashMap<String, Integer> m = new java.util.HashMap<>();
    if (s == null) {
      return m;
    }
    for (String kv : s.split(",")) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      try {
        m.put(kv.substring(0, eq).trim(), Integer.parseInt(kv.substring(eq + 1).trim()));
      } catch (NumberFormatException e) {
        // Go ignores malformed values too
      }
    }
    return m;
  }
}
