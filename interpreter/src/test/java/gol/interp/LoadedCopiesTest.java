package gol.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Which struct values loaded into a variable are still copied (gol.interp.compile.LoadedValueCopies):
 * tests/structs/loaded_values_keep_their_value.gol shows that results do not change; this shows
 * that the copies that cannot be seen are gone and the others kept.
 */
class LoadedCopiesTest {
  private static final String SOURCE = """
      package main

      type Emp struct {
      	Name string
      	Age  int
      }
      type Team struct{ Lead Emp }
      type Shape interface{ Area() float64 }
      type Sq struct{ S float64 }

      func (s Sq) Area() float64 { return s.S * s.S }
      func note(n int)           {}

      func sum(emps []Emp) int {
      	t := 0
      	for i := range emps {
      		e := emps[i]
      		t += e.Age
      	}
      	return t
      }
      func readThenCall(emps []Emp) {
      	e := emps[0]
      	a := e.Age
      	note(a)
      }
      func callThenRead(emps []Emp) int {
      	e := emps[0]
      	note(1)
      	return e.Age
      }
      func storeThenRead(emps []Emp) int {
      	e := emps[0]
      	emps[0].Age = 1
      	return e.Age
      }
      func written(emps []Emp) int {
      	e := emps[0]
      	e.Age++
      	return e.Age
      }
      func field(t *Team) int {
      	l := t.Lead
      	return l.Age
      }
      func kind(s Shape) float64 {
      	switch v := s.(type) {
      	case Sq:
      		note(1)
      		return v.S
      	}
      	return 0
      }
      func rangeCalls(emps []Emp) {
      	for _, e := range emps {
      		n := e.Age + len(e.Name)
      		note(n)
      		note(n)
      	}
      }
      func rangeAfterCall(emps []Emp) {
      	for _, e := range emps {
      		note(1)
      		note(e.Age)
      	}
      }
      func changed(s Shape) float64 {
      	v := s.(Sq)
      	v.S = 2
      	return v.S
      }

      func main() {
      	emps := []Emp{{"a", 1}}
      	readThenCall(emps)
      	rangeCalls(emps)
      	rangeAfterCall(emps)
      	println(sum(emps), callThenRead(emps), storeThenRead(emps), written(emps), field(&Team{}),
      		kind(Sq{1}), changed(Sq{1}))
      }
      """;

  /** The number of COPYV instructions in function name's disassembly. */
  private static int copies(String listing, String name) {
    return (int) Listings.function(listing, name).lines().filter(l -> l.contains(" COPYV ")).count();
  }

  @Test
  void loadedValuesOnlyReadAreNotCopied() {
    String d = Listings.of("loaded.gol", SOURCE);
    // read before anything could write the element, field or interface's struct
    assertEquals(0, copies(d, "main.sum"), d);
    assertEquals(0, copies(d, "main.readThenCall"), d);
    assertEquals(0, copies(d, "main.field"), d);
    // an interface's struct is never written: a call before the read does not matter
    assertEquals(0, copies(d, "main.kind"), d);
    // a range variable read before each call of the body, through the move that gives it the
    // element
    assertEquals(0, copies(d, "main.rangeCalls"), d);
    // read after a call or a store that might write the element, or written itself: copied
    assertEquals(1, copies(d, "main.rangeAfterCall"), d);
    assertEquals(1, copies(d, "main.callThenRead"), d);
    assertEquals(1, copies(d, "main.storeThenRead"), d);
    assertEquals(1, copies(d, "main.written"), d);
    assertEquals(1, copies(d, "main.changed"), d);
  }
}
