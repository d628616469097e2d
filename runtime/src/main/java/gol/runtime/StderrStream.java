package gol.runtime;

import java.io.IOException;
import java.io.OutputStream;

/*
 * A program's standard error (Machine.stderr writes through it): before every write, buffered
 * standard output is flushed, so output the program wrote to stdout before comes first when both
 * go to one file or pipe (2>&1), as with Go's unbuffered stdout. Every writer to stderr — builtin
 * print/println, os.Stderr and package log, panic tracebacks, the runtime's fatal errors and
 * deadlock report, schedtrace — gets this order by writing to Machine.stderr; none flushes stdout
 * itself (InterleavedOutputTest, tests/panics/panic_after_prints.gol).
 *
 * Invariants
 *   - No byte reaches the underlying stream while bytes written to stdout earlier sit in its
 *     buffer (Output.flush runs first, on the writing thread).
 *
 * Locking / ownership
 *   Output.flush takes the Output's monitor and releases it before the stderr write: no lock is
 *   held across both streams, so a writer of stdout and one of stderr never wait on each other
 *   in a circle.
 */
final class StderrStream extends OutputStream {
  private final Output stdout;
  private final OutputStream err;

  StderrStream(Output stdout, OutputStream err) {
    this.stdout = stdout;
    this.err = err;
  }

  @Override
  public void write(int b) throws IOException {
    stdout.flush();
    err.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    stdout.flush();
    err.write(b, off, len);
  }

  @Override
  public void flush() throws IOException {
    err.flush();
  }
}
