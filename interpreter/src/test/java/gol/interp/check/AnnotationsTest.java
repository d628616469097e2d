package gol.interp.check;

import static gol.interp.check.CheckTestSupport.all;
import static gol.interp.check.CheckTestSupport.first;
import static gol.interp.check.CheckTestSupport.func;
import static gol.interp.check.CheckTestSupport.ident;
import static gol.interp.check.CheckTestSupport.lit;
import static gol.interp.check.CheckTestSupport.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.interp.ast.Expr;
import gol.interp.ast.Stmt;
import gol.interp.types.Constant;
import gol.interp.types.Obj;
import gol.interp.types.Type;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Well-typed programs: the annotations the compiler relies on. */
class AnnotationsTest {
  @Test
  void untypedConstantsTakeTheirContextType() {
    var r = ok("""
        package main

        func main() {
        	var f float64 = 1
        	var b byte = 'a' + 1
        	x := 2
        	println(f, b, x, 3, 1.5, "s", 'r')
        }
        """);
    Expr.BasicLit one = first(r.file(), Expr.BasicLit.class, l -> l.text.equals("1") && l.line == 4);
    assertEquals("float64", one.type.toString());
    assertTrue(one.constValue instanceof Constant.Float);
    Expr.Binary sum = first(r.file(), Expr.Binary.class, b -> true);
    assertEquals("byte", sum.type.toString());
    assertEquals(BigInteger.valueOf(98), ((Constant.Int) sum.constValue).value);
    assertEquals("byte", ((Expr.Binary) sum).x.type.toString());
    assertEquals("int", ident(r, "x", 0).type.toString());
    Expr.Call p = first(r.file(), Expr.Call.class, c -> true);
    assertEquals(Expr.Call.Kind.BUILTIN, p.kind);
    assertEquals("int", p.args.get(3).type.toString());
    assertEquals("float64", p.args.get(4).type.toString());
    assertEquals("string", p.args.get(5).type.toString());
    assertEquals("rune", p.args.get(6).type.toString());
  }

  @Test
  void exactConstantArithmetic() {
    var r = ok("""
        package main

        const big = 1 << 100
        const small = big >> 98
        const third = 1.0 / 3
        const back = third * 3
        const q = 7 / 2
        const fq = 7 / 2.0

        func main() {
        	println(small, back, q, fq)
        }
        """);
    var scope = r.pkg().scope;
    assertEquals(BigInteger.valueOf(4), ((Constant.Int) ((Obj.Const) scope.lookup("small")).value).value);
    Constant.Float back = (Constant.Float) ((Obj.Const) scope.lookup("back")).value;
    assertTrue(back.isInteger() && back.num.equals(BigInteger.ONE), "1.0/3*3 is exactly 1");
    assertEquals(BigInteger.valueOf(3), ((Constant.Int) ((Obj.Const) scope.lookup("q")).value).value);
    assertEquals("untyped int", scope.lookup("q").type.toString());
    assertEquals("untyped float", scope.lookup("fq").type.toString());
    Expr.Call p = first(r.file(), Expr.Call.class, c -> true);
    assertEquals("int", p.args.get(0).type.toString());
    assertEquals("float64", p.args.get(3).type.toString());
    assertEquals(3.5, ((Constant.Float) p.args.get(3).constValue).toDouble());
  }

  @Test
  void iotaAndImplicitRepetition() {
    var r = ok("""
        package main

        type Weekday int

        const (
        	Sunday Weekday = iota
        	Monday
        	Tuesday
        )

        const (
        	_  = iota
        	KB = 1 << (10 * iota)
        	MB
        )

        func main() {
        	println(Tuesday, MB)
        }
        """);
    var scope = r.pkg().scope;
    assertEquals("Weekday", scope.lookup("Tuesday").type.toString());
    assertEquals(BigInteger.TWO, ((Constant.Int) ((Obj.Const) scope.lookup("Tuesday")).value).value);
    assertEquals(BigInteger.valueOf(1 << 20), ((Constant.Int) ((Obj.Const) scope.lookup("MB")).value).value);
  }

  @Test
  void capturesAndEscapes() {
    var r = ok("""
        package main

        var g int

        func main() {
        	x := 1
        	y := 2
        	z := 3
        	p := &z
        	f := func() int {
        		h := func() int { return x + g }
        		return h() + y
        	}
        	println(f(), *p)
        }
        """);
    Obj.Var x = (Obj.Var) ident(r, "x", 0).obj;
    Obj.Var y = (Obj.Var) ident(r, "y", 0).obj;
    Obj.Var z = (Obj.Var) ident(r, "z", 0).obj;
    Obj.Var g = (Obj.Var) ident(r, "g", 0).obj;
    assertTrue(x.captured && y.captured);
    assertFalse(z.captured);
    assertTrue(z.addressTaken);
    assertTrue(g.isGlobal);
    assertFalse(g.captured);
    Expr.FuncLit outer = lit(r, 0);
    Expr.FuncLit inner = lit(r, 1);
    assertEquals(List.of(x, y), outer.captures, "x reached through the inner literal comes first");
    assertEquals(List.of(x), inner.captures);
    assertEquals(List.of("", "h"), outer.locals.stream().map(v -> v.name).toList());
    List<String> mainLocals = func(r, "main").locals.stream().map(v -> v.name).toList();
    assertEquals(List.of("x", "y", "z", "p", "f"), mainLocals);
  }

  @Test
  void paramsAndResultsComeFirstInLocals() {
    var r = ok("""
        package main

        func div(a, b int) (q, rem int) {
        	t := a / b
        	q = t
        	rem = a % b
        	return
        }

        func main() {
        	println(div(7, 2))
        }
        """);
    var d = func(r, "div");
    assertEquals(List.of("a", "b", "q", "rem", "t"), d.locals.stream().map(v -> v.name).toList());
    assertTrue(d.locals.get(0).isParam);
    assertTrue(d.locals.get(2).isResult);
    Expr.Call call = first(r.file(), Expr.Call.class, c -> c.fun instanceof Expr.Ident i && i.name.equals("div"));
    assertTrue(call.type instanceof Type.Tuple);
    assertEquals(Expr.Call.Kind.CALL, call.kind);
    assertSame(d.obj, ((Expr.Ident) call.fun).obj);
  }

  @Test
  void branchTargets() {
    var r = ok("""
        package main

        func main() {
        outer:
        	for i := 0; i < 3; i++ {
        		for j := range 3 {
        			if j == 1 {
        				continue outer
        			}
        			if i == 2 {
        				break
        			}
        		}
        		switch i {
        		case 0:
        			fallthrough
        		case 1:
        			break
        		}
        	}
        }
        """);
    var fors = all(r.file(), Stmt.For.class, f -> true);
    var range = first(r.file(), Stmt.Range.class, f -> true);
    var sw = first(r.file(), Stmt.Switch.class, f -> true);
    var branches = all(r.file(), Stmt.Branch.class, b -> true);
    assertSame(fors.get(0), branches.get(0).target);
    assertSame(range, branches.get(1).target);
    assertSame(sw, branches.get(2).target);
    assertSame(sw, branches.get(3).target);
    assertEquals("int", ident(r, "j", 0).type.toString());
  }

  @Test
  void commaOkForms() {
    var r = ok("""
        package main

        func main() {
        	m := map[string]int{"a": 1}
        	v, ok := m["a"]
        	var i any = 1
        	n, isInt := i.(int)
        	c := make(chan int, 1)
        	c <- 1
        	w, open := <-c
        	x := m["b"]
        	println(v, ok, n, isInt, w, open, x)
        }
        """);
    var idx = all(r.file(), Expr.Index.class, i -> true);
    assertTrue(idx.get(0).commaOk);
    assertFalse(idx.get(1).commaOk);
    assertTrue(first(r.file(), Expr.TypeAssert.class, t -> true).commaOk);
    assertTrue(first(r.file(), Expr.Unary.class, u -> true).commaOk);
    assertEquals("bool", ident(r, "ok", 0).type.toString());
    assertEquals("int", ident(r, "n", 0).type.toString());
  }

  @Test
  void stringIndexingAndSlicing() {
    var r = ok("""
        package main

        func main() {
        	s := "héllo"
        	b := s[1]
        	t := s[1:3]
        	n := len(s)
        	const k = len("abc")
        	var rs []rune = []rune(s)
        	println(b, t, n, k, len(rs))
        }
        """);
    assertEquals("byte", ident(r, "b", 0).type.toString());
    assertEquals("string", ident(r, "t", 0).type.toString());
    assertEquals(BigInteger.valueOf(3), ((Constant.Int) ((Obj.Const) ident(r, "k", 0).obj).value).value);
  }

  @Test
  void nilTakesItsContextType() {
    var r = ok("""
        package main

        func main() {
        	var p *int
        	if p == nil {
        		p = nil
        	}
        	var e error = nil
        	println(p, e)
        }
        """);
    var nils = all(r.file(), Expr.Ident.class, i -> i.name.equals("nil"));
    assertEquals("*int", nils.get(0).type.toString());
    assertEquals("*int", nils.get(1).type.toString());
    assertEquals("error", nils.get(2).type.toString());
    Expr.Binary cmp = first(r.file(), Expr.Binary.class, b -> true);
    assertEquals("bool", cmp.type.toString(), "an untyped bool condition ends up bool");
  }

  @Test
  void methodsAndSelections() {
    var r = ok("""
        package main

        type Point struct{ X, Y int }

        func (p Point) Sum() int { return p.X + p.Y }
        func (p *Point) Move(dx int) { p.X += dx }

        type Named struct {
        	Point
        	Name string
        }

        func main() {
        	n := Named{Point{1, 2}, "a"}
        	n.Move(3)
        	f := n.Sum
        	g := (*Point).Move
        	println(n.X, f(), n.Name)
        	g(&n.Point, 1)
        }
        """);
    var sels = all(r.file(), Expr.Selector.class, s -> true);
    Expr.Selector move = sels.stream().filter(s -> s.sel.name.equals("Move") && s.x instanceof Expr.Ident).findFirst().get();
    assertEquals(gol.interp.types.Selection.Kind.METHOD_VALUE, move.selection.kind);
    assertEquals(List.of(0), java.util.Arrays.stream(move.selection.path).boxed().toList());
    assertTrue(((Obj.Var) ((Expr.Ident) move.x).obj).addressTaken, "n.Move() takes &n");
    Expr.Selector nx = sels.stream().filter(s -> s.sel.name.equals("X") && s.x instanceof Expr.Ident i && i.name.equals("n")).findFirst().get();
    assertEquals(List.of(0, 0), java.util.Arrays.stream(nx.selection.path).boxed().toList());
    Expr.Selector mexpr = sels.stream().filter(s -> s.selection != null && s.selection.kind == gol.interp.types.Selection.Kind.METHOD_EXPR).findFirst().get();
    assertEquals("func(p *Point, dx int)", mexpr.type.toString()); // as gc spells it
    assertEquals("main.Point.Move", ((Obj.Func) mexpr.sel.obj).qualifiedName());
  }

  @Test
  void typeSwitchImplicitVars() {
    var r = ok("""
        package main

        func main() {
        	var x any = 1
        	switch v := x.(type) {
        	case int:
        		println(v + 1)
        	case string, bool:
        		println(v)
        	default:
        	}
        }
        """);
    var clauses = all(r.file(), Stmt.CaseClause.class, c -> true);
    assertEquals("int", clauses.get(0).implicitVar.type.toString());
    assertEquals("any", clauses.get(1).implicitVar.type.toString());
    assertEquals("any", clauses.get(2).implicitVar.type.toString());
  }

  @Test
  void importsAndQualifiedIdents() {
    var r = ok("""
        package main

        import "fmt"

        func main() {
        	fmt.Println("x")
        }
        """);
    assertTrue(r.file().imports.get(0).used);
    Expr.Selector s = first(r.file(), Expr.Selector.class, x -> true);
    assertNull(s.selection);
    assertEquals("fmt.Println", ((Obj.Func) s.sel.obj).qualifiedName());
    assertEquals("func(a ...any) (n int, err error)", s.type.toString());
  }
}
