package gol.stdlib.compress;

import gol.runtime.G;
import gol.runtime.GoString;
import gol.runtime.Native;
import gol.runtime.Slice;
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
    final CRC32 crc = new CRC32();
    long size;

    ZStream(Inflater inf, Deflater def) {
      this.inf = inf;
      this.def = def;
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
      case "newDeflater" -> (g, b) -> g.rs[b] = new ZStream(null, newDeflater((int) g.ls[b]));
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
    } else {
      z.def.setDictionary(d);
    }
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
    } else {
      z.def.end();
    }
  }
}
