package gol.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The grammar on valid programs (SLL suffices, LL agrees) and on invalid ones (gc's messages). */
class GolParsingTest {

  static List<String> errors(String src) {
    List<String> out = new ArrayList<>();
    GolParsing.parse(src, (l, c, m) -> out.add(l + ":" + c + ": " + m));
    return out;
  }

  /** Programs covering every construct; each must parse without error in the SLL stage. */
  static Stream<String> validPrograms() {
    return Stream.of(
        // files: script mode, package clause, imports in every form
        "",
        "x := 1\n",
        "package main\n",
        "package main\nfunc main() {}\n",
        "import \"fmt\"\nfmt.Println(1)\n",
        "import (\n\t\"fmt\"\n\tstr \"strings\"\n\t. \"math\"\n\t_ \"os\"\n)\nimport `sort`\n",
        "package main; import \"fmt\"; func main() { fmt.Println() }",
        // declarations
        "const A = 1\nconst B int = 2\nconst (\n\tC = iota\n\tD\n\tE, F = iota * 2, \"x\"\n\tG, H\n)\n",
        "var x int\nvar y = 1\nvar z, w int = 1, 2\nvar (\n\ta int\n\tb, c = 1, 2\n)\nvar ()\n",
        "type T int\ntype A = T\ntype (\n\tU struct{}\n\tV = []int\n)\n",
        "type S struct {\n\ta, b int `json:\"a\"`\n\t*E\n\tpkg.F \"tag\"\n\tG\n\tf func(int) (int, error)\n\tch <-chan chan<- int\n\tm map[string][]*S\n\tarr [3 + 2]int\n}\n",
        "type I interface {\n\tM(x int) string\n\tfmt.Stringer\n\tN()\n\tJ\n}\ntype E interface{}\n",
        "type F func(a, b int, c ...string) (x int, err error)\n",
        // functions: bodiless (natives), receivers, variadics, results
        "func Println(a ...any) (n int, err error)\n",
        "func (t *T) M(x int) int { return t.a + x }\nfunc (T) V() {}\nfunc (t T) W() (int, string) { return 0, \"\" }\n",
        "func f(int, string) {}\nfunc g(a, b int, c string) (r int) { r = a; return }\nfunc h(...int) {}\n",
        "func f() func() int { return func() int { return 1 } }\n",
        "func f() (a, b int) { return }\nfunc g() (int) { return 1 }\n",
        // simple statements
        "x = 1\nx += 2\nx -= 1\nx *= 2\nx /= 2\nx %= 3\nx &= 1\nx |= 2\nx ^= 3\nx <<= 1\nx >>= 1\nx &^= 1\n",
        "x++\ny--\na, b = b, a\nc, d := 1, 2\nch <- v\n<-ch\nf()\n_ = x\n",
        "v, ok := <-ch\nv, ok = m[k]\nt, ok := x.(T)\n",
        // expressions, every operator and level
        "x := a || b && c == d != e < f <= g > h >= i + j - k | l ^ m * n / o % p << q >> r & s &^ t\n",
        "x := -a + +b - ^c * !d\ny := *p\nz := &T{}\nw := <-ch\nv := &x\n",
        "x := f(a, b...)\ny := f(a, b,)\nz := f(\n\ta,\n\tb,\n)\n",
        "x := a[1]\ny := a[1:2]\nz := a[:]\nw := a[1:]\nv := a[:2]\nu := a[1:2:3]\nt := a[:2:3]\n",
        "x := y.(fmt.Stringer)\nz := w.(*T)\nm := n.(interface{ M() })\n",
        "x := a.b.c.d\ny := f().g()[0].h\n",
        // conversions
        "x := []byte(s)\ny := (*T)(nil)\nz := (<-chan int)(ch)\nw := func(int) int(nil)\n"
            + "v := map[string]int(m)\nu := chan int(c)\nt := interface{}(1)\ns := struct{}(e)\nr := [2]int(a)\n",
        "x := <-chan int(nil)\ny := make(chan int, 3)\nz := make(chan<- int)\nw := new(int)\n",
        "m := make(map[string]int)\ns := make([]int, 3, 10)\nf := new(func())\n",
        // literals
        "x := 0x1F + 0o17 + 017 + 0b1010 + 1_000_000 + 0X_FF\n",
        "y := 1.5e10 + .5 + 1. + 0x1p-2 + 0x1.8P+3 + 1e-3 + 1_0.0_1\n",
        "z := 3i + 1.5i + 0i\n",
        "r := 'a' + '\\n' + '\\x41' + '\\101' + '\\u1234' + '\\U00012345' + '\\'' + '日'\n",
        "s := \"hello\\n\\t\\\"w\\\"\\xff\\u00e9\" + `raw\nstring \\n`\n",
        // composite literals
        "a := [...]int{1, 2, 3}\nb := [3]int{}\nc := []int{1, 2,}\nd := map[string]int{\"a\": 1}\n",
        "e := [][]int{{1, 2}, {3}}\nf := []*T{{a: 1}, {b: 2}}\ng := map[T]T{{a: 1}: {b: 2}}\n",
        "h := T{}\ni := T{a: 1, b: 2}\nj := pkg.T{1, 2}\nk := struct{ a int }{1}\nl := &T{\n\ta: 1,\n}\n",
        "m := []struct{ x, y int }{{1, 2}, {x: 3}}\nn := [2][2]int{[2]int{1, 2}, {3, 4}}\n",
        "o := T{}.Method()\np := []int{1}[0]\n",
        // function literals
        "f := func(a int) int { return a * 2 }\ngo func() { ch <- 1 }()\ndefer func() { recover() }()\n",
        "func() { println() }()\n",
        // go, defer, return, branches, labels, goto
        "go f(x)\ndefer g()\ndefer mu.Unlock()\n",
        "func f() {\nL:\n\tfor {\n\t\tbreak L\n\t}\nM:\n\tfor {\n\t\tcontinue M\n\t}\n\tgoto N\nN:\n}\n",
        "func f() int {\n\treturn 1\n}\nfunc g() {\n\treturn\n}\n",
        // blocks
        "{\n\tx := 1\n\t{\n\t\t_ = x\n\t}\n}\n",
        // if
        "if x {\n}\nif x := f(); x > 0 {\n} else if y {\n} else {\n}\nif (T{}) == (T{}) {\n}\n",
        "if x := (T{a: 1}); x.a > 0 {\n}\nif f := func() bool { return true }; f() {\n}\nif v, ok := m[k]; ok {\n}\n",
        // switch
        "switch {\ncase x > 1:\n\tbreak\ndefault:\n\tfallthrough\ncase x < 0:\n}\n",
        "switch x := y; x {\ncase 1, 2:\ncase 3:\n}\nswitch x {\n}\nswitch f(); {\n}\n",
        "switch v := x.(type) {\ncase int, string:\n\t_ = v\ncase nil:\ncase []int, map[string]int, *T, func(), chan int, <-chan int, struct{}:\ndefault:\n}\n",
        "switch x.(type) {\n}\nswitch init(); t := x.(type) {\ncase T:\n}\n",
        // select
        "select {\ncase v := <-ch:\n\t_ = v\ncase v, ok := <-ch:\ncase ch <- 2:\ncase <-ch:\ncase x = <-ch:\ndefault:\n}\nselect {}\n",
        // for, every form
        "for {\n}\nfor x < 10 {\n}\nfor i := 0; i < 10; i++ {\n}\nfor ;; {\n}\nfor i := 0; ; {\n}\nfor ; i < 3; {\n}\n",
        "for range ch {\n}\nfor i := range 10 {\n}\nfor k, v := range m {\n}\nfor k = range m {\n}\nfor k, v = range m {\n}\n",
        "for _, x := range []int{1, 2} {\n}\nfor _, t := range []T{{}} {\n}\nfor i := range [3]int{} {\n}\n",
        // types in odd places
        "var f func(func(int) int) func() error\nvar c chan<- chan int\nvar d <-chan <-chan int\nvar p **[]map[int]*T\n",
        "var a [N]int\nvar b [2 * N][3]string\nvar s struct{}\nvar i interface{ M(); N(int) (bool, error) }\n",
        "var x, y = T{}, U{}\nconst big = 1 << 100\n",
        // semicolons written out, comments everywhere
        "x := 1; y := 2; { z := 3; _ = z }; _ = x + y\n",
        "x := /* c */ 1 // end\n/* multi\nline */\ny := 2\n",
        "func f(\n\ta int,\n\tb string,\n) (\n\tint,\n\terror,\n) {\n\treturn 0, nil\n}\n");
  }

  @ParameterizedTest
  @MethodSource("validPrograms")
  void validProgramsParseInTheSllStage(String src) {
    List<String> errs = new ArrayList<>();
    GolParsing.Result r = GolParsing.parse(src, (l, c, m) -> errs.add(l + ":" + c + ": " + m));
    assertEquals(List.of(), errs);
    assertFalse(r.usedLL, "SLL failed and the LL stage ran");
    assertEquals(0, r.errors);
    assertFalse(r.incomplete);
  }

  @ParameterizedTest
  @MethodSource("validPrograms")
  void llBuildsTheSameTreeAsSll(String src) {
    GolParsing.Result sll = GolParsing.parse(src, (l, c, m) -> { });
    GolParsing.Result ll = GolParsing.parse(src, (l, c, m) -> { }, true);
    assertTrue(ll.usedLL);
    assertEquals(sll.tree.toStringTree(), ll.tree.toStringTree());
  }

  @Test
  void everyProgramInTheRepositoryParses() throws IOException {
    Path root = Path.of("..");
    for (String dir : new String[] {"tests", "examples", "stdlib"}) {
      Path d = root.resolve(dir);
      if (!Files.isDirectory(d)) {
        continue;
      }
      List<Path> files;
      try (Stream<Path> s = Files.walk(d)) {
        files = s.filter(p -> p.toString().endsWith(".gol") && !p.toString().contains("syntax_")).toList();
      }
      for (Path p : files) {
        GolParsing.Result r = GolParsing.parse(Files.readString(p), (l, c, m) -> { });
        assertEquals(0, r.errors, p.toString());
        assertFalse(r.usedLL, "SLL failed on " + p);
      }
    }
  }

  /**
   * Start-up: ANTLR's adaptive prediction costs milliseconds on its first use in a cold JVM, so
   * the grammar keeps it off the common paths (see the comment at the top of Gol.g4). Programs
   * made of the everyday constructs must parse with LL(1) decisions alone. Deterministic: counts
   * prediction calls, times nothing.
   */
  @Test
  void everydayProgramsNeedNoAdaptivePrediction() {
    String src = "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n"
        + "type Point struct {\n\tX, Y int\n\tname string `json:\"n\"`\n}\n\n"
        + "type Shape interface {\n\tArea() float64\n\tfmt.Stringer\n}\n\n"
        + "const (\n\tA = iota\n\tB\n)\n\nvar total, count int\n\n"
        + "func (p *Point) Move(dx, dy int) (int, error) {\n\tp.X += dx\n\treturn p.X, nil\n}\n\n"
        + "func sum(xs ...int) int {\n\ts := 0\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}\n\n"
        + "func main() {\n\tp := &Point{X: 1, Y: 2}\n\tm := map[string]int{\"a\": 1}\n\tv, ok := m[\"a\"]\n"
        + "\tif v > 0 && ok {\n\t\tfmt.Println(strings.ToUpper(\"x\"), v, p.X)\n\t} else {\n\t\tpanic(\"no\")\n\t}\n"
        + "\tfor i := 0; i < 10; i++ {\n\t\tif i%2 == 0 {\n\t\t\tcontinue\n\t\t}\n\t\ttotal += i * (i + 1)\n\t}\n"
        + "\tswitch x := sum(1, 2, 3); {\n\tcase x > 5:\n\t\tfmt.Printf(\"%d\\n\", x)\n\tdefault:\n\t}\n"
        + "\tvar s Shape\n\tswitch t := s.(type) {\n\tcase nil, *Point:\n\t\t_ = t\n\t}\n"
        + "\tdefer func() {\n\t\trecover()\n\t}()\n\tgo func() { count++ }()\n"
        + "\tnums := []int{1, 2, 3}\n\tfmt.Println(nums[1:], len(nums), A, B)\n"
        + "\tbuf := make([]byte, 0, 64)\n\tidx := make(map[string][]int)\n\tch := make(chan int, 1)\n"
        + "\tdone := make(chan struct{})\n\tfmt.Println(string([]byte(\"x\")), []string{\"a\"}, buf, idx)\n"
        + "\tsort.Slice(nums, func(i, j int) bool { return nums[i] < nums[j] })\n"
        + "\tch <- 1\n\tclose(done)\n\tfmt.Println(interface{}(1), map[string]int{}, len([3]int{}))\n}\n";
    int[] calls = {0};
    org.antlr.v4.runtime.CommonTokenStream ts =
        new org.antlr.v4.runtime.CommonTokenStream(new GolScanner(src, (l, c, m) -> { }));
    ts.fill();
    GolParsing.markFuncDecls(ts.getTokens());
    GolParser p = new GolParser(ts);
    p.setInterpreter(new org.antlr.v4.runtime.atn.ParserATNSimulator(p, p.getATN(),
        p.getInterpreter().decisionToDFA, new org.antlr.v4.runtime.atn.PredictionContextCache()) {
      @Override
      public int adaptivePredict(org.antlr.v4.runtime.TokenStream in, int decision,
          org.antlr.v4.runtime.ParserRuleContext outer) {
        calls[0]++;
        return super.adaptivePredict(in, decision, outer);
      }
    });
    p.removeErrorListeners();
    p.setErrorHandler(new org.antlr.v4.runtime.BailErrorStrategy());
    p.sourceFile();
    assertEquals(0, calls[0], "adaptivePredict calls");
  }

  @Test
  void theCompositeLiteralAmbiguityIsResolvedAsGoDoes() {
    // in a header, "T {" opens the block; parenthesised, it is a literal
    assertEquals(List.of(), errors("if x == T {\n}\n"));
    assertEquals(List.of(), errors("for _, v := range s {\n}\n"));
    // "if x == T{} {": the header is "x == T", "{}" the block, and the second "{" is extra
    assertEquals(List.of("1:13: syntax error: unexpected { at end of statement"), errors("if x == T{} {\n}\n"));
    // a type literal is a literal even in a header, as in gc
    assertEquals(List.of(), errors("for _, b := range []byte{1} {\n}\nswitch s := []byte(x); len(s) {\n}\n"));
  }

  // ---- errors ----

  static Stream<String[]> badPrograms() {
    return Stream.of(
        new String[] {"func main() {\n\tfmt.Println(\"a\"\n}\n",
            "2:17: syntax error: unexpected newline in argument list; possibly missing comma or )"},
        new String[] {"func main() {\n\tx := 1 y := 2\n}\n", "2:9: syntax error: unexpected name y at end of statement"},
        new String[] {"func main() {\n\tif x {\n\t}\n\telse {\n\t}\n}\n", "4:2: syntax error: unexpected else, expected }"},
        new String[] {"func main() {\n\tx := \n}\n", "3:1: syntax error: unexpected }, expected expression"},
        new String[] {"func f(a int b int) {}\n", "1:14: syntax error: unexpected name b in parameter list; possibly missing comma or )"},
        new String[] {"func f(a, 3) {}\n", "1:11: syntax error: unexpected literal 3, expected )"},
        new String[] {"func f() (+) {}\n", "1:11: syntax error: unexpected +, expected )"},
        new String[] {"x := []int{1, 2\n3}\n", "1:16: syntax error: unexpected newline in composite literal; possibly missing comma or }"},
        new String[] {"}\nx := 1\n", "1:1: syntax error: unexpected }"},
        new String[] {"func main() {\n\tfor i := 0; i < 10; i++\n\t{\n\t}\n}\n", "2:25: syntax error: unexpected newline, expected { after for clause"},
        new String[] {"var x\n", "1:6: syntax error: unexpected newline, expected type"},
        new String[] {"func main() {\n\tx.\n}\n", "3:1: syntax error: unexpected }, expected name or ("},
        new String[] {"func main() {\n", "2:1: syntax error: unexpected EOF, expected }"},
        new String[] {"func main() {\n\tif x y {\n\t}\n}\n", "2:7: syntax error: unexpected name y, expected {"},
        new String[] {"func f() {}\nfunc g() {} x\n", "2:13: syntax error: unexpected name x after top level declaration"},
        new String[] {"func main() {\n\ta[1 2]\n}\n", "2:6: syntax error: unexpected literal 2, expected comma, : or ]"},
        new String[] {"x := (1 + 2\ny := 3\n", "1:12: syntax error: unexpected newline, expected )"},
        new String[] {"func main() {\n\tfor i := 0; i < 10 {\n\t}\n}\n", "2:21: syntax error: unexpected {, expected semicolon or newline"},
        new String[] {"fmt.Println(1,\n}\n", "2:1: syntax error: unexpected }, expected expression"},
        new String[] {"type T struct {\n\ta int b int\n}\n", "2:8: syntax error: unexpected name b in struct type; possibly missing semicolon or newline or }"},
        new String[] {"func main() {\n\tif x {\n\t} else return\n}\n", "3:9: syntax error: else must be followed by if or statement block"},
        new String[] {"a, b\n", "1:5: syntax error: unexpected newline, expected := or = or comma"},
        new String[] {"x := 1 +\n", "2:1: syntax error: unexpected EOF, expected expression"},
        new String[] {"x := 1 @ 2\n", "1:8: invalid character U+0040 '@'"},
        new String[] {"switch x {\ncase 1:\n\tf() g()\n}\n", "3:6: syntax error: unexpected name g at end of statement"},
        new String[] {"switch x {\nfoo\n}\n", "2:1: syntax error: unexpected name foo, expected case or default or }"},
        new String[] {"x := \"abc\ny := 1\n", "1:10: newline in string"},
        new String[] {"if a[1 2] {\n}\n", "1:8: syntax error: unexpected literal 2, expected comma, : or ]"},
        new String[] {"select {\ncase a, b:\n}\n", "2:10: syntax error: unexpected :, expected := or = or comma"},
        new String[] {"f(a b)\n", "1:5: syntax error: unexpected name b in argument list; possibly missing comma or )"},
        new String[] {"f([]int{1 2})\n", "1:11: syntax error: unexpected literal 2 in composite literal; possibly missing comma or }"},
        new String[] {"x := make([]int 3)\n", "1:17: syntax error: unexpected literal 3 in argument list; possibly missing comma or )"},
        new String[] {"func main() {\n\tfunc g() {}\n}\n", "2:7: syntax error: unexpected name g, expected ("});
  }

  @ParameterizedTest
  @MethodSource("badPrograms")
  void syntaxErrorsReadAsGcWritesThem(String src, String want) {
    List<String> errs = errors(src);
    assertFalse(errs.isEmpty(), "no error for: " + src);
    assertEquals(want, errs.get(0));
  }

  @Test
  void severalErrorsAreCollectedButOnlyOnePerLine() {
    String src = "func main() {\n\tx := 1 y := 2 z := 3\n\tf(a b)\n\tg(\n}\nfunc h() { a[1 2] }\n";
    List<String> errs = errors(src);
    assertEquals(List.of(
        "2:9: syntax error: unexpected name y at end of statement",
        "3:6: syntax error: unexpected name b in argument list; possibly missing comma or )",
        "5:1: syntax error: unexpected }, expected expression", // gc parses an argument after (
        "6:16: syntax error: unexpected literal 2, expected comma, : or ]"), errs);
  }

  @Test
  void recoveryKeepsTheRestOfTheFileParsing() {
    // after the error in f, g's own error is still found: the blocks stay balanced
    List<String> errs = errors("func f() {\n\tx := 1 y\n\tif a {\n\t}\n}\nfunc g() {\n\tfor {\n\t\t)\n\t}\n}\n");
    assertEquals(2, errs.size(), errs.toString());
    assertTrue(errs.get(1).startsWith("8:3: syntax error: unexpected )"), errs.toString());
  }

  @Test
  void theLlStageRunsOnlyWhenSllFails() {
    GolParsing.Result ok = GolParsing.parse("x := 1\n", (l, c, m) -> { });
    assertFalse(ok.usedLL);
    GolParsing.Result bad = GolParsing.parse("x := )\n", (l, c, m) -> { });
    assertTrue(bad.usedLL);
    assertEquals(1, bad.errors);
  }

  @Test
  void unfinishedInputIsIncomplete() {
    assertTrue(GolParsing.parse("func main() {\n", (l, c, m) -> { }).incomplete);
    assertTrue(GolParsing.parse("fmt.Println(1,\n", (l, c, m) -> { }).incomplete);
    assertTrue(GolParsing.parse("x := `abc\n", (l, c, m) -> { }).incomplete);
    assertTrue(GolParsing.parse("/* abc\n", (l, c, m) -> { }).incomplete);
    assertFalse(GolParsing.parse("x := )\n", (l, c, m) -> { }).incomplete);
    assertFalse(GolParsing.parse("x := 1\n", (l, c, m) -> { }).incomplete);
  }

  @Test
  void aLeadingByteOrderMarkIsIgnored() {
    assertEquals(List.of(), errors("\uFEFFx := 1\n"));
    assertEquals(List.of("1:6: invalid BOM in the middle of the file"), errors("x := \uFEFF1\n"));
  }

  @Test
  void tokensAreNamedAsGcNamesThem() {
    assertEquals("name x", GolErrorStrategy.describe(tok(GolParser.IDENT, "x")));
    assertEquals("literal 42", GolErrorStrategy.describe(tok(GolParser.INT_LIT, "42")));
    assertEquals("literal \"s\"", GolErrorStrategy.describe(tok(GolParser.STRING_LIT, "\"s\"")));
    assertEquals("func", GolErrorStrategy.describe(tok(GolParser.FUNC, "func")));
    assertEquals("newline", GolErrorStrategy.describe(tok(GolParser.SEMI, "\n")));
    assertEquals("semicolon", GolErrorStrategy.describe(tok(GolParser.SEMI, ";")));
    assertEquals("EOF", GolErrorStrategy.describe(tok(GolParser.SEMI, "")));
    assertEquals("comma", GolErrorStrategy.describe(tok(GolParser.COMMA, ",")));
    assertEquals("+=", GolErrorStrategy.describe(tok(GolParser.ADD_ASSIGN, "+=")));
    assertEquals("range", GolErrorStrategy.tokstring(GolParser.RANGE));
    assertEquals("semicolon or newline", GolErrorStrategy.tokstring(GolParser.SEMI));
    assertEquals("{", GolErrorStrategy.tokstring(GolParser.LBRACE));
  }

  private static org.antlr.v4.runtime.Token tok(int type, String text) {
    return new org.antlr.v4.runtime.CommonToken(type, text);
  }
}
