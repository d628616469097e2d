package gol.interp.gotest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;

/**
 * Converts the test program's output (run with -test.v=test2json, so framing lines start with
 * the ^V marker byte) and the go command's lines into Go's test2json event stream, one JSON
 * object per line: {"Time","Action","Package","Test","Elapsed","Output"} with actions start,
 * run, pause, cont, output, pass, fail, skip, bench.
 */
final class Test2Json extends OutputStream {
  private static final byte MARKER = 0x16;
  private final PrintStream out;
  private final String pkg;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  /** The test the next plain output belongs to ("" for the package). */
  private String current = "";
  private boolean failSeen;

  Test2Json(PrintStream out, String pkg) {
    this.out = out;
    this.pkg = pkg;
  }

  void start() {
    event("start", null, null, null);
  }

  /** Flushes a partial last line and prints the package's final event. */
  void end(boolean passed, double elapsed) {
    flushLine();
    event(passed && !failSeen ? "pass" : "fail", null, null, elapsed);
    out.flush();
  }

  @Override
  public synchronized void write(int b) {
    line.write(b);
    if (b == '\n') {
      flushLine();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  private void flushLine() {
    if (line.size() == 0) {
      return;
    }
    byte[] bs = line.toByteArray();
    line.reset();
    boolean framed = bs[0] == MARKER;
    String s = new String(bs, framed ? 1 : 0, bs.length - (framed ? 1 : 0), StandardCharsets.UTF_8);
    if (framed) {
      handleFrame(s);
    } else {
      event("output", current.isEmpty() ? null : current, s, null);
    }
  }

  /** A framing line: "=== RUN   T", "--- PASS: T (0.00s)" (indented per level), "PASS", "FAIL", "ok". */
  private void handleFrame(String s) {
    String t = s.stripLeading();
    String body = t.endsWith("\n") ? t.substring(0, t.length() - 1) : t;
    String[][] starts = {{"=== RUN   ", "run"}, {"=== PAUSE ", "pause"}, {"=== CONT  ", "cont"}, {"=== NAME  ", null}};
    for (String[] st : starts) {
      if (body.startsWith(st[0])) {
        String name = body.substring(st[0].length()).trim();
        current = name;
        if (st[1] != null) {
          event(st[1], name, null, null);
          event("output", name, s, null);
        }
        return;
      }
    }
    String[][] ends = {{"--- PASS: ", "pass"}, {"--- FAIL: ", "fail"}, {"--- SKIP: ", "skip"}, {"--- BENCH: ", "bench"}};
    for (String[] en : ends) {
      if (body.startsWith(en[0])) {
        String rest = body.substring(en[0].length());
        int paren = rest.lastIndexOf(" (");
        String name = paren >= 0 ? rest.substring(0, paren) : rest;
        Double elapsed = null;
        if (paren >= 0 && rest.endsWith("s)")) {
          try {
            elapsed = Double.parseDouble(rest.substring(paren + 2, rest.length() - 2));
          } catch (NumberFormatException e) {
            elapsed = null;
          }
        }
        event("output", name, s, null);
        event(en[1], name, null, en[1].equals("bench") ? null : elapsed == null ? 0.0 : elapsed);
        current = "";
        return;
      }
    }
    if (body.equals("FAIL") || body.startsWith("FAIL\t")) {
      failSeen = true;
    }
    current = "";
    event("output", null, s, null);
  }

  private void event(String action, String test, String output, Double elapsed) {
    StringBuilder sb = new StringBuilder("{\"Time\":\"").append(Instant.now()).append("\",\"Action\":\"")
        .append(action).append("\",\"Package\":\"").append(escape(pkg)).append('"');
    if (test != null) {
      sb.append(",\"Test\":\"").append(escape(test)).append('"');
    }
    if (elapsed != null) {
      sb.append(",\"Elapsed\":").append(number(elapsed));
    }
    if (output != null) {
      sb.append(",\"Output\":\"").append(escape(output)).append('"');
    }
    sb.append("}\n");
    out.print(sb);
  }

  /** Elapsed seconds as Go's encoding/json prints a float64: 0, 0.004, 1.5. */
  private static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e21) {
      return Long.toString((long) d);
    }
    String s = String.format(Locale.ROOT, "%.3f", d);
    s = s.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  /** A JSON string body, escaped as Go's encoding/json does (<, >, & as \\u003c...). */
  static String escape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '<' -> sb.append("\\u003c");
        case '>' -> sb.append("\\u003e");
        case '&' -> sb.append("\\u0026");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029') {
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }
}
