package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** P's local run queue: Go's RunSchedLocalQueueTest / RunSchedLocalQueueStealTest ideas. */
class RunqTest {
  static Machine machine() {
    return new Machine(new ByteArrayOutputStream(), false, new PrintStream(new ByteArrayOutputStream()), new String[0]);
  }

  static G[] gs(int n) {
    Machine m = machine();
    G[] a = new G[n];
    for (int i = 0; i < n; i++) {
      a[i] = new G(i + 1, m);
    }
    return a;
  }

  static Sched sched() {
    return new Sched(machine(), null, new Sched.Options());
  }

  @Test
  void putGetFifoAndRunnext() {
    P p = new P(sched(), 0);
    boolean[] inh = new boolean[1];
    G[] g = gs(P.RUNQ_SIZE);
    for (int n = 0; n < P.RUNQ_SIZE; n++) {
      assertNull(p.runqGet(inh));
      for (int i = 0; i < n; i++) {
        p.runqPut(g[i], false);
      }
      for (int i = 0; i < n; i++) {
        assertSame(g[i], p.runqGet(inh), "FIFO order");
        assertTrue(!inh[0]);
      }
      assertTrue(p.runqEmpty());
    }
    p.runqPut(g[0], true);
    p.runqPut(g[1], true); // kicks g[0] to the ring
    assertSame(g[1], p.runqGet(inh));
    assertTrue(inh[0], "runnext inherits the time slice");
    assertSame(g[0], p.runqGet(inh));
    assertNull(p.runqGet(inh));
  }

  @Test
  void stealTakesHalfAndEveryGExactlyOnce() {
    Sched s = sched();
    for (int n = 0; n < P.RUNQ_SIZE; n++) {
      P p1 = new P(s, 0);
      P p2 = new P(s, 1);
      G[] g = gs(n);
      for (G x : g) {
        p1.runqPut(x, false);
      }
      G got = p2.runqSteal(p1, true);
      int s2 = 0;
      Set<G> seen = new HashSet<>();
      if (got != null) {
        seen.add(got);
        s2++;
      }
      boolean[] inh = new boolean[1];
      for (G x; (x = p2.runqGet(inh)) != null; ) {
        assertTrue(seen.add(x), "taken twice");
        s2++;
      }
      int s1 = 0;
      for (G x; (x = p1.runqGet(inh)) != null; ) {
        assertTrue(seen.add(x), "taken twice");
        s1++;
      }
      assertEquals(n, s1 + s2, "every G taken once");
      assertEquals(n - n / 2, s2, "a steal takes half (rounded up)");
    }
  }

  @Test
  void fullQueueOverflowsHalfToGlobal() {
    Sched s = sched();
    P p = new P(s, 0);
    G[] g = gs(P.RUNQ_SIZE + 1);
    for (G x : g) {
      p.runqPut(x, false);
    }
    assertEquals(P.RUNQ_SIZE / 2 + 1, s.runqSize, "half the ring plus the new G went global");
    assertEquals(P.RUNQ_SIZE / 2, p.runqSize());
  }

  /** Owner puts and gets while thieves steal concurrently: no G lost or taken twice. */
  @Test
  void concurrentStealExactlyOnce() throws Exception {
    Sched s = sched();
    int total = 200_000;
    G[] g = gs(total);
    P owner = new P(s, 0);
    P[] thieves = {new P(s, 1), new P(s, 2)};
    AtomicIntegerArray taken = new AtomicIntegerArray(total + 1);
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread[] ts = new Thread[thieves.length];
    for (int t = 0; t < ts.length; t++) {
      P me = thieves[t];
      ts[t] = new Thread(() -> {
        boolean[] inh = new boolean[1];
        while (!stop.get()) {
          G x = me.runqSteal(owner, true);
          if (x != null) {
            taken.incrementAndGet((int) x.id);
            for (G y; (y = me.runqGet(inh)) != null; ) {
              taken.incrementAndGet((int) y.id);
            }
          }
        }
      });
      ts[t].start();
    }
    boolean[] inh = new boolean[1];
    for (int i = 0; i < total; i++) {
      owner.runqPut(g[i], (i & 7) == 0);
      if ((i & 3) == 0) {
        G x = owner.runqGet(inh);
        if (x != null) {
          taken.incrementAndGet((int) x.id);
        }
      }
    }
    for (G x; (x = owner.runqGet(inh)) != null; ) {
      taken.incrementAndGet((int) x.id);
    }
    stop.set(true);
    for (Thread t : ts) {
      t.join();
    }
    // whatever overflowed to the global queue
    s.lock.lock();
    int global = s.runqSize;
    s.lock.unlock();
    int once = 0;
    for (int i = 1; i <= total; i++) {
      int c = taken.get(i);
      assertTrue(c <= 1, "G " + i + " taken " + c + " times");
      once += c;
    }
    assertEquals(total, once + global);
  }
}
