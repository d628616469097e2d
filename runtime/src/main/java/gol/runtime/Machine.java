package gol.runtime;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

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
  /** Standard error: flushes stdout before every write (StderrStream), so no writer has to. */
  public final PrintStream stderr;
  /** os.Args: the program's path as given, then its arguments. */
  public final String[] args;
  /** os.Stdin: read only inside enterSyscall/exitSyscall (it blocks its thread). */
  public InputStream stdin = InputStream.nullInputStream();
  /**
   * The program's working directory: relative paths given to package os resolve against it
   * (the JVM cannot chdir, and the suite runs each program in its own directory in-process).
   * Null until asked for or set (guarded by this): a program that touches no file never starts
   * java.nio's file system, whose first use costs a hello world's run milliseconds.
   */
  private Path workDir;
  public long maxStackBytes = DEFAULT_MAX_STACK;

  /** The program's working directory (the JVM's, unless set). */
  public synchronized Path workDir() {
    if (workDir == null) {
      workDir = Path.of("").toAbsolutePath();
    }
    return workDir;
  }

  /** Sets the program's working directory (an absolute path): os.Chdir, a test's package directory. */
  public synchronized void setWorkDir(Path dir) {
    workDir = dir;
  }
  /** Go's GOTRACEBACK=all (debug.SetTraceback("all")): a fatal panic prints every goroutine. */
  public volatile boolean tracebackAll;
  /**
   * Go's testlog.PanicOnExit0: set while a test program's M.Run runs its tests, when os.Exit(0)
   * panics ("unexpected call to os.Exit(0) during test") instead of ending a run that failed.
   */
  public volatile boolean panicOnExit0;

  /** Package-level variables: slot {@code i} is {@code (globalLs[i], globalRs[i])}. */
  public long[] globalLs = new long[0];
  public Object[] globalRs = new Object[0];

  /**
   * Whether os.Stdout was replaced or closed, for fmt's Print, Println and Printf (null while
   * package os, or its init that registers it, is not in the program).
   */
  public volatile StdRedirect stdoutRedirect;
  /** Likewise os.Stdin, for fmt's Scan, Scanln and Scanf. */
  public volatile StdRedirect stdinRedirect;

  /**
   * The program's type universe (null if not given): recover gives a value of a predeclared
   * type that a native made with its own descriptor (a string panic) the program's descriptor.
   */
  public volatile RType.Universe universe;

  private long nextGoid = 1;
  /** The program's environment (os.Setenv changes it; child processes inherit it); made on first use. */
  private java.util.Map<String, String> env;

  public Machine(OutputStream stdout, boolean stdoutIsTerminal, PrintStream stderr, String[] args) {
    this.stdout = new Output(stdout, stdoutIsTerminal);
    this.stderr = new PrintStream(new StderrStream(this.stdout, stderr), false, StandardCharsets.UTF_8);
    this.args = args;
  }

  /**
   * The environment variables, a copy of the JVM's made on first use, in the order the JVM
   * lists them; guarded by its own lock.
   */
  public synchronized java.util.Map<String, String> env() {
    if (env == null) {
      env = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(System.getenv()));
    }
    return env;
  }

  public synchronized G newG() {
    return new G(nextGoid++, this);
  }
}
