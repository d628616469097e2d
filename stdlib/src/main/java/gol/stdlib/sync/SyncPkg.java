package gol.stdlib.sync;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.PlainError;
import gol.runtime.RType;
import gol.runtime.Sched;
import gol.runtime.Sema;
import gol.stdlib.Registry;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/*
 * The natives of package sync (sync.gol): Mutex, RWMutex, WaitGroup and Cond's notify list, on
 * gol.runtime.Sema. Once is written in gol (sync.gol) on Mutex and atomic.Uint32, as Go's is.
 *
 * Concepts
 *   The methods are gol code calling bodiless funcs (mutexLock(m) for m.Lock(), Go's
 *   runtime_Semacquire style); every native gets the receiver pointer in rs[base] and finds its Java state in a SyncTable.
 *   A method that must wait parks its G through Sema (Sched.park) and returns; the G resumes
 *   after the call already owning what it waited for (handoff), so no native ever has to run
 *   again after a park.
 *
 * Invariants
 *   - Mutex.state: bit 0 = locked, the rest = 2 * (Gs committed to waiting). While any G waits,
 *     Unlock hands the lock straight to the first waiter (the locked bit stays set): FIFO, no
 *     barging, no starvation (Go's starvation mode, always).
 *   - No Java lock is held while a G is parked: Sema's lock is released by the M after the park.
 *
 * Locking / ownership
 *   Each object's Sema lock guards its wait list(s); counters are atomics.
 *
 * State transitions
 *   Mutex: unlocked -> locked (CAS) -> unlocked, or -> locked by the next waiter (handoff).
 */
public final class SyncPkg {
  private SyncPkg() {
  }

  private static final SyncTable<Mutex> MUTEXES = new SyncTable<>();
  private static final SyncTable<RWMutex> RWMUTEXES = new SyncTable<>();
  private static final SyncTable<WaitGroup> WAITGROUPS = new SyncTable<>();
  private static final SyncTable<NotifyList> NOTIFY = new SyncTable<>();
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  public static void install(Registry r) {
    r.reg("mutexLock", (g, b) -> MUTEXES.get(g.rs[b], Mutex::new).lock(g));
    r.reg("mutexTryLock", (g, b) -> g.ls[b] = MUTEXES.get(g.rs[b], Mutex::new).tryLock() ? 1 : 0);
    r.reg("mutexUnlock", (g, b) -> MUTEXES.get(g.rs[b], Mutex::new).unlock());
    r.reg("rwmutexLock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).lock(g));
    r.reg("rwmutexUnlock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).unlock());
    r.reg("rwmutexRLock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).rlock(g));
    r.reg("rwmutexRUnlock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).runlock());
    r.reg("waitGroupAdd", (g, b) -> WAITGROUPS.get(g.rs[b], WaitGroup::new).add(g.ls[b + 1]));
    r.reg("waitGroupDone", (g, b) -> WAITGROUPS.get(g.rs[b], WaitGroup::new).add(-1));
    r.reg("waitGroupWait", (g, b) -> WAITGROUPS.get(g.rs[b], WaitGroup::new).await(g));
    r.reg("runtime_notifyListAdd", (g, b) -> g.ls[b] = NOTIFY.get(g.rs[b], NotifyList::new).add());
    r.reg("runtime_notifyListWait", (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).await(g, g.ls[b + 1]));
    r.reg("runtime_notifyListNotifyOne", (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).notifyOne());
    r.reg("runtime_notifyListNotifyAll", (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).notifyEveryone());
  }

  static GoPanic fatal(String msg) {
    return new GoPanic(new PlainError(msg));
  }

  /** sync.Mutex. Public for runtime-level tests. */
  public static final class Mutex {
    static final int LOCKED = 1;
    static final int WAITER = 2;
    final AtomicInteger state = new AtomicInteger();
    final Sema sema = new Sema();

    /** Lock for g: true if acquired now; false if g parked (it resumes owning the lock). */
    public boolean lock(G g) {
      if (state.compareAndSet(0, LOCKED)) {
        return true;
      }
      for (;;) {
        int s = state.get();
        if ((s & LOCKED) == 0) {
          if (state.compareAndSet(s, s | LOCKED)) {
            return true;
          }
        } else if (state.compareAndSet(s, s + WAITER)) {
          return sema.acquire(g, "sync.Mutex.Lock");
        }
      }
    }

    public boolean tryLock() {
      int s = state.get();
      return (s & LOCKED) == 0 && state.compareAndSet(s, s | LOCKED);
    }

    public void unlock() {
      for (;;) {
        int s = state.get();
        if ((s & LOCKED) == 0) {
          throw fatal("sync: unlock of unlocked mutex");
        }
        if (s == LOCKED) {
          if (state.compareAndSet(LOCKED, 0)) {
            return;
          }
        } else if (state.compareAndSet(s, s - WAITER)) {
          sema.release(); // hand the lock (still marked locked) to the first waiter
          return;
        }
      }
    }
  }

  /** sync.RWMutex: writer-preferring, with handoff to whoever waits. */
  public static final class RWMutex {
    final Sema lk = new Sema(); // guards the fields; its list holds waiting writers
    final Sema readers = new Sema(); // list of waiting readers (guarded by lk too)
    int active; // > 0 readers, -1 a writer
    int writersWaiting;

    public boolean rlock(G g) {
      lk.lock();
      if (active >= 0 && writersWaiting == 0) {
        active++;
        lk.unlock();
        return true;
      }
      readers.lock();
      lk.unlock();
      readers.lockedWait(g, "sync.RWMutex.RLock");
      return false;
    }

    public void runlock() {
      lk.lock();
      if (active <= 0) {
        lk.unlock();
        throw fatal("sync: RUnlock of unlocked RWMutex");
      }
      G w = null;
      if (--active == 0 && writersWaiting > 0) {
        w = lk.dequeue();
        writersWaiting--;
        active = -1;
      }
      lk.unlock();
      if (w != null) {
        w.sched.goready(w);
      }
    }

    public boolean lock(G g) {
      lk.lock();
      if (active == 0) {
        active = -1;
        lk.unlock();
        return true;
      }
      writersWaiting++;
      lk.lockedWait(g, "sync.RWMutex.Lock");
      return false;
    }

    public void unlock() {
      lk.lock();
      if (active != -1) {
        lk.unlock();
        throw fatal("sync: Unlock of unlocked RWMutex");
      }
      active = 0;
      G rs;
      G w = null;
      readers.lock();
      rs = readers.dequeueAll();
      int n = 0;
      for (G x = rs; x != null; x = gol.stdlib.sync.SyncPkg.next(x)) {
        n++;
      }
      readers.unlock();
      if (n > 0) {
        active = n; // the readers that waited for this writer go first
      } else if (writersWaiting > 0) {
        w = lk.dequeue();
        writersWaiting--;
        active = -1;
      }
      lk.unlock();
      Sema.readyAll(rs);
      if (w != null) {
        w.sched.goready(w);
      }
    }
  }

  static G next(G g) {
    return Sema.next(g);
  }

  /** sync.WaitGroup. */
  public static final class WaitGroup {
    final AtomicLong counter = new AtomicLong();
    final Sema sema = new Sema();

    public void add(long delta) {
      long v = counter.addAndGet(delta);
      if (v < 0) {
        throw new GoPanic(new Iface(STRING, 0, GoString.of("sync: negative WaitGroup counter")));
      }
      if (v == 0 && delta != 0) {
        sema.lock();
        G all = counter.get() == 0 ? sema.dequeueAll() : null;
        sema.unlock();
        Sema.readyAll(all);
      }
    }

    public boolean await(G g) {
      if (counter.get() == 0) {
        return true;
      }
      sema.lock();
      if (counter.get() == 0) {
        sema.unlock();
        return true;
      }
      sema.lockedWait(g, "sync.WaitGroup.Wait");
      return false;
    }
  }

  /** Cond's notify list (Go's notifyList, sema.go): tickets make Signal/Wait race-free. */
  public static final class NotifyList {
    final Sema sema = new Sema();
    final AtomicLong wait = new AtomicLong(); // next ticket
    long notify; // next ticket to notify (under sema lock)
    final java.util.ArrayDeque<Object[]> waiters = new java.util.ArrayDeque<>();

    long add() {
      return wait.getAndIncrement();
    }

    boolean await(G g, long t) {
      sema.lock();
      if (t < notify) { // already notified
        sema.unlock();
        return true;
      }
      waiters.add(new Object[] {g, t});
      Sched.park(g, sema, "sync.Cond.Wait");
      return false;
    }

    void notifyOne() {
      sema.lock();
      if (notify == wait.get()) {
        sema.unlock();
        return;
      }
      long t = notify++;
      G w = null;
      for (java.util.Iterator<Object[]> it = waiters.iterator(); it.hasNext(); ) {
        Object[] e = it.next();
        if ((long) e[1] == t) {
          it.remove();
          w = (G) e[0];
          break;
        }
      }
      sema.unlock();
      if (w != null) {
        w.sched.goready(w);
      }
    }

    void notifyEveryone() {
      sema.lock();
      notify = wait.get();
      Object[][] ws = waiters.toArray(new Object[0][]);
      waiters.clear();
      sema.unlock();
      for (Object[] e : ws) {
        G w = (G) e[0];
        w.sched.goready(w);
      }
    }
  }
}
