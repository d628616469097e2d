package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** GOLDEBUG=netpolldelay's histogram: buckets, their bounds and the percentiles read from them. */
class NetpollDelayTest {
  @Test
  void everyDelayFallsInABucketWhoseBoundsHoldIt() {
    int prev = -1;
    for (long us = 0; us < 5_000_000; us = us < 64 ? us + 1 : us + us / 13) {
      int b = NetpollDelay.bucket(us);
      assertTrue(b >= prev, "buckets grow with the delay at " + us);
      prev = b;
      assertTrue(us <= NetpollDelay.upper(b), us + " above its bucket's bound " + NetpollDelay.upper(b));
      assertTrue(b == 0 || us > NetpollDelay.upper(b - 1), us + " belongs to an earlier bucket");
      // 8 buckets per power of two: the bound is within 12.5 % of the value
      assertTrue(NetpollDelay.upper(b) <= us + us / 8 + 1, "bucket too coarse at " + us);
    }
  }

  @Test
  void percentilesComeFromTheCumulativeCounts() {
    long[] h = new long[8 * 40];
    h[NetpollDelay.bucket(100)] = 90; // 90 Gs ran after 100 us
    h[NetpollDelay.bucket(3000)] = 9; // 9 after 3 ms
    h[NetpollDelay.bucket(20000)] = 1; // one after 20 ms
    assertEquals(NetpollDelay.upper(NetpollDelay.bucket(100)), NetpollDelay.pct(h, 100, 0.50));
    assertEquals(NetpollDelay.upper(NetpollDelay.bucket(100)), NetpollDelay.pct(h, 100, 0.90));
    assertEquals(NetpollDelay.upper(NetpollDelay.bucket(3000)), NetpollDelay.pct(h, 100, 0.99));
    assertEquals(NetpollDelay.upper(NetpollDelay.bucket(20000)), NetpollDelay.pct(h, 100, 0.999));
  }
}
