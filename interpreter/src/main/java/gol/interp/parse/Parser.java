package gol.interp.parse;

import gol.grammar.GolParsing;
import gol.grammar.SemicolonInserter;
import gol.interp.ast.File;
import gol.interp.diag.Diagnostics;

/**
 * The parse entry point: source text to {@link File}, errors to {@link Diagnostics} as
 * {@code file.gol:LINE:COL: message} in gc's words. Lexing, semicolon insertion and the two-stage
 * (SLL, then LL) parse are in {@code gol.grammar.GolParsing}; {@link AstBuilder} builds the tree
 * and makes gc's remaining syntax checks.
 *
 * <p>Never throws for bad input. After errors the File is still returned (with {@code Bad} nodes
 * where parts were missing); callers check {@code diags.hasErrors()} before type checking.
 */
public final class Parser {
  private Parser() {
  }

  /** The File and whether the source looked unfinished (for the REPL: read another line). */
  public record Parsed(File file, boolean incomplete) {
  }

  public static File parse(String fileName, String source, Diagnostics diags) {
    return parseSource(fileName, source, diags).file;
  }

  /**
   * Like {@link #parse}, also telling whether every error was at the end of the input
   * ("unexpected EOF", an unterminated raw string or comment): an unfinished REPL entry.
   */
  public static Parsed parseSource(String fileName, String source, Diagnostics diags) {
    int before = diags.count();
    GolParsing.Result r = GolParsing.parse(source, new Sink(fileName, diags));
    File f = new AstBuilder(fileName, diags, r.tokens).file(r.tree);
    if (ROUND_TRIP && diags.count() == before) {
      f = AstCodec.decode(AstCodec.encode(f)); // what a ParseCache hit would give
    }
    return new Parsed(f, r.incomplete);
  }

  /**
   * GOLDEBUG=astcache=2: every tree that parsed without errors is encoded and decoded
   * ({@link AstCodec}) before use, so that the language suite runs on the trees ParseCache
   * would hand out.
   */
  private static final boolean ROUND_TRIP = gol.runtime.Debug.value("astcache", 1) == 2;

  /** Syntax errors to diags (a class, not a lambda: cheaper at start-up, see Loader.SourceOf). */
  private static final class Sink implements SemicolonInserter.ErrorSink {
    private final String fileName;
    private final Diagnostics diags;

    Sink(String fileName, Diagnostics diags) {
      this.fileName = fileName;
      this.diags = diags;
    }

    @Override
    public void error(int line, int col, String message) {
      if (!message.startsWith("syntax error")) { // the scanner's: gc type checks on (a literal cut short is Bad)
        diags.softError(fileName, line, col, message);
      } else {
        diags.error(fileName, line, col, message);
      }
    }
  }
}
