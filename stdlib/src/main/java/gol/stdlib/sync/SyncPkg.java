package gol.stdlib.sync;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.PlainError;
import gol.runtime.RType;
import gol.runtime.Sched;
import gol.runtime.Sema;
import gol.runtime.Struct;
import gol.stdlib.Registry;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/*
 * The natives of package sync (sync.gol): Mutex, RWMutex, WaitGroup and Cond's notify list, on
 * gol.runtime.Sema. Once is written in gol (sync.gol) on Mutex and atomic.Uint32, as Go's is.
 *
 * Concepts
 *   The methods are gol code calling bodiless funcs (mutexLock(m) for m.Lock(), Go's
 *   runtime_Semacquire style); every native gets the receiver pointer in rs[base]: the Struct
 *   of the sync object itself (a pointer to a struct is the struct, see Struct).
 *   Mutex and WaitGroup keep their state word in that struct, as Go does: the long half of
 *   their one field (`_ int32`, slot l[0]), changed by VarHandle atomics — so Lock/Unlock
 *   without contention and wg.Add/Done/Wait that need not wake or wait touch nothing else.
 *   Only a G that must wait, or that must wake waiters, looks up the object's Sema in a
 *   SyncTable (Go's semtable, keyed by address). RWMutex and Cond keep all their state there.
 *   A method that must wait parks its G through Sema (Sched.park) and returns; the G resumes
 *   after the call already owning what it waited for (handoff), so no native ever has to run
 *   again after a park. Sema counts tokens, so a release that comes before the waiter's
 *   acquire is not lost (the waiter takes the token and does not park).
 *
 * Invariants
 *   - Mutex word: bit 0 = locked, the rest = 2 * (Gs committed to waiting). While any G waits,
 *     Unlock hands the lock straight to the first waiter (the locked bit stays set): FIFO, no
 *     barging, no starvation (Go's starvation mode, always).
 *   - WaitGroup word: counter in the high 32 bits, waiters in the low 32 (Go's wg.state). A
 *     waiter is counted (CAS) before it acquires the Sema; the Add that brings the counter to 0
 *     with waiters resets the word to 0 (CAS: a concurrent Add or Wait is Go's "misuse" panic)
 *     and releases one token per waiter.
 *   - No Java lock is held while a G is parked: Sema's lock is released by the M after the park.
 *
 * Locking / ownership
 *   The state words are atomics (VarHandle on the struct's long[]); each object's Sema lock
 *   guards its wait list(s). A copied Mutex or WaitGroup copies its word, as in Go.
 *
 * State transitions
 *   Mutex: unlocked -> locked (CAS) -> unlocked, or -> locked by the next waiter (handoff).
 *   WaitGroup: (n, w) -Add/Done-> (n', w); (n>0, w) -Wait-> (n, w+1) and park;
 *   (0, w>0) -> (0, 0) and w tokens released.
 */
public final class SyncPkg {
  private SyncPkg() {
  }

  /** The state word of a Mutex or WaitGroup: element 0 of its Struct's long half. */
  private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);
  private static final SyncTable<Sema> MUTEXES = new SyncTable<>();
  private static final SyncTable<RWMutex> RWMUTEXES = new SyncTable<>();
  private static final SyncTable<Sema> WAITGROUPS = new SyncTable<>();
  private static final SyncTable<NotifyList> NOTIFY = new SyncTable<>();
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  public static void install(Registry r) {
    r.reg("mutexLock", (g, b) -> Mutex.lock(g, g.rs[b]));
    r.reg("mutexTryLock", (g, b) -> g.ls[b] = Mutex.tryLock(g.rs[b]) ? 1 : 0);
    r.reg("mutexUnlock", (g, b) -> Mutex.unlock(g.rs[b]));
    r.reg("rwmutexLock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).lock(g));
    r.reg("rwmutexUnlock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).unlock());
    r.reg("rwmutexRLock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).rlock(g));
    r.reg("rwmutexRUnlock", (g, b) -> RWMUTEXES.get(g.rs[b], RWMutex::new).runlock());
    r.reg("waitGroupAdd", (g, b) -> WaitGroup.add(g.rs[b], g.ls[b + 1]));
    r.reg("waitGroupDone", (g, b) -> WaitGroup.add(g.rs[b], -1));
    r.reg("waitGroupWait", (g, b) -> WaitGroup.await(g, g.rs[b]));
    r.reg("runtime_notifyListAdd", (g, b) -> g.ls[b] = NOTIFY.get(g.rs[b], NotifyList::new).add());
    r.reg("runtime_notifyListWait", (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).await(g, g.ls[b + 1]));
    r.reg("runtime_notifyListNotifyOne", (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).notifyOne());
    r.reg("runtime_notifyListNotifyAll", (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).notifyEveryone());
  }

  /** Go's sync throws (fatal, unrecoverable) on an unlock of an unlocked lock. */
  static gol.runtime.Fatal fatal(String msg) {
    return new gol.runtime.Fatal(msg);
  }

  /**
   * The state word of the sync object {@code ptr} points to: its Struct's long half, whose
   * element 0 is the object's one field. Panics as a nil dereference does for a nil pointer.
   */
  static long[] word(Object ptr) {
    if (ptr == null) {
      throw GoPanic.runtime("invalid memory address or nil pointer dereference");
    }
    return ((Struct) ptr).l;
  }

  /** sync.Mutex: the word (see the file comment) plus, once contended, a Sema in MUTEXES. */
  public static final class Mutex {
    static final long LOCKED = 1;
    static final long WAITER = 2;

    private Mutex() {
    }

    /** Lock for g: true if acquired now; false if g parked (it resumes owning the lock). */
    public static boolean lock(G g, Object ptr) {
      long[] w = word(ptr);
      if (WORD.compareAndSet(w, 0, 0L, LOCKED)) {
        return true;
      }
      for (;;) {
        long s = (long) WORD.getVolatile(w, 0);
        if ((s & LOCKED) == 0) {
          if (WORD.compareAndSet(w, 0, s, s | LOCKED)) {
            return true;
          }
        } else if (WORD.compareAndSet(w, 0, s, s + WAITER)) {
          return MUTEXES.get(ptr, Sema::new).acquire(g, "sync.Mutex.Lock");
        }
      }
    }

    public static boolean tryLock(Object ptr) {
      long[] w = word(ptr);
      long s = (long) WORD.getVolatile(w, 0);
      return (s & LOCKED) == 0 && WORD.compareAndSet(w, 0, s, s | LOCKED);
    }

    public static void unlock(Object ptr) {
      long[] w = word(ptr);
      for (;;) {
        long s = (long) WORD.getVolatile(w, 0);
        if ((s & LOCKED) == 0) {
          throw fatal("sync: unlock of unlocked mutex");
        }
        if (s == LOCKED) {
          if (WORD.compareAndSet(w, 0, LOCKED, 0L)) {
            return;
          }
        } else if (WORD.compareAndSet(w, 0, s, s - WAITER)) {
          // hand the lock (still marked locked) to the first waiter, or leave it a token if
          // that waiter has counted itself but not reached acquire yet
          MUTEXES.get(ptr, Sema::new).release();
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

  /** sync.WaitGroup: the word (see the file comment) plus, once waited on, a Sema in WAITGROUPS. */
  public static final class WaitGroup {
    private WaitGroup() {
    }

    /** wg.Add(delta) (Done is Add(-1)). Mirrors sync.WaitGroup.Add. */
    public static void add(Object ptr, long delta) {
      long[] w = word(ptr);
      long d = delta << 32;
      long s = (long) WORD.getAndAdd(w, 0, d) + d;
      int v = (int) (s >> 32);
      int waiters = (int) s;
      if (v < 0) {
        throw new GoPanic(new Iface(STRING, 0, GoString.of("sync: negative WaitGroup counter")));
      }
      if (waiters != 0 && delta > 0 && v == delta) {
        throw misuse();
      }
      if (v > 0 || waiters == 0) {
        return;
      }
      // The counter is 0 and Gs wait: nobody may change the word now but us (Go's rule).
      if (!WORD.compareAndSet(w, 0, s, 0L)) {
        throw misuse();
      }
      Sema sema = WAITGROUPS.get(ptr, Sema::new);
      for (int i = 0; i < waiters; i++) {
        sema.release();
      }
    }

    /** wg.Wait() by g: true at once when the counter is 0, else false (g parked). */
    public static boolean await(G g, Object ptr) {
      long[] w = word(ptr);
      for (;;) {
        long s = (long) WORD.getVolatile(w, 0);
        if ((int) (s >> 32) == 0) {
          return true;
        }
        if (WORD.compareAndSet(w, 0, s, s + 1)) {
          // Go 1.23 names this wait "semacquire" (a sync.WaitGroup.Wait reason came later)
          return WAITGROUPS.get(ptr, Sema::new).acquire(g, "semacquire");
        }
      }
    }

    private static GoPanic misuse() {
      return new GoPanic(new Iface(STRING, 0, GoString.of("sync: WaitGroup misuse: Add called concurrently with Wait")));
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
