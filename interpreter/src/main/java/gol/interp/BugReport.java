package gol.interp;

import java.io.PrintStream;

/**
 * How an internal error (a Java exception that escaped the checker, compiler, VM, a native, the
 * REPL or {@code gol test}) reaches the user: {@code gol: internal error: ...}, one line saying it
 * is gol's bug, exit status 2 — never a raw Java stack trace unless {@code GOLDEBUG=javatrace=1}.
 */
public final class BugReport {
  private BugReport() {
  }

  /** The line after the error: whose bug it is and how to get the Java trace. */
  public static final String HINT = "gol: this is a bug in gol, not in the program: please report it"
      + " with the program (GOLDEBUG=javatrace=1 shows the Java stack trace)";

  /** Whether the process's GOLDEBUG holds javatrace=1. */
  public static boolean javaTraceFromEnv() {
    String v = System.getenv("GOLDEBUG");
    return v != null && java.util.Arrays.stream(v.split(",")).anyMatch(kv -> kv.trim().equals("javatrace=1"));
  }

  /** The exit status of an internal error. */
  public static final int STATUS = 2;

  /** Prints the report of {@code t} to {@code err}: the Java trace too when {@code javaTrace}. */
  public static void print(PrintStream err, Throwable t, boolean javaTrace) {
    try {
      err.println("gol: internal error: " + t);
      if (javaTrace) {
        t.printStackTrace(err);
      } else {
        err.println(HINT);
      }
      err.flush();
    } catch (Throwable ignored) {
      // the report itself failed (e.g. out of memory); the exit status still says it
    }
  }

  /**
   * For the process: an exception that escapes any thread (a scheduler M, sysmon, the poller,
   * the JIT compiler) is reported as above and ends the process with status 2, instead of the
   * JVM printing its trace and the program hanging without that thread.
   */
  public static void installProcessHandler(PrintStream err, boolean javaTrace) {
    Thread.setDefaultUncaughtExceptionHandler(new ProcessHandler(err, javaTrace));
  }

  /**
   * The handler installProcessHandler installs: a class, not a lambda, because gol run installs
   * it first thing and the first lambda a JVM links costs a few milliseconds of start-up.
   */
  private static final class ProcessHandler implements Thread.UncaughtExceptionHandler {
    private final PrintStream err;
    private final boolean javaTrace;

    ProcessHandler(PrintStream err, boolean javaTrace) {
      this.err = err;
      this.javaTrace = javaTrace;
    }

    @Override
    public void uncaughtException(Thread thread, Throwable t) {
      if (t instanceof ThreadDeath) {
        return;
      }
      System.out.flush();
      print(err, t, javaTrace);
      Runtime.getRuntime().halt(STATUS);
    }
  }
}
