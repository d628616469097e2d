package gol.interp.vet;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.check.Types;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import java.util.ArrayList;
import java.util.List;

/**
 * go vet's tests analyzer: in _test.gol files, Test/Benchmark/Fuzz functions whose name goes on
 * with a lower-case letter (go test does not run them) or that have type parameters, and
 * examples that are not niladic, return something, or name an identifier, method or suffix that
 * does not exist ({@code ExampleFoo_Bar_suffix}).
 */
final class Tests {
  private Tests() {
  }

  static void run(Pass pass) {
    if (!pass.file.name.endsWith("_test.gol")) {
      return;
    }
    for (Node item : pass.file.items) {
      if (!(item instanceof Decl.Func fn) || fn.recv != null) {
        continue;
      }
      String name = fn.name.name;
      if (name.startsWith("Example")) {
        checkExample(pass, fn);
      } else if (name.startsWith("Test")) {
        checkTest(pass, fn, "Test");
      } else if (name.startsWith("Benchmark")) {
        checkTest(pass, fn, "Benchmark");
      } else if (name.startsWith("Fuzz")) {
        checkTest(pass, fn, "Fuzz");
      }
    }
  }

  /** checkTest: only a func(*testing.X) with no results is a test go test would run. */
  private static void checkTest(Pass pass, Decl.Func fn, String prefix) {
    List<Expr.Field> params = fn.sig.params;
    if (!fn.sig.results.isEmpty() || params.size() != 1 || params.get(0).names.size() > 1
        || !isTestParam(params.get(0).type, prefix.substring(0, 1))) {
      return;
    }
    String name = fn.name.name;
    if (!fn.typeParams.isEmpty()) {
      Expr.Field first = fn.typeParams.get(0);
      pass.report(first.line, first.col - 1, name + " has type parameters: it will not be run by go test as a "
          + prefix + "XXX function");
    }
    String rest = name.substring(prefix.length());
    if (!rest.isEmpty() && Character.isLowerCase(rest.codePointAt(0))) {
      pass.report(fn.name, name + " has malformed name: first letter after '" + prefix + "' must not be lowercase");
    }
  }

  /** {@code *T}, {@code *testing.T} (any package name): go vet looks at the syntax only. */
  private static boolean isTestParam(Expr type, String want) {
    if (!(type instanceof Expr.Star star)) {
      return false;
    }
    if (star.x instanceof Expr.Ident id) {
      return id.name.equals(want);
    }
    return star.x instanceof Expr.Selector sel && sel.sel.name.equals(want);
  }

  private static void checkExample(Pass pass, Decl.Func fn) {
    String name = fn.name.name;
    if (!fn.sig.params.isEmpty()) {
      pass.report(fn, name + " should be niladic");
    }
    if (!fn.sig.results.isEmpty()) {
      pass.report(fn, name + " should return nothing");
    }
    if (!fn.typeParams.isEmpty()) {
      pass.report(fn, name + " should not have type params");
    }
    if (name.equals("Example")) {
      return;
    }
    String exName = name.substring("Example".length());
    String[] elems = exName.split("_", 3);
    String ident = elems[0];
    List<Obj> objs = lookup(pass, ident);
    if (!ident.isEmpty() && objs.isEmpty()) {
      pass.report(fn, name + " refers to unknown identifier: " + ident);
      return;
    }
    if (elems.length < 2) {
      return;
    }
    if (ident.isEmpty()) {
      String residual = exName.substring(1);
      if (!isExampleSuffix(residual)) {
        pass.report(fn, name + " has malformed example suffix: " + residual);
      }
      return;
    }
    String member = elems[1];
    if (!isExampleSuffix(member)) {
      boolean found = false;
      for (Obj o : objs) {
        if (o.type != null && Types.lookup(o.type, member, null) != null) {
          found = true;
          break;
        }
      }
      if (!found) {
        pass.report(fn, name + " refers to unknown field or method: " + ident + "." + member);
      }
    }
    if (elems.length == 3 && !isExampleSuffix(elems[2])) {
      pass.report(fn, name + " has malformed example suffix: " + elems[2]);
    }
  }

  /** The package-level objects named name in the package, else in the packages its files import. */
  private static List<Obj> lookup(Pass pass, String name) {
    List<Obj> out = new ArrayList<>();
    Obj own = pass.pkg.scope.names.get(name);
    if (own != null) {
      out.add(own);
      return out;
    }
    List<Pkg> seen = new ArrayList<>();
    for (File f : pass.files) {
      for (File.Import imp : f.imports) {
        if (imp.pkg instanceof Pkg p && !seen.contains(p)) {
          seen.add(p);
          Obj o = p.scope.names.get(name);
          if (o != null) {
            out.add(o);
          }
        }
      }
    }
    return out;
  }

  private static boolean isExampleSuffix(String s) {
    return !s.isEmpty() && Character.isLowerCase(s.codePointAt(0));
  }
}
