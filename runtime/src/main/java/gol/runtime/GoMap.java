package gol.runtime;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A Go map. A nil map is Java null; the static helpers at the end give nil maps Go's behaviour
 * (reads see zero values, writes panic with {@code assignment to entry in nil map}).
 *
 * <p><b>Representation.</b> Entries are stored in insertion order in parallel arrays, split by
 * half as stack slots are: {@code kl}/{@code vl} hold keys/values of primitive kinds (no boxing:
 * {@code map[int]int} stores two longs per entry), {@code kr}/{@code vr} the others. An
 * open-addressing table (linear probing, power-of-two size, at most half full) finds an entry by
 * its key's hash ({@link Values#hash}; int keys hash with one multiply, strings by content,
 * structs/arrays/interfaces field by field). A table slot is one long holding the hash and the
 * entry index, so a probe reads one array and compares hashes without touching the entries; a
 * deleted entry is marked dead (for iteration) and its slot becomes a tombstone that probes pass
 * over, until the next rebuild (growth or compaction), which makes new arrays and bumps
 * {@code generation}. Keys of struct/array type are copied on insert; the map owns its values (the
 * compiler copies value composites into it).
 *
 * <p><b>String keys</b> of up to 15 bytes are also kept packed in two longs per entry
 * ({@code kw}: {@link GoString#lo} and {@link GoString#hi}, the second with the length), so a
 * probe compares the slot's hash and then two longs of one array, instead of loading the stored
 * GoString and then its bytes: a key is usually a fresh string (a concatenation, a
 * {@code string(b)}) and the stored one is not in the cache, so those were two dependent misses.
 *
 * <p><b>Last lookup.</b> {@code m[k] op= v} compiles to a get and a put of the same key; the map
 * remembers the entry the last get found for an immutable key (a string, by identity, or the bits
 * of a primitive), so the put stores without probing again. Any rebuild, delete or clear forgets
 * it.
 *
 * <p><b>Iteration</b> (Go's mapiterinit/mapiternext): starts at a random entry and wraps around,
 * so the order differs between loops as in Go. An iterator reads the entry arrays it started
 * with: deletions are seen (dead marks) as long as the map was not rebuilt; after a rebuild each
 * key is looked up again, so an entry deleted during the loop is never produced. Entries added
 * during the loop are not produced (Go allows either).
 *
 * <p>Not thread-safe, like Go's maps (Go detects some races; gol does not).
 */
public final class GoMap {
  public final RType keyType;
  public final RType elemType;
  private final boolean keyPrim;
  private final boolean keyInt; // a primitive key compared by bits (not a float)
  private final boolean valPrim;
  private final boolean keyStr;

  private int size;
  private int n; // entries used, live or dead
  private long[] kl;
  private Object[] kr;
  private long[] vl;
  private Object[] vr;
  /** keyStr: entry e's key packed as kw[2e], kw[2e+1] if at most 15 bytes, else 0, LONG_KEY. */
  private long[] kw;
  private int[] hashes;
  private boolean[] dead;
  /** Slots: hash << 32 | (entry index + 1); index part 0 = empty, TOMB = a deleted entry's. */
  private long[] table;
  int generation;
  /** The last get's key (a GoString, or the bits of a primitive key) and entry; lastE -1: none. */
  private Object lastRef;
  private long lastBits;
  private int lastE = -1;

  private static final int TOMB = -1;
  /** kw's second word for a key longer than GoString.SHORT (a short key's top byte is its length). */
  private static final long LONG_KEY = -1;

  /**
   * Allocation accounting ({@link Alloc#makemap}): the B (log2 of the bucket count) Go's map
   * would have, -1 while its buckets are not allocated yet; whether Go would have its mapextra.
   */
  int goB = -1;
  boolean goExtra;

  /**
   * Whether an overwrite stores its key over the equal one there (Go's NeedKeyUpdate): keys that
   * hold floats, complex numbers or interfaces, whose equal values can differ (-0 and +0).
   * Float keys are kept in kl and updated there; string keys need nothing.
   */
  private final boolean keyUpdate;

  private static boolean needKeyUpdate(RType t) {
    switch (t.kind) {
      case FLOAT32, FLOAT64, COMPLEX64, COMPLEX128, INTERFACE:
        return true;
      case ARRAY:
        return needKeyUpdate(t.elem);
      case STRUCT:
        for (RType f : t.fieldTypes) {
          if (needKeyUpdate(f)) {
            return true;
          }
        }
        return false;
      default:
        return false;
    }
  }

  public GoMap(RType mapType, int hint) {
    this.keyType = mapType.key;
    this.elemType = mapType.elem;
    this.keyPrim = keyType.kind.isPrimitive();
    this.keyInt = keyPrim && !keyType.kind.isFloat();
    this.valPrim = elemType.kind.isPrimitive();
    this.keyStr = keyType.kind == RType.Kind.STRING;
    this.keyUpdate = !keyPrim && !keyStr && needKeyUpdate(keyType);
    alloc(Math.max(4, Integer.highestOneBit(Math.max(hint, 1)) * 2));
  }

  private void alloc(int cap) {
    if (keyPrim) {
      kl = new long[cap];
    } else {
      kr = new Object[cap];
      if (keyStr) {
        kw = new long[cap * 2];
      }
    }
    if (valPrim) {
      vl = new long[cap];
    } else {
      vr = new Object[cap];
    }
    hashes = new int[cap];
    dead = new boolean[cap];
    table = new long[cap * 2];
    lastE = -1;
  }

  private static long slot(int h, int e) {
    return (long) h << 32 | (e + 1) & 0xFFFFFFFFL;
  }

  public int len() {
    return size;
  }

  private int hash(long kb, Object kref) {
    if (keyInt) {
      long h = kb * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32));
    }
    if (keyStr) { // decide by the key type: the unused half of a slot may hold anything
      return kref.hashCode(); // cached in the GoString, and already well mixed
    }
    return Values.hash(keyType, kb, kref);
  }

  private boolean keyEq(int e, long kb, Object kref) {
    if (keyInt) {
      return kl[e] == kb;
    }
    if (keyPrim) {
      return Values.equal(keyType, kl[e], null, kb, null);
    }
    if (keyStr) {
      return ((GoString) kref).equals((GoString) kr[e]);
    }
    return Values.equalRef(keyType, kr[e], kref);
  }

  /** The entry index of key (kb, kref), or -1. */
  public int find(long kb, Object kref) {
    if (keyStr) {
      GoString k = (GoString) kref;
      if (k.len <= GoString.SHORT) {
        return findShort(k);
      }
    }
    int h = hash(kb, kref);
    long[] table = this.table;
    int mask = table.length - 1;
    for (int i = h & mask; ; i = (i + 1) & mask) {
      long t = table[i];
      int x = (int) t;
      if (x == 0) {
        return -1;
      }
      if ((int) (t >>> 32) == h && x != TOMB && keyEq(x - 1, kb, kref)) {
        return x - 1;
      }
    }
  }

  /** find for a string key of at most GoString.SHORT bytes: compares the packed words. */
  private int findShort(GoString k) {
    byte[] b = k.bytes;
    int n = k.len;
    long lo = GoString.lo(b, k.off, n);
    long hi = GoString.hi(b, k.off, n);
    return findWords(k.hashCode(lo, hi), lo, hi);
  }

  /** The entry of the short string key packed as (lo, hi) with hash h, or -1. */
  private int findWords(int h, long lo, long hi) {
    long[] table = this.table;
    long[] kw = this.kw;
    int mask = table.length - 1;
    for (int i = h & mask; ; i = (i + 1) & mask) {
      long t = table[i];
      int x = (int) t;
      if (x == 0) {
        return -1;
      }
      if ((int) (t >>> 32) == h && x != TOMB && kw[2 * x - 1] == hi && kw[2 * x - 2] == lo) {
        return x - 1;
      }
    }
  }

  /** Records key k of a new entry e in kw. */
  private void packKey(int e, GoString k) {
    int n = k.len;
    if (n <= GoString.SHORT) {
      kw[2 * e] = GoString.lo(k.bytes, k.off, n);
      kw[2 * e + 1] = GoString.hi(k.bytes, k.off, n);
    } else {
      kw[2 * e] = 0;
      kw[2 * e + 1] = LONG_KEY;
    }
  }

  /** The table slot holding entry e (which is in the table). */
  private int slotOf(int e) {
    int mask = table.length - 1;
    int i = hashes[e] & mask;
    while ((int) table[i] != e + 1) {
      i = (i + 1) & mask;
    }
    return i;
  }

  /** m[k] into slot a of (ls, rs): the value, or the zero value when k is absent. Returns found. */
  public boolean get(long kb, Object kref, long[] ls, Object[] rs, int a) {
    int e = find(kb, kref);
    if (e < 0) {
      if (valPrim) {
        ls[a] = 0;
      } else {
        rs[a] = Values.zeroRef(elemType);
      }
      return false;
    }
    if (keyStr || keyPrim) { // immutable keys only: a struct key could change before the put
      lastRef = kref;
      lastBits = kb;
      lastE = e;
    }
    if (valPrim) {
      ls[a] = vl[e];
    } else {
      rs[a] = vr[e];
    }
    return true;
  }

  /**
   * {@code m[parts[base] + ... + parts[base+n-1]]} for a map with string keys, found without
   * building the key: when the concatenation has at most {@link GoString#SHORT} bytes and is a
   * key of m, its value goes into slot a of (ls, rs) as {@link #get} puts it, the entry is
   * remembered as get remembers it, and the stored key is returned. It equals the concatenation,
   * so the caller uses it in its place, and the put of {@code m[k] op= v} then finds the entry
   * by identity. Null (nothing written) when m is nil, the key long or absent, or fewer than two
   * parts non-empty (the concatenation is then one of them): the caller builds the string.
   */
  public static GoString getConcat(GoMap m, Object[] parts, int base, int n, long[] ls, Object[] rs, int a) {
    if (m == null || !m.keyStr) {
      return null;
    }
    long lo = 0;
    long hi = 0;
    int at = 0;
    int nonEmpty = 0;
    for (int i = base; i < base + n; i++) {
      GoString s = (GoString) parts[i];
      int len = s.len;
      if (len == 0) {
        continue;
      }
      if (len > GoString.SHORT - at) {
        return null;
      }
      nonEmpty++;
      long w = GoString.lo(s.bytes, s.off, len); // the part's bytes 0-7, placed at byte at
      if (at < 8) {
        lo |= w << (at << 3);
        if (at > 0) {
          hi |= w >>> (64 - (at << 3));
        }
      } else {
        hi |= w << ((at - 8) << 3);
      }
      if (len > 8) { // its bytes 8.. (at is at most 6 then), without hi's length byte
        hi |= (GoString.hi(s.bytes, s.off, len) & 0x00FFFFFFFFFFFFFFL) << (at << 3);
      }
      at += len;
    }
    if (nonEmpty < 2) {
      return null;
    }
    hi |= (long) at << 56;
    return m.getWords(lo, hi, ls, rs, a);
  }

  /**
   * {@code m[string(b)]} for a map with string keys, found without making the string (as Go's
   * compiler does for a lookup): when b holds 1 to {@link GoString#SHORT} bytes that are a key of
   * m, the value goes into slot a of (ls, rs) as {@link #get} puts it, the entry is remembered as
   * get remembers it, and the stored key is returned (equal to string(b), so the caller uses it
   * in its place, and the put of {@code m[k] op= v} finds the entry by identity). Null (nothing
   * written) when m is nil, b empty or long, or the key absent: the caller makes the string.
   */
  public static GoString getBytes(GoMap m, Slice b, long[] ls, Object[] rs, int a) {
    if (m == null || !m.keyStr || b == null) {
      return null;
    }
    int n = b.len;
    if (n == 0 || n > GoString.SHORT) {
      return null;
    }
    byte[] bytes = (byte[]) b.array;
    long lo = GoString.lo(bytes, b.off, n);
    long hi = GoString.hi(bytes, b.off, n);
    return m.getWords(lo, hi, ls, rs, a);
  }

  /**
   * The lookup getConcat and getBytes share: the short key packed as (lo, hi) found, its value
   * put in slot a and the entry remembered as {@link #get} does; the stored key, or null.
   */
  private GoString getWords(long lo, long hi, long[] ls, Object[] rs, int a) {
    int e = findWords(GoString.hashShort(lo, hi), lo, hi);
    if (e < 0) {
      return null;
    }
    GoString key = (GoString) kr[e];
    lastRef = key;
    lastE = e;
    if (valPrim) {
      ls[a] = vl[e];
    } else {
      rs[a] = vr[e];
    }
    return key;
  }

  /** m[k] = v. */
  public void put(long kb, Object kref, long vb, Object vref) {
    int e = lastE;
    if (e < 0 || (keyStr ? kref != lastRef : !keyPrim || kb != lastBits)) {
      e = find(kb, kref);
    }
    if (e < 0) {
      if (n == hashes.length) {
        rebuild(size * 2 >= n ? n * 2 : n);
      }
      e = n++;
      size++;
      int h = hash(kb, kref);
      hashes[e] = h;
      if (keyPrim) {
        kl[e] = kb;
      } else if (keyStr) {
        kr[e] = kref;
        packKey(e, (GoString) kref);
      } else {
        kr[e] = keyType.isValue() ? Values.copy(keyType, kref) : kref;
      }
      long[] table = this.table;
      int mask = table.length - 1;
      int i = h & mask;
      while ((int) table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = slot(h, e);
    } else if (keyPrim && !keyInt) {
      kl[e] = kb; // Go updates a float key on overwrite (mapassign's NeedKeyUpdate): -0 replaces +0
    } else if (keyUpdate) {
      kr[e] = keyType.isValue() ? Values.copy(keyType, kref) : kref;
    }
    if (valPrim) {
      vl[e] = vb;
    } else {
      vr[e] = vref;
    }
  }

  /** The value object stored for an existing entry e (for in-place updates of struct values). */
  public Object valueRef(int e) {
    return vr[e];
  }

  public void delete(long kb, Object kref) {
    int e = find(kb, kref);
    if (e >= 0) {
      table[slotOf(e)] = slot(hashes[e], TOMB - 1); // index part TOMB; the hash part is unused
      lastE = -1;
      dead[e] = true;
      size--;
      if (!keyPrim) {
        kr[e] = null;
      }
      if (!valPrim) {
        vr[e] = null;
      }
    }
  }

  public void clear() {
    size = 0;
    n = 0;
    alloc(4);
    generation++;
  }

  /** Copies the live entries into new arrays of capacity cap (iterators keep the old ones). */
  private void rebuild(int cap) {
    long[] okl = kl;
    Object[] okr = kr;
    long[] okw = kw;
    long[] ovl = vl;
    Object[] ovr = vr;
    int[] oh = hashes;
    boolean[] od = dead;
    int on = n;
    alloc(Math.max(cap, 4));
    int mask = table.length - 1;
    int j = 0;
    for (int e = 0; e < on; e++) {
      if (od[e]) {
        continue;
      }
      if (keyPrim) {
        kl[j] = okl[e];
      } else {
        kr[j] = okr[e];
        if (keyStr) {
          kw[2 * j] = okw[2 * e];
          kw[2 * j + 1] = okw[2 * e + 1];
        }
      }
      if (valPrim) {
        vl[j] = ovl[e];
      } else {
        vr[j] = ovr[e];
      }
      int h = oh[e];
      hashes[j] = h;
      int i = h & mask;
      while ((int) table[i] != 0) {
        i = (i + 1) & mask;
      }
      table[i] = slot(h, j);
      j++;
    }
    n = j;
    generation++;
  }

  // ---- iteration ----

  /** A range loop's state over a map (Go's hiter). */
  public static final class Iter {
    final GoMap m;
    final int gen;
    final long[] kl;
    final Object[] kr;
    final boolean[] dead;
    final int limit;
    final int start;
    int done;

    Iter(GoMap m) {
      this.m = m;
      this.gen = m.generation;
      this.kl = m.kl;
      this.kr = m.kr;
      this.dead = m.dead;
      this.limit = m.n;
      this.start = limit == 0 ? 0 : ThreadLocalRandom.current().nextInt(limit);
    }

    /**
     * Advances to the next entry: writes its key into slot a and its value into slot a+1 of
     * (ls, rs) and returns true, or returns false at the end.
     */
    public boolean next(long[] ls, Object[] rs, int a) {
      GoMap m = this.m;
      while (done < limit) {
        int e = start + done++;
        if (e >= limit) {
          e -= limit;
        }
        if (dead[e]) {
          continue;
        }
        long kb = m.keyPrim ? kl[e] : 0;
        Object kref = m.keyPrim ? null : kr[e];
        int cur = e;
        if (m.generation != gen) {
          cur = m.find(kb, kref);
          if (cur < 0) {
            continue;
          }
        }
        ls[a] = kb;
        rs[a] = kref;
        if (m.valPrim) {
          ls[a + 1] = m.vl[cur];
        } else {
          rs[a + 1] = m.vr[cur];
        }
        return true;
      }
      return false;
    }
  }

  public Iter iter() {
    return new Iter(this);
  }

  /** The live keys and values in insertion order, as slot halves (for fmt, which sorts them). */
  public void entries(long[] keyBits, Object[] keyRefs, long[] valBits, Object[] valRefs) {
    int j = 0;
    for (int e = 0; e < n; e++) {
      if (dead[e]) {
        continue;
      }
      if (keyPrim) {
        keyBits[j] = kl[e];
      } else {
        keyRefs[j] = kr[e];
      }
      if (valPrim) {
        valBits[j] = vl[e];
      } else {
        valRefs[j] = vr[e];
      }
      j++;
    }
  }

  // ---- nil maps ----

  public static int len(GoMap m) {
    return m == null ? 0 : m.size;
  }

  public static boolean get(GoMap m, long kb, Object kref, long[] ls, Object[] rs, int a, RType elem) {
    if (m != null) {
      return m.get(kb, kref, ls, rs, a);
    }
    checkHashable(kref);
    if (elem.kind.isPrimitive()) {
      ls[a] = 0;
    } else {
      rs[a] = Values.zeroRef(elem);
    }
    return false;
  }

  /**
   * Go's mapKeyError: looking up or deleting a key in a nil map still panics when the key's
   * dynamic value cannot be hashed (an interface holding a slice, a struct with such a field).
   */
  public static void checkHashable(Object kref) {
    if (kref instanceof Iface i) {
      if (!i.type.comparable()) {
        throw GoPanic.runtime("hash of unhashable type " + i.type.name);
      }
      Values.hash(i.type, i.bits, i.ref);
    } else if (kref instanceof Struct s) {
      Values.hash(s.type, 0, s);
    }
  }

  public static void put(GoMap m, long kb, Object kref, long vb, Object vref) {
    if (m == null) {
      throw new GoPanic(new PlainError("assignment to entry in nil map"));
    }
    m.put(kb, kref, vb, vref);
  }

  /** MAPSET: m[k] = v, counting what Go's map allocates for a new key (see {@link Alloc}). */
  public static void put(G g, GoMap m, long kb, Object kref, long vb, Object vref) {
    int before = m == null ? 0 : m.size;
    put(m, kb, kref, vb, vref);
    if (m.size != before) {
      Alloc.mapInsert(g, m);
    }
  }

}
