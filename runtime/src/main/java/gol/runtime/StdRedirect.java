package gol.runtime;

/**
 * Whether a program replaced or closed os.Stdout (or os.Stdin), for fmt's Print and Scan
 * functions, which write and read the process's stream directly until then, as Go's write to
 * (read from) os.Stdout does. Package os registers one at init with a pointer to its variable,
 * the variable's first value and a func that returns the variable as an io.Writer (io.Reader);
 * fmt's natives ask {@link #active} on every call, so the common path stays one load and a
 * comparison, and fmt's gol code calls {@link #hook} only when it is true.
 *
 * <p>Concurrency: the variable is the program's; reading it while another goroutine assigns it is
 * the program's data race, as in Go. {@code closed} is volatile: set by any goroutine's Close.
 */
public final class StdRedirect {
  private final Object var;
  private final Object orig;
  /** The func() io.Writer (io.Reader) that returns the variable. */
  public final Object hook;
  private volatile boolean closed;

  public StdRedirect(Object var, Object hook) {
    this.var = var;
    this.orig = Ref.loadR(var);
    this.hook = hook;
  }

  /** Whether the variable no longer holds its first, open File. */
  public boolean active() {
    return closed || Ref.loadR(var) != orig;
  }

  /** Records that file f was closed: the stream is redirected if f is the variable's first File. */
  public void closed(Object f) {
    if (f == orig) {
      closed = true;
    }
  }
}
