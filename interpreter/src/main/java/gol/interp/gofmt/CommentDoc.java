package gol.interp.gofmt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/*
 * A doc comment's text in its canonical form, as go/doc/comment's Parser.Parse followed by
 * Printer.Comment gives it (the rewriting gofmt applies to doc comments, see DocComments).
 *
 * Concepts
 *   The text (comment markers removed) is unindented by its common leading white space, then cut
 *   into spans: an unindented run of lines is a paragraph (or a heading: a lone "# Title" line,
 *   or an old-style heading — a capitalized line between blank lines), an indented run is a code
 *   block, or a list when it starts with a bullet ("-", "*", "+", "•") or a number ("1." "1)").
 *   The spans are printed back canonically: a blank line between blocks (a list keeps none
 *   before it unless it had one or its items are separated by blank lines), code lines behind
 *   one tab, list items as "  - text" or " 1. text" with continuation lines under the text.
 *   Two heuristics repair common mistakes: unindented list items or a line ending in "{" or "\"
 *   followed by indented lines join the indented span, and a "}" line right after an indented
 *   span ends it. Paragraph text is kept as written except that `` and '' become curly quotes
 *   (not inside an automatic URL); "[text]: URL" lines are link definitions, moved to the end
 *   (those a paragraph refers to first, then the unused ones).
 *
 *   Doc links ("[pkg.Name]") are not told apart from plain text: what they print is their text,
 *   which can hold neither quotes nor a URL, so the output is the same.
 */
final class CommentDoc {
  private CommentDoc() {
  }

  private interface Block {
  }

  private record Paragraph(String text) implements Block {
  }

  private record Heading(String text) implements Block {
  }

  private record Code(String text) implements Block {
  }

  private static final class ListBlock implements Block {
    final List<Item> items = new ArrayList<>();
    boolean forceBlankBefore;
    boolean forceBlankBetween;

    boolean blankBetween() {
      if (forceBlankBetween) {
        return true;
      }
      for (Item it : items) {
        if (it.content.size() != 1) {
          return true;
        }
      }
      return false;
    }

    boolean blankBefore() {
      return forceBlankBefore || blankBetween();
    }
  }

  private static final class Item {
    final String number; // "" in a bullet list
    final List<String> content = new ArrayList<>(); // paragraphs' raw text

    Item(String number) {
      this.number = number;
    }
  }

  private static final class LinkDef {
    final String text;
    final String url;
    boolean used;

    LinkDef(String text, String url) {
      this.text = text;
      this.url = url;
    }
  }

  private enum Kind { CODE, HEADING, LIST, OLD_HEADING, PARA }

  private record Span(int start, int end, Kind kind) {
  }

  private final List<Block> content = new ArrayList<>();
  private final List<LinkDef> links = new ArrayList<>();
  private final Map<String, LinkDef> linkByText = new HashMap<>();

  /** The canonical form of {@code text}: each line ends with a newline; "" when nothing is left. */
  static String format(String text) {
    CommentDoc d = new CommentDoc();
    d.parse(text);
    return d.print();
  }

  // ---- parsing ----

  private void parse(String text) {
    List<String> lines = unindent(List.of(text.split("\n", -1)));
    Span prev = new Span(0, 0, Kind.PARA);
    for (Span s : spans(lines)) {
      Block b = switch (s.kind) {
        case LIST -> list(lines.subList(s.start, s.end), prev.end < s.start);
        case CODE -> code(lines.subList(s.start, s.end));
        case OLD_HEADING -> new Heading(trimSpace(lines.get(s.start)));
        case HEADING -> new Heading(trimSpace(lines.get(s.start).substring(1)));
        case PARA -> paragraph(lines.subList(s.start, s.end));
      };
      if (b != null) {
        content.add(b);
      }
      prev = s;
    }
    // the text proper, now that the link definitions are known
    for (int k = 0; k < content.size(); k++) {
      Block b = content.get(k);
      if (b instanceof Paragraph p) {
        content.set(k, new Paragraph(linkedText(p.text)));
      } else if (b instanceof ListBlock l) {
        for (Item it : l.items) {
          it.content.replaceAll(this::linkedText);
        }
      }
    }
  }

  private static List<Span> spans(List<String> lines) {
    List<Span> spans = new ArrayList<>();
    int i = 0;
    int forceIndent = 0;
    int watchdog = 2 * lines.size();
    while (true) {
      while (i < lines.size() && lines.get(i).isEmpty()) {
        i++;
      }
      if (i >= lines.size()) {
        break;
      }
      if (watchdog-- < 0) {
        throw new IllegalStateException("doc comment spans: no progress");
      }
      Kind kind;
      int start = i;
      int end;
      if (i < forceIndent || indented(lines.get(i))) {
        // indented (or taken as indented): up to the next unindented line, blank lines included
        boolean unindentedListOK = isList(lines.get(i)) && i < forceIndent;
        i++;
        while (i < lines.size() && (lines.get(i).isEmpty() || i < forceIndent || indented(lines.get(i))
            || (unindentedListOK && isList(lines.get(i))))) {
          if (lines.get(i).isEmpty()) {
            unindentedListOK = false;
          }
          i++;
        }
        end = i;
        while (end > start && lines.get(end - 1).isEmpty()) {
          end--;
        }
        // an unindented "}" right after the indented lines closes the code they hold
        if (end < lines.size() && lines.get(end).startsWith("}")) {
          end++;
        }
        kind = isList(lines.get(start)) ? Kind.LIST : Kind.CODE;
      } else {
        // unindented: up to the next blank or indented line
        i++;
        while (i < lines.size() && !lines.get(i).isEmpty() && !indented(lines.get(i))) {
          i++;
        }
        end = i;
        if (i < lines.size() && !lines.get(i).isEmpty() && !isList(lines.get(i))) {
          // indented lines right after: the last unindented lines may belong to them
          String last = lines.get(i - 1);
          if (isList(last)) {
            // unindented list items whose wrapped lines are indented
            forceIndent = end;
            end--;
            while (end > start && isList(lines.get(end - 1))) {
              end--;
            }
          } else if (last.endsWith("{") || last.endsWith("\\")) {
            // the first line of a code block left unindented
            forceIndent = end;
            end--;
          }
          if (start == end && forceIndent > start) {
            i = start;
            continue;
          }
        }
        if (end - start == 1 && isHeading(lines.get(start))) {
          kind = Kind.HEADING;
        } else if (end - start == 1 && isOldHeading(lines.get(start), lines, start)) {
          kind = Kind.OLD_HEADING;
        } else {
          kind = Kind.PARA;
        }
      }
      spans.add(new Span(start, end, kind));
      i = end;
    }
    return spans;
  }

  private static boolean indented(String line) {
    return !line.isEmpty() && (line.charAt(0) == ' ' || line.charAt(0) == '\t');
  }

  /**
   * Removes the lines' common leading blanks and tabs (lines of white space only count too, then
   * become empty), and the empty lines at either end.
   */
  private static List<String> unindent(List<String> lines) {
    int from = 0;
    int to = lines.size();
    while (from < to && lines.get(from).isEmpty()) {
      from++;
    }
    while (to > from && lines.get(to - 1).isEmpty()) {
      to--;
    }
    if (from == to) {
      return new ArrayList<>();
    }
    String prefix = leadingSpace(lines.get(from));
    for (int k = from + 1; k < to; k++) {
      if (!lines.get(k).isEmpty()) {
        prefix = commonPrefix(prefix, leadingSpace(lines.get(k)));
      }
    }
    List<String> out = new ArrayList<>();
    for (int k = from; k < to; k++) {
      String line = lines.get(k);
      if (line.startsWith(prefix)) {
        line = line.substring(prefix.length());
      }
      out.add(trimSpace(line).isEmpty() ? "" : line);
    }
    while (!out.isEmpty() && out.get(0).isEmpty()) {
      out.remove(0);
    }
    while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  private static String commonPrefix(String a, String b) {
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    return a.substring(0, i);
  }

  private static String leadingSpace(String s) {
    int i = 0;
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return s.substring(0, i);
  }

  /** A new-style heading: "# Title". */
  private static boolean isHeading(String line) {
    return line.length() >= 2 && line.charAt(0) == '#' && (line.charAt(1) == ' ' || line.charAt(1) == '\t')
        && !trimSpace(line).equals("#");
  }

  /**
   * An old-style heading: one line between blank lines, followed by unindented text, starting with
   * an upper-case letter, ending in a letter or digit, without most punctuation.
   */
  private static boolean isOldHeading(String line, List<String> all, int off) {
    if (off <= 0 || !all.get(off - 1).isEmpty() || off + 2 >= all.size() || !all.get(off + 1).isEmpty()
        || !leadingSpace(all.get(off + 2)).isEmpty()) {
      return false;
    }
    line = trimSpace(line);
    int first = line.codePointAt(0);
    if (!Character.isLetter(first) || Character.getType(first) != Character.UPPERCASE_LETTER) {
      return false;
    }
    int last = line.codePointBefore(line.length());
    if (!Character.isLetter(last) && !Character.isDigit(last)) {
      return false;
    }
    String illegal = ";:!?+*/=[]{}_^°&§~%#@<\">\\";
    for (int k = 0; k < line.length(); k++) {
      if (illegal.indexOf(line.charAt(k)) >= 0) {
        return false;
      }
    }
    // "'" only in a possessive "'s"; "." only before a non-blank
    for (int k = line.indexOf('\''); k >= 0; k = line.indexOf('\'', k + 1)) {
      String b = line.substring(k + 1);
      if (!b.equals("s") && !b.startsWith("s ")) {
        return false;
      }
    }
    for (int k = line.indexOf('.'); k >= 0; k = line.indexOf('.', k + 1)) {
      String b = line.substring(k + 1);
      if (b.isEmpty() || b.startsWith(" ")) {
        return false;
      }
    }
    return true;
  }

  private static Code code(List<String> lines) {
    List<String> body = unindent(lines);
    StringBuilder sb = new StringBuilder();
    for (String l : body) {
      sb.append(l).append('\n');
    }
    return new Code(sb.toString());
  }

  /** A paragraph, or null when its lines are all link definitions (then recorded). */
  private Paragraph paragraph(List<String> lines) {
    List<LinkDef> defs = new ArrayList<>();
    for (String line : lines) {
      LinkDef def = linkDef(line);
      if (def == null) {
        return new Paragraph(String.join("\n", lines));
      }
      defs.add(def);
    }
    for (LinkDef def : defs) {
      links.add(def);
      linkByText.putIfAbsent(def.text, def);
    }
    return null;
  }

  /** A link definition line, "[text]: scheme://...", or null. */
  private static LinkDef linkDef(String line) {
    if (line.isEmpty() || line.charAt(0) != '[') {
      return null;
    }
    int i = line.indexOf("]:");
    if (i < 0 || i + 3 >= line.length() || (line.charAt(i + 2) != ' ' && line.charAt(i + 2) != '\t')) {
      return null;
    }
    String text = line.substring(1, i);
    String url = trimSpace(line.substring(i + 3));
    int j = url.indexOf("://");
    if (j < 0 || !isScheme(url.substring(0, j))) {
      return null;
    }
    return new LinkDef(text, url);
  }

  private ListBlock list(List<String> lines, boolean forceBlankBefore) {
    String[] first = listMarker(lines.get(0));
    boolean numbered = !first[0].isEmpty();
    ListBlock list = new ListBlock();
    list.forceBlankBefore = forceBlankBefore;
    Item item = null;
    List<String> text = new ArrayList<>();
    for (String line : lines) {
      String[] m = listMarker(line);
      if (m != null && !m[0].isEmpty() == numbered) {
        flushItem(item, text);
        item = new Item(m[0]);
        list.items.add(item);
        line = m[1];
      }
      line = trimSpace(line);
      if (line.isEmpty()) {
        list.forceBlankBetween = true;
        flushItem(item, text);
        continue;
      }
      text.add(line);
    }
    flushItem(item, text);
    return list;
  }

  private void flushItem(Item item, List<String> text) {
    if (item != null) {
      Paragraph p = text.isEmpty() ? null : paragraph(text);
      if (p != null) {
        item.content.add(p.text);
      }
    }
    text.clear();
  }

  /** The marker of a list item line: {number or "", rest of the line}, or null. */
  private static String[] listMarker(String line) {
    line = trimSpace(line);
    if (line.isEmpty()) {
      return null;
    }
    String num;
    String rest;
    char c = line.charAt(0);
    if (c == '•' || c == '*' || c == '+' || c == '-') {
      num = "";
      rest = line.substring(1);
    } else if ('0' <= c && c <= '9') {
      int n = 1;
      while (n < line.length() && '0' <= line.charAt(n) && line.charAt(n) <= '9') {
        n++;
      }
      if (n >= line.length() || (line.charAt(n) != '.' && line.charAt(n) != ')')) {
        return null;
      }
      num = line.substring(0, n);
      rest = line.substring(n + 1);
    } else {
      return null;
    }
    if (!indented(rest) || trimSpace(rest).isEmpty()) {
      return null;
    }
    return new String[] {num, rest};
  }

  private static boolean isList(String line) {
    return listMarker(line) != null;
  }

  // ---- text: links and quotes ----

  /**
   * The printed form of a paragraph's text: explicit links "[text]" to a defined link are marked
   * used and keep their brackets; `` and '' become curly quotes except in automatic URLs.
   */
  private String linkedText(String text) {
    StringBuilder out = new StringBuilder();
    int wrote = 0;
    int start = -1;
    StringBuilder buf = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\t') {
        c = ' ';
      }
      if (c == '[') {
        start = i;
      } else if (c == ']') {
        if (start >= 0) {
          LinkDef def = linkByText.get(buf.toString());
          if (def != null) {
            def.used = true;
            out.append(plainText(text.substring(wrote, start), true));
            out.append('[').append(plainText(text.substring(start + 1, i), false)).append(']');
            wrote = i + 1;
          }
        }
        start = -1;
        buf.setLength(0);
      }
      if (start >= 0 && i != start) {
        buf.append(c);
      }
    }
    out.append(plainText(text.substring(wrote), true));
    return out.toString();
  }

  /** go/doc/comment's parseText as printed: quotes converted, automatic URLs left as they are. */
  private static String plainText(String s, boolean autoLink) {
    StringBuilder w = new StringBuilder();
    int wrote = 0;
    int i = 0;
    while (i < s.length()) {
      if (autoLink) {
        int url = autoURL(s, i);
        if (url > 0) {
          i += url; // copied as it is
          continue;
        }
        int id = ident(s, i);
        if (id > 0) {
          i += id;
          continue;
        }
      }
      if (s.startsWith("``", i)) {
        if (i + 2 < s.length() && s.charAt(i + 2) == '`') {
          // not inside ```, in case it is Markdown
          i += 3;
          while (i < s.length() && s.charAt(i) == '`') {
            i++;
          }
          continue;
        }
        w.append(s, wrote, i).append('“');
        i += 2;
        wrote = i;
      } else if (s.startsWith("''", i)) {
        w.append(s, wrote, i).append('”');
        i += 2;
        wrote = i;
      } else {
        i++;
      }
    }
    w.append(s, wrote, s.length());
    return w.toString();
  }

  /** The length of the URL that starts s at i, or 0. */
  private static int autoURL(String str, int from) {
    String s = str.substring(from);
    int i;
    if (s.length() < 7) { // no room for "ftp://x"
      return 0;
    } else if (s.charAt(3) == ':') {
      i = 3;
    } else if (s.charAt(4) == ':') {
      i = 4;
    } else if (s.charAt(5) == ':') {
      i = 5;
    } else if (s.charAt(6) == ':') {
      i = 6;
    } else {
      return 0;
    }
    if (i + 3 > s.length() || !s.startsWith("://", i) || !isScheme(s.substring(0, i))) {
      return 0;
    }
    i += 3;
    if (i >= s.length() || !isHost(s.charAt(i)) || isPunct(s.charAt(i))) {
      return 0;
    }
    i++;
    int end = i;
    while (i < s.length() && isHost(s.charAt(i))) {
      if (!isPunct(s.charAt(i))) {
        end = i + 1;
      }
      i++;
    }
    i = end;
    // the path: brackets only when they match, no punctuation at the end
    StringBuilder stk = new StringBuilder();
    end = i;
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isPunct(c)) {
        continue;
      }
      if (!isPath(c)) {
        break;
      }
      if (c == '(') {
        stk.append(')');
      } else if (c == '{') {
        stk.append('}');
      } else if (c == '[') {
        stk.append(']');
      } else if (c == ')' || c == '}' || c == ']') {
        if (stk.length() == 0 || stk.charAt(stk.length() - 1) != c) {
          break;
        }
        stk.setLength(stk.length() - 1);
      }
      if (stk.length() == 0) {
        end = i + 1;
      }
    }
    return end;
  }

  private static boolean isScheme(String s) {
    return switch (s) {
      case "file", "ftp", "gopher", "http", "https", "mailto", "nntp" -> true;
      default -> false;
    };
  }

  private static boolean isHost(char c) {
    return c < 0x80 && (Character.isLetterOrDigit(c) || "_@-.[]:".indexOf(c) >= 0);
  }

  private static boolean isPunct(char c) {
    return ".,:;?!".indexOf(c) >= 0;
  }

  private static boolean isPath(char c) {
    return c < 0x80 && (Character.isLetterOrDigit(c) || "$'()*+&#=@~_/-[]{}%".indexOf(c) >= 0);
  }

  /** The length of the Go identifier ([\pL_][\pL_0-9]*, ASCII digits only) at s[i], or 0. */
  private static int ident(String s, int i) {
    int n = i;
    while (n < s.length()) {
      char c = s.charAt(n);
      if (c < 0x80) {
        if (c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || (n > i && '0' <= c && c <= '9')) {
          n++;
          continue;
        }
        break;
      }
      int cp = s.codePointAt(n);
      if (Character.isLetter(cp)) {
        n += Character.charCount(cp);
        continue;
      }
      break;
    }
    return n - i;
  }

  // ---- printing ----

  private String print() {
    StringBuilder out = new StringBuilder();
    for (int k = 0; k < content.size(); k++) {
      Block x = content.get(k);
      if (k > 0 && (!(x instanceof ListBlock l) || l.blankBefore())) {
        out.append('\n');
      }
      block(out, x);
    }
    // the link definitions used, then the unused ones, each set after a blank line
    for (int pass = 0; pass < 2; pass++) {
      boolean used = pass == 0;
      boolean first = true;
      for (LinkDef def : links) {
        if (def.used == used) {
          if (first) {
            out.append('\n');
            first = false;
          }
          out.append('[').append(def.text).append("]: ").append(def.url).append('\n');
        }
      }
    }
    return out.toString();
  }

  private static void block(StringBuilder out, Block x) {
    if (x instanceof Paragraph p) {
      out.append(p.text).append('\n');
    } else if (x instanceof Heading h) {
      out.append("# ").append(h.text).append('\n');
    } else if (x instanceof Code c) {
      for (String line : c.text.split("\n")) {
        if (!line.isEmpty()) {
          out.append('\t').append(line);
        }
        out.append('\n');
      }
    } else if (x instanceof ListBlock l) {
      boolean loose = l.blankBetween();
      for (int k = 0; k < l.items.size(); k++) {
        Item item = l.items.get(k);
        if (k > 0 && loose) {
          out.append('\n');
        }
        out.append(' ');
        out.append(item.number.isEmpty() ? " - " : item.number + ". ");
        for (int j = 0; j < item.content.size(); j++) {
          if (j > 0) {
            out.append("\n    ");
          }
          out.append(item.content.get(j).replace("\n", "\n    ")).append('\n');
        }
      }
    }
  }

  /** strings.TrimSpace. */
  static String trimSpace(String s) {
    int a = 0;
    int b = s.length();
    while (a < b && BlockComments.isSpace(s.charAt(a))) {
      a++;
    }
    while (b > a && BlockComments.isSpace(s.charAt(b - 1))) {
      b--;
    }
    return s.substring(a, b);
  }
}
