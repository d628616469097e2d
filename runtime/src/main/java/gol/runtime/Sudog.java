package gol.runtime;

/*
 * A G waiting on a channel (Go's sudog and waitq, runtime2.go / chan.go).
 *
 * Concepts
 *   A sudog is one G's entry in one channel's queue of waiting senders or receivers. A G blocked
 *   in a plain send or receive has one; a G blocked in a select has one per case, on every
 *   channel involved, linked through waitLink from g.waiting.
 *   A waiting sender's value travels in the sudog (l, r). A waiting receiver's value is written
 *   straight into its goroutine's stack slot {@code slot} (both halves of the slot: the
 *   receiving instruction reads the half its type uses), and ok into the long half of
 *   {@code okSlot} when the receive is comma-ok — Go's direct send to a receiver's stack.
 *
 * Invariants
 *   - A sudog is in at most one WaitQ, and only while its G is WAITING (or about to be: it is
 *     enqueued under the channel lock the G parks under).
 *   - For a select sudog, only the waker that wins g.claimSelect() may complete it; the others
 *     skip it in dequeue, and the G removes the losers from their queues when it resumes.
 *
 * Locking / ownership
 *   All fields are guarded by the lock of channel c while the sudog is queued; the waker that
 *   dequeues it owns it until goready; afterwards the resumed G does.
 *
 * State transitions
 *   new -> enqueued (parking G) -> dequeued by a waker (success set, g.param = this, goready)
 *   | dequeued by its own G (select loser, pass 3).
 */
public final class Sudog {
  public final G g;
  Chan c;
  /** A waiting sender's value (both halves; the channel's element kind says which is used). */
  long l;
  Object r;
  /** A waiting receiver's destination slot (absolute index into g's stack), or -1. */
  int slot = -1;
  /** Where a comma-ok receive stores ok (long half), or -1. */
  int okSlot = -1;
  /** True if the operation completed by a transfer, false if the channel was closed. */
  boolean success;
  boolean isSelect;
  boolean isSend;
  /** The select case this sudog stands for. */
  int caseIndex;
  Sudog next;
  Sudog prev;
  /** Next sudog of the same blocked select (from g.waiting). */
  Sudog waitLink;

  Sudog(G g, Chan c) {
    this.g = g;
    this.c = c;
  }

  /**
   * A sudog for g's plain (non-select) operation on c: g's cached one when it has one, else a
   * new one. Only g (on its M) calls it. Mirrors acquireSudog.
   */
  static Sudog acquire(G g, Chan c) {
    Sudog sg = g.sudogCache;
    if (sg == null) {
      return new Sudog(g, c);
    }
    g.sudogCache = null;
    sg.c = c;
    return sg;
  }

  /**
   * Gives a completed plain operation's sudog back to its G's cache. Called by the G itself when
   * it resumes: the waker dequeued the sudog and is done with it (it touches nothing after
   * goready). Clears every field so the cache holds no references. Mirrors releaseSudog.
   */
  static void release(Sudog sg) {
    sg.c = null;
    sg.l = 0;
    sg.r = null;
    sg.slot = -1;
    sg.okSlot = -1;
    sg.success = false;
    sg.isSend = false;
    sg.next = null;
    sg.prev = null;
    sg.g.sudogCache = sg;
  }

  /** A FIFO of waiting sudogs (Go's waitq). Guarded by the owning channel's lock. */
  static final class WaitQ {
    Sudog first;
    Sudog last;

    void enqueue(Sudog sg) {
      sg.next = null;
      Sudog x = last;
      if (x == null) {
        sg.prev = null;
        first = sg;
        last = sg;
        return;
      }
      sg.prev = x;
      x.next = sg;
      last = sg;
    }

    /**
     * Removes and returns the first sudog whose G can be completed: a select's sudog is skipped
     * (and dropped) when another case of that select already won. Mirrors waitq.dequeue.
     */
    Sudog dequeue() {
      for (;;) {
        Sudog sg = first;
        if (sg == null) {
          return null;
        }
        Sudog y = sg.next;
        if (y == null) {
          first = null;
          last = null;
        } else {
          y.prev = null;
          first = y;
          sg.next = null;
        }
        if (sg.isSelect && !sg.g.claimSelect()) {
          continue;
        }
        return sg;
      }
    }

    /** Removes sg if it is still queued. Mirrors waitq.dequeueSudoG. */
    void remove(Sudog sg) {
      Sudog x = sg.prev;
      Sudog y = sg.next;
      if (x != null) {
        if (y != null) {
          x.next = y;
          y.prev = x;
          sg.next = null;
          sg.prev = null;
          return;
        }
        x.next = null;
        last = x;
        sg.prev = null;
        return;
      }
      if (y != null) {
        y.prev = null;
        first = y;
        sg.next = null;
        return;
      }
      // x == y == null: sg is the only element, or it was already removed
      if (first == sg) {
        first = null;
        last = null;
      }
    }

    boolean isEmpty() {
      return first == null;
    }
  }
}
