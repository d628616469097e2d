package gol.runtime;

/**
 * Go's {@code throw}: an unrecoverable runtime failure ("fatal error: sync: unlock of unlocked
 * mutex"). Thrown by natives; the VM prints it with the goroutine's trace and ends the program
 * with status 2 — no deferred call runs and recover cannot stop it.
 */
public final class Fatal extends RuntimeException {
  public Fatal(String message) {
    super(message, null, false, false);
  }
}
