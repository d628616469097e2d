package gol.interp.diag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Compile errors, reported as gc does: {@code file.gol:LINE:COL: message}, sorted by position,
 * at most the first {@link #LIMIT} found, followed by {@code too many errors}. One instance per
 * compilation.
 */
public final class Diagnostics {
  public static final int LIMIT = 10;

  public record Error(String file, int line, int col, String message) {
    @Override
    public String toString() {
      // an error of no file (a package's files disagree, an import cycle) is its message alone, as Go's
      return file.isEmpty() ? message : file + ":" + line + ":" + col + ": " + message;
    }
  }

  /** In the order found. */
  private final List<Error> errors = new ArrayList<>();
  /** Those of {@link #errors} that gc finds while parsing (see earlyError). */
  private final List<Error> early = new ArrayList<>();
  /** How many of {@link #errors} are soft (see softError). */
  private int soft;

  public void error(String file, int line, int col, String message) {
    if (!seen(file, line, message)) {
      errors.add(new Error(file, line, col, message));
    }
  }

  /**
   * An error in a literal ("unknown escape", "invalid digit '9' in octal literal", "newline in
   * string"): gc's parser reports it without "syntax error: " and type checking still runs (the
   * literal is then an invalid operand that draws no further error), see {@link #hasHardErrors}.
   */
  public void softError(String file, int line, int col, String message) {
    if (!seen(file, line, message)) {
      errors.add(new Error(file, line, col, message));
      soft++;
    }
  }

  /**
   * An error gc reports while parsing (misplaced branches and labels): it counts before every
   * error found by type checking, whenever the checker comes across it.
   */
  public void earlyError(String file, int line, int col, String message) {
    if (!seen(file, line, message)) {
      Error e = new Error(file, line, col, message);
      errors.add(e);
      early.add(e);
    }
  }

  /** Whether the same error was reached before (e.g. through a shared const expression). */
  private boolean seen(String file, int line, String message) {
    for (Error e : errors) {
      if (e.line == line && e.file.equals(file) && e.message.equals(message)) {
        return true;
      }
    }
    return false;
  }

  /** Forgets every error: the REPL reuses one instance (its checker's) for input after input. */
  public void clear() {
    errors.clear();
    early.clear();
    soft = 0;
  }

  /** Takes the errors of {@code other} instead of its own. */
  public void replaceWith(Diagnostics other) {
    errors.clear();
    errors.addAll(other.errors);
    early.clear();
    early.addAll(other.early);
    soft = other.soft;
  }

  /** Whether some error's message contains {@code text}. */
  public boolean mentions(String text) {
    for (Error e : errors) {
      if (e.message.contains(text)) {
        return true;
      }
    }
    return false;
  }

  public boolean hasErrors() {
    return !errors.isEmpty();
  }

  /** Whether a syntax error was reported on that line (gc reports one per line). */
  public boolean hasSyntaxErrorOn(String file, int line) {
    for (Error e : errors) {
      if (e.line == line && e.file.equals(file) && e.message.startsWith("syntax error")) {
        return true;
      }
    }
    return false;
  }

  /** Makes the errors so far hard: type checking must not run (an import path cut short). */
  public void hardenAll() {
    soft = 0;
  }

  /** Whether some error is not soft: after parsing, one that keeps the checker from running. */
  public boolean hasHardErrors() {
    return errors.size() > soft;
  }

  /** The first error reported, in the order the passes found them (go vet prints only that one). */
  public Error first() {
    return errors.isEmpty() ? null : errors.get(0);
  }

  /** Every error, in the order found. */
  public List<Error> inOrder() {
    return List.copyOf(errors);
  }

  public int count() {
    return errors.size();
  }

  /** The errors in report order: by file, line, column; then the order they were found. */
  public List<Error> sorted() {
    List<Error> out = new ArrayList<>(errors);
    out.sort(Comparator.comparing(Error::file).thenComparingInt(Error::line).thenComparingInt(Error::col));
    return out;
  }

  /**
   * The report as gc prints it: gc stops at the {@link #LIMIT}th error it finds, prints those found
   * so far sorted by position, then {@code POS: too many errors} at that last error's position.
   */
  public String report() {
    StringBuilder b = new StringBuilder();
    List<Error> counted = new ArrayList<>(early); // gc's parser reports these before type checking starts
    for (Error e : errors) {
      if (!early.contains(e)) {
        counted.add(e);
      }
    }
    boolean cut = counted.size() >= LIMIT;
    List<Error> shown = new ArrayList<>(cut ? counted.subList(0, LIMIT) : counted);
    shown.sort(Comparator.comparing(Error::file).thenComparingInt(Error::line).thenComparingInt(Error::col));
    for (Error e : shown) {
      b.append(e).append('\n');
    }
    if (cut) {
      Error last = counted.get(LIMIT - 1);
      b.append(last.file).append(':').append(last.line).append(':').append(last.col).append(": too many errors\n");
    }
    return b.toString();
  }
}
