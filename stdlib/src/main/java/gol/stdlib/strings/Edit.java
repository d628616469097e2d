package gol.stdlib.strings;

import gol.runtime.GoString;
import gol.runtime.Slice;
import gol.stdlib.ByteBuf;
import gol.stdlib.Utf8;
import gol.stdlib.unicode.Runes;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * The strings functions that build new strings: case mapping (Go's Map: an unchanged valid
 * string is returned as is; otherwise invalid bytes come out as U+FFFD, as Go's Map writes
 * them), Title, trimming, Replace, Repeat, Join.
 */
public final class Edit {
  private Edit() {
  }

  /** strings.Map with a Java mapping; a negative result drops the rune. */
  public static GoString map(GoString s, IntUnaryOperator f) {
    ByteBuf b = null;
    for (int i = 0; i < s.len; ) {
      int d = Search.decodeAt(s, i);
      int c = Utf8.rune(d);
      int w = Utf8.width(d);
      int r = f.applyAsInt(c);
      if (b == null && (r != c || (c == Utf8.RUNE_ERROR && w == 1))) {
        b = new ByteBuf(s.len + 4);
        b.put(s.bytes, s.off, i);
      }
      if (b != null && r >= 0) {
        b.rune(r);
      }
      i += w;
    }
    return b == null ? s : b.toGoString();
  }

  /** strings.ToUpper: ASCII fast path, else Map(unicode.ToUpper). */
  public static GoString toUpper(GoString s) {
    return isAscii(s) ? asciiCase(s, 'a', 'z', -32) : map(s, Runes::toUpper);
  }

  public static GoString toLower(GoString s) {
    return isAscii(s) ? asciiCase(s, 'A', 'Z', 32) : map(s, Runes::toLower);
  }

  public static GoString toTitle(GoString s) {
    return map(s, Runes::toTitle);
  }

  private static boolean isAscii(GoString s) {
    for (int i = 0; i < s.len; i++) {
      if (s.bytes[s.off + i] < 0) {
        return false;
      }
    }
    return true;
  }

  private static GoString asciiCase(GoString s, int lo, int hi, int delta) {
    byte[] out = null;
    for (int i = 0; i < s.len; i++) {
      int c = s.bytes[s.off + i];
      if (c >= lo && c <= hi) {
        if (out == null) {
          out = s.toBytes();
        }
        out[i] = (byte) (c + delta);
      }
    }
    return out == null ? s : GoString.wrap(out);
  }

  /** strings.Title: the first letter of each word to title case (words as Go's isSeparator). */
  public static GoString title(GoString s) {
    int[] prev = {' '};
    return map(s, r -> {
      boolean sep = isSeparator(prev[0]);
      prev[0] = r;
      return sep ? Runes.toTitle(r) : r;
    });
  }

  private static boolean isSeparator(int r) {
    if (r <= 0x7F) {
      return !((r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r == '_');
    }
    if (Runes.isLetter(r) || Runes.isDigit(r)) {
      return false;
    }
    return Runes.isSpace(r);
  }

  /** strings.EqualFold: equal under simple Unicode case folding, rune by rune. */
  public static boolean equalFold(GoString s, GoString t) {
    int i = 0;
    int j = 0;
    while (i < s.len && j < t.len) {
      int a = Search.decodeAt(s, i);
      int b = Search.decodeAt(t, j);
      if (!Runes.equalFold(Utf8.rune(a), Utf8.rune(b))) {
        return false;
      }
      i += Utf8.width(a);
      j += Utf8.width(b);
    }
    return i == s.len && j == t.len;
  }

  /** Drops the leading runes for which {@code cut} holds. */
  public static GoString trimLeft(GoString s, IntPredicate cut) {
    int i = 0;
    while (i < s.len) {
      int d = Search.decodeAt(s, i);
      if (!cut.test(Utf8.rune(d))) {
        break;
      }
      i += Utf8.width(d);
    }
    return s.slice(i, s.len);
  }

  /** Drops the trailing runes for which {@code cut} holds. */
  public static GoString trimRight(GoString s, IntPredicate cut) {
    int end = s.len;
    while (end > 0) {
      int d = Search.decodeLastBefore(s, end);
      if (!cut.test(Utf8.rune(d))) {
        break;
      }
      end -= Utf8.width(d);
    }
    return s.slice(0, end);
  }

  /** The predicate "is one of the runes of cutset". */
  public static IntPredicate cutset(GoString cutset) {
    return r -> Search.inSet(cutset, r);
  }

  public static GoString trim(GoString s, GoString cutset) {
    if (s.len == 0 || cutset.len == 0) {
      return s;
    }
    IntPredicate in = cutset(cutset);
    return trimRight(trimLeft(s, in), in);
  }

  public static GoString trimSpace(GoString s) {
    return trimRight(trimLeft(s, Runes::isSpace), Runes::isSpace);
  }

  /** strings.Replace: the first n (all if n &lt; 0) non-overlapping instances of old by new. */
  public static GoString replace(GoString s, GoString old, GoString nu, long n) {
    if (old.equals(nu) || n == 0) {
      return s;
    }
    long m = Search.count(s, old);
    if (m == 0) {
      return s;
    }
    if (n < 0 || m < n) {
      n = m;
    }
    ByteBuf b = new ByteBuf((int) Math.min(Integer.MAX_VALUE - 16, s.len + n * (nu.len - old.len)));
    int start = 0;
    for (long i = 0; i < n; i++) {
      int j = start;
      if (old.len == 0) {
        if (i > 0) {
          j += Utf8.width(Search.decodeAt(s, start));
        }
      } else {
        j = Search.index(s, old, start);
      }
      b.put(s.bytes, s.off + start, j - start).put(nu);
      start = j + old.len;
    }
    b.put(s.bytes, s.off + start, s.len - start);
    return b.toGoString();
  }

  /**
   * strings.Repeat for {@code count >= 0}. Throws ArithmeticException when the length passes
   * Go's maxInt, OutOfMemoryError when it passes what a Java array holds.
   */
  public static GoString repeat(GoString s, long count) {
    if (count == 0) {
      return GoString.EMPTY;
    }
    if (count == 1) {
      return s;
    }
    if (s.len == 0) {
      return GoString.EMPTY;
    }
    long total = Math.multiplyExact((long) s.len, count);
    if (total > Integer.MAX_VALUE - 8) {
      throw new OutOfMemoryError("strings.Repeat: " + total + " bytes");
    }
    byte[] out = new byte[(int) total];
    System.arraycopy(s.bytes, s.off, out, 0, s.len);
    for (int filled = s.len; filled < total; filled *= 2) {
      System.arraycopy(out, 0, out, filled, (int) Math.min(filled, total - filled));
    }
    return GoString.wrap(out);
  }

  /** strings.Join. */
  public static GoString join(Slice elems, GoString sep) {
    if (elems == null || elems.len == 0) {
      return GoString.EMPTY;
    }
    Object[] a = (Object[]) elems.array;
    if (elems.len == 1) {
      return (GoString) a[elems.off];
    }
    long n = (long) sep.len * (elems.len - 1);
    for (int i = 0; i < elems.len; i++) {
      n += ((GoString) a[elems.off + i]).len;
    }
    ByteBuf b = new ByteBuf((int) Math.min(n, Integer.MAX_VALUE - 16));
    for (int i = 0; i < elems.len; i++) {
      if (i > 0) {
        b.put(sep);
      }
      b.put((GoString) a[elems.off + i]);
    }
    return b.toGoString();
  }

  /** strings.ToValidUTF8: each run of invalid bytes replaced by one {@code rep}. */
  public static GoString toValidUtf8(GoString s, GoString rep) {
    ByteBuf b = new ByteBuf(s.len + rep.len);
    boolean invalid = false;
    for (int i = 0; i < s.len; ) {
      int d = Search.decodeAt(s, i);
      int w = Utf8.width(d);
      if (w == 1 && Utf8.rune(d) == Utf8.RUNE_ERROR) {
        if (!invalid) {
          b.put(rep);
          invalid = true;
        }
      } else {
        b.put(s.bytes, s.off + i, w);
        invalid = false;
      }
      i += w;
    }
    return b.toGoString();
  }

  /**
   * strings.Replacer's Replace, as Go's generic replacer: at each position the matching old
   * string given first wins (its priority); an empty old string matches at every position, but
   * not twice in a row at the same one, so a non-empty match may follow it there. Go's special
   * cases (byte-for-byte tables, a single old string) give the same results.
   */
  public static GoString replacer(GoString s, GoString[] oldnew) {
    ByteBuf b = null;
    int last = 0;
    boolean prevMatchEmpty = false;
    for (int i = 0; i <= s.len; ) {
      int best = -1;
      for (int k = 0; k + 1 < oldnew.length; k += 2) {
        GoString old = oldnew[k];
        if (old.len == 0 && prevMatchEmpty) {
          continue;
        }
        if (old.len <= s.len - i && s.slice(i, i + old.len).equals(old)) {
          best = k;
          break;
        }
      }
      prevMatchEmpty = best >= 0 && oldnew[best].len == 0;
      if (best < 0) {
        i++;
        continue;
      }
      if (b == null) {
        b = new ByteBuf(s.len + 16);
      }
      b.put(s.bytes, s.off + last, i - last).put(oldnew[best + 1]);
      i += oldnew[best].len;
      last = i;
    }
    if (b == null) {
      return s;
    }
    return b.put(s.bytes, s.off + last, s.len - last).toGoString();
  }
}
