package gol.runtime;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;

/*
 * A network descriptor known to the poller (Go's pollDesc, netpoll.go): a non-blocking
 * java.nio channel, the G waiting to read and the G waiting to write, and the two deadlines.
 *
 * Concepts
 *   A native tries its I/O without blocking first. Only when the channel is not ready does it
 *   call waitRead/waitWrite: the G is recorded in rg/wg, the matching interest is added to the
 *   channel's SelectionKey and the G parks under this descriptor's lock with no M held; the
 *   native has already returned "try again", so when the G resumes its gol loop calls the
 *   native again (Go's `for { n, err := syscall.Read(); if err == EAGAIN { pd.waitRead() } }`).
 *   Readiness, a deadline or Close takes the G out of rg/wg and readies it.
 *
 *   Interest: ops is the interest set on key. The Selector applies a change of interest only at
 *   its next select, so whoever adds a bit wakes the M blocked in it (interestChanged); a wait
 *   whose interest is already in ops changes nothing and needs no wake-up: the bit was applied
 *   when it was added. Bits are cleared only by ready(), by the thread polling, when the key is
 *   ready. A read-side readiness that finds a waiter readies it and keeps OP_READ/OP_ACCEPT:
 *   the G reads, serves and waits again, and that wait then finds its bit set (no interestOps,
 *   no wake-up of the polling M: a request's read used to cost both). A readiness with no
 *   waiter clears the bit (Java's Selector is level-triggered: a ready key nobody consumes
 *   would return from every select) — except in a non-blocking poll while the G readied last
 *   has not come back to wait (rReadied: it sits on a run queue and will read the data): a
 *   poll that finds nothing costs little, while clearing the bit costs an interestOps now and
 *   another, with a wake-up of the M blocked in the Selector, when the G waits again. A
 *   blocking poll clears it (it would return at once, again and again, until the G reads).
 *   The write side is cleared at once (a socket is almost always writable, so a kept OP_WRITE
 *   would be a spurious readiness after every wait).
 *
 *   Deadlines are System.nanoTime() instants: 0 = none, EXPIRED = passed (every later wait
 *   fails at once with ERR_TIMEOUT until the deadline is set again). A deadline in the future
 *   arms a DEADLINE timer on the poller's heap.
 *
 * Invariants
 *   - rg (wg) != null implies the read (write) interest is set on key and the G is WAITING (or
 *     about to be: it parks under lock, which is released only once it is WAITING). The read
 *     interest may also be set with rg == null (kept after a readiness: see Interest).
 *   - closing only goes false -> true; afterwards nothing parks here.
 *   - rt (wt) is the one timer armed for the current read (write) deadline, or null.
 *
 * Locking / ownership
 *   lock guards rg, wg, rd, wd, rt, wt, closing and ops. Lock order: PollDesc.lock before
 *   Timers.lock (setDeadline stops and starts timers while holding it); a firing DEADLINE timer
 *   is handled after the poller has released Timers.lock. Gs are readied after unlocking.
 *
 * State transitions (per side; Go's pdNil/pdWait/G reduced to null/G since readiness is
 * re-checked by the native itself)
 *   null -> G (waitX parks)  ;  G -> null (ready, deadline, close: the G is readied)
 */
public final class PollDesc {
  /** Results of {@link #check}, {@link #waitRead}, {@link #waitWrite}. */
  public static final int OK = 0;
  /** The descriptor was closed (Go's ErrNetClosing / ErrFileClosing). */
  public static final int ERR_CLOSING = 1;
  /** The deadline passed (Go's ErrDeadlineExceeded, "i/o timeout"). */
  public static final int ERR_TIMEOUT = 2;

  static final long EXPIRED = -1;

  public final SelectableChannel ch;
  final Poller poller;
  final Lock lock = new Lock();
  private SelectionKey key;
  private int ops;
  G rg;
  G wg;
  /** A readiness readied rg and that G has not waited here since (see Interest). */
  boolean rReadied;
  long rd;
  long wd;
  Timer rt;
  Timer wt;
  boolean closing;

  PollDesc(Poller poller, SelectableChannel ch) throws IOException {
    this.poller = poller;
    this.ch = ch;
    ch.configureBlocking(false);
  }

  /** Whether I/O may be attempted: OK, ERR_CLOSING or ERR_TIMEOUT. Mirrors poll_runtime_pollReset. */
  public int check(boolean write) {
    lock.lock();
    try {
      return errLocked(write);
    } finally {
      lock.unlock();
    }
  }

  private int errLocked(boolean write) {
    if (closing) {
      return ERR_CLOSING;
    }
    long d = write ? wd : rd;
    return d == EXPIRED || (d > 0 && System.nanoTime() - d >= 0) ? ERR_TIMEOUT : OK;
  }

  /**
   * Parks g until the channel may be readable (or acceptable): OK means g has parked (the
   * native must return at once, with a "try again" result); otherwise the error, and g has
   * not parked. {@code op} is SelectionKey.OP_READ or OP_ACCEPT. Mirrors poll_runtime_pollWait.
   */
  public int waitRead(G g, int op) {
    return waitIO(g, false, op);
  }

  /** The same for writing (op OP_WRITE) or finishing a connect (OP_CONNECT). */
  public int waitWrite(G g, int op) {
    return waitIO(g, true, op);
  }

  private int waitIO(G g, boolean write, int op) {
    lock.lock();
    int e = errLocked(write);
    if (e != OK) {
      lock.unlock();
      return e;
    }
    if ((write ? wg : rg) != null) {
      lock.unlock();
      throw new GoPanic(new PlainError("net: concurrent " + (write ? "write" : "read") + " on one connection"));
    }
    // Only a new interest needs the selector: see "Interest" above.
    boolean added = key == null || (ops & op) != op;
    try {
      ops |= op;
      if (key == null) {
        key = ch.register(poller.selector, ops, this);
      } else if (added) {
        key.interestOps(ops);
      }
    } catch (ClosedChannelException | java.nio.channels.CancelledKeyException
        | java.nio.channels.ClosedSelectorException ex) {
      // (a closed Selector: the program is ending, its goroutines stop at their next safe point)
      lock.unlock();
      return ERR_CLOSING;
    }
    if (write) {
      wg = g;
    } else {
      rg = g;
      rReadied = false;
    }
    poller.netWaiters.incrementAndGet();
    Sched.park(g, lock, "IO wait");
    if (added) {
      poller.interestChanged();
    }
    return OK;
  }

  /**
   * A poll found the key ready: collects the Gs to ready. Called by the thread that owns the
   * Selector's select (an M or sysmon).
   */
  int ready(int readyOps, G[] out, boolean blocking) {
    int n = 0;
    lock.lock();
    try {
      if ((readyOps & (SelectionKey.OP_READ | SelectionKey.OP_ACCEPT)) != 0) {
        if (rg != null) {
          out[n++] = rg; // the bit stays: see Interest
          rg = null;
          rReadied = true;
        } else if (blocking || !rReadied) {
          ops &= ~(SelectionKey.OP_READ | SelectionKey.OP_ACCEPT);
        }
      }
      if ((readyOps & (SelectionKey.OP_WRITE | SelectionKey.OP_CONNECT)) != 0) {
        ops &= ~(SelectionKey.OP_WRITE | SelectionKey.OP_CONNECT);
        if (wg != null) {
          out[n++] = wg;
          wg = null;
        }
      }
      if (key != null && key.isValid() && key.interestOps() != ops) {
        key.interestOps(ops);
      }
    } catch (java.nio.channels.CancelledKeyException e) {
      // closed by another goroutine since isValid: the close wakes the waiters itself
    } finally {
      lock.unlock();
    }
    return n;
  }

  /**
   * Sets the read and/or write deadline to {@code when} (a System.nanoTime() instant; 0 = none;
   * a passed instant expires it now, waking a waiting G). Mirrors poll_runtime_pollSetDeadline.
   */
  public void setDeadline(long when, boolean read, boolean write) {
    G r = null;
    G w = null;
    long now = System.nanoTime();
    lock.lock();
    try {
      if (closing) {
        return;
      }
      if (read) {
        rt = rearm(rt, when, now, false);
        rd = when == 0 ? 0 : when <= now ? EXPIRED : when;
        if (rd == EXPIRED) {
          r = rg;
          rg = null;
        }
      }
      if (write) {
        wt = rearm(wt, when, now, true);
        wd = when == 0 ? 0 : when <= now ? EXPIRED : when;
        if (wd == EXPIRED) {
          w = wg;
          wg = null;
        }
      }
    } finally {
      lock.unlock();
    }
    poller.readyNet(r, w);
  }

  private Timer rearm(Timer old, long when, long now, boolean write) {
    if (old != null) {
      poller.stopTimer(old);
    }
    if (when == 0 || when <= now) {
      return null;
    }
    Timer t = Timer.deadline(this, write);
    poller.startTimer(t, when, 0);
    return t;
  }

  /** A DEADLINE timer fired (timer thread or an M, Timers.lock not held). */
  void deadlineFired(Timer t) {
    G gp = null;
    lock.lock();
    try {
      if (t.write && wt == t) {
        wt = null;
        wd = EXPIRED;
        gp = wg;
        wg = null;
      } else if (!t.write && rt == t) {
        rt = null;
        rd = EXPIRED;
        gp = rg;
        rg = null;
      }
    } finally {
      lock.unlock();
    }
    poller.readyNet(gp, null);
  }

  /**
   * Marks the descriptor closing, wakes its waiters (they see ERR_CLOSING), stops its timers and
   * closes the channel. Returns false if it was already closed. Mirrors poll_runtime_pollUnblock
   * followed by the close.
   */
  public boolean close() {
    G r;
    G w;
    lock.lock();
    try {
      if (closing) {
        return false;
      }
      closing = true;
      r = rg;
      w = wg;
      rg = null;
      wg = null;
      if (rt != null) {
        poller.stopTimer(rt);
        rt = null;
      }
      if (wt != null) {
        poller.stopTimer(wt);
        wt = null;
      }
      if (key != null) {
        key.cancel();
      }
    } finally {
      lock.unlock();
    }
    poller.readyNet(r, w);
    // a channel closed while registered is closed by the Selector when it deregisters the key,
    // at its next select, and isRegistered turns false a moment before that: deregister first,
    // so that the close below is the socket's, now
    poller.flushCancelled(ch);
    try {
      ch.close();
    } catch (IOException e) {
      // closing a socket loses nothing a gol program can observe
    }
    return true;
  }

  /** Whether Close has been called. */
  public boolean closed() {
    lock.lock();
    try {
      return closing;
    } finally {
      lock.unlock();
    }
  }
}
