package gol.runtime;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/*
 * GOLDEBUG=netpolldelay=1: how long a goroutine readied by the network waits before it runs —
 * the part of a server's latency that is the scheduler's. A poll stamps each G it takes out of a
 * PollDesc (Poller.collectReady: G.readyAt); Sched.execute records the time from that stamp to
 * the G's start. A burst of network activity is reported on stderr when it ends (a second with
 * no readied G), e.g. one line per wrk run:
 *
 *   netpolldelay: 612034 Gs in 10.0 s; ready to running p50 0.31 ms, p90 1.1, p99 4.8,
 *     p99.9 9.5, max 23.1; readied by Ms' polls 45% (12.3 a poll), Ms blocked in the
 *     Selector 50% (40.1), sysmon 5% (3.2)
 *
 * What it does not see: time before the poll (a socket ready while every M is busy waits for an
 * M to run out of work or for sysmon's 10 ms poll — the "sysmon" share says how often), a
 * collector pause that begins before the poll, and everything outside the process (the client's
 * own scheduling). Off, it costs nothing: Debug.NETPOLLDELAY is a static final C2 folds away, and
 * this class (its atomics, its thread) is loaded only when it is on.
 *
 * Concepts
 *   The histogram has 8 buckets per power of two of microseconds (values below 8 us exact),
 *   so a percentile is read to within 12.5 %.
 *
 * Invariants
 *   - readyAt is set only while on, by the M or sysmon that polled (before the G is queued),
 *     and cleared by the M that starts the G (after the hand-off through a run queue).
 *
 * Locking / ownership
 *   The counters are atomics; the reporting thread (a daemon, started when this class loads: only when on) swaps them
 *   to zero when it prints.
 */
public final class NetpollDelay {
  private NetpollDelay() {
  }

  /** Who polled: an M holding a P (netpoll(0)), an M blocked in the Selector, or sysmon. */
  public static final int BY_M = 0;
  public static final int BY_BLOCKED_M = 1;
  public static final int BY_SYSMON = 2;

  private static final int BUCKETS = 8 * 40;
  private static final AtomicLongArray HIST = new AtomicLongArray(BUCKETS);
  private static final AtomicLong MAX = new AtomicLong();
  /** Per poll kind: polls that readied a G, and the Gs they readied. */
  private static final AtomicLongArray POLLS = new AtomicLongArray(3);
  private static final AtomicLongArray READIED = new AtomicLongArray(3);

  static {
    Thread t = new Thread(NetpollDelay::reportLoop, "gol-netpolldelay");
    t.setDaemon(true);
    t.start();
  }

  /** A poll of kind {@code by} readied n Gs. */
  static void polled(int by, int n) {
    if (n > 0) {
      POLLS.incrementAndGet(by);
      READIED.addAndGet(by, n);
    }
  }

  /** A G readied by the network starts running, ns after its poll. */
  static void ran(long ns) {
    long us = Math.max(0, ns / 1000);
    HIST.incrementAndGet(bucket(us));
    for (long m = MAX.get(); us > m && !MAX.compareAndSet(m, us); m = MAX.get()) {
      // another M raised the maximum meanwhile: compare with its value
    }
  }

  /** The bucket of a delay in microseconds: exact below 8, else 8 per power of two. */
  static int bucket(long us) {
    if (us < 8) {
      return (int) us;
    }
    int e = 63 - Long.numberOfLeadingZeros(us);
    int i = (e - 2) * 8 + (int) ((us >>> (e - 3)) & 7);
    return Math.min(i, BUCKETS - 1);
  }

  /** The largest delay (microseconds) that falls in bucket i. */
  static long upper(int i) {
    if (i < 8) {
      return i;
    }
    int e = i / 8 + 2;
    long sub = 8 + i % 8;
    return ((sub + 1) << (e - 3)) - 1;
  }

  private static void reportLoop() {
    long[] h = new long[BUCKETS];
    long start = 0;
    long total = 0;
    for (;;) {
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        return;
      }
      long n = 0;
      for (int i = 0; i < BUCKETS; i++) {
        long v = HIST.getAndSet(i, 0);
        h[i] += v;
        n += v;
      }
      if (n > 0) {
        if (total == 0) {
          start = System.nanoTime() - 1_000_000_000L;
        }
        total += n;
        continue;
      }
      if (total > 0) {
        System.err.println(report(h, total, (System.nanoTime() - start - 1_000_000_000L) / 1e9));
        java.util.Arrays.fill(h, 0);
        total = 0;
      }
    }
  }

  static String report(long[] h, long total, double secs) {
    StringBuilder sb = new StringBuilder();
    long max = MAX.getAndSet(0); // a bucket's bound may pass the largest delay in it
    sb.append(String.format("netpolldelay: %d Gs in %.1f s; ready to running p50 %s ms, p90 %s, p99 %s, p99.9 %s, max %s;",
        total, secs, ms(Math.min(max, pct(h, total, 0.50))), ms(Math.min(max, pct(h, total, 0.90))),
        ms(Math.min(max, pct(h, total, 0.99))), ms(Math.min(max, pct(h, total, 0.999))), ms(max)));
    long[] polls = new long[3];
    long[] gs = new long[3];
    long all = 0;
    for (int i = 0; i < 3; i++) {
      polls[i] = POLLS.getAndSet(i, 0);
      gs[i] = READIED.getAndSet(i, 0);
      all += gs[i];
    }
    String[] names = {"Ms' polls", "Ms blocked in the Selector", "sysmon"};
    sb.append(" readied by");
    for (int i = 0; i < 3; i++) {
      sb.append(String.format(" %s %.0f%% (%.1f a poll)%s", names[i], all == 0 ? 0.0 : 100.0 * gs[i] / all,
          polls[i] == 0 ? 0.0 : (double) gs[i] / polls[i], i < 2 ? "," : ""));
    }
    return sb.toString();
  }

  /** The delay (microseconds, a bucket's upper bound) below which a fraction q of the Gs ran. */
  static long pct(long[] h, long total, double q) {
    long want = (long) Math.ceil(q * total);
    long cum = 0;
    for (int i = 0; i < h.length; i++) {
      cum += h[i];
      if (cum >= want) {
        return upper(i);
      }
    }
    return upper(h.length - 1);
  }

  private static String ms(long us) {
    return String.format("%.2f", us / 1000.0);
  }
}
