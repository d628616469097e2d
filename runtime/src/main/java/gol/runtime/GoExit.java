package gol.runtime;

/** Thrown by {@code os.Exit(code)}: the program ends at once with that status, no deferred calls run. */
public final class GoExit extends RuntimeException {
  public final int code;

  public GoExit(int code) {
    super(null, null, false, false);
    this.code = code;
  }
}
