package gol.stdlib.image;

import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.Slice;

/**
 * The decoding natives of image/jpeg: the entropy-coded segment of one scan (ITU-T T.81,
 * Annex F for sequential and Annex G for progressive Huffman coding) decoded into quantised
 * coefficients, and the inverse DCT (A.3.3) of a component's blocks into its sample plane.
 * The marker segments around them are parsed in jpeg.gol; these are the per-bit and per-sample
 * loops, which in .gol took seconds for a photograph.
 *
 * <p>A scan is described to {@link #decodeScan} by a []int32 (a long[] here):
 * <pre>
 *   [0] components in the scan, [1] MCUs across, [2] MCUs down, [3] Ss, [4] Se, [5] Ah, [6] Al,
 *   [7] restart interval in MCUs (0: none), [8] 1 for a progressive frame,
 *   then per component (7 each, from 9): coefficient offset, blocks per coefficient row,
 *   blocks across and down in one MCU, DC table, AC table, unused.
 * </pre>
 * Huffman tables are 8 x 273 values, DC tables 0-3 then AC tables 0-3: the number of codes
 * (0: undefined), the 16 BITS counts (B.2.4.2) and up to 256 HUFFVAL symbols. Coefficients are
 * kept in natural (row-major) order, not yet multiplied by their quantiser.
 */
public final class JpegScan {
  /** Position in natural order of the k-th coefficient in zig-zag order (T.81 figure A.6). */
  static final int[] ZIGZAG = {
    0, 1, 8, 16, 9, 2, 3, 10,
    17, 24, 32, 25, 18, 11, 4, 5,
    12, 19, 26, 33, 40, 48, 41, 34,
    27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36,
    29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46,
    53, 60, 61, 54, 47, 55, 62, 63,
  };

  static final int TABLE_SIZE = 273;

  // decodeScan's results, mapped to FormatErrors by jpeg.gol
  static final int OK = 0;
  static final int BAD_CODE = 1;
  static final int MARKER_IN_DATA = 2;
  static final int SHORT_DATA = 3;
  static final int BAD_RST = 4;
  static final int NO_TABLE = 5;
  static final int EXCESSIVE_DC = 6;
  static final int UNEXPECTED_CODE = 7;
  static final int TOO_MANY_COEFFICIENTS = 8;
  static final int INPUT_ENDED = 9;

  /** cos((2x+1)u pi/16) * C(u) / 2, the 1-D DCT basis (A.3.3), as [x * 8 + u]. */
  static final double[] BASIS = new double[64];

  static {
    for (int x = 0; x < 8; x++) {
      for (int u = 0; u < 8; u++) {
        double c = u == 0 ? Math.sqrt(0.5) : 1.0;
        BASIS[x * 8 + u] = c / 2 * Math.cos((2 * x + 1) * u * Math.PI / 16);
      }
    }
  }

  private JpegScan() {
  }

  public static Native link(String name) {
    return switch (name) {
      case "markerAt" -> JpegScan::markerAt;
      case "decodeScan" -> JpegScan::decodeScan;
      case "inverseDCT" -> JpegScan::inverseDct;
      case "encodeScan" -> JpegEncoder::encodeScan;
      case "rgbaToYCbCr" -> JpegEncoder::rgbaToYCbCr;
      default -> null;
    };
  }

  /**
   * func markerAt(data []byte, from int) int: the index of the first 0xFF that starts a marker
   * ending a scan (not a stuffed 0xFF00, not RST0-7, after any fill 0xFFs), or -1 when data
   * holds none yet.
   */
  static void markerAt(G g, int b) {
    Slice s = (Slice) g.rs[b];
    int from = (int) g.ls[b + 1];
    g.rs[b] = null;
    byte[] a = (byte[]) s.array;
    int found = -1;
    for (int i = from; i + 1 < s.len; i++) {
      if (a[s.off + i] != (byte) 0xff) {
        continue;
      }
      int j = i + 1;
      while (j < s.len && a[s.off + j] == (byte) 0xff) {
        j++;
      }
      if (j == s.len) {
        break;
      }
      int m = a[s.off + j] & 0xff;
      if (m != 0 && (m < 0xd0 || m > 0xd7)) {
        found = i;
        break;
      }
      i = j;
    }
    g.ls[b] = found;
  }

  /** The bits of an entropy-coded segment, with 0xFF00 unstuffed (F.1.2.3). */
  static final class Bits {
    final byte[] d;
    int pos;
    final int end;
    final boolean eof;
    long acc;
    int n;
    /** Zero bits appended past a marker or the end of the data; consuming one is an error. */
    int padded;
    int stop;

    Bits(byte[] d, int pos, int end, boolean eof) {
      this.d = d;
      this.pos = pos;
      this.end = end;
      this.eof = eof;
    }

    void fill() {
      while (n <= 56) {
        if (padded == 0 && pos < end) {
          int v = d[pos] & 0xff;
          if (v == 0xff) {
            if (pos + 1 < end && d[pos + 1] == 0) {
              pos += 2;
            } else {
              stop = pos + 1 < end || !eof ? MARKER_IN_DATA : SHORT_DATA;
              padded += 8;
              v = 0;
            }
          } else {
            pos++;
          }
          acc = acc << 8 | v;
        } else {
          if (padded == 0) {
            stop = eof ? SHORT_DATA : MARKER_IN_DATA;
          }
          acc <<= 8;
          padded += 8;
        }
        n += 8;
      }
    }

    /** Takes k (1-16) bits; -1 - error when they run past the data. */
    int take(int k) {
      if (n < k) {
        fill();
      }
      n -= k;
      if (n < padded) {
        return -1 - stop;
      }
      return (int) (acc >>> n) & ((1 << k) - 1);
    }

    /**
     * Drops what is left of the current interval before a restart marker. Reading stops at a
     * marker, so in a well-formed interval pos is on the RST marker now; whole bytes still
     * unread here mean a corrupt interval, which the marker check then reports.
     */
    void reset() {
      n = 0;
      acc = 0;
      padded = 0;
      stop = 0;
    }
  }

  /** A Huffman table ready for decoding (F.2.2.3): an 8-bit lookup, then MAXCODE/VALPTR. */
  static final class Table {
    final int[] fast = new int[256];
    final int[] maxcode = new int[18];
    final int[] valptr = new int[17];
    final int[] mincode = new int[17];
    final int[] vals = new int[256];
    /** False for a table no DHT defined: using it is an error, reported when it happens. */
    final boolean defined;

    Table(long[] h, int base) {
      defined = h[base] != 0;
      int code = 0;
      int k = 0;
      for (int len = 1; len <= 16; len++) {
        int count = (int) h[base + len];
        valptr[len] = k;
        mincode[len] = code;
        for (int i = 0; i < count; i++) {
          if (k < 256) {
            vals[k] = (int) h[base + 17 + k];
          }
          if (len <= 8 && k < 256) {
            int shift = 8 - len;
            int first = code << shift;
            for (int j = 0; j < 1 << shift && first + j < 256; j++) {
              fast[first + j] = len << 8 | vals[k] | 1 << 16;
            }
          }
          code++;
          k++;
        }
        maxcode[len] = count == 0 ? -1 : code - 1;
        code <<= 1;
      }
      maxcode[17] = Integer.MAX_VALUE;
    }

    /** The next symbol, or -1 - error. */
    int decode(Bits r) {
      if (!defined) {
        return -1 - NO_TABLE;
      }
      if (r.n < 16) {
        r.fill();
      }
      int peek = (int) (r.acc >>> (r.n - 8)) & 0xff;
      int f = fast[peek];
      if (f != 0) {
        int len = f >>> 8 & 0xff;
        r.n -= len;
        if (r.n < r.padded) {
          return -1 - r.stop;
        }
        return f & 0xff;
      }
      int code = 0;
      for (int len = 1; len <= 16; len++) {
        if (r.n - len < r.padded) {
          return -1 - r.stop; // the code would run into a marker or the end of the data
        }
        code = code << 1 | (int) (r.acc >>> (r.n - len)) & 1;
        if (maxcode[len] >= 0 && code <= maxcode[len]) {
          r.n -= len;
          if (r.n < r.padded) {
            return -1 - r.stop;
          }
          return vals[valptr[len] + code - mincode[len]];
        }
      }
      return -1 - BAD_CODE;
    }
  }

  /** EXTEND (F.2.2.1): the s-bit value v as a signed difference. */
  static int extend(int v, int s) {
    return v < 1 << (s - 1) ? v - (1 << s) + 1 : v;
  }

  /**
   * func decodeScan(data []byte, eof bool, scan []int32, huff []int32, coef []int32) int:
   * decodes the entropy-coded segment data (everything up to the marker after it; eof when
   * the input ended before such a marker) into coef. 0, or one of the error codes above.
   */
  static void decodeScan(G g, int b) {
    Slice ds = (Slice) g.rs[b];
    boolean eof = g.ls[b + 1] != 0;
    Slice ss = (Slice) g.rs[b + 2];
    Slice hs = (Slice) g.rs[b + 3];
    Slice cs = (Slice) g.rs[b + 4];
    g.rs[b] = null;
    g.rs[b + 2] = null;
    g.rs[b + 3] = null;
    g.rs[b + 4] = null;
    long[] sp = (long[]) ss.array;
    int so = ss.off;
    long[] hp = (long[]) hs.array;
    Bits r = new Bits((byte[]) ds.array, ds.off, ds.off + ds.len, eof);
    g.ls[b] = new ScanDecoder(r, sp, so, hp, hs.off, (long[]) cs.array, cs.off).run();
  }

  /** One scan's state: DC predictions, the end-of-band run, the restart count. */
  static final class ScanDecoder {
    final Bits r;
    final long[] coef;
    final int ncomp;
    final int mcusX;
    final int mcusY;
    final int ss;
    final int se;
    final int ah;
    final int al;
    final int restart;
    final boolean progressive;
    final int[] off = new int[4];
    final int[] stride = new int[4];
    final int[] bh = new int[4];
    final int[] bv = new int[4];
    final Table[] dc = new Table[4];
    final Table[] ac = new Table[4];
    final int[] pred = new int[4];
    int eobrun;

    ScanDecoder(Bits r, long[] sp, int so, long[] hp, int ho, long[] coef, int coefOff) {
      this.r = r;
      this.coef = coef;
      ncomp = (int) sp[so];
      mcusX = (int) sp[so + 1];
      mcusY = (int) sp[so + 2];
      ss = (int) sp[so + 3];
      se = (int) sp[so + 4];
      ah = (int) sp[so + 5];
      al = (int) sp[so + 6];
      restart = (int) sp[so + 7];
      progressive = sp[so + 8] != 0;
      boolean needDc = !progressive || ss == 0 && ah == 0;
      boolean needAc = !progressive || ss > 0;
      for (int i = 0; i < ncomp; i++) {
        int p = so + 9 + 7 * i;
        off[i] = coefOff + (int) sp[p];
        stride[i] = (int) sp[p + 1];
        bh[i] = (int) sp[p + 2];
        bv[i] = (int) sp[p + 3];
        if (needDc) {
          dc[i] = table(hp, ho, (int) sp[p + 4]);
        }
        if (needAc) {
          ac[i] = table(hp, ho, 4 + (int) sp[p + 5]);
        }
      }
    }

    static Table table(long[] hp, int ho, int index) {
      return new Table(hp, ho + index * TABLE_SIZE);
    }

    int run() {
      int rst = 0;
      int left = restart;
      for (int my = 0; my < mcusY; my++) {
        for (int mx = 0; mx < mcusX; mx++) {
          if (restart > 0 && left == 0) {
            // the interval's unused bits and any bytes up to the next marker are dropped;
            // that marker must be the next RSTn in sequence
            r.reset();
            int p = r.pos;
            while (p + 1 < r.end && !(r.d[p] == (byte) 0xff && r.d[p + 1] != 0 && r.d[p + 1] != (byte) 0xff)) {
              p++;
            }
            if (p + 1 >= r.end && r.eof) {
              return INPUT_ENDED;
            }
            if (p + 1 >= r.end || (r.d[p + 1] & 0xff) != 0xd0 + rst) {
              return BAD_RST;
            }
            r.pos = p + 2;
            rst = (rst + 1) & 7;
            left = restart;
            pred[0] = pred[1] = pred[2] = pred[3] = 0;
            eobrun = 0;
          }
          left--;
          for (int c = 0; c < ncomp; c++) {
            for (int by = 0; by < bv[c]; by++) {
              for (int bx = 0; bx < bh[c]; bx++) {
                int at = off[c] + ((my * bv[c] + by) * stride[c] + mx * bh[c] + bx) * 64;
                int e = block(c, at);
                if (e != OK) {
                  return e;
                }
              }
            }
          }
        }
      }
      return OK;
    }

    int block(int c, int at) {
      if (!progressive) {
        return sequential(c, at);
      }
      if (ss == 0) {
        if (ah == 0) {
          int st = predictDc(c);
          if (st != OK) {
            return st;
          }
          coef[at] = (long) pred[c] << al;
        } else {
          int v = r.take(1);
          if (v < 0) {
            return -1 - v;
          }
          if (v != 0) {
            coef[at] |= 1L << al;
          }
        }
        return OK;
      }
      return ah == 0 ? acFirst(c, at) : acRefine(c, at);
    }

    /** Adds component c's next DC difference to its prediction: OK, or what stopped it. */
    int predictDc(int c) {
      int t = dc[c].decode(r);
      if (t < 0) {
        return -1 - t;
      }
      if (t > 16) {
        return EXCESSIVE_DC;
      }
      if (t > 0) {
        int v = r.take(t);
        if (v < 0) {
          return -1 - v;
        }
        pred[c] += extend(v, t);
      }
      return OK;
    }

    int sequential(int c, int at) {
      int st = predictDc(c);
      if (st != OK) {
        return st;
      }
      coef[at] = pred[c];
      Table act = ac[c];
      for (int k = 1; k < 64; ) {
        int rs = act.decode(r);
        if (rs < 0) {
          return -1 - rs;
        }
        int run = rs >>> 4;
        int s = rs & 15;
        if (s == 0) {
          if (run != 15) {
            break;
          }
          k += 16;
          continue;
        }
        k += run;
        if (k > 63) {
          break; // a run past the block's end: nothing more to place in it
        }
        int v = r.take(s);
        if (v < 0) {
          return -1 - v;
        }
        coef[at + ZIGZAG[k]] = extend(v, s);
        k++;
      }
      return OK;
    }

    /** G.1.2.2: the first pass over bands Ss..Se, with end-of-band runs. */
    int acFirst(int c, int at) {
      if (eobrun > 0) {
        eobrun--;
        return OK;
      }
      Table act = ac[c];
      for (int k = ss; k <= se; ) {
        int rs = act.decode(r);
        if (rs < 0) {
          return -1 - rs;
        }
        int run = rs >>> 4;
        int s = rs & 15;
        if (s == 0) {
          if (run < 15) {
            eobrun = (1 << run) - 1;
            if (run > 0) {
              int v = r.take(run);
              if (v < 0) {
                return -1 - v;
              }
              eobrun += v;
            }
            break;
          }
          k += 16;
          continue;
        }
        k += run;
        if (k > 63) {
          break; // a run past the block's end: nothing more to place in it
        }
        int v = r.take(s);
        if (v < 0) {
          return -1 - v;
        }
        coef[at + ZIGZAG[k]] = (long) extend(v, s) << al;
        k++;
      }
      return OK;
    }

    /** G.1.2.3: one more bit of the coefficients already nonzero, and newly nonzero ones. */
    int acRefine(int c, int at) {
      int p1 = 1 << al;
      int m1 = -1 << al;
      int k = ss;
      if (eobrun == 0) {
        Table act = ac[c];
        while (k <= se) {
          int rs = act.decode(r);
          if (rs < 0) {
            return -1 - rs;
          }
          int run = rs >>> 4;
          int s = rs & 15;
          int value = 0;
          if (s == 0) {
            if (run < 15) {
              eobrun = 1 << run;
              if (run > 0) {
                int v = r.take(run);
                if (v < 0) {
                  return -1 - v;
                }
                eobrun += v;
              }
              break;
            }
          } else {
            if (s != 1) {
              return UNEXPECTED_CODE; // a newly nonzero coefficient is +-1 in this bit (G.1.2.3)
            }
            int v = r.take(1);
            if (v < 0) {
              return -1 - v;
            }
            value = v != 0 ? p1 : m1;
          }
          boolean placed = false;
          while (k <= se) {
            int z = at + ZIGZAG[k];
            long cv = coef[z];
            if (cv != 0) {
              int e = refine(z, cv, p1, m1);
              if (e != OK) {
                return e;
              }
            } else {
              if (run == 0) {
                if (value != 0) {
                  coef[z] = value;
                }
                k++;
                placed = true;
                break;
              }
              run--;
            }
            k++;
          }
          if (!placed) {
            return TOO_MANY_COEFFICIENTS; // the run went past the band's end
          }
        }
      }
      if (eobrun > 0) {
        for (; k <= se; k++) {
          int z = at + ZIGZAG[k];
          long cv = coef[z];
          if (cv != 0) {
            int e = refine(z, cv, p1, m1);
            if (e != OK) {
              return e;
            }
          }
        }
        eobrun--;
      }
      return OK;
    }

    int refine(int z, long cv, int p1, int m1) {
      int v = r.take(1);
      if (v < 0) {
        return -1 - v;
      }
      if (v != 0 && (cv & p1) == 0) {
        coef[z] = cv + (cv >= 0 ? p1 : m1);
      }
      return OK;
    }
  }

  /**
   * func inverseDCT(coef []int32, coefStride, blocksX, blocksY int, quant []int32, dst []byte,
   * stride int): dequantises the first blocksX x blocksY blocks of coef (natural order, rows of
   * coefStride blocks; quant in natural order too), applies the 8x8 inverse DCT of A.3.3,
   * level-shifts by 128 and writes the clamped samples into dst, block (bx, by) at row 8*by,
   * column 8*bx.
   */
  static void inverseDct(G g, int b) {
    Slice cs = (Slice) g.rs[b];
    int coefStride = (int) g.ls[b + 1];
    int blocksX = (int) g.ls[b + 2];
    int blocksY = (int) g.ls[b + 3];
    Slice qs = (Slice) g.rs[b + 4];
    Slice ds = (Slice) g.rs[b + 5];
    int stride = (int) g.ls[b + 6];
    g.rs[b] = null;
    g.rs[b + 4] = null;
    g.rs[b + 5] = null;
    long[] coef = (long[]) cs.array;
    long[] qa = (long[]) qs.array;
    byte[] dst = (byte[]) ds.array;
    double[] q = new double[64];
    for (int i = 0; i < 64; i++) {
      q[i] = qa[qs.off + i];
    }
    double[] f = new double[64];
    double[] t = new double[64];
    for (int by = 0; by < blocksY; by++) {
      for (int bx = 0; bx < blocksX; bx++) {
        int at = cs.off + (by * coefStride + bx) * 64;
        for (int i = 0; i < 64; i++) {
          f[i] = coef[at + i] * q[i];
        }
        idct8x8(f, t);
        int o = ds.off + by * 8 * stride + bx * 8;
        for (int y = 0; y < 8; y++) {
          for (int x = 0; x < 8; x++) {
            long v = (long) Math.floor(t[y * 8 + x] + 128.5);
            dst[o + y * stride + x] = (byte) (v < 0 ? 0 : v > 255 ? 255 : v);
          }
        }
      }
    }
  }

  /** out[y*8+x] = sum over v, u of BASIS[y][v] BASIS[x][u] in[v*8+u]: columns, then rows. */
  static void idct8x8(double[] in, double[] out) {
    double[] tmp = new double[64];
    for (int u = 0; u < 8; u++) {
      boolean zero = true;
      for (int v = 1; v < 8; v++) {
        if (in[v * 8 + u] != 0) {
          zero = false;
          break;
        }
      }
      for (int y = 0; y < 8; y++) {
        double s;
        if (zero) {
          s = BASIS[y * 8] * in[u];
        } else {
          s = 0;
          for (int v = 0; v < 8; v++) {
            s += BASIS[y * 8 + v] * in[v * 8 + u];
          }
        }
        tmp[y * 8 + u] = s;
      }
    }
    for (int y = 0; y < 8; y++) {
      for (int x = 0; x < 8; x++) {
        double s = 0;
        for (int u = 0; u < 8; u++) {
          s += BASIS[x * 8 + u] * tmp[y * 8 + u];
        }
        out[y * 8 + x] = s;
      }
    }
  }
}
