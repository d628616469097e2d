package gol.grammar;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import java.util.List;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * The parse front end: source text to a {@link GolParser.SourceFileContext}, with lexical and
 * syntax errors reported in gc's words through an {@link SemicolonInserter.ErrorSink}.
 *
 * <p>Tokens come from {@link GolScanner} (the hand-written equivalent of {@link GolLexer} plus
 * {@link SemicolonInserter}, for start-up speed).
 *
 * <p>Two stages, the standard ANTLR recipe for speed: first SLL prediction with a
 * {@link BailErrorStrategy} and no listeners (fast, and enough for every valid program this
 * grammar accepts); only if that throws, rewind and parse again with full LL prediction and
 * {@link GolErrorStrategy}, which reports and recovers. Tokens are buffered once, so lexical
 * errors are reported once.
 *
 * <p>Like gc, at most one syntax error is reported per line, and an error at EOF after an
 * earlier error is dropped as a likely follow-up.
 */
public final class GolParsing {
  private GolParsing() {
  }

  /** The outcome of {@link #parse}. */
  public static final class Result {
    /** The tree; present even after errors (it then has error nodes and missing parts). */
    public final GolParser.SourceFileContext tree;
    /** The number of errors reported (lexical and syntax). */
    public final int errors;
    /** Whether the SLL stage failed and the full-LL stage ran. */
    public final boolean usedLL;
    /**
     * Whether the text looks unfinished rather than wrong: every error is at the end of the
     * input ("unexpected EOF", an unterminated raw string or comment). The REPL reads more lines.
     */
    public final boolean incomplete;
    /** The tokens, after semicolon insertion (for messages that name the token after a node). */
    public final TokenStream tokens;

    Result(GolParser.SourceFileContext tree, int errors, boolean usedLL, boolean incomplete, TokenStream tokens) {
      this.tree = tree;
      this.tokens = tokens;
      this.errors = errors;
      this.usedLL = usedLL;
      this.incomplete = incomplete;
    }
  }

  /** Parses one source file. Never throws for bad input: errors go to {@code sink}. */
  public static Result parse(String source, SemicolonInserter.ErrorSink sink) {
    return parse(source, sink, false);
  }

  /** As {@link #parse(String, SemicolonInserter.ErrorSink)}; {@code forceLL} skips the SLL stage (tests). */
  public static Result parse(String source, SemicolonInserter.ErrorSink sink, boolean forceLL) {
    if (!source.isEmpty() && source.charAt(0) == '\uFEFF') {
      source = " " + source.substring(1); // a leading BOM is ignored, as by gc; keep columns
    }
    Counter counter = new Counter(sink);
    CommonTokenStream tokens = new CommonTokenStream(new GolScanner(source, counter));
    tokens.fill();
    markFuncDecls(tokens.getTokens());
    markBrackets(tokens.getTokens());
    GolParser parser = new GolParser(tokens);
    parser.removeErrorListeners();

    GolParser.SourceFileContext tree = null;
    boolean usedLL = forceLL;
    if (!forceLL) {
      parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
      parser.setErrorHandler(new BailErrorStrategy());
      try {
        tree = parser.sourceFile();
      } catch (ParseCancellationException e) {
        usedLL = true;
      }
    }
    if (usedLL) {
      tokens.seek(0);
      parser.reset();
      parser.getInterpreter().setPredictionMode(PredictionMode.LL);
      parser.setErrorHandler(new GolErrorStrategy());
      parser.addErrorListener(counter);
      tree = parser.sourceFile();
    }
    return new Result(tree, counter.count, usedLL, counter.count > 0 && counter.allAtEnd, tokens);
  }

  /**
   * Retypes each top-level {@code func} that starts a declaration ({@code func Name} or
   * {@code func (recv) Name(}) to FUNC_DECL. A top-level statement may also start with
   * {@code func} (a function literal called at once), and telling the two apart is otherwise a
   * decision over the whole statement grammar that ANTLR makes by adaptive prediction: on a cold
   * JVM its first use costs milliseconds, this pass microseconds.
   */
  public static void markFuncDecls(List<Token> ts) {
    int depth = 0; // of braces only: a stray '(' in broken code must not hide the next function
    int n = ts.size();
    for (int i = 0; i < n; i++) {
      Token t = ts.get(i);
      switch (t.getType()) {
        case GolParser.LBRACE:
          depth++;
          break;
        case GolParser.RBRACE:
          depth = Math.max(0, depth - 1);
          break;
        case GolParser.FUNC:
          if (depth == 0 && (i == 0 || ts.get(i - 1).getType() == GolParser.SEMI) && startsDecl(ts, i + 1)) {
            ((CommonToken) t).setType(GolParser.FUNC_DECL);
          }
          break;
        default:
          break;
      }
    }
  }

  /**
   * Retypes the "[" that opens a type parameter list ({@code func F[T any]},
   * {@code type Set[T comparable]}) to TPARAMS_LBRACK, and the "[" of type arguments standing
   * alone as a field or parameter type ({@code struct{ List[T] }}, {@code func(Stack[int])}) to
   * TARGS_LBRACK. Without this, "type A [N]int" vs "type A[T any]" and "a []int" vs "List[T]"
   * would be decisions that only adaptive prediction can make. Like gc, "type A[N] T" with
   * a bare name N (or N*M) inside reads as an array type.
   */
  public static void markBrackets(List<Token> ts) {
    int n = ts.size();
    int typeGroupDepth = -1; // paren depth of an open "type (" group
    int parens = 0;
    int recvEnd = -1; // the ")" closing the receiver of the latest method declaration
    // for each open "{": whether it opens an interface's body (a bit per depth, up to 64)
    long ifaceBraces = 0;
    int braces = 0;
    for (int i = 0; i < n; i++) {
      int k = ts.get(i).getType();
      if (k == GolParser.LBRACE) {
        if (braces < 64) {
          boolean iface = i > 0 && ts.get(i - 1).getType() == GolParser.INTERFACE;
          ifaceBraces = iface ? ifaceBraces | 1L << braces : ifaceBraces & ~(1L << braces);
        }
        braces++;
      } else if (k == GolParser.RBRACE) {
        braces = Math.max(0, braces - 1);
      }
      if (k == GolParser.FUNC_DECL && i + 1 < n && ts.get(i + 1).getType() == GolParser.LPAREN) {
        recvEnd = matchingParen(ts, i + 1);
      }
      if (k == GolParser.LPAREN) {
        if (i > 0 && ts.get(i - 1).getType() == GolParser.TYPE && typeGroupDepth < 0) {
          typeGroupDepth = parens;
        }
        parens++;
      } else if (k == GolParser.RPAREN) {
        parens = Math.max(0, parens - 1);
        if (parens == typeGroupDepth) {
          typeGroupDepth = -1;
        }
      }
      if (k != GolParser.LBRACK || i < 1 || ts.get(i - 1).getType() != GolParser.IDENT) {
        continue;
      }
      int pp = i >= 2 ? ts.get(i - 2).getType() : GolParser.SEMI;
      boolean inGroup = typeGroupDepth >= 0 && parens == typeGroupDepth + 1;
      if (pp == GolParser.FUNC_DECL || recvEnd >= 0 && i - 2 == recvEnd) {
        ((CommonToken) ts.get(i)).setType(GolParser.TPARAMS_LBRACK);
      } else if (pp == GolParser.TYPE || inGroup && (pp == GolParser.LPAREN || pp == GolParser.SEMI)) {
        if (i + 2 < n && ts.get(i + 1).getType() == GolParser.IDENT && startsTypeParams(ts, i)) {
          ((CommonToken) ts.get(i)).setType(GolParser.TPARAMS_LBRACK);
        }
      } else if (startsField(pp) || pp == GolParser.PERIOD && i >= 4 && ts.get(i - 3).getType() == GolParser.IDENT
          && startsField(ts.get(i - 4).getType())) {
        int j = matching(ts, i);
        if (j >= 0 && j + 1 < n && endsField(ts.get(j + 1).getType())) {
          ((CommonToken) ts.get(i)).setType(GolParser.TARGS_LBRACK);
        } else if (j >= 0 && j + 1 < n && ts.get(j + 1).getType() == GolParser.LPAREN && pp != GolParser.LPAREN
            && pp != GolParser.COMMA && braces > 0 && braces <= 64 && (ifaceBraces & 1L << (braces - 1)) != 0) {
          // interface{ M[T any]() }: type parameters on an interface method, which the builder
          // reports as gc does (parsed as an embedded type they gave a baffling syntax error)
          ((CommonToken) ts.get(i)).setType(GolParser.TPARAMS_LBRACK);
        }
      }
    }
  }

  /**
   * Whether "type A[P ..." (the "[" at i) opens a type parameter list, as gc's parser decides
   * (syntax.extractName): a name followed by a constraint or ", Q"; "P *E" and "P(E)", which read
   * as expressions too, only when followed by a comma or when they hold a type element
   * ("P *[]int", "P ~int | *E"); else ("[N]", "[N * M]", "[T (*int)]") an array length.
   */
  private static boolean startsTypeParams(List<Token> ts, int i) {
    switch (ts.get(i + 2).getType()) {
      case GolParser.IDENT: case GolParser.TILDE: case GolParser.COMMA: case GolParser.INTERFACE:
      case GolParser.LBRACK: case GolParser.FUNC: case GolParser.MAP: case GolParser.CHAN:
      case GolParser.STRUCT:
        return true;
      case GolParser.MUL: case GolParser.LPAREN:
        break;
      default:
        return false;
    }
    int depth = 0;
    boolean typeElem = false;
    for (int j = i + 2; j < ts.size(); j++) {
      int k = ts.get(j).getType();
      if (k == GolParser.LBRACK || k == GolParser.LPAREN || k == GolParser.LBRACE) {
        depth++;
      } else if (k == GolParser.RBRACK || k == GolParser.RPAREN || k == GolParser.RBRACE) {
        if (depth-- == 0) {
          return typeElem; // the list's "]" after one element
        }
      } else if (k == GolParser.COMMA && depth == 0) {
        return true;
      } else if (k == GolParser.SEMI || k == Token.EOF) {
        return false;
      }
      switch (k) {
        case GolParser.LBRACK: case GolParser.STRUCT: case GolParser.FUNC: case GolParser.INTERFACE:
        case GolParser.MAP: case GolParser.CHAN: case GolParser.TILDE:
          typeElem = true;
          break;
        default:
          break;
      }
    }
    return false;
  }

  private static boolean startsField(int k) {
    return k == GolParser.LBRACE || k == GolParser.SEMI || k == GolParser.LPAREN || k == GolParser.COMMA;
  }

  private static boolean endsField(int k) {
    switch (k) {
      case GolParser.SEMI: case GolParser.RBRACE: case GolParser.RPAREN: case GolParser.COMMA:
      case GolParser.STRING_LIT: case GolParser.RAW_STRING_LIT:
        return true;
      default:
        return false;
    }
  }

  private static int matchingParen(List<Token> ts, int i) {
    int depth = 0;
    for (int j = i; j < ts.size(); j++) {
      int k = ts.get(j).getType();
      if (k == GolParser.LPAREN) {
        depth++;
      } else if (k == GolParser.RPAREN && --depth == 0) {
        return j;
      }
    }
    return -1;
  }

  /** The index of the "]" closing the "[" at i, or -1. */
  private static int matching(List<Token> ts, int i) {
    int depth = 0;
    for (int j = i; j < ts.size(); j++) {
      int k = ts.get(j).getType();
      if (k == GolParser.LBRACK || k == GolParser.LPAREN || k == GolParser.LBRACE) {
        depth++;
      } else if (k == GolParser.RBRACK || k == GolParser.RPAREN || k == GolParser.RBRACE) {
        depth--;
        if (depth == 0) {
          return k == GolParser.RBRACK ? j : -1;
        }
      } else if (k == GolParser.SEMI && depth <= 1) {
        return -1;
      }
    }
    return -1;
  }

  /** After "func": a name, or a parenthesised receiver followed by a name and "(". */
  private static boolean startsDecl(List<Token> ts, int i) {
    int n = ts.size();
    if (i >= n) {
      return false;
    }
    int type = ts.get(i).getType();
    if (type == GolParser.IDENT) {
      return true;
    }
    if (type != GolParser.LPAREN) {
      return false;
    }
    int depth = 0;
    for (; i < n; i++) {
      int k = ts.get(i).getType();
      if (k == GolParser.LPAREN || k == GolParser.LBRACK || k == GolParser.LBRACE) {
        depth++;
      } else if (k == GolParser.RPAREN || k == GolParser.RBRACK || k == GolParser.RBRACE) {
        if (--depth == 0) {
          break;
        }
      } else if (k == Token.EOF) {
        return false;
      }
    }
    return i + 2 < n && ts.get(i + 1).getType() == GolParser.IDENT && (ts.get(i + 2).getType() == GolParser.LPAREN || ts.get(i + 2).getType() == GolParser.LBRACK);
  }

  /**
   * Forwards errors to the sink, applying gc's filters to syntax errors (one per line; none at EOF
   * after an earlier one) and keeping the counts {@link Result} needs.
   */
  private static final class Counter extends BaseErrorListener implements SemicolonInserter.ErrorSink {
    final SemicolonInserter.ErrorSink sink;
    int count;
    int lastSyntaxLine = -1;
    boolean allAtEnd = true;

    Counter(SemicolonInserter.ErrorSink sink) {
      this.sink = sink;
    }

    @Override
    public void error(int line, int col, String message) {
      // lexical errors
      count++;
      if (!message.endsWith("not terminated") || message.startsWith("rune")) {
        allAtEnd = false;
      }
      sink.error(line, col, message);
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int col,
        String msg, RecognitionException e) {
      Token t = (Token) offendingSymbol;
      boolean atEof = t != null && (t.getType() == Token.EOF
          || t.getType() == GolLexer.SEMI && t.getText().isEmpty());
      // after an error gc drops a syntax error at the end of the input, but not one at the
      // semicolon the end of the input puts after a line's last token ("unexpected EOF in
      // argument list" after an unterminated string)
      boolean atEofToken = t != null && t.getType() == Token.EOF;
      if (line == lastSyntaxLine || atEofToken && count > 0) {
        return;
      }
      if (!atEof) {
        allAtEnd = false;
      }
      lastSyntaxLine = line;
      count++;
      sink.error(line, col + 1, msg);
    }
  }
}
