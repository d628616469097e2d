package gol.stdlib.strconv;

import gol.runtime.GoString;
import gol.stdlib.ByteBuf;
import gol.stdlib.Utf8;
import gol.stdlib.unicode.Runes;

/**
 * Go-syntax quoting of strings and runes (strconv's quote.go): {@code Quote}, {@code QuoteToASCII},
 * {@code QuoteRune}, {@code CanBackquote}, {@code IsPrint}. Used by strconv's natives and by fmt's
 * {@code %q}.
 *
 * <p>Rules: printable runes are kept (ASCII only, for the ToASCII forms); the quote character and
 * backslash are escaped; {@code \a \b \f \n \r \t \v} are used where they apply; other control
 * bytes below space and DEL become {@code \xNN}; a byte that does not start a valid UTF-8 sequence
 * becomes {@code \xNN}; other non-printable runes become <code>&#92;uNNNN</code> or <code>&#92;UNNNNNNNN</code>.
 * Hex digits are lower case.
 */
public final class Quote {
  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private Quote() {
  }

  /** Whether {@code r} is printable as Go's strconv.IsPrint (= unicode.IsPrint) defines it. */
  public static boolean isPrint(int r) {
    if (r <= 0xFF) {
      if (0x20 <= r && r <= 0x7E) {
        return true;
      }
      return 0xA1 <= r && r <= 0xFF && r != 0xAD;
    }
    // Go's Unicode 15.0.0 tables, as unicode.IsPrint: the JDK's character data (Unicode 13 on
    // JDK 17) would escape the runes assigned since (emoji such as U+1FAE0).
    return Runes.isPrint(r);
  }

  /** strconv.AppendQuote / AppendQuoteToASCII of the bytes {@code s[off, off+len)}. */
  public static void appendQuote(ByteBuf dst, byte[] s, int off, int len, boolean asciiOnly) {
    dst.put('"');
    int end = off + len;
    for (int i = off; i < end; ) {
      int plain = i;
      while (plain < end && isPlain(s[plain])) {
        plain++;
      }
      if (plain > i) { // a run of printable ASCII stays as it is, copied at once
        dst.put(s, i, plain - i);
        i = plain;
        if (i == end) {
          break;
        }
      }
      int d = Utf8.decode(s, i, end);
      int r = Utf8.rune(d);
      int width = Utf8.width(d);
      if (width == 1 && r == Utf8.RUNE_ERROR) {
        hex(dst, 'x', s[i] & 0xFF, 2);
      } else {
        appendEscapedRune(dst, r, '"', asciiOnly);
      }
      i += width;
    }
    dst.put('"');
  }

  /** Whether byte c stands for itself in a double-quoted literal: printable ASCII but '"' and '\\'. */
  private static boolean isPlain(int c) {
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
  }

  public static void appendQuote(ByteBuf dst, GoString s, boolean asciiOnly) {
    appendQuote(dst, s.bytes, s.off, s.len, asciiOnly);
  }

  /**
   * strconv.AppendQuoteRune / AppendQuoteRuneToASCII. A value that is not a valid Unicode code
   * point is quoted as U+FFFD.
   */
  public static void appendQuoteRune(ByteBuf dst, long r, boolean asciiOnly) {
    int rune = Utf8.validRune(r) ? (int) r : Utf8.RUNE_ERROR;
    dst.put('\'');
    appendEscapedRune(dst, rune, '\'', asciiOnly);
    dst.put('\'');
  }

  private static void appendEscapedRune(ByteBuf dst, int r, int quote, boolean asciiOnly) {
    if (r == quote || r == '\\') {
      dst.put('\\').put(r);
      return;
    }
    if (asciiOnly ? r < Utf8.RUNE_SELF && isPrint(r) : isPrint(r)) {
      dst.rune(r);
      return;
    }
    switch (r) {
      case 0x07 -> dst.put('\\').put('a');
      case '\b' -> dst.put('\\').put('b');
      case '\f' -> dst.put('\\').put('f');
      case '\n' -> dst.put('\\').put('n');
      case '\r' -> dst.put('\\').put('r');
      case '\t' -> dst.put('\\').put('t');
      case 0x0B -> dst.put('\\').put('v');
      default -> {
        if (r < ' ' || r == 0x7F) {
          hex(dst, 'x', r, 2);
        } else if (r < 0x10000) {
          hex(dst, 'u', r, 4);
        } else {
          hex(dst, 'U', r, 8);
        }
      }
    }
  }

  private static void hex(ByteBuf dst, int kind, int v, int digits) {
    dst.put('\\').put(kind);
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
      dst.put(HEX[(v >>> shift) & 0xF]);
    }
  }

  /**
   * strconv.CanBackquote: whether {@code s} can be written as a raw string literal unchanged —
   * no control characters other than tab, no backquote, no DEL, valid UTF-8 and no BOM.
   */
  public static boolean canBackquote(byte[] s, int off, int len) {
    int end = off + len;
    for (int i = off; i < end; ) {
      int d = Utf8.decode(s, i, end);
      int r = Utf8.rune(d);
      int width = Utf8.width(d);
      i += width;
      if (width > 1) {
        if (r == 0xFEFF) {
          return false;
        }
        continue;
      }
      if (r == Utf8.RUNE_ERROR || (r < ' ' && r != '\t') || r == '`' || r == 0x7F) {
        return false;
      }
    }
    return true;
  }

  public static GoString quote(GoString s, boolean asciiOnly) {
    ByteBuf b = new ByteBuf(s.len + 2);
    appendQuote(b, s, asciiOnly);
    return b.toGoString();
  }
}
