package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.diag.Diagnostics;
import gol.interp.parse.Parser;
import gol.stdlib.Stdlib;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Dead-code elimination of the standard packages: the declaration scanner agrees with the
 * parser on every standard package, pruning keeps every position, and programs print the same
 * with and without it.
 */
class DeadcodeTest {
  /** What the parser says a package declares: "func f", "method T.m", "type T", "const c", "var v". */
  private static TreeSet<String> parsed(String path, String source) {
    Diagnostics diags = new Diagnostics();
    File f = Parser.parse(path, source, diags);
    assertFalse(diags.hasErrors(), diags.report());
    TreeSet<String> out = new TreeSet<>();
    for (Node n : f.items) {
      if (n instanceof Decl.Func fn) {
        if (fn.recv == null) {
          out.add("func " + fn.name.name);
        } else {
          Expr t = fn.recv.type;
          if (t instanceof Expr.Star s) {
            t = s.x;
          }
          if (t instanceof Expr.Index ix) { // a generic type's method: func (p *Pointer[T]) Load()
            t = ix.x;
          } else if (t instanceof Expr.IndexList il) {
            t = il.x;
          }
          out.add("method " + ((Expr.Ident) t).name + "." + fn.name.name);
        }
      } else if (n instanceof Decl.Type t) {
        out.add("type " + t.name.name);
      } else if (n instanceof Decl.Const c) {
        c.names.forEach(id -> out.add("const " + id.name));
      } else if (n instanceof Decl.Var v) {
        v.names.forEach(id -> out.add("var " + id.name));
      }
    }
    return out;
  }

  private static TreeSet<String> scanned(Deadcode.Pkg p) {
    TreeSet<String> out = new TreeSet<>();
    for (Deadcode.Decl d : p.decls) {
      if (d.recv != null) {
        out.add("method " + d.recv + "." + d.names.get(0));
      } else {
        d.names.forEach(n -> out.add(d.keyword + " " + n));
      }
    }
    return out;
  }

  @Test
  void scannerFindsWhatTheParserFindsInEveryStandardPackage() {
    for (String path : Stdlib.PACKAGES) {
      String src = Stdlib.source(path);
      assertNotNull(src, path);
      assertEquals(parsed(path, src), scanned(new Deadcode.Pkg(path, src)), path);
    }
  }

  @Test
  void lineSplitAgreesWithTheTokenSplitInEveryStandardPackage() {
    for (String path : Stdlib.PACKAGES) {
      String src = Stdlib.source(path);
      Deadcode.Pkg byLines = new Deadcode.Pkg(path, src);
      Deadcode.Pkg byTokens = new Deadcode.Pkg(path, src, new Deadcode.Lexer(src));
      assertEquals(byTokens.decls.size(), byLines.decls.size(), path + ": declarations (is the file gofmt'd?)");
      for (int i = 0; i < byTokens.decls.size(); i++) {
        Deadcode.Decl t = byTokens.decls.get(i);
        Deadcode.Decl l = byLines.decls.get(i);
        String at = path + ": declaration at offset " + t.start;
        assertEquals(t.start, l.start, at);
        assertEquals(t.end, l.end, at);
        assertEquals(t.lines, l.lines, at);
        assertEquals(t.names, l.names, at);
        assertEquals(t.recv, l.recv, at);
        assertEquals(t.always, l.always, at);
        assertEquals(t.keepIf, l.keepIf, at);
        byLines.scanMentions(l);
        assertEquals(t.idents, l.idents, at);
        assertEquals(t.quals, l.quals, at);
        assertEquals(t.sels, l.sels, at);
      }
      assertEquals(byTokens.imports, byLines.imports, path);
      assertEquals(byTokens.importAt, byLines.importAt, path);
      assertEquals(byTokens.hasPackageClause, byLines.hasPackageClause, path);
    }
  }

  /**
   * A name the program only selects from a value (sc.Scan, f().Text, xs[i].Name) names a field
   * or a method: it keeps methods of that name, never a package's function (fmt.Scan and the
   * whole scanner behind it were kept for bufio's sc.Scan).
   */
  @Test
  void namesSelectedFromValuesKeepOnlyMethods() {
    String src = "package main\n\nimport (\n\t\"bufio\"\n\tstr \"strings\"\n)\n\n"
        + "func main() {\n\tsc := bufio.NewScanner(str.NewReader(\"a\"))\n\tfor sc.Scan() {\n"
        + "\t\tprintln(sc.Text(), f().Len(), xs[0].Cap, T{}.Fields, str.ToUpper(\"x\"))\n\t}\n}\n";
    Deadcode.Roots r = Deadcode.roots(src, null, false);
    assertEquals(List.of("Cap", "Fields", "Len", "Scan", "Text"), r.selected);
    assertTrue(r.names.containsAll(List.of("NewScanner", "NewReader", "ToUpper", "sc", "str")), r.names.toString());
    // a package's name, imported or not (a script), and a name also used alone, stay roots
    Deadcode.Roots s = Deadcode.roots("x := strings.Fields(\"a b\")\nFields := 1\nprintln(x, Fields, y.Join)\n", null, false);
    assertTrue(s.names.containsAll(List.of("strings", "Fields")), s.names.toString());
    assertEquals(List.of("Join"), s.selected);
    // the plan: bufio's Scanner.Scan kept, fmt's scanner not
    Deadcode.Result plan = Deadcode.plan(src.replace("println(", "fmt.Println(").replace("\"bufio\"", "\"bufio\"\n\t\"fmt\""),
        Stdlib::source, n -> n);
    assertTrue(plan.sources.get("bufio").contains("func (s *Scanner) Scan() bool"));
    assertFalse(plan.sources.get("fmt").contains("func Scan("), "fmt.Scan kept for sc.Scan");
  }

  /**
   * A method is kept by a call or an interface naming it with its number of parameters (or a
   * variadic one taking as many), not by any mention of its name: fmt's Formatter, Format(State,
   * rune), and its f.Format(s, verb) no longer keep time's Format(layout) and the whole layout
   * machinery behind it for a program that only measures time.
   */
  @Test
  void methodsAreKeptByTheArityTheyAreCalledWith() {
    Deadcode.Result r = Deadcode.plan("package main\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n"
        + "func main() { t := time.Now(); fmt.Println(time.Since(t) > 0, t) }\n", Stdlib::source, n -> n);
    String time = r.sources.get("time");
    assertTrue(time.contains("func (t Time) String() string"));
    assertFalse(time.contains("func (t Time) Format(layout string) string"), "time's Format kept");
    assertFalse(time.contains("func (t Time) AppendFormat("), "time's AppendFormat kept");
    // a call with a known number of arguments keeps methods of that arity, a spread or a
    // single call argument any, a trailing comma counts no argument
    Map<String, String> pkgs = new java.util.HashMap<>();
    pkgs.put("p", "package p\n\ntype T struct{}\n\nfunc (T) One(a int) {}\n\nfunc (T) Two(a, b int) {}\n\n"
        + "func (T) Var(a int, b ...int) {}\n\nfunc (T) Spread(a, b int) {}\n\nfunc (T) Multi(a, b int) {}\n\n"
        + "func (T) Funcs(a int, fs ...func(x, y int)) {}\n\n"
        + "func (T) Unused(a int) {}\n\nfunc Use(t T, xs []int) {\n\tt.One(1, 2)\n\tt.Two(\n\t\t1,\n\t\t2,\n\t)\n"
        + "\tt.Var(1, 2, 3)\n\tt.Spread(xs...)\n\tt.Multi(pair())\n\tt.Unused(1, 2)\n\tt.Funcs(1, nil, nil, nil)\n}\n\n"
        + "func pair() (int, int) { return 1, 2 }\n");
    Deadcode.Result q = Deadcode.plan("package main\nimport \"p\"\nfunc main() { p.Use(p.T{}, nil) }\n", pkgs::get, n -> n);
    String p = q.sources.get("p");
    for (String kept : List.of("Two(a, b int)", "Var(a int, b ...int)", "Spread(a, b int)", "Multi(a, b int)",
        "Funcs(a int, fs ...func(x, y int))")) {
      assertTrue(p.contains(kept), kept);
    }
    assertFalse(p.contains("One(a int)"), "One kept for a call with two arguments");
    assertFalse(p.contains("Unused(a int)"), "Unused kept for a call with two arguments");
  }

  @Test
  void osArgumentsAloneKeepNeitherFilesNorPipes() {
    // os's pipe table (a map and a make(chan) lock) once kept *File's Write and the pipes' code,
    // and through them syscall and io/fs, in every program importing os: +10 ms of start-up
    Deadcode.Result r = Deadcode.plan("package main\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n"
        + "func main() { if len(os.Args) > 5 { os.Exit(2) }; fmt.Println(1) }\n", Stdlib::source, n -> n);
    String os = r.sources.get("os");
    assertTrue(os.contains("func Exit(code int)"));
    assertFalse(os.contains("func (f *File) Write("), "File.Write kept");
    assertFalse(os.contains("pipeFdMu = make("), "the pipe table kept");
  }

  @Test
  void varsWhoseInitialisersDoNothingMayBeDropped() {
    for (String pure : new String[] {" x = &tables[3]", " t [243]RangeTable", " s []string",
        " m = map[string]int{\"a\": 1, \"b(\": 2}", " r = []*T{a, b.C, 1.5}",
        " (\n\ta = &t[1] // f()\n\tb = [...]byte{'a', '('}\n)\n", " e error = &plain{\"x\"} /* y() */",
        " x = -1", " (\n\ta = 1 + 2\n)\n", " c = []R{{0x41, 0x5a, d{0, -32, UpperLower}}}"}) {
      assertTrue(Deadcode.Pkg.pureVar(pure, 0, pure.length()), pure);
    }
    for (String impure : new String[] {" x = f()", " x = a[i]", " x = a[len]", " x = 1 << 3", " x = 1 / n",
        " x = <-ch", " x = y.(T)", " x = T(1)", " f = func() {}", " (\n\ta = 1 % 2\n)\n", " (\n\ta = 1\n"}) {
      assertFalse(Deadcode.Pkg.pureVar(impure, 0, impure.length()), impure);
    }
    // calls of functions that only make their result: errors.New anywhere, a package's own
    java.util.Set<String> io = Deadcode.Pkg.pureCalls("io");
    for (String pure : new String[] {" EOF = errors.New(\"EOF\")", " (\n\ta = errors.New(\"x(\")\n\tb = 2\n)\n"}) {
      assertTrue(Deadcode.Pkg.pureVar(pure, 0, pure.length(), io), pure);
    }
    for (String impure : new String[] {" x = errors.New(f())", " x = other.New(\"a\")", " x = New(\"a\")",
        " x = errors.New(\"a\"", " x = tableMap(\"L:1\")"}) {
      assertFalse(Deadcode.Pkg.pureVar(impure, 0, impure.length(), io), impure);
    }
    String stdin = " Stdin = &File{fd: 0, h: stdinHandle()}";
    assertTrue(Deadcode.Pkg.pureVar(stdin, 0, stdin.length(), Deadcode.Pkg.pureCalls("os")));
    assertFalse(Deadcode.Pkg.pureVar(stdin, 0, stdin.length(), io));
    String cats = " Categories = tableMap(\"C:20 \" +\n\t\"L:86\")";
    assertTrue(Deadcode.Pkg.pureVar(cats, 0, cats.length(), Deadcode.Pkg.pureCalls("unicode")));
  }

  @Test
  void pruningBlanksWholeDeclarationsAndKeepsPositions() {
    Deadcode.Result r = Deadcode.plan("package main\nimport \"fmt\"\nfunc main() { fmt.Println(1) }\n",
        Stdlib::source, n -> n);
    for (Map.Entry<String, String> e : r.sources.entrySet()) {
      String[] full = Stdlib.source(e.getKey()).split("\n", -1);
      String[] kept = e.getValue().split("\n", -1);
      assertEquals(full.length, kept.length, e.getKey());
      for (int i = 0; i < full.length; i++) {
        String k = kept[i];
        // a dropped declaration leaves empty lines, not blanks: the parser skips nothing
        assertTrue(k.equals(full[i]) || k.isEmpty() || k.replace("_ \"", "\"").equals(full[i]),
            e.getKey() + ":" + (i + 1) + ": " + k);
      }
    }
    String fmt = r.sources.get("fmt");
    assertTrue(fmt.contains("func Println("), fmt);
    assertFalse(fmt.contains("func Sscan"), "unused functions are dropped");
    assertTrue(r.sources.containsKey("io"), "fmt's imports are planned too");
  }

  @Test
  void unreachableDeclarationsCostOnlyTheirLineBreaks() {
    String used = "package lib\n\n// Used is called.\nfunc Used() int { return helper() }\n\nfunc helper() int {\n\treturn 1\n}\n";
    StringBuilder big = new StringBuilder(used);
    for (int i = 0; i < 300; i++) {
      big.append("\n// unused").append(i).append(" is not.\nfunc unused").append(i)
          .append("(s string) string {\n\treturn s + \"").append(i).append("\"\n}\n");
    }
    String main = "package main\n\nimport \"lib\"\n\nfunc main() { println(lib.Used()) }\n";
    Deadcode.Result r = Deadcode.plan(main, p -> p.equals("lib") ? big.toString() : null, n -> n);
    String pruned = r.sources.get("lib");
    assertEquals(big.toString().split("\n", -1).length, pruned.split("\n", -1).length, "every line stays");
    // (the comment before unused0 belongs to the text of helper, which is kept)
    assertEquals(used + "\n// unused0 is not.\n" + "\n".repeat(299 * 5 + 3), pruned,
        "300 unused functions leave only their line breaks");
  }

  @Test
  void methodLookupsByNameKeepEveryExportedMethod() {
    String lib = "package lib\n\ntype T struct{}\n\nfunc (T) Named() int { return 1 }\n\n"
        + "func (T) Other() int { return 2 }\n\nfunc (T) hidden() int { return 3 }\n\n"
        + "func Lookup(v V) { v.MethodByName(\"Other\") }\n\ntype V interface{ MethodByName(string) int }\n";
    String plain = "package main\n\nimport \"lib\"\n\nfunc main() { println(lib.T{}.Named()) }\n";
    String pruned = Deadcode.plan(plain, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(pruned.contains("Named()") && !pruned.contains("Other()"), pruned);
    // the program calls .MethodByName( itself
    String byName = "package main\n\nimport \"lib\"\n\nfunc main() { var x lib.T; f(x) }\n\n"
        + "func f(v any) { reflect.ValueOf(v).MethodByName(\"Other\") }\n";
    pruned = Deadcode.plan(byName, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(pruned.contains("Named()") && pruned.contains("Other()") && !pruned.contains("hidden()"), pruned);
    // kept library code calls it (as text/template does); an interface listing it does not count
    String viaLib = "package main\n\nimport \"lib\"\n\nfunc main() { var x lib.T; lib.Lookup(nil); _ = x }\n";
    pruned = Deadcode.plan(viaLib, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(pruned.contains("Other()"), pruned);
    String onlyInterface = "package main\n\nimport \"lib\"\n\nfunc main() { var x lib.T; var v lib.V; _, _ = x, v }\n";
    pruned = Deadcode.plan(onlyInterface, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(!pruned.contains("Other()"), pruned);
  }

  @Test
  void aKeepifInitIsKeptOnlyWhereItsNamesAre() {
    String lib = "package lib\n\nvar Out = 1\n\n//gol:keepif Out In\nfunc init() { hook() }\n\n"
        + "func hook() {}\n\nfunc Use() {}\n";
    String plain = "package main\n\nimport \"lib\"\n\nfunc main() { lib.Use() }\n";
    String pruned = Deadcode.plan(plain, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(!pruned.contains("func init()") && !pruned.contains("func hook()"), pruned);
    String named = "package main\n\nimport \"lib\"\n\nfunc main() { lib.Use(); lib.Out = 2 }\n";
    pruned = Deadcode.plan(named, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(pruned.contains("func init()") && pruned.contains("func hook()"), pruned);
    // os's init that lets fmt follow a replaced os.Stdout
    String os = Deadcode.plan("package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\n"
        + "func main() { fmt.Println(os.Args) }\n", Stdlib::source, n -> n).sources.get("os");
    assertTrue(!os.contains("setStdoutHook(&Stdout"), os);
  }

  @Test
  void aKeepifInitOnAFieldIsKeptWhereTheProgramSelectsIt() {
    String lib = "package lib\n\ntype T struct{ R []int }\n\nvar X = &T{}\n\n//gol:keepif R\nfunc init() { fill() }\n\n"
        + "func fill() {}\n\nfunc Use() {}\n";
    String plain = "package main\n\nimport \"lib\"\n\nfunc main() { lib.Use(); _ = lib.X }\n";
    String pruned = Deadcode.plan(plain, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(!pruned.contains("func init()") && !pruned.contains("func fill()"), pruned);
    String selects = "package main\n\nimport \"lib\"\n\nfunc main() { _ = len(lib.X.R) }\n";
    pruned = Deadcode.plan(selects, p -> p.equals("lib") ? lib : null, n -> n).sources.get("lib");
    assertTrue(pruned.contains("func init()") && pruned.contains("func fill()"), pruned);
    // unicode fills its tables' R16 and R32 only for a program that reads them
    String uni = "package main\n\nimport \"unicode\"\n\nfunc main() { println(unicode.Is(unicode.Latin, 'x')) }\n";
    String u = Deadcode.plan(uni, Stdlib::source, n -> n).sources.get("unicode");
    assertTrue(!u.contains("fillRanges(tables"), u);
    u = Deadcode.plan(uni.replace("println(", "println(len(unicode.Latin.R16), "), Stdlib::source, n -> n)
        .sources.get("unicode");
    assertTrue(u.contains("fillRanges(tables"), u);
  }

  @Test
  void textAndSyntaxTreeAgreeOnImports() {
    String src = "package main\n\nimport (\n\t\"fmt\"\n\ts \"strings\"\n)\n\nfunc main() { fmt.Println(s.ToUpper(\"x\")) }\n";
    Deadcode.Result r = Deadcode.plan(src, Stdlib::source, n -> n);
    assertTrue(r.madeFor(List.of("fmt", "strings"), false));
    assertTrue(r.sources.get("strings").contains("func ToUpper("));
    Deadcode.Result script = Deadcode.plan("fmt.Println(utf8.RuneLen('x'))\n", Stdlib::source,
        n -> n.equals("utf8") ? "unicode/utf8" : n);
    assertTrue(script.madeFor(List.of(), true));
    assertTrue(script.sources.get("unicode/utf8").contains("RuneLen"));
  }

  /**
   * gol run in a module: a local package's names are roots and its imports are planned, so the
   * standard packages keep what only the local package uses (here strings.Repeat and package
   * sort, which main neither names nor imports); main's imports alone are what the plan is
   * checked against. The text scan of import lines reads single, grouped and named imports.
   */
  @Test
  void localPackagesNamesAndImportsArePlanned() {
    String main = "package main\n\nimport (\n\t\"fmt\"\n\n\t\"m/util\"\n)\n\nfunc main() { fmt.Println(util.F()) }\n";
    String util = "package util\n\nimport \"strings\"\nimport s \"sort\"\n\n"
        + "func F() string { xs := []int{2, 1}; s.Ints(xs); return strings.Repeat(\"a\", xs[0]) }\n";
    assertEquals(List.of("strings", "sort"), Deadcode.importPaths(util));
    assertEquals(List.of("fmt", "m/util"), Deadcode.importPaths(main));
    Deadcode.Roots roots = Deadcode.roots(main, null, false).withLocal(List.of(util));
    Deadcode.Result plan = Deadcode.plan(roots, Stdlib::source, n -> n);
    assertTrue(plan.sources.get("strings").contains("func Repeat("));
    assertTrue(plan.sources.get("sort").contains("func Ints("));
    assertTrue(plan.madeFor(List.of("fmt", "m/util"), false));
    assertFalse(Deadcode.plan(Deadcode.roots(main, null, false), Stdlib::source, n -> n).sources.containsKey("sort"));
  }

  private static String run(String source, boolean deadcode) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Pipeline.run("prog.gol", source, new String[0], new ByteArrayInputStream(new byte[0]),
        out, false, new PrintStream(err, true, StandardCharsets.UTF_8), null, deadcode, null);
    return "status " + status + "\n" + out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
  }

  private static void same(String source) {
    String whole = run(source, false);
    assertEquals(whole, run(source, true));
  }

  @Test
  void methodsReachedOnlyThroughInterfacesOrThePrinterStay() {
    // Duration.String is called only by fmt's printer; File.Write only through io.Writer;
    // errors' wrapping methods only by errors.Is/As.
    same("""
        package main

        import (
        	"errors"
        	"fmt"
        	"io"
        	"os"
        	"strconv"
        	"time"
        )

        type myErr struct{}

        func (myErr) Error() string { return "mine" }

        func main() {
        	var w io.Writer = os.Stdout
        	fmt.Fprintln(w, time.Duration(1500)*time.Millisecond, time.Second)
        	var s fmt.Stringer = time.Minute
        	fmt.Println(s.String())
        	_, err := strconv.Atoi("x")
        	fmt.Println(err, errors.Is(err, strconv.ErrSyntax))
        	var ne *strconv.NumError
        	fmt.Println(errors.As(err, &ne), ne.Func)
        	wrapped := fmt.Errorf("w: %w", myErr{})
        	fmt.Println(wrapped, errors.Unwrap(wrapped))
        	_, err = os.Open("/no/such/file")
        	fmt.Println(err, errors.Is(err, os.ErrNotExist))
        	if _, ok := any(time.Second).(interface{ Hours() float64 }); ok {
        		fmt.Println("has Hours")
        	}
        	panic(time.Second)
        }
        """);
  }

  @Test
  void scriptsAndSameLineImports() {
    same("s := strings.Repeat(\"ab\", 2)\nfmt.Println(s, utf8.RuneLen('é'), sort.IsSorted(sort.IntSlice{1, 2}))\n");
    // the text plan cannot see an import after ';' on the package line: planned again from the AST
    String src = "package main; import \"strings\"\nimport \"fmt\"\nfunc main() { fmt.Println(strings.ToUpper(\"x\")) }\n";
    assertEquals("status 0\nX\n", run(src, true));
  }

  @Test
  void errorsNameTheSameMembers() {
    same("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.println(1)\n\tfmt.Nope()\n}\n");
    same("package main\n\nimport (\n\t\"io\"\n\t\"strings\"\n)\n\nvar _ io.ReaderAt = strings.NewReader(\"\")\nvar _ io.Seeker = 1\n");
  }
}
