package gol.runtime;

import java.io.IOException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/*
 * The poller (Go's netpoll.go with netpoll_epoll.go, and the timer half of time.go/proc.go): one
 * background thread per program owning a java.nio Selector and the timer heap. Sleeping Gs,
 * Gs waiting on a timer channel and Gs waiting on the network hold no M and no thread.
 *
 * Concepts
 *   The loop: fire the timers whose instant has passed (Timer's kinds: ready a sleeper, send
 *   the time on a channel, expire a network deadline); put the Gs that became runnable on the
 *   global run queue and wake an idle P (Sched.injectGList); then wait in netpoll(delay) until
 *   the next timer is due, a socket is ready or someone breaks the wait.
 *
 *   netpoll(delay), as netpoll.go states it:
 *     delay <  0  block until a socket is ready or netpollBreak;
 *     delay == 0  poll without blocking;
 *     delay >  0  block for up to delay nanoseconds.
 *   netpollBreak is Selector.wakeup() (Go writes to its eventfd; Java writes to the selector's
 *   wake-up pipe and, like Go's netpollWakeSig, only once until the next select).
 *   Until the program first opens a socket there is no socket to watch, and the poller waits
 *   with LockSupport.parkNanos instead (nanosecond resolution; the Selector's timeout has
 *   millisecond resolution); netpollBreak then also unparks it.
 *
 *   An M that finds nothing to run calls pollNonBlocking (Go's checkTimers in findRunnable):
 *   when the earliest timer is due and the heap lock is free, the M fires the due timers itself
 *   instead of waiting for the poller thread to wake up. It never touches the Selector (Java's
 *   select methods serialize on the selector, so a selectNow would wait for the poller).
 *
 *   Waking the poller early: pollUntil is the instant the poller will wake by itself, published
 *   under the heap lock together with the heap top it was computed from. Whoever pushes a timer
 *   earlier than pollUntil breaks the wait; a push while the poller is awake (pollUntil == 0)
 *   needs nothing, since the poller recomputes under the same lock before it waits again.
 *
 * Invariants
 *   - A G is on the heap (via its SLEEP timer), in one PollDesc (rg/wg) or in flight from one
 *     of them to the global run queue — never two of those (DESIGN.md's parking invariant).
 *   - waiting() > 0 whenever some G may still be readied by a timer or the network: armed
 *     timers + network waiters + Gs taken off the heap or a PollDesc and not yet on a run
 *     queue. Counters drop only after the G is on the run queue, so checkdead (under
 *     sched.lock) can never see "nothing runnable and nobody waiting" while a G is in flight.
 *   - stdout is flushed before the poller thread blocks.
 *
 * Locking / ownership
 *   timers.lock guards the heap, every Timer's state, pollUntil; it ranks above a channel's lock
 *   (a CHAN timer sends under it) and below PollDesc.lock and sched.lock (checkdead reads
 *   waiting() under sched.lock). Nobody takes sched.lock while holding timers.lock: Gs are
 *   injected after it is released. The Selector is used by the poller thread only, except for
 *   register/interestOps (thread-safe in Java 11+: applied at the next select) and wakeup.
 *
 * State transitions
 *   poller thread: running (firing timers, handling ready keys) -> waiting in netpoll(delay)
 *   -> running ... -> ended (Sched.exit calls shutdown). Timers: see Timer.
 */
public final class Poller extends Thread implements Sched.Poller {
  /** Timers fired per hold of the heap lock, so Ms adding timers never wait long. */
  private static final int FIRE_BATCH = 512;

  final Sched sched;
  final Selector selector;
  final Timers timers = new Timers();
  final AtomicInteger netWaiters = new AtomicInteger();
  /** Gs taken off the heap or a PollDesc by a firing and not yet on a run queue. */
  private final AtomicInteger inflight = new AtomicInteger();
  /** When the poller will wake by itself (under timers.lock); 0 while it is awake. */
  private long pollUntil;
  /** Set once a PollDesc exists: from then on the poller waits in the Selector. */
  private volatile boolean usedNet;
  private volatile boolean blocked;
  private volatile boolean closed;
  /** The earliest when on the heap, or Long.MAX_VALUE (read without the lock by pollNonBlocking). */
  private volatile long nextWhen = Long.MAX_VALUE;

  private Poller(Sched sched) throws IOException {
    super(null, null, "gol-poller", 1 << 18);
    this.sched = sched;
    this.selector = Selector.open();
    setDaemon(true);
  }

  /** The poller of s, started on first use (a program that never sleeps has no poller thread). */
  public static Poller get(Sched s) {
    if (s.poller instanceof Poller p) {
      return p;
    }
    synchronized (s) {
      if (s.poller == null) {
        try {
          Poller p = new Poller(s);
          s.poller = p;
          p.start();
        } catch (IOException e) {
          throw new IllegalStateException("Poller.get: cannot open a selector: " + e.getMessage(), e);
        }
      }
      return (Poller) s.poller;
    }
  }

  // ======== timers ========

  /**
   * time.Sleep(ns) by the running G g: parks g on the heap (no M held) until ns have passed.
   * The native must return at once (see Native). Mirrors runtime.timeSleep: the timer goes on
   * the heap only after g is parked ({@link #armSleep}).
   */
  public void sleep(G g, long ns) {
    Timer t = Timer.sleep(g, this);
    t.when = System.nanoTime() + ns;
    Sched.park(g, t, "sleep"); // t.unlockf -> armSleep, once g is WAITING
  }

  /**
   * Puts a sleeping G's timer on the heap: gopark's unlock function for time.Sleep, run by the M
   * after it has marked the G WAITING (Go's resetForSleep). Arming it only then means no lock is
   * held across the switch — the timer lock, which every sleeping M and the poller take, is held
   * for the push alone — and a timer that fires at once still finds its G WAITING. Meanwhile the
   * M running this holds a P, so checkdead cannot see a moment with nobody sleeping.
   */
  void armSleep(Timer t) {
    boolean brk;
    timers.lock.lock();
    try {
      timers.push(t);
      brk = published(t.when);
    } finally {
      timers.lock.unlock();
    }
    if (brk) {
      netpollBreak();
    }
  }

  /**
   * Arms t to fire at {@code when} (a System.nanoTime() instant), then every {@code period} ns
   * if period > 0. t must not be armed. Mirrors time.startTimer.
   */
  public void startTimer(Timer t, long when, long period) {
    resetTimer(t, when, period);
  }

  /**
   * Disarms t. True if this call stopped it from firing — it was armed, or (a CHAN timer) its
   * value was still unreceived in the channel, which is drained so no stale value can be
   * received after Stop (Go 1.23's semantics). Mirrors time.stopTimer.
   */
  public boolean stopTimer(Timer t) {
    timers.lock.lock();
    boolean pending;
    try {
      pending = t.state == Timer.WAITING;
      if (pending) {
        timers.removeAt(t.index);
        t.state = Timer.IDLE;
        nextWhen = top();
      }
      t.seq++;
      if (t.kind == Timer.CHAN && drain(t.c)) {
        pending = true;
      }
    } finally {
      timers.lock.unlock();
    }
    return pending;
  }

  /**
   * Re-arms t for {@code when} (and {@code period}); returns what stopTimer would have. Mirrors
   * time.resetTimer / modtimer.
   */
  public boolean resetTimer(Timer t, long when, long period) {
    boolean pending;
    boolean brk;
    timers.lock.lock();
    try {
      pending = t.state == Timer.WAITING;
      t.when = when;
      t.period = period;
      t.seq++;
      if (pending) {
        timers.fix(t.index);
      } else {
        timers.push(t);
      }
      if (t.kind == Timer.CHAN && drain(t.c)) {
        pending = true;
      }
      brk = published(when);
    } finally {
      timers.lock.unlock();
    }
    if (brk) {
      netpollBreak();
    }
    return pending;
  }

  /** After a push: updates nextWhen; true if the poller must be woken. timers.lock held. */
  private boolean published(long when) {
    nextWhen = top();
    return pollUntil != 0 && when - pollUntil < 0;
  }

  private long top() {
    Timer t = timers.peek();
    return t == null ? Long.MAX_VALUE : t.when;
  }

  /** Removes a stale timer value from c's buffer. timers.lock held. */
  private static boolean drain(Chan c) {
    c.lock();
    try {
      return c.bufDrop();
    } finally {
      c.unlock();
    }
  }

  /**
   * Fires up to FIRE_BATCH due timers: Gs to ready go to {@code ready} (counted in inflight),
   * DEADLINE timers to {@code deadlines}. timers.lock must be held. Mirrors runtime.runtimer.
   */
  private void fireDue(long now, List<G> ready, List<Timer> deadlines) {
    assert timers.lock.isHeldByCurrentThread() : "fireDue: timers.lock not held";
    for (int i = 0; i < FIRE_BATCH; i++) {
      Timer t = timers.peek();
      if (t == null || t.when - now > 0) {
        break;
      }
      timers.removeAt(0);
      t.state = Timer.FIRING;
      switch (t.kind) {
        case Timer.SLEEP -> {
          t.state = Timer.IDLE;
          inflight.incrementAndGet();
          ready.add(t.g);
        }
        case Timer.CHAN -> {
          if (t.period > 0) {
            long late = now - t.when;
            t.when += t.period * (1 + late / t.period);
            timers.push(t);
          } else {
            t.state = Timer.IDLE;
          }
          G gp = sendTime(t.c, now, t);
          if (gp != null) {
            inflight.incrementAndGet();
            ready.add(gp);
          }
        }
        default -> {
          t.state = Timer.IDLE;
          deadlines.add(t);
        }
      }
    }
    nextWhen = top();
  }

  /**
   * The non-blocking send of a timer's value on c (Go's sendTime: a select with a default): to
   * a waiting receiver (returned, to be readied), else into the buffer if there is room, else
   * dropped. timers.lock held.
   */
  private static G sendTime(Chan c, long now, Timer t) {
    Object r = c.prim || t.value == null ? null : t.value.apply(now);
    long l = c.prim ? now : 0;
    c.lock();
    try {
      if (c.closed) {
        return null;
      }
      Sudog sg = c.recvq.dequeue();
      if (sg != null) {
        Chan.deliver(sg, l, r, true);
        return sg.g;
      }
      if (c.qcount < c.cap) {
        c.bufPut(l, r);
      }
      return null;
    } finally {
      c.unlock();
    }
  }

  /** Readies what a firing produced, then drops the in-flight count. Any thread, no lock held. */
  private void inject(List<G> ready, List<Timer> deadlines) {
    if (!ready.isEmpty()) {
      int n = ready.size();
      sched.injectGList(ready);
      inflight.addAndGet(-n);
      ready.clear();
    }
    boolean any = !deadlines.isEmpty();
    for (Timer t : deadlines) {
      t.pd.deadlineFired(t);
    }
    deadlines.clear();
    if (any || Thread.currentThread() == this) {
      sched.recheckDead();
    }
  }

  // ======== network ========

  /** Makes ch non-blocking and known to the poller. Mirrors poll_runtime_pollOpen. */
  public PollDesc open(SelectableChannel ch) throws IOException {
    usedNet = true;
    netpollBreak(); // a poller parked without the Selector must start watching it
    return new PollDesc(this, ch);
  }

  /** A PollDesc changed its interest set: the Selector must see it before it sleeps again. */
  void interestChanged() {
    if (blocked) {
      selector.wakeup();
    }
  }

  /** Readies Gs taken out of a PollDesc by a deadline or a close (any thread, no lock held). */
  void readyNet(G r, G w) {
    if (r != null) {
      sched.goready(r);
      netWaiters.decrementAndGet();
    }
    if (w != null) {
      sched.goready(w);
      netWaiters.decrementAndGet();
    }
  }

  /** Interrupts a netpoll(delay) in progress (or makes the next one return at once). */
  void netpollBreak() {
    selector.wakeup();
    LockSupport.unpark(this);
  }

  // ======== the poller thread ========

  @Override
  public void run() {
    List<G> ready = new ArrayList<>();
    List<Timer> deadlines = new ArrayList<>();
    G[] two = new G[2];
    Consumer<SelectionKey> onReady = k -> collectReady(k, ready, two);
    try {
      while (!closed && !sched.exiting) {
        long now = System.nanoTime();
        long delay;
        timers.lock.lock();
        try {
          fireDue(now, ready, deadlines);
          Timer t = timers.peek();
          delay = t == null ? -1 : Math.max(0, t.when - now);
          pollUntil = t == null ? Long.MAX_VALUE : t.when;
          if (!ready.isEmpty() || !deadlines.isEmpty()) {
            delay = 0;
            pollUntil = 0;
          }
        } finally {
          timers.lock.unlock();
        }
        inject(ready, deadlines);
        if (delay != 0) {
          sched.machine.stdout.flush(); // nothing may sit in the buffer while we wait
        }
        netpoll(delay, onReady);
        pollUntil = 0;
        if (!ready.isEmpty()) {
          int n = ready.size();
          sched.injectGList(ready); // on the run queue first, then no longer counted as waiting
          netWaiters.addAndGet(-n);
          ready.clear();
          sched.recheckDead();
        }
      }
    } catch (Throwable e) {
      if (!closed && !sched.exiting) {
        sched.machine.stderr.println("fatal error: poller: " + e);
        sched.exit(2);
      }
    } finally {
      closeAll();
    }
  }

  /**
   * Adds the Gs that the ready key k releases to {@code ready}. A goroutine may close the
   * connection between the select and this call: its key is then cancelled and readyOps throws;
   * close has already readied the key's waiters, so there is nothing left to do.
   */
  static void collectReady(SelectionKey k, List<G> ready, G[] two) {
    int ops;
    try {
      ops = k.readyOps();
    } catch (java.nio.channels.CancelledKeyException e) {
      return;
    }
    int n = ((PollDesc) k.attachment()).ready(ops, two);
    for (int i = 0; i < n; i++) {
      ready.add(two[i]);
      two[i] = null;
    }
  }

  /**
   * Waits for ready sockets or the timeout; ready keys go to onReady. delay < 0 blocks, 0 polls,
   * > 0 waits up to delay ns. Mirrors runtime.netpoll(delay).
   */
  private void netpoll(long delay, Consumer<SelectionKey> onReady) throws IOException {
    if (!usedNet) {
      if (delay != 0) {
        blocked = true;
        if (delay < 0) {
          LockSupport.park(this);
        } else {
          LockSupport.parkNanos(this, delay);
        }
        blocked = false;
      }
      return;
    }
    if (delay == 0) {
      selector.selectNow(onReady);
      return;
    }
    blocked = true;
    if (delay < 0) {
      selector.select(onReady);
    } else {
      selector.select(onReady, Math.max(1, (delay + 999_999) / 1_000_000));
    }
    blocked = false;
  }

  private void closeAll() {
    try {
      for (SelectionKey k : selector.keys()) {
        k.channel().close();
      }
      selector.close();
    } catch (IOException | RuntimeException e) {
      // the program is over
    }
  }

  // ======== Sched.Poller ========

  @Override
  public void pollNonBlocking() {
    long nw = nextWhen;
    if (nw == Long.MAX_VALUE || System.nanoTime() - nw < 0 || !timers.lock.tryLock()) {
      return;
    }
    List<G> ready = new ArrayList<>();
    List<Timer> deadlines = new ArrayList<>();
    try {
      fireDue(System.nanoTime(), ready, deadlines);
    } finally {
      timers.lock.unlock();
    }
    inject(ready, deadlines);
  }

  @Override
  public int waiting() {
    timers.lock.lock();
    try {
      return timers.size() + netWaiters.get() + inflight.get();
    } finally {
      timers.lock.unlock();
    }
  }

  @Override
  public void shutdown() {
    closed = true;
    netpollBreak();
  }

  /** Timers on the heap (tests, schedtrace). */
  public int timerCount() {
    timers.lock.lock();
    try {
      return timers.size();
    } finally {
      timers.lock.unlock();
    }
  }
}
