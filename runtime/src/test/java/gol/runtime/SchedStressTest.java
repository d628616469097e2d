package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Thousands of goroutines exchanging messages through buffered and unbuffered channels and
 * selects, with checksums, at GOMAXPROCS 1, 2 and 8: no lost wake-up (no hang), no message lost
 * or duplicated, no G run on two Ms at once.
 */
class SchedStressTest {
  static final int PRODUCERS = 1000;
  static final int PER = 300; // 300k messages per round through plain sends; more via selects

  /** Producer i sends PER values on c. */
  static final class Producer extends FakeExec.Task {
    final Chan c;
    final long base;
    int k;

    Producer(Chan c, long base) {
      this.c = c;
      this.base = base;
      chaos = true;
    }

    @Override
    int run(G g) {
      while (k < PER) {
        if (!Chan.send(g, c, base + k, null)) {
          return Executor.PARKED;
        }
        k++;
      }
      return Executor.DONE;
    }
  }

  /** Receives PER values from c, then sends the sum on done. */
  static final class Consumer extends FakeExec.Task {
    final Chan c;
    final Chan done;
    long sum;
    int k;

    Consumer(Chan c, Chan done) {
      this.c = c;
      this.done = done;
      chaos = true;
    }

    @Override
    int run(G g) {
      while (k < PER) {
        if (!Chan.recv(g, c, 1, 2)) {
          return Executor.PARKED;
        }
        assertEquals(1, g.ls[2]);
        sum += g.ls[1];
        k++;
      }
      if (!Chan.send(g, done, sum, null)) {
        return Executor.PARKED;
      }
      return Executor.DONE;
    }
  }

  /** Selects: sends PER values, each on whichever of two channels is ready. */
  static final class SelProducer extends FakeExec.Task {
    final Chan a;
    final Chan b;
    final long base;
    int k;
    static final int[] KINDS = {Select.SEND, Select.SEND};

    SelProducer(Chan a, Chan b, long base) {
      this.a = a;
      this.b = b;
      this.base = base;
    }

    @Override
    int run(G g) {
      while (k < PER) {
        // registers: 10 = result, 11 value, 12 ok; cases at 20: chan a, value, chan b, value
        g.rs[20] = a;
        g.ls[21] = base + k;
        g.rs[22] = b;
        g.ls[23] = base + k;
        if (!Select.select(g, 10, 20, KINDS, false)) {
          return Executor.PARKED;
        }
        k++;
      }
      return Executor.DONE;
    }
  }

  /** Selects: receives PER values from either channel, then sends the sum on done. */
  static final class SelConsumer extends FakeExec.Task {
    final Chan a;
    final Chan b;
    final Chan done;
    long sum;
    int k;
    static final int[] KINDS = {Select.RECV, Select.RECV, Select.RECV};

    SelConsumer(Chan a, Chan b, Chan done) {
      this.a = a;
      this.b = b;
      this.done = done;
    }

    @Override
    int run(G g) {
      while (k < PER) {
        g.rs[20] = a;
        g.rs[22] = null; // a nil channel case: never chosen
        g.rs[24] = b;
        if (!Select.select(g, 10, 20, KINDS, false)) {
          return Executor.PARKED;
        }
        long i = g.ls[10];
        assertTrue(i == 0 || i == 2, "case " + i);
        assertEquals(1, g.ls[12]);
        sum += g.ls[11];
        k++;
      }
      if (!Chan.send(g, done, sum, null)) {
        return Executor.PARKED;
      }
      return Executor.DONE;
    }
  }

  static final class Main extends FakeExec.Task {
    final AtomicLong result;
    int phase;
    int got;
    long total;
    Chan done;

    Main(AtomicLong result) {
      this.result = result;
    }

    @Override
    int run(G g) {
      if (phase == 0) {
        done = new Chan(null, true, 0);
        Chan[] cs = new Chan[10];
        for (int j = 0; j < cs.length; j++) {
          cs[j] = new Chan(null, true, j % 2 == 0 ? 0 : 16);
        }
        for (int i = 0; i < PRODUCERS; i++) {
          long base = (long) i * PER;
          FakeExec.spawn(g, new Producer(cs[i % 10], base));
          FakeExec.spawn(g, new Consumer(cs[i % 10], done));
        }
        phase = 1;
      }
      while (got < PRODUCERS) {
        if (!Chan.recv(g, done, 1, -1)) {
          return Executor.PARKED;
        }
        total += g.ls[1];
        got++;
      }
      result.set(total);
      return Executor.DONE;
    }
  }

  static long expected() {
    long n = (long) PRODUCERS * PER;
    return n * (n - 1) / 2;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 8})
  void channelsNoLossNoDuplicate(int procs) {
    for (int round = 0; round < 2; round++) {
      FakeExec x = new FakeExec();
      AtomicLong result = new AtomicLong(-1);
      int status = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> x.runMain(procs, new Main(result)));
      assertEquals(0, status, x.err());
      assertEquals(expected(), result.get());
      assertEquals(0, x.doubleRuns.get(), "a G ran on two Ms at once");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 8})
  void selectsNoLossNoDuplicate(int procs) {
    // Channels come in disjoint pairs; the producers and consumers of a pair select over both
    // of its channels, so each pair's sends and receives balance.
    FakeExec x = new FakeExec();
    AtomicLong result = new AtomicLong(-1);
    FakeExec.Task main = new FakeExec.Task() {
      int phase;
      int got;
      long total;
      Chan done;

      @Override
      int run(G g) {
        if (phase == 0) {
          done = new Chan(null, true, 4);
          Chan[] cs = new Chan[10];
          for (int j = 0; j < cs.length; j++) {
            cs[j] = new Chan(null, true, j % 2 == 0 ? 0 : 8);
          }
          for (int i = 0; i < PRODUCERS; i++) {
            Chan a = cs[(i % 5) * 2];
            Chan b = cs[(i % 5) * 2 + 1];
            FakeExec.spawn(g, new SelProducer(a, b, (long) i * PER));
            FakeExec.spawn(g, i % 3 == 0 ? new SelConsumer(b, a, done) : new SelConsumer(a, b, done));
          }
          phase = 1;
        }
        while (got < PRODUCERS) {
          if (!Chan.recv(g, done, 1, -1)) {
            return Executor.PARKED;
          }
          total += g.ls[1];
          got++;
        }
        result.set(total);
        return Executor.DONE;
      }
    };
    int status = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> x.runMain(procs, main));
    assertEquals(0, status, x.err());
    assertEquals(expected(), result.get());
    assertEquals(0, x.doubleRuns.get(), "a G ran on two Ms at once");
  }
}
