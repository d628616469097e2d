package gol.runtime;

/*
 * A semaphore that parks goroutines (Go's sema.go: semacquire/semrelease), and the wait list
 * the sync primitives are built from.
 *
 * Concepts
 *   count is the number of available tokens. acquire takes one, or queues the G (FIFO) and
 *   parks it; release hands a token straight to the first waiter (it resumes owning it: the
 *   "handoff" of Go's semrelease(handoff=true), which is also what makes a parked native
 *   resume after its call with nothing left to do) or, with no waiter, adds it to count.
 *   Go keys semaphores by address in a global treap; gol gives each sync object its own Sema.
 *
 * Invariants
 *   - count > 0 implies the wait list is empty.
 *   - A G is on at most one Sema's list, only while WAITING (or about to be: it is queued under
 *     the Sema's lock, which its M releases after marking it WAITING).
 *   - No Java lock is held while a G is parked; goready is called after unlocking.
 *
 * Locking / ownership
 *   The Sema's own Lock guards count and the list (linked through G.schedlink, which is free
 *   while a G waits). Callers may take the lock themselves to combine a check with a
 *   conditional wait (lockedWait / dequeue), as WaitGroup, RWMutex and Cond do.
 *
 * State transitions
 *   G: RUNNING -> (acquire, no token) WAITING on the list -> (release) RUNNABLE, owning a token.
 */
public final class Sema extends Lock {
  private long count;
  private G head;
  private G tail;
  private int nwait;

  public Sema() {
  }

  public Sema(long count) {
    this.count = count;
  }

  /**
   * semacquire from a native running on g: true when a token was taken at once; false when g
   * was queued and {@link Sched#park} called (the native must return; g resumes after its call
   * owning a token).
   */
  public boolean acquire(G g, String reason) {
    lock();
    if (count > 0) {
      count--;
      unlock();
      return true;
    }
    lockedWait(g, reason);
    return false;
  }

  /**
   * Queues g and parks it (Sched.park); the lock must be held and is released by the M once g is
   * WAITING. For callers that checked their own condition under this lock.
   */
  public void lockedWait(G g, String reason) {
    assert isHeldByCurrentThread() : "lockedWait: sema lock not held";
    g.schedlink = null;
    if (tail == null) {
      head = g;
    } else {
      tail.schedlink = g;
    }
    tail = g;
    nwait++;
    Sched.park(g, this, reason);
  }

  /** semrelease: wakes the first waiter (handing it the token) or adds a token. */
  public void release() {
    lock();
    G w = dequeue();
    if (w == null) {
      count++;
    }
    unlock();
    if (w != null) {
      w.sched.goready(w);
    }
  }

  /** Takes the first waiter off the list, or null. The lock must be held. */
  public G dequeue() {
    assert isHeldByCurrentThread() : "dequeue: sema lock not held";
    G w = head;
    if (w != null) {
      head = w.schedlink;
      if (head == null) {
        tail = null;
      }
      w.schedlink = null;
      nwait--;
    }
    return w;
  }

  /** Takes every waiter off the list (linked through schedlink). The lock must be held. */
  public G dequeueAll() {
    assert isHeldByCurrentThread() : "dequeueAll: sema lock not held";
    G w = head;
    head = null;
    tail = null;
    nwait = 0;
    return w;
  }

  /** Readies a list returned by dequeueAll. Call with no lock held. */
  public static void readyAll(G list) {
    while (list != null) {
      G next = list.schedlink;
      list.schedlink = null;
      list.sched.goready(list);
      list = next;
    }
  }

  /** The next G of a list returned by dequeueAll. */
  public static G next(G g) {
    return g.schedlink;
  }

  /** The number of queued waiters. The lock must be held. */
  public int waiters() {
    return nwait;
  }
}
