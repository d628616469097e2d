package gol.interp.check;

import static gol.interp.check.CheckTestSupport.check;
import static gol.interp.check.CheckTestSupport.first;
import static gol.interp.check.CheckTestSupport.ident;
import static gol.interp.check.CheckTestSupport.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ast.Expr;
import gol.interp.types.Obj;
import gol.interp.types.Pkg;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Script mode, declaration order independence, initialization order and cycles. */
class ScriptAndPackageTest {
  @Test
  void scriptUsesStdlibWithoutImport() {
    var r = ok("""
        s := strings.ToUpper("abc")
        fmt.Println(s, utf8.RuneLen('é'))
        """);
    Expr.Selector sel = first(r.file(), Expr.Selector.class, x -> x.sel.name.equals("ToUpper"));
    Obj.PkgName pn = (Obj.PkgName) ((Expr.Ident) sel.x).obj;
    assertEquals("strings", pn.imported.path);
    Expr.Selector u = first(r.file(), Expr.Selector.class, x -> x.sel.name.equals("RuneLen"));
    assertEquals("unicode/utf8", ((Obj.PkgName) ((Expr.Ident) u.x).obj).imported.path);
  }

  @Test
  void scriptTopLevelVariablesAreGlobalAndHoisted() {
    var r = ok("""
        func show() {
        	fmt.Println(count, name)
        }

        count := 3
        var name = "x"
        unused := 1
        for i := range count {
        	fmt.Println(i)
        }
        show()
        """);
    Obj.Var count = (Obj.Var) ident(r, "count", 0).obj;
    assertTrue(count.isGlobal);
    assertEquals("int", count.type.toString());
    assertTrue(((Obj.Var) ident(r, "unused", 0).obj).isGlobal);
    assertEquals(List.of("i"), r.file().scriptLocals.stream().map(v -> v.name).toList());
    assertFalse(((Obj.Var) ident(r, "i", 0).obj).isGlobal);
  }

  @Test
  void scriptErrors() {
    var r = check("""
        x := 1
        x := 2
        func f() {
        	y := 1
        }
        fmt.Println(nosuchpkg.Foo)
        """);
    assertEquals(List.of(
        "prog.gol:2:3: no new variables on left side of :=",
        "prog.gol:4:2: declared and not used: y",
        "prog.gol:6:13: undefined: nosuchpkg"), r.firstLines());
  }

  @Test
  void explicitImportsAreCheckedInScripts() {
    var r = check("""
        import "os"

        fmt.Println("hi")
        """);
    assertEquals(List.of("prog.gol:1:8: \"os\" imported and not used"), r.firstLines());
  }

  @Test
  void declarationOrderIndependence() {
    var r = ok("""
        package main

        func main() {
        	println(a, f(), T{}.x, size)
        }

        var a = b + 1
        var b = f()

        func f() int { return size }

        const size = len(arr)

        var arr [4]T

        type T struct{ x int }
        """);
    Pkg p = r.pkg();
    assertEquals(List.of("b", "a"), p.inits.stream().map(i -> i.lhs().get(0).name).toList());
  }

  @Test
  void initializationOrderFollowsTheSpec() {
    var r = ok("""
        package main

        var a = c
        var b = 1
        var c = 2
        var x, y = pair()

        func pair() (int, int) { return a, b }

        func main() {}
        """);
    assertEquals(List.of("b", "c", "a", "x"), r.pkg().inits.stream().map(i -> i.lhs().get(0).name).toList());
    assertEquals(2, r.pkg().inits.get(3).lhs().size());
  }

  @Test
  void initializationCycles() {
    var r = check("""
        package main

        var x = f()

        func f() int { return x }

        func main() {}
        """);
    assertEquals(List.of("prog.gol:3:5: initialization cycle for x"), r.firstLines());
    r = check("package main\n\nvar x int = x\n\nfunc main() {}\n");
    assertEquals(List.of("prog.gol:3:5: initialization cycle: x refers to itself"), r.firstLines());
  }

  @Test
  void replChecksMoreInputAgainstTheSamePackage() {
    var diags = new gol.interp.diag.Diagnostics();
    var importer = new CheckTestSupport.TestImporter();
    Pkg pkg = new Pkg("main", "main", Universe.SCOPE);
    Checker c = new Checker(diags, importer);
    var f1 = gol.interp.parse.Parser.parse("<1>", "x := 40\nfunc add(n int) int { return x + n }\n", diags);
    c.checkPackage(pkg, List.of(f1));
    var f2 = gol.interp.parse.Parser.parse("<2>", "y := add(2)\nfmt.Println(y, x)\n", diags);
    c.checkPackage(pkg, List.of(f2));
    assertEquals("", diags.report());
    assertEquals("int", pkg.scope.lookup("y").type.toString());
    var f3 = gol.interp.parse.Parser.parse("<3>", "z := x + \"s\"\n", diags);
    c.checkPackage(pkg, List.of(f3));
    assertEquals("<3>:1:6: invalid operation: x + \"s\" (mismatched types int and untyped string)\n", diags.report());
  }

  @Test
  void anyIsPrintedAsAny() {
    var r = check("package main\n\nfunc main() {\n\tvar x any = 1\n\t_ = x + 1\n}\n");
    assertEquals(List.of("prog.gol:5:6: invalid operation: x + 1 (mismatched types any and int)"), r.firstLines());
  }

  @Test
  void recursiveTypes() {
    var r = check("""
        package main

        type T struct {
        	next T
        }

        type List struct {
        	next *List
        }

        func main() {}
        """);
    assertEquals(List.of("prog.gol:3:6: invalid recursive type: T refers to itself"), r.firstLines());
  }
}
