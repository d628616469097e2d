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
      return file + ":" + line + ":" + col + ": " + message;
    }
  }

  private final List<Error> errors = new ArrayList<>();

  public void error(String file, int line, int col, String message) {
    for (Error e : errors) {
      if (e.line == line && e.file.equals(file) && e.message.equals(message)) {
        return; // the same error reached twice (e.g. a shared const expression)
      }
    }
    errors.add(new Error(file, line, col, message));
  }

  /** Forgets every error: the REPL reuses one instance (its checker's) for input after input. */
  public void clear() {
    errors.clear();
  }

  /** Takes the errors of {@code other} instead of its own. */
  public void replaceWith(Diagnostics other) {
    errors.clear();
    errors.addAll(other.errors);
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

  /** The first error reported, in the order the passes found them (go vet prints only that one). */
  public Error first() {
    return errors.isEmpty() ? null : errors.get(0);
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
    boolean cut = errors.size() >= LIMIT;
    List<Error> shown = new ArrayList<>(cut ? errors.subList(0, LIMIT) : errors);
    shown.sort(Comparator.comparing(Error::file).thenComparingInt(Error::line).thenComparingInt(Error::col));
    for (Error e : shown) {
      b.append(e).append('\n');
    }
    if (cut) {
      Error last = errors.get(LIMIT - 1);
      b.append(last.file).append(':').append(last.line).append(':').append(last.col).append(": too many errors\n");
    }
    return b.toString();
  }
}
