package gol.stdlib.crypto;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;
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
  public static Native linkAes(String name) {
    return switch (name) {
      case "newKey" -> CipherPkg::newKey;
      case "inexactOverlap" -> CipherPkg::inexactOverlap;
      case "gcmCrypt" -> CipherPkg::gcmCrypt;
      case "encryptBlocks" -> (g, b) -> cryptBlocks(g, b, true);
      case "decryptBlocks" -> (g, b) -> cryptBlocks(g, b, false);
      default -> null;
    };
  }

  /** Registers crypto/cipher's natives: ghash, xorBytes, inexactOverlap. */
  public static Native linkCipher(String name) {
    return switch (name) {
      case "ghash" -> CipherPkg::ghash;
      case "xorBytes" -> CipherPkg::xorBytes;
      case "inexactOverlap" -> CipherPkg::inexactOverlap;
      default -> null;
    };
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

  /**
   * func gcmCrypt(h *handle, nonce, in, data, out, tag []byte): AES-GCM (NIST SP 800-38D) in
   * one call: XORs in with the key stream from inc32(J0) into out (as long as in; any
   * overlap but a shifted one, which the .gol code refused) and writes the full 16-byte tag
   * of the ciphertext and data into tag. The ciphertext is in when decrypting (tag first,
   * then the stream) and out when encrypting, so the caller says which through tag's use:
   * decrypt is true when in is the ciphertext.
   */
  static void gcmCrypt(G g, int b) {
    AesKey key = (AesKey) g.rs[b];
    byte[] nonce = bytes((Slice) g.rs[b + 1]);
    Slice in = (Slice) g.rs[b + 2];
    byte[] data = bytes((Slice) g.rs[b + 3]);
    Slice out = (Slice) g.rs[b + 4];
    Slice tag = (Slice) g.rs[b + 5];
    boolean decrypt = g.ls[b + 6] != 0;
    for (int i = 0; i < 6; i++) {
      g.rs[b + i] = null;
    }
    byte[] src = bytes(in);
    byte[] h = ecb(key, new byte[16]);
    long hHi = load64(h, 0, 8);
    long hLo = load64(h, 8, 8);
    byte[] j0 = new byte[16];
    if (nonce.length == 12) {
      System.arraycopy(nonce, 0, j0, 0, 12);
      j0[15] = 1;
    } else {
      long[] y = ghashAll(hHi, hLo, new long[2], nonce);
      byte[] lens = new byte[16];
      store64(lens, 8, (long) nonce.length * 8);
      y = ghashAll(hHi, hLo, y, lens);
      store64(j0, 0, y[0]);
      store64(j0, 8, y[1]);
    }
    int n = src.length;
    int blocks = (n + 15) / 16;
    byte[] counters = new byte[16 * (blocks + 1)];
    int c32 = (int) load64(j0, 8, 8); // the low 32 bits of J0
    for (int i = 0; i <= blocks; i++) {
      System.arraycopy(j0, 0, counters, 16 * i, 12);
      int c = c32 + i;
      counters[16 * i + 12] = (byte) (c >>> 24);
      counters[16 * i + 13] = (byte) (c >>> 16);
      counters[16 * i + 14] = (byte) (c >>> 8);
      counters[16 * i + 15] = (byte) c;
    }
    byte[] stream = ecb(key, counters); // block 0 masks the tag, the rest is the key stream
    byte[] result = new byte[n];
    for (int i = 0; i < n; i++) {
      result[i] = (byte) (src[i] ^ stream[16 + i]);
    }
    byte[] ciphertext = decrypt ? src : result;
    long[] y = ghashAll(hHi, hLo, new long[2], data);
    y = ghashAll(hHi, hLo, y, ciphertext);
    byte[] lens = new byte[16];
    store64(lens, 0, (long) data.length * 8);
    store64(lens, 8, (long) n * 8);
    y = ghashAll(hHi, hLo, y, lens);
    byte[] t = new byte[16];
    store64(t, 0, y[0]);
    store64(t, 8, y[1]);
    byte[] ta = (byte[]) tag.array;
    for (int i = 0; i < 16; i++) {
      ta[tag.off + i] = (byte) (t[i] ^ stream[i]);
    }
    if (n > 0) {
      System.arraycopy(result, 0, (byte[]) out.array, out.off, n);
    }
  }

  private static byte[] bytes(Slice s) {
    if (s == null || s.len == 0) {
      return new byte[0];
    }
    byte[] a = new byte[s.len];
    System.arraycopy((byte[]) s.array, s.off, a, 0, s.len);
    return a;
  }

  /** The AES encryption of each 16-byte block of in. */
  private static byte[] ecb(AesKey key, byte[] in) {
    byte[] out = new byte[in.length];
    try {
      synchronized (key.enc) {
        key.enc.update(in, 0, in.length, out, 0);
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("CipherPkg.ecb: " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * GHASH over data (zero-padded to whole blocks) from the accumulator y, four bits at a time
   * (Shoup's method): a table of the 16 products of h with a 4-bit value, and one of the
   * reduction terms of the 4 bits a shift by x^4 pushes out. gfMul, bit by bit, is the
   * reference the per-block native ghash uses.
   */
  private static long[] ghashAll(long hHi, long hLo, long[] y, byte[] data) {
    long[] th = new long[16];
    long[] tl = new long[16];
    th[8] = hHi;
    tl[8] = hLo;
    for (int i = 4; i > 0; i >>= 1) {
      // times x: one right shift in GHASH's reflected bit order, reduced by 0xE1 || 0^120
      long carry = tl[2 * i] & 1;
      tl[i] = (th[2 * i] << 63) | (tl[2 * i] >>> 1);
      th[i] = (th[2 * i] >>> 1) ^ (carry != 0 ? 0xE100000000000000L : 0);
    }
    for (int i = 2; i <= 8; i *= 2) {
      for (int j = 1; j < i; j++) {
        th[i + j] = th[i] ^ th[j];
        tl[i + j] = tl[i] ^ tl[j];
      }
    }
    long yHi = y[0];
    long yLo = y[1];
    byte[] x = new byte[16];
    for (int off = 0; off < data.length; off += 16) {
      int rest = Math.min(16, data.length - off);
      store64(x, 0, yHi ^ load64(data, off, Math.min(8, rest)));
      store64(x, 8, yLo ^ (rest > 8 ? load64(data, off + 8, rest - 8) : 0));
      long zh = 0;
      long zl = 0;
      for (int i = 15; i >= 0; i--) {
        for (int half = 0; half < 2; half++) {
          int nib = half == 0 ? x[i] & 0xf : (x[i] >> 4) & 0xf;
          if (i != 15 || half != 0) {
            int rem = (int) (zl & 0xf);
            zl = (zh << 60) | (zl >>> 4);
            zh = (zh >>> 4) ^ ((long) LAST4[rem] << 48);
          }
          zh ^= th[nib];
          zl ^= tl[nib];
        }
      }
      yHi = zh;
      yLo = zl;
    }
    return new long[] {yHi, yLo};
  }

  /** The reduction of the 4 low bits a GHASH shift by x^4 drops, as the top 16 bits' term. */
  private static final int[] LAST4 = {
    0x0000, 0x1c20, 0x3840, 0x2460, 0x7080, 0x6ca0, 0x48c0, 0x54e0,
    0xe100, 0xfd20, 0xd940, 0xc560, 0x9180, 0x8da0, 0xa9c0, 0xb5e0,
  };

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
