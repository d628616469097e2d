package gol.stdlib.crypto;

import gol.runtime.G;
import gol.runtime.Slice;
import gol.stdlib.Registry;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The natives behind crypto/aes and crypto/cipher. AES itself is the JDK's (AES/ECB/NoPadding,
 * which is the bare block function); the modes of operation are .gol code over cipher.Block, so
 * they work with any Block a program defines, as Go's do. What stays here is what gol code
 * would do slowly or cannot say: GHASH multiplication in GF(2^128), XOR of byte runs, and
 * whether two slices share memory (Go's crypto/internal/alias asks it through unsafe).
 */
public final class CipherPkg {
  private CipherPkg() {
  }

  /** Registers crypto/aes's natives: newKey, encryptBlocks, decryptBlocks, inexactOverlap. */
  public static void installAes(Registry r) {
    r.reg("newKey", CipherPkg::newKey);
    r.reg("inexactOverlap", CipherPkg::inexactOverlap);
    r.reg("encryptBlocks", (g, b) -> cryptBlocks(g, b, true));
    r.reg("decryptBlocks", (g, b) -> cryptBlocks(g, b, false));
  }

  /** Registers crypto/cipher's natives: ghash, xorBytes, inexactOverlap. */
  public static void installCipher(Registry r) {
    r.reg("ghash", CipherPkg::ghash);
    r.reg("xorBytes", CipherPkg::xorBytes);
    r.reg("inexactOverlap", CipherPkg::inexactOverlap);
  }

  /**
   * An expanded AES key: one JDK cipher per direction. A Go Block may be used by several
   * goroutines at once, and a JDK Cipher may not, so each use locks the cipher it runs.
   */
  private static final class AesKey {
    final Cipher enc;
    final Cipher dec;

    AesKey(byte[] key) throws GeneralSecurityException {
      SecretKeySpec spec = new SecretKeySpec(key, "AES");
      enc = Cipher.getInstance("AES/ECB/NoPadding");
      enc.init(Cipher.ENCRYPT_MODE, spec);
      dec = Cipher.getInstance("AES/ECB/NoPadding");
      dec.init(Cipher.DECRYPT_MODE, spec);
    }
  }

  /** func newKey(key []byte) *handle: key is 16, 24 or 32 bytes (the .gol code checked). */
  static void newKey(G g, int b) {
    Slice k = (Slice) g.rs[b];
    byte[] key = new byte[k.len];
    System.arraycopy((byte[]) k.array, k.off, key, 0, k.len);
    try {
      g.rs[b] = new AesKey(key);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("CipherPkg.newKey: " + e.getMessage(), e);
    }
  }

  /**
   * func encryptBlocks(h *handle, dst, src []byte) and decryptBlocks: the first
   * len(src)/16*16 bytes of src, block by block, into dst (long enough; the .gol code checked).
   * src is copied first, so dst and src may overlap in any way.
   */
  static void cryptBlocks(G g, int b, boolean encrypt) {
    AesKey key = (AesKey) g.rs[b];
    Slice dst = (Slice) g.rs[b + 1];
    Slice src = (Slice) g.rs[b + 2];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    int n = src == null ? 0 : src.len & ~15;
    if (n == 0) {
      return;
    }
    byte[] in = new byte[n];
    System.arraycopy((byte[]) src.array, src.off, in, 0, n);
    Cipher c = encrypt ? key.enc : key.dec;
    try {
      synchronized (c) {
        c.update(in, 0, n, (byte[]) dst.array, dst.off);
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("CipherPkg.cryptBlocks: " + e.getMessage(), e);
    }
  }

  /**
   * func ghash(h, y, data []byte): folds data into the GHASH accumulator y (16 bytes) under the
   * hash key h (16 bytes): for each 16-byte block X of data (the last one zero-padded),
   * y = (y xor X) * h in GF(2^128) as NIST SP 800-38D defines it.
   */
  static void ghash(G g, int b) {
    Slice hs = (Slice) g.rs[b];
    Slice ys = (Slice) g.rs[b + 1];
    Slice ds = (Slice) g.rs[b + 2];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    byte[] ya = (byte[]) ys.array;
    long hHi = load64((byte[]) hs.array, hs.off, 8);
    long hLo = load64((byte[]) hs.array, hs.off + 8, 8);
    long yHi = load64(ya, ys.off, 8);
    long yLo = load64(ya, ys.off + 8, 8);
    int n = ds == null ? 0 : ds.len;
    byte[] da = n == 0 ? null : (byte[]) ds.array;
    for (int i = 0; i < n; i += 16) {
      int rest = Math.min(16, n - i);
      yHi ^= load64(da, ds.off + i, Math.min(8, rest));
      if (rest > 8) {
        yLo ^= load64(da, ds.off + i + 8, rest - 8);
      }
      long[] z = gfMul(yHi, yLo, hHi, hLo);
      yHi = z[0];
      yLo = z[1];
    }
    store64(ya, ys.off, yHi);
    store64(ya, ys.off + 8, yLo);
  }

  /**
   * x * y in GHASH's field: bit 0 is the most significant bit of the first byte, and the
   * reduction polynomial is x^128 + x^7 + x^2 + x + 1 (the constant 0xE1 in the top byte).
   */
  private static long[] gfMul(long xHi, long xLo, long vHi, long vLo) {
    long zHi = 0;
    long zLo = 0;
    for (int i = 0; i < 128; i++) {
      long bit = i < 64 ? (xHi >>> (63 - i)) & 1 : (xLo >>> (127 - i)) & 1;
      if (bit != 0) {
        zHi ^= vHi;
        zLo ^= vLo;
      }
      boolean carry = (vLo & 1) != 0;
      vLo = (vLo >>> 1) | (vHi << 63);
      vHi >>>= 1;
      if (carry) {
        vHi ^= 0xE100000000000000L;
      }
    }
    return new long[] {zHi, zLo};
  }

  /** The big-endian value of a[off:off+n] followed by 8-n zero bytes. */
  private static long load64(byte[] a, int off, int n) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (i < n ? a[off + i] & 0xff : 0);
    }
    return v;
  }

  private static void store64(byte[] a, int off, long v) {
    for (int i = 7; i >= 0; i--) {
      a[off + i] = (byte) v;
      v >>>= 8;
    }
  }

  /** func xorBytes(dst, x, y []byte) int: dst[i] = x[i] ^ y[i] for the shortest of x and y. */
  static void xorBytes(G g, int b) {
    Slice dst = (Slice) g.rs[b];
    Slice x = (Slice) g.rs[b + 1];
    Slice y = (Slice) g.rs[b + 2];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    int n = Math.min(x == null ? 0 : x.len, y == null ? 0 : y.len);
    if (n > 0) {
      byte[] d = (byte[]) dst.array;
      byte[] xa = (byte[]) x.array;
      byte[] ya = (byte[]) y.array;
      if (d == xa || d == ya) {
        // in place or shifted: go through a copy so every read sees the old bytes
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
          t[i] = (byte) (xa[x.off + i] ^ ya[y.off + i]);
        }
        System.arraycopy(t, 0, d, dst.off, n);
      } else {
        for (int i = 0; i < n; i++) {
          d[dst.off + i] = (byte) (xa[x.off + i] ^ ya[y.off + i]);
        }
      }
    }
    g.ls[b] = n;
  }

  /**
   * func inexactOverlap(x, y []byte) bool: x and y share memory but do not start at the same
   * byte (Go's alias.InexactOverlap: in-place use is fine, a shifted overlap is not).
   */
  static void inexactOverlap(G g, int b) {
    Slice x = (Slice) g.rs[b];
    Slice y = (Slice) g.rs[b + 1];
    g.rs[b] = null;
    g.rs[b + 1] = null;
    boolean r = x != null && y != null && x.len > 0 && y.len > 0 && x.array == y.array
        && x.off != y.off && x.off < y.off + y.len && y.off < x.off + x.len;
    g.ls[b] = r ? 1 : 0;
  }
}
