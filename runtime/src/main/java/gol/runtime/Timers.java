package gol.runtime;

import java.util.Arrays;

/*
 * The timer heap (Go's p.timers with siftupTimer/siftdownTimer, time.go): a 4-ary min-heap of
 * Timers keyed by when.
 *
 * Concepts
 *   4-ary rather than binary, as Go's: the tree is half as deep, so pushes (the common operation:
 *   every Sleep, every After) touch fewer levels, and the four children of a node sit next to
 *   each other in the array.
 *   Each entry's instant is kept beside it in whens[] (Go 1.23's heap entries carry when too):
 *   sifting compares four children per level, and reading them from one long[] instead of four
 *   scattered Timer objects keeps a pop of a large heap (100,000 sleepers waking together) from
 *   paying a cache miss per comparison.
 *
 * Invariants
 *   - heap[0..n) holds exactly the WAITING timers; heap[i].index == i; whens[i] == heap[i].when.
 *   - heap order: whens[(i-1)/4] <= whens[i].
 *
 * Locking / ownership
 *   Every method requires lock (the poller's timer lock) to be held; it also guards every
 *   Timer's mutable fields (see Timer).
 *
 * State transitions
 *   see Timer.
 */
final class Timers {
  final Lock lock = new Lock();
  private Timer[] heap = new Timer[64];
  private long[] whens = new long[64];
  private int n;

  int size() {
    return n;
  }

  /** The earliest timer, or null. The lock must be held. */
  Timer peek() {
    return n == 0 ? null : heap[0];
  }

  /** Adds t (state becomes WAITING). The lock must be held. */
  void push(Timer t) {
    assert lock.isHeldByCurrentThread() : "Timers.push: lock not held";
    if (n == heap.length) {
      heap = Arrays.copyOf(heap, n * 2);
      whens = Arrays.copyOf(whens, n * 2);
    }
    heap[n] = t;
    whens[n] = t.when;
    t.index = n;
    t.state = Timer.WAITING;
    siftUp(n++);
  }

  /** Removes the timer at heap index i (state unchanged: the caller sets it). The lock must be held. */
  void removeAt(int i) {
    assert lock.isHeldByCurrentThread() : "Timers.removeAt: lock not held";
    Timer t = heap[i];
    int last = --n;
    if (i != last) {
      Timer m = heap[last];
      heap[i] = m;
      whens[i] = whens[last];
      m.index = i;
      heap[last] = null;
      siftDown(i);
      siftUp(i);
    } else {
      heap[last] = null;
    }
    t.index = -1;
  }

  /** Restores heap order after heap[i].when changed. The lock must be held. */
  void fix(int i) {
    whens[i] = heap[i].when;
    siftDown(i);
    siftUp(i);
  }

  private void siftUp(int i) {
    Timer t = heap[i];
    long when = whens[i];
    while (i > 0) {
      int p = (i - 1) >> 2;
      long pw = whens[p];
      if (pw <= when) {
        break;
      }
      Timer pt = heap[p];
      heap[i] = pt;
      whens[i] = pw;
      pt.index = i;
      i = p;
    }
    heap[i] = t;
    whens[i] = when;
    t.index = i;
  }

  private void siftDown(int i) {
    Timer t = heap[i];
    long when = whens[i];
    long[] ws = whens;
    for (;;) {
      int c = 4 * i + 1;
      if (c >= n) {
        break;
      }
      int min = c;
      long mw = ws[c];
      int end = Math.min(c + 4, n);
      for (int j = c + 1; j < end; j++) {
        if (ws[j] < mw) {
          min = j;
          mw = ws[j];
        }
      }
      if (mw >= when) {
        break;
      }
      Timer m = heap[min];
      heap[i] = m;
      ws[i] = mw;
      m.index = i;
      i = min;
    }
    heap[i] = t;
    ws[i] = when;
    t.index = i;
  }

  /** Checks the heap invariants (tests). The lock must be held. */
  boolean verify() {
    for (int i = 0; i < n; i++) {
      if (heap[i].index != i || heap[i].state != Timer.WAITING || whens[i] != heap[i].when) {
        return false;
      }
      if (i > 0 && whens[(i - 1) >> 2] > whens[i]) {
        return false;
      }
    }
    return true;
  }
}
