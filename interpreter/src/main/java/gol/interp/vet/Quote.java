package gol.interp.vet;

import java.nio.charset.StandardCharsets;

/** Go's string quoting for messages: strconv.Quote ({@code %q}) and {@code %#q} (backquotes when possible). */
final class Quote {
  private Quote() {
  }

  /** strconv.Quote: double quotes, with Go's escapes for non-printable characters. */
  static String go(String s) {
    StringBuilder b = new StringBuilder("\"");
    s.codePoints().forEach(c -> {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        case 7 -> b.append("\\a");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        case 11 -> b.append("\\v");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            b.append(String.format("\\x%02x", c));
          } else if (Character.isISOControl(c)) {
            b.append(c > 0xffff ? String.format("\\U%08x", c) : String.format("\\u%04x", c));
          } else {
            b.appendCodePoint(c);
          }
        }
      }
    });
    return b.append('"').toString();
  }

  /** {@code %#q}: backquoted when strconv.CanBackquote allows it, else {@link #go}. */
  static String backquoted(String s) {
    for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
      int c = x & 0xff;
      if ((c < 0x20 && c != '\t') || c == '`' || c == 0x7f) {
        return go(s);
      }
    }
    if (s.indexOf('\uFEFF') >= 0) {
      return go(s);
    }
    return "`" + s + "`";
  }
}
