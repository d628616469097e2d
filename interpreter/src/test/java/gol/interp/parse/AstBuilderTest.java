package gol.interp.parse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ast.Decl;
import gol.interp.ast.Expr;
import gol.interp.ast.File;
import gol.interp.ast.Node;
import gol.interp.ast.Stmt;
import gol.interp.diag.Diagnostics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The parse tree to AST step: shapes, positions, decoded literals, and gc's builder-level errors. */
class AstBuilderTest {

  static File parseOk(String src) {
    Diagnostics d = new Diagnostics();
    File f = Parser.parse("t.gol", src, d);
    assertEquals("", d.report(), "unexpected errors for:\n" + src);
    return f;
  }

  static List<String> errors(String src) {
    Diagnostics d = new Diagnostics();
    Parser.parse("t.gol", src, d);
    List<String> out = new ArrayList<>();
    for (Diagnostics.Error e : d.sorted()) {
      out.add(e.line() + ":" + e.col() + ": " + e.message());
    }
    return out;
  }

  /** The only statement of a one-statement script. */
  static Stmt stmt(String src) {
    File f = parseOk(src);
    assertEquals(1, f.items.size(), "items of: " + src);
    return (Stmt) f.items.get(0);
  }

  /** The right-hand side of "x := EXPR". */
  static Expr rhs(String expr) {
    Stmt.Assign a = (Stmt.Assign) stmt("x := " + expr + "\n");
    return a.rhs.get(0);
  }

  static String sx(String expr) {
    return Sx.of(rhs(expr));
  }

  static void pos(Node n, int line, int col) {
    assertEquals(line + ":" + col, n.line + ":" + n.col, n.getClass().getSimpleName());
  }

  // ---- files ----

  @Test
  void scriptModeFileKeepsItemsInSourceOrder() {
    File f = parseOk("import \"fmt\"\nx := 1\nvar y = 2\nfunc f() {}\nfmt.Println(x, y)\ntype T int\n");
    assertNull(f.packageName);
    assertEquals(1, f.imports.size());
    assertEquals("fmt", f.imports.get(0).path);
    assertNull(f.imports.get(0).alias);
    assertEquals(5, f.items.size());
    assertInstanceOf(Stmt.Assign.class, f.items.get(0));
    assertInstanceOf(Decl.Var.class, f.items.get(1)); // top-level declarations are Decls
    assertInstanceOf(Decl.Func.class, f.items.get(2));
    assertInstanceOf(Stmt.ExprStmt.class, f.items.get(3));
    assertInstanceOf(Decl.Type.class, f.items.get(4));
    assertEquals("t.gol", f.name);
  }

  @Test
  void packageAndImports() {
    File f = parseOk("package main\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t. \"math\"\n\t_ \"os\"\n)\nimport `net/http`\n");
    assertEquals("main", f.packageName);
    assertEquals(List.of("fmt", "strings", "math", "os", "net/http"), f.imports.stream().map(i -> i.path).toList());
    assertEquals(List.of("-", "str", ".", "_", "-"),
        f.imports.stream().map(i -> i.alias == null ? "-" : i.alias).toList());
    pos(f.imports.get(1), 5, 2);
    assertTrue(f.items.isEmpty());
  }

  // ---- expressions ----

  @Test
  void binaryPrecedenceHasGosFiveLevels() {
    assertEquals("(a || (b && (c == (d + (e * f)))))", sx("a || b && c == d + e * f"));
    assertEquals("((((a * b) + c) < d) && e)", sx("a * b + c < d && e"));
    assertEquals("((a - b) - c)", sx("a - b - c"));
    assertEquals("((a / b) % c)", sx("a / b % c"));
    assertEquals("((a << INT:1) | (b &^ c))", sx("a << 1 | b &^ c"));
    assertEquals("((a ^ (b & c)) != ((d >> e) - f))", sx("a ^ b & c != d >> e - f"));
    assertEquals("(((a + b) == c) || ((d != e) && (f <= g)))", sx("a + b == c || d != e && f <= g"));
  }

  @Test
  void unaryOperatorsBindTighter() {
    assertEquals("((-a) * b)", sx("-a * b"));
    assertEquals("((!a) && (^b))", sx("!a && ^b"));
    assertEquals("((*p) + (*q.r))", sx("*p + *q.r"));
    assertEquals("(&T{a: INT:1})", sx("&T{a: 1}"));
    assertEquals("(&x)", sx("&(x)")); // gc drops the parentheses after &
    assertEquals("((<-ch) + INT:1)", sx("<-ch + 1"));
    assertEquals("(+(-x))", sx("+-x"));
  }

  @Test
  void primaryExpressions() {
    assertEquals("call(f, a, b...)", sx("f(a, b...)"));
    assertEquals("call(a.b.c, )".replace(", )", ")"), sx("a.b.c()"));
    assertEquals("call(f)[INT:0].g[INT:1:INT:2]", sx("f()[0].g[1:2]"));
    assertEquals("s[_:_]", sx("s[:]"));
    assertEquals("s[INT:1:_]", sx("s[1:]"));
    assertEquals("a[INT:1:INT:2:INT:3]", sx("a[1:2:3]"));
    assertEquals("a[_:INT:2:INT:3]", sx("a[:2:3]"));
    assertEquals("y.(fmt.Stringer)", sx("y.(fmt.Stringer)"));
    assertEquals("y.((*T))", sx("y.(*T)"));
    assertEquals("paren((a + b))", sx("(a + b)"));
    assertEquals("call(make, chan(int), INT:3)", sx("make(chan int, 3)"));
    assertEquals("call(new, map[string][]int)", sx("new(map[string][]int)"));
  }

  @Test
  void conversionsAndTypesInExpressions() {
    assertEquals("call([]byte, s)", sx("[]byte(s)"));
    assertEquals("call(paren((*T)), nil)", sx("(*T)(nil)"));
    assertEquals("call(paren(<-chan(int)), c)", sx("(<-chan int)(c)"));
    // <-chan int(c) is a receive from chan int(c), as the spec says
    assertEquals("(<-call(chan(int), c))", sx("<-chan int(c)"));
    assertEquals("call(func(int) (int), nil)", sx("func(int) int(nil)"));
    assertEquals("call(interface{}, x)", sx("interface{}(x)"));
    assertEquals("<-chan(<-chan(int))", Sx.of(((Decl.Var) parseOk("var c <-chan <-chan int\n").items.get(0)).type));
    assertEquals("chan<-(chan(int))", Sx.of(((Decl.Var) parseOk("var c chan<- chan int\n").items.get(0)).type));
  }

  @Test
  void compositeLiterals() {
    assertEquals("[]int{INT:1, INT:2}", sx("[]int{1, 2,}"));
    assertEquals("[...]int{INT:1}", sx("[...]int{1}"));
    assertEquals("map[string]int{STRING:a: INT:1}", sx("map[string]int{\"a\": 1}"));
    // elided types inside: litType is null
    assertEquals("[][]int{{INT:1, INT:2}, {INT:3}}", sx("[][]int{{1, 2}, {3}}"));
    assertEquals("map[T]T{{a: INT:1}: {b: INT:2}}", sx("map[T]T{{a: 1}: {b: 2}}"));
    assertEquals("pkg.T{INT:1}", sx("pkg.T{1}"));
    assertEquals("struct{a int}{INT:1}", sx("struct{ a int }{1}"));
    assertEquals("call(T{}.Method)", sx("T{}.Method()"));
    Expr.CompositeLit outer = (Expr.CompositeLit) rhs("[][]int{{1}}");
    Expr.CompositeLit inner = (Expr.CompositeLit) outer.elts.get(0).value;
    assertNull(inner.litType);
    pos(inner, 1, 14);
    pos(outer, 1, 6);
  }

  @Test
  void bareTypesAsArgumentsCasesAndInParentheses() {
    assertEquals("call(make, []int, n)", sx("make([]int, n)"));
    assertEquals("call(make, map[string][]int)", sx("make(map[string][]int)"));
    assertEquals("call(make, chan<-(func()), INT:1)", sx("make(chan<- func(), 1)"));
    assertEquals("call(new, struct{a int})", sx("new(struct{ a int })"));
    assertEquals("call(paren(func(int) (bool)), f)", sx("(func(int) bool)(f)"));
    assertEquals("call(func(int) (bool), f)", sx("func(int) bool(f)"));
    assertEquals("call([]func() (x), nil)", sx("[]func()(x)(nil)")); // "(x)" is the result, as in Go
    assertEquals("call(f, (<-ch), (-x), (a + b))", sx("f(<-ch, -x, a + b)"));
    assertEquals("call(f, ([]int{INT:1}[INT:0] + INT:2))", sx("f([]int{1}[0] + 2)"));
    assertEquals("call(f, funclitfunc(i,j int) (bool) {return (i < j)})", sx("f(func(i, j int) bool { return i < j })"));
  }

  @Test
  void functionLiterals() {
    Expr.FuncLit f = (Expr.FuncLit) rhs("func(a, b int) (int, error) { return a, nil }");
    assertEquals("func(a,b int) (int, error)", Sx.of(f.sig));
    assertEquals("{return a, nil}", Sx.of(f.body));
    pos(f, 1, 6);
  }

  // ---- literals ----

  @Test
  void integerLiterals() {
    assertEquals(BigInteger.valueOf(31), lit("0x1F"));
    assertEquals(BigInteger.valueOf(255), lit("0X_FF"));
    assertEquals(BigInteger.valueOf(15), lit("0o17"));
    assertEquals(BigInteger.valueOf(15), lit("017"));
    assertEquals(BigInteger.valueOf(10), lit("0b1010"));
    assertEquals(BigInteger.valueOf(1_000_000), lit("1_000_000"));
    assertEquals(BigInteger.ZERO, lit("0"));
    assertEquals(new BigInteger("18446744073709551616"), lit("18446744073709551616"));
    assertEquals(Expr.BasicLit.Kind.INT, ((Expr.BasicLit) rhs("42")).kind);
    assertEquals("42", ((Expr.BasicLit) rhs("42")).text);
  }

  @Test
  void floatLiteralsAreExact() {
    assertEquals(new BigDecimal("1.5"), lit("1.5"));
    assertEquals(new BigDecimal("0.5"), lit(".5"));
    assertEquals(0, new BigDecimal("1").compareTo((BigDecimal) lit("1.")));
    assertEquals(0, new BigDecimal("1e10").compareTo((BigDecimal) lit("1e10")));
    assertEquals(0, new BigDecimal("0.001").compareTo((BigDecimal) lit("1E-3")));
    assertEquals(0, new BigDecimal("0.25").compareTo((BigDecimal) lit("0x1p-2")));
    assertEquals(0, new BigDecimal("12").compareTo((BigDecimal) lit("0x1.8P+3")));
    assertEquals(0, new BigDecimal("0.1").compareTo((BigDecimal) lit("0.1"))); // not the double 0.1
    assertEquals(0, new BigDecimal("10.01").compareTo((BigDecimal) lit("1_0.0_1")));
    assertEquals(Expr.BasicLit.Kind.FLOAT, ((Expr.BasicLit) rhs("1.5")).kind);
  }

  @Test
  void imaginaryLiterals() {
    Expr.BasicLit b = (Expr.BasicLit) rhs("2.5i");
    assertEquals(Expr.BasicLit.Kind.IMAG, b.kind);
    assertEquals(0, new BigDecimal("2.5").compareTo((BigDecimal) b.value));
    assertEquals(0, new BigDecimal("123").compareTo((BigDecimal) lit("0123i"))); // decimal, for compatibility
    assertEquals(0, new BigDecimal("16").compareTo((BigDecimal) lit("0x10i")));
  }

  @Test
  void runeLiterals() {
    assertEquals(BigInteger.valueOf('a'), lit("'a'"));
    assertEquals(BigInteger.valueOf('\n'), lit("'\\n'"));
    assertEquals(BigInteger.valueOf(0x41), lit("'\\x41'"));
    assertEquals(BigInteger.valueOf(0xFF), lit("'\\xff'"));
    assertEquals(BigInteger.valueOf(0101), lit("'\\101'"));
    assertEquals(BigInteger.valueOf(0x1234), lit("'\\u1234'"));
    assertEquals(BigInteger.valueOf(0x12345), lit("'\\U00012345'"));
    assertEquals(BigInteger.valueOf('\''), lit("'\\''"));
    assertEquals(BigInteger.valueOf(0x65E5), lit("'日'"));
    assertEquals(BigInteger.valueOf(0x1F600), lit("'😀'"));
    assertEquals(BigInteger.valueOf(7), lit("'\\a'"));
    assertEquals(Expr.BasicLit.Kind.CHAR, ((Expr.BasicLit) rhs("'a'")).kind);
  }

  @Test
  void stringLiteralsAreUtf8Bytes() {
    assertArrayEquals(new byte[] {'h', 'i', '\n', '\t', '"'}, (byte[]) lit("\"hi\\n\\t\\\"\""));
    assertArrayEquals(new byte[] {(byte) 0xFF}, (byte[]) lit("\"\\xff\"")); // one byte, not UTF-8
    assertArrayEquals(new byte[] {(byte) 0xFF}, (byte[]) lit("\"\\377\""));
    assertArrayEquals(new byte[] {(byte) 0xC3, (byte) 0xA9}, (byte[]) lit("\"é\""));
    assertArrayEquals(new byte[] {(byte) 0xC3, (byte) 0xA9}, (byte[]) lit("\"\\u00e9\""));
    assertArrayEquals(new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, (byte[]) lit("\"\\U0001F600\""));
    assertArrayEquals(new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, (byte[]) lit("\"😀\""));
    assertArrayEquals(new byte[0], (byte[]) lit("\"\""));
    // raw strings: no escapes, carriage returns dropped, newlines kept
    assertArrayEquals("a\\n\nb".getBytes(), (byte[]) lit("`a\\n\r\nb`"));
    assertEquals(Expr.BasicLit.Kind.STRING, ((Expr.BasicLit) rhs("`x`")).kind);
  }

  static Object lit(String text) {
    return ((Expr.BasicLit) rhs(text)).value;
  }

  // ---- declarations ----

  @Test
  void constGroupsRepeatTheLastSpecWithIota() {
    File f = parseOk("const (\n\tA = iota * 10\n\tB\n\tC, D = iota, \"x\"\n\tE, F\n)\nconst G float64 = 1\n");
    List<Decl.Const> cs = f.items.stream().map(i -> (Decl.Const) i).toList();
    assertEquals(5, cs.size());
    assertEquals("const A = (iota * INT:10) iota=0", Sx.of(cs.get(0)));
    assertEquals("const B = (iota * INT:10) iota=1", Sx.of(cs.get(1)));
    assertSame(cs.get(0).values, cs.get(1).values); // the builder copies the previous spec
    assertEquals("const C,D = iota, STRING:x iota=2", Sx.of(cs.get(2)));
    assertEquals("const E,F = iota, STRING:x iota=3", Sx.of(cs.get(3)));
    assertSame(cs.get(0).group, cs.get(3).group);
    assertEquals("const G float64 = INT:1 iota=0", Sx.of(cs.get(4)));
    assertTrue(cs.get(4).group != cs.get(0).group);
    pos(cs.get(1), 3, 2);
  }

  @Test
  void constTypeIsRepeatedToo() {
    File f = parseOk("const (\n\tA uint8 = 1\n\tB\n)\n");
    assertEquals("const B uint8 = INT:1 iota=1", Sx.of((Decl.Const) f.items.get(1)));
  }

  @Test
  void varAndTypeDeclarations() {
    File f = parseOk("var (\n\ta int\n\tb, c = 1, 2\n\td []string = nil\n)\ntype (\n\tT struct{}\n\tA = T\n)\n");
    assertEquals(List.of("var a int", "var b,c = INT:1, INT:2", "var d []string = nil", "type T struct{}", "type A = T"),
        f.items.stream().map(Sx::of).toList());
    assertTrue(((Decl.Type) f.items.get(4)).alias);
    assertFalse(((Decl.Type) f.items.get(3)).alias);
  }

  @Test
  void declarationsInsideBlocksAreDeclStmts() {
    Decl.Func fn = (Decl.Func) parseOk("func f() {\n\tvar x, y int\n\tconst c = 1\n\ttype T int\n}\n").items.get(0);
    assertEquals("{decl[var x,y int]; decl[const c = INT:1 iota=0]; decl[type T int]}", Sx.of(fn.body));
    pos(fn.body.stmts.get(1), 3, 2);
  }

  @Test
  void functionDeclarations() {
    File f = parseOk("func Println(a ...any) (n int, err error)\n"
        + "func (t *T) M(a, b int, c ...string) (int, error) { return 0, nil }\n"
        + "func (T) V() {}\n"
        + "func g(int, string) {}\n"
        + "func h() (a, b int) { return }\n");
    List<String> got = f.items.stream().map(Sx::of).toList();
    assertEquals(List.of(
        "func Println(func(a ...any) (n int, err error))".replace("Println(func", "Printlnfunc").replace("))", ")"),
        "func (t (*T)) Mfunc(a,b int, c ...string) (int, error) {return INT:0, nil}",
        "func (T) Vfunc() {}",
        "func gfunc(int, string) {}",
        "func hfunc() (a,b int) {return}"), got);
    Decl.Func println = (Decl.Func) f.items.get(0);
    assertNull(println.body); // bodiless: bound to a native
    assertNull(println.recv);
    pos(println, 1, 1);
    Decl.Func m = (Decl.Func) f.items.get(1);
    assertEquals(2, m.sig.params.get(0).names.size()); // "a, b int" is one Field
    assertInstanceOf(Expr.Ellipsis.class, m.sig.params.get(1).type);
    pos(m.sig.params.get(0), 2, 15);
    pos(m.body, 2, 51);
    assertEquals(2, m.body.endLine);
    assertEquals(67, m.body.endCol);
  }

  @Test
  void structsAndInterfaces() {
    Decl.Type t = (Decl.Type) parseOk("type S struct {\n\ta, b int `json:\"a\"`\n\t*E\n\tpkg.F \"tag\\tx\"\n\tG\n}\n").items.get(0);
    assertEquals("struct{a,b int tag=json:\"a\"; (*E); pkg.F tag=tag\tx; G}", Sx.of(t.type));
    Decl.Type i = (Decl.Type) parseOk("type I interface {\n\tM(x int) string\n\tfmt.Stringer\n\tN()\n}\n").items.get(0);
    assertEquals("interface{M func(x int) (string); fmt.Stringer; N func()}", Sx.of(i.type));
  }

  // ---- statements ----

  @Test
  void simpleStatements() {
    Decl.Func f = (Decl.Func) parseOk("func f() {\n\tx = 1\n\tx += 2\n\ty &^= 3\n\ta, b := b, a\n\tx++\n\ty--\n\tch <- v\n\t<-ch\n\tg()\n}\n").items.get(0);
    assertEquals("{x = INT:1; x += INT:2; y &^= INT:3; a, b := b, a; x++; y--; ch <- v; (<-ch); call(g)}", Sx.of(f.body));
    for (Stmt s : f.body.stmts) {
      assertEquals(2, s.col, Sx.of(s)); // every statement sits at its first token
    }
  }

  @Test
  void goDeferReturnAndBranches() {
    Decl.Func f = (Decl.Func) parseOk("func f() int {\n\tgo g(1)\n\tdefer func() { recover() }()\nL:\n\tfor {\n\t\tbreak L\n\t}\n"
        + "\tfor {\n\t\tcontinue\n\t}\n\tgoto M\nM:\n\tswitch {\n\tcase true:\n\t\tfallthrough\n\tdefault:\n\t}\n\treturn 1\n}\n").items.get(0);
    assertEquals("{go call(g, INT:1); defer call(funclitfunc() {call(recover)}); L: for _; _; _ {break L}; "
        + "for _; _; _ {continue}; goto M; M: switch _ {case true: fallthrough; default: ; }; return INT:1}",
        Sx.of(f.body));
    Stmt.Labeled l = (Stmt.Labeled) f.body.stmts.get(2);
    pos(l, 4, 1);
    pos(l.stmt, 5, 2);
  }

  @Test
  void labelAtTheEndOfABlock() {
    Decl.Func f = (Decl.Func) parseOk("func f() {\n\tgoto L\nL:\n}\n").items.get(0);
    assertEquals("{goto L; L: empty}", Sx.of(f.body));
  }

  @Test
  void ifStatements() {
    assertEquals("if x {}", Sx.of(stmt("if x {\n}\n")));
    assertEquals("if v, ok := m[k]; ok {} else if (a > b) {} else {}",
        Sx.of(stmt("if v, ok := m[k]; ok {\n} else if a > b {\n} else {\n}\n")));
    assertEquals("if (paren(T{}) == paren(T{})) {}", Sx.of(stmt("if (T{}) == (T{}) {\n}\n")));
    assertEquals("if x := paren(T{a: INT:1}); x.a {}", Sx.of(stmt("if x := (T{a: 1}); x.a {\n}\n")));
    assertEquals("if f := funclitfunc() (bool) {return true}; call(f) {}",
        Sx.of(stmt("if f := func() bool { return true }; f() {\n}\n")));
    Stmt.If s = (Stmt.If) stmt("if x {\n} else {\n}\n");
    pos(s, 1, 1);
    pos(s.then, 1, 6);
    pos(s.els, 2, 8);
  }

  @Test
  void switchStatements() {
    assertEquals("switch _ {case (x > INT:1): call(f); default: ; }", Sx.of(stmt("switch {\ncase x > 1:\n\tf()\ndefault:\n}\n")));
    assertEquals("switch x := y; x {case INT:1, INT:2: ; }", Sx.of(stmt("switch x := y; x {\ncase 1, 2:\n}\n")));
    assertEquals("switch call(f); _ {}", Sx.of(stmt("switch f(); {\n}\n")));
    // "switch x\n{" is "switch x; {": a tagless switch with init x, as in gc
    assertEquals("switch x; _ {}", Sx.of(stmt("switch x\n{\n}\n")));
  }

  @Test
  void typeSwitches() {
    assertEquals("typeswitch v := x {case int, string: v; case nil: ; case []int, (*T), func(), <-chan(int): ; default: ; }",
        Sx.of(stmt("switch v := x.(type) {\ncase int, string:\n\tv\ncase nil:\ncase []int, *T, func(), <-chan int:\ndefault:\n}\n")));
    assertEquals("typeswitch call(init); call(f) {}", Sx.of(stmt("switch init(); f().(type) {\n}\n")));
    Stmt.TypeSwitch ts = (Stmt.TypeSwitch) stmt("switch t := x.(type) {\n}\n");
    pos(ts.bind, 1, 8);
    pos(ts, 1, 1);
  }

  @Test
  void selectStatements() {
    assertEquals("select {case v := (<-ch): v; case v, ok := (<-ch): ; case ch <- INT:2: ; case (<-ch): ; case x = (<-ch): ; default: ; }",
        Sx.of(stmt("select {\ncase v := <-ch:\n\tv\ncase v, ok := <-ch:\ncase ch <- 2:\ncase <-ch:\ncase x = <-ch:\ndefault:\n}\n")));
    assertEquals("select {}", Sx.of(stmt("select {}\n")));
  }

  @Test
  void forStatements() {
    assertEquals("for _; _; _ {}", Sx.of(stmt("for {\n}\n")));
    assertEquals("for _; (x < INT:10); _ {}", Sx.of(stmt("for x < 10 {\n}\n")));
    assertEquals("for i := INT:0; (i < n); i++ {}", Sx.of(stmt("for i := 0; i < n; i++ {\n}\n")));
    assertEquals("for _; _; _ {}", Sx.of(stmt("for ;; {\n}\n")));
    assertEquals("for i := INT:0; _; i += INT:2 {}", Sx.of(stmt("for i := 0; ; i += 2 {\n}\n")));
  }

  @Test
  void rangeStatements() {
    assertEquals("range _, _ _ ch {}", Sx.of(stmt("for range ch {\n}\n")));
    assertEquals("range i, _ := INT:10 {}", Sx.of(stmt("for i := range 10 {\n}\n")));
    assertEquals("range k, v := m {}", Sx.of(stmt("for k, v := range m {\n}\n")));
    assertEquals("range k, _ = m {}", Sx.of(stmt("for k = range m {\n}\n")));
    assertEquals("range a[INT:0], b.c = m {}", Sx.of(stmt("for a[0], b.c = range m {\n}\n")));
    assertEquals("range _, x := []int{INT:1} {}", Sx.of(stmt("for _, x := range []int{1} {\n}\n")));
    Stmt.Range r = (Stmt.Range) stmt("for k, v := range m {\n\tk = v\n}\n");
    pos(r, 1, 1);
    assertEquals(3, r.body.endLine);
  }

  @Test
  void positionsFollowTheContract() {
    Stmt.Assign a = (Stmt.Assign) stmt("result := pkg.F(a)[i] + b*c\n");
    pos(a, 1, 1);
    Expr.Binary plus = (Expr.Binary) a.rhs.get(0);
    pos(plus, 1, 23); // a binary expression sits at its operator
    pos(plus.x, 1, 11); // an index, call or selector at its first token
    pos(((Expr.Index) plus.x).x, 1, 11);
    pos(((Expr.Call) ((Expr.Index) plus.x).x).fun, 1, 11);
    pos(((Expr.Selector) ((Expr.Call) ((Expr.Index) plus.x).x).fun).sel, 1, 15);
    pos(plus.y, 1, 26);
    Stmt.Assign t = (Stmt.Assign) stmt("s := \"日本\" + x\n");
    pos(((Expr.Binary) t.rhs.get(0)).y, 1, 17); // columns count UTF-8 bytes, as gc's
  }

  // ---- errors ----

  static Stream<String[]> builderErrors() {
    return Stream.of(
        new String[] {"func main() {\n\tif true\n\t{\n\t}\n}\n", "2:9: syntax error: unexpected newline, expected { after if clause"},
        new String[] {"if x := 1 {\n}\n", "1:6: syntax error: cannot use x := 1 as value"},
        new String[] {"if x = 1 {\n}\n", "1:6: syntax error: cannot use assignment x = 1 as value"},
        new String[] {"if x = a + b {\n}\n", "1:6: syntax error: cannot use assignment x = (a + b) as value"},
        new String[] {"if {\n}\n", "1:4: syntax error: missing condition in if statement"},
        new String[] {"if x; {\n}\n", "1:5: syntax error: missing condition in if statement"},
        new String[] {"for i := 0; i < 3; j := 1 {\n}\n", "1:22: syntax error: cannot declare in post statement of for loop"},
        new String[] {"for x := 1 {\n}\n", "1:7: syntax error: cannot use x := 1 as value"},
        new String[] {"switch x := 1 {\n}\n", "1:10: syntax error: cannot use x := 1 as value"},
        new String[] {"if x := range y {\n}\n", "1:9: syntax error: unexpected range, expected expression"},
        new String[] {"func f(a int, []string) {}\n", "1:15: syntax error: mixed named and unnamed parameters"},
        new String[] {"func f(a, b int, c) {}\n", "1:18: syntax error: mixed named and unnamed parameters"},
        new String[] {"func (a, b T) m() {}\n", "1:15: method has multiple receivers"},
        new String[] {"func () m() {}\n", "1:9: method has no receiver"},
        new String[] {"x := [...]int\n", "1:6: invalid use of [...] array (outside a composite literal)"},
        new String[] {"import \"a\"\nx := 1\nimport \"b\"\n", "3:1: syntax error: imports must appear before other declarations"},
        new String[] {"x := 0x\n", "1:8: hexadecimal literal has no digits"},
        new String[] {"x := 089\n", "1:7: invalid digit '8' in octal literal"},
        new String[] {"x := 0b102\n", "1:10: invalid digit '2' in binary literal"},
        new String[] {"x := 0o8\n", "1:8: invalid digit '8' in octal literal"},
        new String[] {"x := 1__0\n", "1:8: '_' must separate successive digits"},
        new String[] {"x := 1_\n", "1:7: '_' must separate successive digits"},
        new String[] {"x := 1e\n", "1:8: exponent has no digits"},
        new String[] {"x := 0x1.8\n", "1:11: hexadecimal mantissa requires a 'p' exponent"},
        new String[] {"x := 1p4\n", "1:7: 'p' exponent requires hexadecimal mantissa"},
        new String[] {"x := 0x1e4p2.5\n", "1:13: syntax error: unexpected literal .5 at end of statement"},
        new String[] {"x := 0b1.0\n", "1:9: invalid radix point in binary literal"},
        new String[] {"x := 0o7e1\n", "1:9: 'e' exponent requires decimal mantissa"},
        new String[] {"x := 'ab'\n", "1:6: more than one character in rune literal"},
        new String[] {"x := ''\n", "1:7: empty rune literal or unescaped '"},
        new String[] {"x := \"\\q\"\n", "1:8: unknown escape"},
        new String[] {"x := \"\\xZZ\"\n", "1:9: invalid character 'Z' in hexadecimal escape"},
        new String[] {"x := \"\\400\"\n", "1:11: octal escape value 256 > 255"},
        new String[] {"x := \"\\uD800\"\n", "1:13: escape is invalid Unicode code point U+D800"},
        new String[] {"x := '\\u12'\n", "1:11: invalid character '\\'' in hexadecimal escape"},
        new String[] {"f(a,, b)\n", "1:5: syntax error: unexpected comma, expected expression"},
        new String[] {"f(a..., b)\n", "1:9: syntax error: unexpected name b, expected )"},
        new String[] {"x := T{1,, 2}\n", "1:10: syntax error: unexpected comma, expected expression"},
        new String[] {"func f(a int,, b int) {}\n", "1:14: syntax error: unexpected comma, expected )"},
        new String[] {"type S struct{ a int;; b int }\n", "1:22: syntax error: unexpected semicolon, expected field name or embedded type"},
        new String[] {"var (\n\ta int;;\n)\n", "2:8: syntax error: unexpected semicolon, expected name"},
        // import paths' problems as go run prints them: the go command's loader finds them
        // before gc, and says them without "syntax error:" (the first one only)
        new String[] {"import (\n\t\"a\";;\n)\n", "2:6: missing import path"},
        new String[] {"import (\n\tx 42\n\t4.5\n)\n", "2:4: import path must be a string"},
        new String[] {"import (\n\t\"a\"\n\tb\n)\n", "3:3: missing import path"},
        new String[] {"a.b: x := 1\n", "1:4: syntax error: unexpected : at end of statement"},
        new String[] {"func main() {\n\tfunc g() {}\n}\n", "2:7: syntax error: unexpected name g, expected ("});
  }

  @ParameterizedTest
  @MethodSource("builderErrors")
  void builderErrorsReadAsGcWritesThem(String src, String want) {
    List<String> errs = errors(src);
    assertFalse(errs.isEmpty(), "no error for: " + src);
    assertEquals(want, errs.get(0));
  }

  @Test
  void errorsAreReportedWithTheFileName() {
    Diagnostics d = new Diagnostics();
    Parser.parse("prog.gol", "x := )\n", d);
    assertEquals("prog.gol:1:6: syntax error: unexpected ), expected expression\n", d.report());
  }

  @Test
  void incompleteInputIsFlaggedForTheRepl() {
    assertTrue(Parser.parseSource("t.gol", "for i := 0; i < 3; i++ {\n", new Diagnostics()).incomplete());
    assertFalse(Parser.parseSource("t.gol", "x := 1\n", new Diagnostics()).incomplete());
    assertFalse(Parser.parseSource("t.gol", "x := )\n", new Diagnostics()).incomplete());
  }

  /** Whatever the input, the parser reports errors and returns a File; it never throws. */
  @Test
  void neverThrowsOnGarbage() {
    String[] parts = {
      "x", ":=", "=", "1", "\"s\"", "'c'", "(", ")", "{", "}", "[", "]", ",", ";", "\n", "func", "if",
      "else", "for", "range", "switch", "case", "default", ":", "select", "go", "defer", "return",
      "type", "struct", "interface", "map", "chan", "<-", "*", "&", "...", ".", "+", "var", "const",
      "import", "package", "T", "0x", "1e", "`", "/*", "@", "break", "goto", "L", ".(type)",
    };
    Random r = new Random(42);
    for (int i = 0; i < 2000; i++) {
      StringBuilder b = new StringBuilder();
      int len = 1 + r.nextInt(30);
      for (int k = 0; k < len; k++) {
        b.append(parts[r.nextInt(parts.length)]).append(r.nextInt(4) == 0 ? "\n" : " ");
      }
      Diagnostics d = new Diagnostics();
      File f = Parser.parse("fuzz.gol", b.toString(), d);
      assertNotNull(f);
      for (Diagnostics.Error e : d.sorted()) {
        assertFalse(e.message().startsWith("internal error"), b + " => " + e);
      }
    }
  }
}
