package gol.interp.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * What a suite program expects, parsed from the comment blocks at the end of its file
 * (tests/README.md):
 *
 * <ul>
 *   <li>{@code // Output:} the exact standard output, one {@code // line} per line ({@code //}
 *       alone is an empty line);
 *   <li>{@code // Stderr:} the exact standard error;
 *   <li>{@code // Error:} lines that must appear, in order, as whole lines of standard error,
 *       then a last line {@code // exit status N}.
 * </ul>
 *
 * <p>The blocks live in the file's trailing run of {@code //} lines (trailing blank lines
 * ignored); a block runs from its header to the next header or the end of the file. Comment lines
 * of that run before the first header are ordinary comments.
 *
 * <p>Text is handled as Latin-1 so that every byte of the file survives: {@link #stdout()} and
 * {@link #stderr()} are byte strings (one char per byte) to compare with the program's raw output.
 */
public final class Expectation {
  public static final String OUTPUT = "// Output:";
  public static final String STDERR = "// Stderr:";
  public static final String ERROR = "// Error:";

  private final String stdout;
  private final String stderr;
  private final List<String> errorLines;
  private final int exitStatus;

  private Expectation(String stdout, String stderr, List<String> errorLines, int exitStatus) {
    this.stdout = stdout;
    this.stderr = stderr;
    this.errorLines = errorLines;
    this.exitStatus = exitStatus;
  }

  /** The exact expected stdout (bytes as Latin-1 chars), or null when there is no Output block. */
  public String stdout() {
    return stdout;
  }

  /** The exact expected stderr (bytes as Latin-1 chars), or null when there is no Stderr block. */
  public String stderr() {
    return stderr;
  }

  /** The lines the Error block requires in stderr, in order, or null without an Error block. */
  public List<String> errorLines() {
    return errorLines;
  }

  /** The expected exit status: the Error block's {@code exit status N}, else 0. */
  public int exitStatus() {
    return exitStatus;
  }

  /** Thrown for a test file whose expectation blocks are malformed or missing. */
  public static final class MalformedException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedException(String message) {
      super(message);
    }
  }

  /**
   * Parses the blocks at the end of {@code text}, the test file's bytes decoded as Latin-1.
   */
  public static Expectation parse(String text) throws MalformedException {
    List<String> lines = splitLines(text);
    int end = lines.size();
    while (end > 0 && lines.get(end - 1).isBlank()) {
      end--;
    }
    int start = end;
    while (start > 0 && lines.get(start - 1).startsWith("//")) {
      start--;
    }
    int first = -1;
    for (int i = start; i < end; i++) {
      if (header(lines.get(i)) != null) {
        first = i;
        break;
      }
    }
    if (first < 0) {
      throw new MalformedException(
          "no " + OUTPUT + ", " + STDERR + " or " + ERROR + " block at the end of the file");
    }
    String out = null;
    String err = null;
    List<String> errLines = null;
    int status = 0;
    int i = first;
    while (i < end) {
      String h = header(lines.get(i));
      int j = i + 1;
      while (j < end && header(lines.get(j)) == null) {
        j++;
      }
      List<String> body = new ArrayList<>();
      for (int k = i + 1; k < j; k++) {
        body.add(content(lines.get(k)));
      }
      switch (h) {
        case OUTPUT:
          if (out != null) {
            throw new MalformedException("more than one " + OUTPUT + " block");
          }
          out = joinLines(body);
          break;
        case STDERR:
          if (err != null) {
            throw new MalformedException("more than one " + STDERR + " block");
          }
          err = joinLines(body);
          break;
        default:
          if (errLines != null) {
            throw new MalformedException("more than one " + ERROR + " block");
          }
          if (body.isEmpty()) {
            throw new MalformedException(ERROR + " block without a last line // exit status N");
          }
          status = exitStatusLine(body.get(body.size() - 1));
          errLines = List.copyOf(body.subList(0, body.size() - 1));
          break;
      }
      i = j;
    }
    return new Expectation(out, err, errLines, status);
  }

  private static int exitStatusLine(String line) throws MalformedException {
    String prefix = "exit status ";
    if (line.startsWith(prefix)) {
      try {
        int n = Integer.parseInt(line.substring(prefix.length()).trim());
        if (n >= 0 && n <= 255) {
          return n;
        }
      } catch (NumberFormatException e) {
        // fall through
      }
    }
    throw new MalformedException(
        ERROR + " block must end with a line // exit status N, not // " + line);
  }

  /** The header a line is, or null. Trailing white space is allowed after the colon. */
  static String header(String line) {
    String s = line.stripTrailing();
    switch (s) {
      case OUTPUT:
        return OUTPUT;
      case STDERR:
        return STDERR;
      case ERROR:
        return ERROR;
      default:
        return null;
    }
  }

  /** A block line's content: after {@code "// "}; {@code "//"} alone is an empty line. */
  static String content(String line) {
    if (line.startsWith("// ")) {
      return line.substring(3);
    }
    return line.substring(2); // "//" alone, or "//x" (leniently, x)
  }

  private static String joinLines(List<String> body) {
    StringBuilder sb = new StringBuilder();
    for (String l : body) {
      sb.append(l).append('\n');
    }
    return sb.toString();
  }

  /** Splits on \n, dropping a \r before it; a final newline does not start another line. */
  static List<String> splitLines(String text) {
    List<String> lines = new ArrayList<>();
    int pos = 0;
    int n = text.length();
    while (pos < n) {
      int nl = text.indexOf('\n', pos);
      int stop = nl < 0 ? n : nl;
      int e = stop;
      if (e > pos && text.charAt(e - 1) == '\r') {
        e--;
      }
      lines.add(text.substring(pos, e));
      pos = nl < 0 ? n : nl + 1;
    }
    return lines;
  }
}
