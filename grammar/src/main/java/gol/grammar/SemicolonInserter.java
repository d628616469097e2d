package gol.grammar;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenFactory;
import org.antlr.v4.runtime.TokenSource;

/**
 * Go's automatic semicolon insertion (spec, "Semicolons"), as a token source between
 * {@link GolLexer} and the parser. Also where lexical errors are reported, because this is the
 * one place every token passes exactly once.
 *
 * <p>Rules. The lexer emits NL for every newline and BLOCK_COMMENT for every general comment. A
 * newline, or a block comment containing one, becomes a SEMI token when the previous token was
 * an identifier, a literal, one of the keywords {@code break continue fallthrough return}, or one
 * of {@code ++ -- ) ] }}; otherwise it is dropped. At EOF a SEMI is inserted under the same rule.
 *
 * <p>Inserted semicolons keep the position of the newline (or comment, or EOF) they replace, as
 * gc reports them; their text tells them apart for error messages: {@code "\n"} for a newline,
 * {@code ""} at EOF, {@code ";"} for one written in the source. Use {@link #describeSemi}.
 *
 * <p>Lexical errors (gc's wording): an unterminated literal is reported and passed on as a
 * literal of its kind; an invalid character and an unterminated comment are reported and
 * dropped.
 */
public final class SemicolonInserter implements TokenSource {
  /** Receives lexical and syntax errors: 1-based line and column, gc's message. */
  public interface ErrorSink {
    void error(int line, int col, String message);
  }

  /** Token types after which a newline is a semicolon. */
  private static final boolean[] TRIGGERS = new boolean[GolLexer.VOCABULARY.getMaxTokenType() + 1];

  static {
    int[] t = {
      GolLexer.IDENT, GolLexer.INT_LIT, GolLexer.FLOAT_LIT, GolLexer.IMAG_LIT, GolLexer.RUNE_LIT,
      GolLexer.STRING_LIT, GolLexer.RAW_STRING_LIT,
      GolLexer.BREAK, GolLexer.CONTINUE, GolLexer.FALLTHROUGH, GolLexer.RETURN,
      GolLexer.INC, GolLexer.DEC, GolLexer.RPAREN, GolLexer.RBRACK, GolLexer.RBRACE,
    };
    for (int type : t) {
      TRIGGERS[type] = true;
    }
  }

  private final GolLexer lexer;
  private final ErrorSink errors;
  private boolean lastTriggers;
  private Token pendingEof;

  public SemicolonInserter(GolLexer lexer, ErrorSink errors) {
    this.lexer = lexer;
    this.errors = errors;
  }

  /** How gc names a SEMI token in "unexpected X": newline, EOF or semicolon. */
  public static String describeSemi(Token t) {
    String s = t.getText();
    if (s == null || s.isEmpty()) {
      return "EOF";
    }
    return s.equals(";") ? "semicolon" : "newline";
  }

  @Override
  public Token nextToken() {
    return inBytes(next());
  }

  /**
   * t with its column counted in UTF-8 bytes, as gc counts columns (the lexer counts code
   * points): what {@link GolScanner} gives.
   */
  private Token inBytes(Token t) {
    int cpCol = t.getCharPositionInLine();
    int start = t.getType() == Token.EOF ? t.getInputStream().size() : t.getStartIndex();
    if (cpCol <= 0 || start < cpCol) {
      return t;
    }
    String before = t.getInputStream().getText(org.antlr.v4.runtime.misc.Interval.of(start - cpCol, start - 1));
    int bytes = before.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    if (bytes == cpCol) {
      return t;
    }
    CommonToken c = new CommonToken(t);
    c.setCharPositionInLine(bytes);
    return c;
  }

  private Token next() {
    if (pendingEof != null) {
      return pendingEof;
    }
    for (;;) {
      Token t = lexer.nextToken();
      int type = t.getType();
      switch (type) {
        case GolLexer.NL:
          if (lastTriggers) {
            return semicolon(t, "\n");
          }
          continue;
        case GolLexer.BLOCK_COMMENT:
          if (lastTriggers && t.getText().indexOf('\n') >= 0) {
            return semicolon(t, "\n");
          }
          continue;
        case Token.EOF:
          if (lastTriggers) {
            pendingEof = t;
            return semicolon(t, "");
          }
          pendingEof = t;
          return t;
        case GolLexer.INVALID:
          invalidCharacter(t);
          continue;
        case GolLexer.BLOCK_COMMENT_UNTERMINATED:
          report(t, 0, "comment not terminated");
          continue;
        case GolLexer.STRING_UNTERMINATED:
          return unterminated(t, GolLexer.STRING_LIT, "newline in string", "string not terminated");
        case GolLexer.RUNE_UNTERMINATED:
          return unterminated(t, GolLexer.RUNE_LIT, "newline in rune literal", "rune literal not terminated");
        case GolLexer.RAW_UNTERMINATED:
          return unterminated(t, GolLexer.RAW_STRING_LIT, null, "string not terminated");
        case GolLexer.IDENT:
          identifierCharacters(t);
          lastTriggers = TRIGGERS[type];
          return t;
        default:
          lastTriggers = TRIGGERS[type];
          return t;
      }
    }
  }

  private Token semicolon(Token at, String text) {
    lastTriggers = false;
    CommonToken s = new CommonToken(at);
    s.setType(GolLexer.SEMI);
    s.setText(text);
    s.setChannel(Token.DEFAULT_CHANNEL);
    return s;
  }

  /** gc: "newline in ..." at the newline, "... not terminated" at the literal's start. */
  private Token unterminated(Token t, int type, String newlineMsg, String eofMsg) {
    int end = t.getStopIndex() + 1;
    CharStream in = t.getInputStream();
    boolean atNewline = newlineMsg != null && end < in.size() && in.getText(
        org.antlr.v4.runtime.misc.Interval.of(end, end)).equals("\n");
    if (atNewline) {
      // the literal has no newline in it, so the newline's column is just past its text
      report(t, t.getText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length, newlineMsg);
    } else {
      report(t, 0, eofMsg);
    }
    CommonToken c = new CommonToken(t);
    c.setType(type);
    lastTriggers = true;
    return c;
  }

  private void invalidCharacter(Token t) {
    int cp = t.getText().codePointAt(0);
    String msg = "invalid character " + formatU(cp);
    if (cp == 0xFEFF) {
      msg = "invalid BOM in the middle of the file";
    } else if (cp >= 0x80) {
      msg += " in identifier";
    }
    report(t, 0, msg);
  }

  /** Reports, as gc's scanner, the characters of a name that are neither letters nor digits. */
  private void identifierCharacters(Token t) {
    String text = t.getText();
    int bytes = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      if (cp >= 0x80) {
        if (i == 0 && GoLetters.isDigit(cp)) {
          report(t, bytes, "identifier cannot begin with digit " + formatU(cp));
        } else if (!GoLetters.isLetter(cp) && !GoLetters.isDigit(cp)) {
          report(t, bytes, "invalid character " + formatU(cp) + " in identifier");
        }
      }
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      i += Character.charCount(cp);
    }
  }

  /** Go's %#U: U+0040 '@' (the character only when printable). */
  public static String formatU(int cp) {
    String hex = Integer.toHexString(cp).toUpperCase();
    StringBuilder b = new StringBuilder("U+");
    for (int i = hex.length(); i < 4; i++) {
      b.append('0');
    }
    b.append(hex);
    if (isPrint(cp)) {
      b.append(" '").appendCodePoint(cp).append('\'');
    }
    return b.toString();
  }

  /** Go's strconv.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
  private static boolean isPrint(int cp) {
    if (cp == ' ') {
      return true;
    }
    switch (Character.getType(cp)) {
      case Character.UPPERCASE_LETTER: case Character.LOWERCASE_LETTER: case Character.TITLECASE_LETTER:
      case Character.MODIFIER_LETTER: case Character.OTHER_LETTER:
      case Character.NON_SPACING_MARK: case Character.ENCLOSING_MARK: case Character.COMBINING_SPACING_MARK:
      case Character.DECIMAL_DIGIT_NUMBER: case Character.LETTER_NUMBER: case Character.OTHER_NUMBER:
      case Character.CONNECTOR_PUNCTUATION: case Character.DASH_PUNCTUATION: case Character.START_PUNCTUATION:
      case Character.END_PUNCTUATION: case Character.INITIAL_QUOTE_PUNCTUATION:
      case Character.FINAL_QUOTE_PUNCTUATION: case Character.OTHER_PUNCTUATION:
      case Character.MATH_SYMBOL: case Character.CURRENCY_SYMBOL: case Character.MODIFIER_SYMBOL:
      case Character.OTHER_SYMBOL:
        return true;
      default:
        return false;
    }
  }

  private void report(Token t, int colOffset, String msg) {
    errors.error(t.getLine(), inBytes(t).getCharPositionInLine() + 1 + colOffset, msg);
  }

  @Override
  public int getLine() {
    return lexer.getLine();
  }

  @Override
  public int getCharPositionInLine() {
    return lexer.getCharPositionInLine();
  }

  @Override
  public CharStream getInputStream() {
    return lexer.getInputStream();
  }

  @Override
  public String getSourceName() {
    return lexer.getSourceName();
  }

  @Override
  public void setTokenFactory(TokenFactory<?> factory) {
    lexer.setTokenFactory(factory);
  }

  @Override
  public TokenFactory<?> getTokenFactory() {
    return lexer.getTokenFactory();
  }
}
