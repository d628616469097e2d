package gol.interp.gofmt;

import static gol.interp.gofmt.GoToken.*;

import gol.interp.gofmt.SyntaxNode.Kind;
import java.util.ArrayList;
import java.util.List;

/** Types, identifiers and lists, parsed as go/parser parses them (see SyntaxCheck). */
abstract class SyntaxTypes extends SyntaxBase {
  SyntaxTypes(byte[] src) {
    super(src);
  }

  /** An expression (SyntaxExprs). */
  abstract SyntaxNode parseExpr();

  /** An expression on the right-hand side of an assignment (SyntaxExprs). */
  abstract SyntaxNode parseRhs();

  /** A block; returns its end offset (SyntaxCheck). */
  abstract int parseBlockStmt();

  // Identifiers, lists, types.

  SyntaxNode parseIdent() {
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
  int parseIdentList() {
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

  List<SyntaxNode> parseList(boolean rhs) {
    boolean old = inRhs;
    inRhs = rhs;
    List<SyntaxNode> list = parseExprList();
    inRhs = old;
    return list;
  }

  SyntaxNode parseType() {
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

  SyntaxNode parseArrayType(int lbrack, SyntaxNode len) {
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
  int parseParameterList(SyntaxNode name0, SyntaxNode typ0, GoToken closing) {
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
  int[] parseParameters(boolean acceptTParams) {
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
  int parseResult() {
    if (tok == LPAREN) {
      return parseParameters(false)[1];
    }
    SyntaxNode typ = tryIdentOrType();
    return typ != null ? typ.end : -1;
  }

  SyntaxNode parseFuncType() {
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

  SyntaxNode tryIdentOrType() {
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

}
