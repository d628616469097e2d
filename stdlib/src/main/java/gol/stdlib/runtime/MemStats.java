package gol.stdlib.runtime;

import gol.runtime.Alloc;
import gol.runtime.G;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;

/**
 * runtime.ReadMemStats's figures, from the JVM (whose collector gol's heap is):
 * <ul>
 *   <li>HeapAlloc/Alloc: bytes of heap in use (used memory of the JVM heap, live and not yet
 *       collected objects alike, as Go's HeapAlloc also counts unswept garbage);
 *   <li>HeapSys/Sys: heap bytes obtained from the OS (committed heap; Sys adds committed
 *       non-heap memory); HeapIdle: committed but unused; HeapInuse = HeapAlloc;
 *   <li>Mallocs and TotalAlloc: the objects the program has allocated and their bytes in Go's
 *       memory layout, as gol.runtime.Alloc counts them (what Go would allocate if every value
 *       escaped); testing's allocs/op and B/op are computed from them, as in Go;
 *   <li>NumGC and PauseTotalNs: collections and their accumulated time over every collector;
 *   <li>Frees, HeapObjects: the JVM's collector does not report the objects it frees, so
 *       these are 0.
 * </ul>
 */
final class MemStats {
  private MemStats() {
  }

  /**
   * func memStats() (alloc, totalAlloc, sys, heapSys, heapIdle uint64, numGC uint32,
   * pauseTotalNs uint64, nextGC uint64, mallocs uint64).
   */
  static void read(G g, int base) {
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    MemoryUsage heap = mem.getHeapMemoryUsage();
    MemoryUsage nonHeap = mem.getNonHeapMemoryUsage();
    long used = heap.getUsed();
    long committed = heap.getCommitted();
    long gcs = 0;
    long gcMillis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcs += Math.max(0, gc.getCollectionCount());
      gcMillis += Math.max(0, gc.getCollectionTime());
    }
    long[] counted = Alloc.read(g);
    g.ls[base] = used;
    g.ls[base + 1] = counted[1];
    g.ls[base + 2] = committed + Math.max(0, nonHeap.getCommitted());
    g.ls[base + 3] = committed;
    g.ls[base + 4] = Math.max(0, committed - used);
    g.ls[base + 5] = gcs;
    g.ls[base + 6] = gcMillis * 1_000_000L;
    g.ls[base + 7] = committed; // the heap grows (or collects) when it passes its committed size
    g.ls[base + 8] = counted[0];
  }
}
