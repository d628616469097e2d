package gol.runtime;

/**
 * A gol panic in flight through Java code (a native, or a runtime check in the VM). The VM turns
 * it into gol panicking: deferred calls run, {@code recover} may stop it. {@code value} is the
 * panic value as a gol interface value ({@link Iface}, or a {@link RuntimeError}). No Java stack
 * trace is captured: panics are control flow, not bugs.
 */
public final class GoPanic extends RuntimeException {
  public final Object value;

  public GoPanic(Object value) {
    super(null, null, false, false);
    this.value = value;
  }

  /** A {@code runtime error: ...} panic, e.g. {@code GoPanic.runtime("integer divide by zero")}. */
  public static GoPanic runtime(String message) {
    return new GoPanic(new RuntimeError(message));
  }

  @Override
  public String getMessage() {
    return value instanceof RuntimeError e ? e.errorText() : String.valueOf(value);
  }
}
