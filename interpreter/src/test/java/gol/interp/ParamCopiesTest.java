package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Which struct parameters a function still copies on entry (gol.interp.compile.ReadOnlyParams):
 * the .gol suite shows that results do not change; this shows that the copies that cannot be
 * seen are gone and the others kept.
 */
class ParamCopiesTest {
  private static final String SOURCE = """
      package main

      type Vec struct{ X, Y float64 }

      func (a Vec) Len2() float64 { return a.X*a.X + a.Y*a.Y }
      func (a Vec) Add(b Vec) Vec { return Vec{a.X + b.X, a.Y + b.Y} }
      func (a Vec) Self() Vec     { return a }
      func (a Vec) Moved() Vec    { a.X++; return Vec{a.X, a.Y} }
      func (a Vec) Into(p *Vec) Vec {
      	p.X = a.X
      	return Vec{a.X, a.Y}
      }
      func mid(p, q Vec) Vec {
      	r := Vec{}
      	r.X = (p.X + q.X) / 2
      	r.Y = (p.Y + q.Y) / 2
      	return r
      }
      func (a Vec) Twice() Vec {
      	r := Vec{a.X, a.Y}
      	return r.Add(r)
      }
      func tick() float64 { return 1 }
      func (a Vec) Later() float64 {
      	t := tick()
      	return t + a.X
      }
      func (a Vec) Checked() float64 {
      	if a.X < 0 {
      		panic("negative")
      	}
      	y := a.Y
      	return tick() + y
      }
      func (a Vec) Loop() float64 {
      	s := 0.0
      	for i := 0; i < 3; i++ {
      		s += a.X + tick()
      	}
      	return s
      }

      func (a Vec) Sum2(b Vec) float64 { return a.Add(b).Len2() }
      func (a Vec) SumLater(b Vec) float64 {
      	t := tick()
      	return a.Add(b).Len2() + t
      }
      func (a Vec) TwiceHanded() float64 {
      	x := a.Len2()
      	return a.Len2() + x
      }
      func (a Vec) ToFunc(f func(Vec) float64) float64 { return f(a) }
      func (a Vec) Boxed() any                       { return a }

      func main() {
      	v := Vec{1, 2}
      	println(v.Len2(), v.Add(v).X, v.Self().X, v.Moved().X, v.Into(&v).X, v.Twice().X, mid(v, v).X,
      		v.Later(), v.Checked(), v.Loop(), v.Sum2(v), v.SumLater(v), v.TwiceHanded(),
      		v.ToFunc(Vec.Len2), v.Boxed() != nil)
      }
      """;

  /** The number of entry copies ({@code COPYV rN rN}) in function name's disassembly. */
  private static int copies(String listing, String name) {
    int n = 0;
    for (String line : Listings.function(listing, name).split("\n")) { // the copies open the function, after its header
      if (line.matches(".* COPYV +(r\\d+) \\1 .*")) {
        n++;
      } else if (!line.startsWith("func ") && !line.contains(" NOP")) {
        break;
      }
    }
    return n;
  }

  @Test
  void loadsAfterNativesThatOnlyReadNeedNoCopy() {
    String source = """
        package main

        import "reflect"

        func main() {
        	v := reflect.ValueOf(3)
        	println(v.Int(), v.CanSet())
        }
        """;
    String d = Listings.of("natives.gol", source);
    // func (v Value) Int() int64 loads v.h again after vKind, a native that only reads
    assertEquals(0, copies(d, "reflect.Value.Int"), d);
  }

  @Test
  void readOnlyParametersAreNotCopied() {
    String d = Listings.of("copies.gol", SOURCE);
    assertEquals(0, copies(d, "main.Vec.Len2"), d);
    // stores only into the struct it makes
    assertEquals(0, copies(d, "main.Vec.Add"), d);
    // r := Vec{}: the register that holds r also holds a float temporary (the two halves), which
    // the check does not tell apart
    assertEquals(2, copies(d, "main.mid"), d);
    // returned: the return's own copy is the read
    assertEquals(0, copies(d, "main.Vec.Self"), d);
    // handed to a call before anything else runs: the callee copies or reads it
    assertEquals(0, copies(d, "main.Vec.Sum2"), d);
    // changes, or runs a store that might reach the caller's struct: copied

    assertEquals(1, copies(d, "main.Vec.Moved"), d);
    assertEquals(1, copies(d, "main.Vec.Into"), d);
    // calls other functions only after its last load of a field, on every path
    assertEquals(0, copies(d, "main.Vec.Checked"), d);
    // its loads come after stores into the struct it makes, whose register is reused after the
    // call, so that the stores are not known to go into a fresh struct: copied
    assertEquals(1, copies(d, "main.Vec.Twice"), d);
    // loads a field after a call (which might change the caller's struct), or, through the
    // loop's back edge, again after one: copied
    assertEquals(1, copies(d, "main.Vec.Later"), d);
    assertEquals(1, copies(d, "main.Vec.Loop"), d);
    // boxed: the boxing's copy is the read
    assertEquals(0, copies(d, "main.Vec.Boxed"), d);
    // handed to a call after a call (SumLater, and TwiceHanded's second) or to a func value:
    // copied
    assertEquals(2, copies(d, "main.Vec.SumLater"), d);
    assertEquals(1, copies(d, "main.Vec.TwiceHanded"), d);
    assertEquals(1, copies(d, "main.Vec.ToFunc"), d);
  }
}
