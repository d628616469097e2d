package gol.runtime;

/**
 * Counting the program's heap allocations (Go's MemStats.Mallocs and TotalAlloc, testing's
 * allocs/op and B/op).
 *
 * <p>What counts: the objects Go's runtime would allocate for the operation if every value
 * escaped (gol has no escape analysis to tell otherwise): new(T) and &T{...}, make of a
 * slice/map/channel, a slice's growth by append, a new string from a concatenation or a
 * conversion, a closure that captures variables, a variable moved to the heap (captured or
 * address-taken), a value boxed into an interface unless Go's runtime needs no allocation for
 * it (pointer-shaped values, zero-size values, single bytes, integers below 256, "", nil
 * slices), a map's bucket arrays, a goroutine. Values Go keeps in place (a struct variable, a
 * copy of one) are not counted, whatever gol does with them underneath. The bytes are the size
 * of the object in Go's memory layout on a 64-bit machine, rounded up to the malloc size class,
 * so B/op is what Go's allocator would hand out, not what the JVM allocates.
 *
 * <p>Cost: counting is two increments of plain fields of the M running the goroutine (only that
 * thread writes them), no atomic operation; a reader sums every M's fields on demand, with the
 * totals of Ms that have exited, as Go's ReadMemStats sums the per-M caches. A goroutine run
 * outside a scheduler counts in its own fields.
 */
public final class Alloc {
  private Alloc() {
  }

  /** Counts one object of {@code bytes} bytes (already rounded to a size class) for g. */
  public static void count(G g, long bytes) {
    M m = g.m;
    if (m != null) {
      m.mallocs++;
      m.mallocBytes += bytes;
    } else {
      g.mallocs++;
      g.mallocBytes += bytes;
    }
  }

  /** Counts an object of {@code size} bytes of memory that holds no pointers. */
  public static void noscan(G g, long size) {
    if (size > 0) {
      count(g, roundupsize(size, true));
    }
  }

  /** Counts an object of Go type t (new(T), a heap variable), unless t has size zero. */
  public static void object(G g, RType t) {
    long bytes = t.goAllocSize;
    if (bytes < 0) {
      long size = sizeOf(t);
      bytes = size > 0 ? roundupsize(size, noscan(t)) : 0;
      t.goAllocSize = bytes;
    }
    if (bytes > 0) {
      count(g, bytes);
    }
  }

  /** Counts a backing array of n elements of type et (make, growth), unless it has size zero. */
  public static void array(G g, RType et, long n) {
    long size = n * sizeOf(et);
    if (size > 0) {
      count(g, roundupsize(size, noscan(et)));
    }
  }

  /** Counts result if it is a new string, not one of the operands (Go's concatstrings). */
  public static GoString string(G g, GoString result, Object a, Object b) {
    if (result != a && result != b && result.len > 0) {
      count(g, roundupsize(result.len, true));
    }
    return result;
  }

  /**
   * Counts the boxing of a value of type t (bits or ref as a slot holds it) into an interface,
   * as Go's convT functions do: nothing for pointer-shaped or zero-size types, single bytes and
   * values below 256 of 2-, 4- and 8-byte types without pointers (staticuint64s), the empty
   * string and nil slices; one object of the type's size otherwise.
   */
  public static void box(G g, RType t, long bits, Object ref) {
    switch (t.kind) {
      case POINTER: case CHAN: case MAP: case FUNC: case UNSAFE_POINTER: case INTERFACE:
      case BOOL: case INT8: case UINT8:
        return;
      case INT16: case UINT16:
        if ((bits & 0xFFFF) < 256) {
          return;
        }
        break;
      case INT32: case UINT32:
        if ((bits & 0xFFFF_FFFFL) < 256) {
          return;
        }
        break;
      case FLOAT32:
        if ((Float.floatToRawIntBits((float) Double.longBitsToDouble(bits)) & 0xFFFF_FFFFL) < 256) {
          return;
        }
        break;
      case INT: case INT64: case UINT: case UINT64: case UINTPTR: case FLOAT64:
        if (bits >= 0 && bits < 256) {
          return;
        }
        break;
      case STRING:
        if (((GoString) ref).len == 0) {
          return;
        }
        break;
      case SLICE:
        if (ref == null) {
          return;
        }
        break;
      case STRUCT: case ARRAY:
        if (directIface(t)) {
          return;
        }
        break;
      default:
        break;
    }
    object(g, t);
  }

  // ---- maps (Go 1.23's hashmap: buckets of 8 entries, load factor 6.5) ----

  /** make(map, hint): the hmap, and the bucket array at once when hint needs more than one bucket. */
  public static void makemap(G g, GoMap m, long hint) {
    count(g, 48); // sizeof(hmap)
    int b = 0;
    while (overLoad(hint, b)) {
      b++;
    }
    if (b > 0) {
      bucketArray(g, m, b);
    }
  }

  /** A new key was inserted: the first bucket (lazily allocated) or a doubling (hashGrow). */
  static void mapInsert(G g, GoMap m) {
    if (m.goB < 0) {
      count(g, roundupsize(bucketSize(m), bucketNoscan(m)));
      m.goB = 0;
    } else if (overLoad(m.len(), m.goB)) {
      bucketArray(g, m, m.goB + 1);
    }
  }

  private static boolean overLoad(long count, int b) {
    return count > 8 && count > 13 * ((1L << b) / 2);
  }

  /** Go's makeBucketArray: 2^b buckets, and from b = 4 on some overflow buckets and the mapextra. */
  private static void bucketArray(G g, GoMap m, int b) {
    m.goB = b;
    long size = bucketSize(m);
    long n = 1L << b;
    boolean noscan = bucketNoscan(m);
    if (b >= 4) {
      n += 1L << (b - 4);
      long up = roundupsize(size * n, noscan);
      n = up / size;
      if (!m.goExtra) {
        m.goExtra = true;
        count(g, 24); // sizeof(mapextra)
      }
    }
    count(g, roundupsize(size * n, noscan));
  }

  /** A bucket: 8 top hashes, 8 keys, 8 elems, the overflow pointer. */
  private static long bucketSize(GoMap m) {
    return 8 + 8 * sizeOf(m.keyType) + 8 * sizeOf(m.elemType) + 8;
  }

  private static boolean bucketNoscan(GoMap m) {
    return noscan(m.keyType) && noscan(m.elemType);
  }

  /** Whether Go stores a value of t in the interface word itself (pointer-shaped types). */
  private static boolean directIface(RType t) {
    switch (t.kind) {
      case POINTER: case CHAN: case MAP: case FUNC: case UNSAFE_POINTER:
        return true;
      case ARRAY:
        return t.len == 1 && directIface(t.elem);
      case STRUCT:
        return t.fieldTypes.length == 1 && directIface(t.fieldTypes[0]);
      default:
        return false;
    }
  }

  // ---- reading ----

  /** The objects and bytes counted so far for the program g belongs to: {mallocs, bytes}. */
  public static long[] read(G g) {
    long[] r = {g.mallocs, g.mallocBytes};
    if (g.sched != null) {
      g.sched.addAllocs(r);
    }
    return r;
  }

  // ---- Go's sizes (64-bit) and malloc size classes ----

  /** Go's class_to_size (sizeclasses.go), for size classes 1..67. */
  private static final int[] CLASS_SIZES = {
    8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320,
    352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792,
    2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472,
    9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264,
    28672, 32768,
  };
  private static final long MAX_SMALL = 32768;
  private static final long MALLOC_HEADER = 8;
  private static final long MIN_SIZE_FOR_HEADER = 512;
  private static final long PAGE = 8192;

  /** Go's nextslicecap: the capacity append grows a slice to, before size-class rounding. */
  public static long nextslicecap(long newLen, long oldCap) {
    long newcap = oldCap;
    long doublecap = newcap + newcap;
    if (newLen > doublecap) {
      return newLen;
    }
    final long threshold = 256;
    if (oldCap < threshold) {
      return doublecap;
    }
    while (true) {
      newcap += (newcap + 3 * threshold) >> 2;
      if (Long.compareUnsigned(newcap, newLen) >= 0) {
        break;
      }
    }
    return newcap <= 0 ? newLen : newcap;
  }

  /** Go 1.22's roundupsize(size, noscan): the size mallocgc really allocates for size bytes. */
  public static long roundupsize(long size, boolean noscan) {
    long req = size;
    if (req <= MAX_SMALL - MALLOC_HEADER) {
      if (!noscan && req > MIN_SIZE_FOR_HEADER) {
        req += MALLOC_HEADER;
      }
      int c = req <= SMALL_MAX ? SMALL_CLASS[(int) (req + 7) >> 3] : classAbove(req);
      return c - (req - size);
    }
    return (req + PAGE - 1) & ~(PAGE - 1);
  }

  /** Requests up to this size find their class in one table load (Go's size_to_class8). */
  private static final int SMALL_MAX = 1024;
  /** SMALL_CLASS[(req + 7) / 8]: the smallest class size that holds req bytes. */
  private static final int[] SMALL_CLASS = new int[SMALL_MAX / 8 + 1];

  static {
    for (int i = 0; i < SMALL_CLASS.length; i++) {
      SMALL_CLASS[i] = classAbove(i * 8L);
    }
  }

  private static int classAbove(long req) {
    for (int c : CLASS_SIZES) {
      if (c >= req) {
        return c;
      }
    }
    throw new IllegalArgumentException("not a small size: " + req);
  }

  /** unsafe.Sizeof for a value of type t on 64-bit Go (cached in the descriptor). */
  public static long sizeOf(RType t) {
    long s = t.goSize;
    if (s < 0) {
      s = computeSize(t);
      t.goSize = s;
    }
    return s;
  }

  private static long computeSize(RType t) {
    switch (t.kind) {
      case BOOL: case INT8: case UINT8: return 1;
      case INT16: case UINT16: return 2;
      case INT32: case UINT32: case FLOAT32: return 4;
      case STRING: case INTERFACE: case COMPLEX128: return 16;
      case COMPLEX64: return 8;
      case SLICE: return 24;
      case ARRAY: return t.len * sizeOf(t.elem);
      case STRUCT: {
        long off = 0;
        long maxAlign = 1;
        for (RType f : t.fieldTypes) {
          long a = align(f);
          maxAlign = Math.max(maxAlign, a);
          off = (off + a - 1) / a * a + sizeOf(f);
        }
        if (t.fieldTypes.length > 0 && sizeOf(t.fieldTypes[t.fieldTypes.length - 1]) == 0 && off > 0) {
          off++; // a final zero-size field gets a byte so &s.last stays inside s
        }
        return (off + maxAlign - 1) / maxAlign * maxAlign;
      }
      default: return 8;
    }
  }

  /** The alignment of t on 64-bit Go. */
  public static long align(RType t) {
    switch (t.kind) {
      case ARRAY: return align(t.elem);
      case STRUCT: {
        long a = 1;
        for (RType f : t.fieldTypes) {
          a = Math.max(a, align(f));
        }
        return a;
      }
      case STRING: case INTERFACE: case SLICE: case COMPLEX128: return 8;
      case COMPLEX64: return 4;
      default: return Math.min(8, sizeOf(t));
    }
  }

  /** Whether values of t hold no pointers (Go allocates them "noscan"). */
  public static boolean noscan(RType t) {
    if (t.kind.isPrimitive() || t.kind == RType.Kind.COMPLEX64 || t.kind == RType.Kind.COMPLEX128) {
      return true;
    }
    if (t.kind == RType.Kind.ARRAY) {
      return t.len == 0 || noscan(t.elem);
    }
    if (t.kind == RType.Kind.STRUCT) {
      for (RType f : t.fieldTypes) {
        if (!noscan(f)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }
}
