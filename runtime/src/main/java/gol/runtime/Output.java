package gol.runtime;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The program's standard output: buffered for speed, but never holding output a person is waiting
 * for — flushed when the buffer fills, by {@link #flush} (at exit, on panic, before blocking, when
 * nothing is runnable), and after every newline when stdout is a terminal. Writers may be on
 * several Ms at once; the monitor of this object guards the buffer.
 */
public final class Output {
  private final OutputStream out;
  private final boolean lineFlush;
  private final byte[] buf = new byte[1 << 16];
  private int n;
  /** Non-null while package testing runs an example: writes go here instead (Go's os.Pipe swap). */
  private java.io.ByteArrayOutputStream capture;

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

  private void writeThrough(byte[] b, int off, int len) {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      // see flush
    }
  }
}
