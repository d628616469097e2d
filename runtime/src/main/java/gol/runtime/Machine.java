package gol.runtime;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * One running gol program: its standard streams, command-line arguments, global variables and
 * limits. Everything a program touches lives here, never in Java statics, so several programs can
 * run in one JVM (the test suite runs them in-process).
 */
public final class Machine {
  /** What a stack slot is charged against the stack limit: a long and a reference. */
  public static final int BYTES_PER_SLOT = 16;
  /** Go's default maximum stack size on 64-bit systems. */
  public static final long DEFAULT_MAX_STACK = 1_000_000_000L;

  public final Output stdout;
  public final PrintStream stderr;
  /** os.Args: the program's path as given, then its arguments. */
  public final String[] args;
  public long maxStackBytes = DEFAULT_MAX_STACK;

  /** Package-level variables: slot {@code i} is {@code (globalLs[i], globalRs[i])}. */
  public long[] globalLs = new long[0];
  public Object[] globalRs = new Object[0];

  private long nextGoid = 1;

  public Machine(OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr, String[] args) {
    this.stdout = new Output(stdout, stdoutIsTerminal);
    this.stderr = stderr;
    this.args = args;
  }

  public synchronized G newG() {
    return new G(nextGoid++, this);
  }
}
