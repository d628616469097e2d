package gol.stdlib.compress;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/*
 * The natives of packages compress/gzip, compress/flate and compress/zlib: raw DEFLATE streams by java.util.zip's
 * Inflater and Deflater, plus the CRC-32 and length the gzip trailer carries. The gzip header and
 * trailer themselves are read and written in gol.
 *
 * Concepts
 *   A stream (*zstream in gol) is one Inflater or Deflater with its running CRC32 and byte count
 *   of the uncompressed data. The natives never block: the gol side reads compressed input from
 *   its io.Reader and hands it over a chunk at a time (only when the stream asks for input), and
 *   writes what a call produced to its io.Writer.
 *
 * Invariants
 *   - Input handed to setInput is copied, so the gol slice may be reused at once.
 *   - The CRC and count cover exactly the uncompressed bytes produced (inflate) or consumed
 *     (deflate).
 */
public final class GzipPkg {
  private GzipPkg() {
  }

  /** One inflate or deflate stream. */
  static final class ZStream {
    final Inflater inf;
    final Deflater def;
    /** Level 0 (NoCompression): Go's stored blocks instead of def, which is then null. */
    final Store store;
    final CRC32 crc = new CRC32();
    long size;

    ZStream(Inflater inf, Deflater def) {
      this.inf = inf;
      this.def = def;
      this.store = null;
    }

    ZStream(Store store) {
      this.inf = null;
      this.def = null;
      this.store = store;
    }
  }

  /**
   * Go's NoCompression compressor (compress/flate's fillStore/store): input collects in a
   * 65535-byte window that becomes one stored block when full or at a flush; a flush then adds an
   * empty stored block (00 00 00 ff ff) and the end a final empty one (01 00 00 ff ff), so the
   * bytes are Go's (zlib's stored blocks differ: the last data block is the final one).
   */
  static final class Store {
    static final int MAX_BLOCK = 65535;
    final byte[] window = new byte[MAX_BLOCK];
    int windowEnd;
    final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    int pendingOff;
    byte[] pendingBytes = new byte[0];
    boolean finishing;
    /** A flush's blocks are being drained: the gol side calls again while a call fills out. */
    boolean flushing;

    void write(byte[] a) {
      int i = 0;
      while (i < a.length) {
        if (windowEnd == MAX_BLOCK) {
          block(false);
        }
        int n = Math.min(a.length - i, MAX_BLOCK - windowEnd);
        System.arraycopy(a, i, window, windowEnd, n);
        windowEnd += n;
        i += n;
      }
    }

    /** Writes the window as a stored block if it holds anything, then (sync) the marker block. */
    void block(boolean sync) {
      if (windowEnd > 0) {
        header(windowEnd, false);
        pending.write(window, 0, windowEnd);
        windowEnd = 0;
      }
      if (sync) {
        header(0, finishing);
      }
    }

    private void header(int len, boolean last) {
      pending.write(last ? 1 : 0);
      pending.write(len & 0xff);
      pending.write(len >>> 8);
      pending.write(~len & 0xff);
      pending.write((~len >>> 8) & 0xff);
    }

    /** Copies pending output into out; returns the count. */
    int drain(byte[] out, int off, int len) {
      if (pendingOff == pendingBytes.length && pending.size() > 0) {
        pendingBytes = pending.toByteArray();
        pending.reset();
        pendingOff = 0;
      }
      int n = Math.min(len, pendingBytes.length - pendingOff);
      System.arraycopy(pendingBytes, pendingOff, out, off, n);
      pendingOff += n;
      return n;
    }

    boolean finished() {
      return finishing && pendingOff == pendingBytes.length && pending.size() == 0;
    }
  }

  /** The natives of compress/gzip. */
  public static Native link(String name) {
    return switch (name) {
      case "sums" -> GzipPkg::sums;
      default -> linkStreams(name);
    };
  }

  /** The natives of compress/flate (compress/zlib has none: it is written over flate). */
  public static Native linkFlate(String name) {
    return switch (name) {
      case "bytesRead" -> (g, b) -> {
        g.ls[b] = ((ZStream) g.rs[b]).inf.getBytesRead();
        g.rs[b] = null;
      };
      case "setDictionary" -> GzipPkg::setDictionary;
      default -> linkStreams(name);
    };
  }

  private static Native linkStreams(String name) {
    return switch (name) {
      case "newInflater" -> (g, b) -> g.rs[b] = new ZStream(new Inflater(true), null);
      case "newDeflater" -> (g, b) -> g.rs[b] = g.ls[b] == 0 ? new ZStream(new Store())
          : new ZStream(null, newDeflater((int) g.ls[b]));
      case "inflate" -> GzipPkg::inflate;
      case "deflate" -> GzipPkg::deflate;
      case "end" -> GzipPkg::end;
      default -> null;
    };
  }

  /** A raw-DEFLATE Deflater at a Go level: -2 (HuffmanOnly) is the default level with Huffman codes only. */
  private static Deflater newDeflater(int level) {
    if (level == -2) {
      Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
      d.setStrategy(Deflater.HUFFMAN_ONLY);
      return d;
    }
    return new Deflater(level, true);
  }

  /** func setDictionary(z *zstream, dict []byte): a preset dictionary, before any data. */
  static void setDictionary(G g, int b) {
    ZStream z = (ZStream) g.rs[b];
    byte[] d = copy((Slice) g.rs[b + 1]);
    if (z.inf != null) {
      z.inf.setDictionary(d);
    } else if (z.def != null) {
      z.def.setDictionary(d);
    } // Go's level 0 ignores a dictionary (fillWindow does nothing below level 2)
    g.rs[b] = null;
    g.rs[b + 1] = null;
  }

  private static byte[] copy(Slice s) {
    byte[] a = new byte[s.len];
    System.arraycopy((byte[]) s.array, s.off, a, 0, s.len);
    return a;
  }

  /**
   * func inflate(z *zstream, in, out []byte) (consumed, produced int, finished, needInput bool,
   * remaining int, errMsg string): feeds in when the stream wants input, inflates into out.
   * remaining is, once finished, how many bytes of the last input lie after the stream's end.
   */
  static void inflate(G g, int b) {
    ZStream z = (ZStream) g.rs[b];
    Slice in = (Slice) g.rs[b + 1];
    Slice out = (Slice) g.rs[b + 2];
    long consumed = 0;
    int produced = 0;
    String err = "";
    if (z.inf.needsInput() && in != null && in.len > 0) {
      z.inf.setInput(copy(in));
      consumed = in.len;
    }
    if (out != null && out.len > 0) {
      try {
        produced = z.inf.inflate((byte[]) out.array, out.off, out.len);
        z.crc.update((byte[]) out.array, out.off, produced);
        z.size += produced;
      } catch (DataFormatException e) {
        err = "flate: corrupt input";
      }
    }
    boolean finished = z.inf.finished();
    g.ls[b] = consumed;
    g.ls[b + 1] = produced;
    g.ls[b + 2] = finished ? 1 : 0;
    g.ls[b + 3] = !finished && z.inf.needsInput() ? 1 : 0;
    g.ls[b + 4] = finished ? z.inf.getRemaining() : 0;
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
    g.rs[b + 3] = null;
    g.rs[b + 4] = null;
    g.rs[b + 5] = GoString.of(err);
  }

  /**
   * func deflate(z *zstream, in, out []byte, mode int) (consumed, produced int, finished bool):
   * mode 0 compresses, 1 also flushes (SYNC_FLUSH), 2 finishes the stream.
   */
  static void deflate(G g, int b) {
    ZStream z = (ZStream) g.rs[b];
    Slice in = (Slice) g.rs[b + 1];
    Slice out = (Slice) g.rs[b + 2];
    int mode = (int) g.ls[b + 3];
    long consumed = 0;
    if (z.store != null) {
      deflateStore(g, b, z, in, out, mode);
      return;
    }
    if (z.def.needsInput() && in != null && in.len > 0) {
      byte[] a = copy(in);
      z.def.setInput(a);
      z.crc.update(a);
      z.size += a.length;
      consumed = a.length;
    }
    if (mode == 2) {
      z.def.finish();
    }
    int produced = z.def.deflate((byte[]) out.array, out.off, out.len,
        mode == 1 ? Deflater.SYNC_FLUSH : Deflater.NO_FLUSH);
    g.ls[b] = consumed;
    g.ls[b + 1] = produced;
    g.ls[b + 2] = z.def.finished() ? 1 : 0;
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
  }

  /** deflate for level 0: all of in is taken at once; a flush or finish is done on the first call. */
  private static void deflateStore(G g, int b, ZStream z, Slice in, Slice out, int mode) {
    Store st = z.store;
    long consumed = 0;
    if (in != null && in.len > 0 && !st.finishing) {
      byte[] a = copy(in);
      st.write(a);
      z.crc.update(a);
      z.size += a.length;
      consumed = a.length;
    }
    // A flush or finish adds its blocks once: the gol side calls again (with the same mode)
    // while a call fills out, only to drain them.
    if (mode == 1 && !st.flushing) {
      st.block(true);
      st.flushing = true;
    } else if (mode == 2 && !st.finishing) {
      st.finishing = true;
      st.block(true);
    }
    int produced = st.drain((byte[]) out.array, out.off, out.len);
    if (mode != 1 || produced < out.len) {
      st.flushing = false; // the gol side's loop stops here: the next flush is a new one
    }
    g.ls[b] = consumed;
    g.ls[b + 1] = produced;
    g.ls[b + 2] = st.finished() ? 1 : 0;
    g.rs[b] = null;
    g.rs[b + 1] = null;
    g.rs[b + 2] = null;
  }

  /** func sums(z *zstream) (crc uint32, size uint32): the trailer's CRC-32 and length mod 2^32. */
  static void sums(G g, int b) {
    ZStream z = (ZStream) g.rs[b];
    g.ls[b] = z.crc.getValue();
    g.ls[b + 1] = z.size & 0xffffffffL;
    g.rs[b] = null;
    g.rs[b + 1] = null;
  }

  /** func end(z *zstream): releases the stream's native memory. */
  static void end(G g, int b) {
    ZStream z = (ZStream) g.rs[b];
    if (z.inf != null) {
      z.inf.end();
    } else if (z.def != null) {
      z.def.end();
    }
  }
}
