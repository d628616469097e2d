package gol.interp.gofmt;

import static gol.interp.gofmt.GoToken.*;

import gol.interp.gofmt.SyntaxNode.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/*
 * The syntax errors gofmt reports for a file, found as go/parser finds them.
 *
 * Concepts
 *   A recursive-descent parser over GoScanner's tokens that follows Go's grammar the way
 *   go/parser does and builds no tree beyond the few facts its decisions need (SyntaxNode). What
 *   matters is go/parser's error behaviour, since gofmt prints its whole error list:
 *   - what each rule expects and how it words a mismatch ("expected ')', found newline",
 *     "missing ',' in argument list", "expected operand, found '}'");
 *   - how it recovers: expect() reports and still consumes a token; a failed operand or
 *     statement skips to the next statement keyword, a failed type to the end of the
 *     expression, a failed declaration to the next declaration keyword (advance(), which gives
 *     up after ten calls that make no progress);
 *   - which errors it keeps: an error on the line of the previously recorded one is dropped, and
 *     parsing stops once more than ten are recorded; lexical errors are always recorded. The
 *     list is sorted by position.
 *
 *   Script mode (gol's extension: no package clause, statements at top level) parses the file
 *   as a list of imports, func declarations and statements, with the same rules inside.
 *
 *   The parser is four layers, each a file: SyntaxBase (tokens, errors, recovery), SyntaxTypes,
 *   SyntaxExprs, and this one (blocks, statements, declarations, the file); an earlier layer
 *   reaches a later one through an abstract method.
 */
final class SyntaxCheck extends SyntaxExprs {
  private SyntaxCheck(byte[] src) {
    super(src);
  }

  /** Whether the file is a script (no package clause), and its errors. */
  record Result(boolean script, List<Error> errors) {
  }

  /** The errors gofmt reports for the file, sorted; none when go/parser accepts it. */
  static Result check(byte[] src) {
    SyntaxCheck p = new SyntaxCheck(src);
    boolean script = false;
    try {
      p.next();
      script = p.tok != PACKAGE;
      if (script) {
        p.parseScript();
      } else {
        p.parseFile();
      }
    } catch (Bailout e) {
      // more than ten errors: go/parser stops here
    }
    List<Error> list = new ArrayList<>(p.errors);
    list.sort(Comparator.comparingInt(Error::line).thenComparingInt(Error::col).thenComparing(Error::message));
    return new Result(script, list);
  }

  // Blocks.

  /** Returns the end of the last statement, or -1 when there is none. */
  private int parseStmtList() {
    int end = -1;
    while (tok != CASE && tok != DEFAULT && tok != RBRACE && tok != EOF) {
      end = parseStmt();
    }
    return end;
  }

  /** Returns the block's end: after its "}", or, when that is missing, its last statement's end. */
  @Override
  int parseBlockStmt() {
    int lbrace = expect(LBRACE);
    int last = parseStmtList();
    int rbrace = expect2(RBRACE);
    return rbrace >= 0 ? rbrace + 1 : last >= 0 ? last : lbrace + 1;
  }

  // Statements.

  /** A simple statement; for "k, v := range x" (in RANGE_OK mode) flag is set. */
  private SyntaxNode parseSimpleStmt(int mode) {
    List<SyntaxNode> x = parseList(false);
    if (tok.isAssign()) {
      int p = pos;
      GoToken t = tok;
      next();
      List<SyntaxNode> y;
      boolean isRange = false;
      if (mode == RANGE_OK && tok == RANGE && (t == DEFINE || t == ASSIGN)) {
        int rp = pos;
        next();
        SyntaxNode r = parseRhs();
        SyntaxNode u = SyntaxNode.of(Kind.UNARY, rp, r.end, r);
        u.op = RANGE;
        y = List.of(u);
        isRange = true;
      } else {
        y = parseList(true);
      }
      SyntaxNode s = node(Kind.ASSIGN_STMT, x.get(0).pos, y.get(y.size() - 1).end);
      s.list = x;
      s.rhs = y;
      s.op = t;
      s.opPos = p;
      s.flag = isRange;
      return s;
    }
    if (x.size() > 1) {
      errorExpected(x.get(0).pos, "1 expression");
    }
    SyntaxNode x0 = x.get(0);
    switch (tok) {
      case COLON -> {
        int colon = pos;
        next();
        if (mode == LABEL_OK && x0.is(Kind.IDENT)) {
          int end = parseStmt();
          return node(Kind.LABELED_STMT, x0.pos, end);
        }
        error(colon, "illegal label declaration");
        return node(Kind.BAD_STMT, x0.pos, colon + 1);
      }
      case ARROW -> {
        next();
        SyntaxNode y = parseRhs();
        return SyntaxNode.of(Kind.SEND_STMT, x0.pos, y.end, x0);
      }
      case INC, DEC -> {
        int end = pos + 2;
        next();
        return SyntaxNode.of(Kind.INC_DEC_STMT, x0.pos, end, x0);
      }
      default -> {
        return SyntaxNode.of(Kind.EXPR_STMT, x0.pos, x0.end, x0);
      }
    }
  }

  /** The operand of go or defer; returns its end, or -1 when it is not a call. */
  private int parseCallExpr(String callType) {
    SyntaxNode x = parseRhs(); // could be a conversion: (some type)(x)
    SyntaxNode t = x.unparen();
    if (t != x) {
      error(x.pos, "expression in " + callType + " must not be parenthesized");
      x = t;
    }
    if (x.is(Kind.CALL)) {
      return x.end;
    }
    if (!x.is(Kind.BAD)) {
      error(safePos(x.end), "expression in " + callType + " must be function call");
    }
    return -1;
  }

  private void makeExpr(SyntaxNode s, String want) {
    if (s == null || s.is(Kind.EXPR_STMT)) {
      return;
    }
    String found = s.is(Kind.ASSIGN_STMT) ? "assignment" : "simple statement";
    error(s.pos, "expected " + want + ", found " + found + " (missing parentheses around composite literal?)");
  }

  private void parseIfHeader() {
    if (tok == LBRACE) {
      error(pos, "missing condition in if statement");
      return;
    }
    int prevLev = exprLev;
    exprLev = -1;
    SyntaxNode init = null;
    if (tok != SEMICOLON) {
      if (tok == VAR) {
        next();
        error(pos, "var declaration not allowed in if initializer");
      }
      init = parseSimpleStmt(BASIC);
    }
    SyntaxNode condStmt = null;
    int semiPos = -1;
    String semiLit = "";
    if (tok != LBRACE) {
      if (tok == SEMICOLON) {
        semiPos = pos;
        semiLit = lit;
        next();
      } else {
        expect(SEMICOLON);
      }
      if (tok != LBRACE) {
        condStmt = parseSimpleStmt(BASIC);
      }
    } else {
      condStmt = init;
    }
    if (condStmt != null) {
      makeExpr(condStmt, "boolean expression");
    } else if (semiPos >= 0) {
      error(semiPos, semiLit.equals("\n") ? "unexpected newline, expecting { after if clause"
          : "missing condition in if statement");
    }
    exprLev = prevLev;
  }

  private int parseIfStmt() {
    expect(IF);
    parseIfHeader();
    int end = parseBlockStmt();
    if (tok == ELSE) {
      next();
      switch (tok) {
        case IF -> end = parseIfStmt();
        case LBRACE -> {
          end = parseBlockStmt();
          expectSemi();
        }
        default -> {
          errorExpected(pos, "if statement or block");
          end = pos;
        }
      }
    } else {
      expectSemi();
    }
    return end;
  }

  private void parseCaseClause() {
    if (tok == CASE) {
      next();
      parseList(true);
    } else {
      expect(DEFAULT);
    }
    expect(COLON);
    parseStmtList();
  }

  private static boolean isTypeSwitchAssert(SyntaxNode x) {
    return x.is(Kind.TYPE_ASSERT) && x.flag;
  }

  private boolean isTypeSwitchGuard(SyntaxNode s) {
    if (s == null) {
      return false;
    }
    if (s.is(Kind.EXPR_STMT)) {
      return isTypeSwitchAssert(s.x);
    }
    if (s.is(Kind.ASSIGN_STMT) && s.list.size() == 1 && s.rhs.size() == 1 && isTypeSwitchAssert(s.rhs.get(0))) {
      if (s.op == ASSIGN) {
        error(s.opPos, "expected ':=', found '='");
        return true;
      }
      return s.op == DEFINE;
    }
    return false;
  }

  private int parseSwitchStmt() {
    expect(SWITCH);
    SyntaxNode s2 = null;
    if (tok != LBRACE) {
      int prevLev = exprLev;
      exprLev = -1;
      if (tok != SEMICOLON) {
        s2 = parseSimpleStmt(BASIC);
      }
      if (tok == SEMICOLON) {
        next();
        s2 = null;
        if (tok != LBRACE) {
          s2 = parseSimpleStmt(BASIC);
        }
      }
      exprLev = prevLev;
    }
    boolean typeSwitch = isTypeSwitchGuard(s2);
    expect(LBRACE);
    while (tok == CASE || tok == DEFAULT) {
      parseCaseClause();
    }
    int rbrace = expect(RBRACE);
    expectSemi();
    if (!typeSwitch) {
      makeExpr(s2, "switch expression");
    }
    return rbrace + 1;
  }

  private void parseCommClause() {
    if (tok == CASE) {
      next();
      List<SyntaxNode> lhs = parseList(false);
      if (tok == ARROW) {
        if (lhs.size() > 1) {
          errorExpected(lhs.get(0).pos, "1 expression");
        }
        next();
        parseRhs();
      } else if (tok == ASSIGN || tok == DEFINE) {
        if (lhs.size() > 2) {
          errorExpected(lhs.get(0).pos, "1 or 2 expressions");
        }
        next();
        parseRhs();
      } else if (lhs.size() > 1) {
        errorExpected(lhs.get(0).pos, "1 expression");
      }
    } else {
      expect(DEFAULT);
    }
    expect(COLON);
    parseStmtList();
  }

  private int parseSelectStmt() {
    expect(SELECT);
    expect(LBRACE);
    while (tok == CASE || tok == DEFAULT) {
      parseCommClause();
    }
    int rbrace = expect(RBRACE);
    expectSemi();
    return rbrace + 1;
  }

  private int parseForStmt() {
    expect(FOR);
    SyntaxNode s2 = null;
    boolean isRange = false;
    if (tok != LBRACE) {
      int prevLev = exprLev;
      exprLev = -1;
      if (tok != SEMICOLON) {
        if (tok == RANGE) {
          next();
          parseRhs();
          s2 = node(Kind.ASSIGN_STMT, pos, pos); // "for range x": no variables
          s2.flag = true;
          isRange = true;
        } else {
          s2 = parseSimpleStmt(RANGE_OK);
          isRange = s2.flag && s2.is(Kind.ASSIGN_STMT);
        }
      }
      if (!isRange && tok == SEMICOLON) {
        next();
        s2 = null;
        if (tok != SEMICOLON) {
          s2 = parseSimpleStmt(BASIC);
        }
        expectSemi();
        if (tok != LBRACE) {
          parseSimpleStmt(BASIC);
        }
      }
      exprLev = prevLev;
    }
    int end = parseBlockStmt();
    expectSemi();
    if (isRange) {
      if (s2.list.size() > 2) {
        errorExpected(s2.list.get(s2.list.size() - 1).pos, "at most 2 expressions");
      }
    } else {
      makeExpr(s2, "boolean or range expression");
    }
    return end;
  }

  /** Parses a statement; returns where it ends (as go/ast's End). */
  private int parseStmt() {
    int p = pos;
    switch (tok) {
      case CONST, TYPE, VAR:
        return parseDecl(STMT_START);
      case IDENT, INT, FLOAT, IMAG, CHAR, STRING, FUNC, LPAREN, LBRACK, STRUCT, MAP, CHAN, INTERFACE, ADD, SUB,
          MUL, AND, XOR, ARROW, NOT: {
        SyntaxNode s = parseSimpleStmt(LABEL_OK);
        if (!s.is(Kind.LABELED_STMT)) {
          expectSemi();
        }
        return s.end;
      }
      case GO, DEFER: {
        GoToken t = tok;
        next();
        int end = parseCallExpr(t.text);
        expectSemi();
        return end >= 0 ? end : p + t.text.length();
      }
      case RETURN: {
        next();
        int end = p + "return".length();
        if (tok != SEMICOLON && tok != RBRACE) {
          List<SyntaxNode> results = parseList(true);
          end = results.get(results.size() - 1).end;
        }
        expectSemi();
        return end;
      }
      case BREAK, CONTINUE, GOTO, FALLTHROUGH: {
        GoToken t = tok;
        next();
        int end = p + t.text.length();
        if (t != FALLTHROUGH && tok == IDENT) {
          end = parseIdent().end;
        }
        expectSemi();
        return end;
      }
      case LBRACE: {
        int end = parseBlockStmt();
        expectSemi();
        return end;
      }
      case IF:
        return parseIfStmt();
      case SWITCH:
        return parseSwitchStmt();
      case SELECT:
        return parseSelectStmt();
      case FOR:
        return parseForStmt();
      case SEMICOLON: {
        boolean implicit = lit.equals("\n");
        next();
        return implicit ? p : p + 1;
      }
      case RBRACE:
        return p; // an empty statement before a closing "}"
      default:
        errorExpected(p, "statement");
        advance(STMT_START);
        return pos;
    }
  }

  // Declarations.

  private int parseImportSpec() {
    if (tok == IDENT) {
      parseIdent();
    } else if (tok == PERIOD) {
      next();
    }
    int end = pos;
    if (tok == STRING) {
      end = pos + lit.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      next();
    } else if (tok.isLiteral()) {
      error(pos, "import path must be a string");
      next();
    } else {
      error(pos, "missing import path");
      advance(EXPR_END);
    }
    expectSemi();
    return end;
  }

  private int parseValueSpec(GoToken keyword) {
    int end = parseIdentList();
    SyntaxNode typ = null;
    List<SyntaxNode> values = List.of();
    if (keyword == CONST) {
      if (tok != EOF && tok != SEMICOLON && tok != RPAREN) {
        typ = tryIdentOrType();
        if (tok == ASSIGN) {
          next();
          values = parseList(true);
        }
      }
    } else {
      if (tok != ASSIGN) {
        typ = parseType();
      }
      if (tok == ASSIGN) {
        next();
        values = parseList(true);
      }
    }
    expectSemi();
    return !values.isEmpty() ? values.get(values.size() - 1).end : typ != null ? typ.end : end;
  }

  private int parseTypeSpec() {
    parseIdent();
    int end;
    if (tok == LBRACK) {
      int lbrack = pos;
      next();
      if (tok == IDENT) {
        // an array length or a type parameter list: decided by what follows the name
        SyntaxNode x = parseIdent();
        if (tok != LBRACK) {
          exprLev++;
          SyntaxNode lhs = parsePrimaryExpr(x);
          x = parseBinaryExpr(lhs, 1);
          exprLev--;
        }
        SyntaxNode[] np = extractName(x, tok == COMMA);
        if (np[0] != null && (np[1] != null || tok != RBRACK)) {
          parseParameterList(np[0], np[1], RBRACK);
          expect(RBRACK);
          if (tok == ASSIGN) {
            next();
          }
          end = parseType().end;
        } else {
          end = parseArrayType(lbrack, x).end;
        }
      } else {
        end = parseArrayType(lbrack, null).end;
      }
    } else {
      if (tok == ASSIGN) {
        next();
      }
      end = parseType().end;
    }
    expectSemi();
    return end;
  }

  /** Splits "P constraint" parsed as an expression into {name, constraint}; {null, x} when it is not one. */
  private static SyntaxNode[] extractName(SyntaxNode x, boolean force) {
    switch (x.kind) {
      case IDENT:
        return new SyntaxNode[] {x, null};
      case BINARY:
        if (x.op == MUL) {
          if (x.x.is(Kind.IDENT) && (force || isTypeElem(x.y))) {
            return new SyntaxNode[] {x.x, SyntaxNode.of(Kind.STAR, x.opPos, x.y.end, x.y)};
          }
        } else if (x.op == OR) {
          SyntaxNode[] r = extractName(x.x, force || isTypeElem(x.y));
          if (r[0] != null && r[1] != null) {
            return new SyntaxNode[] {r[0], binary(r[1], OR, x.opPos, x.y)};
          }
        }
        break;
      case CALL:
        if (x.x.is(Kind.IDENT) && x.list.size() == 1 && !x.flag && (force || isTypeElem(x.list.get(0)))) {
          return new SyntaxNode[] {x.x, x.list.get(0)};
        }
        break;
      default:
        break;
    }
    return new SyntaxNode[] {null, x};
  }

  private static boolean isTypeElem(SyntaxNode x) {
    switch (x.kind) {
      case ARRAY_TYPE, STRUCT_TYPE, FUNC_TYPE, INTERFACE_TYPE, MAP_TYPE, CHAN_TYPE:
        return true;
      case BINARY:
        return isTypeElem(x.x) || isTypeElem(x.y);
      case UNARY:
        return x.op == TILDE;
      case PAREN:
        return isTypeElem(x.x);
      default:
        return false;
    }
  }

  /** Returns the declaration's end. */
  private int parseGenDecl(GoToken keyword) {
    expect(keyword);
    if (tok == LPAREN) {
      next();
      while (tok != RPAREN && tok != EOF) {
        spec(keyword);
      }
      int rparen = expect(RPAREN);
      expectSemi();
      return rparen + 1;
    }
    return spec(keyword);
  }

  private int spec(GoToken keyword) {
    switch (keyword) {
      case IMPORT:
        return parseImportSpec();
      case TYPE:
        return parseTypeSpec();
      default:
        return parseValueSpec(keyword);
    }
  }

  private void parseFuncDecl() {
    expect(FUNC);
    boolean method = false;
    if (tok == LPAREN) {
      method = true;
      parseParameters(false);
    }
    parseIdent();
    int[] params = parseParameters(true);
    if (method && params[0] >= 0) {
      error(params[0], "method must have no type parameters");
    }
    parseResult();
    switch (tok) {
      case LBRACE -> {
        parseBlockStmt();
        expectSemi();
      }
      case SEMICOLON -> {
        next();
        if (tok == LBRACE) {
          error(pos, "unexpected semicolon or newline before {");
          parseBlockStmt();
          expectSemi();
        }
      }
      default -> expectSemi();
    }
  }

  /** Returns the declaration's end (needed for a declaration statement only). */
  private int parseDecl(Set<GoToken> sync) {
    switch (tok) {
      case IMPORT, CONST, VAR, TYPE:
        return parseGenDecl(tok);
      case FUNC:
        parseFuncDecl();
        return pos;
      default:
        errorExpected(pos, "declaration");
        advance(sync);
        return pos;
    }
  }

  private void parseFile() {
    if (!errors.isEmpty()) {
      return; // not Go source at all
    }
    expect(PACKAGE);
    parseIdent();
    expectSemi();
    if (!errors.isEmpty()) {
      return;
    }
    while (tok == IMPORT) {
      parseGenDecl(IMPORT);
    }
    GoToken prev = IMPORT;
    while (tok != EOF) {
      if (tok == IMPORT && prev != IMPORT) {
        error(pos, "imports must appear before other declarations");
      }
      prev = tok;
      parseDecl(DECL_START);
    }
  }

  /**
   * At "func" in a script: whether a function literal follows rather than a declaration, that is,
   * whether "func (...)" is not followed by a method name.
   */
  private boolean funcLiteralAhead() {
    GoScanner ahead = scanner.lookahead();
    ahead.scan();
    if (ahead.tok != LPAREN) {
      return false;
    }
    int depth = 0;
    do {
      if (ahead.tok == LPAREN) {
        depth++;
      } else if (ahead.tok == RPAREN) {
        depth--;
      }
      ahead.scan();
    } while (depth > 0 && ahead.tok != EOF);
    return ahead.tok != IDENT;
  }

  /** gol's script mode: imports, func declarations and statements at top level. */
  private void parseScript() {
    while (tok != EOF) {
      switch (tok) {
        case IMPORT -> parseGenDecl(IMPORT);
        case FUNC -> {
          if (funcLiteralAhead()) {
            parseStmt(); // func() { ... }() at top level
          } else {
            parseFuncDecl();
          }
        }
        case RBRACE, CASE, DEFAULT -> {
          errorExpected(pos, "statement");
          next();
        }
        default -> parseStmt();
      }
    }
  }
}

