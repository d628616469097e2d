package gol.stdlib.strings;

import gol.runtime.ByteWords;
import gol.runtime.GoString;
import gol.runtime.Slice;
import gol.stdlib.Utf8;
import java.util.Arrays;

/**
 * Searching, counting and splitting Go strings as package strings does, on the bytes: an empty
 * separator matches at every rune boundary; runes are decoded as Go decodes them (an invalid
 * byte is U+FFFD of width 1), so a set of runes ({@code IndexAny}, {@code Trim}'s cutset) given
 * with an invalid byte or with U+FFFD matches the invalid bytes of the string.
 */
public final class Search {
  private Search() {
  }

  /** The first index of byte {@code c} in {@code s}, or -1. */
  public static int indexByte(GoString s, int c) {
    byte b = (byte) c;
    for (int i = 0; i < s.len; i++) {
      if (s.bytes[s.off + i] == b) {
        return i;
      }
    }
    return -1;
  }

  public static int lastIndexByte(GoString s, int c) {
    byte b = (byte) c;
    for (int i = s.len - 1; i >= 0; i--) {
      if (s.bytes[s.off + i] == b) {
        return i;
      }
    }
    return -1;
  }

  /** The first index of {@code sub} in {@code s} at or after {@code from}, or -1. */
  public static int index(GoString s, GoString sub, int from) {
    int n = sub.len;
    if (n == 0) {
      return from <= s.len ? from : -1;
    }
    byte[] a = s.bytes;
    byte[] t = sub.bytes;
    int so = s.off;
    int to = sub.off;
    byte first = t[to];
    candidates:
    for (int i = from, last = s.len - n; i <= last; i++) {
      if (a[so + i] != first) {
        continue;
      }
      if (n > 16) { // a long needle: the library's vectorized comparison
        if (Arrays.equals(a, so + i, so + i + n, t, to, to + n)) {
          return i;
        }
        continue;
      }
      for (int j = 1; j < n; j++) { // a short one: no call, no range checks
        if (a[so + i + j] != t[to + j]) {
          continue candidates;
        }
      }
      return i;
    }
    return -1;
  }

  /** Whether {@code s[at:at+len(t)]} is {@code t} (the caller checked the length). */
  public static boolean regionEquals(GoString s, int at, GoString t) {
    int n = t.len;
    if (n > 16) {
      return Arrays.equals(s.bytes, s.off + at, s.off + at + n, t.bytes, t.off, t.off + n);
    }
    byte[] a = s.bytes;
    byte[] b = t.bytes;
    for (int i = 0, x = s.off + at, y = t.off; i < n; i++) {
      if (a[x + i] != b[y + i]) {
        return false;
      }
    }
    return true;
  }

  public static int index(GoString s, GoString sub) {
    return index(s, sub, 0);
  }

  public static int lastIndex(GoString s, GoString sub) {
    int n = sub.len;
    if (n == 0) {
      return s.len;
    }
    for (int i = s.len - n; i >= 0; i--) {
      if (Arrays.equals(s.bytes, s.off + i, s.off + i + n, sub.bytes, sub.off, sub.off + n)) {
        return i;
      }
    }
    return -1;
  }

  /** Non-overlapping occurrences of {@code sub}; for an empty {@code sub}, runes + 1. */
  public static int count(GoString s, GoString sub) {
    if (sub.len == 0) {
      return Utf8.runeCount(s.bytes, s.off, s.len) + 1;
    }
    int n = 0;
    for (int i = index(s, sub, 0); i >= 0; i = index(s, sub, i + sub.len)) {
      n++;
    }
    return n;
  }

  /** The decoded rune at byte {@code i} of {@code s}: {@code rune << 8 | width}. */
  static int decodeAt(GoString s, int i) {
    return Utf8.decode(s.bytes, s.off + i, s.off + s.len);
  }

  /** The decoded rune ending at byte {@code end} of {@code s} (utf8.DecodeLastRuneInString). */
  static int decodeLastBefore(GoString s, int end) {
    return gol.stdlib.unicode.utf8.Utf8Pkg.decodeLast(s.bytes, s.off, end);
  }

  /**
   * strings.IndexRune: the first index of rune {@code r}; for RuneError the first invalid byte
   * or real U+FFFD; -1 for an invalid rune.
   */
  public static int indexRune(GoString s, long r) {
    if (r >= 0 && r < Utf8.RUNE_SELF) {
      return indexByte(s, (int) r);
    }
    if (r == Utf8.RUNE_ERROR) {
      for (int i = 0; i < s.len; ) {
        int d = decodeAt(s, i);
        if (Utf8.rune(d) == Utf8.RUNE_ERROR) {
          return i;
        }
        i += Utf8.width(d);
      }
      return -1;
    }
    if (!Utf8.validRune(r)) {
      return -1;
    }
    byte[] enc = new byte[4];
    int n = Utf8.encode(enc, 0, (int) r);
    return index(s, new GoString(enc, 0, n), 0);
  }

  /** Whether the decoded runes of {@code set} include {@code r}. */
  static boolean inSet(GoString set, int r) {
    return indexRune(set, r) >= 0;
  }

  public static int indexAny(GoString s, GoString chars) {
    if (chars.len == 0) {
      return -1;
    }
    for (int i = 0; i < s.len; ) {
      int d = decodeAt(s, i);
      if (inSet(chars, Utf8.rune(d))) {
        return i;
      }
      i += Utf8.width(d);
    }
    return -1;
  }

  public static int lastIndexAny(GoString s, GoString chars) {
    if (chars.len == 0) {
      return -1;
    }
    for (int i = s.len; i > 0; ) {
      int d = decodeLastBefore(s, i);
      i -= Utf8.width(d);
      if (inSet(chars, Utf8.rune(d))) {
        return i;
      }
    }
    return -1;
  }

  /** A new []string of length {@code len} and capacity {@code cap} holding {@code a}. */
  static Slice strings(Object[] a, int len) {
    return new Slice(a, 0, len, a.length);
  }

  /**
   * Go's genSplit: at most {@code n} pieces (all if n &lt; 0; nil if n == 0), each followed by
   * {@code sepSave} bytes of its separator. The capacity of the result is Go's.
   */
  public static Slice split(GoString s, GoString sep, int sepSave, long n) {
    if (n == 0) {
      return null;
    }
    if (sep.len == 0) {
      return explode(s, n);
    }
    if (sep.len == 1 && n < 0) {
      return splitByte(s, sep.bytes[sep.off], sepSave);
    }
    if (n < 0) {
      n = count(s, sep) + 1L;
    }
    if (n > s.len + 1L) {
      n = s.len + 1L;
    }
    Object[] a = new Object[(int) n];
    int i = 0;
    int start = 0;
    while (i < n - 1) {
      int m = index(s, sep, start);
      if (m < 0) {
        break;
      }
      a[i++] = s.slice(start, m + sepSave);
      start = m + sep.len;
    }
    a[i] = s.slice(start, s.len);
    return strings(a, i + 1);
  }

  /**
   * split(s, sep, sepSave, -1) for a one-byte separator {@code c}: two passes over the bytes
   * (count, then cut) instead of an index search per piece, eight bytes a step: a Split is often
   * one call over a whole text, so its loops run in HotSpot's bytecode interpreter and then in
   * OSR-compiled code, and a step of eight bytes makes an eighth of the iterations there.
   */
  private static Slice splitByte(GoString s, byte c, int sepSave) {
    byte[] b = s.bytes;
    int off = s.off;
    int end = off + s.len;
    long pattern = (c & 0xFFL) * 0x0101010101010101L;
    int k = 0;
    int i = off;
    for (; end - i >= 8; i += 8) {
      k += Long.bitCount(matches(ByteWords.getLong(b, i), pattern));
    }
    for (; i < end; i++) {
      if (b[i] == c) {
        k++;
      }
    }
    Object[] a = new Object[k + 1];
    int j = 0;
    int start = 0;
    for (i = off; j < k && end - i >= 8; i += 8) {
      long m = matches(ByteWords.getLong(b, i), pattern);
      while (m != 0) {
        int at = i - off + (Long.numberOfTrailingZeros(m) >>> 3);
        a[j++] = s.slice(start, at + sepSave);
        start = at + 1;
        m &= m - 1;
      }
    }
    for (; j < k; i++) {
      if (b[i] == c) {
        int at = i - off;
        a[j++] = s.slice(start, at + sepSave);
        start = at + 1;
      }
    }
    a[k] = s.slice(start, s.len);
    return strings(a, k + 1);
  }

  /**
   * The high bit of each byte of {@code w} that equals the byte repeated in {@code pattern}, and
   * no other bit (exact: no borrow runs between bytes, unlike the subtracting test).
   */
  private static long matches(long w, long pattern) {
    long x = w ^ pattern;
    long t = ((x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | x;
    return ~t & 0x8080808080808080L;
  }

  /** Splits into UTF-8 sequences (each invalid byte alone), at most n pieces (all if n &lt; 0). */
  static Slice explode(GoString s, long n) {
    int l = Utf8.runeCount(s.bytes, s.off, s.len);
    if (n < 0 || n > l) {
      n = l;
    }
    Object[] a = new Object[(int) n];
    int at = 0;
    for (int i = 0; i < n - 1; i++) {
      int w = Utf8.width(decodeAt(s, at));
      a[i] = s.slice(at, at + w);
      at += w;
    }
    if (n > 0) {
      a[(int) n - 1] = s.slice(at, s.len);
    }
    return strings(a, (int) n);
  }

  /**
   * strings.Fields: the runs of non-space runes (unicode.IsSpace). The rest of a field of ASCII
   * letters, digits and punctuation is one test a byte, which matters most before C2 has
   * compiled this (a program's early calls run in C1's profiled code, where each
   * branch costs a counter update).
   */
  public static Slice fields(GoString s) {
    int[] spans = new int[16];
    int n = 0;
    int start = -1;
    byte[] b = s.bytes;
    int off = s.off;
    int end = off + s.len;
    for (int i = off; i < end; ) {
      int c = b[i];
      if (c > ' ') { // ASCII, neither a space nor a control byte: a field starts or goes on
        if (start < 0) {
          start = i;
        }
        i++;
        while (i < end && b[i] > ' ') { // the rest of an ASCII field: one test a byte
          i++;
        }
        continue;
      }
      boolean space;
      int width = 1;
      if (c >= 0) { // ASCII: the spaces are \t \n \v \f \r and ' ', as unicode.IsSpace says
        space = c == ' ' || c >= '\t' && c <= '\r';
      } else {
        int d = decodeAt(s, i - off);
        space = gol.stdlib.unicode.Runes.isSpace(Utf8.rune(d));
        width = Utf8.width(d);
      }
      if (space && start >= 0) {
        spans = add(spans, n, start - off, i - off);
        n += 2;
        start = -1;
      } else if (!space && start < 0) {
        start = i;
      }
      i += width;
    }
    if (start >= 0) {
      spans = add(spans, n, start - off, s.len);
      n += 2;
    }
    Object[] a = new Object[n / 2];
    for (int i = 0; i < a.length; i++) {
      a[i] = s.slice(spans[2 * i], spans[2 * i + 1]);
    }
    return strings(a, a.length);
  }

  private static int[] add(int[] spans, int n, int lo, int hi) {
    if (n + 2 > spans.length) {
      spans = Arrays.copyOf(spans, spans.length * 2);
    }
    spans[n] = lo;
    spans[n + 1] = hi;
    return spans;
  }
}
