package gol.interp.repl;

import gol.interp.ast.File;
import gol.interp.ast.Stmt;
import gol.interp.check.Universe;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import gol.interp.types.Type;
import gol.stdlib.Stdlib;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Tab completion: the word before the cursor (an identifier, a dotted chain {@code a.b.c}, or a
 * {@code :command}) and the words that may replace it — keywords, names in scope, standard
 * package names; after {@code pkg.} the package's exported names; after a value of struct,
 * pointer-to-struct or interface type its fields and methods (the value's type found by checking
 * the text before the dot on the side, as :type does).
 */
final class Completion {
  static final List<String> KEYWORDS = List.of(
      "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
      "for", "func", "go", "goto", "if", "import", "interface", "map", "package", "range",
      "return", "select", "struct", "switch", "type", "var");
  static final List<String> COMMANDS = List.of(
      ":help", ":quit", ":load", ":reset", ":type", ":doc", ":goroutines", ":sched");

  private Completion() {
  }

  /** Where the word ending at {@code cursor} starts. */
  static int wordStart(String line, int cursor) {
    int i = cursor;
    while (i > 0) {
      char c = line.charAt(i - 1);
      if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
        i--;
      } else if (c == ':' && lineStart(line, i - 1)) {
        i--;
        break;
      } else {
        break;
      }
    }
    return i;
  }

  private static boolean lineStart(String line, int i) {
    for (int k = i - 1; k >= 0 && line.charAt(k) != '\n'; k--) {
      if (!Character.isWhitespace(line.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  /** The words that may replace {@code word}, sorted. */
  static List<String> candidates(Session s, String word) {
    TreeSet<String> out = new TreeSet<>();
    if (word.startsWith(":")) {
      for (String c : COMMANDS) {
        if (c.startsWith(word)) {
          out.add(c);
        }
      }
      return new ArrayList<>(out);
    }
    int dot = word.lastIndexOf('.');
    if (dot < 0) {
      add(out, word, "", KEYWORDS);
      add(out, word, "", s.names());
      add(out, word, "", Universe.SCOPE.names.keySet());
      for (String p : Stdlib.PACKAGES) {
        add(out, word, "", List.of(p.substring(p.lastIndexOf('/') + 1)));
      }
      return new ArrayList<>(out);
    }
    String prefix = word.substring(0, dot);
    String partial = word.substring(dot + 1);
    add(out, partial, prefix + ".", members(s, prefix));
    return new ArrayList<>(out);
  }

  private static void add(TreeSet<String> out, String partial, String prefix, Iterable<String> names) {
    for (String n : names) {
      if (n.startsWith(partial) && !n.startsWith("__") && !n.equals("_")) {
        out.add(prefix + n);
      }
    }
  }

  /** Names after {@code prefix.}: a package's exported names, or a value's fields and methods. */
  static List<String> members(Session s, String prefix) {
    boolean ident = prefix.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_');
    Obj local = ident ? s.pkg.scope.lookup(prefix) : null;
    if (ident && (local == null || local instanceof Obj.PkgName)) {
      Pkg p = Docs.pkgNamed(s, prefix);
      return p != null ? new ArrayList<>(p.members().keySet()) : List.of();
    }
    Type t = typeOf(s, prefix);
    return t == null ? List.of() : fieldsAndMethods(t);
  }

  private static Type typeOf(Session s, String expr) {
    try {
      Diagnostics d = new Diagnostics();
      File f = Parser.parse(Session.INPUT, expr, d);
      if (d.hasErrors() || f.items.size() != 1 || !(f.items.get(0) instanceof Stmt.ExprStmt es)) {
        return null;
      }
      s.probe(f, d);
      return es.x.type;
    } catch (RuntimeException e) {
      return null; // completion never fails loudly
    }
  }

  static List<String> fieldsAndMethods(Type t) {
    List<String> out = new ArrayList<>();
    if (t instanceof Type.Pointer p) {
      t = p.elem;
    }
    if (t instanceof Type.Named n) {
      for (Obj.Func m : n.methods) {
        out.add(m.name);
      }
    }
    Type u = t.underlying();
    if (u instanceof Type.Struct st) {
      for (Obj.Var f : st.fields) {
        out.add(f.name);
        if (f.embedded) {
          out.addAll(fieldsAndMethods(f.type));
        }
      }
    } else if (u instanceof Type.Interface i) {
      for (Obj.Func m : i.allMethods != null ? i.allMethods : i.methods) {
        out.add(m.name);
      }
    }
    return out;
  }
}
