package gol.runtime;

/**
 * The value of a run-time panic raised by the runtime itself (Go's {@code runtime.Error}):
 * its Error() text is {@code "runtime error: " + message}.
 */
public final class RuntimeError {
  public final String message;

  public RuntimeError(String message) {
    this.message = message;
  }

  public String error() {
    return "runtime error: " + message;
  }

  @Override
  public String toString() {
    return error();
  }
}
