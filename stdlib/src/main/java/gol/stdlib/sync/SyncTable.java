package gol.stdlib.sync;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.function.Supplier;

/**
 * The Java state behind a sync object, keyed by the identity of the gol pointer a method is
 * called on ({@code mu.Lock()} passes {@code &mu}). Go keeps a semaphore table keyed by address
 * (sema.go's semtable); gol keys by pointer identity, weakly, so a dropped Mutex is collected.
 * This assumes a pointer to a struct is the struct object itself (the same Java reference each
 * time {@code &mu} is taken). Striped: 64 locks, held for a map lookup only (never while a G
 * parks).
 */
final class SyncTable<T> {
  private static final int STRIPES = 64;

  private static final class Key extends WeakReference<Object> {
    final int hash;

    Key(Object o, ReferenceQueue<Object> q) {
      super(o, q);
      hash = System.identityHashCode(o);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object x) {
      if (this == x) {
        return true;
      }
      if (!(x instanceof Key k)) {
        return false;
      }
      Object a = get();
      return a != null && a == k.get();
    }
  }

  /**
   * A lookup key: compares equal to the Key of the same object. A plain object, not a
   * WeakReference — a Reference allocated per lookup (every wg.Done, every Mutex.Lock) costs the
   * collector reference discovery and processing even when it dies young.
   */
  private static final class Probe {
    final Object o;
    final int hash;

    Probe(Object o, int hash) {
      this.o = o;
      this.hash = hash;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object x) {
      return x instanceof Key k && k.get() == o;
    }
  }

  @SuppressWarnings("unchecked")
  private final HashMap<Object, T>[] maps = new HashMap[STRIPES];
  private final ReferenceQueue<Object>[] queues;

  @SuppressWarnings("unchecked")
  SyncTable() {
    queues = new ReferenceQueue[STRIPES];
    for (int i = 0; i < STRIPES; i++) {
      maps[i] = new HashMap<>();
      queues[i] = new ReferenceQueue<>();
    }
  }

  T get(Object ptr, Supplier<T> make) {
    if (ptr == null) {
      throw gol.runtime.GoPanic.runtime("invalid memory address or nil pointer dereference");
    }
    int h = System.identityHashCode(ptr);
    int s = (h ^ (h >>> 16)) & (STRIPES - 1);
    HashMap<Object, T> m = maps[s];
    synchronized (m) {
      for (Object k; (k = queues[s].poll()) != null; ) {
        m.remove(k);
      }
      T v = m.get(new Probe(ptr, h)); // HashMap calls probe.equals(storedKey)
      if (v == null) {
        v = make.get();
        m.put(new Key(ptr, queues[s]), v);
      }
      return v;
    }
  }
}
