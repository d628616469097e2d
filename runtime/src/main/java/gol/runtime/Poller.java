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
 * The poller (Go's netpoll.go with netpoll_epoll.go, and the timer half of time.go/proc.go): a
 * java.nio Selector that idle Ms block in, and one background thread per program for the timer
 * heap. Sleeping Gs, Gs waiting on a timer channel and Gs waiting on the network hold no M and
 * no thread.
 *
 * Concepts
 *   The network (Go's findRunnable + netpoll). An M that finds nothing to run looks at the
 *   Selector without blocking (netpoll(0)) before it steals; when it then gives its P back and
 *   some G waits on the network and no other M is in the Selector, it blocks there itself
 *   (netpoll(-1), Sched.netpollBlock) instead of parking; the other idle Ms park as before. A
 *   socket that gets ready wakes that M, which takes an idle P and runs the first readied G
 *   itself; the rest go to the global queue with an idle P each. So a request costs one thread
 *   wake-up (the epoll_wait returning), not two (a poller thread's and then an M's futex).
 *   Only one thread at a time is in the Selector (Java's select methods serialize on it):
 *   pollState says who, FREE, NONBLOCK (a netpoll(0) in progress: a few microseconds) or
 *   BLOCKED (an M in netpoll(-1)). A non-blocking poll is skipped when the state is not FREE;
 *   an M about to block waits for a NONBLOCK to finish and parks if another M is BLOCKED. With
 *   every M busy nobody blocks in the Selector: the Ms poll when they run out of local work,
 *   and sysmon polls when nobody has for 10 ms (Go's sysmon does the same).
 *   netpollBreak is Selector.wakeup() (Go writes to its eventfd).
 *
 *   Timers: the poller thread fires the timers whose instant has passed (Timer's kinds: ready a
 *   sleeper, send the time on a channel, expire a network deadline), puts the Gs that became
 *   runnable on the global run queue and wakes an idle P (Sched.injectGList), then parks until
 *   the next timer is due (LockSupport.parkNanos: nanosecond resolution, where the Selector's
 *   timeout has milliseconds). An M that finds nothing to run calls pollNonBlocking (Go's
 *   checkTimers in findRunnable): when the earliest timer is due and the heap lock is free, it
 *   fires the due timers itself instead of waiting for the poller thread.
 *
 *   Waking the timer thread early: pollUntil is the instant it will wake by itself, published
 *   under the heap lock together with the heap top it was computed from. Whoever pushes a timer
 *   earlier than pollUntil unparks it; a push while it is awake (pollUntil == 0) needs nothing,
 *   since it recomputes under the same lock before it parks again.
 *
 * Invariants
 *   - A G is on the heap (via its SLEEP timer), in one PollDesc (rg/wg) or in flight from one
 *     of them to a run queue or the M that polled it — never two of those (DESIGN.md's parking
 *     invariant).
 *   - waiting() > 0 whenever some G may still be readied by a timer or the network: armed
 *     timers + network waiters + Gs taken off the heap or a PollDesc and not yet on a run queue
 *     (a G readied by the network stays counted in netWaiters until it is queued or its M holds
 *     a P: netpollDone). So checkdead (under sched.lock) never sees "nothing runnable and
 *     nobody waiting" while a G is in flight; and an M blocked in the Selector counts as idle
 *     there (Sched.nmpoll), so a deadlock is still found while it waits.
 *   - At most one thread is in a select call: the one that set pollState from FREE.
 *   - While some G waits on the network and every P is idle, one M is in the Selector (an M
 *     that could not claim it saw another M BLOCKED there).
 *   - stdout is flushed before the timer thread parks (and by the last M to go idle).
 *
 * Locking / ownership
 *   timers.lock guards the heap, every Timer's state, pollUntil; it ranks above a channel's lock
 *   (a CHAN timer sends under it) and below PollDesc.lock and sched.lock (checkdead reads
 *   waiting() under sched.lock). Nobody takes sched.lock while holding timers.lock: Gs are
 *   injected after it is released. The Selector's select calls belong to pollState's owner;
 *   register/interestOps are thread-safe (Java 11+: applied at the next select) and wakeup.
 *
 * State transitions
 *   pollState: FREE -> NONBLOCK -> FREE (netpoll(0)) ; FREE -> BLOCKED -> FREE (netpoll(-1)).
 *   timer thread: running (firing timers) -> parked until the next timer -> running ... ->
 *   ended (Sched.exit calls shutdown). Timers: see Timer.
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
  /** When the timer thread will wake by itself (under timers.lock); 0 while it is awake. */
  private long pollUntil;
  /** Set once a PollDesc exists: from then on idle Ms may poll the Selector. */
  private volatile boolean usedNet;
  private volatile boolean closed;

  /** Who is in the Selector: see the file comment. */
  static final int FREE = 0;
  static final int NONBLOCK = 1;
  static final int BLOCKED = 2;
  private final AtomicInteger pollState = new AtomicInteger();
  /** When a poll of the Selector last ended (System.nanoTime), for sysmon's fallback poll. */
  private volatile long lastPoll = System.nanoTime();
  /** The Selector's callback while a G list is being collected (owner of pollState only). */
  private List<G> collecting;
  private final G[] two = new G[2];
  private final Consumer<SelectionKey> onReadyNow = k -> collectReady(k, collecting, two, false);
  private final Consumer<SelectionKey> onReadyBlock = k -> collectReady(k, collecting, two, true);
  /** The earliest when on the heap, or Long.MAX_VALUE (read without the lock by pollNonBlocking). */
  private volatile long nextWhen = Long.MAX_VALUE;

  private Poller(Sched sched) throws IOException {
    super(null, null, "gol-timers", 1 << 18);
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
      LockSupport.unpark(this);
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
      LockSupport.unpark(this);
    }
    return pending;
  }

  /** After a push: updates nextWhen; true if the timer thread must be woken. timers.lock held. */
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
    return new PollDesc(this, ch);
  }

  /** A PollDesc changed its interest set: the Selector must see it before it sleeps again. */
  void interestChanged() {
    if (pollState.get() == BLOCKED) {
      selector.wakeup();
    }
  }

  /**
   * A PollDesc cancelled its key: the Selector deregisters it at its next select. Make that
   * happen now and wait for it — a non-blocking select if the Selector is free (the Gs it
   * readies are injected), else a wake-up of the M blocked in it — so that the channel's close
   * that follows closes the socket at once: a listener's port is free and its descriptor gone
   * when Close returns, even if no M polls for a long time. (Closing first and returning after
   * the wake-up let a dial right after a listener's Close connect to the socket still listening,
   * then be reset: "connection reset by peer" where Go says "connection refused".)
   */
  void flushCancelled(java.nio.channels.SelectableChannel ch) {
    for (int spins = 0; ch.isRegistered() && !closed; spins++) {
      int st = pollState.get();
      if (st == BLOCKED) {
        selector.wakeup(); // its select deregisters the key as it returns
      } else if (st == FREE && pollState.compareAndSet(FREE, NONBLOCK)) {
        List<G> ready = new ArrayList<>();
        select(0, ready);
        int n = ready.size();
        if (n > 0) {
          sched.injectGList(ready);
          netpollDone(n);
        }
        continue;
      }
      waitForNonBlock(spins); // a netpoll(0) takes microseconds, a woken select as long
    }
  }

  @Override
  public boolean netpollInited() {
    return usedNet;
  }

  /** Whether some G waits on the network, so an idle M should poll the Selector. */
  @Override
  public boolean netpollWanted() {
    return usedNet && netWaiters.get() > 0 && !closed;
  }

  /**
   * netpoll(0): if no other thread is in the Selector, collects the Gs of the ready keys into
   * {@code out} (still counted in netWaiters: the caller queues them, then calls netpollDone).
   */
  @Override
  public void netpollNow(List<G> out) {
    if (pollState.get() == FREE && pollState.compareAndSet(FREE, NONBLOCK)) {
      select(0, out);
    }
  }

  /**
   * Claims the Selector for a blocking poll: true if the caller now owns it (pollState BLOCKED),
   * false if another M is blocked in it. Waits for a non-blocking poll in progress to end.
   */
  @Override
  public boolean claimBlocking() {
    for (int spins = 0;; spins++) {
      int st = pollState.get();
      if (st == BLOCKED) {
        return false;
      }
      if (st == FREE && pollState.compareAndSet(FREE, BLOCKED)) {
        return true;
      }
      waitForNonBlock(spins);
    }
  }

  /** One round of waiting for a netpoll(0) to end: spin, then yield (its thread may be descheduled). */
  private static void waitForNonBlock(int spins) {
    if (spins < 100) {
      Thread.onSpinWait();
    } else {
      Thread.yield();
    }
  }

  /**
   * netpoll(-1) by the owner of a claimBlocking: waits until a key is ready or netpollBreak,
   * collecting the Gs into out. Keeps the claim (call releaseBlocking when done).
   */
  @Override
  public void netpollBlock(List<G> out) {
    collecting = out;
    try {
      selector.select(onReadyBlock);
    } catch (IOException | java.nio.channels.ClosedSelectorException e) {
      // the program is ending (the selector was closed under us)
    } finally {
      collecting = null;
    }
  }

  @Override
  public void releaseBlocking() {
    lastPoll = System.nanoTime();
    pollState.set(FREE);
  }

  /** The Gs a poll collected are on a run queue (or running): they no longer count as waiting. */
  @Override
  public void netpollDone(int n) {
    netWaiters.addAndGet(-n);
  }

  /** When a poll last ended (sysmon polls when nobody has for a while). */
  @Override
  public long lastPoll() {
    return lastPoll;
  }

  /** selectNow by the NONBLOCK owner; frees the Selector. */
  private void select(long unused, List<G> out) {
    collecting = out;
    try {
      selector.selectNow(onReadyNow);
    } catch (IOException | java.nio.channels.ClosedSelectorException e) {
      // the program is ending
    } finally {
      collecting = null;
      lastPoll = System.nanoTime();
      pollState.set(FREE);
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

  /** Interrupts a netpoll(-1) in progress (or makes the next one return at once) and the timer thread's wait. */
  void netpollBreak() {
    selector.wakeup();
    LockSupport.unpark(this);
  }

  // ======== the timer thread ========

  @Override
  public void run() {
    List<G> ready = new ArrayList<>();
    List<Timer> deadlines = new ArrayList<>();
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
          if (delay < 0) {
            LockSupport.park(this);
          } else {
            LockSupport.parkNanos(this, delay);
          }
        }
        pollUntil = 0;
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
  static void collectReady(SelectionKey k, List<G> ready, G[] two, boolean blocking) {
    int ops;
    try {
      ops = k.readyOps();
    } catch (java.nio.channels.CancelledKeyException e) {
      return;
    }
    int n = ((PollDesc) k.attachment()).ready(ops, two, blocking);
    for (int i = 0; i < n; i++) {
      ready.add(two[i]);
      two[i] = null;
    }
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
