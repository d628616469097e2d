package gol.interp.gofmt;

import gol.grammar.GoLetters;
import java.util.function.ObjIntConsumer;

/**
 * go/scanner's behaviour over a file's bytes, for {@link SyntaxCheck}: Go's tokens with their
 * byte offsets, the semicolons inserted at line ends, and the lexical errors reported where
 * go/scanner reports them (an unterminated literal, an illegal character, a malformed number,
 * invalid UTF-8) while scanning goes on, as gofmt's parser sees them. Comments are skipped.
 */
final class GoScanner {
  private static final int EOF_CH = -1;
  private static final int BOM = 0xFEFF;

  private final byte[] src;
  /** Reports a lexical error: its byte offset and message. */
  private final ObjIntConsumer<String> errors;
  private int ch = ' ';
  private int offset;
  private int rdOffset;
  private boolean insertSemi;
  /** Where a newline inside a block comment ends the statement; -1 when none is pending. */
  private int nlPos = -1;

  /** The token just scanned: its kind, offset and text (for literals, ";" or "\n" for a semicolon). */
  GoToken tok;
  int pos;
  String lit;

  GoScanner(byte[] src, ObjIntConsumer<String> errors) {
    this.src = src;
    this.errors = errors;
    next();
    if (ch == BOM) {
      next(); // a byte order mark is allowed as the very first character
    }
  }

  /** A scanner at the same place that reports no errors: for looking ahead. */
  GoScanner lookahead() {
    GoScanner c = new GoScanner(src, (msg, offset) -> { });
    c.ch = ch;
    c.offset = offset;
    c.rdOffset = rdOffset;
    c.insertSemi = insertSemi;
    c.nlPos = nlPos;
    return c;
  }

  private void error(int offs, String msg) {
    errors.accept(msg, offs);
  }

  /** Reads the next character into ch (EOF_CH at the end). */
  private void next() {
    if (rdOffset < src.length) {
      offset = rdOffset;
      int r = src[rdOffset] & 0xff;
      int w = 1;
      if (r == 0) {
        error(offset, "illegal character NUL");
      } else if (r >= 0x80) {
        long rw = decodeRune(src, rdOffset);
        r = (int) (rw >> 8);
        w = (int) (rw & 0xff);
        if (r == 0xFFFD && w == 1) {
          error(offset, "illegal UTF-8 encoding");
        } else if (r == BOM && offset > 0) {
          error(offset, "illegal byte order mark");
        }
      }
      rdOffset += w;
      ch = r;
    } else {
      offset = src.length;
      ch = EOF_CH;
    }
  }

  private int peek() {
    return rdOffset < src.length ? src[rdOffset] & 0xff : 0;
  }

  /** UTF-8 decoding as Go's utf8.DecodeRune: the rune shifted left 8 bits, or'ed with its width; U+FFFD width 1 when invalid. */
  static long decodeRune(byte[] b, int i) {
    int b0 = b[i] & 0xff;
    int n;
    int min;
    int r;
    if (b0 < 0x80) {
      return ((long) b0 << 8) | 1;
    } else if (b0 >= 0xC2 && b0 <= 0xDF) {
      n = 2;
      r = b0 & 0x1F;
      min = 0x80;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      n = 3;
      r = b0 & 0x0F;
      min = 0x800;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      n = 4;
      r = b0 & 0x07;
      min = 0x10000;
    } else {
      return (0xFFFDL << 8) | 1;
    }
    if (i + n > b.length) {
      return (0xFFFDL << 8) | 1;
    }
    for (int k = 1; k < n; k++) {
      int c = b[i + k] & 0xff;
      if ((c & 0xC0) != 0x80) {
        return (0xFFFDL << 8) | 1;
      }
      r = (r << 6) | (c & 0x3F);
    }
    if (r < min || r > 0x10FFFF || (r >= 0xD800 && r < 0xE000)) {
      return (0xFFFDL << 8) | 1;
    }
    return ((long) r << 8) | n;
  }

  private static boolean isLetter(int c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80 && GoLetters.isLetter(c);
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9' || c >= 0x80 && GoLetters.isDigit(c);
  }

  private static boolean isDecimal(int c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHex(int c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }

  private static int lower(int c) {
    return ('a' - 'A') | c;
  }

  private String text(int from) {
    return new String(src, from, offset - from, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Scans the next token into tok, pos and lit. */
  void scan() {
    while (true) {
      if (nlPos >= 0) {
        pos = nlPos;
        tok = GoToken.SEMICOLON;
        lit = "\n";
        nlPos = -1;
        return;
      }
      while (ch == ' ' || ch == '\t' || ch == '\n' && !insertSemi || ch == '\r') {
        next();
      }
      pos = offset;
      lit = "";
      boolean semi = false;
      int c = ch;
      if (isLetter(c)) {
        int start = offset;
        while (isLetter(ch) || isDigit(ch)) {
          next();
        }
        lit = text(start);
        tok = GoToken.lookup(lit);
        semi = tok == GoToken.IDENT || tok == GoToken.BREAK || tok == GoToken.CONTINUE
            || tok == GoToken.FALLTHROUGH || tok == GoToken.RETURN;
      } else if (isDecimal(c) || c == '.' && isDecimal(peek())) {
        semi = true;
        scanNumber();
      } else {
        next(); // always make progress
        switch (c) {
          case EOF_CH -> {
            if (insertSemi) {
              insertSemi = false;
              tok = GoToken.SEMICOLON;
              lit = "\n";
              return;
            }
            tok = GoToken.EOF;
          }
          case '\n' -> {
            insertSemi = false;
            tok = GoToken.SEMICOLON;
            lit = "\n";
            return;
          }
          case '"' -> {
            semi = true;
            tok = GoToken.STRING;
            lit = scanString();
          }
          case '\'' -> {
            semi = true;
            tok = GoToken.CHAR;
            lit = scanRune();
          }
          case '`' -> {
            semi = true;
            tok = GoToken.STRING;
            lit = scanRawString();
          }
          case ':' -> tok = switch2(GoToken.COLON, GoToken.DEFINE);
          case '.' -> {
            tok = GoToken.PERIOD;
            if (ch == '.' && peek() == '.') {
              next();
              next();
              tok = GoToken.ELLIPSIS;
            }
          }
          case ',' -> tok = GoToken.COMMA;
          case ';' -> {
            tok = GoToken.SEMICOLON;
            lit = ";";
          }
          case '(' -> tok = GoToken.LPAREN;
          case ')' -> {
            semi = true;
            tok = GoToken.RPAREN;
          }
          case '[' -> tok = GoToken.LBRACK;
          case ']' -> {
            semi = true;
            tok = GoToken.RBRACK;
          }
          case '{' -> tok = GoToken.LBRACE;
          case '}' -> {
            semi = true;
            tok = GoToken.RBRACE;
          }
          case '+' -> {
            tok = switch3(GoToken.ADD, GoToken.ADD_ASSIGN, '+', GoToken.INC);
            semi = tok == GoToken.INC;
          }
          case '-' -> {
            tok = switch3(GoToken.SUB, GoToken.SUB_ASSIGN, '-', GoToken.DEC);
            semi = tok == GoToken.DEC;
          }
          case '*' -> tok = switch2(GoToken.MUL, GoToken.MUL_ASSIGN);
          case '/' -> {
            if (ch == '/' || ch == '*') {
              int nl = skipComment();
              if (insertSemi && nl != 0) {
                nlPos = nl; // the comment's first newline ends the statement
                insertSemi = false;
              }
              continue; // comments are not tokens here
            }
            tok = switch2(GoToken.QUO, GoToken.QUO_ASSIGN);
          }
          case '%' -> tok = switch2(GoToken.REM, GoToken.REM_ASSIGN);
          case '^' -> tok = switch2(GoToken.XOR, GoToken.XOR_ASSIGN);
          case '<' -> {
            if (ch == '-') {
              next();
              tok = GoToken.ARROW;
            } else {
              tok = switch4(GoToken.LSS, GoToken.LEQ, '<', GoToken.SHL, GoToken.SHL_ASSIGN);
            }
          }
          case '>' -> tok = switch4(GoToken.GTR, GoToken.GEQ, '>', GoToken.SHR, GoToken.SHR_ASSIGN);
          case '=' -> tok = switch2(GoToken.ASSIGN, GoToken.EQL);
          case '!' -> tok = switch2(GoToken.NOT, GoToken.NEQ);
          case '&' -> {
            if (ch == '^') {
              next();
              tok = switch2(GoToken.AND_NOT, GoToken.AND_NOT_ASSIGN);
            } else {
              tok = switch3(GoToken.AND, GoToken.AND_ASSIGN, '&', GoToken.LAND);
            }
          }
          case '|' -> tok = switch3(GoToken.OR, GoToken.OR_ASSIGN, '|', GoToken.LOR);
          case '~' -> tok = GoToken.TILDE;
          default -> {
            if (c != BOM) { // next() reported a misplaced byte order mark already
              if (c == 0x201C || c == 0x201D) {
                error(pos, "curly quotation mark " + quoteRune(c) + " (use neutral '\"')");
              } else {
                error(pos, "illegal character " + unicodeName(c));
              }
            }
            semi = insertSemi;
            tok = GoToken.ILLEGAL;
            lit = new String(Character.toChars(c));
          }
        }
      }
      insertSemi = semi;
      return;
    }
  }

  /** Skips a comment (its first character consumed); returns the offset of a block comment's first newline, or 0. */
  private int skipComment() {
    int offs = offset - 1;
    if (ch == '/') {
      while (ch != '\n' && ch >= 0) {
        next();
      }
      return 0;
    }
    next();
    int nlOffset = 0;
    while (ch >= 0) {
      int c = ch;
      if (c == '\n' && nlOffset == 0) {
        nlOffset = offset;
      }
      next();
      if (c == '*' && ch == '/') {
        next();
        return nlOffset;
      }
    }
    error(offs, "comment not terminated");
    return nlOffset;
  }

  private GoToken switch2(GoToken tok0, GoToken tok1) {
    if (ch == '=') {
      next();
      return tok1;
    }
    return tok0;
  }

  private GoToken switch3(GoToken tok0, GoToken tok1, int ch2, GoToken tok2) {
    if (ch == '=') {
      next();
      return tok1;
    }
    if (ch == ch2) {
      next();
      return tok2;
    }
    return tok0;
  }

  private GoToken switch4(GoToken tok0, GoToken tok1, int ch2, GoToken tok2, GoToken tok3) {
    if (ch == '=') {
      next();
      return tok1;
    }
    if (ch == ch2) {
      next();
      if (ch == '=') {
        next();
        return tok3;
      }
      return tok2;
    }
    return tok0;
  }

  /** Go's %q of a rune. */
  private static String quoteRune(int c) {
    return "'" + new String(Character.toChars(c)) + "'";
  }

  /** Go's %#U of a rune: U+0041 'A', without the character when it is not printable. */
  private static String unicodeName(int c) {
    String hex = String.format("U+%04X", c);
    int type = Character.getType(c);
    boolean printable = Character.isDefined(c) && type != Character.CONTROL && type != Character.FORMAT
        && type != Character.SURROGATE && type != Character.PRIVATE_USE && type != Character.UNASSIGNED
        && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
        && (type != Character.SPACE_SEPARATOR || c == ' ');
    return printable ? hex + " " + quoteRune(c) : hex;
  }

  // Numbers, as go/scanner checks them.

  private int digits(int base, int[] invalid) {
    int digsep = 0;
    if (base <= 10) {
      int max = '0' + base;
      while (isDecimal(ch) || ch == '_') {
        int ds = 1;
        if (ch == '_') {
          ds = 2;
        } else if (ch >= max && invalid[0] < 0) {
          invalid[0] = offset;
        }
        digsep |= ds;
        next();
      }
    } else {
      while (isHex(ch) || ch == '_') {
        digsep |= ch == '_' ? 2 : 1;
        next();
      }
    }
    return digsep;
  }

  private void scanNumber() {
    int offs = offset;
    tok = GoToken.ILLEGAL;
    int base = 10;
    int prefix = 0;
    int digsep = 0;
    int[] invalid = {-1};
    if (ch != '.') {
      tok = GoToken.INT;
      if (ch == '0') {
        next();
        switch (lower(ch)) {
          case 'x' -> {
            next();
            base = 16;
            prefix = 'x';
          }
          case 'o' -> {
            next();
            base = 8;
            prefix = 'o';
          }
          case 'b' -> {
            next();
            base = 2;
            prefix = 'b';
          }
          default -> {
            base = 8;
            prefix = '0';
            digsep = 1; // leading 0
          }
        }
      }
      digsep |= digits(base, invalid);
    }
    if (ch == '.') {
      tok = GoToken.FLOAT;
      if (prefix == 'o' || prefix == 'b') {
        error(offset, "invalid radix point in " + litName(prefix));
      }
      next();
      digsep |= digits(base, invalid);
    }
    if ((digsep & 1) == 0) {
      error(offset, litName(prefix) + " has no digits");
    }
    int e = lower(ch);
    if (e == 'e' || e == 'p') {
      if (e == 'e' && prefix != 0 && prefix != '0') {
        error(offset, "'" + (char) ch + "' exponent requires decimal mantissa");
      } else if (e == 'p' && prefix != 'x') {
        error(offset, "'" + (char) ch + "' exponent requires hexadecimal mantissa");
      }
      next();
      tok = GoToken.FLOAT;
      if (ch == '+' || ch == '-') {
        next();
      }
      int ds = digits(10, new int[] {-1});
      digsep |= ds;
      if ((ds & 1) == 0) {
        error(offset, "exponent has no digits");
      }
    } else if (prefix == 'x' && tok == GoToken.FLOAT) {
      error(offset, "hexadecimal mantissa requires a 'p' exponent");
    }
    if (ch == 'i') {
      tok = GoToken.IMAG;
      next();
    }
    lit = text(offs);
    if (tok == GoToken.INT && invalid[0] >= 0) {
      error(invalid[0], "invalid digit '" + (char) (src[invalid[0]] & 0xff) + "' in " + litName(prefix));
    }
    if ((digsep & 2) != 0) {
      int i = invalidSep(lit);
      if (i >= 0) {
        error(offs + i, "'_' must separate successive digits");
      }
    }
  }

  private static String litName(int prefix) {
    switch (prefix) {
      case 'x':
        return "hexadecimal literal";
      case 'o', '0':
        return "octal literal";
      case 'b':
        return "binary literal";
      default:
        return "decimal literal";
    }
  }

  /** The index of the first '_' in a number that does not separate two digits, or -1. */
  private static int invalidSep(String x) {
    int x1 = ' ';
    int d = '.';
    int i = 0;
    if (x.length() >= 2 && x.charAt(0) == '0') {
      x1 = lower(x.charAt(1));
      if (x1 == 'x' || x1 == 'o' || x1 == 'b') {
        d = '0';
        i = 2;
      }
    }
    for (; i < x.length(); i++) {
      int p = d;
      d = x.charAt(i);
      if (d == '_') {
        if (p != '0') {
          return i;
        }
      } else if (isDecimal(d) || x1 == 'x' && isHex(d)) {
        d = '0';
      } else {
        if (p == '_') {
          return i - 1;
        }
        d = '.';
      }
    }
    return d == '_' ? x.length() - 1 : -1;
  }

  // Character and string literals.

  /** An escape after its backslash; false (the offending character left unread) when malformed. */
  private boolean scanEscape(int quote) {
    int offs = offset;
    int n;
    int base;
    long max;
    switch (ch) {
      case 'a', 'b', 'f', 'n', 'r', 't', 'v', '\\' -> {
        next();
        return true;
      }
      case '0', '1', '2', '3', '4', '5', '6', '7' -> {
        n = 3;
        base = 8;
        max = 255;
      }
      case 'x' -> {
        next();
        n = 2;
        base = 16;
        max = 255;
      }
      case 'u' -> {
        next();
        n = 4;
        base = 16;
        max = 0x10FFFF;
      }
      case 'U' -> {
        next();
        n = 8;
        base = 16;
        max = 0x10FFFF;
      }
      default -> {
        if (ch == quote) {
          next();
          return true;
        }
        error(offs, ch < 0 ? "escape sequence not terminated" : "unknown escape sequence");
        return false;
      }
    }
    long x = 0;
    for (; n > 0; n--) {
      int d = Character.digit(ch, 16);
      if (ch >= 0x80 || d < 0 || d >= base) {
        error(offset, ch < 0 ? "escape sequence not terminated"
            : "illegal character " + unicodeName(ch) + " in escape sequence");
        return false;
      }
      x = x * base + d;
      next();
    }
    if (x > max || 0xD800 <= x && x < 0xE000) {
      error(offs, "escape sequence is invalid Unicode code point");
      return false;
    }
    return true;
  }

  private String scanRune() {
    int offs = offset - 1;
    boolean valid = true;
    int n = 0;
    while (true) {
      int c = ch;
      if (c == '\n' || c < 0) {
        if (valid) {
          error(offs, "rune literal not terminated");
          valid = false;
        }
        break;
      }
      next();
      if (c == '\'') {
        break;
      }
      n++;
      if (c == '\\' && !scanEscape('\'')) {
        valid = false;
      }
    }
    if (valid && n != 1) {
      error(offs, "illegal rune literal");
    }
    return text(offs);
  }

  private String scanString() {
    int offs = offset - 1;
    while (true) {
      int c = ch;
      if (c == '\n' || c < 0) {
        error(offs, "string literal not terminated");
        break;
      }
      next();
      if (c == '"') {
        break;
      }
      if (c == '\\') {
        scanEscape('"');
      }
    }
    return text(offs);
  }

  private String scanRawString() {
    int offs = offset - 1;
    while (true) {
      int c = ch;
      if (c < 0) {
        error(offs, "raw string literal not terminated");
        break;
      }
      next();
      if (c == '`') {
        break;
      }
    }
    return text(offs).replace("\r", "");
  }
}
