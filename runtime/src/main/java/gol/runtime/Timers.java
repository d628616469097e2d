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
 *
 * Invariants
 *   - heap[0..n) holds exactly the WAITING timers; heap[i].index == i.
 *   - heap order: heap[(i-1)/4].when <= heap[i].when.
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
    }
    heap[n] = t;
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
    siftDown(i);
    siftUp(i);
  }

  private void siftUp(int i) {
    Timer t = heap[i];
    long when = t.when;
    while (i > 0) {
      int p = (i - 1) >> 2;
      Timer pt = heap[p];
      if (pt.when <= when) {
        break;
      }
      heap[i] = pt;
      pt.index = i;
      i = p;
    }
    heap[i] = t;
    t.index = i;
  }

  private void siftDown(int i) {
    Timer t = heap[i];
    long when = t.when;
    for (;;) {
      int c = 4 * i + 1;
      if (c >= n) {
        break;
      }
      int min = c;
      long mw = heap[c].when;
      int end = Math.min(c + 4, n);
      for (int j = c + 1; j < end; j++) {
        if (heap[j].when < mw) {
          min = j;
          mw = heap[j].when;
        }
      }
      if (mw >= when) {
        break;
      }
      heap[i] = heap[min];
      heap[i].index = i;
      i = min;
    }
    heap[i] = t;
    t.index = i;
  }

  /** Checks the heap invariants (tests). The lock must be held. */
  boolean verify() {
    for (int i = 0; i < n; i++) {
      if (heap[i].index != i || heap[i].state != Timer.WAITING) {
        return false;
      }
      if (i > 0 && heap[(i - 1) >> 2].when > heap[i].when) {
        return false;
      }
    }
    return true;
  }
}
