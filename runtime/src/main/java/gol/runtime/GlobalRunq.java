package gol.runtime;

/*
 * The global run queue's Gs (Go's sched.runq), in FIFO order.
 *
 * Concepts
 *   The Gs are kept in chunks — arrays filled at the tail and consumed from the head — where Go
 *   links them through g.schedlink. A P whose ring overflows hands over half of it as one chunk
 *   (the array runqPutSlow copied them into), and a P that takes a batch copies a run of a
 *   chunk into its ring: moving Gs between Ps reads arrays in order instead of following each
 *   G's link, which on the receiving core is a cache miss per G (Sched.globRunqGet was 9% of
 *   the Ms' time in bench/spawn.gol with the list).
 *
 * Invariants
 *   - Chunk c holds c.gs[c.head .. c.tail), in queue order; the chunks from first to last hold
 *     the queue. Slots outside [head, tail) are null: a taken G is not kept reachable.
 *   - Only the last chunk takes more Gs (single puts, into its spare room).
 *   - The count of Gs is Sched.runqSize, which the caller keeps (it is read racily outside the
 *     lock); isEmpty agrees with it.
 *
 * Locking / ownership
 *   Every method runs under sched.lock, held by the caller.
 */
final class GlobalRunq {
  /** Room in a chunk made for single puts. */
  private static final int CHUNK = 32;

  private static final class Chunk {
    final G[] gs;
    int head;
    int tail;
    Chunk next;

    Chunk(G[] gs, int tail) {
      this.gs = gs;
      this.tail = tail;
    }
  }

  private Chunk first;
  private Chunk last;

  boolean isEmpty() {
    return first == null;
  }

  /** Puts gp at the tail. */
  void put(G gp) {
    Chunk c = last;
    if (c == null || c.tail == c.gs.length) {
      c = spare != null ? spare : new Chunk(new G[CHUNK], 0);
      spare = null;
      append(c);
    }
    c.gs[c.tail++] = gp;
  }

  /** Puts gs[0 .. n) at the tail, in order; the queue keeps the array. */
  void putAll(G[] gs, int n) {
    if (n > 0) {
      append(new Chunk(gs, n));
    }
  }

  private void append(Chunk c) {
    if (last == null) {
      first = c;
    } else {
      last.next = c;
    }
    last = c;
  }

  /** Takes the G at the head; the queue must not be empty. */
  G take() {
    Chunk c = first;
    G gp = c.gs[c.head];
    c.gs[c.head++] = null;
    consumed(c);
    return gp;
  }

  /**
   * Moves the n Gs at the head to pp's ring, in order (the queue must hold n, and pp's ring
   * must have room for them). Executed by pp's owner.
   */
  void moveTo(P pp, int n) {
    while (n > 0) {
      Chunk c = first;
      int k = Math.min(n, c.tail - c.head);
      pp.runqPutAll(c.gs, c.head, k);
      java.util.Arrays.fill(c.gs, c.head, c.head + k, null);
      c.head += k;
      n -= k;
      consumed(c);
    }
  }

  /**
   * Drops the head chunk c once it is empty. The last one, rewound, is kept as the spare that
   * the next single put fills (a queue that keeps emptying does not allocate a chunk a put).
   */
  private void consumed(Chunk c) {
    if (c.head < c.tail) {
      return;
    }
    first = c.next;
    c.next = null;
    if (first == null) {
      last = null;
      c.head = 0;
      c.tail = 0;
      spare = c;
    }
  }

  /** An empty chunk to reuse, or null. */
  private Chunk spare;
}
