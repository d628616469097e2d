package gol.grammar;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
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
      if (line == lastSyntaxLine || atEof && count > 0) {
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
