package gol.runtime;

import java.util.function.LongFunction;

/*
 * A runtime timer (Go's timer, time.go): something that must happen at a monotonic instant.
 *
 * Concepts
 *   Every timer sits, while armed, in the poller's one timer heap (Timers), ordered by when
 *   (System.nanoTime() instants). The poller thread — or an M that finds nothing to run
 *   (Sched.Poller.pollNonBlocking) — pops the timers whose when has passed and fires them:
 *     SLEEP     time.Sleep: ready the G parked on it (it holds no M while it sleeps).
 *     CHAN      time.NewTimer/After/Tick/NewTicker (and AfterFunc, whose goroutine waits on the
 *               channel): a non-blocking send of the current time on c, as Go's sendTime. A
 *               ticker (period > 0) goes back into the heap at when + k*period, the first such
 *               instant in the future (ticks are dropped, never queued, when nobody reads).
 *     DEADLINE  a network deadline: the PollDesc's read or write deadline expires and the G
 *               waiting there (if any) is readied to see "i/o timeout".
 *   Gol differs from Go in keeping one heap (Go keeps one per P): the poller thread owns the
 *   clock, so a per-P heap would only move the lock, and one heap keeps Stop/Reset simple.
 *
 * Invariants
 *   - state == WAITING exactly when the timer is in the heap, at heap[index].
 *   - A CHAN timer's send happens under the heap lock, so Stop/Reset (which also take it)
 *     see either "still in the heap" or "fired, value in the channel buffer" — never half.
 *   - seq changes whenever the timer is (re)armed or stopped: a DEADLINE firing that was popped
 *     before a concurrent Reset compares seq and does nothing (Go's timer "seq" check).
 *
 * Locking / ownership
 *   when, period, state, index and seq are guarded by the heap lock (Timers.lock). kind and the
 *   targets (g, c, pd) are set before the timer is first armed and never change.
 *
 * State transitions (all under Timers.lock)
 *   IDLE    -> WAITING   start / reset: pushed on the heap (a SLEEP timer: by its unlockf, once
 *                        its G is WAITING)
 *   WAITING -> IDLE      stop: removed from the heap (stop returns true)
 *   WAITING -> WAITING   reset: when changed, heap position fixed (reset returns true)
 *   WAITING -> FIRING    the poller popped it (its when has passed)
 *   FIRING  -> IDLE      a one-shot fired;  FIRING -> WAITING  a ticker re-armed itself
 *   A stop or reset that finds IDLE returns false (the timer already fired or was stopped).
 */
public final class Timer implements Unlockf {
  public static final int SLEEP = 0;
  public static final int CHAN = 1;
  public static final int DEADLINE = 2;

  static final int IDLE = 0;
  static final int WAITING = 1;
  static final int FIRING = 2;

  final int kind;
  long when;
  long period;
  int state = IDLE;
  /** Position in the heap while WAITING, else -1. */
  int index = -1;
  int seq;

  /** SLEEP: the sleeping G, and the poller whose heap it goes on once the G has parked. */
  final G g;
  private final Poller poller;
  /** CHAN: the channel to send the time on (buffered, capacity 1, as Go's). */
  final Chan c;
  /** CHAN: makes the reference half of the value sent (a time.Time) from the instant; null = bits only. */
  final LongFunction<Object> value;
  /** DEADLINE: the descriptor and which of its deadlines. */
  final PollDesc pd;
  final boolean write;

  private Timer(int kind, G g, Poller poller, Chan c, LongFunction<Object> value, PollDesc pd, boolean write) {
    this.kind = kind;
    this.g = g;
    this.poller = poller;
    this.c = c;
    this.value = value;
    this.pd = pd;
    this.write = write;
  }

  static Timer sleep(G g, Poller poller) {
    return new Timer(SLEEP, g, poller, null, null, null, false);
  }

  /** gopark's unlock function of time.Sleep: arms the timer once its G is WAITING. */
  @Override
  public void unlockf() {
    poller.armSleep(this);
  }

  /**
   * A timer that sends on {@code c} when it fires: the long half of the value is the
   * System.nanoTime() instant, the reference half is {@code value.apply(instant)} (null for a
   * channel of a primitive element type).
   */
  public static Timer chan(Chan c, LongFunction<Object> value) {
    return new Timer(CHAN, null, null, c, value, null, false);
  }

  static Timer deadline(PollDesc pd, boolean write) {
    return new Timer(DEADLINE, null, null, null, null, pd, write);
  }

  /** Whether the timer is armed (for tests and diagnostics; racy without the heap lock). */
  public boolean active() {
    return state == WAITING;
  }
}
