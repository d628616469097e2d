package gol.interp.gofmt;

import static gol.interp.gofmt.GoToken.*;

import gol.interp.gofmt.SyntaxNode.Kind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The token stream and error list under SyntaxCheck: go/parser's error recording (one error a
 * line, a bail-out past ten), expect/advance recovery, and the few tree nodes decisions need.
 */
abstract class SyntaxBase {

  /** One error: gofmt prints it as FILE:LINE:COL: MESSAGE (column in bytes). */
  record Error(int line, int col, String message) {
  }

  /** Parsing stops: too many errors. */
  static final class Bailout extends RuntimeException {
    Bailout() {
      super(null, null, false, false);
    }
  }

  static final Set<GoToken> STMT_START = EnumSet.of(BREAK, CONST, CONTINUE, DEFER, FALLTHROUGH, FOR,
      GO, GOTO, IF, RETURN, SELECT, SWITCH, TYPE, VAR);
  static final Set<GoToken> DECL_START = EnumSet.of(IMPORT, CONST, TYPE, VAR);
  static final Set<GoToken> EXPR_END = EnumSet.of(COMMA, COLON, SEMICOLON, RPAREN, RBRACK, RBRACE);

  static final int BASIC = 0;
  static final int LABEL_OK = 1;
  static final int RANGE_OK = 2;

  final byte[] src;
  private final int[] lineStarts;
  final List<Error> errors = new ArrayList<>();
  final GoScanner scanner;

  GoToken tok;
  int pos;
  String lit;
  private int syncPos = -1;
  private int syncCnt;
  /** Below 0 in a control clause (where "{" opens the block, not a composite literal). */
  int exprLev;
  boolean inRhs;

  SyntaxBase(byte[] src) {
    this.src = src;
    this.lineStarts = lineStarts(src);
    this.scanner = new GoScanner(src, (msg, offset) -> errors.add(at(offset, msg)));
  }

  private static int[] lineStarts(byte[] src) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < src.length; i++) {
      // go/token drops a line that would start at the very end of the file
      if (src[i] == '\n' && i + 1 < src.length) {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }

  Error at(int offset, String msg) {
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return new Error(lo + 1, offset - lineStarts[lo] + 1, msg);
  }

  // Tokens and errors.

  void next() {
    scanner.scan();
    tok = scanner.tok;
    pos = scanner.pos;
    lit = scanner.lit;
  }

  void error(int at, String msg) {
    Error e = at(Math.min(Math.max(at, 0), src.length), msg);
    int n = errors.size();
    if (n > 0 && errors.get(n - 1).line() == e.line()) {
      return; // likely a follow-on error of the previous one
    }
    if (n > 10) {
      throw new Bailout();
    }
    errors.add(e);
  }

  void errorExpected(int at, String what) {
    String msg = "expected " + what;
    if (at == pos) {
      if (tok == SEMICOLON && lit.equals("\n")) {
        msg += ", found newline";
      } else if (tok.isLiteral()) {
        msg += ", found " + lit;
      } else {
        msg += ", found '" + tok.text + "'";
      }
    }
    error(at, msg);
  }

  int expect(GoToken t) {
    int p = pos;
    if (tok != t) {
      errorExpected(p, "'" + t.text + "'");
    }
    next(); // make progress
    return p;
  }

  /** Like expect, but -1 when the token is not there. */
  int expect2(GoToken t) {
    int p = -1;
    if (tok == t) {
      p = pos;
    } else {
      errorExpected(pos, "'" + t.text + "'");
    }
    next();
    return p;
  }

  /** Like expect, with a better message for a missing comma before a newline. */
  int expectClosing(GoToken t, String context) {
    if (tok != t && tok == SEMICOLON && lit.equals("\n")) {
      error(pos, "missing ',' before newline in " + context);
      next();
    }
    return expect(t);
  }

  void expectSemi() {
    if (tok == RPAREN || tok == RBRACE) {
      return; // optional before a closing ')' or '}'
    }
    switch (tok) {
      case COMMA -> {
        errorExpected(pos, "';'"); // a ',' is taken for a ';' after complaining
        next();
      }
      case SEMICOLON -> next();
      default -> {
        errorExpected(pos, "';'");
        advance(STMT_START);
      }
    }
  }

  boolean atComma(String context, GoToken follow) {
    if (tok == COMMA) {
      return true;
    }
    if (tok != follow) {
      String msg = "missing ','";
      if (tok == SEMICOLON && lit.equals("\n")) {
        msg += " before newline";
      }
      error(pos, msg + " in " + context);
      return true; // as if the comma were there
    }
    return false;
  }

  /** Skips to a token of {@code to} (or EOF), but no further than needed to make progress. */
  void advance(Set<GoToken> to) {
    for (; tok != EOF; next()) {
      if (to.contains(tok)) {
        if (pos == syncPos && syncCnt < 10) {
          syncCnt++;
          return;
        }
        if (pos > syncPos) {
          syncPos = pos;
          syncCnt = 0;
          return;
        }
      }
    }
  }

  int safePos(int p) {
    return Math.min(p, src.length);
  }

  // Nodes.

  static SyntaxNode node(Kind k, int pos, int end) {
    return new SyntaxNode(k, pos, end);
  }

  static SyntaxNode bad(int from, int to) {
    return node(Kind.BAD, from, to);
  }

  SyntaxNode ident(int at, String name) {
    return node(Kind.IDENT, at, at + name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
  }

  static SyntaxNode indexExpr(SyntaxNode x, List<SyntaxNode> args, int rbrack) {
    SyntaxNode n = SyntaxNode.of(args.size() == 1 ? Kind.INDEX : Kind.INDEX_LIST, x.pos, rbrack + 1, x);
    n.list = args;
    return n;
  }

  static SyntaxNode binary(SyntaxNode x, GoToken op, int opPos, SyntaxNode y) {
    SyntaxNode b = SyntaxNode.of(Kind.BINARY, x.pos, y.end, x);
    b.y = y;
    b.op = op;
    b.opPos = opPos;
    return b;
  }
}
