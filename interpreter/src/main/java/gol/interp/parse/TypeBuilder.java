package gol.interp.parse;

import gol.grammar.GolErrorStrategy;
import gol.grammar.GolParser;
import gol.grammar.GolParser.*;
import gol.interp.ast.Expr;
import gol.interp.diag.Diagnostics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/** Types, type parameters and type arguments of the parse tree as AST nodes (see AstBuilder). */
abstract class TypeBuilder extends BuilderBase {
  TypeBuilder(String fileName, Diagnostics diags, TokenStream tokens) {
    super(fileName, diags, tokens);
  }

  /** An expression (ExprBuilder). */
  abstract Expr expr(ExpressionContext ctx);

  /** A string literal's bytes, its escapes decoded (ExprBuilder). */
  abstract byte[] stringBytes(StringLitContext ctx);

  /** The bytes of a string literal token (null after an error, which is reported). */
  abstract byte[] stringBytes(Token t);

  // =============================================================================================
  // Type parameters and type arguments

  /** [K comparable, V any]: one Field per group of names sharing a constraint. */
  List<Expr.Field> typeParams(TypeParamsContext ctx) {
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
    Expr.IndexList il = new Expr.IndexList(x.line, x.col, x, args);
    il.lbrackLine = line(lb);
    il.lbrackCol = col(lb);
    return il;
  }

  List<Expr.Ident> identList(IdentifierListContext ctx) {
    List<Expr.Ident> out = new ArrayList<>();
    for (TerminalNode n : ctx.IDENT()) {
      out.add(ident(n));
    }
    return out;
  }

  // =============================================================================================
  // Types

  Expr type(Type_Context ctx) {
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

  Expr typeName(TypeNameContext ctx) {
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
    Expr len = arrayLen(t, ctx.ELLIPSIS(), ctx.expression(), inLiteral, false);
    return new Expr.ArrayType(line(t), col(t), len, type(ctx.type_()));
  }

  /**
   * The length of an array type at {@code t}: an expression, {@code ...} (only in literals), or
   * null for a slice. {@code [...]T} in a type (a declaration, a parameter, a type argument) is
   * left to the checker, which reports it among the other type errors as gc does; in an operand
   * that is not a literal's type it is reported here.
   */
  Expr arrayLen(Token t, org.antlr.v4.runtime.tree.TerminalNode ellipsis, ExpressionContext e, boolean inLiteral, boolean inOperand) {
    if (ellipsis != null) {
      Token d = tok(ellipsis);
      if (inOperand && !inLiteral) {
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

  Expr recvChanType(RecvChanTypeContext ctx) {
    Token t = tok(ctx.ARROW());
    return new Expr.ChanType(line(t), col(t), Expr.ChanType.Dir.RECV, type(ctx.type_()));
  }

  Expr structType(StructTypeContext ctx) {
    Token t = tok(ctx.STRUCT());
    checkSeparators(ctx, GolParser.SEMI, ", expected field name or embedded type");
    List<Expr.Field> fields = new ArrayList<>();
    for (FieldDeclContext f : ctx.fieldDecl()) {
      String tag = null;
      Token badTag = null;
      if (f.basicLit() != null) {
        Token lit = f.basicLit().getStart();
        if (lit.getType() == GolParser.STRING_LIT || lit.getType() == GolParser.RAW_STRING_LIT) {
          byte[] b = stringBytes(lit);
          tag = b == null ? "" : new String(b, StandardCharsets.UTF_8);
        } else {
          badTag = lit;
        }
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
      if (badTag != null) {
        fields.get(fields.size() - 1).badTag = new Expr.BasicLit(line(badTag), col(badTag), Expr.BasicLit.Kind.INT, null,
            badTag.getText());
      }
    }
    return new Expr.StructType(line(t), col(t), fields);
  }

  Expr interfaceType(InterfaceTypeContext ctx) {
    Token t = tok(ctx.INTERFACE());
    checkSeparators(ctx, GolParser.SEMI, ", expected ~ term or type");
    List<Expr.Field> elems = new ArrayList<>();
    List<Integer> typeParamsAt = List.of();
    for (InterfaceElemContext e : ctx.interfaceElem()) {
      Token s = e.getStart();
      if (e.signature() != null) {
        if (e.typeParams() != null) {
          if (typeParamsAt.isEmpty()) {
            typeParamsAt = new ArrayList<>();
          }
          Token at = e.typeParams().getStart();
          typeParamsAt.add(line(at));
          typeParamsAt.add(col(at));
        }
        Expr.Ident first = ident(e.IDENT(0));
        elems.add(new Expr.Field(line(s), col(s), List.of(first), signature(e.signature(), s), null));
      } else {
        elems.add(new Expr.Field(line(s), col(s), List.of(), typeSetElem(e), null));
      }
    }
    Expr.InterfaceType it = new Expr.InterfaceType(line(t), col(t), elems);
    it.typeParamsAt = typeParamsAt;
    return it;
  }

  /** A function signature; the FuncType is placed at {@code at} (the func keyword or method name). */
  Expr.FuncType signature(SignatureContext ctx, Token at) {
    return new Expr.FuncType(line(at), col(at), params(ctx.parameters()), results(ctx.result()));
  }

  private Expr.FuncType funcType(FuncTypeContext ctx) {
    Token at = ctx.parameters().getStart(); // gc places a function type at its '('

    return new Expr.FuncType(line(at), col(at), params(ctx.parameters()), results(ctx.result()));
  }

  List<Expr.Field> results(ResultContext r) {
    if (r == null) {
      return List.of();
    }
    if (r.parameters() != null) {
      return params(r.parameters());
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
  void checkSeparators(ParserRuleContext ctx, int sep, String expected) {
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
  List<Expr.Field> params(ParametersContext ctx) {
    checkSeparators(ctx, GolParser.COMMA, ", expected )");
    List<Param> ps = new ArrayList<>();
    for (ParameterDeclContext p : ctx.parameterDecl()) {
      ps.add(param(p));
    }
    if (ps.isEmpty()) {
      return List.of();
    }
    // a "..." anywhere but on a final parameter is the checker's error, as types2's
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
    Token mixed = null; // the leftmost parameter without a name or without a type (gc's position)
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
          mixed = p.start;
          types[i] = new Expr.Bad(id.line, id.col);
        } else {
          types[i] = typ;
        }
      } else {
        mixed = p.start;
        names[i] = new Expr.Ident(line(p.start), col(p.start), "_");
        types[i] = withDots(p);
      }
    }
    if (mixed != null) {
      syntaxError(mixed, "mixed named and unnamed parameters");
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
        Expr t = type(p.type_());
        if (dots == null && t instanceof Expr.ArrayType a && a.len instanceof Expr.Ellipsis e
            && p.type_().getStart().getType() == GolParser.LBRACK) {
          // gc's parser reads "name [" as the start of an array length or type arguments
          error(e, "syntax error: unexpected ..., expected expression");
        }
        return new Param(tok(p.IDENT(0)), dots, t, p.getStart());
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

}
