package gol.interp.repl;

import gol.grammar.GolParsing;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/*
 * The REPL's read-eval-print loop and its commands, independent of how lines are read.
 *
 * Two front ends feed it through Console: a JLine terminal (JLineConsole: line editing, history,
 * completion, highlighting, goroutine output printed above the prompt) when stdin and stdout are
 * a terminal, and plain lines (PipedConsole: no prompts, no colours) otherwise. JLine classes are
 * loaded only by the first, so piped use and `gol run` never load them.
 *
 * Input is gathered line by line until the parser says it is complete (GolParsing's incomplete:
 * every error is at the end of the input — an open brace or paren, a trailing operator, an
 * unterminated raw string); the JLine front end asks the same question before accepting a line,
 * so there the whole multi-line entry arrives at once.
 */
public final class Repl {
  static final String HELP = String.join("\n",
      "Type Go statements, declarations and expressions; an expression's value is printed.",
      "Declarations persist and may be redefined; goroutines keep running between inputs.",
      "",
      "Commands:",
      "  :help             this text",
      "  :quit             leave (also Ctrl-D on an empty line)",
      "  :load FILE        run a .gol file into the session (its main too, if it has one)",
      "  :reset            forget every declaration and stop every goroutine",
      "  :type EXPR        the type of an expression",
      "  :doc PKG.NAME     the declaration and doc comment of a name (or :doc PKG)",
      "  :goroutines       every goroutine: id, state, wait reason, top frame",
      "  :sched [-v]       the scheduler now: queue lengths per P, Ms, steals, preemptions",
      "",
      "Keys: Tab completes, Ctrl-R searches history, Ctrl-C cancels, Ctrl-D exits.",
      "");

  /** How the loop reads input and shows output. */
  interface Console {
    /** The next line (or complete multi-line entry), null at end of input. */
    String readLine(boolean continuation) throws Interrupted;

    /** Where the session's program writes its stdout. */
    OutputStream programOut();

    /** The session's stderr (the program's panics and the REPL's error messages). */
    PrintStream err();

    /** The REPL's own output (command results). */
    PrintStream out();

    /** Whether the program's stdout should be flushed line by line. */
    boolean interactive();

    /** Called around an evaluation (the terminal routes Ctrl-C to the session meanwhile). */
    default void beginEval(Session s) {
    }

    default void endEval() {
    }

    default void bind(Session s) {
    }

    /** Gets the terminal ready (slow for JLine: the session is created meanwhile). */
    default void open() throws IOException {
    }

    default void close() {
    }
  }

  /** Ctrl-C while reading: the partly typed entry is dropped. */
  static final class Interrupted extends Exception {
    Interrupted() {
      super(null, null, false, false);
    }
  }

  private final Console console;
  private final CompletableFuture<Session> pending = new CompletableFuture<>();
  private Session session;
  private int status;
  private boolean quit;

  Repl(Console console) {
    this.console = console;
  }

  /**
   * {@code gol} with no arguments: the REPL on the terminal when stdin and stdout are one,
   * else on plain lines. Returns the exit status.
   */
  public static int main(InputStream in, OutputStream out, PrintStream err, boolean terminal) {
    if (terminal) {
      return new Repl(new JLineConsole()).loop();
    }
    return new Repl(new PipedConsole(in, out, err)).loop();
  }

  /**
   * For {@code gol __cds-train}: a short session on an in-memory terminal, so that the launcher's
   * class-data-sharing archive holds JLine's and the REPL's classes (the first prompt comes
   * sooner). Bounded by a timeout; failures only mean a smaller archive.
   */
  public static void train() {
    Thread t = new Thread(() -> {
      try {
        trainSession();
      } catch (Throwable e) {
        // only the loaded classes matter
      }
    }, "gol-repl-train");
    t.setDaemon(true);
    t.start();
    try {
      t.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void trainSession() throws IOException {
    try {
      Class.forName("org.jline.terminal.impl.jni.JniTerminalProvider");
      Class.forName("org.jline.terminal.impl.PosixSysTerminal");
    } catch (ClassNotFoundException e) {
      // another jline layout: nothing to preload
    }
    String input = "x := 1\nfunc f(n int) int {\nreturn n + x\n}\nf(2)\nfmt.Sprintf(\"%d\", x)\n:goroutines\n";
    var in = new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8));
    var term = new org.jline.terminal.impl.ExternalTerminal("gol", "xterm-256color", in,
        OutputStream.nullOutputStream(), StandardCharsets.UTF_8);
    term.setSize(new org.jline.terminal.Size(80, 24));
    JLineConsole c = new JLineConsole(term, null);
    new Repl(c).loop();
    Highlight.spans("for i := range 10 { s := \"x\" } // c");
  }

  /** Whether {@code source} looks unfinished: read another line. */
  static boolean incomplete(String source) {
    if (source.isBlank() || source.stripLeading().startsWith(":")) {
      return false;
    }
    return GolParsing.parse(source, (line, col, msg) -> { }).incomplete;
  }

  /** The session, once made (the first input waits for it). */
  Session session() {
    if (session == null) {
      session = pending.join();
    }
    return session;
  }

  Session newSession() {
    Session s = new Session(console.programOut(), console.interactive(), console.err());
    console.bind(s);
    return s;
  }

  /**
   * Reads and evaluates until :quit, end of input or os.Exit; returns the exit status. The
   * session (scheduler, standard library, checker) is made on another thread once the console
   * is open, while the first line is typed: the first prompt waits for neither (on a busy
   * machine a thread started earlier only competes with the console for the CPU).
   */
  int loop() {
    try {
      console.open();
    } catch (IOException | RuntimeException e) {
      console.err().println("gol: cannot open the terminal: " + e.getMessage());
      return 1;
    }
    Thread init = new Thread(() -> {
      try {
        Session s = newSession();
        s.warmUp();
        pending.complete(s);
      } catch (Throwable t) {
        pending.completeExceptionally(t);
      }
    }, "gol-repl-init");
    init.setDaemon(true);
    init.start();
    StringBuilder entry = new StringBuilder();
    try {
      while (!quit) {
        String line;
        try {
          line = console.readLine(entry.length() > 0);
        } catch (Interrupted e) {
          entry.setLength(0);
          continue;
        }
        if (line == null) {
          if (entry.length() > 0) {
            evaluate(entry.toString()); // what a piped input ends with, unfinished or not
          }
          break;
        }
        if (entry.length() == 0 && line.stripLeading().startsWith(":")) {
          command(line.strip());
          continue;
        }
        entry.append(line).append('\n');
        if (incomplete(entry.toString())) {
          continue;
        }
        String src = entry.toString();
        entry.setLength(0);
        if (!src.isBlank()) {
          evaluate(src);
        }
      }
    } finally {
      session().close();
      console.close();
    }
    return status;
  }

  private void evaluate(String src) {
    evaluate(Session.INPUT, src, false);
  }

  private void evaluate(String path, String src, boolean runMain) {
    console.beginEval(session());
    Session.Outcome o;
    try {
      o = session().eval(path, src, runMain);
    } finally {
      console.endEval();
    }
    if (o == Session.Outcome.INTERRUPTED) {
      console.err().println("interrupted");
      console.err().flush();
    } else if (o == Session.Outcome.EXIT) {
      status = session().exitCode();
      quit = true;
    }
  }

  /** Runs a {@code :command}. */
  void command(String line) {
    int sp = line.indexOf(' ');
    String cmd = sp < 0 ? line : line.substring(0, sp);
    String arg = sp < 0 ? "" : line.substring(sp + 1).strip();
    PrintStream out = console.out();
    Session session = session();
    switch (cmd) {
      case ":help", ":h", ":?" -> out.print(HELP);
      case ":quit", ":q", ":exit" -> quit = true;
      case ":load", ":l" -> load(arg);
      case ":reset" -> {
        session.close();
        this.session = newSession();
        out.println("session reset");
      }
      case ":type", ":t" -> out.print(arg.isEmpty() ? "usage: :type EXPR\n" : session.typeOf(arg));
      case ":doc", ":d" -> out.print(arg.isEmpty() ? "usage: :doc PKG.NAME\n" : Docs.doc(session, arg));
      case ":goroutines", ":g" -> out.print(session.goroutines());
      case ":sched", ":s" -> out.print(session.schedLine(arg.equals("-v")));
      default -> out.println("unknown command " + cmd + " (:help lists them)");
    }
    out.flush();
  }

  private void load(String file) {
    if (file.isEmpty()) {
      console.out().println("usage: :load FILE");
      return;
    }
    String src;
    try {
      src = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      console.err().println("gol: open " + file + ": no such file or directory");
      return;
    } catch (IOException e) {
      console.err().println("gol: open " + file + ": " + e.getMessage());
      return;
    }
    if (src.startsWith("#!")) {
      int nl = src.indexOf('\n');
      src = nl < 0 ? "" : src.substring(nl); // keeps line numbers, as gol run does
    }
    evaluate(file, src, true);
  }

  /** Plain lines from a pipe or file: no prompts, no colours, no editing. */
  static final class PipedConsole implements Console {
    private final BufferedReader in;
    private final OutputStream programOut;
    private final PrintStream out;
    private final PrintStream err;

    PipedConsole(InputStream in, OutputStream out, PrintStream err) {
      this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      this.programOut = out;
      this.out = new PrintStream(out, true, StandardCharsets.UTF_8);
      this.err = err;
    }

    @Override
    public String readLine(boolean continuation) {
      try {
        return in.readLine();
      } catch (IOException e) {
        return null;
      }
    }

    @Override
    public OutputStream programOut() {
      return programOut;
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
      return false;
    }
  }
}
