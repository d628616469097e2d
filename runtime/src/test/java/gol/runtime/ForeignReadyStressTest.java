package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A thread that is not an M (as the JVM's signal handler thread, which os/signal's handler runs
 * on) readies goroutines parked on channels while every P is idle or about to be: Chan.offer
 * from that thread goes through goready's no-P path (the global queue, then wakeP). Each value
 * is offered only after main has taken the previous one, after a random pause, so the offer
 * lands in every phase of the Ms' idle path (spinning, lingering, giving the P back, parked).
 * A lost wake-up shows as a hang; a lost or duplicated value as a wrong sum.
 *
 * <p>"relay" is os/signal's shape: the foreign thread offers on a buffered queue, a relay
 * goroutine parked on it forwards each value to main's channel. "direct" offers straight to
 * main parked on an unbuffered channel (the offer fails until main is there, and is retried).
 * The environment variable GOL_STRESS_FOREIGN=N sets the number of values (default 3000).
 */
class ForeignReadyStressTest {
  static final int N = count(System.getenv("GOL_STRESS_FOREIGN"), 3000);

  static int count(String s, int dflt) {
    return s == null || s.isEmpty() ? dflt : Integer.parseInt(s.trim());
  }

  /** Forwards every value from q to c (signal.gol's loop). */
  static final class Relay extends FakeExec.Task {
    final Chan q;
    final Chan c;
    boolean holding;

    Relay(Chan q, Chan c) {
      this.q = q;
      this.c = c;
    }

    @Override
    int run(G g) {
      for (;;) {
        if (!holding) {
          if (!Chan.recv(g, q, 1, -1)) {
            return Executor.PARKED;
          }
          holding = true;
        }
        if (!Chan.send(g, c, g.ls[1], null)) {
          return Executor.PARKED; // resumes with the value sent
        }
        holding = false;
      }
    }
  }

  static final class Main extends FakeExec.Task {
    final boolean relay;
    final AtomicLong sum = new AtomicLong();
    final Semaphore taken = new Semaphore(0);
    volatile Thread foreign;
    volatile Sched sched;
    Chan c;
    volatile int got;

    Main(boolean relay) {
      this.relay = relay;
    }

    @Override
    int run(G g) {
      if (c == null) {
        Sched s = g.sched;
        sched = s;
        s.signalsWatched = true; // idle Ms wait instead of reporting a deadlock, as with Notify
        c = new Chan(null, true, relay ? 1 : 0);
        Chan target = c;
        if (relay) {
          target = new Chan(null, true, 64);
          FakeExec.spawn(g, new Relay(target, c));
        }
        Chan into = target;
        foreign = new Thread(() -> offerAll(s, into), "foreign readier");
        foreign.setDaemon(true);
        foreign.start();
      }
      while (got < N) {
        if (!Chan.recv(g, c, 1, -1)) {
          return Executor.PARKED;
        }
        sum.addAndGet(g.ls[1]);
        got++;
        taken.release();
      }
      return Executor.DONE;
    }

    /** The foreign thread: offers 1..N, each after main took the previous one and a random pause. */
    void offerAll(Sched s, Chan into) {
      ThreadLocalRandom r = ThreadLocalRandom.current();
      for (long v = 1; v <= N; v++) {
        if (v > 1) {
          taken.acquireUninterruptibly();
        }
        switch (r.nextInt(4)) {
          case 0 -> { } // at once: the M that ran main may still be spinning or lingering
          case 1 -> Thread.yield();
          case 2 -> LockSupport.parkNanos(r.nextLong(1_000, 30_000));
          default -> LockSupport.parkNanos(r.nextLong(30_000, 300_000)); // Ms parked by now
        }
        while (!Chan.offer(s, into, v, null)) {
          LockSupport.parkNanos(r.nextLong(1_000, 20_000)); // direct: main not parked yet
        }
      }
    }
  }

  /** A run fails when main takes no value for this long (a lost wake-up never recovers). */
  static final long STALL_MS = 30_000;

  @ParameterizedTest
  @CsvSource({"1, false", "1, true", "2, false", "2, true"})
  void foreignThreadWakesIdleScheduler(int procs, boolean relay) throws Exception {
    FakeExec x = new FakeExec();
    Main main = new Main(relay);
    int[] status = {-1};
    Thread t = new Thread(() -> status[0] = x.runMain(procs, main), "foreign-ready main");
    t.setDaemon(true);
    t.start();
    // No deadline on the whole run, which a loaded machine stretches: only a stall fails it.
    int seen = -1;
    long lastProgress = System.nanoTime();
    while (t.isAlive()) {
      t.join(100);
      int got = main.got;
      if (got != seen) {
        seen = got;
        lastProgress = System.nanoTime();
      } else if (System.nanoTime() - lastProgress > STALL_MS * 1_000_000) {
        fail("no value taken for " + STALL_MS / 1000 + " s after " + got + " of " + N + ": "
            + state(main));
      }
    }
    assertEquals(0, status[0], x.err());
    assertEquals((long) N * (N + 1) / 2, main.sum.get());
    assertEquals(0, x.doubleRuns.get(), "a G ran on two Ms at once");
  }

  /** What a stalled run's scheduler looks like, for the failure message. */
  static String state(Main main) {
    Sched s = main.sched;
    if (s == null) {
      return "not started";
    }
    return "npidle=" + s.npidle + " nmSpinning=" + s.nmSpinning + " runqSize=" + s.runqSize
        + " foreign thread " + main.foreign.getState() + " semaphore permits "
        + main.taken.availablePermits();
  }
}
