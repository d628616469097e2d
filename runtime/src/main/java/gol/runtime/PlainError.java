package gol.runtime;

/**
 * A run-time panic value whose text has no {@code "runtime error: "} prefix (Go's
 * {@code plainError}, e.g. {@code send on closed channel}): still a runtime.Error, so it panics
 * like one, but it prints as {@code panic: send on closed channel}.
 */
public final class PlainError implements GoError {
  public final String message;

  public PlainError(String message) {
    this.message = message;
  }

  @Override
  public GoString error() {
    return GoString.of(message);
  }

  @Override
  public String toString() {
    return message;
  }
}
