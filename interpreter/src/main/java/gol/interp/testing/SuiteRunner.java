package gol.interp.testing;

import gol.interp.Gol;
import gol.runtime.GoExit;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs the language suite's programs (tests/README.md): the one implementation behind
 * {@code gol test} and the JUnit {@code LanguageSuiteTest}.
 *
 * <p>Each program runs in-process through {@link Gol#run} under its base name (so compile errors
 * read {@code name.gol:L:C: ...}), with no arguments and an empty stdin, on a thread of its own. A
 * program still running after the timeout fails; its thread is interrupted and abandoned (the JVM
 * cannot kill it: whatever it and its goroutines keep doing continues in the background until the
 * process exits).
 */
public final class SuiteRunner {
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);
  /** Output beyond this many bytes per stream is dropped and fails the test. */
  static final int CAPTURE_LIMIT = 8 << 20;
  /** Java stack for the thread running a program (parser and checker may recurse deeply). */
  public static final long STACK_SIZE = 256L << 20;
  /** How many lines of a stream a failure report quotes at most. */
  static final int QUOTE_LINES = 12;

  private final Duration timeout;

  public SuiteRunner(Duration timeout) {
    this.timeout = timeout;
  }

  public SuiteRunner() {
    this(DEFAULT_TIMEOUT);
  }

  /** One program's result: passed, or the problems found (first one is the summary). */
  public static final class Outcome {
    public final Path file;
    public final List<String> problems;
    public final long nanos;

    Outcome(Path file, List<String> problems, long nanos) {
      this.file = file;
      this.problems = List.copyOf(problems);
      this.nanos = nanos;
    }

    public boolean passed() {
      return problems.isEmpty();
    }

    /** The problems as one message: the summary, then indented detail lines. */
    public String message() {
      return String.join("\n", problems);
    }
  }

  /** What a program did: its exit status and captured streams, or why there is no status. */
  public static final class Run {
    public final int status;
    public final byte[] stdout;
    public final byte[] stderr;
    public final boolean timedOut;
    public final boolean truncated;
    /** A Java exception that escaped {@link Gol#run}, or null. */
    public final Throwable crash;

    Run(int status, byte[] stdout, byte[] stderr, boolean timedOut, boolean truncated,
        Throwable crash) {
      this.status = status;
      this.stdout = stdout;
      this.stderr = stderr;
      this.timedOut = timedOut;
      this.truncated = truncated;
      this.crash = crash;
    }
  }

  /** The .gol files under {@code roots} (files or directories), sorted; skips hidden and target dirs. */
  public static List<Path> collect(List<Path> roots) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path root : roots) {
      if (Files.isDirectory(root)) {
        try (Stream<Path> s = Files.walk(root)) {
          s.filter(p -> p.getFileName() != null && p.getFileName().toString().endsWith(".gol"))
              .filter(Files::isRegularFile)
              .filter(p -> !skipped(root, p))
              .filter(p -> !gol.interp.gotest.GoTest.isTestPackageDir(p.getParent()))
              .sorted()
              .forEach(files::add);
        }
      } else if (Files.exists(root)) {
        files.add(root);
      } else {
        throw new java.nio.file.NoSuchFileException(root.toString());
      }
    }
    return files;
  }

  private static boolean skipped(Path root, Path p) {
    Path rel = root.relativize(p);
    for (int i = 0; i < rel.getNameCount() - 1; i++) {
      String d = rel.getName(i).toString();
      if ((d.startsWith(".") && !d.equals(".") && !d.equals("..")) || d.equals("target")) {
        return true;
      }
    }
    return false;
  }

  /** Reads, runs and checks one test program. */
  public Outcome test(Path file) {
    long t0 = System.nanoTime();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      return new Outcome(file, List.of("cannot read: " + e), System.nanoTime() - t0);
    }
    Expectation want;
    try {
      want = Expectation.parse(new String(bytes, StandardCharsets.ISO_8859_1));
    } catch (Expectation.MalformedException e) {
      return new Outcome(file, List.of("bad test file: " + e.getMessage()), System.nanoTime() - t0);
    }
    String name = file.getFileName().toString();
    Run run = execute(name, new String(bytes, StandardCharsets.UTF_8), timeout,
        file.toAbsolutePath().getParent());
    return new Outcome(file, check(want, run, timeout), System.nanoTime() - t0);
  }

  /**
   * Runs {@code source} under the name {@code name} through {@link Gol#run} on a fresh thread,
   * capturing its output, waiting at most {@code timeout}.
   */
  public static Run execute(String name, String source, Duration timeout) {
    return execute(name, source, timeout, null);
  }

  /** As {@link #execute(String, String, Duration)}, in the working directory {@code dir}. */
  public static Run execute(String name, String source, Duration timeout, Path dir) {
    if (dir != null && source.contains("\"os/signal\"")) {
      return executeAlone(name, timeout, dir);
    }
    Capture out = new Capture();
    Capture err = new Capture();
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    int[] status = {-1};
    Throwable[] crash = {null};
    Runnable body = () -> {
      try {
        status[0] = Gol.run(name, source, new String[0], new ByteArrayInputStream(new byte[0]),
            out, false, errStream, dir);
      } catch (GoExit e) {
        status[0] = e.code;
      } catch (Throwable t) {
        crash[0] = t;
      } finally {
        errStream.flush();
      }
    };
    Thread t = new Thread(null, body, "gol-test " + name, STACK_SIZE);
    t.setDaemon(true);
    t.start();
    boolean timedOut = false;
    try {
      t.join(Math.max(1, timeout.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (t.isAlive()) {
      timedOut = true;
      t.interrupt();
    }
    // join() orders the program thread's writes before these reads (when it finished)
    return new Run(status[0], out.bytes(), err.bytes(), timedOut,
        out.truncated() || err.truncated(), timedOut ? null : crash[0]);
  }

  /**
   * Runs the program {@code dir/name} in a JVM of its own (this JVM's class path, its JIT mode):
   * for programs that use os/signal, whose handlers belong to the whole JVM, so that what other
   * programs and tests did to them in a shared JVM cannot change the outcome.
   *
   * <p>The child starts with SIGHUP, SIGINT and SIGTERM at their default action even when this
   * JVM inherited them ignored: a command started with {@code &} by a script (a CI run in the
   * background) ignores SIGINT, every process it starts inherits that, and HotSpot never
   * installs a handler for an ignored SIGHUP, SIGINT or SIGTERM — so a program notified of
   * SIGINT would wait forever for the SIGINT it sends itself (docs/runtime.md, "Signals").
   * Java cannot change a child's signal dispositions; coreutils' {@code env --default-signal}
   * can, and is used when one of the three is ignored here.
   */
  private static Run executeAlone(String name, Duration timeout, Path dir) {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>();
    if (SignalDispositions.shutdownSignalIgnored() && SignalDispositions.envCanReset()) {
      cmd.addAll(List.of("env", "--default-signal=" + SignalDispositions.SHUTDOWN_SIGNALS));
    }
    cmd.add(javaBin);
    if (Runtime.version().feature() >= 23) {
      // as ./gol: else the JVM reports gol's use of sun.misc.Unsafe on the program's stderr
      cmd.add("--sun-misc-unsafe-memory-access=allow");
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "gol.interp.cli.Main", "run", name));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().put("GOLDEBUG", "jit=" + gol.interp.vm.Jit.mode());
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    try {
      Path out = Files.createTempFile("gol-test", ".out");
      Path err = Files.createTempFile("gol-test", ".err");
      try {
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        boolean done = p.waitFor(Math.max(1, timeout.toMillis()), java.util.concurrent.TimeUnit.MILLISECONDS);
        if (!done) {
          p.destroyForcibly().waitFor();
        }
        return new Run(done ? p.exitValue() : -1, Files.readAllBytes(out), Files.readAllBytes(err), !done,
            false, null);
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      return new Run(-1, new byte[0], new byte[0], false, false, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Run(-1, new byte[0], new byte[0], true, false, null);
    }
  }

  /** Compares a run with what the test expects; an empty list means it passed. */
  public static List<String> check(Expectation want, Run got, Duration timeout) {
    List<String> p = new ArrayList<>();
    String out = latin1(got.stdout);
    String err = latin1(got.stderr);
    if (got.timedOut) {
      p.add("timed out after " + format(timeout) + " (program abandoned)");
      quote(p, "stdout so far", out);
      quote(p, "stderr so far", err);
      return p;
    }
    if (got.crash != null) {
      p.add("internal error: " + got.crash);
      StackTraceElement[] st = got.crash.getStackTrace();
      for (int i = 0; i < Math.min(st.length, 8); i++) {
        p.add("    at " + st[i]);
      }
      quote(p, "stderr", err);
      return p;
    }
    if (got.truncated) {
      p.add("output exceeds " + (CAPTURE_LIMIT >> 20) + " MB");
      return p;
    }
    int wantStatus = want.exitStatus();
    if (got.status != wantStatus) {
      p.add("exit status " + got.status + ", want " + wantStatus);
      quote(p, "stderr", err);
    }
    String wantOut = want.stdout() == null ? "" : want.stdout();
    if (!sameOutput(wantOut, out)) {
      diff(p, "stdout", wantOut, out);
    }
    if (want.stderr() != null) {
      if (!sameOutput(want.stderr(), err)) {
        diff(p, "stderr", want.stderr(), err);
      }
    } else if (want.errorLines() == null && got.status == 0 && !err.isEmpty()) {
      p.add("unexpected stderr");
      quote(p, "stderr", err);
    }
    if (want.errorLines() != null) {
      List<String> lines = Expectation.splitLines(err);
      int at = 0;
      for (String line : want.errorLines()) {
        int found = -1;
        for (int i = at; i < lines.size(); i++) {
          if (lines.get(i).equals(line)) {
            found = i;
            break;
          }
        }
        if (found < 0) {
          boolean earlier = lines.subList(0, at).contains(line);
          p.add("stderr lacks the line " + show(line) + (earlier ? " (it appears too early)" : ""));
          quote(p, "stderr", err);
          break;
        }
        at = found + 1;
      }
    }
    return p;
  }

  /**
   * Equal, or equal but for the final newline the program did not print (an Output block cannot
   * say "no newline at the end", so a program whose output ends without one still passes).
   */
  static boolean sameOutput(String want, String got) {
    return want.equals(got)
        || (!got.isEmpty() && !got.endsWith("\n") && want.equals(got + "\n"));
  }

  /** Adds a short description of the first difference between two outputs. */
  static void diff(List<String> p, String stream, String want, String got) {
    List<String> w = Expectation.splitLines(want);
    List<String> g = Expectation.splitLines(got);
    int i = 0;
    while (i < w.size() && i < g.size() && w.get(i).equals(g.get(i))) {
      i++;
    }
    int line = i + 1;
    if (i < w.size() && i < g.size()) {
      p.add(stream + " differs at line " + line + ":");
      p.add("    want: " + show(w.get(i)));
      p.add("    got:  " + show(g.get(i)));
    } else if (i < w.size()) {
      p.add(stream + " ends after " + g.size() + " line" + (g.size() == 1 ? "" : "s")
          + "; want line " + line + ": " + show(w.get(i)));
    } else if (i < g.size()) {
      p.add(stream + " has extra line " + line + ": " + show(g.get(i)));
    } else {
      p.add(stream + " differs in its final newline");
    }
    quote(p, stream, got);
  }

  /** Quotes the first lines of a stream (once per report). */
  private static void quote(List<String> p, String label, String text) {
    if (text.isEmpty() || p.contains("    " + label + ":")) {
      return;
    }
    List<String> lines = Expectation.splitLines(text);
    p.add("    " + label + ":");
    int n = Math.min(lines.size(), QUOTE_LINES);
    for (int i = 0; i < n; i++) {
      p.add("    | " + utf8(lines.get(i)));
    }
    if (lines.size() > n) {
      p.add("    | ... (" + (lines.size() - n) + " more lines)");
    }
  }

  /** A line quoted Go-style, showing tabs, control characters and invalid UTF-8. */
  static String show(String latin1) {
    String s = utf8(latin1);
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\r':
          sb.append("\\r");
          break;
        default:
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\x%02x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    return sb.append('"').toString();
  }

  private static String utf8(String latin1) {
    return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
  }

  private static String latin1(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** A duration as Go prints it in simple cases: 20s, 1.5s, 250ms, 2m0s. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000) {
      return ms + "ms";
    }
    if (ms < 60_000) {
      return ms % 1000 == 0 ? (ms / 1000) + "s"
          : String.format("%ss", java.math.BigDecimal.valueOf(ms, 3).stripTrailingZeros()
              .toPlainString());
    }
    long s = ms / 1000;
    return (s / 60) + "m" + (s % 60) + "s";
  }

  /**
   * Parses a Go duration such as {@code 20s}, {@code 1m30s}, {@code 500ms} or {@code 1.5s}.
   *
   * @throws IllegalArgumentException if it is not one
   */
  public static Duration parseDuration(String s) {
    if (s.isEmpty()) {
      throw new IllegalArgumentException("invalid duration \"" + s + "\"");
    }
    double nanos = 0;
    int i = 0;
    while (i < s.length()) {
      int j = i;
      while (j < s.length() && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
        j++;
      }
      int k = j;
      while (k < s.length() && Character.isLetter(s.charAt(k))) {
        k++;
      }
      if (j == i || k == j) {
        throw new IllegalArgumentException("invalid duration \"" + s + "\"");
      }
      double v;
      try {
        v = Double.parseDouble(s.substring(i, j));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("invalid duration \"" + s + "\"");
      }
      String unit = s.substring(j, k);
      double scale;
      switch (unit) {
        case "ns":
          scale = 1;
          break;
        case "us":
        case "µs":
          scale = 1e3;
          break;
        case "ms":
          scale = 1e6;
          break;
        case "s":
          scale = 1e9;
          break;
        case "m":
          scale = 60e9;
          break;
        case "h":
          scale = 3600e9;
          break;
        default:
          throw new IllegalArgumentException("unknown unit \"" + unit + "\" in duration \"" + s + "\"");
      }
      nanos += v * scale;
      i = k;
    }
    return Duration.ofNanos((long) nanos);
  }

  /** An in-memory sink that keeps at most {@link #CAPTURE_LIMIT} bytes. */
  static final class Capture extends OutputStream {
    private byte[] buf = new byte[256];
    private int n;
    private boolean truncated;

    @Override
    public synchronized void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      int room = CAPTURE_LIMIT - n;
      if (len > room) {
        truncated = true;
        len = room;
      }
      if (n + len > buf.length) {
        buf = java.util.Arrays.copyOf(buf, Math.max(n + len, Math.min(CAPTURE_LIMIT, buf.length * 2)));
      }
      System.arraycopy(b, off, buf, n, len);
      n += len;
    }

    synchronized byte[] bytes() {
      return java.util.Arrays.copyOf(buf, n);
    }

    synchronized boolean truncated() {
      return truncated;
    }
  }
}
