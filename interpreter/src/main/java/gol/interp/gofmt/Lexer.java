package gol.interp.gofmt;

import gol.grammar.GoLetters;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Go's tokens for the formatter, comments included: each token with its text, its position
 * (line and column from 1, the column in UTF-8 bytes as the parser and gc count) and how many line breaks
 * separate it from the previous token. A lexical error is reported as a {@link SyntaxError} at
 * its position, as gofmt would.
 */
final class Lexer {
  enum Kind { IDENT, KEYWORD, NUMBER, CHAR, STRING, OP, COMMENT }

  record Tok(Kind kind, String text, int line, int col, int nlBefore) {
    boolean is(String s) {
      return (kind == Kind.OP || kind == Kind.KEYWORD) && text.equals(s);
    }

    boolean isComment() {
      return kind == Kind.COMMENT;
    }

    boolean lineComment() {
      return kind == Kind.COMMENT && text.startsWith("//");
    }

    /** Whether a newline after this token ends a statement (Go's semicolon rule). */
    boolean endsStatement() {
      switch (kind) {
        case IDENT, NUMBER, CHAR, STRING:
          return true;
        case KEYWORD:
          return text.equals("break") || text.equals("continue") || text.equals("fallthrough")
              || text.equals("return");
        case OP:
          return text.equals("++") || text.equals("--") || text.equals(")") || text.equals("]")
              || text.equals("}");
        default:
          return false;
      }
    }

    long pos() {
      return ((long) line << 32) | col;
    }
  }

  static final class SyntaxError extends Exception {
    final int line;
    final int col;

    SyntaxError(int line, int col, String msg) {
      super(msg);
      this.line = line;
      this.col = col;
    }
  }

  static final Set<String> KEYWORDS = Set.of("break", "case", "chan", "const", "continue", "default",
      "defer", "else", "fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map",
      "package", "range", "return", "select", "struct", "switch", "type", "var");

  /** Operators, longest first within each starting character. */
  private static final String[] OPS = {"<<=", ">>=", "&^=", "...", "&&", "||", "<-", "++", "--", "==",
      "!=", "<=", ">=", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "&^", "+", "-",
      "*", "/", "%", "&", "|", "^", "<", ">", "=", "!", "(", ")", "[", "]", "{", "}", ",", ";", ".", ":", "~"};

  private final String src;
  private int i;
  private int line = 1;
  private int col = 1;

  private Lexer(String src) {
    this.src = src;
  }

  static List<Tok> lex(String src) throws SyntaxError {
    return new Lexer(src).run();
  }

  private List<Tok> run() throws SyntaxError {
    List<Tok> out = new ArrayList<>();
    int nl = 0;
    while (i < src.length()) {
      char c = src.charAt(i);
      if (c == '\n') {
        nl++;
        advance(1);
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\uFEFF') {
        advance(1);
        continue;
      }
      int l = line;
      int k = col;
      int start = i;
      Kind kind;
      if (src.startsWith("//", i)) {
        while (i < src.length() && src.charAt(i) != '\n') {
          advance(1);
        }
        kind = Kind.COMMENT;
      } else if (src.startsWith("/*", i)) {
        int end = src.indexOf("*/", i + 2);
        if (end < 0) {
          throw new SyntaxError(l, k, "comment not terminated");
        }
        advance(end + 2 - i);
        kind = Kind.COMMENT;
      } else if (GoLetters.isLetter(src.codePointAt(i)) || c == '_') { // a letter outside the BMP too
        while (i < src.length()) {
          int cp = src.codePointAt(i);
          if (!GoLetters.isLetter(cp) && !GoLetters.isDigit(cp) && cp != '_') {
            break;
          }
          advance(Character.charCount(cp));
        }
        kind = KEYWORDS.contains(src.substring(start, i)) ? Kind.KEYWORD : Kind.IDENT;
      } else if (Character.isDigit(c) || (c == '.' && i + 1 < src.length() && Character.isDigit(src.charAt(i + 1)))) {
        number();
        kind = Kind.NUMBER;
      } else if (c == '"') {
        advance(1);
        while (true) {
          if (i >= src.length() || src.charAt(i) == '\n') {
            throw new SyntaxError(l, k, "string literal not terminated");
          }
          char d = src.charAt(i);
          advance(d == '\\' && i + 1 < src.length() && src.charAt(i + 1) != '\n' ? 2 : 1);
          if (d == '"') {
            break;
          }
        }
        kind = Kind.STRING;
      } else if (c == '`') {
        int end = src.indexOf('`', i + 1);
        if (end < 0) {
          throw new SyntaxError(l, k, "raw string literal not terminated");
        }
        advance(end + 1 - i);
        kind = Kind.STRING;
      } else if (c == '\'') {
        advance(1);
        while (true) {
          if (i >= src.length() || src.charAt(i) == '\n') {
            throw new SyntaxError(l, k, "rune literal not terminated");
          }
          char d = src.charAt(i);
          advance(d == '\\' ? 2 : 1);
          if (d == '\'') {
            break;
          }
        }
        kind = Kind.CHAR;
      } else {
        String op = null;
        for (String o : OPS) {
          if (src.startsWith(o, i)) {
            op = o;
            break;
          }
        }
        if (op == null) {
          throw new SyntaxError(l, k, "illegal character " + quoteChar(src.codePointAt(i)));
        }
        advance(op.length());
        kind = Kind.OP;
      }
      String text = src.substring(start, i);
      if (kind == Kind.COMMENT || kind == Kind.STRING && text.startsWith("`")) {
        text = text.replace("\r", ""); // go/scanner drops carriage returns here
      }
      if (kind == Kind.COMMENT && text.startsWith("//")) {
        text = text.stripTrailing(); // go/printer trims a line comment's trailing white space
      }
      out.add(new Tok(kind, text, l, k, out.isEmpty() ? 0 : nl));
      nl = 0;
    }
    return out;
  }

  private static String quoteChar(int cp) {
    return String.format("U+%04X '%s'", cp, new String(Character.toChars(cp)));
  }

  private void number() {
    while (i < src.length()) {
      char c = src.charAt(i);
      if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
        if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && i + 1 < src.length()
            && (src.charAt(i + 1) == '+' || src.charAt(i + 1) == '-')) {
          boolean hex = src.startsWith("0x", i0()) || src.startsWith("0X", i0());
          if (!hex || c == 'p' || c == 'P') {
            advance(2);
            continue;
          }
        }
        advance(1);
      } else {
        break;
      }
    }
  }

  private int i0() {
    int j = i;
    while (j > 0 && (Character.isLetterOrDigit(src.charAt(j - 1)) || src.charAt(j - 1) == '_' || src.charAt(j - 1) == '.')) {
      j--;
    }
    return j;
  }

  /** Moves n chars on, counting lines and columns in UTF-8 bytes (as the parser and gofmt do). */
  private void advance(int n) {
    for (int end = i + n; i < end && i < src.length(); ) {
      char c = src.charAt(i);
      if (c == '\n') {
        line++;
        col = 1;
        i++;
      } else if (Character.isHighSurrogate(c) && i + 1 < src.length()) {
        col += 4;
        i += 2;
      } else {
        col += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        i++;
      }
    }
  }
}
