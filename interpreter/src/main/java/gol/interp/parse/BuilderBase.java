package gol.interp.parse;

import gol.grammar.GolParser.*;
import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.diag.Diagnostics;
import java.util.IdentityHashMap;
import java.util.Map;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.tree.TerminalNode;

/** Positions, errors and identifiers for the AST builder's layers (see AstBuilder). */
abstract class BuilderBase {
  final String fileName;
  final Diagnostics diags;
  final TokenStream tokens;
  /** The operator token of each Assign (gc reports some header errors there). */
  final Map<Stmt.Assign, Token> assignOps = new IdentityHashMap<>();

  BuilderBase(String fileName, Diagnostics diags, TokenStream tokens) {
    this.fileName = fileName;
    this.diags = diags;
    this.tokens = tokens;
  }

  // =============================================================================================
  // Positions and errors

  static int line(Token t) {
    return t.getLine();
  }

  static int col(Token t) {
    return t.getCharPositionInLine() + 1;
  }

  void error(Token at, String msg) {
    diags.error(fileName, line(at), col(at), msg);
  }

  void error(Node at, String msg) {
    diags.error(fileName, at.line, at.col, msg);
  }

  void syntaxError(Token at, String msg) {
    if (!diags.hasSyntaxErrorOn(fileName, line(at))) { // gc: only one syntax error per line
      error(at, "syntax error: " + msg);
    }
  }

  /** The token after {@code ctx}, for "unexpected X" messages. */
  Token after(ParserRuleContext ctx) {
    Token stop = ctx.getStop();
    int i = stop == null ? -1 : stop.getTokenIndex() + 1;
    if (tokens != null && i >= 0 && i < tokens.size()) {
      return tokens.get(i);
    }
    return stop;
  }

  static Token tok(TerminalNode n) {
    return n.getSymbol();
  }

  static Expr.Ident ident(TerminalNode n) {
    Token t = n.getSymbol();
    return new Expr.Ident(line(t), col(t), t.getText());
  }
}
