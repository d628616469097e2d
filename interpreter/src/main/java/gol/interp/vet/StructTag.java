package gol.interp.vet;

import gol.interp.ast.Expr;
import gol.interp.ast.Node;
import gol.interp.check.Types;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.util.HashMap;
import java.util.Map;

/**
 * go vet's structtag analyzer: a field tag that reflect.StructTag.Get cannot read
 * ({@code key:"value"} pairs separated by spaces), the same json or xml name on two fields of
 * one struct (embedded structs' fields counted a level deeper), and a json or xml tag on an
 * unexported field.
 */
final class StructTag {
  private final Pass pass;
  /** "key name level" of each encoding name seen in the struct, to where it was first seen. */
  private final Map<String, Node> seen = new HashMap<>();

  private StructTag(Pass pass) {
    this.pass = pass;
  }

  static void run(Pass pass) {
    Walk.file(pass.file, n -> {
      if (n instanceof Expr.StructType st) {
        new StructTag(pass).struct(st);
      }
      return true;
    });
  }

  private void struct(Expr.StructType st) {
    for (Expr.Field f : st.fields) {
      String tag = f.tag == null ? "" : f.tag;
      if (f.names.isEmpty()) {
        Node at = embeddedPos(f.type);
        field(at, embeddedName(f.type), true, f.type.type, tag);
      } else {
        for (Expr.Ident name : f.names) {
          field(name, name.name, false, f.type.type, tag);
        }
      }
    }
  }

  private static Node embeddedPos(Expr t) {
    Expr e = t;
    if (e instanceof Expr.Star s) {
      e = s.x;
    }
    if (e instanceof Expr.Index ix) {
      e = ix.x;
    } else if (e instanceof Expr.IndexList il) {
      e = il.x;
    }
    return e instanceof Expr.Selector sel ? sel.sel : e;
  }

  private static String embeddedName(Expr t) {
    Node n = embeddedPos(t);
    return n instanceof Expr.Ident id ? id.name : "";
  }

  private void field(Node at, String name, boolean embedded, Type type, String tag) {
    for (String key : new String[] {"json", "xml"}) {
      duplicates(tag, key, at, at, name, embedded, type, 1);
    }
    String err = validate(tag);
    if (err != null) {
      pass.report(at, "struct field tag " + Quote.backquoted(tag) + " not compatible with reflect.StructTag.Get: " + err);
    }
    if (embedded || Types.isExported(name)) {
      return;
    }
    for (String enc : new String[] {"json", "xml"}) {
      String v = get(tag, enc);
      if (!v.isEmpty() && !v.equals("-")) {
        pass.report(at, "struct field " + name + " has " + enc + " tag but is not exported");
        return;
      }
    }
  }

  /**
   * {@code nearest}: the top-level field reported; the field checked (at {@code pos}) may be an
   * embedded struct's.
   */
  private void duplicates(String tag, String key, Node nearest, Node pos, String name, boolean embedded, Type type, int level) {
    String val = get(tag, key);
    if (val.equals("-")) {
      return;
    }
    if (val.isEmpty() || val.charAt(0) == ',') {
      if (!embedded || type == null || !(type.underlying() instanceof Type.Struct s)) {
        return;
      }
      for (int i = 0; i < s.fields.size(); i++) {
        Obj.Var f = s.fields.get(i);
        if (!Types.isExported(f.name)) {
          continue;
        }
        String t = s.tags == null || i >= s.tags.size() || s.tags.get(i) == null ? "" : s.tags.get(i);
        duplicates(t, key, nearest, f.decl != null ? f.decl : nearest, f.name, f.embedded, f.type, level + 1);
      }
      return;
    }
    if (key.equals("xml") && name.equals("XMLName")) {
      return;
    }
    int comma = val.indexOf(',');
    if (comma >= 0) {
      if (key.equals("xml")) {
        for (String opt : val.substring(comma).split(",", -1)) {
          if (opt.equals("attr")) {
            key += " attribute";
            break;
          }
        }
      }
      val = val.substring(0, comma);
    }
    String k = key + "\u0000" + val + "\u0000" + level;
    Node first = seen.get(k);
    if (first != null) {
      pass.report(nearest, "struct field " + name + " repeats " + key + " tag " + Quote.go(val)
          + " also at " + shortName(pass.file.name) + ":" + first.line);
    } else {
      seen.put(k, pos);
    }
  }

  private static String shortName(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? path : path.substring(slash + 1);
  }

  /** The number of leading spaces of a tag's rest. */
  private static int spaces(String tag) {
    int i = 0;
    while (i < tag.length() && tag.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  /** Where a tag's key ends: before the first space, control character, ':', '"' or DEL. */
  private static int keyEnd(String tag) {
    int i = 0;
    while (i < tag.length() && tag.charAt(i) > ' ' && tag.charAt(i) != ':' && tag.charAt(i) != '"' && tag.charAt(i) != 0x7f) {
      i++;
    }
    return i;
  }

  /** The index of the quote closing the quoted value that starts tag (tag.length() if none). */
  private static int closingQuote(String tag) {
    int i = 1;
    while (i < tag.length() && tag.charAt(i) != '"') {
      if (tag.charAt(i) == '\\') {
        i++;
      }
      i++;
    }
    return Math.min(i, tag.length());
  }

  /** reflect.StructTag.Get: the value for key, or "". */
  static String get(String tag, String key) {
    while (!tag.isEmpty()) {
      tag = tag.substring(spaces(tag));
      if (tag.isEmpty()) {
        break;
      }
      int i = keyEnd(tag);
      if (i == 0 || i + 1 >= tag.length() || tag.charAt(i) != ':' || tag.charAt(i + 1) != '"') {
        break;
      }
      String name = tag.substring(0, i);
      tag = tag.substring(i + 1);
      i = closingQuote(tag);
      if (i >= tag.length()) {
        break;
      }
      String qvalue = tag.substring(0, i + 1);
      tag = tag.substring(i + 1);
      if (key.equals(name)) {
        String v = unquote(qvalue);
        return v == null ? "" : v;
      }
    }
    return "";
  }

  /** The struct tag syntax check go vet makes, with its messages; null when the tag is fine. */
  static String validate(String tag) {
    for (int n = 0; !tag.isEmpty(); n++) {
      if (n > 0 && tag.charAt(0) != ' ') {
        return "key:\"value\" pairs not separated by spaces";
      }
      tag = tag.substring(spaces(tag));
      if (tag.isEmpty()) {
        break;
      }
      int i = keyEnd(tag);
      if (i == 0) {
        return "bad syntax for struct tag key";
      }
      if (i + 1 >= tag.length() || tag.charAt(i) != ':') {
        return "bad syntax for struct tag pair";
      }
      if (tag.charAt(i + 1) != '"') {
        return "bad syntax for struct tag value";
      }
      String key = tag.substring(0, i);
      tag = tag.substring(i + 1);
      i = closingQuote(tag);
      if (i >= tag.length()) {
        return "bad syntax for struct tag value";
      }
      String qvalue = tag.substring(0, i + 1);
      tag = tag.substring(i + 1);
      String value = unquote(qvalue);
      if (value == null) {
        return "bad syntax for struct tag value";
      }
      if (!key.equals("json") && !key.equals("xml") && !key.equals("asn1")) {
        continue;
      }
      if (key.equals("xml")) {
        if (!trimSpaces(value).equals(value) || value.chars().filter(c -> c == ' ').count() > 1) {
          return "suspicious space in struct tag value";
        }
        int comma = value.indexOf(',');
        if (comma < 0) {
          continue;
        }
        if (comma > 0 && value.charAt(comma - 1) == ' ') {
          return "suspicious space in struct tag value";
        }
        value = value.substring(comma + 1);
      } else if (key.equals("json")) {
        int comma = value.indexOf(',');
        if (comma < 0) {
          continue;
        }
        value = value.substring(comma + 1);
      }
      if (value.indexOf(' ') >= 0) {
        return "suspicious space in struct tag value";
      }
    }
    return null;
  }

  private static String trimSpaces(String s) {
    int a = 0;
    int b = s.length();
    while (a < b && s.charAt(a) == ' ') {
      a++;
    }
    while (b > a && s.charAt(b - 1) == ' ') {
      b--;
    }
    return s.substring(a, b);
  }

  /** strconv.Unquote of a double-quoted string; null when it is not valid. */
  static String unquote(String q) {
    if (q.length() < 2 || q.charAt(0) != '"' || q.charAt(q.length() - 1) != '"') {
      return null;
    }
    StringBuilder b = new StringBuilder();
    String s = q.substring(1, q.length() - 1);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\n') {
        return null;
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (++i >= s.length()) {
        return null;
      }
      char e = s.charAt(i);
      switch (e) {
        case 'a' -> b.append('\u0007');
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'v' -> b.append('\u000b');
        case '\\' -> b.append('\\');
        case '"' -> b.append('"');
        case 'x', 'u', 'U', '0', '1', '2', '3', '4', '5', '6', '7' -> {
          int len = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 3;
          int start = e >= '0' && e <= '7' ? i : i + 1;
          int end = start + len;
          if (end > s.length()) {
            return null;
          }
          try {
            int v = Integer.parseInt(s.substring(start, end), e >= '0' && e <= '7' ? 8 : 16);
            b.appendCodePoint(v);
          } catch (IllegalArgumentException x) {
            return null;
          }
          i = end - 1;
        }
        default -> {
          return null;
        }
      }
    }
    return b.toString();
  }
}
