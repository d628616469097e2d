package gol.stdlib.crypto;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.security.SecureRandom;

/**
 * The natives of hash/crc32 (the table-driven update loop), hash/maphash (random seeds and the
 * mixing function) and crypto/rand (SecureRandom bytes).
 */
public final class HashPkgs {
  private static final SecureRandom SECURE = new SecureRandom();

  private HashPkgs() {
  }

  public static Native linkCrc32(String name) {
    return switch (name) {
      case "update" -> HashPkgs::crc32Update;
      default -> null;
    };
  }

  public static Native linkMaphash(String name) {
    return switch (name) {
      case "randomSeed" -> (g, b) -> g.ls[b] = SECURE.nextLong();
      case "mix" -> HashPkgs::maphashMix;
      default -> null;
    };
  }

  public static Native linkCryptoRand(String name) {
    return switch (name) {
      case "fill" -> HashPkgs::fill;
      default -> null;
    };
  }

  /** func update(crc uint32, tab []uint32, p []byte) uint32: crc is already inverted. */
  static void crc32Update(G g, int b) {
    long crc = g.ls[b];
    Slice tab = (Slice) g.rs[b + 1];
    Slice p = (Slice) g.rs[b + 2];
    if (p != null) {
      long[] t = (long[]) tab.array;
      byte[] a = (byte[]) p.array;
      int toff = tab.off;
      for (int i = p.off, end = p.off + p.len; i < end; i++) {
        crc = t[toff + (int) ((crc ^ a[i]) & 0xff)] ^ (crc >>> 8);
      }
    }
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    g.ls[b] = crc & 0xffffffffL;
  }

  /**
   * func mix(state uint64, b []byte) uint64: folds b (at most one 128-byte block) into state,
   * 8 bytes at a time through a multiply-rotate step, then a murmur3-style finaliser.
   */
  static void maphashMix(G g, int b) {
    long h = g.ls[b];
    Slice s = (Slice) g.rs[b + 1];
    int n = s == null ? 0 : s.len;
    h ^= n * 0x9E3779B97F4A7C15L;
    if (s != null) {
      byte[] a = (byte[]) s.array;
      int i = 0;
      for (; i + 8 <= n; i += 8) {
        long w = 0;
        for (int k = 7; k >= 0; k--) {
          w = (w << 8) | (a[s.off + i + k] & 0xff);
        }
        h = Long.rotateLeft((h ^ w) * 0xBF58476D1CE4E5B9L, 31);
      }
      long w = 0;
      for (int k = n - 1; k >= i; k--) {
        w = (w << 8) | (a[s.off + k] & 0xff);
      }
      h = Long.rotateLeft((h ^ w) * 0x94D049BB133111EBL, 29);
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    g.rs[b + 1] = null;
    g.ls[b] = h;
  }

  /** func fill(b []byte) */
  static void fill(G g, int b) {
    Slice s = (Slice) g.rs[b];
    if (s != null && s.len > 0) {
      byte[] tmp = new byte[s.len];
      SECURE.nextBytes(tmp);
      System.arraycopy(tmp, 0, (byte[]) s.array, s.off, s.len);
    }
    g.rs[b] = null;
  }
}
