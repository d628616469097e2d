package gol.grammar;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenFactory;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenFactory;
import org.antlr.v4.runtime.TokenSource;
import org.antlr.v4.runtime.misc.Pair;

/**
 * The lexer used at run time: a hand-written scanner that produces exactly the token stream of
 * {@link GolLexer} followed by {@link SemicolonInserter} (same token types, texts, positions,
 * inserted semicolons and lexical errors), without ANTLR's lexer machinery.
 *
 * <p>Why: start-up. A cold JVM spends 40–80 ms deserializing the generated lexer's ATN (the
 * Unicode letter sets are large) and building its DFA on the first characters it sees; this
 * scanner costs well under a millisecond. The lexer rules in Gol.g4 stay the specification, and
 * {@code GolScannerTest} checks that both agree token for token.
 *
 * <p>Positions are counted in code points, as ANTLR's {@code CodePointCharStream} counts them:
 * line from 1, column ({@code charPositionInLine}) from 0.
 */
public final class GolScanner implements TokenSource {
  private final String src;
  private final int n;
  private final SemicolonInserter.ErrorSink errors;
  private final Pair<TokenSource, CharStream> source;

  private int pos;       // index into src (UTF-16)
  private int cpIndex;   // code point index of pos
  private int line = 1;
  private int col;       // UTF-8 bytes since the last newline (gc's columns)
  private boolean lastTriggers;
  private boolean eofDone;
  private Token eof;

  public GolScanner(String src, SemicolonInserter.ErrorSink errors) {
    this.src = src;
    this.n = src.length();
    this.errors = errors;
    this.source = new Pair<>(this, null);
  }

  @Override
  public Token nextToken() {
    if (eof != null) {
      return eof;
    }
    for (;;) {
      // skip white space; a newline is a token (or nothing)
      while (pos < n) {
        char c = src.charAt(pos);
        if (c == ' ' || c == '\t' || c == '\r') {
          advance1();
        } else if (c == '\n') {
          if (lastTriggers) {
            Token t = make(GolParser.SEMI, "\n", pos, cpIndex, line, col, 1);
            advance1();
            lastTriggers = false;
            return t;
          }
          advance1();
        } else {
          break;
        }
      }
      if (pos >= n) {
        if (lastTriggers && !eofDone) {
          eofDone = true;
          lastTriggers = false;
          return make(GolParser.SEMI, "", pos, cpIndex, line, col, 0);
        }
        CommonToken t = new CommonToken(source, Token.EOF, Token.DEFAULT_CHANNEL, cpIndex, cpIndex - 1);
        t.setText("<EOF>");
        t.setLine(line);
        t.setCharPositionInLine(col);
        eof = t;
        return t;
      }
      int startPos = pos;
      int startCp = cpIndex;
      int startLine = line;
      int startCol = col;
      int cp = src.codePointAt(pos);
      int type;
      if (cp < 0x80) {
        char c = (char) cp;
        if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_') {
          type = identifier();
        } else if (c >= '0' && c <= '9' || c == '.' && pos + 1 < n && isDec(src.charAt(pos + 1))) {
          type = number();
        } else if (c == '"') {
          type = quoted('"', GolParser.STRING_LIT, "newline in string", "string not terminated");
        } else if (c == '\'') {
          type = quoted('\'', GolParser.RUNE_LIT, "newline in rune literal", "rune literal not terminated");
        } else if (c == '`') {
          type = raw();
        } else if (c == '/' && pos + 1 < n && src.charAt(pos + 1) == '/') {
          while (pos < n && src.charAt(pos) != '\n') {
            advanceCp();
          }
          continue;
        } else if (c == '/' && pos + 1 < n && src.charAt(pos + 1) == '*') {
          boolean hasNewline = blockComment(startLine, startCol);
          if (hasNewline && lastTriggers) {
            lastTriggers = false;
            return make(GolParser.SEMI, "\n", startPos, startCp, startLine, startCol, 0);
          }
          continue;
        } else {
          type = operator(c);
          if (type < 0) {
            advance1();
            errors.error(startLine, startCol + 1, "invalid character " + SemicolonInserter.formatU(cp));
            continue;
          }
        }
      } else if (cp == 0xFEFF) {
        advanceCp();
        errors.error(startLine, startCol + 1, "invalid BOM in the middle of the file");
        continue;
      } else {
        // as gc's scanner, any non-ASCII character starts an identifier, reported if it cannot
        if (GoLetters.isDigit(cp)) {
          errors.error(startLine, startCol + 1, "identifier cannot begin with digit " + SemicolonInserter.formatU(cp));
        }
        type = identifier();
      }
      lastTriggers = triggers(type);
      CommonToken t = new CommonToken(source, type, Token.DEFAULT_CHANNEL, startCp, cpIndex - 1);
      t.setText(src.substring(startPos, pos));
      t.setLine(startLine);
      t.setCharPositionInLine(startCol);
      return t;
    }
  }

  private CommonToken make(int type, String text, int at, int atCp, int l, int c, int len) {
    CommonToken t = new CommonToken(source, type, Token.DEFAULT_CHANNEL, atCp, atCp + len - 1);
    t.setText(text);
    t.setLine(l);
    t.setCharPositionInLine(c);
    return t;
  }

  private static boolean triggers(int type) {
    switch (type) {
      case GolParser.IDENT: case GolParser.INT_LIT: case GolParser.FLOAT_LIT: case GolParser.IMAG_LIT:
      case GolParser.RUNE_LIT: case GolParser.STRING_LIT: case GolParser.RAW_STRING_LIT:
      case GolParser.BREAK: case GolParser.CONTINUE: case GolParser.FALLTHROUGH: case GolParser.RETURN:
      case GolParser.INC: case GolParser.DEC: case GolParser.RPAREN: case GolParser.RBRACK: case GolParser.RBRACE:
        return true;
      default:
        return false;
    }
  }

  // ---- movement ----

  /** Advances over one BMP, non-newline-special char. */
  private void advance1() {
    if (src.charAt(pos) == '\n') {
      line++;
      col = 0;
    } else {
      col++;
    }
    pos++;
    cpIndex++;
  }

  private void advanceCp() {
    int cp = src.codePointAt(pos);
    if (cp == '\n') {
      line++;
      col = 0;
    } else {
      col += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; // gc counts columns in bytes
    }
    pos += Character.charCount(cp);
    cpIndex++;
  }

  private int peek(int k) {
    int i = pos + k;
    return i < n ? src.charAt(i) : -1;
  }

  private static boolean isDec(int c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHex(int c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
  }

  // ---- tokens ----

  /**
   * A name, as gc's scanner reads one: every non-ASCII character continues it, and one that is
   * neither a letter nor a digit is reported ("invalid character U+00A7 '§' in identifier").
   * (A BOM, which gc's source reader drops, ends it here.)
   */
  private int identifier() {
    int start = pos;
    while (pos < n) {
      int cp = src.codePointAt(pos);
      if (cp >= 0x80 && cp != 0xFEFF || cp >= 'a' && cp <= 'z' || cp >= 'A' && cp <= 'Z' || cp == '_' || cp >= '0' && cp <= '9') {
        if (cp >= 0x80 && !GoLetters.isLetter(cp) && !GoLetters.isDigit(cp)) {
          errors.error(line, col + 1, "invalid character " + SemicolonInserter.formatU(cp) + " in identifier");
        }
        advanceCp();
      } else {
        break;
      }
    }
    return keyword(src, start, pos);
  }

  private static int keyword(String s, int from, int to) {
    int len = to - from;
    if (len < 2 || len > 11) {
      return GolParser.IDENT;
    }
    switch (s.substring(from, to)) {
      case "break": return GolParser.BREAK;
      case "case": return GolParser.CASE;
      case "chan": return GolParser.CHAN;
      case "const": return GolParser.CONST;
      case "continue": return GolParser.CONTINUE;
      case "default": return GolParser.DEFAULT;
      case "defer": return GolParser.DEFER;
      case "else": return GolParser.ELSE;
      case "fallthrough": return GolParser.FALLTHROUGH;
      case "for": return GolParser.FOR;
      case "func": return GolParser.FUNC;
      case "go": return GolParser.GO;
      case "goto": return GolParser.GOTO;
      case "if": return GolParser.IF;
      case "import": return GolParser.IMPORT;
      case "interface": return GolParser.INTERFACE;
      case "map": return GolParser.MAP;
      case "package": return GolParser.PACKAGE;
      case "range": return GolParser.RANGE;
      case "return": return GolParser.RETURN;
      case "select": return GolParser.SELECT;
      case "struct": return GolParser.STRUCT;
      case "switch": return GolParser.SWITCH;
      case "type": return GolParser.TYPE;
      case "var": return GolParser.VAR;
      default: return GolParser.IDENT;
    }
  }

  /**
   * The lenient number forms of Gol.g4 (INT_FORM, FLOAT_FORM, then an optional 'i'), longest
   * match. The builder checks digits, separators and exponents.
   */
  private int number() {
    boolean isFloat = false;
    int c = src.charAt(pos);
    if (c == '.') {
      advance1();
      digitsUnderscore();
      isFloat = true;
      exponent(true);
    } else if (c == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      advance1();
      advance1();
      hexDigitsUnderscore();
      if (peek(0) == '.') {
        advance1();
        hexDigitsUnderscore();
        isFloat = true;
      }
      isFloat |= exponent(false);
    } else {
      if (c == '0' && (peek(1) == 'b' || peek(1) == 'B' || peek(1) == 'o' || peek(1) == 'O')) {
        advance1();
        advance1();
      }
      digitsUnderscore();
      if (peek(0) == '.') {
        advance1();
        digitsUnderscore();
        isFloat = true;
      }
      isFloat |= exponent(true);
    }
    if (peek(0) == 'i') {
      advance1();
      return GolParser.IMAG_LIT;
    }
    return isFloat ? GolParser.FLOAT_LIT : GolParser.INT_LIT;
  }

  /** An exponent: 'p' always, 'e' unless hexadecimal (where it is a digit). */
  private boolean exponent(boolean eToo) {
    int c = peek(0);
    if (c == 'p' || c == 'P' || eToo && (c == 'e' || c == 'E')) {
      advance1();
      if (peek(0) == '+' || peek(0) == '-') {
        advance1();
      }
      digitsUnderscore();
      return true;
    }
    return false;
  }

  private void digitsUnderscore() {
    while (pos < n && (isDec(src.charAt(pos)) || src.charAt(pos) == '_')) {
      advance1();
    }
  }

  private void hexDigitsUnderscore() {
    while (pos < n && (isHex(src.charAt(pos)) || src.charAt(pos) == '_')) {
      advance1();
    }
  }

  /**
   * A string or rune literal. Unterminated (newline or EOF before the closing quote): reported
   * as gc does and returned as a literal anyway.
   */
  private int quoted(char quote, int type, String newlineMsg, String eofMsg) {
    int l = line;
    int c = col;
    advance1();
    for (;;) {
      if (pos >= n) {
        errors.error(l, c + 1, eofMsg);
        return type;
      }
      char ch = src.charAt(pos);
      if (ch == quote) {
        advance1();
        return type;
      }
      if (ch == '\n') {
        errors.error(line, col + 1, newlineMsg);
        return type;
      }
      if (ch == '\\') {
        advance1();
        if (pos < n && src.charAt(pos) != '\n') {
          advanceCp();
        }
        continue;
      }
      advanceCp();
    }
  }

  private int raw() {
    int l = line;
    int c = col;
    advance1();
    while (pos < n && src.charAt(pos) != '`') {
      advanceCp();
    }
    if (pos >= n) {
      errors.error(l, c + 1, "string not terminated"); // (gc's words for a raw string)
    } else {
      advance1();
    }
    return GolParser.RAW_STRING_LIT;
  }

  /** Skips a general comment; returns whether it contained a newline. */
  private boolean blockComment(int l, int c) {
    advance1();
    advance1();
    boolean nl = false;
    for (;;) {
      if (pos >= n) {
        errors.error(l, c + 1, "comment not terminated");
        return false; // at EOF, where the EOF rule inserts a semicolon anyway
      }
      char ch = src.charAt(pos);
      if (ch == '*' && peek(1) == '/') {
        advance1();
        advance1();
        return nl;
      }
      if (ch == '\n') {
        nl = true;
      }
      advanceCp();
    }
  }

  /** Operators and punctuation, longest match; -1 for an invalid character. */
  private int operator(char c) {
    int c1 = peek(1);
    int c2 = peek(2);
    int type;
    int len = 1;
    switch (c) {
      case '+':
        if (c1 == '=') { type = GolParser.ADD_ASSIGN; len = 2; } else if (c1 == '+') { type = GolParser.INC; len = 2; } else { type = GolParser.ADD; }
        break;
      case '-':
        if (c1 == '=') { type = GolParser.SUB_ASSIGN; len = 2; } else if (c1 == '-') { type = GolParser.DEC; len = 2; } else { type = GolParser.SUB; }
        break;
      case '*':
        if (c1 == '=') { type = GolParser.MUL_ASSIGN; len = 2; } else { type = GolParser.MUL; }
        break;
      case '/':
        if (c1 == '=') { type = GolParser.QUO_ASSIGN; len = 2; } else { type = GolParser.QUO; }
        break;
      case '%':
        if (c1 == '=') { type = GolParser.REM_ASSIGN; len = 2; } else { type = GolParser.REM; }
        break;
      case '&':
        if (c1 == '&') { type = GolParser.LAND; len = 2; }
        else if (c1 == '=') { type = GolParser.AND_ASSIGN; len = 2; }
        else if (c1 == '^') {
          if (c2 == '=') { type = GolParser.AND_NOT_ASSIGN; len = 3; } else { type = GolParser.AND_NOT; len = 2; }
        } else { type = GolParser.AND; }
        break;
      case '|':
        if (c1 == '|') { type = GolParser.LOR; len = 2; } else if (c1 == '=') { type = GolParser.OR_ASSIGN; len = 2; } else { type = GolParser.OR; }
        break;
      case '^':
        if (c1 == '=') { type = GolParser.XOR_ASSIGN; len = 2; } else { type = GolParser.XOR; }
        break;
      case '<':
        if (c1 == '-') { type = GolParser.ARROW; len = 2; }
        else if (c1 == '=') { type = GolParser.LEQ; len = 2; }
        else if (c1 == '<') {
          if (c2 == '=') { type = GolParser.SHL_ASSIGN; len = 3; } else { type = GolParser.SHL; len = 2; }
        } else { type = GolParser.LSS; }
        break;
      case '>':
        if (c1 == '=') { type = GolParser.GEQ; len = 2; }
        else if (c1 == '>') {
          if (c2 == '=') { type = GolParser.SHR_ASSIGN; len = 3; } else { type = GolParser.SHR; len = 2; }
        } else { type = GolParser.GTR; }
        break;
      case '=':
        if (c1 == '=') { type = GolParser.EQL; len = 2; } else { type = GolParser.ASSIGN; }
        break;
      case '!':
        if (c1 == '=') { type = GolParser.NEQ; len = 2; } else { type = GolParser.NOT; }
        break;
      case ':':
        if (c1 == '=') { type = GolParser.DEFINE; len = 2; } else { type = GolParser.COLON; }
        break;
      case '.':
        if (c1 == '.' && c2 == '.') { type = GolParser.ELLIPSIS; len = 3; } else { type = GolParser.PERIOD; }
        break;
      case '~': type = GolParser.TILDE; break;
      case '(': type = GolParser.LPAREN; break;
      case ')': type = GolParser.RPAREN; break;
      case '[': type = GolParser.LBRACK; break;
      case ']': type = GolParser.RBRACK; break;
      case '{': type = GolParser.LBRACE; break;
      case '}': type = GolParser.RBRACE; break;
      case ',': type = GolParser.COMMA; break;
      case ';': type = GolParser.SEMI; break;
      default:
        return -1;
    }
    for (int i = 0; i < len; i++) {
      advance1();
    }
    return type;
  }

  // ---- TokenSource ----

  @Override
  public int getLine() {
    return line;
  }

  @Override
  public int getCharPositionInLine() {
    return col;
  }

  @Override
  public CharStream getInputStream() {
    return null; // tokens carry their text
  }

  @Override
  public String getSourceName() {
    return "<gol>";
  }

  @Override
  public void setTokenFactory(TokenFactory<?> factory) {
  }

  @Override
  public TokenFactory<?> getTokenFactory() {
    return CommonTokenFactory.DEFAULT;
  }
}
