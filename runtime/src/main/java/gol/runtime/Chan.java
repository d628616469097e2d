package gol.runtime;

/*
 * A channel (Go's hchan and chan.go).
 *
 * Concepts
 *   A lock, a ring buffer of cap elements, and two queues of waiting Gs: senders (recvq empty or
 *   buffer full) and receivers (buffer empty). Elements are stored by half: a channel of a
 *   primitive element kind (bools, integers, floats) keeps raw bits in lbuf, any other in rbuf.
 *   A send to a waiting receiver copies the value straight into the receiver's stack slot and
 *   readies it; a receive from a waiting sender takes its value from the sudog (unbuffered) or
 *   from the head of the buffer, refilling the tail with the sender's value (buffered, full).
 *   Operations that block park the G under the channel lock (Sched.parkOp); the instruction
 *   re-executes when the G resumes and, seeing g.param (the completed sudog), finishes.
 *
 * Invariants (chan.go's)
 *   - At least one of sendq and recvq is empty, except for an unbuffered channel with a single
 *     G blocked on it in a select with both a send and a receive case.
 *   - cap > 0: qcount > 0 implies recvq is empty; qcount < cap implies sendq is empty.
 *   - closed only goes false -> true, under the lock; close empties both queues.
 *   - buffer slots outside [recvx, recvx+qcount) hold no references (no leaks).
 *
 * Locking / ownership
 *   Every field but the immutable ones and qcount (volatile: len() reads it without the lock, as
 *   Go does) is guarded by the lock. A channel lock is never held while taking sched.lock: the
 *   G to ready is remembered, the lock released, then goready is called. Select holds several
 *   channel locks, always in lock order (by id).
 *
 * State transitions
 *   open -> closed. Per operation: fast (direct transfer or buffer) | park (WAITING in a queue)
 *   -> completed by a peer (success) or by close (failure: a receive gets the zero value and
 *   ok=false, a send panics "send on closed channel").
 */
public final class Chan extends Lock {
  private static final java.util.concurrent.atomic.AtomicLong IDS = new java.util.concurrent.atomic.AtomicLong();

  /** What a receive from the closed, drained channel yields in the reference half ("" for strings). */
  final Object zeroRef;
  /** The channel's type (kind CHAN, elem = element type) or null in runtime tests. */
  public final RType type;
  /** Whether elements live in the long half of a slot. */
  public final boolean prim;
  public final int cap;
  /**
   * Lock order for select: 0 until the channel's first select, which draws one from IDS ({@link
   * #id}). Drawn lazily because a shared counter bumped by every make(chan) is a cache line that
   * every M creating channels fights over (bench/fibgo.gol makes one per goroutine).
   */
  private volatile long id;
  private static final java.lang.invoke.VarHandle ID;

  static {
    try {
      ID = java.lang.invoke.MethodHandles.lookup().findVarHandle(Chan.class, "id", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final long[] lbuf;
  private final Object[] rbuf;
  volatile int qcount;
  int sendx;
  int recvx;
  boolean closed;
  /** A Timer's or Ticker's channel: len and cap report 0 (see {@link #markTimer}). */
  private boolean timer;
  final Sudog.WaitQ recvq = new Sudog.WaitQ();
  final Sudog.WaitQ sendq = new Sudog.WaitQ();

  /**
   * What a receive from the closed, drained channel gets: the zero value, a new one for each
   * receiver when the element is a struct or an array (it is owned by where it is stored).
   */
  Object zero() {
    return zeroRef == null && type != null && type.elem != null && type.elem.isValue() ? Values.zeroRef(type.elem) : zeroRef;
  }

  public Chan(RType type, boolean prim, int cap) {
    this.type = type;
    this.prim = prim;
    this.cap = cap;
    this.zeroRef = type != null && type.elem != null && !type.elem.isValue() ? Values.zeroRef(type.elem) : null;
    this.lbuf = prim && cap > 0 ? new long[cap] : null;
    this.rbuf = !prim && cap > 0 ? new Object[cap] : null;
  }

  /**
   * make(chan T, size): {@code type} is the channel type (its elem's kind chooses the half).
   * Panics "makechan: size out of range" for a negative or too large size, as Go.
   */
  public static Chan make(RType type, long size) {
    if (size < 0 || size > (1 << 28)) {
      throw new GoPanic(new PlainError("makechan: size out of range"));
    }
    boolean prim = type != null && type.elem != null && type.elem.kind.isPrimitive();
    return new Chan(type, prim, (int) size);
  }

  /** The channel's lock-order id, drawn on first use; the same for every caller. */
  long id() {
    long i = id;
    if (i == 0) {
      i = IDS.incrementAndGet();
      if (!ID.compareAndSet(this, 0L, i)) {
        i = id;
      }
    }
    return i;
  }

  // ======== send ========

  /**
   * {@code c <- v} by g: the value is (l, r) as a slot holds it. Returns true when done; false
   * when g must park (Sched.parkOp has been called: return PARKED with pc at the instruction, which
   * re-executes on resume). Panics "send on closed channel".
   */
  public static boolean send(G g, Chan c, long l, Object r) {
    Object p = g.param;
    if (p != null) { // resumed: a receiver took the value, or close woke us
      g.param = null;
      Sudog sg = (Sudog) p;
      boolean ok = sg.success;
      Sudog.release(sg);
      if (!ok) {
        throw closedSend();
      }
      return true;
    }
    if (c == null) {
      Sched.parkOp(g, Unlockf.NONE, Sched.WAIT_CHAN_SEND_NIL);
      return false;
    }
    if (c.prim) {
      r = null;
    } else {
      l = 0;
    }
    c.lock();
    if (sendNow(g, c, l, r)) {
      return true;
    }
    Sudog my = Sudog.acquire(g, c);
    my.l = l;
    my.r = r;
    my.isSend = true;
    c.sendq.enqueue(my);
    Sched.parkOp(g, c, Sched.WAIT_CHAN_SEND);
    return false;
  }

  /**
   * The part of g's send that needs no waiting: to a waiting receiver (readied), else into the
   * buffer. The lock is held on entry; released when this returns true or panics "send on closed
   * channel", still held when it returns false (g must queue itself and park).
   */
  private static boolean sendNow(G g, Chan c, long l, Object r) {
    if (c.closed) {
      c.unlock();
      throw closedSend();
    }
    Sudog sg = c.recvq.dequeue();
    if (sg != null) {
      deliver(sg, l, r, true);
      c.unlock();
      g.sched.goready(sg.g);
      return true;
    }
    if (c.qcount < c.cap) {
      c.bufPut(l, r);
      c.unlock();
      return true;
    }
    return false;
  }

  /**
   * A non-blocking send by a thread that runs no G (a signal handler): to a waiting receiver,
   * which is readied on {@code sched}, else into the buffer if there is room, else dropped, as
   * Go's select with a default. Returns whether the value was taken.
   */
  public static boolean offer(Sched sched, Chan c, long l, Object r) {
    G ready = null;
    c.lock();
    try {
      if (c.closed) {
        return false;
      }
      Sudog sg = c.recvq.dequeue();
      if (sg != null) {
        deliver(sg, c.prim ? l : 0, c.prim ? null : r, true);
        ready = sg.g;
      } else if (c.qcount < c.cap) {
        c.bufPut(c.prim ? l : 0, c.prim ? null : r);
      } else {
        return false;
      }
    } finally {
      c.unlock();
    }
    if (ready != null) {
      sched.goready(ready);
    }
    return true;
  }

  /**
   * Completes a waiting receiver sg with (l, r): writes its slot and ok, sets param. A
   * receiver without a slot (a native's, see {@link #nativeRecv}) keeps the value in sg.
   */
  static void deliver(Sudog sg, long l, Object r, boolean ok) {
    G rg = sg.g;
    if (sg.slot >= 0) {
      rg.ls[sg.slot] = l;
      rg.rs[sg.slot] = r;
    } else if (!sg.isSend) {
      sg.l = l;
      sg.r = r;
    }
    if (sg.okSlot >= 0) {
      rg.ls[sg.okSlot] = ok ? 1 : 0;
    }
    sg.success = ok;
    rg.param = sg;
  }

  static GoPanic closedSend() {
    return new GoPanic(new PlainError("send on closed channel"));
  }

  void bufPut(long l, Object r) {
    int i = sendx;
    if (prim) {
      lbuf[i] = l;
    } else {
      rbuf[i] = r;
    }
    sendx = i + 1 == cap ? 0 : i + 1;
    qcount++;
  }

  /**
   * Drops the head of the buffer, if any: a timer's stale value that Stop/Reset must not let a
   * later receive see (Poller.stopTimer). The lock must be held.
   */
  boolean bufDrop() {
    if (qcount == 0) {
      return false;
    }
    int i = recvx;
    if (prim) {
      lbuf[i] = 0;
    } else {
      rbuf[i] = null;
    }
    recvx = i + 1 == cap ? 0 : i + 1;
    qcount--;
    return true;
  }

  // ======== receive ========

  /**
   * {@code v := <-c} / {@code v, ok := <-c} by g: the value goes to g's slot {@code slot}
   * (absolute; both halves written), ok to the long half of {@code okSlot} when >= 0. Returns
   * true when done, false when g must park (as {@link #send}).
   */
  public static boolean recv(G g, Chan c, int slot, int okSlot) {
    Object p = g.param;
    if (p != null) { // resumed: the sender or close already wrote our slots
      g.param = null;
      Sudog.release((Sudog) p);
      return true;
    }
    if (c == null) {
      Sched.parkOp(g, Unlockf.NONE, Sched.WAIT_CHAN_RECEIVE_NIL);
      return false;
    }
    c.lock();
    if (c.closed && c.qcount == 0) {
      c.unlock();
      g.ls[slot] = 0;
      g.rs[slot] = c.zero();
      if (okSlot >= 0) {
        g.ls[okSlot] = 0;
      }
      return true;
    }
    Sudog sg = c.sendq.dequeue();
    if (sg != null) {
      c.recvFrom(sg, g, slot);
      if (okSlot >= 0) {
        g.ls[okSlot] = 1;
      }
      c.unlock();
      g.sched.goready(sg.g);
      return true;
    }
    if (c.qcount > 0) {
      c.bufTake(g, slot);
      if (okSlot >= 0) {
        g.ls[okSlot] = 1;
      }
      c.unlock();
      return true;
    }
    Sudog my = Sudog.acquire(g, c);
    my.slot = slot;
    my.okSlot = okSlot;
    c.recvq.enqueue(my);
    Sched.parkOp(g, c, Sched.WAIT_CHAN_RECEIVE);
    return false;
  }

  /**
   * Receives from the waiting sender sg into g's slot: unbuffered, straight from the sender; a
   * full buffer: the head of the buffer, and the sender's value goes to the tail. Marks sg done.
   * Mirrors chan.go's recv. The lock must be held.
   */
  void recvFrom(Sudog sg, G g, int slot) {
    if (cap == 0) {
      g.ls[slot] = sg.l;
      g.rs[slot] = sg.r;
    } else {
      int i = recvx;
      if (prim) {
        g.ls[slot] = lbuf[i];
        g.rs[slot] = null;
        lbuf[i] = sg.l;
      } else {
        g.ls[slot] = 0;
        g.rs[slot] = rbuf[i];
        rbuf[i] = sg.r;
      }
      recvx = i + 1 == cap ? 0 : i + 1;
      sendx = recvx;
    }
    sg.r = null;
    sg.success = true;
    sg.g.param = sg;
  }

  /** Takes the head of the buffer into g's slot. The lock must be held. */
  void bufTake(G g, int slot) {
    int i = recvx;
    if (prim) {
      g.ls[slot] = lbuf[i];
      g.rs[slot] = null;
    } else {
      g.ls[slot] = 0;
      g.rs[slot] = rbuf[i];
      rbuf[i] = null;
    }
    recvx = i + 1 == cap ? 0 : i + 1;
    qcount--;
  }

  // ======== operations made by natives (reflect's Send, Recv, TrySend, TryRecv) ========

  /** What a native's send or receive did: finished, could not finish without blocking, parked. */
  public static final int DONE = 0;
  public static final int NOT_READY = 1;
  public static final int PARKED = 2;

  /** A value a native received: both halves of the slot, and ok (false: closed). */
  public static final class Item {
    public long l;
    public Object r;
    public boolean ok;
  }

  /**
   * A receive by a native on g: DONE with the value in out; NOT_READY when !block and nothing
   * is ready; PARKED when g was queued and parked (Sched.park: the native must return at once,
   * and when g resumes, after the native call, {@link #finishRecv} hands over the value).
   */
  public static int nativeRecv(G g, Chan c, boolean block, Item out) {
    if (c == null) {
      if (!block) {
        return NOT_READY;
      }
      Sched.park(g, Unlockf.NONE, Sched.WAIT_CHAN_RECEIVE_NIL);
      return PARKED;
    }
    c.lock();
    if (c.closed && c.qcount == 0) {
      c.unlock();
      out.l = 0;
      out.r = c.zero();
      out.ok = false;
      return DONE;
    }
    Sudog sg = c.sendq.dequeue();
    if (sg != null) {
      c.recvFromInto(sg, out);
      c.unlock();
      g.sched.goready(sg.g);
      return DONE;
    }
    if (c.qcount > 0) {
      c.bufTakeInto(out);
      c.unlock();
      return DONE;
    }
    if (!block) {
      c.unlock();
      return NOT_READY;
    }
    Sudog my = Sudog.acquire(g, c);
    c.recvq.enqueue(my);
    Sched.park(g, c, Sched.WAIT_CHAN_RECEIVE);
    return PARKED;
  }

  /** {@link #recvFrom} for a native's receive: the value goes to out. The lock must be held. */
  void recvFromInto(Sudog sg, Item out) {
    if (cap == 0) {
      out.l = sg.l;
      out.r = sg.r;
    } else {
      bufTakeInto(out);
      bufPut(sg.l, sg.r); // the sender's value takes the freed tail slot
    }
    out.ok = true;
    sg.r = null;
    sg.success = true;
    sg.g.param = sg;
  }

  /** {@link #bufTake} for a native's receive. The lock must be held. */
  void bufTakeInto(Item out) {
    int i = recvx;
    if (prim) {
      out.l = lbuf[i];
      out.r = null;
    } else {
      out.l = 0;
      out.r = rbuf[i];
      rbuf[i] = null;
    }
    recvx = i + 1 == cap ? 0 : i + 1;
    qcount--;
    out.ok = true;
  }

  /** After a {@link #nativeRecv} that parked: the value a sender (or close) handed over. */
  public static void finishRecv(G g, Item out) {
    Sudog sg = (Sudog) g.param;
    g.param = null;
    out.l = sg.l;
    out.r = sg.r;
    out.ok = sg.success;
    Sudog.release(sg);
  }

  /**
   * A send of (l, r) by a native on g: DONE, NOT_READY (!block) or PARKED (as {@link
   * #nativeRecv}; {@link #finishSend} then completes it). Panics "send on closed channel".
   */
  public static int nativeSend(G g, Chan c, long l, Object r, boolean block) {
    if (c == null) {
      if (!block) {
        return NOT_READY;
      }
      Sched.park(g, Unlockf.NONE, Sched.WAIT_CHAN_SEND_NIL);
      return PARKED;
    }
    if (c.prim) {
      r = null;
    } else {
      l = 0;
    }
    c.lock();
    if (sendNow(g, c, l, r)) {
      return DONE;
    }
    if (!block) {
      c.unlock();
      return NOT_READY;
    }
    Sudog my = Sudog.acquire(g, c);
    my.l = l;
    my.r = r;
    my.isSend = true;
    c.sendq.enqueue(my);
    Sched.park(g, c, Sched.WAIT_CHAN_SEND);
    return PARKED;
  }

  /** After a {@link #nativeSend} that parked: panics if close, not a receiver, woke it. */
  public static void finishSend(G g) {
    Sudog sg = (Sudog) g.param;
    g.param = null;
    boolean ok = sg.success;
    Sudog.release(sg);
    if (!ok) {
      throw closedSend();
    }
  }

  // ======== close, len, cap ========

  /**
   * close(c): wakes every waiting receiver (zero value, ok=false) and sender (which then
   * panics). Panics "close of nil channel" / "close of closed channel".
   */
  public static void close(G g, Chan c) {
    if (c == null) {
      throw new GoPanic(new PlainError("close of nil channel"));
    }
    c.lock();
    if (c.closed) {
      c.unlock();
      throw new GoPanic(new PlainError("close of closed channel"));
    }
    c.closed = true;
    G list = null;
    for (Sudog sg; (sg = c.recvq.dequeue()) != null; ) {
      deliver(sg, 0, c.zero(), false);
      sg.g.schedlink = list;
      list = sg.g;
    }
    for (Sudog sg; (sg = c.sendq.dequeue()) != null; ) {
      sg.success = false;
      sg.r = null;
      sg.g.param = sg;
      sg.g.schedlink = list;
      list = sg.g;
    }
    c.unlock();
    while (list != null) {
      G next = list.schedlink;
      list.schedlink = null;
      g.sched.goready(list);
      list = next;
    }
  }

  /**
   * Marks the channel of a Timer or Ticker. Go 1.23 made those channels synchronous: their
   * one-slot buffer is an implementation detail, and len and cap report 0 (runtime.chanlen and
   * chancap check c.timer). Called once, before the channel is handed to user code.
   */
  public void markTimer() {
    timer = true;
  }

  /** len(c): nil and timer channels give 0. */
  public static int len(Chan c) {
    return c == null || c.timer ? 0 : c.qcount;
  }

  /** cap(c): nil and timer channels give 0. */
  public static int cap(Chan c) {
    return c == null || c.timer ? 0 : c.cap;
  }

  /** Whether c is closed (for tests and reflection-like natives). */
  public boolean isClosed() {
    lock();
    try {
      return closed;
    } finally {
      unlock();
    }
  }
}
