package gol.interp.repl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EOFError;
import org.jline.reader.EndOfFileException;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.SyntaxError;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * The REPL on a terminal, through JLine 3: line editing, history in {@code ~/.gol_history}
 * (Ctrl-R searches it), Tab completion, highlighting, a {@code ...} prompt for unfinished input
 * (the gol parser decides: {@link GolParser} throws JLine's EOFError), Ctrl-C cancelling the
 * evaluation in progress, Ctrl-D ending the session.
 *
 * <p>Everything the session's program writes goes through {@link Above}: complete lines are
 * printed with {@code LineReader.printAbove}, which, while a line is being typed, erases the
 * prompt, prints the text and redraws the prompt and the half-typed line below it.
 */
final class JLineConsole implements Repl.Console {
  static final String PROMPT = "gol> ";
  static final String MORE = "...  ";

  private final Above above = new Above(this);
  private final PrintStream err = new PrintStream(above, true, StandardCharsets.UTF_8);
  private final PrintStream out = new PrintStream(above, true, StandardCharsets.UTF_8);
  private Terminal terminal;
  private volatile LineReader reader;
  private boolean color;
  private final Path history;
  private volatile Session session;

  /** A console on the system terminal, with history in ~/.gol_history; see {@link #open}. */
  JLineConsole() {
    String home = System.getenv("HOME"); // as Go's os.UserHomeDir (Java's user.home ignores $HOME)
    if (home == null || home.isEmpty()) {
      home = System.getProperty("user.home");
    }
    this.history = home != null ? Path.of(home, ".gol_history") : null;
  }

  /** A console on {@code terminal} (tests: JLine's test terminals), opened at once. */
  JLineConsole(Terminal terminal, Path history) {
    this.history = history;
    build(terminal);
  }

  @Override
  public void open() throws IOException {
    if (terminal != null) {
      return;
    }
    // jni first (a native library shipped in the jline jar; no process started), exec as the
    // fallback: looking the other providers up first costs start-up time for nothing on Java 17
    build(TerminalBuilder.builder().system(true).name("gol").providers("jni,exec").build());
  }

  private void build(Terminal terminal) {
    this.terminal = terminal;
    this.color = !"dumb".equals(terminal.getType()) && System.getenv("NO_COLOR") == null;
    LineReaderBuilder b = LineReaderBuilder.builder()
        .terminal(terminal)
        .appName("gol")
        .parser(new GolParser())
        .completer(new GolCompleter())
        .variable(LineReader.SECONDARY_PROMPT_PATTERN, MORE)
        .variable(LineReader.INDENTATION, 0) // no re-indenting on '}': gofmt's job, not ours
        .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
        .option(LineReader.Option.INSERT_TAB, true)
        .option(LineReader.Option.HISTORY_TIMESTAMPED, false);
    if (color) {
      b.highlighter(new GolHighlighter());
    }
    if (history != null) {
      b.variable(LineReader.HISTORY_FILE, history);
    }
    reader = b.build();
    above.flush();
  }

  LineReader reader() {
    return reader;
  }

  @Override
  public void bind(Session s) {
    session = s;
  }

  @Override
  public String readLine(boolean continuation) throws Repl.Interrupted {
    try {
      String prompt = color
          ? new AttributedString(PROMPT, AttributedStyle.BOLD.foreground(AttributedStyle.CYAN)).toAnsi(terminal)
          : PROMPT;
      return reader.readLine(continuation ? MORE : prompt);
    } catch (UserInterruptException e) {
      throw new Repl.Interrupted();
    } catch (EndOfFileException e) {
      return null;
    }
  }

  @Override
  public void beginEval(Session s) {
    terminal.handle(Terminal.Signal.INT, sig -> s.interrupt());
  }

  @Override
  public void endEval() {
    // a handler that does nothing, not SIG_IGN: on a terminal with native signals JLine would
    // set SIGINT's disposition to ignored, and HotSpot never lets a handler be installed for an
    // ignored shutdown signal again, so os/signal's Notify(c, os.Interrupt) in any program this
    // JVM runs later (the next REPL input, the test suite) would never see SIGINT
    terminal.handle(Terminal.Signal.INT, sig -> { });
    above.endOfEval();
  }

  @Override
  public OutputStream programOut() {
    return above;
  }

  @Override
  public PrintStream err() {
    return err;
  }

  @Override
  public PrintStream out() {
    return out;
  }

  @Override
  public boolean interactive() {
    return true;
  }

  @Override
  public void close() {
    try {
      reader.getHistory().save();
    } catch (IOException e) {
      // history is a convenience
    }
    try {
      terminal.close();
    } catch (IOException e) {
      // leaving anyway
    }
  }

  /**
   * The program's output: complete lines go above the prompt; a partial line waits for its
   * newline, or for the end of the evaluation that printed it (then it ends the line itself).
   */
  static final class Above extends OutputStream {
    private final JLineConsole console;
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

    Above(JLineConsole console) {
      this.console = console;
    }

    @Override
    public synchronized void write(int b) {
      buf.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      buf.write(b, off, len);
    }

    @Override
    public synchronized void flush() {
      byte[] bytes = buf.toByteArray();
      int nl = bytes.length - 1;
      while (nl >= 0 && bytes[nl] != '\n') {
        nl--;
      }
      if (nl < 0 && bytes.length < 4096) {
        return;
      }
      int upTo = nl < 0 ? bytes.length : nl + 1;
      buf.reset();
      buf.write(bytes, upTo, bytes.length - upTo);
      emit(new String(bytes, 0, upTo, StandardCharsets.UTF_8));
    }

    /** The evaluation ended: a partial last line is printed, ended by a newline. */
    synchronized void endOfEval() {
      if (buf.size() > 0) {
        String s = buf.toString(StandardCharsets.UTF_8);
        buf.reset();
        emit(s + "\n");
      }
    }

    private void emit(String s) {
      LineReader r = console.reader;
      if (r != null) {
        r.printAbove(s);
      } else {
        System.out.print(s); // before the terminal is open (a session's start-up message)
        System.out.flush();
      }
    }
  }

  /** Multi-line input as the gol parser sees it; the word under the cursor for completion. */
  static final class GolParser implements Parser {
    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) throws SyntaxError {
      if (context == ParseContext.ACCEPT_LINE && Repl.incomplete(line)) {
        throw new EOFError(-1, -1, "incomplete input", "...");
      }
      int start = Completion.wordStart(line, cursor);
      String word = line.substring(start, cursor);
      return new CompletingParsedLine() {
        @Override
        public CharSequence escape(CharSequence candidate, boolean complete) {
          return candidate;
        }

        @Override
        public int rawWordCursor() {
          return word.length();
        }

        @Override
        public int rawWordLength() {
          return word.length();
        }

        @Override
        public String word() {
          return word;
        }

        @Override
        public int wordCursor() {
          return word.length();
        }

        @Override
        public int wordIndex() {
          return 0;
        }

        @Override
        public List<String> words() {
          return List.of(word);
        }

        @Override
        public String line() {
          return line;
        }

        @Override
        public int cursor() {
          return cursor;
        }
      };
    }
  }

  /** Completion from the session (see {@link Completion}). */
  final class GolCompleter implements Completer {
    @Override
    public void complete(LineReader r, ParsedLine line, List<Candidate> out) {
      Session s = session;
      if (s == null || s.busy()) {
        return;
      }
      String word = line.word();
      for (String c : Completion.candidates(s, word)) {
        String display = c.substring(c.lastIndexOf('.') + 1);
        boolean complete = !c.endsWith(".");
        out.add(new Candidate(c, display.isEmpty() ? c : display, null, null, null, null, complete));
      }
    }
  }

  /** Keywords, strings, numbers and comments in colour (see {@link Highlight}). */
  static final class GolHighlighter implements Highlighter {
    @Override
    public AttributedString highlight(LineReader r, String buffer) {
      AttributedStringBuilder sb = new AttributedStringBuilder();
      int at = 0;
      for (Highlight.Span sp : Highlight.spans(buffer)) {
        sb.append(buffer, at, sp.start());
        sb.styled(style(sp.kind()), buffer.substring(sp.start(), sp.end()));
        at = sp.end();
      }
      sb.append(buffer, at, buffer.length());
      return sb.toAttributedString();
    }

    static AttributedStyle style(Highlight.Kind k) {
      switch (k) {
        case KEYWORD:
          return AttributedStyle.BOLD.foreground(AttributedStyle.MAGENTA);
        case STRING:
          return AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN);
        case NUMBER:
          return AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
        case COMMENT:
          return AttributedStyle.DEFAULT.foreground(AttributedStyle.BRIGHT).italic();
        default:
          return AttributedStyle.DEFAULT;
      }
    }

    @Override
    public void setErrorPattern(Pattern errorPattern) {
    }

    @Override
    public void setErrorIndex(int errorIndex) {
    }
  }
}
