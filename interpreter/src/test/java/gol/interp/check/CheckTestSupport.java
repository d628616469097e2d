package gol.interp.check;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import gol.interp.types.Pkg;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Parses and checks small programs; finds annotated nodes in the result. */
final class CheckTestSupport {
  private CheckTestSupport() {
  }

  /** Test-only packages, in addition to the stdlib .gol sources on the class path. */
  static final Map<String, String> FAKE = Map.of(
      "strings", """
          package strings
          func ToUpper(s string) string
          func Repeat(s string, count int) string
          func Contains(s, substr string) bool
          type Builder struct { buf []byte }
          func (b *Builder) WriteString(s string) (int, error)
          func (b *Builder) String() string
          """,
      "errors", """
          package errors
          func New(text string) error
          """,
      "unicode/utf8", """
          package utf8
          const RuneError = '\\uFFFD'
          func RuneLen(r rune) int
          func RuneCountInString(s string) int
          """);

  /** An importer that checks each package once from FAKE or the stdlib resources. */
  static final class TestImporter implements Importer {
    final Map<String, Pkg> cache = new HashMap<>();

    @Override
    public Pkg importPackage(String path, Node at) {
      if (cache.containsKey(path)) {
        return cache.get(path);
      }
      // the real standard package when there is one; FAKE stands in for packages not written yet
      String last = path.substring(path.lastIndexOf('/') + 1);
      String src = gol.stdlib.Stdlib.source(path); // html/template: with text/template's file
      if (src == null) {
        src = FAKE.get(path);
      }
      if (src == null) {
        cache.put(path, null);
        return null;
      }
      Diagnostics d = new Diagnostics();
      File f = Parser.parse("gol/std/" + path + "/" + last + ".gol", src, d); // the loader's name
      Pkg p = new Pkg(path, f.packageName, Universe.SCOPE);
      cache.put(path, p);
      new Checker(d, this).checkPackage(p, List.of(f));
      if (d.hasErrors()) {
        throw new AssertionError("package " + path + " does not check:\n" + d.report());
      }
      return p;
    }
  }

  record Result(File file, Pkg pkg, Diagnostics diags) {
    List<String> errors() {
      List<String> out = new ArrayList<>();
      for (Diagnostics.Error e : diags.sorted()) {
        out.add(e.toString());
      }
      return out;
    }

    /** Only the first line of each error. */
    List<String> firstLines() {
      List<String> out = new ArrayList<>();
      for (String e : errors()) {
        out.add(e.split("\n")[0]);
      }
      return out;
    }
  }

  static Result check(String src) {
    Diagnostics d = new Diagnostics();
    File f = Parser.parse("prog.gol", src, d);
    if (d.hasErrors()) {
      throw new AssertionError("parse errors:\n" + d.report());
    }
    Pkg p = new Pkg("main", f.packageName == null ? "main" : f.packageName, Universe.SCOPE);
    new Checker(d, new TestImporter()).checkPackage(p, List.of(f));
    return new Result(f, p, d);
  }

  /** Checks a program that must be well-typed. */
  static Result ok(String src) {
    Result r = check(src);
    if (r.diags.hasErrors()) {
      throw new AssertionError("unexpected errors:\n" + r.diags.report());
    }
    return r;
  }

  // ---- finding nodes ----

  /** Every AST node reachable from root, in field order (depth first). */
  static List<Object> nodes(Object root) {
    List<Object> out = new ArrayList<>();
    walk(root, out, new IdentityHashMap<>());
    return out;
  }

  private static void walk(Object o, List<Object> out, Map<Object, Boolean> seen) {
    if (o == null || seen.containsKey(o)) {
      return;
    }
    if (o instanceof List<?> l) {
      for (Object x : l) {
        walk(x, out, seen);
      }
      return;
    }
    if (!(o instanceof Node)) {
      return;
    }
    seen.put(o, true);
    out.add(o);
    for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        Class<?> t = f.getType();
        if (Node.class.isAssignableFrom(t) || List.class.isAssignableFrom(t)) {
          if (f.getName().equals("target") || f.getName().equals("locals") || f.getName().equals("captures")) {
            continue;
          }
          try {
            f.setAccessible(true);
            walk(f.get(o), out, seen);
          } catch (IllegalAccessException e) {
            throw new RuntimeException(e);
          }
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  static <T> List<T> all(Object root, Class<T> cls, Predicate<T> p) {
    List<T> out = new ArrayList<>();
    for (Object o : nodes(root)) {
      if (cls.isInstance(o) && p.test((T) o)) {
        out.add((T) o);
      }
    }
    return out;
  }

  static <T> T first(Object root, Class<T> cls, Predicate<T> p) {
    List<T> l = all(root, cls, p);
    if (l.isEmpty()) {
      throw new AssertionError("no " + cls.getSimpleName() + " found");
    }
    return l.get(0);
  }

  /** The n-th (0-based) identifier use/declaration named {@code name}. */
  static Expr.Ident ident(Result r, String name, int n) {
    return all(r.file, Expr.Ident.class, i -> i.name.equals(name)).get(n);
  }

  static Decl.Func func(Result r, String name) {
    return first(r.file, Decl.Func.class, f -> f.name.name.equals(name));
  }

  static Expr.FuncLit lit(Result r, int n) {
    return all(r.file, Expr.FuncLit.class, x -> true).get(n);
  }

  static Stmt.Branch branch(Result r, int n) {
    return all(r.file, Stmt.Branch.class, x -> true).get(n);
  }
}
