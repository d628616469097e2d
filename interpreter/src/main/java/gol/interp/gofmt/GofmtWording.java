package gol.interp.gofmt;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewords a syntax error of gol's parser (gc's wording: {@code syntax error: unexpected }, expected
 * expression}) as gofmt's parser (go/parser) words the same error ({@code expected operand, found
 * '}'}). Both parsers see the same tokens, so they mostly stop at the same one; what differs is
 * the phrasing, which the token's context decides. A message without a known rewording is kept.
 * Only the first error is reported, where gofmt goes on and may list a few more.
 */
final class GofmtWording {
  private GofmtWording() {
  }

  /** A position and a message, as gofmt prints them after the file name. */
  record Error(int line, int col, String message) {
  }

  private static final Pattern UNEXPECTED = Pattern.compile(
      "syntax error: unexpected (newline|EOF|comma|semicolon|name \\S+|literal .+?|keyword \\S+|\\S+?)"
          + "(, expected .*| in .*| at end of statement| after top level declaration|)");

  static Error reword(String src, List<Lexer.Tok> toks, int line, int col, String msg) {
    if (msg.equals("syntax error: else must be followed by if or statement block")) {
      Lexer.Tok t = at(toks, line, col);
      return new Error(line, col, "expected if statement or block, found " + (t == null ? "newline" : found(t)));
    }
    if (msg.equals("syntax error: non-declaration statement outside function body")) {
      Lexer.Tok t = at(toks, line, col);
      return t == null ? new Error(line, col, msg) : new Error(line, col, "expected declaration, found " + found(t));
    }
    Matcher m = UNEXPECTED.matcher(msg);
    if (!m.matches()) {
      return new Error(line, col, msg);
    }
    String tok = m.group(1);
    String tail = m.group(2);
    String found = found(tok);
    if (tok.equals("EOF")) {
      int[] eof = eofPosition(src);
      line = eof[0];
      col = eof[1];
    }
    Lexer.Tok prev = before(toks, line, col);
    String prevText = prev == null ? "" : prev.text();
    String r = null;
    if (tail.equals(", expected expression")) {
      r = "expected operand, found " + found;
    } else if (tail.equals(", expected type")) {
      r = "expected type, found " + found;
    } else if (tail.equals(", expected name")) {
      r = "expected 'IDENT', found " + found;
    } else if (tail.equals(", expected name or (")) {
      r = "expected selector or type assertion, found " + found;
    } else if (tail.equals(", expected }") && !tok.equals("EOF")) {
      r = "expected statement, found " + found; // at the start of a statement in a block
    } else if (tail.matches(", expected [:)\\]{}]")) {
      r = "expected '" + tail.substring(tail.length() - 1) + "', found " + found;
    } else if (tail.equals(", expected comma, : or ]")) {
      r = "expected ']', found " + found;
    } else if (tail.equals(", expected case or default or }")) {
      r = "expected '}', found " + found;
    } else if (tail.equals(", expected { after for clause")) {
      r = "expected '{', found " + found;
    } else if (tail.equals(", expected { after if clause")) {
      r = tok.equals("newline") ? "unexpected newline, expecting { after if clause" : "expected '{', found " + found;
    } else if (tail.equals(", expected semicolon or newline")) {
      r = "expected ';', found " + found;
    } else if (tail.startsWith(" in argument list") || tail.startsWith(" in composite literal")
        || tail.startsWith(" in parameter list")) {
      String context = tail.substring(4, tail.indexOf(';'));
      if (prevText.equals("(") || prevText.equals(",") || prevText.equals("{")) {
        r = "expected operand, found " + found; // the element itself is missing
      } else {
        r = "missing ','" + (tok.equals("newline") ? " before newline" : "") + " in " + context;
      }
    } else if (tail.startsWith(" in struct type") || tail.startsWith(" in interface type")
        || tail.startsWith(" in grouped declaration") || tail.equals(" after top level declaration")) {
      r = "expected ';', found " + found;
    } else if (tail.equals(" at end of statement")) {
      // go/parser lets a statement end before ) or }, then finds no statement there
      r = tok.equals(")") || tok.equals("}") || tok.equals("]")
          ? "expected statement, found " + found : "expected ';', found " + found;
    } else if (tail.isEmpty()) {
      if (prevText.equals("import")) {
        r = "missing import path";
      } else if (depth(toks, line, col) == 0) {
        r = "expected declaration, found " + found;
      } else if (tok.equals("comma")) {
        r = "unexpected comma; expecting ]";
      }
    }
    return r == null ? new Error(line, col, msg) : new Error(line, col, r);
  }

  /** gc's name of the token ("name x", "keyword func", "comma") as go/parser's "found ..." names it. */
  private static String found(String gc) {
    switch (gc) {
      case "newline":
        return "newline";
      case "EOF":
        return "'EOF'";
      case "comma":
        return "','";
      case "semicolon":
        return "';'";
      default:
        break;
    }
    if (gc.startsWith("name ")) {
      return gc.substring(5);
    }
    if (gc.startsWith("literal ")) {
      return gc.substring(8);
    }
    if (gc.startsWith("keyword ")) {
      return "'" + gc.substring(8) + "'";
    }
    return "'" + gc + "'";
  }

  private static String found(Lexer.Tok t) {
    switch (t.kind()) {
      case IDENT, NUMBER, CHAR, STRING:
        return t.text();
      default:
        return "'" + t.text() + "'";
    }
  }

  /**
   * Where go/parser places the end of the file: on the last line, after its newline (go/token
   * drops a line that would start at the end of the file).
   */
  static int[] eofPosition(String src) {
    int lines = 1;
    int lineStart = 0;
    for (int i = 0; i < src.length(); i++) {
      if (src.charAt(i) == '\n' && i + 1 < src.length()) {
        lines++;
        lineStart = i + 1;
      }
    }
    return new int[] {lines, src.codePointCount(lineStart, src.length()) + 1};
  }

  private static Lexer.Tok at(List<Lexer.Tok> toks, int line, int col) {
    for (Lexer.Tok t : toks) {
      if (t.line() == line && t.col() == col) {
        return t;
      }
    }
    return null;
  }

  /** The last code token before the position. */
  private static Lexer.Tok before(List<Lexer.Tok> toks, int line, int col) {
    Lexer.Tok prev = null;
    for (Lexer.Tok t : toks) {
      if (t.line() > line || (t.line() == line && t.col() >= col)) {
        break;
      }
      if (!t.isComment()) {
        prev = t;
      }
    }
    return prev;
  }

  /** How many brackets are open before the position. */
  private static int depth(List<Lexer.Tok> toks, int line, int col) {
    int d = 0;
    for (Lexer.Tok t : toks) {
      if (t.line() > line || (t.line() == line && t.col() >= col)) {
        break;
      }
      if (t.is("(") || t.is("[") || t.is("{")) {
        d++;
      } else if (t.is(")") || t.is("]") || t.is("}")) {
        d--;
      }
    }
    return d;
  }
}
