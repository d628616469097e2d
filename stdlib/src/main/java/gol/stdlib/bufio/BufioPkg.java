package gol.stdlib.bufio;

import gol.runtime.G;
import gol.runtime.Slice;
import gol.stdlib.Registry;
import gol.stdlib.Utf8;

/**
 * The natives of package bufio (bufio.gol): the byte loop of ScanWords, which in gol code cost a
 * few instructions per byte of input (a word-frequency count over 50 MB spent most of its time
 * there). The split function itself stays gol code, so its results and errors are bufio.gol's.
 */
public final class BufioPkg {
  private BufioPkg() {
  }

  public static void install(Registry r) {
    r.reg("wordBounds", BufioPkg::wordBounds);
    r.reg("nextToken", BufioPkg::nextToken);
  }

  /**
   * func nextToken(split, words, lines SplitFunc, buf []byte, start, end int) (from, to, next int):
   * Scanner.Scan's fast path. When split is words (ScanWords; a top-level function used as a
   * value is one object) or lines (ScanLines) and buf[start:end] holds a whole token, the token
   * is buf[from:to] and the rest starts at next, as the split function's advance and token
   * would say with atEOF false; otherwise next is -1 and Scan calls the split function.
   */
  static void nextToken(G g, int base) {
    Object split = g.rs[base];
    boolean words = split != null && split == g.rs[base + 1];
    boolean lines = !words && split != null && split == g.rs[base + 2];
    Slice p = (Slice) g.rs[base + 3];
    int start = (int) g.ls[base + 4];
    int end = (int) g.ls[base + 5];
    for (int i = 0; i < 6; i++) {
      g.rs[base + i] = null;
    }
    g.ls[base + 2] = -1;
    if (!words && !lines || p == null) {
      return;
    }
    byte[] b = (byte[]) p.array;
    int off = p.off;
    if (lines) {
      for (int i = off + start, e = off + end; i < e; i++) {
        if (b[i] == '\n') {
          int to = i - off;
          if (to > start && b[i - 1] == '\r') {
            to--;
          }
          g.ls[base] = start;
          g.ls[base + 1] = to;
          g.ls[base + 2] = i - off + 1;
          return;
        }
      }
      return;
    }
    int e = off + end;
    int i = off + start;
    while (i < e) { // ASCII bytes are tested directly: Utf8.decode is too big to be inlined
      int c = b[i];
      if (c >= 0) {
        if (!asciiSpace(c)) {
          break;
        }
        i++;
        continue;
      }
      int d = Utf8.decode(b, i, e);
      if (!isSpace(Utf8.rune(d))) {
        break;
      }
      i += Utf8.width(d);
    }
    int from = i;
    while (i < e) {
      int c = b[i];
      int w = 1;
      if (c >= 0) {
        if (!asciiSpace(c)) {
          i++;
          continue;
        }
      } else {
        int d = Utf8.decode(b, i, e);
        w = Utf8.width(d);
        if (!isSpace(Utf8.rune(d))) {
          i += w;
          continue;
        }
      }
      g.ls[base] = from - off;
      g.ls[base + 1] = i - off;
      g.ls[base + 2] = i - off + w;
      return;
    }
  }

  /**
   * func wordBounds(data []byte) (start, end, width int): start is the index of the first rune
   * of data that is not a space (len(data) if none); end is the index of the first space at or
   * after start, and width its length in bytes; end is -1 when no space follows the word.
   * Runes decode as utf8.DecodeRune does (an invalid byte is RuneError, width 1).
   */
  static void wordBounds(G g, int base) {
    Slice p = (Slice) g.rs[base];
    g.rs[base] = null;
    byte[] b = p == null ? null : (byte[]) p.array;
    int off = p == null ? 0 : p.off;
    int end = off + (p == null ? 0 : p.len);
    int i = off;
    while (i < end) {
      int d = Utf8.decode(b, i, end);
      if (!isSpace(Utf8.rune(d))) {
        break;
      }
      i += Utf8.width(d);
    }
    g.ls[base] = i - off;
    while (i < end) {
      int d = Utf8.decode(b, i, end);
      if (isSpace(Utf8.rune(d))) {
        g.ls[base + 1] = i - off;
        g.ls[base + 2] = Utf8.width(d);
        return;
      }
      i += Utf8.width(d);
    }
    g.ls[base + 1] = -1;
    g.ls[base + 2] = 0;
  }

  /** isSpace for a rune below 0x80. */
  private static boolean asciiSpace(int c) {
    return c == ' ' || c <= '\r' && c >= '\t';
  }

  /** bufio's isSpace: unicode.IsSpace without the table. */
  private static boolean isSpace(int r) {
    if (r <= 0xFF) {
      return r == ' ' || r >= '\t' && r <= '\r' || r == 0x85 || r == 0xA0;
    }
    return r >= 0x2000 && r <= 0x200A
        || r == 0x1680 || r == 0x2028 || r == 0x2029 || r == 0x202F || r == 0x205F || r == 0x3000;
  }
}
