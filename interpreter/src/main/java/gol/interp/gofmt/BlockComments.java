package gol.interp.gofmt;

/**
 * How gofmt lays out a block comment that spans lines (go/printer's writeComment and
 * stripCommonPrefix): the white space (and a column of stars) that all lines but the first have in
 * common is taken off, guessing from the first line how far the text was indented behind the
 * opening "/*"; each line after the first is then indented as the code around it, a last line
 * holding only the closing "*" + "/" lines up with the opening one. A comment that started in
 * column 1 and is now indented has its lines taken as indented by three blanks first, so that
 * formatting it again changes nothing.
 */
final class BlockComments {
  private BlockComments() {
  }

  /** The comment text as gofmt writes it, its lines after the first indented by indent tabs. */
  static String layout(String text, boolean firstColumn, int indent) {
    String[] lines = text.split("\n", -1);
    if (lines.length == 1) {
      return text;
    }
    if (firstColumn && indent > 0) {
      for (int k = 1; k < lines.length; k++) {
        lines[k] = "   " + lines[k];
      }
    }
    stripCommonPrefix(lines);
    StringBuilder sb = new StringBuilder(trimRight(lines[0]));
    for (int k = 1; k < lines.length; k++) {
      sb.append('\n');
      String line = trimRight(lines[k]);
      if (!line.isEmpty()) {
        sb.append("\t".repeat(indent)).append(line);
      }
    }
    return sb.toString();
  }

  private static void stripCommonPrefix(String[] lines) {
    int last = lines.length - 1;
    // the white space (and stars) common to the inner lines, blank ones emptied
    String prefix = "";
    boolean prefixSet = false;
    for (int k = 1; k < last; k++) {
      if (isBlank(lines[k])) {
        lines[k] = "";
      } else {
        if (!prefixSet) {
          prefix = lines[k];
          prefixSet = true;
        }
        prefix = commonPrefix(prefix, lines[k]);
      }
    }
    if (!prefixSet) {
      prefix = commonPrefix(lines[last], lines[last]);
    }
    boolean lineOfStars = false;
    int star = prefix.indexOf('*');
    if (star >= 0) {
      // a column of stars: keep them aligned
      prefix = prefix.substring(0, star);
      if (prefix.endsWith(" ")) {
        prefix = prefix.substring(0, prefix.length() - 1);
      }
      lineOfStars = true;
    } else {
      String first = lines[0];
      if (isBlank(first.substring(2))) {
        // no text after the opening: keep up to 3 blanks or a tab of indentation
        int i = prefix.length();
        for (int n = 0; n < 3 && i > 0 && prefix.charAt(i - 1) == ' '; n++) {
          i--;
        }
        if (i == prefix.length() && i > 0 && prefix.charAt(i - 1) == '\t') {
          i--;
        }
        prefix = prefix.substring(0, i);
      } else {
        // text after the opening: the blanks before it stand for the opening's width
        int n = 2;
        while (n < first.length() && first.charAt(n) <= ' ') {
          n++;
        }
        String suffix;
        if (n > 2 && first.charAt(2) == '\t') {
          suffix = first.substring(2, n);
        } else {
          suffix = "  " + first.substring(2, n);
        }
        if (prefix.endsWith(suffix)) {
          prefix = prefix.substring(0, prefix.length() - suffix.length());
        }
      }
    }
    int close = lines[last].indexOf("*/");
    String before = close >= 0 ? lines[last].substring(0, close) : lines[last];
    if (isBlank(before)) {
      lines[last] = prefix + (lineOfStars ? " */" : "*/");
    } else {
      prefix = commonPrefix(prefix, lines[last]);
    }
    for (int k = 1; k < lines.length; k++) {
      if (!lines[k].isEmpty()) {
        lines[k] = lines[k].substring(prefix.length());
      }
    }
  }

  private static boolean isBlank(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > ' ') {
        return false;
      }
    }
    return true;
  }

  /** The common prefix of white space and stars. */
  private static String commonPrefix(String a, String b) {
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i) && (a.charAt(i) <= ' ' || a.charAt(i) == '*')) {
      i++;
    }
    return a.substring(0, i);
  }

  /** Go's unicode.IsSpace. */
  static boolean isSpace(char c) {
    if (c <= 0xFF) {
      return c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r' || c == ' ' || c == 0x85 || c == 0xA0;
    }
    return c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F
        || c == 0x205F || c == 0x3000;
  }

  /** go/printer's trimRight: trailing white space removed. */
  static String trimRight(String s) {
    int b = s.length();
    while (b > 0 && isSpace(s.charAt(b - 1))) {
      b--;
    }
    return s.substring(0, b);
  }
}
