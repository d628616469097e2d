package gol.interp.diag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Compile errors, reported as gc does: {@code file.gol:LINE:COL: message}, sorted by position,
 * at most {@link #LIMIT} of them followed by {@code too many errors}. One instance per compilation.
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

  /** The report as gc prints it: one line per error, the first {@link #LIMIT}, then "too many errors". */
  public String report() {
    StringBuilder b = new StringBuilder();
    List<Error> s = sorted();
    for (int i = 0; i < s.size() && i < LIMIT; i++) {
      b.append(s.get(i)).append('\n');
    }
    if (s.size() > LIMIT) {
      b.append("too many errors\n");
    }
    return b.toString();
  }
}
