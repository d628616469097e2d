package gol.grammar;

import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * ANTLR's default recovery, with messages in gc's words: {@code syntax error: unexpected X, expected
 * Y}, {@code syntax error: unexpected X in argument list; possibly missing comma or )}, {@code
 * syntax error: unexpected X at end of statement}.
 *
 * <p>gc's parser is hand-written and words each error for the place it is in; here the place is
 * the innermost rule at the error plus the set of tokens that would have been accepted. The
 * mapping below covers the common cases; anything else is {@code unexpected X} with an
 * {@code expected Y} only when Y is a single token.
 *
 * <p>Token names follow gc 1.23: {@code name x}, {@code literal 42}, {@code func},
 * {@code newline} (an inserted semicolon), {@code EOF}, {@code comma}, and the operator's text.
 */
public final class GolErrorStrategy extends DefaultErrorStrategy {
  /** -Dgol.parse.debug=true appends the rule and the expected tokens to each message. */
  private static final boolean DEBUG = Boolean.getBoolean("gol.parse.debug");

  @Override
  public void reportError(Parser p, RecognitionException e) {
    if (inErrorRecoveryMode(p)) {
      return;
    }
    beginErrorCondition(p);
    Token t = e.getOffendingToken();
    IntervalSet expected = e.getExpectedTokens();
    ParserRuleContext ctx = e.getCtx() instanceof ParserRuleContext c ? c : p.getContext();
    String m = message(p, ctx, t, expected == null ? new IntervalSet() : expected);
    m = afterAdvance(t, m);
    missingOperand = m != null && m.contains(", expected expression");
    missingAssign = m != null && m.contains(", expected := or = or comma");
    report(p, t, m, e);
  }

  /**
   * Whether the error being recovered from is gc's operand() finding no operand ("unexpected X,
   * expected expression"): gc then advances to a closing bracket or a statement keyword,
   * across ';' and brackets, and its follow-on errors come from where that leaves it.
   */
  private boolean missingOperand;

  /** Whether it is gc's simpleStmt finding no assignment after a list: gc advances to ';' or '}'. */
  private boolean missingAssign;

  /** Whether sync has skipped as gc does and thrown to leave the rule: recover only ends the error. */
  private boolean advanced;

  /** The index of the token that the last skip after a missing operand stopped at, or -1. */
  private int advancedTo = -1;

  /**
   * gc's statement ends where its skip after a missing operand stopped: a statement keyword
   * there is "at end of statement", though a newline comes before it.
   */
  private String afterAdvance(Token t, String m) {
    if (m != null && t.getTokenIndex() == advancedTo && t.getType() != Token.EOF) {
      for (String w : new String[] {", expected }", ", expected case or default or }"}) {
        int i = m.indexOf(w);
        if (i >= 0 && (i + w.length() == m.length() || m.charAt(i + w.length()) == ' ')) {
          return m.substring(0, i) + " at end of statement" + m.substring(i + w.length());
        }
      }
    }
    return m;
  }

  @Override
  protected void reportUnwantedToken(Parser p) {
    if (inErrorRecoveryMode(p)) {
      return;
    }
    beginErrorCondition(p);
    Token t = p.getCurrentToken();
    report(p, t, afterAdvance(t, message(p, p.getContext(), t, getExpectedTokens(p))), null);
  }

  @Override
  protected void reportMissingToken(Parser p) {
    if (inErrorRecoveryMode(p)) {
      return;
    }
    beginErrorCondition(p);
    Token t = p.getCurrentToken();
    report(p, t, message(p, p.getContext(), t, getExpectedTokens(p)), null);
  }

  /** Reports {@code message} at t, unless it is null: gc words that error otherwise (see tail). */
  private static void report(Parser p, Token t, String message, RecognitionException e) {
    if (message != null) {
      p.notifyErrorListeners(t, message, e);
    }
  }

  /**
   * At the loop of a list, a token that is neither a separator nor the end of the list. ANTLR's
   * default leaves the list rule (and so the block or literal) and cascades; here, as gc does,
   * report it and skip within the list: in a statement list to the next ';' ("at end of
   * statement"), in a bracketed list to its closer. Only the error stage runs this.
   */
  @Override
  public void sync(Parser p) throws RecognitionException {
    if (inErrorRecoveryMode(p)) {
      return;
    }
    ATNState s = p.getInterpreter().atn.states.get(p.getState());
    int type = s.getStateType();
    if (type == ATNState.STAR_LOOP_ENTRY || type == ATNState.STAR_LOOP_BACK) {
      TokenStream in = p.getInputStream();
      int la = in.LA(1);
      int rule = p.getContext().getRuleIndex();
      if (!p.getATN().nextTokens(s).contains(la) && listRule(rule) && !p.getExpectedTokens().contains(la)) {
        beginErrorCondition(p);
        Token t = p.getCurrentToken();
        report(p, t, afterAdvance(t, message(p, p.getContext(), t, p.getExpectedTokens())), null);
        if (rule == GolParser.RULE_stmtList || rule == GolParser.RULE_topLevelList) {
          skipStatement(p, rule == GolParser.RULE_topLevelList ? Skip.TOP_LEVEL : Skip.STATEMENT);
        } else {
          skipToCloser(p);
        }
        return;
      }
    }
    if (type == ATNState.STAR_LOOP_BACK && p.getContext().getRuleIndex() == GolParser.RULE_commCase) {
      // "case a, b:": as gc's simpleStmt, report and advance to ';' or '}' (then ':' is missing)
      int la = p.getInputStream().LA(1);
      IntervalSet expected = p.getExpectedTokens();
      if (!expected.contains(la) && expected.contains(GolParser.DEFINE)) {
        beginErrorCondition(p);
        Token t = p.getCurrentToken();
        report(p, t, message(p, p.getContext(), t, expected), null);
        advanceToFollow(p, true, true);
        advanced = true;
        throw new InputMismatchException(p); // out of commCase, quietly (see recover)
      }
    }
    super.sync(p);
  }

  private static boolean listRule(int rule) {
    switch (rule) {
      case GolParser.RULE_stmtList:
      case GolParser.RULE_topLevelList:
      case GolParser.RULE_literalValue:
      case GolParser.RULE_arguments:
      case GolParser.RULE_parameters:
      case GolParser.RULE_structType:
      case GolParser.RULE_interfaceType:
      case GolParser.RULE_switchStmt:
      case GolParser.RULE_selectStmt:
      case GolParser.RULE_constDecl:
      case GolParser.RULE_varDecl:
      case GolParser.RULE_typeDecl:
      case GolParser.RULE_importDecl:
        return true;
      default:
        return false;
    }
  }

  /** Consumes up to (not including) the next closing bracket at this depth, or EOF. */
  private static void skipToCloser(Parser p) {
    TokenStream in = p.getInputStream();
    int depth = 0;
    for (;;) {
      int la = in.LA(1);
      if (la == Token.EOF) {
        return;
      } else if (la == GolParser.LPAREN || la == GolParser.LBRACK || la == GolParser.LBRACE) {
        depth++;
      } else if (la == GolParser.RPAREN || la == GolParser.RBRACK || la == GolParser.RBRACE) {
        if (depth == 0) {
          return;
        }
        depth--;
      }
      p.consume();
    }
  }

  /**
   * A '}' that is not there: when a matching '}' follows, report the error and skip to it (the
   * rest of the block is lost, but the blocks stay balanced); otherwise the default.
   */
  @Override
  public Token recoverInline(Parser p) throws RecognitionException {
    Token matched = singleTokenDeletion(p);
    if (matched != null) {
      p.consume();
      return matched;
    }
    if (singleTokenInsertion(p)) {
      return getMissingSymbol(p);
    }
    InputMismatchException e = nextTokensContext == null
        ? new InputMismatchException(p)
        : new InputMismatchException(p, nextTokensState, nextTokensContext);
    if (getExpectedTokens(p).contains(GolParser.RBRACE)) {
      TokenStream in = p.getInputStream();
      int depth = 0;
      for (int i = 1; ; i++) {
        int la = in.LA(i);
        if (la == Token.EOF) {
          break;
        } else if (la == GolParser.LPAREN || la == GolParser.LBRACK || la == GolParser.LBRACE) {
          depth++;
        } else if (la == GolParser.RPAREN || la == GolParser.RBRACK || la == GolParser.RBRACE) {
          if (depth == 0) {
            if (la != GolParser.RBRACE) {
              continue; // a stray ')' or ']' before our '}': junk
            }
            reportError(p, e);
            for (int k = 1; k < i; k++) {
              p.consume();
            }
            Token brace = p.getCurrentToken();
            p.consume();
            return brace;
          }
          depth--;
        }
      }
    }
    throw e;
  }

  /**
   * Never delete a token where an operand must start: gc's operand() reports "expected
   * expression" and advances (see {@link #recover}), and its next errors follow from there.
   */
  @Override
  protected Token singleTokenDeletion(Parser p) {
    if (getExpectedTokens(p).contains(GolParser.INT_LIT)) {
      return null;
    }
    return super.singleTokenDeletion(p);
  }

  /** Never conjure up a missing '}': that closes the wrong block and cascades. */
  @Override
  protected boolean singleTokenInsertion(Parser p) {
    if (getExpectedTokens(p).contains(GolParser.RBRACE) && p.getInputStream().LA(1) != Token.EOF) {
      return false;
    }
    return super.singleTokenInsertion(p);
  }

  /**
   * Recovery as gc's {@code advance}: skip to the end of the statement in error, that is the next
   * ';' at the same bracket depth or a closing bracket that is not ours, then carry on there.
   */
  @Override
  public void recover(Parser p, RecognitionException e) {
    TokenStream in = p.getInputStream();
    if (advanced) {
      advanced = false;
      endErrorCondition(p);
      return;
    }
    if (lastErrorIndex == in.index() && lastErrorStates != null && lastErrorStates.contains(p.getState())) {
      p.consume(); // no progress since the last error here: force some, as the default does
    }
    lastErrorIndex = in.index();
    if (lastErrorStates == null) {
      lastErrorStates = new IntervalSet();
    }
    lastErrorStates.add(p.getState());
    if (missingOperand || missingAssign) {
      advanceToFollow(p, inFunction(p.getContext()), missingAssign);
      missingOperand = false;
      missingAssign = false;
      advancedTo = in.index();
      endErrorCondition(p); // as gc, the next mismatch is reported (gc has no quiet recovery mode)
      return;
    }
    skipStatement(p, Skip.EXPRESSION);
  }

  /**
   * gc's {@code advance(_Rparen, _Rbrack, _Rbrace)} ({@code advance(_Semi, _Rbrace)} for a
   * statement): consumes tokens up to one of those (not counting brackets on the way), EOF or,
   * inside a function, a keyword that starts a statement.
   */
  private static void advanceToFollow(Parser p, boolean inFunction, boolean statement) {
    TokenStream in = p.getInputStream();
    for (;;) {
      switch (in.LA(1)) {
        case Token.EOF: case GolParser.RBRACE:
          return;
        case GolParser.RPAREN: case GolParser.RBRACK:
          if (!statement) {
            return;
          }
          break;
        case GolParser.SEMI:
          if (statement) {
            return;
          }
          break;
        case GolParser.BREAK: case GolParser.CONST: case GolParser.CONTINUE: case GolParser.DEFER:
        case GolParser.FALLTHROUGH: case GolParser.FOR: case GolParser.GO: case GolParser.GOTO:
        case GolParser.IF: case GolParser.RETURN: case GolParser.SELECT: case GolParser.SWITCH:
        case GolParser.TYPE: case GolParser.VAR:
          if (inFunction) {
            return;
          }
          break;
        default:
          break;
      }
      p.consume();
    }
  }

  private static boolean inFunction(ParserRuleContext c) {
    for (; c != null; c = c.getParent()) {
      if (c instanceof GolParser.BlockContext) {
        return true;
      }
    }
    return false;
  }

  /** Where a skip happens, and so which unmatched closing brackets are junk to skip over. */
  private enum Skip {
    /** Inside an expression or list: stop at any closer that is not ours. */
    EXPRESSION,
    /** In a statement list: only a '}' can close something; a stray ')' or ']' is junk. */
    STATEMENT,
    /** At top level nothing is open: every stray closer is junk. */
    TOP_LEVEL
  }

  /**
   * Consumes to the next ';' at this bracket depth, or to a closing bracket that closes something
   * outside (left in place, unless {@code where} says it is junk).
   */
  private static void skipStatement(Parser p, Skip where) {
    TokenStream in = p.getInputStream();
    int depth = 0;
    for (;;) {
      switch (in.LA(1)) {
        case Token.EOF:
          return;
        case GolParser.LPAREN:
        case GolParser.LBRACK:
        case GolParser.LBRACE:
          depth++;
          break;
        case GolParser.RPAREN:
        case GolParser.RBRACK:
        case GolParser.RBRACE:
          if (depth == 0) {
            boolean junk = where == Skip.TOP_LEVEL
                || where == Skip.STATEMENT && in.LA(1) != GolParser.RBRACE;
            if (!junk) {
              return;
            }
            break;
          }
          depth--;
          break;
        case GolParser.SEMI:
          if (depth == 0) {
            return;
          }
          break;
        default:
          break;
      }
      p.consume();
    }
  }

  /** The gc-style message for an error at token {@code t} in rule context {@code ctx}. */
  static String message(Parser p, ParserRuleContext ctx, Token t, IntervalSet expected) {
    String tail = tail(p.getInputStream(), ctx, t, expected);
    if (tail == null) {
      return null;
    }
    if (DEBUG) {
      tail += " [rule " + GolParser.ruleNames[ctx.getRuleIndex()] + ", expected "
          + expected.toString(GolParser.VOCABULARY) + "]";
    }
    if (tail.startsWith("!")) {
      return "syntax error: " + tail.substring(1); // a plain message, without the token
    }
    return "syntax error: unexpected " + describe(t) + tail;
  }

  /**
   * What follows "unexpected X": " in ...", " at ...", " after ..." or ", expected ...";
   * a string starting with '!' is a whole message instead; null when gc reports the error in
   * other words, which the tree builder gives (an import's missing path).
   *
   * <p>ANTLR detects most errors at a prediction deep inside an expression, so the message comes
   * from three places in turn: the innermost rule when it has its own wording; else the nearest
   * enclosing list (argument list, block, composite literal, ...) whose separator or closer would
   * have been accepted here, as gc's {@code list} and {@code stmtList} word them; else the kind of
   * thing expected (expression, type, one token).
   */
  private static String tail(TokenStream in, ParserRuleContext ctx, Token t, IntervalSet expected) {
    int prev = previousType(in, t);
    if ((prev == GolParser.PERIOD || prev == GolParser.IDENT) && t.getTokenIndex() >= 2
        && in.get(t.getTokenIndex() - 2).getType() == GolParser.IMPORT) {
      return null; // import . / import name, and then no path on the line: "missing import path"
    }
    if (prev == GolParser.PERIOD && t.getType() != GolParser.IDENT && t.getType() != GolParser.LPAREN) {
      return ", expected name or ("; // x.<?>: a selector or a type assertion
    }
    if (prev == GolParser.FUNC && t.getType() == GolParser.LBRACK) {
      return "!function type must have no type parameters"; // func[T any](...) as a literal or type
    }
    if ((prev == GolParser.IF || prev == GolParser.FOR || prev == GolParser.SWITCH)
        && t.getType() != GolParser.LBRACE && t.getType() != GolParser.SEMI && t.getType() != GolParser.VAR) {
      // gc's header() parses a simple statement unless "{" or ";" follows the keyword: what
      // cannot start one is an operand it misses
      return ", expected expression";
    }
    if (prev == GolParser.SEMI && cannotStartOperand(t.getType()) && semiInHeader(ctx, t)) {
      return ", expected expression"; // the same after a ";" of the header
    }
    switch (ctx.getRuleIndex()) {
      case GolParser.RULE_ifStmt:
        if (prev == GolParser.ELSE) {
          return "!else must be followed by if or statement block";
        }
        break;
      case GolParser.RULE_typeSpec:
        if (expected.contains(GolParser.MAP) && expected.contains(GolParser.CHAN)) {
          return " in type declaration"; // gc's typeDecl: no type where one must start
        }
        break;
      case GolParser.RULE_type_:
        if (ctx.getParent() instanceof GolParser.TypeSpecContext && ctx.getStart() == t
            && expected.contains(GolParser.MAP) && expected.contains(GolParser.CHAN)) {
          return " in type declaration"; // (after "type A =")
        }
        break;
      case GolParser.RULE_caseClause:
      case GolParser.RULE_commClause:
        if (expected.contains(GolParser.COLON) && !expected.contains(GolParser.INT_LIT)) {
          return ", expected :";
        }
        break;
      case GolParser.RULE_typeParamDecl:
        if (t.getType() == GolParser.RBRACK && prev == GolParser.TPARAMS_LBRACK) {
          return "!empty type parameter list"; // func F[]()
        }
        if (t.getType() == GolParser.RBRACK && expected.contains(GolParser.TILDE)) {
          return "!missing type constraint"; // func F[T]()
        }
        break;
      default:
        break;
    }
    for (ParserRuleContext c = ctx; c != null; c = c.getParent()) {
      String w = listTail(c, t, prev, expected);
      if (w != null) {
        return w;
      }
    }
    if (expected.contains(GolParser.INT_LIT)) {
      return ", expected expression";
    }
    if (expected.contains(GolParser.MAP) && expected.contains(GolParser.CHAN)) {
      return ", expected type";
    }
    if (expected.size() == 1) {
      return ", expected " + tokstring(expected.getMinElement());
    }
    if (expected.size() == 2 && expected.contains(GolParser.IDENT) && expected.contains(GolParser.LPAREN)) {
      return ", expected name or (";
    }
    return "";
  }

  /** The wording of list-like rule {@code c} if the error is at its separator or closer, else null. */
  private static String listTail(ParserRuleContext c, Token t, int prev, IntervalSet expected) {
    switch (c.getRuleIndex()) {
      case GolParser.RULE_arguments:
        if (t.getType() == Token.EOF) {
          return ", expected )"; // gc's list stops at the end of the file
        }
        if (prev == GolParser.COMMA || prev == GolParser.LPAREN) {
          return ", expected expression"; // gc parses another argument after a comma or (
        }
        return expected.contains(GolParser.RPAREN) ? " in argument list; possibly missing comma or )" : null;
      case GolParser.RULE_parameters:
        if (prev == GolParser.LPAREN || prev == GolParser.COMMA) {
          return ", expected )"; // gc: where a parameter should start, nothing else fits
        }
        return expected.contains(GolParser.RPAREN) ? " in parameter list; possibly missing comma or )" : null;
      case GolParser.RULE_literalValue:
        if (prev == GolParser.COMMA) {
          return ", expected expression";
        }
        return expected.contains(GolParser.RBRACE) ? " in composite literal; possibly missing comma or }" : null;
      case GolParser.RULE_operand:
        return c.getStart().getType() == GolParser.LPAREN && expected.contains(GolParser.RPAREN)
            ? ", expected )" : null;
      case GolParser.RULE_suffix:
      case GolParser.RULE_suffixNB:
        if ((c.getStart().getType() == GolParser.LBRACK || c.getStart().getType() == GolParser.TARGS_LBRACK)
            && expected.contains(GolParser.RBRACK)) {
          // the index body has ended: gc expects more of a slice expression while under 2 colons
          GolParser.IndexBodyContext body = c.getRuleContext(GolParser.IndexBodyContext.class, 0);
          int colons = body == null ? 2 : body.COLON().size();
          return expected.contains(GolParser.COLON) || colons < 2 ? ", expected comma, : or ]" : ", expected ]";
        }
        return null;
      case GolParser.RULE_structType:
        return expected.contains(GolParser.RBRACE)
            ? " in struct type; possibly missing semicolon or newline or }" : null;
      case GolParser.RULE_interfaceType:
        return expected.contains(GolParser.RBRACE)
            ? " in interface type; possibly missing semicolon or newline or }" : null;
      case GolParser.RULE_constDecl:
      case GolParser.RULE_varDecl:
      case GolParser.RULE_typeDecl:
      case GolParser.RULE_importDecl:
        return expected.contains(GolParser.RPAREN) && expected.contains(GolParser.SEMI)
            ? " in grouped declaration; possibly missing semicolon or newline or )" : null;
      case GolParser.RULE_simpleStmt:
      case GolParser.RULE_simpleStmtNB:
      case GolParser.RULE_commCase:
        return expected.contains(GolParser.DEFINE) && expected.contains(GolParser.COMMA)
            && !expected.contains(GolParser.INT_LIT) ? ", expected := or = or comma" : null;
      case GolParser.RULE_stmtList:
      case GolParser.RULE_block:
        if (prev == GolParser.RETURN && expected.contains(GolParser.SEMI)) {
          return ", expected expression"; // gc parses results unless ; or } follows return
        }
        if (expected.contains(GolParser.SEMI) || expected.contains(GolParser.RBRACE)) {
          return atStatementStart(prev) ? ", expected }" : " at end of statement";
        }
        return null;
      case GolParser.RULE_commClause:
        // gc's commClause wants ':' after the one simple statement ("case c <- 1, 2:")
        return expected.contains(GolParser.COLON) ? ", expected :" : null;
      case GolParser.RULE_switchStmt:
      case GolParser.RULE_selectStmt:
        if (expected.contains(GolParser.CASE)) {
          return atStatementStart(prev) ? ", expected case or default or }" : " at end of statement";
        }
        if (expected.contains(GolParser.LBRACE)) {
          if (c.getRuleIndex() == GolParser.RULE_selectStmt) {
            return "!missing { after select clause";
          }
          return headerHasSemi(c) ? "!missing { after switch clause" : ", expected {";
        }
        return null;
      case GolParser.RULE_header:
      case GolParser.RULE_forClause: {
        int semis = c.getTokens(GolParser.SEMI).size();
        if (c.getRuleIndex() == GolParser.RULE_forClause && semis == 1) {
          if (t.getType() == GolParser.LBRACE && prev == GolParser.SEMI) {
            return ", expected for loop condition";
          }
          if (expected.contains(GolParser.SEMI)) {
            return ", expected semicolon or newline";
          }
        }
        if (semis == 0 && expected.contains(GolParser.LBRACE)) {
          return ", expected {"; // gc's header() asks for the block before the clause is done
        }
        return null;
      }
      case GolParser.RULE_ifStmt:
        if (expected.contains(GolParser.LBRACE)) {
          return headerHasSemi(c) ? ", expected { after if clause" : ", expected {";
        }
        return null;
      case GolParser.RULE_forStmt:
        if (expected.contains(GolParser.LBRACE)) {
          return headerHasSemi(c) ? ", expected { after for clause" : ", expected {";
        }
        return null;
      case GolParser.RULE_topLevelList:
      case GolParser.RULE_sourceFile:
        if (expected.contains(Token.EOF) || expected.contains(GolParser.SEMI)) {
          if (prev == -1 || prev == GolParser.SEMI) {
            return "";
          }
          return lastItemIsDecl(c) ? " after top level declaration" : " at end of statement";
        }
        return null;
      default:
        return null;
    }
  }

  /** Tokens that close or separate, and so cannot begin a statement's operand. */
  private static boolean cannotStartOperand(int type) {
    switch (type) {
      case GolParser.RPAREN: case GolParser.RBRACK: case GolParser.COMMA: case GolParser.COLON:
      case GolParser.ASSIGN: case GolParser.DEFINE:
        return true;
      default:
        return false;
    }
  }

  /** Whether the ";" before t ends a part of an if, for or switch header (t is still in the header). */
  private static boolean semiInHeader(ParserRuleContext ctx, Token t) {
    for (ParserRuleContext c = ctx; c != null; c = c.getParent()) {
      if (c instanceof GolParser.HeaderContext || c instanceof GolParser.ForClauseContext) {
        return true;
      }
      if (c instanceof GolParser.IfStmtContext || c instanceof GolParser.ForStmtContext
          || c instanceof GolParser.SwitchStmtContext) {
        for (int i = 0; i < c.getChildCount(); i++) {
          if (c.getChild(i) instanceof GolParser.HeaderContext
              || c.getChild(i) instanceof GolParser.ForClauseContext) {
            Token stop = ((ParserRuleContext) c.getChild(i)).getStop();
            return stop != null && stop.getTokenIndex() >= t.getTokenIndex() - 1;
          }
        }
        return false;
      }
      if (c instanceof GolParser.BlockContext b && b.getStart() != t) {
        return false; // (a block that failed at its first token is the header's missing "{")
      }
    }
    return false;
  }

  /**
   * Whether the if/for/switch header in {@code stmt} got past its first simple statement: before
   * that, gc's header() asks for "{"; after it, the statement asks for "{ after if clause".
   */
  private static boolean headerHasSemi(ParserRuleContext stmt) {
    for (int i = 0; i < stmt.getChildCount(); i++) {
      if (stmt.getChild(i) instanceof GolParser.HeaderContext
          || stmt.getChild(i) instanceof GolParser.ForClauseContext) {
        return !((ParserRuleContext) stmt.getChild(i)).getTokens(GolParser.SEMI).isEmpty();
      }
    }
    return true;
  }

  private static boolean atStatementStart(int prev) {
    return prev == GolParser.SEMI || prev == GolParser.LBRACE || prev == GolParser.COLON;
  }

  /** Whether the last complete top-level item before the error is a declaration. */
  private static boolean lastItemIsDecl(ParserRuleContext c) {
    GolParser.TopLevelListContext list;
    if (c instanceof GolParser.SourceFileContext sf) {
      list = sf.topLevelList();
      if (list == null || list.topLevelItem().isEmpty()) {
        return sf.packageClause() != null;
      }
    } else {
      list = (GolParser.TopLevelListContext) c;
    }
    var items = list.topLevelItem();
    if (items.isEmpty()) {
      return false;
    }
    GolParser.TopLevelItemContext last = items.get(items.size() - 1);
    return last.statement() == null || last.statement().declaration() != null;
  }

  private static int previousType(TokenStream in, Token t) {
    int i = t.getTokenIndex() - 1;
    return i >= 0 && i < in.size() ? in.get(i).getType() : -1;
  }

  /** How gc names the token in "unexpected X". */
  public static String describe(Token t) {
    int type = t.getType();
    switch (type) {
      case Token.EOF:
        return "EOF";
      case GolParser.SEMI:
        return SemicolonInserter.describeSemi(t);
      case GolParser.IDENT:
        return "name " + t.getText();
      case GolParser.INT_LIT:
      case GolParser.FLOAT_LIT:
      case GolParser.IMAG_LIT:
      case GolParser.RUNE_LIT:
      case GolParser.STRING_LIT:
      case GolParser.RAW_STRING_LIT:
        return "literal " + t.getText();
      case GolParser.COMMA:
        return "comma";
      default:
        return t.getText(); // gc 1.23 names a keyword as itself: "unexpected else"
    }
  }

  /** How gc names an expected token type. */
  public static String tokstring(int type) {
    switch (type) {
      case Token.EOF:
        return "EOF";
      case GolParser.SEMI:
        return "semicolon or newline";
      case GolParser.COMMA:
        return "comma";
      case GolParser.IDENT:
        return "name";
      case GolParser.FUNC_DECL:
        return "func";
      default:
        String lit = GolParser.VOCABULARY.getLiteralName(type);
        if (lit == null) {
          return GolParser.VOCABULARY.getDisplayName(type);
        }
        lit = lit.substring(1, lit.length() - 1);
        return lit;
    }
  }
}
