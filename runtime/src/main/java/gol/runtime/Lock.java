package gol.runtime;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/*
 * The runtime's own mutex (Go's runtime.mutex, lock_futex.go): guards a channel, a semaphore
 * root or the scheduler for a few hundred nanoseconds at most.
 *
 * Concepts
 *   A test-and-test-and-set spin lock with back-off: spin a little (the holder is running on
 *   another core and will be done in a moment), then Thread.yield (the holder may have been
 *   descheduled: more Ms than cores). It never parks the thread: critical sections are tiny and
 *   no code ever holds a Lock while it blocks.
 *
 * Invariants
 *   - A Lock is never held while a G is parked: gopark's unlock function releases it after the
 *     G is marked WAITING, on the same M thread that acquired it (Sched.park).
 *   - Lock ranking (lockrank.go): a channel lock (or several, in Select's lock order by channel
 *     id) may be held while taking a sudog queue's state; sched.lock is never taken while a
 *     channel or semaphore lock is held — goready is called after unlocking.
 *
 * Locking / ownership
 *   owner is written by the holder only and read only by assertions (isHeldByCurrentThread).
 *
 * State transitions
 *   state: 0 (free) -> 1 (held) by CAS in lock(); 1 -> 0 by a release store in unlock().
 */
public class Lock implements Unlockf {
  // a field updater, not a VarHandle: see P
  private static final AtomicIntegerFieldUpdater<Lock> STATE = AtomicIntegerFieldUpdater.newUpdater(Lock.class, "state");

  private static final int SPIN = 64;

  @SuppressWarnings("unused") // via STATE
  private volatile int state;
  private Thread owner;

  public final void lock() {
    if (!STATE.compareAndSet(this, 0, 1)) {
      lockSlow();
    }
    owner = Thread.currentThread();
  }

  private void lockSlow() {
    int spins = 0;
    for (;;) {
      if (state == 0 && STATE.compareAndSet(this, 0, 1)) {
        return;
      }
      if (++spins < SPIN) {
        Thread.onSpinWait();
      } else {
        Thread.yield();
      }
    }
  }

  public final boolean tryLock() {
    if (STATE.compareAndSet(this, 0, 1)) {
      owner = Thread.currentThread();
      return true;
    }
    return false;
  }

  public final void unlock() {
    assert owner == Thread.currentThread() : "unlock: lock not held by " + Thread.currentThread().getName();
    owner = null;
    STATE.lazySet(this, 0); // store-release: the critical section happens-before the next lock
  }

  /** For assertions: {@code assert lock.isHeldByCurrentThread() : "f: lock not held"}. */
  public final boolean isHeldByCurrentThread() {
    return owner == Thread.currentThread() && state == 1;
  }

  /** gopark's unlock function for a G that parks under this lock alone. */
  @Override
  public void unlockf() {
    unlock();
  }
}
