package gol.interp.gotest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
    flushReport(0);
    if (!passed) {
      result = "fail";
    } else if (!result.equals("skip")) {
      result = "pass";
    }
    event(result, null, null, Math.round(elapsed * 1000) / 1000.0);
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
    handleLine(bs);
  }

  /** Reports waiting for the output indented under them: {action, test, elapsed}. */
  private final ArrayList<String[]> report = new ArrayList<>();
  private boolean needMarker;
  private String result = "";

  private static final String[] UPDATES = {"=== RUN   ", "=== PAUSE ", "=== CONT  ", "=== NAME  ",
      "=== PASS  ", "=== FAIL  ", "=== SKIP  "};
  private static final String[] REPORTS = {"--- PASS: ", "--- FAIL: ", "--- SKIP: ", "--- BENCH: "};

  /**
   * One line, as cmd/internal/test2json reads it: once the program has framed a line with the
   * marker, only marked lines can be framing lines; reports ("--- PASS: X (0.00s)", indented
   * four spaces per subtest level) are held until the lines indented under them have been
   * written, so their pass/fail event follows their output.
   */
  private void handleLine(byte[] bs) {
    if (needMarker && bs[0] != MARKER) {
      output(new String(bs, StandardCharsets.UTF_8));
      return;
    }
    boolean sawMarker = bs[0] == MARKER;
    String lineStr = sawMarker ? new String(bs, 1, bs.length - 1, StandardCharsets.UTF_8)
        : new String(bs, StandardCharsets.UTF_8);
    String trim = lineStr.endsWith("\n") ? lineStr.substring(0, lineStr.length() - 1) : lineStr;
    if (trim.endsWith("\r")) {
      trim = trim.substring(0, trim.length() - 1);
    }
    if (trim.equals("=== NAME")) {
      lineStr = "=== NAME  \n";
    }
    if (trim.equals("PASS") || trim.equals("FAIL") || trim.startsWith("FAIL\t")) {
      flushReport(0);
      current = "";
      needMarker = sawMarker;
      output(lineStr);
      result = trim.equals("PASS") ? "pass" : "fail";
      return;
    }
    if (lineStr.startsWith("?   \t") && trim.endsWith("\t[no test files]") && report.isEmpty()) {
      result = "skip";
    }
    String l = lineStr;
    boolean ok = false;
    boolean actionColon = false;
    int indent = 0;
    for (String u : UPDATES) {
      if (l.startsWith(u)) {
        ok = true;
        break;
      }
    }
    if (!ok) {
      while (l.startsWith("    ")) {
        l = l.substring(4);
        indent++;
      }
      for (String r : REPORTS) {
        if (l.startsWith(r)) {
          ok = true;
          actionColon = true;
          break;
        }
      }
    }
    if (!ok) {
      if (indent > 0 && indent <= report.size()) {
        current = report.get(indent - 1)[1];
      }
      output(lineStr);
      return;
    }
    int i = actionColon ? l.indexOf(':') + 1 : UPDATES[0].length();
    String action = l.substring(4, i).trim().toLowerCase(Locale.ROOT);
    if (action.endsWith(":")) {
      action = action.substring(0, action.length() - 1);
    }
    String name = l.substring(i).trim();
    if (l.charAt(0) == '-') {
      String elapsed = null;
      int paren = name.indexOf(" (");
      if (paren >= 0) {
        if (name.endsWith("s)")) {
          String num = name.substring(paren + 2, name.length() - 2);
          try {
            Double.parseDouble(num);
            elapsed = num;
          } catch (NumberFormatException e) {
            elapsed = null;
          }
        }
        name = name.substring(0, paren);
      }
      if (report.size() < indent) {
        output(lineStr);
        return;
      }
      needMarker = sawMarker;
      flushReport(indent);
      current = name;
      report.add(new String[] {action, name, elapsed});
      output(lineStr);
      return;
    }
    needMarker = sawMarker;
    flushReport(0);
    current = name;
    if (action.equals("name")) {
      return;
    }
    if (action.equals("pause")) {
      output(lineStr);
    }
    event(action, name, null, null);
    if (!action.equals("pause")) {
      output(lineStr);
    }
  }

  private void flushReport(int depth) {
    current = "";
    while (report.size() > depth) {
      String[] e = report.remove(report.size() - 1);
      event(e[0], e[1], null, e[2] == null ? null : Double.valueOf(e[2]));
    }
  }

  private void output(String s) {
    event("output", current.isEmpty() ? null : current, s, null);
  }

  private void event(String action, String test, String output, Double elapsed) {
    StringBuilder sb = new StringBuilder("{\"Time\":\"").append(now()).append("\",\"Action\":\"")
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

  /** The time as Go's time.RFC3339Nano prints it: trailing zeros of the fraction dropped. */
  static String now() {
    java.time.ZonedDateTime t = java.time.ZonedDateTime.now();
    String frac = String.format(Locale.ROOT, "%09d", t.getNano()).replaceAll("0+$", "");
    String off = t.getOffset().getTotalSeconds() == 0 ? "Z" : t.getOffset().getId();
    return String.format(Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d", t.getYear(), t.getMonthValue(),
        t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond()) + (frac.isEmpty() ? "" : "." + frac) + off;
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
