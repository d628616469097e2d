package gol.interp.check;

import static gol.interp.check.CheckTestSupport.first;
import static gol.interp.check.CheckTestSupport.ident;
import static gol.interp.check.CheckTestSupport.ok;
import static gol.interp.check.ErrorsTest.expect;
import static gol.interp.check.ErrorsTest.main;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gol.interp.ast.Expr;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Arrays, slices, maps, structs, pointers, methods, interfaces, channels and the other builtins. */
class CompositeTypesTest {
  @Test
  void compositeLiterals() {
    var r = ok("""
        package main

        type P struct{ X, Y int }

        func main() {
        	a := [...]string{"a", "b", 4: "e"}
        	s := [][]int{{1}, {2, 3}}
        	m := map[string]P{"o": {1, 2}}
        	ps := []*P{{X: 1}}
        	println(len(a), len(s), len(m), ps[0].X)
        }
        """);
    assertEquals("[5]string", ident(r, "a", 0).type.toString());
    var inner = first(r.file(), Expr.CompositeLit.class, c -> c.litType == null);
    assertEquals("[]int", inner.type.toString());
    var elided = CheckTestSupport.all(r.file(), Expr.CompositeLit.class, c -> c.litType == null);
    assertEquals("*P", elided.get(elided.size() - 1).type.toString());
    expect(main("\t_ = struct{ x int }{y: 1}"), "4:22: unknown field y in struct literal of type struct{x int}");
    expect("package main\n\ntype P struct{ X, Y int }\n\nfunc main() {\n\t_ = P{1}\n}\n",
        "6:9: too few values in struct literal of type P");
    expect("package main\n\ntype P struct{ X, Y int }\n\nfunc main() {\n\t_ = P{1, 2, 3}\n}\n",
        "6:14: too many values in struct literal of type P");
    expect(main("\t_ = map[string]int{\"a\": 1, \"a\": 2}"), "4:29: duplicate key \"a\" in map literal");
    expect(main("\t_ = []int{\"a\"}"), "4:12: cannot use \"a\" (untyped string constant) as int value in array or slice literal");
  }

  @Test
  void interfaces() {
    String decls = """
        package main

        type Shape interface {
        	Area() float64
        }

        type Sq struct{ s float64 }

        func (q *Sq) Area() float64 { return q.s * q.s }

        type Circle struct{}

        """;
    ok(decls + "func main() {\n\tvar s Shape = &Sq{2}\n\tprintln(s.Area())\n}\n");
    expect(decls + "func main() {\n\tvar s Shape = Sq{2}\n\t_ = s\n}\n",
        "14:16: cannot use Sq{…} (value of type Sq) as Shape value in variable declaration: Sq does not implement Shape (method Area has pointer receiver)");
    expect(decls + "func main() {\n\tvar s Shape = Circle{}\n\t_ = s\n}\n",
        "14:16: cannot use Circle{} (value of type Circle) as Shape value in variable declaration: Circle does not implement Shape (missing method Area)");
    expect(decls + "func main() {\n\tvar s Shape\n\t_ = s.(Circle)\n}\n",
        "15:6: impossible type assertion: s.(Circle)");
    ok(decls + "func main() {\n\tvar e error\n\tvar s Shape = &Sq{}\n\tif q, ok := s.(*Sq); ok {\n\t\tprintln(q.s, e == nil)\n\t}\n}\n");
  }

  @Test
  void mapsSlicesBuiltins() {
    ok(main("""
        	s := make([]int, 0, 10)
        	s = append(s, 1, 2)
        	s = append(s, s...)
        	b := append([]byte("x"), "yz"...)
        	n := copy(s, []int{9})
        	m := map[string][]int{}
        	m["a"] = append(m["a"], n)
        	delete(m, "a")
        	p := new(int)
        	*p = cap(s) + len(b)
        	c := make(chan string, 1)
        	close(c)
        	clear(m)
        	println(min(1, 2.5), max(n, 3), *p)
        	for k, v := range m {
        		println(k, v)
        	}
        	for i, r := range "héllo" {
        		println(i, r)
        	}
        	for v := range c {
        		println(v)
        	}"""));
    expect(main("\t_ = append(1, 2)"), "4:13: first argument to append must be a slice; have 1 (untyped int constant)");
    expect(main("\tvar m map[string]int\n\tdelete(m, 1)"),
        "5:12: cannot use 1 (untyped int constant) as string value in argument to delete");
    expect(main("\t_ = make(int)"), "4:11: invalid argument: cannot make int; type must be slice, map, or channel");
    expect(main("\tx := 1\n\t_ = len(x)"), "5:10: invalid argument: x (variable of type int) for built-in len");
    expect(main("\tvar c <-chan int\n\tclose(c)"),
        "5:8: invalid operation: cannot close receive-only channel c (variable of type <-chan int)");
    expect(main("\tvar m map[[]int]int\n\t_ = m"), "4:12: invalid map key type []int");
    expect(main("\tfor i, v := range 10 {\n\t\t_, _ = i, v\n\t}"),
        "4:9: range over 10 (untyped int constant) permits only one iteration variable");
    expect(main("\tx := 1.5\n\tfor range x {\n\t}"), "5:12: cannot range over x (variable of type float64)");
  }

  @Test
  void channelsGoDeferSelect() {
    ok(main("""
        	c := make(chan int)
        	done := make(chan struct{})
        	go func() {
        		defer close(done)
        		c <- 1
        	}()
        	select {
        	case v := <-c:
        		println(v)
        	case <-done:
        	default:
        	}
        	var send chan<- int = c
        	_ = send"""));
    expect(main("\tvar c <-chan int\n\tc <- 1"),
        "5:2: invalid operation: cannot send to receive-only channel c (variable of type <-chan int)");
    expect(main("\tx := 1\n\t_ = <-x"), "5:8: invalid operation: cannot receive from non-channel x (variable of type int)");
    expect(main("\tdefer int(1)"), "4:8: defer requires function call, not conversion int(1) (constant 1 of type int)");
    expect(main("\tgo len(\"a\")"), "4:5: go discards result of len(\"a\") (constant 1 of type int)");
  }

  @Test
  void structsPointersAndEmbedding() {
    ok("""
        package main

        type Animal struct{ Name string }

        func (a *Animal) Rename(n string) { a.Name = n }
        func (a Animal) Hello() string   { return "I am " + a.Name }

        type Dog struct {
        	*Animal
        	Breed string
        }

        func main() {
        	d := Dog{&Animal{"rex"}, "lab"}
        	d.Rename("max")
        	println(d.Hello(), d.Name, d.Animal.Name)
        	p := &d
        	p.Breed = "x"
        	pp := &p.Breed
        	*pp = "y"
        }
        """);
    expect(main("\tx := struct{ a int }{}\n\t_ = x.b"),
        "5:8: x.b undefined (type struct{a int} has no field or method b)");
    expect(main("\t_ = &1"), "4:7: invalid operation: cannot take address of 1 (untyped int constant)");
    expect("package main\n\ntype T struct{}\n\nfunc (T) M() {}\nfunc (T) M() {}\n\nfunc main() {}\n",
        "6:10: method T.M already declared at prog.gol:5:10");
    expect("package main\n\nfunc (int) M() {}\n\nfunc main() {}\n", "3:7: cannot define new methods on non-local type int");
  }

  @Test
  void typeSwitches() {
    expect(main("\tx := 1\n\tswitch x.(type) {\n\t}"), "5:9: x (variable of type int) is not an interface");
    expect(main("\tvar x any\n\tswitch v := x.(type) {\n\tcase int:\n\t}"), "5:9: v declared and not used");
    expect(main("\tvar x any\n\tswitch x.(type) {\n\tcase int:\n\t\tfallthrough\n\tcase string:\n\t}"),
        "7:3: cannot fallthrough in type switch");
  }

  @Test
  void expressionSwitches() {
    ok(main("\tx := 2\n\tswitch x {\n\tcase 1, 2:\n\t\tfallthrough\n\tcase 3:\n\tdefault:\n\t}\n\tswitch {\n\tcase x > 1:\n\t}"));
    expect(main("\tx := 2\n\tswitch x {\n\tcase \"a\":\n\t}"),
        "6:7: cannot convert \"a\" (untyped string constant) to type int");
    expect(main("\tx := 2\n\tswitch x {\n\tcase 1, 1:\n\t}"), "6:10: duplicate case 1 (constant of type int) in expression switch");
  }

  @Test
  void unusedResults() {
    expect("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Sprint(1)\n}\n");
    List<String> l = ErrorsTest.errs(main("\tx := []int{}\n\tappend(x, 1)"));
    assertEquals(List.of("5:2: append(x, 1) (value of type []int) is not used"), l);
  }
}
