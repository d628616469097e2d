package gol.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * GoMap against java.util.HashMap under random gets, puts (as {@code m[k] op= v}: a get then a
 * put of the same key), deletes and clears: the table's tombstones, rebuilds and the remembered
 * last lookup must never lose, duplicate or misplace an entry.
 */
class GoMapTest {
  private static RType mapOf(RType key, RType elem) {
    RType m = new RType(RType.Kind.MAP, "map", false);
    m.key = key;
    m.elem = elem;
    return m;
  }

  private static final RType STRING = new RType(RType.Kind.STRING, "string", false);
  private static final RType INT = new RType(RType.Kind.INT, "int", false);
  private static final RType FLOAT = new RType(RType.Kind.FLOAT64, "float64", false);

  private final long[] ls = new long[2];
  private final Object[] rs = new Object[2];

  private long get(GoMap m, long kb, Object kr) {
    ls[0] = -1;
    m.get(kb, kr, ls, rs, 0);
    return ls[0];
  }

  /**
   * getConcat finds every stored key of up to 15 bytes from any split into parts — parts that
   * cross the 8-byte word boundary, longer than 8 bytes, empty — and returns the stored key
   * object itself, with its value; it finds nothing for a longer or absent key, or when fewer
   * than two parts are non-empty (the caller's concatenation is then a part: no key to save).
   */
  /**
   * getBytes finds the stored key object itself from a window of a byte array (every length
   * 0-18, at offsets 0-3, with bytes around it): present keys of 1-15 bytes with their values,
   * everything else null with nothing written (a packing mistake would only cost a miss, which
   * the .gol tests cannot see).
   */
  private static final String ALPHA = "abcdefghijklmnopqr";

  /** A map[string]int of ALPHA's prefixes 0-18 bytes long (to 100 + length), each key kept in stored. */
  private static GoMap prefixes(GoString[] stored) {
    GoMap m = new GoMap(mapOf(STRING, INT), 0);
    for (int n = 0; n <= ALPHA.length(); n++) {
      stored[n] = GoString.of(ALPHA.substring(0, n));
      m.put(0, stored[n], 100 + n, null);
    }
    return m;
  }

  @Test
  void bytesFindTheStoredKey() {
    GoString[] stored = new GoString[ALPHA.length() + 1];
    GoMap m = prefixes(stored);
    for (int n = 0; n <= ALPHA.length(); n++) {
      for (int off = 0; off < 4; off++) {
        byte[] b = ("~~~~".substring(0, off) + ALPHA.substring(0, n) + "~~").getBytes();
        ls[0] = -1;
        GoString k = GoMap.getBytes(m, new Slice(b, off, n, b.length - off), ls, rs, 0);
        if (n >= 1 && n <= 15) {
          assertTrue(k == stored[n], n + " bytes at " + off);
          assertEquals(100 + n, ls[0]);
        } else {
          assertEquals(null, k, n + " bytes at " + off);
          assertEquals(-1, ls[0]);
        }
        b[off + n] = 'X'; // a key that is not there: one byte more
        assertEquals(null, GoMap.getBytes(m, new Slice(b, off, n + 1, b.length - off), ls, rs, 0));
      }
    }
    assertEquals(null, GoMap.getBytes(m, null, ls, rs, 0));
    assertEquals(null, GoMap.getBytes(null, new Slice("abc".getBytes(), 0, 3, 3), ls, rs, 0));
  }

  @Test
  void concatenatedKeysAreFoundFromTheirParts() {
    GoString[] stored = new GoString[ALPHA.length() + 1];
    GoMap m = prefixes(stored);
    Object[] parts = new Object[4];
    for (int n = 0; n <= ALPHA.length(); n++) {
      String s = ALPHA.substring(0, n);
      for (int i = 0; i <= n; i++) {
        for (int j = i; j <= n; j++) {
          parts[1] = GoString.of(s.substring(0, i));
          parts[2] = GoString.of(s.substring(i, j));
          parts[3] = GoString.of(s.substring(j));
          int nonEmpty = (i > 0 ? 1 : 0) + (j > i ? 1 : 0) + (n > j ? 1 : 0);
          ls[0] = -1;
          GoString k = GoMap.getConcat(m, parts, 1, 3, ls, rs, 0);
          if (n <= 15 && nonEmpty >= 2) {
            assertTrue(k == stored[n], s + " split at " + i + ", " + j);
            assertEquals(100 + n, ls[0]);
          } else {
            assertEquals(null, k, s + " split at " + i + ", " + j);
            assertEquals(-1, ls[0]);
          }
        }
      }
    }
    parts[1] = GoString.of("abc");
    parts[2] = GoString.of("x");
    assertEquals(null, GoMap.getConcat(m, parts, 1, 2, ls, rs, 0), "absent");
    assertEquals(null, GoMap.getConcat(null, parts, 1, 2, ls, rs, 0), "nil map");
  }

  @Test
  void stringKeysAgreeWithHashMap() {
    Random r = new Random(1);
    GoString[] keys = new GoString[300];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = GoString.of("k" + i);
    }
    for (int round = 0; round < 20; round++) {
      GoMap m = new GoMap(mapOf(STRING, INT), r.nextInt(3) == 0 ? 1000 : 0);
      Map<GoString, Long> model = new HashMap<>();
      for (int op = 0; op < 20000; op++) {
        // a fresh but equal key object half the time: the last-lookup shortcut is by identity
        GoString k = keys[r.nextInt(round % 2 == 0 ? keys.length : 40)];
        if (r.nextBoolean()) {
          k = GoString.of(k.toString());
        }
        int what = r.nextInt(100);
        if (what < 60) { // m[k] += d
          long v = get(m, 0, k);
          assertEquals(model.getOrDefault(k, 0L), v);
          long d = r.nextInt(5) + 1;
          m.put(0, r.nextBoolean() ? k : GoString.of(k.toString()), v + d, null);
          model.put(k, v + d);
        } else if (what < 90) { // get, delete, put: the put must not land in the dead entry
          long v = get(m, 0, k);
          m.delete(0, k);
          model.remove(k);
          if (r.nextBoolean()) {
            m.put(0, k, v + 7, null);
            model.put(k, v + 7);
          }
        } else if (what < 99) {
          assertEquals(model.getOrDefault(k, 0L), get(m, 0, k));
        } else {
          m.clear();
          model.clear();
        }
        assertEquals(model.size(), m.len());
      }
      Map<GoString, Long> seen = new HashMap<>();
      GoMap.Iter it = m.iter();
      long[] l = new long[2];
      Object[] o = new Object[2];
      while (it.next(l, o, 0)) {
        assertEquals(null, seen.put((GoString) o[0], l[1]), "key produced twice");
      }
      assertEquals(model, seen);
    }
  }

  @Test
  void intAndFloatKeys() {
    GoMap m = new GoMap(mapOf(INT, INT), 0);
    for (int i = 0; i < 5000; i++) {
      long v = get(m, i % 700, null);
      m.put(i % 700, null, v + 1, null);
      if (i % 3 == 0) {
        m.delete((i * 7) % 700, null);
      }
    }
    Map<Long, Long> model = new HashMap<>();
    for (int i = 0; i < 5000; i++) {
      long k = i % 700;
      model.merge(k, 1L, Long::sum);
      if (i % 3 == 0) {
        model.remove((long) ((i * 7) % 700));
      }
    }
    assertEquals(model.size(), m.len());
    model.forEach((k, v) -> assertEquals(v, get(m, k, null)));

    GoMap f = new GoMap(mapOf(FLOAT, INT), 0);
    long pz = Double.doubleToRawLongBits(0.0);
    long nz = Double.doubleToRawLongBits(-0.0);
    long nan = Double.doubleToRawLongBits(Double.NaN);
    f.put(pz, null, 1, null);
    assertEquals(1, get(f, nz, null)); // -0 == +0
    f.put(nz, null, 2, null); // overwrites, and the key becomes -0 as in Go
    assertEquals(1, f.len());
    GoMap.Iter it = f.iter();
    long[] l = new long[2];
    assertTrue(it.next(l, new Object[2], 0));
    assertEquals(nz, l[0]);
    assertEquals(2, l[1]);
    assertEquals(0, get(f, nan, null));
    f.put(nan, null, 3, null);
    f.put(nan, null, 4, null); // NaN != NaN: two entries
    assertEquals(3, f.len());
  }

  @Test
  void iterationOrderVaries() {
    GoMap m = new GoMap(mapOf(INT, INT), 0);
    for (int i = 0; i < 50; i++) {
      m.put(i, null, i, null);
    }
    Set<Long> firsts = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      long[] l = new long[2];
      assertTrue(m.iter().next(l, new Object[2], 0));
      firsts.add(l[0]);
    }
    assertTrue(firsts.size() > 1, "a range over a map starts at a random entry");
    assertFalse(firsts.isEmpty());
  }
}
