package gol.stdlib.sync;

import gol.runtime.G;
import gol.runtime.GoPanic;
import gol.runtime.GoString;
import gol.runtime.Iface;
import gol.runtime.Native;
import gol.runtime.PlainError;
import gol.runtime.RType;
import gol.runtime.Sched;
import gol.runtime.Sema;
import gol.runtime.Struct;
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
 *   Mutex, RWMutex and WaitGroup keep their state words in that struct, as Go does: the long
 *   half of their fields, laid out as Go's so that printing one shows Go's fields (Mutex's
 *   state, l[0]; WaitGroup's state and RWMutex's readerCount and readerWait are
 *   sync/atomic values, each the l[0] of its nested Struct), changed by VarHandle
 *   atomics — so Lock/Unlock without contention, RLock/RUnlock without a writer and
 *   wg.Add/Done/Wait that need not wake or wait touch nothing else. Only a G that must wait,
 *   or that must wake waiters, looks up a Sema in a SyncTable (Go's semtable, keyed by
 *   address). Cond keeps all its state there.
 *   A method that must wait parks its G through Sema (Sched.park) and returns; the G resumes
 *   after the call already owning what it waited for (handoff), so no native ever has to run
 *   again after a park. Sema counts tokens, so a release that comes before the waiter's
 *   acquire is not lost (the waiter takes the token and does not park).
 *
 * Invariants
 *   - Mutex word: bit 0 = locked, the rest = 2 * (Gs committed to waiting). While any G waits,
 *     Unlock hands the lock straight to the first waiter (the locked bit stays set): FIFO, no
 *     barging, no starvation (Go's starvation mode, always).
 *   - RWMutex (Go's algorithm): a writer holds w, then subtracts MAX_READERS from
 *     readerCount; the readers it found there are added to readerWait, and the last of them to
 *     RUnlock releases the writer's Sema. A reader whose add leaves readerCount negative waits
 *     on the readers' Sema; the writer's Unlock adds MAX_READERS back and releases one token
 *     per waiting reader, then unlocks w. Sema tokens make a release that comes before the
 *     acquire safe, so no lock guards the two words.
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
 *   RWMutex: readerCount n >= 0 (n readers) -Lock-> n - MAX (writer pending, waits for n) ->
 *   (readers gone) -MAX (write-locked) -Unlock-> m (the m readers that waited, let in).
 *   WaitGroup: (n, w) -Add/Done-> (n', w); (n>0, w) -Wait-> (n, w+1) and park;
 *   (0, w>0) -> (0, 0) and w tokens released.
 */
public final class SyncPkg {
  private SyncPkg() {
  }

  /** The state word of a Mutex or WaitGroup: element 0 of its Struct's long half. */
  private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);
  private static final SyncTable<Sema> MUTEXES = new SyncTable<>();
  private static final SyncTable<Sema> READER_SEMS = new SyncTable<>();
  private static final SyncTable<Sema> WRITER_SEMS = new SyncTable<>();
  private static final SyncTable<Sema> WAITGROUPS = new SyncTable<>();
  private static final SyncTable<NotifyList> NOTIFY = new SyncTable<>();
  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);

  public static Native link(String name) {
    return switch (name) {
      case "mutexLock" -> (g, b) -> Mutex.lock(g, g.rs[b]);
      case "mutexTryLock" -> (g, b) -> g.ls[b] = Mutex.tryLock(g.rs[b]) ? 1 : 0;
      case "mutexUnlock" -> (g, b) -> Mutex.unlock(g.rs[b]);
      case "rwmutexLock" -> (g, b) -> RWMutex.lock(g, g.rs[b]);
      case "rwmutexTryLock" -> (g, b) -> g.ls[b] = RWMutex.tryLock(g.rs[b]) ? 1 : 0;
      case "rwmutexUnlock" -> (g, b) -> RWMutex.unlock(g.rs[b]);
      case "rwmutexRLock" -> (g, b) -> RWMutex.rlock(g, g.rs[b]);
      case "rwmutexTryRLock" -> (g, b) -> g.ls[b] = RWMutex.tryRLock(g.rs[b]) ? 1 : 0;
      case "rwmutexRUnlock" -> (g, b) -> RWMutex.runlock(g.rs[b]);
      case "waitGroupAdd" -> (g, b) -> WaitGroup.add(g.rs[b], g.ls[b + 1]);
      case "waitGroupDone" -> (g, b) -> WaitGroup.add(g.rs[b], -1);
      case "waitGroupWait" -> (g, b) -> WaitGroup.await(g, g.rs[b]);
      case "runtime_notifyListAdd" -> (g, b) -> g.ls[b] = NOTIFY.get(g.rs[b], NotifyList::new).add();
      case "runtime_notifyListWait" -> (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).await(g, g.ls[b + 1]);
      case "runtime_notifyListNotifyOne" -> (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).notifyOne();
      case "runtime_notifyListNotifyAll" -> (g, b) -> NOTIFY.get(g.rs[b], NotifyList::new).notifyEveryone();
      default -> null;
    };
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

  /**
   * The long half of field {@code field} of the sync object {@code ptr} points to, a nested
   * sync/atomic value whose one primitive field (v) is element 0. Panics as a nil dereference.
   */
  static long[] nested(Object ptr, int field) {
    Struct s = (Struct) ptr;
    if (s == null) {
      throw GoPanic.runtime("invalid memory address or nil pointer dereference");
    }
    return ((Struct) s.r[s.type.fieldSlot[field]]).l;
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

  /**
   * sync.RWMutex, Go's algorithm: the struct's w (a Mutex, locked in gol before rwmutexLock and
   * unlocked after rwmutexUnlock) excludes writers from each other; readerCount (l[0]) counts
   * the readers, less MAX_READERS while a writer is pending, so that a reader seeing it negative
   * waits; readerWait (l[1]) counts the readers the pending writer still waits for. The waits
   * are semaphores looked up by address (READER_SEMS, WRITER_SEMS) only by a G that must wait
   * or wake: without a writer, RLock and RUnlock are one atomic add each.
   */
  public static final class RWMutex {
    static final long MAX_READERS = 1L << 30;
    /** Index of the value in readerCount's and readerWait's long halves (atomic.Int32's v). */
    static final int COUNT = 0;
    static final int WAIT = 0;

    private RWMutex() {
    }

    /** readerCount's word: RWMutex field 3, an atomic.Int32 (as Go lays RWMutex out). */
    static long[] count(Object ptr) {
      return nested(ptr, 3);
    }

    /** readerWait's word: RWMutex field 4, an atomic.Int32. */
    static long[] waits(Object ptr) {
      return nested(ptr, 4);
    }

    /** RLock for g: true if read-locked now; false if g parked (it resumes holding a read lock). */
    public static boolean rlock(G g, Object ptr) {
      long[] w = count(ptr);
      if ((long) WORD.getAndAdd(w, COUNT, 1L) + 1 < 0) {
        return READER_SEMS.get(ptr, Sema::new).acquire(g, "sync.RWMutex.RLock");
      }
      return true;
    }

    public static boolean tryRLock(Object ptr) {
      long[] w = count(ptr);
      for (;;) {
        long c = (long) WORD.getVolatile(w, COUNT);
        if (c < 0) {
          return false;
        }
        if (WORD.compareAndSet(w, COUNT, c, c + 1)) {
          return true;
        }
      }
    }

    public static void runlock(Object ptr) {
      long[] w = count(ptr);
      long r = (long) WORD.getAndAdd(w, COUNT, -1L) - 1;
      if (r >= 0) {
        return;
      }
      if (r + 1 == 0 || r + 1 == -MAX_READERS) {
        throw fatal("sync: RUnlock of unlocked RWMutex");
      }
      // a writer is pending: the last of the readers it waits for wakes it
      if ((long) WORD.getAndAdd(waits(ptr), WAIT, -1L) - 1 == 0) {
        WRITER_SEMS.get(ptr, Sema::new).release();
      }
    }

    /** Lock's second half (w is held): true if write-locked now; false if g parked for the readers. */
    public static boolean lock(G g, Object ptr) {
      long[] w = count(ptr);
      long r = (long) WORD.getAndAdd(w, COUNT, -MAX_READERS);
      if (r != 0 && (long) WORD.getAndAdd(waits(ptr), WAIT, r) + r != 0) {
        return WRITER_SEMS.get(ptr, Sema::new).acquire(g, "sync.RWMutex.Lock");
      }
      return true;
    }

    /** TryLock's second half (w is held): true if no reader holds the lock. */
    public static boolean tryLock(Object ptr) {
      return WORD.compareAndSet(count(ptr), COUNT, 0L, -MAX_READERS);
    }

    /** Unlock's first half (w is still held): lets in the readers that waited for the writer. */
    public static void unlock(Object ptr) {
      long[] w = count(ptr);
      long r = (long) WORD.getAndAdd(w, COUNT, MAX_READERS) + MAX_READERS;
      if (r >= MAX_READERS) {
        throw fatal("sync: Unlock of unlocked RWMutex");
      }
      if (r > 0) {
        Sema s = READER_SEMS.get(ptr, Sema::new);
        for (long i = 0; i < r; i++) {
          s.release();
        }
      }
    }
  }

  /** sync.WaitGroup: the word (see the file comment) plus, once waited on, a Sema in WAITGROUPS. */
  public static final class WaitGroup {
    private WaitGroup() {
    }

    /** The counter-and-waiters word: WaitGroup field 1, an atomic.Uint64 (Go's wg.state). */
    static long[] state(Object ptr) {
      return nested(ptr, 1);
    }

    /** wg.Add(delta) (Done is Add(-1)). Mirrors sync.WaitGroup.Add. */
    public static void add(Object ptr, long delta) {
      long[] w = state(ptr);
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
      long[] w = state(ptr);
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
