package gol.runtime;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The program's standard output: buffered for speed, but never holding output a person is waiting
 * for — flushed when the buffer fills, by {@link #flush} (at exit, on panic, before blocking, when
 * nothing is runnable), after every newline when stdout is a terminal, and at most {@link #DELAY_MS}
 * after a write by a daemon thread ("gol-stdout"), so that output a busy program wrote reaches
 * the file or pipe as Go's unbuffered writes do, even if the process is then killed; a JVM
 * shutdown (SIGTERM, SIGINT, SIGHUP without os/signal) flushes what is left.
 *
 * <p>Threads: writers may be on several Ms at once; the monitor of this object guards the
 * buffer, {@code n}, {@code capture} and {@code flusher}. The flusher thread runs only while
 * there was output in the last {@link #IDLE_MS}: a write into an empty buffer starts it or wakes
 * it, and it ends itself after that long with nothing to flush, so a finished program (the test
 * suite runs thousands in one JVM) leaves no thread behind. {@link #LIVE} holds the Outputs whose
 * flusher runs, for the shutdown hook.
 */
public final class Output {
  private final OutputStream out;
  private final boolean lineFlush;
  private final byte[] buf = new byte[1 << 16];
  private int n;
  /** Non-null while package testing runs an example: writes go here instead (Go's os.Pipe swap). */
  private java.io.ByteArrayOutputStream capture;
  /** The flusher thread, or null when none runs. */
  private Thread flusher;

  /**
   * How long a write may wait in the buffer (ms): long enough that a program printing in a loop
   * still writes 64 KB at a time, short enough to be no later than a person notices. The
   * property is for tests that need the shutdown hook alone to flush.
   */
  private static final long DELAY_MS = Long.getLong("gol.stdoutDelayMs", 10);
  private static final long IDLE_MS = 1000;
  /** Guarded by its own monitor, as is {@link #hooked}. */
  private static final java.util.Set<Output> LIVE = new java.util.HashSet<>();
  /** Whether the shutdown hook is added (no AtomicBoolean: on JDK 17 it loads java.lang.invoke). */
  private static boolean hooked;

  public Output(OutputStream out, boolean lineFlush) {
    this.out = out;
    this.lineFlush = lineFlush;
  }

  public synchronized void write(byte[] b, int off, int len) {
    if (capture != null) {
      capture.write(b, off, len);
      return;
    }
    if (len > buf.length - n) {
      flush();
      if (len > buf.length) {
        writeThrough(b, off, len);
        return;
      }
    }
    if (n == 0) {
      pending();
    }
    System.arraycopy(b, off, buf, n, len);
    n += len;
    if (lineFlush) {
      for (int i = off + len - 1; i >= off; i--) {
        if (b[i] == '\n') {
          flush();
          break;
        }
      }
    }
  }

  public void write(byte[] b) {
    write(b, 0, b.length);
  }

  public void write(GoString s) {
    write(s.bytes, s.off, s.len);
  }

  /** Starts collecting what is written (pending output is flushed first). */
  public synchronized void startCapture() {
    flush();
    capture = new java.io.ByteArrayOutputStream();
  }

  /** Stops collecting and returns what was written since {@link #startCapture} (empty if none). */
  public synchronized byte[] endCapture() {
    byte[] b = capture == null ? new byte[0] : capture.toByteArray();
    capture = null;
    return b;
  }

  public synchronized void flush() {
    if (n > 0) {
      writeThrough(buf, 0, n);
      n = 0;
    }
    try {
      out.flush();
    } catch (IOException e) {
      // a closed stdout (e.g. a closed pipe) loses output, as a Go program would
    }
  }

  /** The buffer is about to hold output: make sure the flusher will write it (holds the monitor). */
  private void pending() {
    if (flusher != null) {
      notify();
      return;
    }
    flusher = new Thread(new Task(this, false), "gol-stdout");
    flusher.setDaemon(true);
    synchronized (LIVE) {
      LIVE.add(this);
    }
    flusher.start();
  }

  /**
   * A thread's work: the flusher's loop, a single flush (the shutdown hook's, per Output), or
   * with no Output the shutdown hook itself. A class, not lambdas: hello world's start-up links
   * no lambda and loads no java.lang.invoke class (StartupClassesTest).
   */
  private static final class Task implements Runnable {
    private final Output out;
    private final boolean once;

    Task(Output out, boolean once) {
      this.out = out;
      this.once = once;
    }

    @Override
    public void run() {
      if (out == null) {
        flushAllAtShutdown();
      } else if (once) {
        out.flush();
      } else {
        out.flushLoop();
      }
    }
  }

  private static void forget(Output o) {
    synchronized (LIVE) {
      LIVE.remove(o);
    }
  }

  /** The flusher thread: writes pending output DELAY_MS after it came, ends when idle. */
  private void flushLoop() {
    boolean exiting = false;
    synchronized (LIVE) { // here, not on the program's thread: off its start-up
      if (!hooked) {
        hooked = true;
        try {
          Runtime.getRuntime().addShutdownHook(new Thread(new Task(null, false), "gol-stdout-exit"));
        } catch (IllegalStateException e) {
          exiting = true; // the program is exiting already, and its exit flushes
        }
      }
    }
    synchronized (this) {
      if (exiting) {
        flusher = null;
        forget(this);
        return;
      }
      flushUntilIdle();
    }
  }

  private void flushUntilIdle() {
    try {
      long idleSince = System.nanoTime();
      while (true) {
        if (n > 0) {
          wait(DELAY_MS);
          flush();
          idleSince = System.nanoTime();
        } else if (System.nanoTime() - idleSince >= IDLE_MS * 1_000_000) {
          return;
        } else {
          wait(IDLE_MS);
        }
      }
    } catch (InterruptedException e) {
      // ends the thread; the next write starts another
    } finally {
      flusher = null;
      forget(this);
    }
  }

  /**
   * The shutdown hook: flushes every Output with pending output. Each flush runs on its own
   * daemon thread and is waited for a little while only: a writer blocked on a full pipe holds
   * the monitor, and the JVM must still exit.
   */
  private static void flushAllAtShutdown() {
    Output[] live;
    synchronized (LIVE) {
      live = LIVE.toArray(new Output[0]);
    }
    for (Output o : live) {
      Thread t = new Thread(new Task(o, true), "gol-stdout-exit");
      t.setDaemon(true);
      t.start();
      try {
        t.join(500);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void writeThrough(byte[] b, int off, int len) {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      // see flush
    }
  }
}
