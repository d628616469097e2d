package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The global run queue's chunks: FIFO across single puts and batches, and moves into a ring. */
class GlobalRunqTest {
  @Test
  void singlesAndBatchesComeOutInOrder() {
    GlobalRunq q = new GlobalRunq();
    G[] g = RunqTest.gs(200);
    List<G> want = new ArrayList<>();
    int next = 0;
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 40; i++) { // more than one chunk of singles
        q.put(g[next]);
        want.add(g[next++]);
      }
      G[] batch = Arrays.copyOfRange(g, next, next + 17);
      q.putAll(batch, batch.length);
      want.addAll(Arrays.asList(batch));
      next += 17;
      q.put(g[next]); // after a batch: a new chunk
      want.add(g[next++]);
    }
    List<G> got = new ArrayList<>();
    while (!q.isEmpty()) {
      got.add(q.take());
    }
    assertEquals(want, got);
  }

  @Test
  void moveToFillsTheRingInOrderAndForgetsTheGs() {
    GlobalRunq q = new GlobalRunq();
    P p = new P(RunqTest.sched(), 0);
    G[] g = RunqTest.gs(100);
    for (int i = 0; i < 10; i++) {
      q.put(g[i]);
    }
    G[] batch = Arrays.copyOfRange(g, 10, 100);
    q.putAll(batch, batch.length);
    assertSame(g[0], q.take());
    q.moveTo(p, 60); // the rest of the singles' chunk and part of the batch
    assertEquals(P.RUNQ_SIZE - 60, p.runqFree());
    boolean[] inh = new boolean[1];
    for (int i = 1; i <= 60; i++) {
      assertSame(g[i], p.runqGet(inh), "ring order");
    }
    assertNull(p.runqGet(inh));
    for (int i = 0; i < 49; i++) {
      assertNull(batch[i], "a moved G is not kept by the queue's array");
    }
    for (int i = 61; i < 100; i++) {
      assertSame(g[i], q.take());
    }
    assertTrue(q.isEmpty());
    q.put(g[0]); // the emptied chunk is reused
    assertSame(g[0], q.take());
    assertTrue(q.isEmpty());
  }
}
