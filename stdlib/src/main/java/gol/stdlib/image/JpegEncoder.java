package gol.stdlib.image;

import gol.runtime.G;
import gol.runtime.Slice;

/**
 * The encoding natives of image/jpeg: a baseline sequential scan (ITU-T T.81, Annex F.1) of
 * one grey component or of Y'CbCr with 4:2:0 chroma, and the RGB to Y'CbCr conversion of an
 * RGBA image. jpeg.gol writes the marker segments and chooses the tables.
 */
final class JpegEncoder {
  private JpegEncoder() {
  }

  /**
   * func rgbaToYCbCr(pix []byte, stride, w, h int, y, cb, cr []byte, straight bool): the w x h
   * pixels of an RGBA Pix (4 bytes each, rows stride apart) as three w x h planes, converted
   * as color.RGBToYCbCr converts (JFIF's weights in 16.16 fixed point). straight: the Pix is
   * an NRGBA's, each channel first premultiplied by alpha as NRGBA's RGBA method does.
   */
  static void rgbaToYCbCr(G g, int b) {
    Slice ps = (Slice) g.rs[b];
    int stride = (int) g.ls[b + 1];
    int w = (int) g.ls[b + 2];
    int h = (int) g.ls[b + 3];
    Slice ys = (Slice) g.rs[b + 4];
    Slice cbs = (Slice) g.rs[b + 5];
    Slice crs = (Slice) g.rs[b + 6];
    boolean straight = g.ls[b + 7] != 0;
    g.rs[b] = null;
    g.rs[b + 4] = null;
    g.rs[b + 5] = null;
    g.rs[b + 6] = null;
    byte[] pix = (byte[]) ps.array;
    byte[] ya = (byte[]) ys.array;
    byte[] cba = (byte[]) cbs.array;
    byte[] cra = (byte[]) crs.array;
    for (int j = 0; j < h; j++) {
      int p = ps.off + j * stride;
      int o = j * w;
      for (int i = 0; i < w; i++, p += 4, o++) {
        int r1 = pix[p] & 0xff;
        int g1 = pix[p + 1] & 0xff;
        int b1 = pix[p + 2] & 0xff;
        if (straight) {
          long a = (pix[p + 3] & 0xff) * 0x101L;
          r1 = (int) (r1 * 0x101L * a / 0xffff >>> 8);
          g1 = (int) (g1 * 0x101L * a / 0xffff >>> 8);
          b1 = (int) (b1 * 0x101L * a / 0xffff >>> 8);
        }
        ya[ys.off + o] = (byte) ((19595 * r1 + 38470 * g1 + 7471 * b1 + (1 << 15)) >> 16);
        cba[cbs.off + o] = (byte) clampShift(-11056 * r1 - 21712 * g1 + 32768 * b1 + (257 << 15));
        cra[crs.off + o] = (byte) clampShift(32768 * r1 - 27440 * g1 - 5328 * b1 + (257 << 15));
      }
    }
  }

  private static int clampShift(int v) {
    return v < 0 ? 0 : v > 0xffffff ? 0xff : v >>> 16;
  }

  /** A Huffman table for encoding (C.2): each symbol's code and its length. */
  static final class Codes {
    final int[] code = new int[256];
    final int[] size = new int[256];

    Codes(long[] h, int base) {
      int c = 0;
      int k = 0;
      for (int len = 1; len <= 16; len++) {
        int count = (int) h[base + len];
        for (int i = 0; i < count; i++, k++) {
          int sym = (int) h[base + 17 + k];
          code[sym] = c++;
          size[sym] = len;
        }
        c <<= 1;
      }
    }
  }

  /** Writes bits most significant first, stuffing a 0x00 after each 0xFF byte (F.1.2.3). */
  static final class BitWriter {
    byte[] out;
    int len;
    long acc;
    int n;

    BitWriter(int capacity) {
      out = new byte[Math.max(capacity, 1024)];
    }

    void put(int bits, int count) {
      acc = acc << count | (bits & ((1L << count) - 1));
      n += count;
      while (n >= 8) {
        n -= 8;
        int v = (int) (acc >>> n) & 0xff;
        if (len + 2 > out.length) {
          out = java.util.Arrays.copyOf(out, out.length * 2);
        }
        out[len++] = (byte) v;
        if (v == 0xff) {
          out[len++] = 0;
        }
      }
    }

    /** Pads the last byte with 1 bits (F.1.2.3). */
    void flush() {
      if (n > 0) {
        put(0x7f, 8 - n);
      }
    }
  }

  /**
   * func encodeScan(y, cb, cr []byte, w, h int, gray bool, quant []int32, huff []int32) []byte:
   * the entropy-coded segment of a baseline scan of the w x h planes (stride w; cb and cr
   * unused when gray), the image's edge samples repeated to fill the last MCUs, chroma
   * averaged over 2x2 pixels. quant holds the luma then the chroma table in natural order,
   * huff the DC luma, AC luma, DC chroma and AC chroma tables as counts and symbols (273 each).
   */
  static void encodeScan(G g, int b) {
    Slice ys = (Slice) g.rs[b];
    Slice cbs = (Slice) g.rs[b + 1];
    Slice crs = (Slice) g.rs[b + 2];
    int w = (int) g.ls[b + 3];
    int h = (int) g.ls[b + 4];
    boolean gray = g.ls[b + 5] != 0;
    Slice qs = (Slice) g.rs[b + 6];
    Slice hs = (Slice) g.rs[b + 7];
    for (int i = 0; i < 8; i++) {
      g.rs[b + i] = null;
    }
    long[] qa = (long[]) qs.array;
    double[][] quant = new double[2][64];
    for (int i = 0; i < 64; i++) {
      quant[0][i] = qa[qs.off + i];
      quant[1][i] = qa[qs.off + 64 + i];
    }
    long[] ha = (long[]) hs.array;
    Codes[] codes = new Codes[4];
    for (int i = 0; i < 4; i++) {
      codes[i] = new Codes(ha, hs.off + i * JpegScan.TABLE_SIZE);
    }
    BitWriter out = new BitWriter(w * h / 4);
    byte[] ya = (byte[]) ys.array;
    double[] samples = new double[64];
    double[] f = new double[64];
    int[] pred = new int[3];
    if (gray || w == 0 || h == 0) {
      int mx = (w + 7) / 8;
      int my = (h + 7) / 8;
      for (int by = 0; by < my; by++) {
        for (int bx = 0; bx < mx; bx++) {
          fullBlock(ya, ys.off, w, h, bx * 8, by * 8, samples);
          pred[0] = block(out, samples, f, quant[0], codes[0], codes[1], pred[0]);
        }
      }
    } else {
      byte[] cba = (byte[]) cbs.array;
      byte[] cra = (byte[]) crs.array;
      int mx = (w + 15) / 16;
      int my = (h + 15) / 16;
      for (int by = 0; by < my; by++) {
        for (int bx = 0; bx < mx; bx++) {
          for (int k = 0; k < 4; k++) {
            fullBlock(ya, ys.off, w, h, bx * 16 + (k & 1) * 8, by * 16 + (k >> 1) * 8, samples);
            pred[0] = block(out, samples, f, quant[0], codes[0], codes[1], pred[0]);
          }
          halfBlock(cba, cbs.off, w, h, bx * 16, by * 16, samples);
          pred[1] = block(out, samples, f, quant[1], codes[2], codes[3], pred[1]);
          halfBlock(cra, crs.off, w, h, bx * 16, by * 16, samples);
          pred[2] = block(out, samples, f, quant[1], codes[2], codes[3], pred[2]);
        }
      }
    }
    out.flush();
    g.rs[b] = new Slice(out.out, 0, out.len, out.out.length);
  }

  /** The 8x8 samples at (x0, y0), level-shifted (A.3.1), the last row and column repeated. */
  static void fullBlock(byte[] p, int off, int w, int h, int x0, int y0, double[] s) {
    for (int j = 0; j < 8; j++) {
      int y = Math.min(y0 + j, h - 1);
      for (int i = 0; i < 8; i++) {
        int x = Math.min(x0 + i, w - 1);
        s[j * 8 + i] = (p[off + y * w + x] & 0xff) - 128;
      }
    }
  }

  /** The 8x8 chroma samples of the 16x16 pixels at (x0, y0), each the rounded mean of 2x2. */
  static void halfBlock(byte[] p, int off, int w, int h, int x0, int y0, double[] s) {
    for (int j = 0; j < 8; j++) {
      int ya = Math.min(y0 + 2 * j, h - 1);
      int yb = Math.min(y0 + 2 * j + 1, h - 1);
      for (int i = 0; i < 8; i++) {
        int xa = Math.min(x0 + 2 * i, w - 1);
        int xb = Math.min(x0 + 2 * i + 1, w - 1);
        int sum = (p[off + ya * w + xa] & 0xff) + (p[off + ya * w + xb] & 0xff)
            + (p[off + yb * w + xa] & 0xff) + (p[off + yb * w + xb] & 0xff);
        s[j * 8 + i] = ((sum + 2) >> 2) - 128;
      }
    }
  }

  /** The forward DCT (A.3.3) of s, quantised (A.3.4) and Huffman-coded (F.1.2); the new DC. */
  static int block(BitWriter out, double[] s, double[] f, double[] q, Codes dc, Codes ac, int pred) {
    double[] basis = JpegScan.BASIS;
    double[] tmp = new double[64];
    for (int y = 0; y < 8; y++) {
      for (int u = 0; u < 8; u++) {
        double sum = 0;
        for (int x = 0; x < 8; x++) {
          sum += basis[x * 8 + u] * s[y * 8 + x];
        }
        tmp[y * 8 + u] = sum;
      }
    }
    for (int v = 0; v < 8; v++) {
      for (int u = 0; u < 8; u++) {
        double sum = 0;
        for (int y = 0; y < 8; y++) {
          sum += basis[y * 8 + v] * tmp[y * 8 + u];
        }
        f[v * 8 + u] = sum;
      }
    }
    int[] zz = JpegScan.ZIGZAG;
    int dcValue = quantise(f[0], q[0]);
    int diff = dcValue - pred;
    int size = magnitude(diff);
    out.put(dc.code[size], dc.size[size]);
    if (size > 0) {
      out.put(diff < 0 ? diff - 1 : diff, size);
    }
    int run = 0;
    for (int k = 1; k < 64; k++) {
      int v = quantise(f[zz[k]], q[zz[k]]);
      if (v == 0) {
        run++;
        continue;
      }
      while (run >= 16) {
        out.put(ac.code[0xf0], ac.size[0xf0]);
        run -= 16;
      }
      int sz = magnitude(v);
      int sym = run << 4 | sz;
      out.put(ac.code[sym], ac.size[sym]);
      out.put(v < 0 ? v - 1 : v, sz);
      run = 0;
    }
    if (run > 0) {
      out.put(ac.code[0], ac.size[0]);
    }
    return dcValue;
  }

  static int quantise(double f, double q) {
    double x = f / q;
    return (int) (x < 0 ? -Math.floor(-x + 0.5) : Math.floor(x + 0.5));
  }

  /** SSSS of F.1.2.1: the number of bits of |v|. */
  static int magnitude(int v) {
    return 32 - Integer.numberOfLeadingZeros(Math.abs(v));
  }
}
