package gol.interp.gofmt;

import static gol.interp.gofmt.GoToken.*;

import gol.interp.gofmt.SyntaxNode.Kind;
import java.util.ArrayList;
import java.util.List;

/** Expressions, operands and function literals, parsed as go/parser parses them (see SyntaxCheck). */
abstract class SyntaxExprs extends SyntaxTypes {
  SyntaxExprs(byte[] src) {
    super(src);
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

  SyntaxNode parsePrimaryExpr(SyntaxNode x) {
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

  SyntaxNode parseBinaryExpr(SyntaxNode x, int prec1) {
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

  @Override
  SyntaxNode parseExpr() {
    return parseBinaryExpr(null, 1);
  }

  @Override
  SyntaxNode parseRhs() {
    boolean old = inRhs;
    inRhs = true;
    SyntaxNode x = parseExpr();
    inRhs = old;
    return x;
  }

}
