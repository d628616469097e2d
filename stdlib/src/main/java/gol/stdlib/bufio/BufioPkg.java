package gol.stdlib.bufio;

import gol.runtime.ByteWords;
import gol.runtime.G;
import gol.runtime.Native;
import gol.runtime.RType;
import gol.runtime.Slice;
import gol.runtime.Struct;
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

  public static Native link(String name) {
    return switch (name) {
      case "wordBounds" -> BufioPkg::wordBounds;
      case "scanFast" -> BufioPkg::scanFast;
      default -> null;
    };
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
   * The fields' places in Struct.l / Struct.r, as RType.layOut puts them (r: r, split, token,
   * buf, err; l: maxTokenSize, start, end, empties, scanCalled, done). Constants, so that the
   * hot path does not load them from the type; {@link #laidOut} checks them once per type.
   */
  private static final int R_SPLIT = 1;
  private static final int R_TOKEN = 2;
  private static final int R_BUF = 3;
  private static final int R_ERR = 4;
  private static final int L_START = 1;
  private static final int L_END = 2;
  private static final int L_EMPTIES = 3;
  private static final int L_SCAN_CALLED = 4;
  private static final int L_DONE = 5;

  /** The last Scanner type whose layout matched the constants above. */
  private static RType checkedType;

  /** Whether Scanner type t lays its fields out as the R_ and L_ constants say. */
  private static boolean laidOut(RType t) {
    if (t == checkedType) {
      return true;
    }
    int[] slot = t.fieldSlot;
    if (slot.length != DONE + 1 || slot[SPLIT] != R_SPLIT || slot[TOKEN] != R_TOKEN
        || slot[BUF] != R_BUF || slot[ERR] != R_ERR || slot[START] != L_START
        || slot[END] != L_END || slot[EMPTIES] != L_EMPTIES || slot[SCAN_CALLED] != L_SCAN_CALLED
        || slot[DONE] != L_DONE) {
      return false;
    }
    checkedType = t;
    return true;
  }

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
    Object[] grs = g.rs;
    Struct s = (Struct) grs[base];
    Object words = grs[base + 1];
    Object lines = grs[base + 2];
    grs[base] = null;
    grs[base + 1] = null;
    grs[base + 2] = null;
    g.ls[base] = 0;
    long[] l = s.l; // a nil *Scanner: NullPointerException, Go's nil dereference in Scan
    Object[] r = s.r;
    int start = (int) l[L_START];
    int end = (int) l[L_END];
    Object split = r[R_SPLIT];
    if (end <= start || r[R_ERR] != null || l[L_DONE] != 0 || split == null
        || split != words && split != lines || !laidOut(s.type)) {
      return;
    }
    Slice p = (Slice) r[R_BUF];
    if (p == null) { // cannot be with end > start; the general way would say what went wrong
      return;
    }
    byte[] b = (byte[]) p.array;
    int off = p.off;
    int from;
    int to;
    int next;
    if (split == words) {
      int i = off + start;
      int e = off + end;
      int c = b[i];
      if (c > ' ') { // the common case: an ASCII word starts here (a signed byte: not above 0x7F)
        from = i;
        to = wordEnd(b, i + 1, e);
        if (to < 0) {
          return;
        }
      } else {
        long bounds = wordAt(b, i, e);
        if (bounds < 0) {
          return;
        }
        from = (int) (bounds >>> 32);
        to = (int) bounds;
      }
      next = to + width(b, to, e) - off;
      from -= off;
      to -= off;
    } else {
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
    }
    r[R_TOKEN] = new Slice(b, off + from, to - from, p.cap - from);
    l[L_START] = next;
    l[L_EMPTIES] = 0;
    l[L_SCAN_CALLED] = 1;
    g.ls[base] = 1;
  }

  /**
   * The index of the space that ends the word going on at b[i] (before e), or -1 if none
   * does before e. Steps 8 bytes at a time while none is a space, a control byte or non-ASCII.
   */
  private static int wordEnd(byte[] b, int i, int e) {
    while (e - i >= 8) {
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
          return i;
        }
        i++;
        continue;
      }
      int d = Utf8.decode(b, i, e);
      if (isSpace(Utf8.rune(d))) {
        return i;
      }
      i += Utf8.width(d);
    }
    return -1;
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
    int end = wordEnd(b, i, e);
    return end < 0 ? -1 : (long) i << 32 | end;
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
