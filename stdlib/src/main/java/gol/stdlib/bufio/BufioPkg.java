package gol.stdlib.bufio;

import gol.runtime.ByteWords;
import gol.runtime.G;
import gol.runtime.Slice;
import gol.runtime.Struct;
import gol.stdlib.Registry;
import gol.stdlib.Utf8;

/**
 * The natives of package bufio (bufio.gol): the byte loop of ScanWords, which in gol code cost a
 * few instructions per byte of input (a word-frequency count over 50 MB spent most of its time
 * there), and Scanner.Scan's fast path for ScanWords and ScanLines. The split functions stay gol
 * code, so their results and errors, and every other case, are bufio.gol's.
 */
public final class BufioPkg {
  private BufioPkg() {
  }

  public static void install(Registry r) {
    r.reg("wordBounds", BufioPkg::wordBounds);
    r.reg("scanFast", BufioPkg::scanFast);
  }

  /** Scanner's fields by declaration index (bufio.gol keeps this order). */
  private static final int SPLIT = 1;
  private static final int TOKEN = 3;
  private static final int BUF = 4;
  private static final int START = 5;
  private static final int END = 6;
  private static final int ERR = 7;
  private static final int EMPTIES = 8;
  private static final int SCAN_CALLED = 9;
  private static final int DONE = 10;

  /**
   * func scanFast(s *Scanner, words, lines SplitFunc) bool: Scanner.Scan's fast path. When s's
   * split function is words (ScanWords; a top-level function used as a value is one object) or
   * lines (ScanLines), no error is pending and s.buf[s.start:s.end] holds a whole token, it does
   * what Scan would: s.token is the token the split function would return (a window of s.buf),
   * s.start moves past it and the token's delimiter, and it returns true. Otherwise it changes
   * nothing and returns false, and Scan takes the general way. One native call instead of
   * compiled gol code that loaded and stored each field around a call.
   */
  static void scanFast(G g, int base) {
    Struct s = (Struct) g.rs[base];
    Object words = g.rs[base + 1];
    Object lines = g.rs[base + 2];
    g.rs[base] = null;
    g.rs[base + 1] = null;
    g.rs[base + 2] = null;
    g.ls[base] = 0;
    long[] l = s.l; // a nil *Scanner: NullPointerException, Go's nil dereference in Scan
    Object[] r = s.r;
    int[] slot = s.type.fieldSlot;
    int start = (int) l[slot[START]];
    int end = (int) l[slot[END]];
    Object split = r[slot[SPLIT]];
    Slice p = (Slice) r[slot[BUF]];
    if (end <= start || r[slot[ERR]] != null || l[slot[DONE]] != 0 || split == null || p == null
        || split != words && split != lines) {
      return;
    }
    byte[] b = (byte[]) p.array;
    int off = p.off;
    int from;
    int to;
    int next;
    if (split == lines) {
      int i = off + start;
      int e = off + end;
      while (i < e && b[i] != '\n') {
        i++;
      }
      if (i == e) {
        return;
      }
      from = start;
      to = i - off;
      if (to > start && b[i - 1] == '\r') {
        to--;
      }
      next = i - off + 1;
    } else {
      long bounds = wordAt(b, off + start, off + end);
      if (bounds < 0) {
        return;
      }
      from = (int) (bounds >>> 32) - off;
      to = (int) bounds - off;
      next = to + width(b, off + to, off + end);
    }
    r[slot[TOKEN]] = new Slice(b, off + from, to - from, p.cap - from);
    l[slot[START]] = next;
    l[slot[EMPTIES]] = 0;
    l[slot[SCAN_CALLED]] = 1;
    g.ls[base] = 1;
  }

  /**
   * The first word of b[i..e) as ScanWords finds it: its start and the index of the space that
   * ends it, packed as start << 32 | end; -1 when no space follows a word (more input needed).
   * ASCII bytes are tested directly: Utf8.decode is too big to be inlined.
   */
  private static long wordAt(byte[] b, int i, int e) {
    while (i < e) {
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
    while (e - i >= 8) { // 8 bytes a step while none is below 0x21 or above 0x7F
      long w = ByteWords.getLong(b, i);
      long stop = (w - 0x2121212121212121L) & ~w & 0x8080808080808080L | w & 0x8080808080808080L;
      if (stop != 0) { // the lowest flagged byte is a true one (a borrow only flags bytes above)
        i += Long.numberOfTrailingZeros(stop) >>> 3;
        break;
      }
      i += 8;
    }
    while (i < e) {
      int c = b[i];
      if (c >= 0) {
        if (asciiSpace(c)) {
          return (long) from << 32 | i;
        }
        i++;
        continue;
      }
      int d = Utf8.decode(b, i, e);
      if (isSpace(Utf8.rune(d))) {
        return (long) from << 32 | i;
      }
      i += Utf8.width(d);
    }
    return -1;
  }

  /** The width of the (space) rune at b[i], which is before e. */
  private static int width(byte[] b, int i, int e) {
    return b[i] >= 0 ? 1 : Utf8.width(Utf8.decode(b, i, e));
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
