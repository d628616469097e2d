package gol.interp.gofmt;

import static gol.interp.gofmt.GoToken.*;

import gol.interp.gofmt.SyntaxNode.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
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
 */
final class SyntaxCheck {
  /** One error: gofmt prints it as FILE:LINE:COL: MESSAGE (column in bytes). */
  record Error(int line, int col, String message) {
  }

  /** Parsing stops: too many errors. */
  private static final class Bailout extends RuntimeException {
    Bailout() {
      super(null, null, false, false);
    }
  }

  private static final Set<GoToken> STMT_START = EnumSet.of(BREAK, CONST, CONTINUE, DEFER, FALLTHROUGH, FOR,
      GO, GOTO, IF, RETURN, SELECT, SWITCH, TYPE, VAR);
  private static final Set<GoToken> DECL_START = EnumSet.of(IMPORT, CONST, TYPE, VAR);
  private static final Set<GoToken> EXPR_END = EnumSet.of(COMMA, COLON, SEMICOLON, RPAREN, RBRACK, RBRACE);

  private static final int BASIC = 0;
  private static final int LABEL_OK = 1;
  private static final int RANGE_OK = 2;

  private final byte[] src;
  private final int[] lineStarts;
  private final List<Error> errors = new ArrayList<>();
  private final GoScanner scanner;

  private GoToken tok;
  private int pos;
  private String lit;
  private int syncPos = -1;
  private int syncCnt;
  /** Below 0 in a control clause (where "{" opens the block, not a composite literal). */
  private int exprLev;
  private boolean inRhs;

  private SyntaxCheck(byte[] src) {
    this.src = src;
    this.lineStarts = lineStarts(src);
    this.scanner = new GoScanner(src, (msg, offset) -> errors.add(at(offset, msg)));
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

  private Error at(int offset, String msg) {
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

  private void next() {
    scanner.scan();
    tok = scanner.tok;
    pos = scanner.pos;
    lit = scanner.lit;
  }

  private void error(int at, String msg) {
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

  private void errorExpected(int at, String what) {
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

  private int expect(GoToken t) {
    int p = pos;
    if (tok != t) {
      errorExpected(p, "'" + t.text + "'");
    }
    next(); // make progress
    return p;
  }

  /** Like expect, but -1 when the token is not there. */
  private int expect2(GoToken t) {
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
  private int expectClosing(GoToken t, String context) {
    if (tok != t && tok == SEMICOLON && lit.equals("\n")) {
      error(pos, "missing ',' before newline in " + context);
      next();
    }
    return expect(t);
  }

  private void expectSemi() {
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

  private boolean atComma(String context, GoToken follow) {
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
  private void advance(Set<GoToken> to) {
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

  private int safePos(int p) {
    return Math.min(p, src.length);
  }

  // Nodes.

  private static SyntaxNode node(Kind k, int pos, int end) {
    return new SyntaxNode(k, pos, end);
  }

  private static SyntaxNode bad(int from, int to) {
    return node(Kind.BAD, from, to);
  }

  private SyntaxNode ident(int at, String name) {
    return node(Kind.IDENT, at, at + name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
  }

  private static SyntaxNode indexExpr(SyntaxNode x, List<SyntaxNode> args, int rbrack) {
    SyntaxNode n = SyntaxNode.of(args.size() == 1 ? Kind.INDEX : Kind.INDEX_LIST, x.pos, rbrack + 1, x);
    n.list = args;
    return n;
  }

  // Identifiers, lists, types.

  private SyntaxNode parseIdent() {
    int p = pos;
    String name = "_";
    if (tok == IDENT) {
      name = lit;
      next();
    } else {
      expect(IDENT);
    }
    return ident(p, name);
  }

  /** Returns the end of the last name. */
  private int parseIdentList() {
    int end = parseIdent().end;
    while (tok == COMMA) {
      next();
      end = parseIdent().end;
    }
    return end;
  }

  private List<SyntaxNode> parseExprList() {
    List<SyntaxNode> list = new ArrayList<>();
    list.add(parseExpr());
    while (tok == COMMA) {
      next();
      list.add(parseExpr());
    }
    return list;
  }

  private List<SyntaxNode> parseList(boolean rhs) {
    boolean old = inRhs;
    inRhs = rhs;
    List<SyntaxNode> list = parseExprList();
    inRhs = old;
    return list;
  }

  private SyntaxNode parseType() {
    SyntaxNode typ = tryIdentOrType();
    if (typ == null) {
      int p = pos;
      errorExpected(p, "type");
      advance(EXPR_END);
      return bad(p, pos);
    }
    return typ;
  }

  private SyntaxNode parseQualifiedIdent(SyntaxNode id) {
    SyntaxNode typ = parseTypeName(id);
    if (tok == LBRACK) {
      typ = parseTypeInstance(typ);
    }
    return typ;
  }

  private SyntaxNode parseTypeName(SyntaxNode id) {
    if (id == null) {
      id = parseIdent();
    }
    if (tok == PERIOD) {
      next();
      SyntaxNode sel = parseIdent();
      return SyntaxNode.of(Kind.SELECTOR, id.pos, sel.end, id);
    }
    return id;
  }

  private SyntaxNode parseArrayType(int lbrack, SyntaxNode len) {
    if (len == null) {
      exprLev++;
      if (tok == ELLIPSIS) {
        next();
      } else if (tok != RBRACK) {
        parseRhs();
      }
      exprLev--;
    }
    if (tok == COMMA) {
      error(pos, "unexpected comma; expecting ]");
      next();
    }
    expect(RBRACK);
    SyntaxNode elt = parseType();
    return node(Kind.ARRAY_TYPE, lbrack, elt.end);
  }

  /** {@code [n]T} or {@code x[args]} after a name: {name or null, type}. */
  private SyntaxNode[] parseArrayFieldOrTypeInstance(SyntaxNode x) {
    int lbrack = expect(LBRACK);
    int trailingComma = -1;
    List<SyntaxNode> args = new ArrayList<>();
    if (tok != RBRACK) {
      exprLev++;
      args.add(parseRhs());
      while (tok == COMMA) {
        int comma = pos;
        next();
        if (tok == RBRACK) {
          trailingComma = comma;
          break;
        }
        args.add(parseRhs());
      }
      exprLev--;
    }
    int rbrack = expect(RBRACK);
    if (args.isEmpty()) {
      SyntaxNode elt = parseType();
      return new SyntaxNode[] {x, node(Kind.ARRAY_TYPE, lbrack, elt.end)};
    }
    if (args.size() == 1) {
      SyntaxNode elt = tryIdentOrType();
      if (elt != null) {
        if (trailingComma >= 0) {
          error(trailingComma, "unexpected comma; expecting ]");
        }
        return new SyntaxNode[] {x, node(Kind.ARRAY_TYPE, lbrack, elt.end)};
      }
    }
    return new SyntaxNode[] {null, indexExpr(x, args, rbrack)};
  }

  private void parseFieldDecl() {
    switch (tok) {
      case IDENT -> {
        SyntaxNode name = parseIdent();
        if (tok == PERIOD || tok == STRING || tok == SEMICOLON || tok == RBRACE) {
          if (tok == PERIOD) {
            parseQualifiedIdent(name);
          }
        } else {
          int names = 1;
          while (tok == COMMA) {
            next();
            parseIdent();
            names++;
          }
          if (names == 1 && tok == LBRACK) {
            parseArrayFieldOrTypeInstance(name);
          } else {
            parseType();
          }
        }
      }
      case MUL -> {
        next();
        if (tok == LPAREN) {
          error(pos, "cannot parenthesize embedded type");
          next();
          parseQualifiedIdent(null);
          if (tok == RPAREN) {
            next();
          }
        } else {
          parseQualifiedIdent(null);
        }
      }
      case LPAREN -> {
        error(pos, "cannot parenthesize embedded type");
        next();
        if (tok == MUL) {
          next();
        }
        parseQualifiedIdent(null);
        if (tok == RPAREN) {
          next();
        }
      }
      default -> {
        errorExpected(pos, "field name or embedded type");
        advance(EXPR_END);
      }
    }
    if (tok == STRING) {
      next(); // the tag
    }
    expectSemi();
  }

  private SyntaxNode parseStructType() {
    int p = expect(STRUCT);
    expect(LBRACE);
    while (tok == IDENT || tok == MUL || tok == LPAREN) {
      parseFieldDecl();
    }
    int rbrace = expect(RBRACE);
    return node(Kind.STRUCT_TYPE, p, rbrace + 1);
  }

  private SyntaxNode parsePointerType() {
    int star = expect(MUL);
    SyntaxNode base = parseType();
    return SyntaxNode.of(Kind.STAR, star, base.end, base);
  }

  private SyntaxNode parseDotsType() {
    int p = expect(ELLIPSIS);
    SyntaxNode elt = parseType();
    return node(Kind.ELLIPSIS, p, elt.end);
  }

  /** A parameter: its name and type, either possibly null. */
  private record Param(SyntaxNode name, SyntaxNode typ) {
  }

  private Param parseParamDecl(SyntaxNode name, boolean typeSetsOk) {
    if (name == null && typeSetsOk && tok == TILDE) {
      return new Param(null, embeddedElem(null));
    }
    SyntaxNode fname = null;
    SyntaxNode ftyp = null;
    if (name != null || tok == IDENT) {
      fname = name != null ? name : parseIdent();
      switch (tok) {
        case IDENT, MUL, ARROW, FUNC, CHAN, MAP, STRUCT, INTERFACE, LPAREN -> ftyp = parseType();
        case LBRACK -> {
          SyntaxNode[] r = parseArrayFieldOrTypeInstance(fname);
          fname = r[0];
          ftyp = r[1];
        }
        case ELLIPSIS -> {
          return new Param(fname, parseDotsType()); // no "|" after ...T
        }
        case PERIOD -> {
          ftyp = parseQualifiedIdent(fname);
          fname = null;
        }
        case TILDE -> {
          if (typeSetsOk) {
            return new Param(fname, embeddedElem(null));
          }
        }
        case OR -> {
          if (typeSetsOk) {
            return new Param(null, embeddedElem(fname));
          }
        }
        default -> {
        }
      }
    } else {
      switch (tok) {
        case MUL, ARROW, FUNC, LBRACK, CHAN, MAP, STRUCT, INTERFACE, LPAREN -> ftyp = parseType();
        case ELLIPSIS -> {
          return new Param(null, parseDotsType());
        }
        default -> {
          errorExpected(pos, "')'");
          advance(EXPR_END);
        }
      }
    }
    if (typeSetsOk && tok == OR && ftyp != null) {
      ftyp = embeddedElem(ftyp);
    }
    return new Param(fname, ftyp);
  }

  /** A parameter list up to {@code closing} (not consumed); returns how many entries it has. */
  private int parseParameterList(SyntaxNode name0, SyntaxNode typ0, GoToken closing) {
    boolean tparams = closing == RBRACK;
    int pos0 = pos;
    if (name0 != null) {
      pos0 = name0.pos;
    } else if (typ0 != null) {
      pos0 = typ0.pos;
    }
    List<Param> list = new ArrayList<>();
    int named = 0;
    int typed = 0;
    while (name0 != null || tok != closing && tok != EOF) {
      Param par;
      if (typ0 != null) {
        if (tparams) {
          typ0 = embeddedElem(typ0);
        }
        par = new Param(name0, typ0);
      } else {
        par = parseParamDecl(name0, tparams);
      }
      name0 = null;
      typ0 = null;
      if (par.name != null || par.typ != null) {
        list.add(par);
        if (par.name != null && par.typ != null) {
          named++;
        }
        if (par.typ != null) {
          typed++;
        }
      }
      if (!atComma("parameter list", closing)) {
        break;
      }
      next();
    }
    if (list.isEmpty()) {
      return 0;
    }
    String suffix = list.size() == 1 ? " or invalid array length" : "";
    if (named == 0) {
      if (tparams) {
        if (named == typed) {
          error(pos, "missing type constraint");
        } else {
          error(pos0, "missing type parameter name" + suffix);
        }
      }
    } else if (named != list.size()) {
      int errPos = -1;
      boolean haveType = false;
      for (int i = list.size() - 1; i >= 0; i--) {
        Param par = list.get(i);
        if (par.typ != null) {
          haveType = true;
          if (par.name == null) {
            errPos = par.typ.pos;
          }
        } else if (!haveType) {
          errPos = par.name.pos;
        }
      }
      if (errPos >= 0) {
        String msg;
        if (tparams) {
          if (named == typed) {
            errPos = pos;
            msg = "missing type constraint";
          } else {
            msg = "missing type parameter name" + suffix;
          }
        } else {
          msg = "mixed named and unnamed parameters";
        }
        error(errPos, msg);
      }
    }
    return list.size();
  }

  /** The type parameters' "[" (or -1) and the end of the parameters' ")". */
  private int[] parseParameters(boolean acceptTParams) {
    int tparams = -1;
    if (acceptTParams && tok == LBRACK) {
      int opening = pos;
      next();
      int n = parseParameterList(null, null, RBRACK);
      int rbrack = expect(RBRACK);
      if (n == 0) {
        error(rbrack, "empty type parameter list");
      } else {
        tparams = opening;
      }
    }
    expect(LPAREN);
    if (tok != RPAREN) {
      parseParameterList(null, null, RPAREN);
    }
    int rparen = expect(RPAREN);
    return new int[] {tparams, rparen + 1};
  }

  /** The end of the result, or -1 when there is none. */
  private int parseResult() {
    if (tok == LPAREN) {
      return parseParameters(false)[1];
    }
    SyntaxNode typ = tryIdentOrType();
    return typ != null ? typ.end : -1;
  }

  private SyntaxNode parseFuncType() {
    int p = expect(FUNC);
    int[] params = parseParameters(true);
    if (params[0] >= 0) {
      error(params[0], "function type must have no type parameters");
    }
    int results = parseResult();
    return node(Kind.FUNC_TYPE, p, results >= 0 ? results : params[1]);
  }

  /** An interface element starting with a name; returns its type, or null for a method. */
  private SyntaxNode parseMethodSpec() {
    SyntaxNode x = parseTypeName(null);
    if (!x.is(Kind.IDENT)) {
      return tok == LBRACK ? parseTypeInstance(x) : x;
    }
    if (tok == LBRACK) {
      int lbrack = pos;
      next();
      exprLev++;
      SyntaxNode x0 = parseExpr();
      exprLev--;
      if (x0.is(Kind.IDENT) && tok != COMMA && tok != RBRACK) {
        parseParameterList(x0, null, RBRACK);
        expect(RBRACK);
        error(lbrack, "interface method must have no type parameters");
        parseParameters(false);
        parseResult();
        return null;
      }
      List<SyntaxNode> list = new ArrayList<>();
      list.add(x0);
      if (atComma("type argument list", RBRACK)) {
        exprLev++;
        next();
        typeArguments(list);
        exprLev--;
      }
      int rbrack = expectClosing(RBRACK, "type argument list");
      return indexExpr(x, list, rbrack);
    }
    if (tok == LPAREN) {
      parseParameters(false);
      parseResult();
      return null;
    }
    return x;
  }

  private SyntaxNode embeddedElem(SyntaxNode x) {
    if (x == null) {
      x = embeddedTerm();
    }
    while (tok == OR) {
      int opPos = pos;
      next();
      SyntaxNode y = embeddedTerm();
      x = binary(x, OR, opPos, y);
    }
    return x;
  }

  private SyntaxNode embeddedTerm() {
    if (tok == TILDE) {
      int p = pos;
      next();
      SyntaxNode t = parseType();
      SyntaxNode u = SyntaxNode.of(Kind.UNARY, p, t.end, t);
      u.op = TILDE;
      return u;
    }
    SyntaxNode t = tryIdentOrType();
    if (t == null) {
      int p = pos;
      errorExpected(p, "~ term or type");
      advance(EXPR_END);
      return bad(p, pos);
    }
    return t;
  }

  private SyntaxNode parseInterfaceType() {
    int p = expect(INTERFACE);
    expect(LBRACE);
    while (true) {
      if (tok == IDENT) {
        SyntaxNode typ = parseMethodSpec();
        if (typ != null) {
          embeddedElem(typ);
        }
        expectSemi();
      } else if (tok == TILDE) {
        embeddedElem(null);
        expectSemi();
      } else {
        SyntaxNode t = tryIdentOrType();
        if (t == null) {
          break;
        }
        embeddedElem(t);
        expectSemi();
      }
    }
    int rbrace = expect(RBRACE);
    return node(Kind.INTERFACE_TYPE, p, rbrace + 1);
  }

  private SyntaxNode parseMapType() {
    int p = expect(MAP);
    expect(LBRACK);
    parseType();
    expect(RBRACK);
    SyntaxNode value = parseType();
    return node(Kind.MAP_TYPE, p, value.end);
  }

  private SyntaxNode parseChanType() {
    int p = pos;
    int dir = SyntaxNode.SEND | SyntaxNode.RECV;
    int arrow = -1;
    if (tok == CHAN) {
      next();
      if (tok == ARROW) {
        arrow = pos;
        next();
        dir = SyntaxNode.SEND;
      }
    } else {
      arrow = expect(ARROW);
      expect(CHAN);
      dir = SyntaxNode.RECV;
    }
    SyntaxNode value = parseType();
    SyntaxNode c = SyntaxNode.of(Kind.CHAN_TYPE, p, value.end, value);
    c.dir = dir;
    c.arrow = arrow;
    return c;
  }

  private SyntaxNode parseTypeInstance(SyntaxNode typ) {
    int opening = expect(LBRACK);
    exprLev++;
    List<SyntaxNode> list = new ArrayList<>();
    typeArguments(list);
    exprLev--;
    int closing = expectClosing(RBRACK, "type argument list");
    if (list.isEmpty()) {
      errorExpected(closing, "type argument list");
      return indexExpr(typ, List.of(bad(opening + 1, closing)), closing);
    }
    return indexExpr(typ, list, closing);
  }

  /** Types separated by commas up to a closing ']' (a trailing comma allowed), added to list. */
  private void typeArguments(List<SyntaxNode> list) {
    while (tok != RBRACK && tok != EOF) {
      list.add(parseType());
      if (!atComma("type argument list", RBRACK)) {
        break;
      }
      next();
    }
  }

  private SyntaxNode tryIdentOrType() {
    switch (tok) {
      case IDENT: {
        SyntaxNode typ = parseTypeName(null);
        if (tok == LBRACK) {
          typ = parseTypeInstance(typ);
        }
        return typ;
      }
      case LBRACK:
        return parseArrayType(expect(LBRACK), null);
      case STRUCT:
        return parseStructType();
      case MUL:
        return parsePointerType();
      case FUNC:
        return parseFuncType();
      case INTERFACE:
        return parseInterfaceType();
      case MAP:
        return parseMapType();
      case CHAN, ARROW:
        return parseChanType();
      case LPAREN: {
        int lparen = pos;
        next();
        SyntaxNode typ = parseType();
        int rparen = expect(RPAREN);
        return SyntaxNode.of(Kind.PAREN, lparen, rparen + 1, typ);
      }
      default:
        return null;
    }
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
  private int parseBlockStmt() {
    int lbrace = expect(LBRACE);
    int last = parseStmtList();
    int rbrace = expect2(RBRACE);
    return rbrace >= 0 ? rbrace + 1 : last >= 0 ? last : lbrace + 1;
  }

  private SyntaxNode parseFuncTypeOrLit() {
    SyntaxNode typ = parseFuncType();
    if (tok != LBRACE) {
      return typ;
    }
    exprLev++;
    int end = parseBlockStmt();
    exprLev--;
    return node(Kind.FUNC_LIT, typ.pos, end);
  }

  // Expressions.

  private SyntaxNode parseOperand() {
    switch (tok) {
      case IDENT:
        return parseIdent();
      case INT, FLOAT, IMAG, CHAR, STRING: {
        SyntaxNode x = node(Kind.BASIC_LIT, pos, pos + lit.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        next();
        return x;
      }
      case LPAREN: {
        int lparen = pos;
        next();
        exprLev++;
        SyntaxNode x = parseRhs(); // types may be parenthesized: (some type)
        exprLev--;
        int rparen = expect(RPAREN);
        return SyntaxNode.of(Kind.PAREN, lparen, rparen + 1, x);
      }
      case FUNC:
        return parseFuncTypeOrLit();
      default:
        break;
    }
    SyntaxNode typ = tryIdentOrType();
    if (typ != null) {
      return typ;
    }
    int p = pos;
    errorExpected(p, "operand");
    advance(STMT_START);
    return bad(p, pos);
  }

  private SyntaxNode parseTypeAssertion(SyntaxNode x) {
    expect(LPAREN);
    boolean typeSwitch = false;
    if (tok == TYPE) {
      next();
      typeSwitch = true;
    } else {
      parseType();
    }
    int rparen = expect(RPAREN);
    SyntaxNode a = SyntaxNode.of(Kind.TYPE_ASSERT, x.pos, rparen + 1, x);
    a.flag = typeSwitch;
    return a;
  }

  private SyntaxNode parseIndexOrSliceOrInstance(SyntaxNode x) {
    expect(LBRACK);
    if (tok == RBRACK) {
      errorExpected(pos, "operand");
      int rbrack = pos;
      next();
      return indexExpr(x, List.of(bad(rbrack, rbrack)), rbrack);
    }
    exprLev++;
    SyntaxNode[] index = new SyntaxNode[3];
    int[] colons = new int[2];
    List<SyntaxNode> args = new ArrayList<>();
    if (tok != COLON) {
      index[0] = parseRhs();
    }
    int ncolons = 0;
    if (tok == COLON) {
      while (tok == COLON && ncolons < 2) {
        colons[ncolons] = pos;
        ncolons++;
        next();
        if (tok != COLON && tok != RBRACK && tok != EOF) {
          index[ncolons] = parseRhs();
        }
      }
    } else if (tok == COMMA) {
      args.add(index[0]);
      while (tok == COMMA) {
        next();
        if (tok != RBRACK && tok != EOF) {
          args.add(parseType());
        }
      }
    }
    exprLev--;
    int rbrack = expect(RBRACK);
    if (ncolons > 0) {
      if (ncolons == 2) {
        if (index[1] == null) {
          error(colons[0], "middle index required in 3-index slice");
        }
        if (index[2] == null) {
          error(colons[1], "final index required in 3-index slice");
        }
      }
      return SyntaxNode.of(Kind.SLICE, x.pos, rbrack + 1, x);
    }
    if (args.isEmpty()) {
      return indexExpr(x, List.of(index[0]), rbrack);
    }
    return indexExpr(x, args, rbrack);
  }

  private SyntaxNode parseCallOrConversion(SyntaxNode fun) {
    expect(LPAREN);
    exprLev++;
    List<SyntaxNode> list = new ArrayList<>();
    boolean ellipsis = false;
    while (tok != RPAREN && tok != EOF && !ellipsis) {
      list.add(parseRhs()); // builtins may take a type: make(some type, ...)
      if (tok == ELLIPSIS) {
        ellipsis = true;
        next();
      }
      if (!atComma("argument list", RPAREN)) {
        break;
      }
      next();
    }
    exprLev--;
    int rparen = expectClosing(RPAREN, "argument list");
    SyntaxNode call = SyntaxNode.of(Kind.CALL, fun.pos, rparen + 1, fun);
    call.list = list;
    call.flag = ellipsis;
    return call;
  }

  private SyntaxNode parseValue() {
    return tok == LBRACE ? parseLiteralValue(null) : parseExpr();
  }

  private void parseElement() {
    SyntaxNode x = parseValue();
    if (tok == COLON) {
      next();
      parseValue();
    }
  }

  private SyntaxNode parseLiteralValue(SyntaxNode typ) {
    int lbrace = expect(LBRACE);
    exprLev++;
    if (tok != RBRACE) {
      while (tok != RBRACE && tok != EOF) {
        parseElement();
        if (!atComma("composite literal", RBRACE)) {
          break;
        }
        next();
      }
    }
    exprLev--;
    int rbrace = expectClosing(RBRACE, "composite literal");
    return SyntaxNode.of(Kind.COMPOSITE_LIT, typ != null ? typ.pos : lbrace, rbrace + 1, typ);
  }

  private SyntaxNode parsePrimaryExpr(SyntaxNode x) {
    if (x == null) {
      x = parseOperand();
    }
    while (true) {
      switch (tok) {
        case PERIOD -> {
          next();
          switch (tok) {
            case IDENT -> {
              SyntaxNode sel = parseIdent();
              x = SyntaxNode.of(Kind.SELECTOR, x.pos, sel.end, x);
            }
            case LPAREN -> x = parseTypeAssertion(x);
            default -> {
              int p = pos;
              errorExpected(p, "selector or type assertion");
              if (tok != RBRACE) {
                next(); // make progress
              }
              x = SyntaxNode.of(Kind.SELECTOR, x.pos, p + 1, x);
            }
          }
        }
        case LBRACK -> x = parseIndexOrSliceOrInstance(x);
        case LPAREN -> x = parseCallOrConversion(x);
        case LBRACE -> {
          // a composite literal, when x can be its type
          SyntaxNode t = x.unparen();
          switch (t.kind) {
            case BAD, IDENT, SELECTOR, INDEX, INDEX_LIST -> {
              if (exprLev < 0) {
                return x; // in a control clause: "{" opens the block
              }
            }
            case ARRAY_TYPE, STRUCT_TYPE, MAP_TYPE -> {
            }
            default -> {
              return x;
            }
          }
          if (t != x) {
            error(t.pos, "cannot parenthesize type in composite literal");
          }
          x = parseLiteralValue(x);
        }
        default -> {
          return x;
        }
      }
    }
  }

  private SyntaxNode parseUnaryExpr() {
    switch (tok) {
      case ADD, SUB, NOT, XOR, AND, TILDE: {
        int p = pos;
        GoToken op = tok;
        next();
        SyntaxNode x = parseUnaryExpr();
        SyntaxNode u = SyntaxNode.of(Kind.UNARY, p, x.end, x);
        u.op = op;
        return u;
      }
      case ARROW: {
        int arrow = pos;
        next();
        SyntaxNode x = parseUnaryExpr();
        if (x.is(Kind.CHAN_TYPE)) {
          // <-chan T: fold the arrow into the channel type(s)
          int dir = SyntaxNode.SEND;
          SyntaxNode typ = x;
          while (typ != null && dir == SyntaxNode.SEND) {
            if (typ.dir == SyntaxNode.RECV) {
              errorExpected(typ.arrow, "'chan'");
            }
            int nextArrow = typ.arrow;
            typ.pos = arrow;
            typ.arrow = arrow;
            arrow = nextArrow;
            dir = typ.dir;
            typ.dir = SyntaxNode.RECV;
            typ = typ.x != null && typ.x.is(Kind.CHAN_TYPE) ? typ.x : null;
          }
          if (dir == SyntaxNode.SEND) {
            errorExpected(arrow, "channel type");
          }
          return x;
        }
        SyntaxNode u = SyntaxNode.of(Kind.UNARY, arrow, x.end, x);
        u.op = ARROW;
        return u;
      }
      case MUL: {
        int p = pos;
        next();
        SyntaxNode x = parseUnaryExpr();
        return SyntaxNode.of(Kind.STAR, p, x.end, x);
      }
      default:
        return parsePrimaryExpr(null);
    }
  }

  private static SyntaxNode binary(SyntaxNode x, GoToken op, int opPos, SyntaxNode y) {
    SyntaxNode b = SyntaxNode.of(Kind.BINARY, x.pos, y.end, x);
    b.y = y;
    b.op = op;
    b.opPos = opPos;
    return b;
  }

  private SyntaxNode parseBinaryExpr(SyntaxNode x, int prec1) {
    if (x == null) {
      x = parseUnaryExpr();
    }
    while (true) {
      GoToken op = inRhs && tok == ASSIGN ? EQL : tok; // "=" in an expression was meant as "=="
      int oprec = op.precedence();
      if (oprec < prec1) {
        return x;
      }
      int p = expect(op);
      SyntaxNode y = parseBinaryExpr(null, oprec + 1);
      x = binary(x, op, p, y);
    }
  }

  private SyntaxNode parseExpr() {
    return parseBinaryExpr(null, 1);
  }

  private SyntaxNode parseRhs() {
    boolean old = inRhs;
    inRhs = true;
    SyntaxNode x = parseExpr();
    inRhs = old;
    return x;
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
