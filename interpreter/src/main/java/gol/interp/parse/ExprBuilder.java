package gol.interp.parse;

import gol.grammar.GolErrorStrategy;
import gol.grammar.GolParser;
import gol.grammar.GolParser.*;
import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/** Expressions and literals of the parse tree as AST nodes, with Go's precedence (see AstBuilder). */
abstract class ExprBuilder extends TypeBuilder {
  ExprBuilder(String fileName, Diagnostics diags, TokenStream tokens) {
    super(fileName, diags, tokens);
  }

  /** A block statement (AstBuilder). */
  abstract Stmt.Block block(BlockContext ctx);

  // =============================================================================================
  // Expressions

  List<Expr> exprList(ExpressionListContext ctx) {
    List<Expr> out = new ArrayList<>(ctx.expression().size());
    for (ExpressionContext e : ctx.expression()) {
      out.add(expr(e));
    }
    return out;
  }

  List<Expr> exprList(ExpressionListNBContext ctx) {
    List<Expr> out = new ArrayList<>(ctx.expressionNB().size());
    for (ExpressionNBContext e : ctx.expressionNB()) {
      out.add(expr(e));
    }
    return out;
  }

  @Override
  Expr expr(ExpressionContext ctx) {
    if (ctx == null) {
      throw new IllegalStateException("missing expression");
    }
    if (ctx.getChildCount() == 1) {
      return unary(ctx.unaryExpr(0));
    }
    List<Expr> operands = new ArrayList<>();
    for (UnaryExprContext u : ctx.unaryExpr()) {
      operands.add(unary(u));
    }
    return climb(operands, ctx.binaryOp());
  }

  Expr expr(ExpressionNBContext ctx) {
    if (ctx == null) {
      throw new IllegalStateException("missing expression");
    }
    if (ctx.getChildCount() == 1) {
      return unary(ctx.unaryExprNB(0));
    }
    List<Expr> operands = new ArrayList<>();
    for (UnaryExprNBContext u : ctx.unaryExprNB()) {
      operands.add(unary(u));
    }
    return climb(operands, ctx.binaryOp());
  }

  /** Go's binary precedence: 5 {@code * / % << >> & &^}, 4 {@code + - | ^}, 3 comparisons, 2 &&, 1 ||. */
  private static int prec(int tokenType) {
    switch (tokenType) {
      case GolParser.MUL: case GolParser.QUO: case GolParser.REM:
      case GolParser.SHL: case GolParser.SHR: case GolParser.AND: case GolParser.AND_NOT:
        return 5;
      case GolParser.ADD: case GolParser.SUB: case GolParser.OR: case GolParser.XOR:
        return 4;
      case GolParser.EQL: case GolParser.NEQ: case GolParser.LSS:
      case GolParser.LEQ: case GolParser.GTR: case GolParser.GEQ:
        return 3;
      case GolParser.LAND:
        return 2;
      default:
        return 1; // LOR
    }
  }

  private static Tok binTok(int tokenType) {
    switch (tokenType) {
      case GolParser.MUL: return Tok.MUL;
      case GolParser.QUO: return Tok.QUO;
      case GolParser.REM: return Tok.REM;
      case GolParser.SHL: return Tok.SHL;
      case GolParser.SHR: return Tok.SHR;
      case GolParser.AND: return Tok.AND;
      case GolParser.AND_NOT: return Tok.AND_NOT;
      case GolParser.ADD: return Tok.ADD;
      case GolParser.SUB: return Tok.SUB;
      case GolParser.OR: return Tok.OR;
      case GolParser.XOR: return Tok.XOR;
      case GolParser.EQL: return Tok.EQL;
      case GolParser.NEQ: return Tok.NEQ;
      case GolParser.LSS: return Tok.LSS;
      case GolParser.LEQ: return Tok.LEQ;
      case GolParser.GTR: return Tok.GTR;
      case GolParser.GEQ: return Tok.GEQ;
      case GolParser.LAND: return Tok.LAND;
      default: return Tok.LOR;
    }
  }

  /** Operator-precedence parsing of the flat list {@code x0 op1 x1 op2 x2 ...}; all left-associative. */
  private static Expr climb(List<Expr> xs, List<BinaryOpContext> ops) {
    List<Expr> out = new ArrayList<>();
    List<Token> stack = new ArrayList<>();
    out.add(xs.get(0));
    for (int i = 0; i < ops.size(); i++) {
      Token op = ops.get(i).getStart();
      int p = prec(op.getType());
      while (!stack.isEmpty() && prec(stack.get(stack.size() - 1).getType()) >= p) {
        reduce(out, stack);
      }
      stack.add(op);
      out.add(xs.get(i + 1));
    }
    while (!stack.isEmpty()) {
      reduce(out, stack);
    }
    return out.get(0);
  }

  private static void reduce(List<Expr> out, List<Token> stack) {
    Token op = stack.remove(stack.size() - 1);
    Expr y = out.remove(out.size() - 1);
    Expr x = out.remove(out.size() - 1);
    out.add(new Expr.Binary(line(op), col(op), binTok(op.getType()), x, y));
  }

  private Expr unary(UnaryExprContext ctx) {
    if (ctx.primaryExpr() != null) {
      return primary(ctx.primaryExpr());
    }
    return unaryOp(ctx.unaryOp(), unary(ctx.unaryExpr()));
  }

  private Expr unary(UnaryExprNBContext ctx) {
    if (ctx.primaryExprNB() != null) {
      return primary(ctx.primaryExprNB());
    }
    return unaryOp(ctx.unaryOp(), unary(ctx.unaryExprNB()));
  }

  private Expr unaryOp(UnaryOpContext op, Expr x) {
    return unaryOp(op.getStart(), x);
  }

  private Expr unaryOp(Token t, Expr x) {
    int l = line(t);
    int c = col(t);
    switch (t.getType()) {
      case GolParser.MUL:
        return new Expr.Star(l, c, x);
      case GolParser.ADD:
        return new Expr.Unary(l, c, Tok.ADD, x);
      case GolParser.SUB:
        return new Expr.Unary(l, c, Tok.SUB, x);
      case GolParser.NOT:
        return new Expr.Unary(l, c, Tok.NOT, x);
      case GolParser.XOR:
        return new Expr.Unary(l, c, Tok.XOR, x);
      case GolParser.TILDE:
        return new Expr.Unary(l, c, Tok.TILDE, x);
      case GolParser.AND:
        return new Expr.Unary(l, c, Tok.AND, x.unparen()); // &(T{}) is &T{}, as in gc
      default:
        if (x instanceof Expr.ChanType ch) {
          return recvChan(t, ch); // <-chan T is a type, not a receive
        }
        return new Expr.Unary(l, c, Tok.ARROW, x);
    }
  }

  /**
   * Re-associates a {@code <-} in front of a channel type, as gc does: {@code <-(chan E)} is
   * {@code <-chan E} and {@code <-(chan<- E)} is {@code <-chan (<-E)}.
   */
  private Expr recvChan(Token arrow, Expr.ChanType ch) {
    Expr elem = ch.elem;
    if (ch.dir == Expr.ChanType.Dir.RECV) {
      syntaxError(arrow, "unexpected <-, expected chan");
    } else if (ch.dir == Expr.ChanType.Dir.SEND) {
      if (elem instanceof Expr.ChanType inner) {
        Expr.ChanType r = (Expr.ChanType) recvChan(arrow, inner);
        elem = new Expr.ChanType(inner.line, inner.col, r.dir, r.elem); // keeps the inner position
      } else {
        syntaxError(arrow, "unexpected " + AstString.expr(elem) + ", expected chan");
      }
    }
    return new Expr.ChanType(line(arrow), col(arrow), Expr.ChanType.Dir.RECV, elem);
  }

  private Expr primary(PrimaryExprContext ctx) {
    Expr x = operand(ctx.operand());
    for (SuffixContext s : ctx.suffix()) {
      x = suffix(x, s, s.literalValue());
    }
    return x;
  }

  private Expr primary(PrimaryExprNBContext ctx) {
    Expr x = operand(ctx.operandNB());
    for (SuffixNBContext s : ctx.suffixNB()) {
      x = suffix(x, s, null);
    }
    return x;
  }

  /** A composite literal of the given type (null when elided) with lv's elements. */
  private Expr.CompositeLit compositeLit(int line, int col, Expr type, LiteralValueContext lv) {
    Expr.CompositeLit c = new Expr.CompositeLit(line, col, type, elements(lv));
    Token end = lv.getStop();
    if (end != null) {
      c.rbraceLine = line(end);
      c.rbraceCol = col(end);
    }
    return c;
  }

  private List<Expr.Element> elements(LiteralValueContext lv) {
    checkSeparators(lv, GolParser.COMMA, ", expected expression");
    List<Expr.Element> out = new ArrayList<>();
    for (KeyedElementContext ke : lv.keyedElement()) {
      List<ElementContext> es = ke.element();
      Token s = ke.getStart();
      if (es.size() == 2) {
        out.add(new Expr.Element(line(s), col(s), element(es.get(0)), element(es.get(1))));
      } else {
        out.add(new Expr.Element(line(s), col(s), null, element(es.get(0))));
      }
    }
    return out;
  }

  Expr element(ElementContext e) {
    if (e.literalValue() != null) {
      Token t = e.getStart();
      return compositeLit(line(t), col(t), null, e.literalValue());
    }
    return expr(e.expression());
  }

  /**
   * A selector, type assertion, index, slice or call after {@code x}; {@code lit} is the
   * literal value of "pkg.T{...}" (a SuffixContext or SuffixNBContext: same shape otherwise).
   */
  private Expr suffix(Expr x, ParserRuleContext s, LiteralValueContext lit) {
    Token first = s.getStart();
    switch (first.getType()) {
      case GolParser.PERIOD: {
        TerminalNode name = s.getToken(GolParser.IDENT, 0);
        if (name != null) {
          Expr sel = new Expr.Selector(x.line, x.col, x, ident(name));
          return lit == null ? sel : compositeLit(sel.line, sel.col, sel, lit);
        }
        if (s.getToken(GolParser.TYPE, 0) != null) {
          return new Expr.TypeAssert(x.line, x.col, x, null); // outside a type switch: the checker says so
        }
        return new Expr.TypeAssert(x.line, x.col, x, type(s.getRuleContext(Type_Context.class, 0)));
      }
      case GolParser.LBRACK:
      case GolParser.TARGS_LBRACK:
        return indexOrSlice(x, s, lit);
      default:
        return call(x, s.getRuleContext(ArgumentsContext.class, 0));
    }
  }

  private Expr indexOrSlice(Expr x, ParserRuleContext s, LiteralValueContext lit) {
    Expr[] parts = new Expr[3];
    Token[] colons = new Token[2];
    Token rbrack = s.getToken(GolParser.RBRACK, 0).getSymbol();
    IndexBodyContext body = s.getRuleContext(IndexBodyContext.class, 0);
    List<Expr> list = new ArrayList<>();
    int k = 0;
    for (int i = 0; i < body.getChildCount(); i++) {
      ParseTree c = body.getChild(i);
      if (c instanceof ArgumentContext a) {
        list.add(argument(a));
        parts[k] = list.get(0);
      } else if (c instanceof ExpressionContext e) {
        parts[k] = expr(e);
      } else if (c instanceof TerminalNode tn && tn.getSymbol().getType() == GolParser.COLON) {
        colons[k] = tn.getSymbol();
        k++;
      }
    }
    if (list.size() > 1 && k > 0) {
      syntaxError(colons[0], "unexpected :, expected ]");
    }
    if (k == 0 && list.size() > 1) {
      Expr.IndexList il = new Expr.IndexList(x.line, x.col, x, list);
      il.lbrackLine = x.line;
      il.lbrackCol = x.col;
      if (s.getChild(0) instanceof TerminalNode lbrack) {
        il.lbrackLine = lbrack.getSymbol().getLine();
        il.lbrackCol = lbrack.getSymbol().getCharPositionInLine() + 1;
      }
      return lit == null ? il : compositeLit(il.line, il.col, il, lit);
    }
    if (k == 0) {
      if (parts[0] == null) {
        syntaxError(rbrack, "unexpected ], expected operand");
        parts[0] = new Expr.Bad(x.line, x.col);
      }
      Expr.Index ix = new Expr.Index(x.line, x.col, x, parts[0]);
      if (s.getChild(0) instanceof TerminalNode lbrack) {
        ix.lbrackLine = lbrack.getSymbol().getLine();
        ix.lbrackCol = lbrack.getSymbol().getCharPositionInLine() + 1;
      }
      return lit == null ? ix : compositeLit(ix.line, ix.col, ix, lit);
    }
    boolean slice3 = k == 2;
    if (slice3) {
      // (gc's parser: no "syntax error:", and a Bad index the checker passes over silently)
      if (parts[1] == null) {
        diags.softError(fileName, line(colons[1]), col(colons[1]), "middle index required in 3-index slice");
        parts[1] = new Expr.Bad(line(colons[1]), col(colons[1]));
      }
      if (parts[2] == null) {
        diags.softError(fileName, line(rbrack), col(rbrack), "final index required in 3-index slice");
        parts[2] = new Expr.Bad(line(rbrack), col(rbrack));
      }
    }
    Expr.SliceExpr se = new Expr.SliceExpr(x.line, x.col, x, parts[0], parts[1], parts[2], slice3);
    if (s.getChild(0) instanceof TerminalNode lbrack) {
      se.lbrackLine = lbrack.getSymbol().getLine();
      se.lbrackCol = lbrack.getSymbol().getCharPositionInLine() + 1;
    }
    return se;
  }

  /** fun(args): arguments may be bare types (make([]int, n)); "..." only after the last one. */
  Expr.Call call(Expr fun, ArgumentsContext a) {
    checkSeparators(a, GolParser.COMMA, ", expected expression");
    List<Expr> args = new ArrayList<>();
    boolean ellipsis = false;
    for (int i = 0; i < a.getChildCount(); i++) {
      ParseTree c = a.getChild(i);
      if (c instanceof ArgumentContext arg) {
        if (ellipsis) {
          Token t = arg.getStart();
          syntaxError(t, "unexpected " + GolErrorStrategy.describe(t) + ", expected )");
        }
        args.add(argument(arg));
      } else if (c instanceof TerminalNode tn && tn.getSymbol().getType() == GolParser.ELLIPSIS) {
        ellipsis = true;
      }
    }
    Expr.Call c = new Expr.Call(fun.line, fun.col, fun, args, ellipsis);
    c.lparenLine = line(a.getStart());
    c.lparenCol = col(a.getStart());
    return c;
  }

  /** An argument, a case or a parenthesised operand: an expression or a bare type. */
  Expr argument(ArgumentContext a) {
    if (a.simpleArg() != null) {
      return flatExpr(a.simpleArg());
    }
    return typeArg(a.typeArg());
  }

  /**
   * An argument that starts with a type literal: the type, then a composite literal value, a
   * conversion's arguments or a function body if one follows (then the rest of the expression),
   * else the bare type.
   */
  private Expr typeArg(TypeArgContext ctx) {
    if (ctx.recvArg() != null) {
      RecvArgContext r = ctx.recvArg();
      return r.recvChanType() != null ? recvChanType(r.recvChanType()) : flatExpr(r);
    }
    Expr head = typeLiteralOperand(ctx);
    return ctx.argRest() == null ? head : argRest(head, ctx.argRest());
  }

  /**
   * What follows a "*" in an argument: an operand, or a bare type literal (the "*" then makes a
   * pointer type, as in (*[4]int)(s)).
   */
  private Expr starArg(StarArgContext ctx) {
    Token t = ctx.getStart();
    if (ctx.starArg() != null) {
      return new Expr.Star(line(t), col(t), starArg(ctx.starArg()));
    }
    if (ctx.unaryExpr() != null) {
      return unaryOp(t, unary(ctx.unaryExpr()));
    }
    if (ctx.starRecv() != null) {
      StarRecvContext r = ctx.starRecv();
      return r.recvChanType() != null ? recvChanType(r.recvChanType()) : unaryOp(t, unary(r.unaryExpr()));
    }
    Expr x = ctx.simpleOperand() != null ? simpleOperand(ctx.simpleOperand()) : typeLiteralOperand(ctx);
    for (SuffixContext sc : ctx.suffix()) {
      x = suffix(x, sc, sc.literalValue());
    }
    return x;
  }

  /**
   * A type literal at the start of an argument (typeArg or starArg): the type, then a composite
   * literal value, a conversion's arguments or a function body if one follows, else the bare type.
   */
  private Expr typeLiteralOperand(ParserRuleContext ctx) {
    Token t = ctx.getStart();
    int l = line(t);
    int c = col(t);
    Expr head;
    LiteralValueContext value = ctx.getRuleContext(LiteralValueContext.class, 0);
    switch (t.getType()) {
      case GolParser.FUNC: {
        List<ParametersContext> ps = ctx.getRuleContexts(ParametersContext.class);
        OpTypeNoParenContext result = ctx.getRuleContext(OpTypeNoParenContext.class, 0);
        BlockContext body = ctx.getRuleContext(BlockContext.class, 0);
        List<Expr.Field> results = List.of();
        if (ps.size() > 1) {
          results = params(ps.get(1));
        } else if (result != null) {
          Expr r = opType(result);
          results = List.of(new Expr.Field(r.line, r.col, List.of(), r, null));
        }
        // (a func type's position is its parameters' "(", as in gc; a literal's is "func")
        Token lparen = body != null ? t : ps.get(0).getStart();
        Expr.FuncType sig = new Expr.FuncType(line(lparen), col(lparen), params(ps.get(0)), results);
        head = body != null ? new Expr.FuncLit(l, c, sig, block(body)) : sig;
        break;
      }
      case GolParser.CHAN:
        head = chanElem(t, ctx.getRuleContext(OpChanElemContext.class, 0));
        break;
      case GolParser.INTERFACE:
        head = interfaceType(ctx.getRuleContext(InterfaceTypeContext.class, 0));
        break;
      default:
        CompositeTypeContext composite = ctx.getRuleContext(CompositeTypeContext.class, 0);
        StructTypeContext struct = ctx.getRuleContext(StructTypeContext.class, 0);
        head = composite != null ? compositeType(composite, value != null)
            : struct != null ? structType(struct)
            : compositeType(ctx.getRuleContext(ElemCompositeTypeContext.class, 0), value != null);
        if (value != null) {
          head = compositeLit(l, c, head, value);
        }
        break;
    }
    MethodNameContext method = ctx.getRuleContext(MethodNameContext.class, 0);
    if (method != null) {
      return methodExpr(head, method);
    }
    ArgumentsContext args = ctx.getRuleContext(ArgumentsContext.class, 0);
    return args == null ? head : call(head, args);
  }

  /** T.M where T is a type literal: struct{ T }.M, interface{ M() }.M. */
  private Expr methodExpr(Expr type, MethodNameContext m) {
    return new Expr.Selector(type.line, type.col, type, ident(m.IDENT()));
  }

  /** The suffixes and binary operators after an argument's first operand. */
  private Expr argRest(Expr first, ArgRestContext rest) {
    Expr x = first;
    for (SuffixContext sc : rest.suffix()) {
      x = suffix(x, sc, sc.literalValue());
    }
    if (rest.binaryOp().isEmpty()) {
      return x;
    }
    List<Expr> xs = new ArrayList<>();
    xs.add(x);
    for (UnaryExprContext u : rest.unaryExpr()) {
      xs.add(unary(u));
    }
    return climb(xs, rest.binaryOp());
  }

  /**
   * simpleArg / recvArg: a first operand written out (a unary operator and its operand, or an
   * operand and its suffixes), then the binary operators and operands that follow.
   */
  private Expr flatExpr(ParserRuleContext ctx) {
    List<Expr> xs = new ArrayList<>();
    List<BinaryOpContext> ops = new ArrayList<>();
    int n = ctx.getChildCount();
    int i = 0;
    Expr first;
    ParseTree c0 = ctx.getChild(0);
    if (c0 instanceof TerminalNode tn) {
      ParseTree operand = ctx.getChild(1);
      first = operand instanceof StarArgContext star
          ? new Expr.Star(line(tn.getSymbol()), col(tn.getSymbol()), starArg(star))
          : unaryOp(tn.getSymbol(), unary((UnaryExprContext) operand));
      i = 2;
    } else {
      first = simpleOperand((SimpleOperandContext) c0);
      i = 1;
      while (i < n && ctx.getChild(i) instanceof SuffixContext sc) {
        first = suffix(first, sc, sc.literalValue());
        i++;
      }
    }
    xs.add(first);
    for (; i < n; i++) {
      ParseTree c = ctx.getChild(i);
      if (c instanceof BinaryOpContext b) {
        ops.add(b);
      } else if (c instanceof UnaryExprContext u) {
        xs.add(unary(u));
      }
    }
    return ops.isEmpty() ? first : climb(xs, ops);
  }

  /** The type of an operand's composite literal or conversion: [N]T, []T, [...]T, map[K]V, struct{...}. */
  private Expr compositeType(CompositeTypeContext ctx, boolean inLiteral) {
    if (ctx.structType() != null) {
      return structType(ctx.structType());
    }
    return compositeType(ctx.elemCompositeType(), inLiteral);
  }

  private Expr compositeType(ElemCompositeTypeContext ctx, boolean inLiteral) {
    Token t = ctx.getStart();
    if (t.getType() == GolParser.MAP) {
      return new Expr.MapType(line(t), col(t), type(ctx.type_()), opType(ctx.opType()));
    }
    Expr len = arrayLen(t, ctx.ELLIPSIS(), ctx.expression(), inLiteral, true);
    return new Expr.ArrayType(line(t), col(t), len, opType(ctx.opType()));
  }

  private Expr opType(OpTypeContext ctx) {
    return ctx.opTypeNoParen() != null ? opType(ctx.opTypeNoParen()) : type(ctx.type_());
  }

  /** The types at the end of an operand's type: as {@link #type}, in the operand-type rules. */
  private Expr opType(OpTypeNoParenContext ctx) {
    if (ctx.opTypeNoArrow() != null) {
      return opType(ctx.opTypeNoArrow());
    }
    Token t = ctx.getStart();
    return new Expr.ChanType(line(t), col(t), Expr.ChanType.Dir.RECV, opType(ctx.opType()));
  }

  private Expr opType(OpTypeNoArrowContext ctx) {
    Token t = ctx.getStart();
    int l = line(t);
    int c = col(t);
    switch (t.getType()) {
      case GolParser.IDENT:
        return typeName(ctx.typeName());
      case GolParser.MUL:
        return new Expr.Star(l, c, opType(ctx.opType()));
      case GolParser.FUNC: {
        List<Expr.Field> results = List.of();
        if (ctx.parameters().size() > 1) {
          results = params(ctx.parameters(1));
        } else if (ctx.opTypeNoParen() != null) {
          Expr r = opType(ctx.opTypeNoParen());
          results = List.of(new Expr.Field(r.line, r.col, List.of(), r, null));
        }
        return new Expr.FuncType(l, c, params(ctx.parameters(0)), results);
      }
      case GolParser.INTERFACE:
        return interfaceType(ctx.interfaceType());
      case GolParser.CHAN:
        return chanElem(t, ctx.opChanElem());
      default:
        return compositeType(ctx.compositeType(), false);
    }
  }

  /** "chan" (at {@code chan}) and what follows it in an operand type: chan<- T, chan T. */
  private Expr chanElem(Token chan, OpChanElemContext e) {
    Expr.ChanType.Dir dir = Expr.ChanType.Dir.BOTH;
    Expr elem;
    if (e.ARROW() != null) {
      dir = Expr.ChanType.Dir.SEND;
      elem = opType(e.opType());
    } else if (e.opTypeNoArrow() != null) {
      elem = opType(e.opTypeNoArrow());
    } else {
      elem = type(e.type_());
    }
    return new Expr.ChanType(line(chan), col(chan), dir, elem);
  }

  private Expr operand(OperandContext ctx) {
    return ctx.simpleOperand() != null ? simpleOperand(ctx.simpleOperand()) : typeOperand(ctx.typeOperand());
  }

  private Expr operand(OperandNBContext ctx) {
    Token t = ctx.getStart();
    if (ctx.typeOperand() != null) {
      return typeOperand(ctx.typeOperand());
    }
    if (ctx.basicLit() != null) {
      return basicLit(t);
    }
    if (ctx.IDENT() != null) {
      return new Expr.Ident(line(t), col(t), t.getText());
    }
    return new Expr.Paren(line(t), col(t), argument(ctx.argument()));
  }

  private Expr simpleOperand(SimpleOperandContext ctx) {
    Token t = ctx.getStart();
    if (ctx.basicLit() != null) {
      return basicLit(t);
    }
    if (ctx.IDENT() != null) {
      Expr.Ident id = new Expr.Ident(line(t), col(t), t.getText());
      return ctx.literalValue() == null ? id : compositeLit(id.line, id.col, id, ctx.literalValue());
    }
    return new Expr.Paren(line(t), col(t), argument(ctx.argument()));
  }

  /**
   * An operand that starts with a type literal: a function literal, a composite literal, a
   * conversion, a method expression, or the bare type.
   */
  private Expr typeOperand(TypeOperandContext ctx) {
    return typeLiteralOperand(ctx);
  }

  /**
   * A literal; one with an error (reported soft, see Diagnostics.softError) is Bad, as gc's
   * parser marks it, so the checker takes it for an invalid operand without a word.
   */
  private Expr basicLit(Token t) {
    String text = t.getText();
    int l = line(t);
    int c = col(t);
    LitProblems problems = new LitProblems(l, c, text);
    Expr lit;
    switch (t.getType()) {
      case GolParser.INT_LIT:
        lit = new Expr.BasicLit(l, c, Expr.BasicLit.Kind.INT, Literals.number(text, problems), text);
        break;
      case GolParser.FLOAT_LIT: {
        Object v = Literals.number(text, problems);
        // "0x1p4" is a float, "0x10" an int: the lexer's kind can differ only after an error
        lit = new Expr.BasicLit(l, c, Expr.BasicLit.Kind.FLOAT, v, text);
        break;
      }
      case GolParser.IMAG_LIT:
        lit = new Expr.BasicLit(l, c, Expr.BasicLit.Kind.IMAG, Literals.number(text, problems), text);
        break;
      case GolParser.RUNE_LIT:
        lit = new Expr.BasicLit(l, c, Expr.BasicLit.Kind.CHAR, Literals.rune(text, problems), text);
        break;
      default:
        lit = new Expr.BasicLit(l, c, Expr.BasicLit.Kind.STRING, Literals.anyString(text, problems), text);
    }
    return problems.any || !terminated(text) ? new Expr.Bad(l, c) : lit;
  }

  /** Whether a string or rune literal's text ends with its closing quote (the scanner reported one that does not). */
  static boolean terminated(String text) {
    char q = text.charAt(0);
    if (q == '`') {
      return text.length() >= 2 && text.endsWith("`");
    }
    if (q != '"' && q != '\'') {
      return true; // a number
    }
    for (int i = 1; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == '\\') {
        i++;
      } else if (ch == q) {
        return i == text.length() - 1;
      }
    }
    return false;
  }

  @Override
  byte[] stringBytes(StringLitContext ctx) {
    return stringBytes(ctx.getStart());
  }

  @Override
  byte[] stringBytes(Token t) {
    int l = line(t);
    int c = col(t);
    LitProblems problems = new LitProblems(l, c, t.getText());
    problems.hard = true; // an import path or a struct tag: not type checked as a Bad operand
    return Literals.anyString(t.getText(), problems);
  }

  /**
   * A literal's problems, reported at its position plus the offset (a class, not a lambda: a
   * hello world links none, see Loader.SourceOf).
   */
  private final class LitProblems implements Literals.Problems {
    private final int line;
    private final int col;

    private final String text;

    LitProblems(int line, int col, String text) {
      this.line = line;
      this.col = col;
      this.text = text;
    }

    /** The column offset, in UTF-8 bytes as gc counts, of the literal's i'th code point. */
    private int byteOffset(int i) {
      int b = 0;
      int k = 0;
      for (int at = 0; k < i && at < text.length(); k++) {
        int cp = text.codePointAt(at);
        b += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        at += Character.charCount(cp);
      }
      return b + (i - k);
    }

    boolean any;
    boolean hard;

    @Override
    public void error(int offset, String message) {
      any = true;
      if (hard) {
        diags.error(fileName, line, col + byteOffset(offset), message);
      } else {
        diags.softError(fileName, line, col + byteOffset(offset), message);
      }
    }
  }

}
