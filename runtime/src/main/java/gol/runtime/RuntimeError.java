package gol.runtime;

/**
 * The value of a run-time panic raised by the runtime itself (Go's {@code runtime.Error}):
 * its Error() text is {@code "runtime error: " + message}.
 */
public final class RuntimeError implements GoError {
  public final String message;

  public RuntimeError(String message) {
    this.message = message;
  }

  public String errorText() {
    return "runtime error: " + message;
  }

  @Override
  public GoString error() {
    return GoString.of(errorText());
  }

  @Override
  public String toString() {
    return errorText();
  }
}
