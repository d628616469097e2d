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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
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
 */
public final class AstBuilder {
  private final String fileName;
  private final Diagnostics diags;
  private final TokenStream tokens;
  /** x.(type) nodes not (yet) known to be a type switch guard; reported at the end. */
  private final Map<Expr.TypeAssert, Boolean> typeGuards = new IdentityHashMap<>();
  /** The operator token of each Assign (gc reports some header errors there). */
  private final Map<Stmt.Assign, Token> assignOps = new IdentityHashMap<>();

  public AstBuilder(String fileName, Diagnostics diags, TokenStream tokens) {
    this.fileName = fileName;
    this.diags = diags;
    this.tokens = tokens;
  }

  // =============================================================================================
  // Positions and errors

  private static int line(Token t) {
    return t.getLine();
  }

  private static int col(Token t) {
    return t.getCharPositionInLine() + 1;
  }

  private void error(Token at, String msg) {
    diags.error(fileName, line(at), col(at), msg);
  }

  private void error(Node at, String msg) {
    diags.error(fileName, at.line, at.col, msg);
  }

  private void syntaxError(Token at, String msg) {
    error(at, "syntax error: " + msg);
  }

  /** The token after {@code ctx}, for "unexpected X" messages. */
  private Token after(ParserRuleContext ctx) {
    Token stop = ctx.getStop();
    int i = stop == null ? -1 : stop.getTokenIndex() + 1;
    if (tokens != null && i >= 0 && i < tokens.size()) {
      return tokens.get(i);
    }
    return stop;
  }

  private static Token tok(TerminalNode n) {
    return n.getSymbol();
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
          topLevelItem(item, imports, items);
        } catch (RuntimeException e) {
          // a hole left by a syntax error; without one, the builder has a bug: say so
          if (diags.count() == 0 && before == 0) {
            Token t = item.getStart();
            error(t, "internal error: parser: " + e);
          }
        }
      }
    }
    for (Expr.TypeAssert ta : typeGuards.keySet()) {
      error(ta, "invalid syntax tree: use of .(type) outside type switch");
    }
    return new File(1, 1, fileName, pkg, imports, items);
  }

  private void topLevelItem(TopLevelItemContext item, List<File.Import> imports, List<Node> items) {
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
          syntaxError(tn.getSymbol(), "missing import path");
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
      byte[] path = stringBytes(spec.stringLit());
      if (path == null) {
        continue;
      }
      imports.add(new File.Import(line(start), col(start), alias, new String(path, StandardCharsets.UTF_8)));
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
        if (type == null && values == null) {
          if (prevValues == null) {
            error(names.get(0), "missing init expr for const declaration");
            values = List.of();
          } else {
            type = prevType;
            values = prevValues;
          }
        } else if (values == null) {
          error(names.get(0), "missing init expr for const declaration");
          values = List.of();
        }
        prevType = type;
        prevValues = values;
        Token t = spec.getStart();
        out.add(new Decl.Const(line(t), col(t), names, type, values, i, group));
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
      List<Expr.Field> rs = params(ctx.parameters(), false);
      int n = 0;
      for (Expr.Field r : rs) {
        n += Math.max(1, r.names.size());
      }
      Token at = ctx.IDENT() != null ? tok(ctx.IDENT()) : f;
      if (n == 0) {
        error(at, "method has no receiver");
      } else {
        if (n > 1) {
          error(at, "method has multiple receivers");
        }
        Expr.Field r = rs.get(0);
        recv = r.names.size() > 1
            ? new Expr.Field(r.line, r.col, List.of(r.names.get(0)), r.type, null) : r;
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
  private static final class Copier implements java.util.function.Supplier<Decl.Func> {
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

  /** [K comparable, V any]: one Field per group of names sharing a constraint. */
  private List<Expr.Field> typeParams(TypeParamsContext ctx) {
    List<Expr.Field> out = new ArrayList<>();
    for (TypeParamDeclContext d : ctx.typeParamDecl()) {
      List<Expr.Ident> names = new ArrayList<>();
      for (TerminalNode n : d.IDENT()) {
        names.add(ident(n));
      }
      Token s = d.getStart();
      out.add(new Expr.Field(line(s), col(s), names, constraintElem(d.constraintElem()), null));
    }
    return out;
  }

  /** An interface's type-set element (or embedded interface): first term, then "| term"s. */
  private Expr typeSetElem(InterfaceElemContext e) {
    Expr first;
    if (!e.IDENT().isEmpty()) {
      Expr.Ident id = ident(e.IDENT(0));
      first = withTypeArgs(e.PERIOD() != null ? new Expr.Selector(id.line, id.col, id, ident(e.IDENT(1))) : id, e.typeArgs());
    } else if (e.TILDE() != null) {
      Token tt = tok(e.TILDE());
      first = new Expr.Tilde(line(tt), col(tt), type(e.type_()));
    } else if (e.typeLit() != null) {
      first = typeLit(e.typeLit());
    } else if (e.recvChanType() != null) {
      first = recvChanType(e.recvChanType());
    } else {
      first = type(e.type_());
    }
    List<Expr> terms = new ArrayList<>();
    terms.add(first);
    for (ConstraintTermContext t : e.constraintTerm()) {
      Expr ty = type(t.type_());
      if (t.TILDE() != null) {
        Token tt = tok(t.TILDE());
        ty = new Expr.Tilde(line(tt), col(tt), ty);
      }
      terms.add(ty);
    }
    if (terms.size() == 1) {
      return first;
    }
    return new Expr.Union(first.line, first.col, terms);
  }

  /** A | ~B | C: one term, or a Union. */
  private Expr constraintElem(ConstraintElemContext ctx) {
    List<Expr> terms = new ArrayList<>();
    for (ConstraintTermContext t : ctx.constraintTerm()) {
      Expr ty = type(t.type_());
      if (t.TILDE() != null) {
        Token tt = tok(t.TILDE());
        ty = new Expr.Tilde(line(tt), col(tt), ty);
      }
      terms.add(ty);
    }
    if (terms.size() == 1) {
      return terms.get(0);
    }
    Token s = ctx.getStart();
    return new Expr.Union(line(s), col(s), terms);
  }

  private Expr withTypeArgs(Expr x, TypeArgsContext ctx) {
    return ctx == null ? x : withTypeArgs(x, ctx, ctx.type_());
  }

  private Expr withTypeArgs(Expr x, StandaloneTypeArgsContext ctx) {
    return ctx == null ? x : withTypeArgs(x, ctx, ctx.type_());
  }

  /** Name[T1, T2]: an Index for one type argument, else an IndexList. */
  private Expr withTypeArgs(Expr x, ParserRuleContext ctx, List<Type_Context> types) {
    List<Expr> args = new ArrayList<>();
    for (Type_Context t : types) {
      args.add(type(t));
    }
    Token lb = ctx.getStart();
    if (args.size() == 1) {
      Expr.Index ix = new Expr.Index(x.line, x.col, x, args.get(0));
      ix.lbrackLine = line(lb);
      ix.lbrackCol = col(lb);
      return ix;
    }
    return new Expr.IndexList(x.line, x.col, x, args);
  }

  private List<Expr.Ident> identList(IdentifierListContext ctx) {
    List<Expr.Ident> out = new ArrayList<>();
    for (TerminalNode n : ctx.IDENT()) {
      out.add(ident(n));
    }
    return out;
  }

  private static Expr.Ident ident(TerminalNode n) {
    Token t = n.getSymbol();
    return new Expr.Ident(line(t), col(t), t.getText());
  }

  // =============================================================================================
  // Types

  private Expr type(Type_Context ctx) {
    if (ctx == null) {
      throw new IllegalStateException("missing type");
    }
    if (ctx.typeName() != null) {
      return typeName(ctx.typeName());
    }
    if (ctx.typeLit() != null) {
      return typeLit(ctx.typeLit());
    }
    if (ctx.recvChanType() != null) {
      return recvChanType(ctx.recvChanType());
    }
    return type(ctx.type_()); // (T): parentheses dropped, as gc does
  }

  private Expr typeName(TypeNameContext ctx) {
    Expr.Ident first = ident(ctx.IDENT(0));
    if (ctx.PERIOD() != null) {
      return withTypeArgs(new Expr.Selector(first.line, first.col, first, ident(ctx.IDENT(1))), ctx.typeArgs());
    }
    return withTypeArgs(first, ctx.typeArgs());
  }

  private Expr typeLit(TypeLitContext ctx) {
    ParseTree c = ctx.getChild(0);
    if (c instanceof ArrayTypeContext a) {
      return arrayType(a, false);
    } else if (c instanceof StructTypeContext s) {
      return structType(s);
    } else if (c instanceof PointerTypeContext p) {
      Token t = tok(p.MUL());
      return new Expr.Star(line(t), col(t), type(p.type_()));
    } else if (c instanceof FuncTypeContext f) {
      return funcType(f);
    } else if (c instanceof InterfaceTypeContext i) {
      return interfaceType(i);
    } else if (c instanceof MapTypeContext m) {
      return mapType(m);
    } else if (c instanceof ChanTypeContext ch) {
      return chanType(ch);
    }
    throw new IllegalStateException("bad type literal");
  }

  /** [N]T, []T or [...]T; the last only as the type of a composite literal ({@code inLiteral}). */
  private Expr arrayType(ArrayTypeContext ctx, boolean inLiteral) {
    Token t = tok(ctx.LBRACK());
    Expr len = arrayLen(t, ctx.ELLIPSIS(), ctx.expression(), inLiteral);
    return new Expr.ArrayType(line(t), col(t), len, type(ctx.type_()));
  }

  /** The length of an array type at {@code t}: an expression, {@code ...} (only in literals), or null for a slice. */
  private Expr arrayLen(Token t, org.antlr.v4.runtime.tree.TerminalNode ellipsis, ExpressionContext e, boolean inLiteral) {
    if (ellipsis != null) {
      Token d = tok(ellipsis);
      if (!inLiteral) {
        error(t, "invalid use of [...] array (outside a composite literal)");
      }
      return new Expr.Ellipsis(line(d), col(d), null);
    }
    return e != null ? expr(e) : null;
  }

  private Expr mapType(MapTypeContext ctx) {
    Token t = tok(ctx.MAP());
    return new Expr.MapType(line(t), col(t), type(ctx.type_(0)), type(ctx.type_(1)));
  }

  /** chan T, chan<- T. */
  private Expr chanType(ChanTypeContext ctx) {
    Token t = tok(ctx.CHAN());
    Expr.ChanType.Dir dir = ctx.ARROW() == null ? Expr.ChanType.Dir.BOTH : Expr.ChanType.Dir.SEND;
    Expr elem;
    if (ctx.type_() != null) {
      elem = type(ctx.type_());
    } else if (ctx.typeName() != null) {
      elem = typeName(ctx.typeName());
    } else {
      elem = typeLit(ctx.typeLit());
    }
    return new Expr.ChanType(line(t), col(t), dir, elem);
  }

  private Expr recvChanType(RecvChanTypeContext ctx) {
    Token t = tok(ctx.ARROW());
    return new Expr.ChanType(line(t), col(t), Expr.ChanType.Dir.RECV, type(ctx.type_()));
  }

  private Expr structType(StructTypeContext ctx) {
    Token t = tok(ctx.STRUCT());
    checkSeparators(ctx, GolParser.SEMI, ", expected field name or embedded type");
    List<Expr.Field> fields = new ArrayList<>();
    for (FieldDeclContext f : ctx.fieldDecl()) {
      String tag = null;
      if (f.stringLit() != null) {
        byte[] b = stringBytes(f.stringLit());
        tag = b == null ? "" : new String(b, StandardCharsets.UTF_8);
      }
      Token s = f.getStart();
      if (f.MUL() != null) {
        Expr embedded = new Expr.Star(line(s), col(s), typeName(f.typeName()));
        fields.add(new Expr.Field(line(s), col(s), List.of(), embedded, tag));
      } else if (f.type_() != null) {
        List<Expr.Ident> names = new ArrayList<>();
        for (TerminalNode n : f.IDENT()) {
          names.add(ident(n));
        }
        fields.add(new Expr.Field(line(s), col(s), names, type(f.type_()), tag));
      } else {
        Expr.Ident first = ident(f.IDENT(0));
        Expr embedded = withTypeArgs(f.PERIOD() != null
            ? new Expr.Selector(first.line, first.col, first, ident(f.IDENT(1))) : first, f.typeArgs());
        if (f.standaloneTypeArgs() != null) {
          embedded = withTypeArgs(embedded, f.standaloneTypeArgs());
        }
        fields.add(new Expr.Field(line(s), col(s), List.of(), embedded, tag));
      }
    }
    return new Expr.StructType(line(t), col(t), fields);
  }

  private Expr interfaceType(InterfaceTypeContext ctx) {
    Token t = tok(ctx.INTERFACE());
    checkSeparators(ctx, GolParser.SEMI, ", expected ~ term or type");
    List<Expr.Field> elems = new ArrayList<>();
    for (InterfaceElemContext e : ctx.interfaceElem()) {
      Token s = e.getStart();
      if (e.signature() != null) {
        Expr.Ident first = ident(e.IDENT(0));
        elems.add(new Expr.Field(line(s), col(s), List.of(first), signature(e.signature(), s), null));
      } else {
        elems.add(new Expr.Field(line(s), col(s), List.of(), typeSetElem(e), null));
      }
    }
    return new Expr.InterfaceType(line(t), col(t), elems);
  }

  /** A function signature; the FuncType is placed at {@code at} (the func keyword or method name). */
  private Expr.FuncType signature(SignatureContext ctx, Token at) {
    return new Expr.FuncType(line(at), col(at), params(ctx.parameters(), true), results(ctx.result()));
  }

  private Expr.FuncType funcType(FuncTypeContext ctx) {
    Token at = tok(ctx.FUNC());
    return new Expr.FuncType(line(at), col(at), params(ctx.parameters(), true), results(ctx.result()));
  }

  private List<Expr.Field> results(ResultContext r) {
    if (r == null) {
      return List.of();
    }
    if (r.parameters() != null) {
      return params(r.parameters(), false);
    }
    Expr t;
    if (r.typeName() != null) {
      t = typeName(r.typeName());
    } else if (r.typeLit() != null) {
      t = typeLit(r.typeLit());
    } else {
      t = recvChanType(r.recvChanType());
    }
    return List.of(new Expr.Field(t.line, t.col, List.of(), t, null));
  }

  /**
   * Reports an empty entry of a list ("f(a,,b)", "struct{;}"): a separator right after the
   * opening bracket or after another separator. gc names the separator and what it expected.
   */
  private void checkSeparators(ParserRuleContext ctx, int sep, String expected) {
    int prev = -1;
    for (int i = 0; i < ctx.getChildCount(); i++) {
      if (ctx.getChild(i) instanceof TerminalNode tn) {
        int type = tn.getSymbol().getType();
        if (type == sep && (prev == sep || prev == GolParser.LPAREN || prev == GolParser.LBRACE)) {
          Token t = tn.getSymbol();
          syntaxError(t, "unexpected " + GolErrorStrategy.describe(t) + expected);
          return;
        }
        prev = type;
      } else {
        prev = -1;
      }
    }
  }

  /** One entry of a parameter list as written: [name] [...] type. */
  private record Param(Token name, Token dots, Expr type, Token start) {
    /** A lone identifier: a type if no entry is named, else a name whose type follows. */
    boolean nameOnly() {
      return name == null && dots == null && type instanceof Expr.Ident;
    }
  }

  /**
   * A parameter list, grouped as go/ast groups it ({@code a, b int} is one Field with two
   * names). Entries are distributed as gc's paramList does: if any entry has a name and a type,
   * a lone identifier is a name that takes the type of the next typed entry to its right.
   */
  private List<Expr.Field> params(ParametersContext ctx, boolean dotsOk) {
    checkSeparators(ctx, GolParser.COMMA, ", expected )");
    List<Param> ps = new ArrayList<>();
    for (ParameterDeclContext p : ctx.parameterDecl()) {
      ps.add(param(p));
    }
    if (ps.isEmpty()) {
      return List.of();
    }
    // check "..." (only the final parameter of a parameter list)
    for (int i = 0; i < ps.size(); i++) {
      Param p = ps.get(i);
      if (p.dots != null && (!dotsOk || i + 1 < ps.size())) {
        error(p.dots, dotsOk ? "can only use ... with final parameter" : "invalid use of ...");
        break;
      }
    }
    int named = 0;
    for (Param p : ps) {
      if (p.name != null) {
        named++;
      }
    }
    List<Expr.Field> out = new ArrayList<>();
    if (named == 0) {
      for (Param p : ps) {
        out.add(new Expr.Field(line(p.start), col(p.start), List.of(), withDots(p), null));
      }
      return out;
    }
    // right to left: a lone name takes the type of the next typed parameter
    Expr[] types = new Expr[ps.size()];
    Expr.Ident[] names = new Expr.Ident[ps.size()];
    Expr typ = null;
    Token missingName = null;
    boolean missingType = false;
    for (int i = ps.size() - 1; i >= 0; i--) {
      Param p = ps.get(i);
      if (p.name != null) {
        typ = withDots(p);
        names[i] = new Expr.Ident(line(p.name), col(p.name), p.name.getText());
        types[i] = typ;
      } else if (p.nameOnly()) {
        Expr.Ident id = (Expr.Ident) p.type;
        names[i] = id;
        if (typ == null) {
          missingType = true;
          types[i] = new Expr.Bad(id.line, id.col);
        } else {
          types[i] = typ;
        }
      } else {
        missingName = p.start;
        names[i] = new Expr.Ident(line(p.start), col(p.start), "_");
        types[i] = withDots(p);
      }
    }
    if (missingName != null) {
      syntaxError(missingName, "missing parameter name");
    } else if (missingType) {
      syntaxError(tok(ctx.RPAREN()), "missing parameter type");
    }
    for (int i = 0; i < ps.size(); ) {
      int j = i + 1;
      while (j < ps.size() && types[j] == types[i]) {
        j++;
      }
      List<Expr.Ident> group = new ArrayList<>();
      for (int k = i; k < j; k++) {
        group.add(names[k]);
      }
      out.add(new Expr.Field(names[i].line, names[i].col, group, types[i], null));
      i = j;
    }
    return out;
  }

  private Param param(ParameterDeclContext p) {
    Token dots = p.ELLIPSIS() == null ? null : tok(p.ELLIPSIS());
    if (!p.IDENT().isEmpty()) {
      Expr.Ident first = ident(p.IDENT(0));
      if (p.PERIOD() != null) {
        return new Param(null, null, withTypeArgs(new Expr.Selector(first.line, first.col, first, ident(p.IDENT(1))), p.typeArgs()), p.getStart());
      }
      if (p.standaloneTypeArgs() != null) {
        return new Param(null, null, withTypeArgs(first, p.standaloneTypeArgs()), p.getStart());
      }
      if (p.type_() != null) {
        return new Param(tok(p.IDENT(0)), dots, type(p.type_()), p.getStart());
      }
      return new Param(null, null, first, p.getStart());
    }
    Expr t;
    if (p.type_() != null) {
      t = type(p.type_()); // "...T" or "(T)"
    } else if (p.typeLit() != null) {
      t = typeLit(p.typeLit());
    } else {
      t = recvChanType(p.recvChanType());
    }
    return new Param(null, dots, t, p.getStart());
  }

  private static Expr withDots(Param p) {
    if (p.dots == null) {
      return p.type;
    }
    return new Expr.Ellipsis(line(p.dots), col(p.dots), p.type);
  }

  // =============================================================================================
  // Expressions

  private List<Expr> exprList(ExpressionListContext ctx) {
    List<Expr> out = new ArrayList<>(ctx.expression().size());
    for (ExpressionContext e : ctx.expression()) {
      out.add(expr(e));
    }
    return out;
  }

  private List<Expr> exprList(ExpressionListNBContext ctx) {
    List<Expr> out = new ArrayList<>(ctx.expressionNB().size());
    for (ExpressionNBContext e : ctx.expressionNB()) {
      out.add(expr(e));
    }
    return out;
  }

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

  private Expr expr(ExpressionNBContext ctx) {
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

  private Expr element(ElementContext e) {
    if (e.literalValue() != null) {
      Token t = e.getStart();
      return new Expr.CompositeLit(line(t), col(t), null, elements(e.literalValue()));
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
          return lit == null ? sel : new Expr.CompositeLit(sel.line, sel.col, sel, elements(lit));
        }
        if (s.getToken(GolParser.TYPE, 0) != null) {
          Expr.TypeAssert ta = new Expr.TypeAssert(x.line, x.col, x, null);
          typeGuards.put(ta, Boolean.TRUE);
          return ta;
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
      Expr il = new Expr.IndexList(x.line, x.col, x, list);
      return lit == null ? il : new Expr.CompositeLit(il.line, il.col, il, elements(lit));
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
      return lit == null ? ix : new Expr.CompositeLit(ix.line, ix.col, ix, elements(lit));
    }
    boolean slice3 = k == 2;
    if (slice3) {
      if (parts[1] == null) {
        error(colons[1], "middle index required in 3-index slice");
      }
      if (parts[2] == null) {
        error(rbrack, "final index required in 3-index slice");
      }
    }
    return new Expr.SliceExpr(x.line, x.col, x, parts[0], parts[1], parts[2], slice3);
  }

  /** fun(args): arguments may be bare types (make([]int, n)); "..." only after the last one. */
  private Expr.Call call(Expr fun, ArgumentsContext a) {
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
  private Expr argument(ArgumentContext a) {
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
          results = params(ps.get(1), false);
        } else if (result != null) {
          Expr r = opType(result);
          results = List.of(new Expr.Field(r.line, r.col, List.of(), r, null));
        }
        Expr.FuncType sig = new Expr.FuncType(l, c, params(ps.get(0), true), results);
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
          head = new Expr.CompositeLit(l, c, head, elements(value));
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
    Expr len = arrayLen(t, ctx.ELLIPSIS(), ctx.expression(), inLiteral);
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
          results = params(ctx.parameters(1), false);
        } else if (ctx.opTypeNoParen() != null) {
          Expr r = opType(ctx.opTypeNoParen());
          results = List.of(new Expr.Field(r.line, r.col, List.of(), r, null));
        }
        return new Expr.FuncType(l, c, params(ctx.parameters(0), true), results);
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
      return ctx.literalValue() == null ? id : new Expr.CompositeLit(id.line, id.col, id, elements(ctx.literalValue()));
    }
    return new Expr.Paren(line(t), col(t), argument(ctx.argument()));
  }

  /** An operand that starts with a type literal: a function literal, a composite literal, a conversion. */
  private Expr typeOperand(TypeOperandContext ctx) {
    Token t = ctx.getStart();
    int l = line(t);
    int c = col(t);
    switch (t.getType()) {
      case GolParser.FUNC: {
        List<Expr.Field> results = List.of();
        if (ctx.parameters().size() > 1) {
          results = params(ctx.parameters(1), false);
        } else if (ctx.opTypeNoParen() != null) {
          Expr r = opType(ctx.opTypeNoParen());
          results = List.of(new Expr.Field(r.line, r.col, List.of(), r, null));
        }
        Expr.FuncType sig = new Expr.FuncType(l, c, params(ctx.parameters(0), true), results);
        if (ctx.block() != null) {
          return new Expr.FuncLit(l, c, sig, block(ctx.block()));
        }
        return call(sig, ctx.arguments()); // func(int) int(f)
      }
      case GolParser.CHAN:
        return call(chanElem(t, ctx.opChanElem()), ctx.arguments());
      case GolParser.INTERFACE:
        if (ctx.methodName() != null) {
          return methodExpr(interfaceType(ctx.interfaceType()), ctx.methodName());
        }
        return call(interfaceType(ctx.interfaceType()), ctx.arguments());
      default: {
        LiteralValueContext lit = ctx.literalValue();
        Expr type = ctx.structType() != null ? structType(ctx.structType()) : compositeType(ctx.elemCompositeType(), lit != null);
        if (lit != null) {
          return new Expr.CompositeLit(l, c, type, elements(lit));
        }
        if (ctx.methodName() != null) {
          return methodExpr(type, ctx.methodName());
        }
        return call(type, ctx.arguments());
      }
    }
  }

  private Expr basicLit(Token t) {
    String text = t.getText();
    int l = line(t);
    int c = col(t);
    Literals.Problems problems = new LitProblems(l, c);
    switch (t.getType()) {
      case GolParser.INT_LIT:
        return new Expr.BasicLit(l, c, Expr.BasicLit.Kind.INT, Literals.number(text, problems), text);
      case GolParser.FLOAT_LIT: {
        Object v = Literals.number(text, problems);
        // "0x1p4" is a float, "0x10" an int: the lexer's kind can differ only after an error
        return new Expr.BasicLit(l, c, Expr.BasicLit.Kind.FLOAT, v, text);
      }
      case GolParser.IMAG_LIT:
        return new Expr.BasicLit(l, c, Expr.BasicLit.Kind.IMAG, Literals.number(text, problems), text);
      case GolParser.RUNE_LIT:
        return new Expr.BasicLit(l, c, Expr.BasicLit.Kind.CHAR, Literals.rune(text, problems), text);
      default:
        return new Expr.BasicLit(l, c, Expr.BasicLit.Kind.STRING, Literals.anyString(text, problems), text);
    }
  }

  private byte[] stringBytes(StringLitContext ctx) {
    Token t = ctx.getStart();
    int l = line(t);
    int c = col(t);
    return Literals.anyString(t.getText(), new LitProblems(l, c));
  }

  /**
   * A literal's problems, reported at its position plus the offset (a class, not a lambda: a
   * hello world links none, see Loader.SourceOf).
   */
  private final class LitProblems implements Literals.Problems {
    private final int line;
    private final int col;

    LitProblems(int line, int col) {
      this.line = line;
      this.col = col;
    }

    @Override
    public void error(int offset, String message) {
      diags.error(fileName, line, col + offset, message);
    }
  }

  // =============================================================================================
  // Statements

  private Stmt.Block block(BlockContext ctx) {
    Token open = ctx.getStart();
    List<Stmt> stmts = ctx.stmtList() != null ? stmtList(ctx.stmtList()) : List.of();
    Token close = ctx.RBRACE() != null ? tok(ctx.RBRACE()) : ctx.getStop();
    Stmt.Block b = new Stmt.Block(line(open), col(open), stmts, close == null ? line(open) : line(close));
    if (close != null && close.getType() == GolParser.RBRACE) {
      b.endCol = col(close);
    }
    return b;
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

  private Stmt statement(StatementContext ctx) {
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
      syntaxError(s.range, "unexpected keyword range, expected expression");
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
  private static Node start(Expr x) {
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
    if (k == Tok.DEFINE) {
      for (Expr x : lhs) {
        if (!(x instanceof Expr.Ident)) {
          error(x, "non-name " + AstString.expr(x) + " on left side of :=");
        }
      }
    }
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

  private Header header(HeaderContext h) {
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
    for (CaseClauseContext cc : ctx.caseClause()) {
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
      typeGuards.remove(ta);
    } else if (tagStmt instanceof Stmt.Assign a && a.op == Tok.DEFINE && a.lhs.size() == 1
        && a.rhs.size() == 1 && a.lhs.get(0) instanceof Expr.Ident id
        && a.rhs.get(0) instanceof Expr.TypeAssert ta && ta.assertType == null) {
      guardX = ta.x;
      bind = id;
      typeGuards.remove(ta);
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
    for (CommClauseContext cc : ctx.commClause()) {
      Token s = cc.getStart();
      Stmt comm = null;
      if (cc.commCase() != null) {
        comm = simple(cc.commCase(), new Simple(cc.commCase()));
        if (!validComm(comm)) {
          error(comm, "select case must be receive, send or assign recv");
        }
      }
      clauses.add(new Stmt.CommClause(line(s), col(s), comm, stmtList(cc.stmtList())));
    }
    return new Stmt.Select(line(t), col(t), clauses);
  }

  private static boolean isRecv(Expr x) {
    return x.unparen() instanceof Expr.Unary u && u.op == Tok.ARROW;
  }

  private static boolean validComm(Stmt s) {
    if (s instanceof Stmt.Send) {
      return true;
    }
    if (s instanceof Stmt.ExprStmt e) {
      return isRecv(e.x);
    }
    if (s instanceof Stmt.Assign a) {
      return (a.op == Tok.ASSIGN || a.op == Tok.DEFINE) && a.rhs.size() == 1 && isRecv(a.rhs.get(0))
          && a.lhs.size() <= 2;
    }
    return false;
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
      op = Tok.DEFINE;
      for (Expr e : lhs) {
        if (!(e instanceof Expr.Ident)) {
          error(e, "non-name " + AstString.expr(e) + " on left side of :=");
        }
      }
    } else {
      op = Tok.ASSIGN;
      if (s.op.getType() != GolParser.ASSIGN) {
        syntaxError(s.range, "unexpected keyword range, expected expression");
      }
    }
    if (lhs.size() > 2) {
      error(lhs.get(2), "range clause permits at most two iteration variables");
    }
    return new Stmt.Range(line(forTok), col(forTok), lhs.get(0), lhs.size() > 1 ? lhs.get(1) : null, op, x, body);
  }
}
