package gol.interp.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ill-typed programs and the exact errors gc reports for them (first line of each, with position). */
class ErrorsTest {
  static List<String> errs(String src) {
    List<String> out = new ArrayList<>();
    for (String e : CheckTestSupport.check(src).firstLines()) {
      out.add(e.substring("prog.gol:".length()));
    }
    return out;
  }

  static void expect(String src, String... errors) {
    assertEquals(List.of(errors), errs(src));
  }

  static String main(String body) {
    return "package main\n\nfunc main() {\n" + body + "\n}\n";
  }

  @Test
  void assignmentMismatchMessages() {
    expect(main("\tvar x int\n\tvar s string\n\ts = x\n\t_ = s"),
        "6:6: cannot use x (variable of type int) as string value in assignment");
    expect("package main\n\nfunc f(a int, b string) {}\n\nfunc main() {\n\tf(\"a\", 1)\n}\n",
        "6:4: cannot use \"a\" (untyped string constant) as int value in argument to f",
        "6:9: cannot use 1 (untyped int constant) as string value in argument to f");
    expect("package main\n\nfunc f() string {\n\treturn 1\n}\n\nfunc main() {}\n",
        "4:9: cannot use 1 (untyped int constant) as string value in return statement");
    expect(main("\tvar i int = 1.5\n\t_ = i"),
        "4:14: cannot use 1.5 (untyped float constant) as int value in variable declaration (truncated)");
    expect(main("\tvar i int\n\ti = 1.5\n\t_ = i"),
        "5:6: cannot use 1.5 (untyped float constant) as int value in assignment (truncated)");
    expect(main("\tvar b byte = 256\n\t_ = b"),
        "4:15: cannot use 256 (untyped int constant) as byte value in variable declaration (overflows)");
  }

  @Test
  void constantConversionOverflow() {
    expect(main("\t_ = byte(256)"), "4:11: constant 256 overflows byte");
    expect(main("\t_ = int(1.5)"), "4:10: cannot convert 1.5 (untyped float constant) to type int");
    expect(main("\tconst c byte = 255\n\t_ = c + 1"), "5:6: c + 1 (constant 256 of type byte) overflows byte");
  }

  @Test
  void operators() {
    expect(main("\tx := 1\n\t_ = !x"), "5:7: invalid operation: operator ! not defined on x (variable of type int)");
    expect(main("\tx := \"a\"\n\t_ = x - x"),
        "5:6: invalid operation: operator - not defined on x (variable of type string)");
    expect(main("\t_ = 1 / 0"), "4:10: invalid operation: division by zero");
    expect(main("\tx := 1\n\t_ = x % 0"), "5:10: invalid operation: division by zero");
    expect(main("\tx := 1.5\n\t_ = x << 2"),
        "5:6: invalid operation: shifted operand x (variable of type float64) must be integer");
    expect(main("\tx := 1\n\t_ = x << 1.5"), "5:11: 1.5 (untyped float constant) truncated to uint");
    expect(main("\tx := 1\n\t_ = x << -1"), "5:11: invalid operation: negative shift count -1 (untyped int constant)");
    expect(main("\tvar s []int\n\t_ = s == s"),
        "5:6: invalid operation: s == s (slice can only be compared to nil)");
    expect(main("\tx := 1\n\t_ = x == \"a\""),
        "5:11: invalid operation: x == \"a\" (mismatched types int and untyped string)");
    expect(main("\tx := 1\n\tvar f float64\n\t_ = x + f"),
        "6:6: invalid operation: x + f (mismatched types int and float64)");
    expect(main("\tx := 1\n\t_ = x + 1.5"), "5:10: 1.5 (untyped float constant) truncated to int");
  }

  @Test
  void declaredAndNotUsed() {
    expect(main("\tx := 1"), "4:2: declared and not used: x");
    expect(main("\tx := 1\n\tx = 2"), "4:2: declared and not used: x");
    expect(main("\tvar a, b int\n\t_ = a"), "4:9: declared and not used: b");
    expect(main("\tx := 1\n\tfunc() {\n\t\tx = 2\n\t}()"), "4:2: declared and not used: x");
    expect(main("\tx := 0\n\tx++"));
  }

  @Test
  void shortVarDecl() {
    expect(main("\tx := 1\n\tx := 2\n\t_ = x"), "5:4: no new variables on left side of :=");
    expect(main("\tx, y := 1, 2\n\tx, z := 3, 4\n\t_, _, _ = x, y, z"));
  }

  @Test
  void undefinedNames() {
    expect(main("\t_ = y"), "4:6: undefined: y");
    expect("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Foo()\n}\n", "6:6: undefined: fmt.Foo");
    expect("package main\n\nimport \"os\"\n\nfunc main() {\n}\n", "3:8: \"os\" imported and not used");
    expect("package main\n\nimport \"nosuch\"\n\nfunc main() {\n}\n", "3:8: package nosuch is not in std");
  }

  @Test
  void redeclared() {
    expect(main("\tvar x int\n\tvar x string\n\t_ = x"), "5:6: x redeclared in this block");
    expect("package main\n\nfunc f() {}\nfunc f() {}\n\nfunc main() {}\n", "4:6: f redeclared in this block");
  }

  @Test
  void callArity() {
    var r = CheckTestSupport.check("package main\n\nfunc f(a, b int) {}\n\nfunc main() {\n\tf(1)\n\tf(1, 2, 3)\n}\n");
    assertEquals(List.of(
        "prog.gol:6:4: not enough arguments in call to f\n\thave (number)\n\twant (int, int)",
        "prog.gol:7:10: too many arguments in call to f\n\thave (number, number, number)\n\twant (int, int)"),
        r.errors());
    expect("package main\n\nfunc f() int { return 1 }\n\nfunc main() {\n\ta, b := f()\n\t_, _ = a, b\n}\n",
        "6:10: assignment mismatch: 2 variables but f returns 1 value");
    expect(main("\ta, b := 1\n\t_, _ = a, b"), "4:10: assignment mismatch: 2 variables but 1 value");
    expect(main("\tx := 1\n\tx()"), "5:2: invalid operation: cannot call non-function x (variable of type int)");
    expect("package main\n\nfunc f() {}\n\nfunc main() {\n\tx := f()\n\t_ = x\n}\n", "6:7: f() (no value) used as value");
    expect("package main\n\nfunc f() (int, int) { return 1, 2 }\n\nfunc main() {\n\tx := f() + 1\n\t_ = x\n}\n",
        "6:7: multiple-value f() (value of type (int, int)) in single-value context");
  }

  @Test
  void multiValueCallAsArguments() {
    expect("package main\n\nfunc g() (int, string) { return 1, \"a\" }\nfunc f(a int, b string) {}\n\nfunc main() {\n\tf(g())\n}\n");
  }

  @Test
  void returns() {
    expect("package main\n\nfunc f() int {\n}\n\nfunc main() {}\n", "4:1: missing return");
    expect("package main\n\nfunc f(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n}\n\nfunc main() {}\n",
        "7:1: missing return");
    expect("package main\n\nfunc f(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t} else {\n\t\treturn 2\n\t}\n}\n\n"
        + "func g() int {\n\tfor {\n\t}\n}\n\nfunc h() int {\n\tpanic(1)\n}\n\nfunc main() {}\n");
    expect("package main\n\nfunc f() int {\n\tfor {\n\t\tbreak\n\t}\n}\n\nfunc main() {}\n", "7:1: missing return");
    var r = CheckTestSupport.check("package main\n\nfunc f() (int, error) {\n\treturn 1\n}\n\nfunc main() {}\n");
    assertEquals(List.of("prog.gol:4:9: not enough return values\n\thave (number)\n\twant (int, error)"), r.errors());
    expect("package main\n\nfunc f() {\n\treturn 1\n}\n\nfunc main() {}\n", "4:9: too many return values");
  }

  @Test
  void branches() {
    expect(main("\tbreak"), "4:2: break is not in a loop, switch, or select");
    expect(main("\tcontinue"), "4:2: continue is not in a loop");
    expect(main("\tswitch {\n\tcase true:\n\t\tfallthrough\n\t}"), "6:3: cannot fallthrough final case in switch");
    expect(main("\tfor {\n\t\tfallthrough\n\t}"), "5:3: fallthrough statement out of place");
    expect(main("L:\n\tfor {\n\t}"), "4:1: label L defined and not used");
    expect(main("\tgoto L"), "4:7: label L not defined");
    expect(main("L:\n\t{\n\t\tfor {\n\t\t\tbreak L\n\t\t}\n\t}"), "7:10: invalid break label L");
    // gc: a label of the function that does not enclose the break is invalid, not undefined
    expect(main("L:\n\tx := 1\n\t_ = x\n\tfor {\n\t\tbreak L\n\t}"), "8:9: invalid break label L");
    expect(main("\tfor {\n\t\tbreak M\n\t}"), "5:9: break label not defined: M");
    expect(main("L:\n\tfor {\n\t\tfor {\n\t\t\tcontinue L\n\t\t}\n\t}"));
  }

  @Test
  void stringsAndConversions() {
    expect(main("\ts := \"abc\"\n\ts[0] = 'x'"),
        "5:2: cannot assign to s[0] (neither addressable nor a map index expression)");
    expect(main("\tx := 1\n\t_ = string(x)\n\t_ = []byte(\"a\")\n\t_ = []rune(\"a\")\n\t_ = string([]byte{1})"));
    expect(main("\t_ = int(\"a\")"), "4:10: cannot convert \"a\" (untyped string constant) to type int");
  }

  @Test
  void iotaOutsideConst() {
    expect(main("\t_ = iota"), "4:6: cannot use iota outside constant declaration");
  }

  @Test
  void notUsedExpressions() {
    expect(main("\tx := 1\n\tx + 1"), "5:2: x + 1 (value of type int) is not used");
    expect(main("\tlen(\"a\")"), "4:2: len(\"a\") (constant 1 of type int) is not used");
    expect(main("\tx := 1\n\tx"), "5:2: x (variable of type int) is not used");
  }

  @Test
  void breedingInstantiationsStopWithAnError() {
    // Found by fuzzing: Nest's result instantiates Pair with a growing argument and its body
    // with another one, so each instance's methods make two new instances. Checking must end;
    // as gc, only the body's type error is reported (the cycle check runs when there are none).
    String src = "package main\n\ntype Pair[K comparable, V any] struct {\n\tk K\n\tv V\n}\n\n"
        + "func (p Pair[K, V]) Nest() Pair[K, map[K]Pair[K, V]] {\n\tvar z Pair[K, map[any]Pair[K, V]]\n\treturn z\n}\n\n"
        + "func main() {\n\t_ = Pair[int, string]{}\n}\n";
    List<String> errors = CheckTestSupport.check(src).firstLines();
    assertEquals(List.of("prog.gol:10:9: cannot use z (variable of type Pair[K, map[any]Pair[K, V]]) as "
        + "Pair[K, map[K]Pair[K, V]] value in return statement"), errors);
    // without the type error, the cycle
    errors = CheckTestSupport.check(src.replace("map[any]", "map[K]")).firstLines();
    assertEquals(List.of("prog.gol:3:25: instantiation cycle:"), errors);
  }

  @Test
  void instantiationCycleFoundBeforeInstancesBreed() {
    // Two generic functions instantiating each other and themselves with growing arguments
    // double their instances at each level (tests/generics/instantiation_cycle_breeding_funcs):
    // the cycle is known from the generic code, so no instance body is checked and the
    // instances are only those main's call makes, not thousands up to the checker's limits.
    String src = "package main\n\nfunc Wrap[T any](x T) {\n\tNest(&x)\n}\n\n"
        + "func Nest[T any](x T) {\n\tNest(&x)\n\tWrap([]T{x})\n}\n\nfunc main() {\n\tWrap(1)\n}\n";
    CheckTestSupport.Result r = CheckTestSupport.check(src);
    assertEquals(List.of("prog.gol:7:11: instantiation cycle:"), r.firstLines());
    assertTrue(r.file().instances.size() <= 2, r.file().instances.size() + " instances");
    // with a type error besides (gc then reports only that), the same
    r = CheckTestSupport.check(src.replace("Wrap(1)", "Wrap(1)\n\tvar s string = 1"));
    assertEquals(List.of("prog.gol:14:6: declared and not used: s",
        "prog.gol:14:17: cannot use 1 (untyped int constant) as string value in variable declaration"), r.firstLines());
    assertTrue(r.file().instances.size() <= 2, r.file().instances.size() + " instances");
  }

  @Test
  void nonBoolCondition() {
    expect(main("\tif 1 {\n\t}"), "4:5: non-boolean condition in if statement");
  }
}
