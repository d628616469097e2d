package gol.stdlib.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import gol.runtime.Executor;
import gol.runtime.G;
import gol.runtime.Machine;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Sched;
import gol.runtime.Struct;
import gol.stdlib.Stdlib;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Mutex counters and WaitGroups under the scheduler at GOMAXPROCS 1, 2 and 8: 1000 goroutines
 * each increment a mutex-protected counter 200 times (yielding inside the critical section now
 * and then), then Done; main Waits. The count must be exact, nothing may hang. RWMutex the same
 * way, with readers beside the writers: a writer must be alone, readers only overlap readers.
 */
class SyncStressTest {
  static final Native LOCK = Stdlib.lookup("sync.mutexLock");
  static final Native UNLOCK = Stdlib.lookup("sync.mutexUnlock");
  static final Native ADD = Stdlib.lookup("sync.waitGroupAdd");
  static final Native DONE = Stdlib.lookup("sync.waitGroupDone");
  static final Native WAIT = Stdlib.lookup("sync.waitGroupWait");
  static final Native RLOCK = Stdlib.lookup("sync.rwmutexRLock");
  static final Native RUNLOCK = Stdlib.lookup("sync.rwmutexRUnlock");
  static final Native WLOCK = Stdlib.lookup("sync.rwmutexLock");
  static final Native WUNLOCK = Stdlib.lookup("sync.rwmutexUnlock");
  static final int N = 1000;
  static final int PER = 200;

  abstract static class Task {
    final AtomicInteger running = new AtomicInteger();

    abstract int run(G g);
  }

  /** Calls native f with the receiver r in slot 0; true when it parked (the G must stop). */
  static boolean call(G g, Native f, Object r, long arg) {
    g.rs[0] = r;
    g.ls[1] = arg;
    f.call(g, 0);
    if (g.stop == G.STOP_PARK) {
      g.stop = 0;
      return true;
    }
    return false;
  }

  static final class Exec implements Executor {
    final AtomicInteger doubleRuns = new AtomicInteger();

    @Override
    public int run(G g) {
      Task t = (Task) g.rs[10];
      if (!t.running.compareAndSet(0, 1)) {
        doubleRuns.incrementAndGet();
      }
      try {
        return g.preempt ? PREEMPTED : t.run(g);
      } finally {
        t.running.set(0);
      }
    }

    @Override
    public String traceback(G g) {
      return "";
    }
  }

  static final class Worker extends Task {
    final Object mu;
    final Object wg;
    final long[] counter;
    int k;
    int step;

    Worker(Object mu, Object wg, long[] counter) {
      this.mu = mu;
      this.wg = wg;
      this.counter = counter;
    }

    @Override
    int run(G g) {
      for (;;) {
        switch (step) {
          case 0:
            if (k == PER) {
              call(g, DONE, wg, 0);
              return Executor.DONE;
            }
            step = 1;
            if (call(g, LOCK, mu, 0)) {
              return Executor.PARKED; // resumes owning the lock
            }
            break;
          case 1:
            counter[0]++;
            step = 2;
            if ((k & 15) == 0) {
              return Executor.YIELDED; // hold the lock across a reschedule
            }
            break;
          default:
            call(g, UNLOCK, mu, 0);
            k++;
            step = 0;
        }
      }
    }
  }

  /**
   * An RWMutex's users. A writer does what RWMutex.Lock and Unlock do in sync.gol: the writers'
   * Mutex w, then rwmutexLock; rwmutexUnlock, then w's unlock.
   */
  static final class RWUser extends Task {
    final boolean writer;
    final Object w;
    final Object rw;
    final Object wg;
    final AtomicInteger readers;
    final AtomicInteger writers;
    final AtomicInteger bad;
    final long[] counter;
    int k;
    int step;

    RWUser(boolean writer, Object w, Object rw, Object wg, AtomicInteger readers, AtomicInteger writers,
        AtomicInteger bad, long[] counter) {
      this.writer = writer;
      this.w = w;
      this.rw = rw;
      this.wg = wg;
      this.readers = readers;
      this.writers = writers;
      this.bad = bad;
      this.counter = counter;
    }

    @Override
    int run(G g) {
      for (;;) {
        switch (step) {
          case 0:
            if (k == PER) {
              call(g, DONE, wg, 0);
              return Executor.DONE;
            }
            step = writer ? 1 : 2;
            if (call(g, writer ? LOCK : RLOCK, writer ? w : rw, 0)) {
              return Executor.PARKED; // resumes owning it
            }
            break;
          case 1:
            step = 2;
            if (call(g, WLOCK, rw, 0)) {
              return Executor.PARKED; // resumes once the readers have left
            }
            break;
          case 2:
            if (writer) {
              if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                bad.incrementAndGet();
              }
              counter[0]++;
            } else {
              readers.incrementAndGet();
              if (writers.get() != 0) {
                bad.incrementAndGet();
              }
            }
            step = 3;
            if ((k & 7) == 0) {
              return Executor.YIELDED; // hold the lock across a reschedule
            }
            break;
          default:
            if (writer) {
              writers.decrementAndGet();
              call(g, WUNLOCK, rw, 0);
              call(g, UNLOCK, w, 0);
            } else {
              readers.decrementAndGet();
              call(g, RUNLOCK, rw, 0);
            }
            k++;
            step = 0;
        }
      }
    }
  }

  /** A zero sync object laid out as sync.gol lays it out (Go's fields). */
  static Struct syncObject(String name) {
    switch (name) {
      case "sync.Mutex":
        return struct(name, field("state", INT32), field("sema", UINT32));
      case "sync.WaitGroup":
        return struct(name, field("noCopy", structType("sync.noCopy")), field("state", atomic("Uint64", UINT64)),
            field("sema", UINT32));
      case "sync.RWMutex":
        return struct(name, field("w", structType("sync.Mutex", field("state", INT32), field("sema", UINT32))),
            field("writerSem", UINT32), field("readerSem", UINT32), field("readerCount", atomic("Int32", INT32)),
            field("readerWait", atomic("Int32", INT32)));
      default:
        throw new IllegalArgumentException(name);
    }
  }

  private static final RType INT32 = new RType(RType.Kind.INT32, "int32", false);
  private static final RType UINT32 = new RType(RType.Kind.UINT32, "uint32", false);
  private static final RType UINT64 = new RType(RType.Kind.UINT64, "uint64", false);

  private record Field(String name, RType type) {
  }

  private static Field field(String name, RType type) {
    return new Field(name, type);
  }

  /** A sync/atomic value type: its one primitive field v (the noCopy fields left out). */
  private static RType atomic(String name, RType v) {
    return structType("sync/atomic." + name, field("v", v));
  }

  private static RType structType(String name, Field... fields) {
    RType t = new RType(RType.Kind.STRUCT, name, true);
    t.fieldNames = new String[fields.length];
    t.fieldTypes = new RType[fields.length];
    for (int i = 0; i < fields.length; i++) {
      t.fieldNames[i] = fields[i].name;
      t.fieldTypes[i] = fields[i].type;
    }
    t.fieldEmbedded = new boolean[fields.length];
    t.layOut();
    return t;
  }

  private static Struct struct(String name, Field... fields) {
    return new Struct(structType(name, fields));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 8})
  void rwmutexReadersAndWriters(int procs) {
    for (int round = 0; round < 2; round++) {
      Machine m = new Machine(new ByteArrayOutputStream(), false, new PrintStream(new ByteArrayOutputStream()), new String[0]);
      Sched.Options o = new Sched.Options();
      o.gomaxprocs = procs;
      Exec x = new Exec();
      Sched s = new Sched(m, x, o);
      Object w = syncObject("sync.Mutex");
      Object rw = syncObject("sync.RWMutex");
      Object wg = syncObject("sync.WaitGroup");
      AtomicInteger readers = new AtomicInteger();
      AtomicInteger writers = new AtomicInteger();
      AtomicInteger bad = new AtomicInteger();
      long[] counter = new long[1];
      long[] seen = new long[1];
      int nw = N / 10;
      G main = m.newG();
      main.rs[10] = new Task() {
        int phase;

        @Override
        int run(G g) {
          if (phase == 0) {
            call(g, ADD, wg, N);
            for (int i = 0; i < N; i++) {
              G u = s.newG(g);
              u.rs[10] = new RWUser(i % 10 == 0, w, rw, wg, readers, writers, bad, counter);
              s.start(u);
            }
            phase = 1;
            if (call(g, WAIT, wg, 0)) {
              return Executor.PARKED;
            }
          }
          seen[0] = counter[0];
          return Executor.DONE;
        }
      };
      main.casStatus(G.IDLE, G.RUNNABLE);
      int status = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> s.run(main));
      assertEquals(0, status);
      assertEquals(0, bad.get());
      assertEquals((long) nw * PER, seen[0]);
      assertEquals(0, x.doubleRuns.get());
      Struct r = (Struct) rw;
      assertEquals(0, ((Struct) r.r[r.type.fieldSlot[3]]).l[0], "readerCount back to 0");
      assertEquals(0, ((Struct) r.r[r.type.fieldSlot[4]]).l[0], "readerWait back to 0");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 8})
  void mutexCounterAndWaitGroup(int procs) {
    for (int round = 0; round < 2; round++) {
      Machine m = new Machine(new ByteArrayOutputStream(), false, new PrintStream(new ByteArrayOutputStream()), new String[0]);
      Sched.Options o = new Sched.Options();
      o.gomaxprocs = procs;
      Exec x = new Exec();
      Sched s = new Sched(m, x, o);
      Object mu = syncObject("sync.Mutex");
      Object wg = syncObject("sync.WaitGroup");
      long[] counter = new long[1];
      long[] seen = new long[1];
      G main = m.newG();
      main.rs[10] = new Task() {
        int phase;

        @Override
        int run(G g) {
          if (phase == 0) {
            call(g, ADD, wg, N);
            for (int i = 0; i < N; i++) {
              G w = s.newG(g);
              w.rs[10] = new Worker(mu, wg, counter);
              s.start(w);
            }
            phase = 1;
            if (call(g, WAIT, wg, 0)) {
              return Executor.PARKED;
            }
          }
          seen[0] = counter[0];
          return Executor.DONE;
        }
      };
      main.casStatus(G.IDLE, G.RUNNABLE);
      int status = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> s.run(main));
      assertEquals(0, status);
      assertEquals((long) N * PER, seen[0]);
      assertEquals(0, x.doubleRuns.get());
    }
  }
}
