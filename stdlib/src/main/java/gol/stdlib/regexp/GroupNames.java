package gol.stdlib.regexp;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Go (since 1.22) lets two capture groups share a name; re2j rejects that. This renames every
 * repeated name to a fresh one before compiling and maps names back afterwards.
 */
final class GroupNames {
  private static final String FRESH = "golDupName";

  final String pattern;
  private final Map<String, String> renamed = new HashMap<>();

  GroupNames(String p) {
    StringBuilder out = new StringBuilder(p.length());
    Set<String> seen = new HashSet<>();
    int i = 0;
    boolean inClass = false;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '\\') {
        if (i + 1 < p.length() && p.charAt(i + 1) == 'Q') {
          int e = p.indexOf("\\E", i + 2);
          int end = e < 0 ? p.length() : e + 2;
          out.append(p, i, end);
          i = end;
          continue;
        }
        out.append(p, i, Math.min(i + 2, p.length()));
        i += 2;
        continue;
      }
      if (inClass) {
        if (c == '[' && p.startsWith("[:", i)) {
          int e = p.indexOf(":]", i + 2);
          if (e >= 0) {
            out.append(p, i, e + 2);
            i = e + 2;
            continue;
          }
        }
        if (c == ']') {
          inClass = false;
        }
        out.append(c);
        i++;
        continue;
      }
      if (c == '[') {
        inClass = true;
        out.append(c);
        i++;
        if (i < p.length() && p.charAt(i) == '^') {
          out.append('^');
          i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
          out.append(']');
          i++;
        }
        continue;
      }
      int nameAt = p.startsWith("(?P<", i) ? i + 4 : p.startsWith("(?<", i) ? i + 3 : -1;
      if (nameAt >= 0) {
        int e = p.indexOf('>', nameAt);
        if (e > nameAt) {
          String name = p.substring(nameAt, e);
          out.append(p, i, nameAt);
          if (!seen.add(name)) {
            String fresh = FRESH + renamed.size() + "x";
            renamed.put(fresh, name);
            name = fresh;
          }
          out.append(name).append('>');
          i = e + 1;
          continue;
        }
      }
      out.append(c);
      i++;
    }
    this.pattern = renamed.isEmpty() ? p : out.toString();
  }

  /** text (an error's expression) with the fresh names replaced by the program's. */
  String restore(String text) {
    for (Map.Entry<String, String> e : renamed.entrySet()) {
      text = text.replace(e.getKey(), e.getValue());
    }
    return text;
  }

  /** The name as the program wrote it. */
  String original(String name) {
    return renamed.getOrDefault(name, name);
  }
}
