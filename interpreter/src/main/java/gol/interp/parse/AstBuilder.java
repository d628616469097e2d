package gol.interp.parse;

import gol.grammar.GolErrorStrategy;
import gol.grammar.GolParser;
import gol.grammar.GolParser.*;
import gol.grammar.SemicolonInserter;
import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.ast.Tok;
import gol.interp.diag.Diagnostics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Turns the parse tree of {@code Gol.g4} into the {@code gol.interp.ast} tree.
 *
 * <p>The grammar is deliberately loose where gc's parser is (see the comment at the top of
 * Gol.g4), so this is also where the rest of gc's syntax checks happen, with gc's words: the
 * if/for/switch headers ("cannot use x := 1 as value", "missing condition in if statement"),
 * parameter lists ("missing parameter name"), misplaced "...", ".(type)" or "range", go/defer
 * operands, and every literal (numbers, escapes). Expressions arrive flat ({@code a + b * c}
 * as a list) and get Go's five precedence levels here.
 *
 * <p>Positions: every node gets the line and column (1-based) of its first token, except
 * {@link Expr.Binary} (its operator) as the AST contract says. After syntax errors the tree may
 * have holes; the builder then fills in {@link Expr.Bad} / {@link Stmt.Bad} and never throws.
 *
 * <p>The builder is four layers, each a file: BuilderBase (positions, errors), TypeBuilder,
 * ExprBuilder, and this one (the file, declarations, statements); an earlier layer reaches a later
 * one through an abstract method.
 */
public final class AstBuilder extends ExprBuilder {
  public AstBuilder(String fileName, Diagnostics diags, TokenStream tokens) {
    super(fileName, diags, tokens);
  }

  // =============================================================================================
  // File

  public File file(SourceFileContext ctx) {
    String pkg = null;
    if (ctx.packageClause() != null && ctx.packageClause().IDENT() != null) {
      pkg = ctx.packageClause().IDENT().getText();
    }
    List<File.Import> imports = new ArrayList<>();
    List<Node> items = new ArrayList<>();
    if (ctx.topLevelList() != null) {
      for (TopLevelItemContext item : ctx.topLevelList().topLevelItem()) {
        int before = diags.count();
        try {
          topLevelItem(item, imports, items, pkg != null);
        } catch (RuntimeException e) {
          // a hole left by a syntax error; without one, the builder has a bug: say so
          if (diags.count() == 0 && before == 0) {
            Token t = item.getStart();
            error(t, "internal error: parser: " + e);
          }
        }
      }
    }
    return new File(1, 1, fileName, pkg, imports, items);
  }

  /** One top-level item; a statement is a script's, so with a package clause it is gc's syntax error. */
  private void topLevelItem(TopLevelItemContext item, List<File.Import> imports, List<Node> items, boolean pkgMode) {
    if (item.importDecl() != null) {
      if (!items.isEmpty()) {
        syntaxError(item.getStart(), "imports must appear before other declarations");
      }
      importDecl(item.importDecl(), imports);
    } else if (item.funcDecl() != null) {
      items.add(funcDecl(item.funcDecl()));
    } else if (item.statement() != null) {
      StatementContext s = item.statement();
      if (s.declaration() != null) {
        items.addAll(declaration(s.declaration()));
      } else if (pkgMode) {
        syntaxError(s.getStart(), "non-declaration statement outside function body");
      } else {
        Stmt st = statement(s);
        if (st != null) {
          items.add(st);
        }
      }
    }
  }

  private void importDecl(ImportDeclContext ctx, List<File.Import> imports) {
    int prev = -1;
    for (int i = 0; i < ctx.getChildCount(); i++) {
      if (ctx.getChild(i) instanceof TerminalNode tn) {
        int type = tn.getSymbol().getType();
        if (type == GolParser.SEMI && (prev == GolParser.SEMI || prev == GolParser.LPAREN)) {
          importPathError(tn.getSymbol(), "missing import path");
          break;
        }
        prev = type;
      } else {
        prev = -1;
      }
    }
    for (ImportSpecContext spec : ctx.importSpec()) {
      String alias = null;
      if (spec.PERIOD() != null) {
        alias = ".";
      } else if (spec.IDENT() != null) {
        alias = spec.IDENT().getText();
      }
      Token start = spec.getStart();
      if (spec.basicLit() == null) { // import name, and no path: at the end of the name
        importPathError(after(spec), "missing import path");
        continue;
      }
      Token lit = spec.basicLit().getStart();
      if (lit.getType() != GolParser.STRING_LIT && lit.getType() != GolParser.RAW_STRING_LIT) {
        importPathError(lit, "import path must be a string");
        continue;
      }
      if (!ExprBuilder.terminated(lit.getText())) { // the go command's loader stops at it
        diags.hardenAll();
        continue;
      }
      byte[] path = stringBytes(lit);
      if (path == null) {
        continue;
      }
      imports.add(new File.Import(line(start), col(start), alias, new String(path, StandardCharsets.UTF_8)));
    }
  }

  /** Whether an import path's problem was reported: go's loader reports the first one only. */
  private boolean importPathReported;

  /** A problem with an import path, as go's loader words it (no "syntax error:"), the first only. */
  private void importPathError(Token at, String msg) {
    if (!importPathReported) {
      importPathReported = true;
      error(at, msg);
    }
  }

  // =============================================================================================
  // Declarations

  private List<Decl> declaration(DeclarationContext ctx) {
    List<Decl> out = new ArrayList<>();
    checkSeparators((ParserRuleContext) ctx.getChild(0), GolParser.SEMI, ", expected name");
    if (ctx.constDecl() != null) {
      Object group = new Object();
      List<ConstSpecContext> specs = ctx.constDecl().constSpec();
      Expr prevType = null;
      List<Expr> prevValues = null;
      for (int i = 0; i < specs.size(); i++) {
        ConstSpecContext spec = specs.get(i);
        List<Expr.Ident> names = identList(spec.identifierList());
        Expr type = spec.type_() != null ? type(spec.type_()) : null;
        List<Expr> values = spec.expressionList() != null ? exprList(spec.expressionList()) : null;
        // names alone repeat the previous spec's type and values; missing values are the checker's error
        boolean inherited = type == null && values == null && prevValues != null;
        if (inherited) {
          type = prevType;
          values = prevValues;
        } else if (values == null) {
          values = List.of();
        }
        prevType = type;
        prevValues = values;
        Token t = spec.getStart();
        out.add(new Decl.Const(line(t), col(t), names, type, values, inherited, i, group));
      }
    } else if (ctx.varDecl() != null) {
      for (VarSpecContext spec : ctx.varDecl().varSpec()) {
        Token t = spec.getStart();
        Expr type = spec.type_() != null ? type(spec.type_()) : null;
        List<Expr> values = spec.expressionList() != null ? exprList(spec.expressionList()) : List.of();
        out.add(new Decl.Var(line(t), col(t), identList(spec.identifierList()), type, values));
      }
    } else if (ctx.typeDecl() != null) {
      for (TypeSpecContext spec : ctx.typeDecl().typeSpec()) {
        Token t = spec.getStart();
        Expr.Ident name = ident(spec.IDENT());
        Decl.Type d = new Decl.Type(line(t), col(t), name, type(spec.type_()), spec.ASSIGN() != null);
        if (spec.typeParams() != null) {
          d.typeParams = typeParams(spec.typeParams());
        }
        out.add(d);
      }
    }
    return out;
  }

  private Decl.Func funcDecl(FuncDeclContext ctx) {
    Token f = tok(ctx.FUNC_DECL());
    Expr.Field recv = null;
    if (ctx.parameters() != null) {
      List<Expr.Field> rs = params(ctx.parameters());
      int n = 0;
      for (Expr.Field r : rs) {
        n += Math.max(1, r.names.size());
      }
      Token at = ctx.IDENT() != null ? tok(ctx.IDENT()) : f;
      // (gc's parser words these without "syntax error:" and type checks on: a function, or a
      // method of the first receiver)
      if (n == 0) {
        diags.softError(fileName, line(at), col(at), "method has no receiver");
      } else {
        if (n > 1) {
          diags.softError(fileName, line(at), col(at), "method has multiple receivers");
        }
        Expr.Field r = rs.get(0);
        Expr rt = r.type;
        if (rt instanceof Expr.Ellipsis el) { // types2's words; the "..." is ignored
          diags.softError(fileName, el.line, el.col, "can only use ... with final parameter in list");
          rt = el.elem;
        }
        recv = r.names.size() > 1 || rt != r.type
            ? new Expr.Field(r.line, r.col, r.names.isEmpty() ? List.of() : List.of(r.names.get(0)), rt, null) : r;
      }
    }
    Expr.FuncType sig = signature(ctx.signature(), f);
    Stmt.Block body = ctx.block() != null ? block(ctx.block()) : null;
    Decl.Func fd = new Decl.Func(line(f), col(f), recv, ident(ctx.IDENT()), sig, body);
    if (ctx.typeParams() != null && recv != null) {
      syntaxError(ctx.typeParams().getStart(), "method must have no type parameters");
    } else if (ctx.typeParams() != null) {
      fd.typeParams = typeParams(ctx.typeParams());
    }
    if (ctx.typeParams() != null || recv != null && hasTypeArgs(recv.type)) {
      // generic code is compiled once per instantiation, each from a fresh tree
      String name = fileName;
      TokenStream ts = tokens;
      fd.copier = new Copier(name, ts, ctx);
    }
    return fd;
  }

  /** Builds a generic function's tree afresh for each instantiation (Decl.Func.copier). */
  static final class Copier implements java.util.function.Supplier<Decl.Func> {
    private final String fileName;
    private final TokenStream tokens;
    private final FuncDeclContext ctx;

    Copier(String fileName, TokenStream tokens, FuncDeclContext ctx) {
      this.fileName = fileName;
      this.tokens = tokens;
      this.ctx = ctx;
    }

    @Override
    public Decl.Func get() {
      return new AstBuilder(fileName, new Diagnostics(), tokens).funcDecl(ctx);
    }
  }

  private static boolean hasTypeArgs(Expr t) {
    if (t instanceof Expr.Star st) {
      t = st.x;
    }
    return t instanceof Expr.Index || t instanceof Expr.IndexList;
  }

  // =============================================================================================
  // Statements

  @Override
  Stmt.Block block(BlockContext ctx) {
    Token open = ctx.getStart();
    List<Stmt> stmts = ctx.stmtList() != null ? stmtList(ctx.stmtList()) : List.of();
    Token close = ctx.RBRACE() != null ? tok(ctx.RBRACE()) : ctx.getStop();
    Stmt.Block b = new Stmt.Block(line(open), col(open), stmts, close == null ? line(open) : line(close));
    if (close != null && close.getType() == GolParser.RBRACE) {
      b.endCol = col(close);
    }
    return b;
  }

  /**
   * A clause's statements end with a semicolon (or a newline) before the next case or default:
   * gc's "unexpected case at end of statement" for {@code case 0: f() case 1:}.
   */
  private void clauseEnd(StmtListContext list, Token next) {
    int n = list.getChildCount();
    if (n > 0 && list.getChild(n - 1) instanceof StatementContext st) {
      if (st.getChild(0) instanceof SimpleStmtContext ss && ss.COLON() != null && ss.statement() == null) {
        // "L:" right before the next clause; a label that is not a name is reported as such
        if (ss.expression(0).getText().matches("[\\p{L}_][\\p{L}\\p{Nd}_]*")) {
          syntaxError(tok(ss.COLON()), "missing statement after label");
        }
        return;
      }
      syntaxError(next, "unexpected " + next.getText() + " at end of statement");
    }
  }

  private List<Stmt> stmtList(StmtListContext ctx) {
    List<Stmt> out = new ArrayList<>();
    for (StatementContext s : ctx.statement()) {
      Stmt st = statement(s);
      if (st != null) {
        out.add(st);
      }
    }
    return out;
  }

  Stmt statement(StatementContext ctx) {
    ParseTree c = ctx.getChild(0);
    Token t = ctx.getStart();
    int l = line(t);
    int cl = col(t);
    if (c instanceof SimpleStmtContext s) {
      return simpleStmt(s);
    } else if (c instanceof DeclarationContext d) {
      return new Stmt.DeclStmt(l, cl, declaration(d));
    } else if (c instanceof GoStmtContext g) {
      Expr x = expr(g.expression());
      if (!(x.unparen() instanceof Expr.Call call)) {
        return new Stmt.Bad(l, cl, x, "go");
      }
      Stmt.Go s = new Stmt.Go(l, cl, call);
      s.parenthesized = x != call ? x : null;
      return s;
    } else if (c instanceof DeferStmtContext d) {
      Expr x = expr(d.expression());
      if (!(x.unparen() instanceof Expr.Call call)) {
        return new Stmt.Bad(l, cl, x, "defer");
      }
      Stmt.Defer s = new Stmt.Defer(l, cl, call);
      s.parenthesized = x != call ? x : null;
      return s;
    } else if (c instanceof ReturnStmtContext r) {
      return new Stmt.Return(l, cl, r.expressionList() != null ? exprList(r.expressionList()) : List.of());
    } else if (c instanceof BreakStmtContext b) {
      return new Stmt.Branch(l, cl, Stmt.Branch.Kind.BREAK, b.IDENT() != null ? ident(b.IDENT()) : null);
    } else if (c instanceof ContinueStmtContext b) {
      return new Stmt.Branch(l, cl, Stmt.Branch.Kind.CONTINUE, b.IDENT() != null ? ident(b.IDENT()) : null);
    } else if (c instanceof GotoStmtContext g) {
      return new Stmt.Branch(l, cl, Stmt.Branch.Kind.GOTO, ident(g.IDENT()));
    } else if (c instanceof FallthroughStmtContext) {
      return new Stmt.Branch(l, cl, Stmt.Branch.Kind.FALLTHROUGH, null);
    } else if (c instanceof BlockContext b) {
      return block(b);
    } else if (c instanceof IfStmtContext i) {
      return ifStmt(i);
    } else if (c instanceof SwitchStmtContext s) {
      return switchStmt(s);
    } else if (c instanceof SelectStmtContext s) {
      return selectStmt(s);
    } else if (c instanceof ForStmtContext f) {
      return forStmt(f);
    }
    return new Stmt.Bad(l, cl);
  }

  /**
   * The pieces of a simple statement, in the order written: the expressions before the
   * operator, the operator, and what follows it (an expression list, a send value, or a range
   * expression).
   */
  private final class Simple {
    final List<Expr> lhs = new ArrayList<>();
    Token op;
    List<Expr> rhs;
    Expr value;
    Token range;
    /** "L: stmt": the labeled statement (op is the ':'). */
    StatementContext labeled;

    Simple(ParserRuleContext ctx) {
      for (int i = 0; i < ctx.getChildCount(); i++) {
        ParseTree c = ctx.getChild(i);
        if (c instanceof ExpressionContext e) {
          add(expr(e));
        } else if (c instanceof ExpressionNBContext e) {
          add(expr(e));
        } else if (c instanceof ExpressionListContext l) {
          rhs = exprList(l);
        } else if (c instanceof ExpressionListNBContext l) {
          rhs = exprList(l);
        } else if (c instanceof AssignOpContext a) {
          op = a.getStart();
        } else if (c instanceof StatementContext st) {
          labeled = st;
        } else if (c instanceof TerminalNode tn) {
          int type = tn.getSymbol().getType();
          if (type == GolParser.RANGE) {
            range = tn.getSymbol();
          } else if (type != GolParser.COMMA) {
            op = tn.getSymbol();
          }
        }
      }
    }

    private void add(Expr x) {
      if (op == null && range == null) {
        lhs.add(x);
      } else {
        value = x;
      }
    }
  }

  private Stmt simpleStmt(SimpleStmtContext ctx) {
    return simple(ctx, new Simple(ctx));
  }

  /** A header simple statement other than a range clause (the for statement handles those). */
  private Stmt simpleStmt(SimpleStmtNBContext ctx) {
    Simple s = new Simple(ctx);
    if (s.range != null) {
      syntaxError(s.range, "unexpected range, expected expression");
      Token t = ctx.getStart();
      return new Stmt.Bad(line(t), col(t));
    }
    return simple(ctx, s);
  }

  private Stmt simple(ParserRuleContext ctx, Simple s) {
    if (s.op == null) {
      return exprStmt(ctx, s.lhs);
    }
    if (s.rhs == null && s.value != null && (s.op.getType() == GolParser.ASSIGN || s.op.getType() == GolParser.DEFINE)) {
      s.rhs = List.of(s.value); // a select case: "v := <-c"
    }
    switch (s.op.getType()) {
      case GolParser.COLON:
        return labeled(s);
      case GolParser.INC:
      case GolParser.DEC:
        return incDec(ctx, s.lhs, s.op);
      case GolParser.ARROW:
        return send(ctx, s.lhs, s.op, s.value);
      default:
        return assign(s.lhs, s.op, s.rhs);
    }
  }

  /** "L: stmt" (the statement may be empty: "L: }"). */
  private Stmt labeled(Simple s) {
    Expr x = s.lhs.get(0);
    if (!(x instanceof Expr.Ident label)) {
      syntaxError(s.op, "unexpected : at end of statement");
      return new Stmt.ExprStmt(start(x).line, start(x).col, x);
    }
    Stmt inner = s.labeled != null ? statement(s.labeled) : null;
    if (inner == null) {
      inner = new Stmt.Empty(line(s.op), col(s.op));
    }
    return new Stmt.Labeled(label.line, label.col, label, inner);
  }

  private Stmt exprStmt(ParserRuleContext ctx, List<Expr> lhs) {
    Expr x = lhs.get(0);
    if (lhs.size() > 1) {
      Token next = after(ctx);
      syntaxError(next, "unexpected " + GolErrorStrategy.describe(next) + ", expected := or = or comma");
    }
    Node at = start(x);
    return new Stmt.ExprStmt(at.line, at.col, x);
  }

  /** The node holding an expression's first token: a binary expression sits at its operator. */
  static Node start(Expr x) {
    while (x instanceof Expr.Binary b) {
      x = b.x;
    }
    return x;
  }

  private Stmt incDec(ParserRuleContext ctx, List<Expr> lhs, Token op) {
    if (lhs.size() > 1) {
      syntaxError(op, "unexpected " + op.getText() + ", expected := or = or comma");
    }
    Expr x = lhs.get(0);
    Node at = start(x);
    return new Stmt.IncDec(at.line, at.col, x, op.getType() == GolParser.INC ? Tok.INC : Tok.DEC);
  }

  private Stmt send(ParserRuleContext ctx, List<Expr> lhs, Token op, Expr value) {
    if (lhs.size() > 1) {
      syntaxError(op, "unexpected <-, expected := or = or comma");
    }
    Expr ch = lhs.get(0);
    Node at = start(ch);
    return new Stmt.Send(at.line, at.col, ch, value);
  }

  private Stmt assign(List<Expr> lhs, Token op, List<Expr> rhs) {
    Tok k;
    switch (op.getType()) {
      case GolParser.ASSIGN: k = Tok.ASSIGN; break;
      case GolParser.DEFINE: k = Tok.DEFINE; break;
      case GolParser.ADD_ASSIGN: k = Tok.ADD; break;
      case GolParser.SUB_ASSIGN: k = Tok.SUB; break;
      case GolParser.MUL_ASSIGN: k = Tok.MUL; break;
      case GolParser.QUO_ASSIGN: k = Tok.QUO; break;
      case GolParser.REM_ASSIGN: k = Tok.REM; break;
      case GolParser.AND_ASSIGN: k = Tok.AND; break;
      case GolParser.OR_ASSIGN: k = Tok.OR; break;
      case GolParser.XOR_ASSIGN: k = Tok.XOR; break;
      case GolParser.SHL_ASSIGN: k = Tok.SHL; break;
      case GolParser.SHR_ASSIGN: k = Tok.SHR; break;
      default: k = Tok.AND_NOT; break;
    }
    if (k != Tok.ASSIGN && k != Tok.DEFINE && (lhs.size() > 1 || rhs.size() > 1)) {
      syntaxError(op, "unexpected " + op.getText() + ", expected := or = or comma");
    }
    // (a non-name on the left of := is the checker's to report, as in gc, after its operand's errors)
    Node at = start(lhs.get(0));
    Stmt.Assign a = new Stmt.Assign(at.line, at.col, lhs, k, rhs);
    assignOps.put(a, op);
    return a;
  }

  /** Where gc reports a header statement misused as a value: at its operator for an assignment. */
  private Token reportPos(Stmt s, Token fallback) {
    if (s instanceof Stmt.Assign a) {
      Token t = assignOps.get(a);
      if (t != null) {
        return t;
      }
    }
    return fallback;
  }

  // ---- if / switch / for / select ----

  /** The parts of a header "[init ;] cond": init, cond statement, and the ';' token if any. */
  private record Header(Stmt init, Stmt cond, Token semi, SimpleStmtNBContext condCtx, SimpleStmtNBContext initCtx) {
  }

  Header header(HeaderContext h) {
    SimpleStmtNBContext first = null;
    SimpleStmtNBContext second = null;
    Token semi = null;
    for (int i = 0; i < h.getChildCount(); i++) {
      ParseTree c = h.getChild(i);
      if (c instanceof SimpleStmtNBContext s) {
        if (semi == null) {
          first = s;
        } else {
          second = s;
        }
      } else if (c instanceof TerminalNode tn && tn.getSymbol().getType() == GolParser.SEMI) {
        semi = tn.getSymbol();
      }
    }
    if (semi == null) {
      return new Header(null, first == null ? null : simpleStmt(first), null, first, null);
    }
    return new Header(first == null ? null : simpleStmt(first), second == null ? null : simpleStmt(second),
        semi, second, first);
  }

  /** gc's unpacking of the header's condition statement: it must be an expression. */
  private Expr condition(Stmt s, SimpleStmtNBContext sctx) {
    if (s == null) {
      return null;
    }
    if (s instanceof Stmt.ExprStmt e) {
      return e.x;
    }
    if (s instanceof Stmt.Bad) {
      return new Expr.Bad(s.line, s.col);
    }
    String str;
    if (s instanceof Stmt.Assign a && a.op == Tok.ASSIGN) {
      str = "assignment " + emphasize(a.lhs) + " = " + emphasize(a.rhs);
    } else {
      str = AstString.stmt(s);
    }
    Token at = reportPos(s, sctx.getStart());
    syntaxError(at, "cannot use " + str + " as value");
    return new Expr.Bad(s.line, s.col);
  }

  private static String emphasize(List<Expr> xs) {
    if (xs.size() == 1 && xs.get(0) instanceof Expr.Binary) {
      return "(" + AstString.expr(xs.get(0)) + ")";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < xs.size(); i++) {
      b.append(i > 0 ? ", " : "").append(AstString.expr(xs.get(i)));
    }
    return b.toString();
  }

  private Stmt ifStmt(IfStmtContext ctx) {
    Token t = tok(ctx.IF());
    Stmt init = null;
    Expr cond;
    if (ctx.header() == null) {
      syntaxError(ctx.block(0).getStart(), "missing condition in if statement");
      cond = new Expr.Bad(line(t), col(t));
    } else {
      Header h = header(ctx.header());
      init = h.init;
      if (h.cond == null) {
        if (h.semi != null && !h.semi.getText().equals(";")) {
          syntaxError(h.semi, "unexpected " + SemicolonInserter.describeSemi(h.semi) + ", expected { after if clause");
        } else {
          syntaxError(h.semi != null ? h.semi : t, "missing condition in if statement");
        }
        cond = new Expr.Bad(line(t), col(t));
      } else {
        cond = condition(h.cond, h.condCtx);
      }
    }
    Stmt.Block then = block(ctx.block(0));
    Stmt els = null;
    if (ctx.ifStmt() != null) {
      els = ifStmt(ctx.ifStmt());
    } else if (ctx.block().size() > 1) {
      els = block(ctx.block(1));
    }
    return new Stmt.If(line(t), col(t), init, cond, then, els);
  }

  private Stmt switchStmt(SwitchStmtContext ctx) {
    Token t = tok(ctx.SWITCH());
    Stmt init = null;
    Stmt tagStmt = null;
    SimpleStmtNBContext tagCtx = null;
    if (ctx.header() != null) {
      Header h = header(ctx.header());
      init = h.init;
      tagStmt = h.cond;
      tagCtx = h.condCtx;
    }
    List<Stmt.CaseClause> clauses = new ArrayList<>();
    List<CaseClauseContext> ccs = ctx.caseClause();
    for (int i = 0; i + 1 < ccs.size(); i++) {
      clauseEnd(ccs.get(i).stmtList(), ccs.get(i + 1).getStart());
    }
    for (CaseClauseContext cc : ccs) {
      Token s = cc.getStart();
      List<Expr> exprs = null;
      if (cc.CASE() != null) {
        exprs = new ArrayList<>();
        for (ArgumentContext a : cc.argument()) {
          exprs.add(argument(a));
        }
      }
      clauses.add(new Stmt.CaseClause(line(s), col(s), exprs, stmtList(cc.stmtList())));
    }
    // type switch: "x.(type)" or "v := x.(type)"
    Expr guardX = null;
    Expr.Ident bind = null;
    if (tagStmt instanceof Stmt.ExprStmt es && es.x instanceof Expr.TypeAssert ta && ta.assertType == null) {
      guardX = ta.x;
    } else if (tagStmt instanceof Stmt.Assign a && a.op == Tok.DEFINE && a.lhs.size() == 1
        && a.rhs.size() == 1 && a.lhs.get(0) instanceof Expr.Ident id
        && a.rhs.get(0) instanceof Expr.TypeAssert ta && ta.assertType == null) {
      guardX = ta.x;
      bind = id;
    }
    if (guardX != null) {
      return new Stmt.TypeSwitch(line(t), col(t), init, bind, guardX, clauses);
    }
    Expr tag = tagStmt == null ? null : condition(tagStmt, tagCtx);
    return new Stmt.Switch(line(t), col(t), init, tag, clauses);
  }

  private Stmt selectStmt(SelectStmtContext ctx) {
    Token t = tok(ctx.SELECT());
    List<Stmt.CommClause> clauses = new ArrayList<>();
    List<CommClauseContext> ccs = ctx.commClause();
    for (int i = 0; i + 1 < ccs.size(); i++) {
      clauseEnd(ccs.get(i).stmtList(), ccs.get(i + 1).getStart());
    }
    for (CommClauseContext cc : ccs) {
      Token s = cc.getStart();
      Stmt comm = null;
      if (cc.commCase() != null) {
        comm = simple(cc.commCase(), new Simple(cc.commCase())); // its form is the checker's to judge
        if (comm instanceof Stmt.Assign a && a.op != Tok.ASSIGN && a.op != Tok.DEFINE) {
          Token op = assignOps.get(a); // "case a += <-c:", rejected after type checking at its operator
          comm = new Stmt.Assign(line(op), col(op), a.lhs, a.op, a.rhs);
        }
      }
      clauses.add(new Stmt.CommClause(line(s), col(s), comm, stmtList(cc.stmtList())));
    }
    return new Stmt.Select(line(t), col(t), clauses);
  }

  private Stmt forStmt(ForStmtContext ctx) {
    Token t = tok(ctx.FOR());
    Stmt.Block body = block(ctx.block());
    ForClauseContext fc = ctx.forClause();
    if (fc == null) {
      return new Stmt.For(line(t), col(t), null, null, null, body);
    }
    // split the clause at its semicolons: [init] ; [cond] ; [post]
    SimpleStmtNBContext[] parts = new SimpleStmtNBContext[3];
    int k = 0;
    for (int i = 0; i < fc.getChildCount(); i++) {
      ParseTree c = fc.getChild(i);
      if (c instanceof SimpleStmtNBContext s) {
        parts[k] = s;
      } else if (c instanceof TerminalNode tn && tn.getSymbol().getType() == GolParser.SEMI) {
        k++;
      }
    }
    if (k == 0) {
      SimpleStmtNBContext s = parts[0];
      if (s.RANGE() != null) {
        return rangeStmt(t, s, body);
      }
      Expr cond = condition(simpleStmt(s), s);
      return new Stmt.For(line(t), col(t), null, cond, null, body);
    }
    Stmt init = parts[0] == null ? null : simpleStmt(parts[0]);
    Expr cond = parts[1] == null ? null : condition(simpleStmt(parts[1]), parts[1]);
    Stmt post = null;
    if (parts[2] != null) {
      post = simpleStmt(parts[2]);
      if (post instanceof Stmt.Assign a && a.op == Tok.DEFINE) {
        syntaxError(reportPos(a, parts[2].getStart()), "cannot declare in post statement of for loop");
      }
    }
    return new Stmt.For(line(t), col(t), init, cond, post, body);
  }

  private Stmt rangeStmt(Token forTok, SimpleStmtNBContext ctx, Stmt.Block body) {
    Simple s = new Simple(ctx);
    Expr x = s.value;
    if (s.lhs.isEmpty()) {
      return new Stmt.Range(line(forTok), col(forTok), null, null, null, x, body);
    }
    List<Expr> lhs = s.lhs;
    Tok op;
    if (s.op.getType() == GolParser.DEFINE) {
      op = Tok.DEFINE; // (a non-name to declare is the checker's to report)
    } else {
      op = Tok.ASSIGN;
      if (s.op.getType() != GolParser.ASSIGN) {
        syntaxError(s.range, "unexpected range, expected expression");
      }
    }
    Stmt.Range r = new Stmt.Range(line(forTok), col(forTok), lhs.get(0), lhs.size() > 1 ? lhs.get(1) : null, op, x, body);
    r.extra = lhs.size() > 2 ? lhs.get(2) : null;
    return r;
  }
}
