package gol.interp.check;

import static gol.interp.check.CheckTestSupport.check;
import static gol.interp.check.CheckTestSupport.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BasicsTest {
  @Test
  void helloWorld() {
    ok("""
        package main

        import "fmt"

        func main() {
        	fmt.Println("hello", 1, 2.5)
        }
        """);
  }

  @Test
  void mismatchedTypes() {
    var r = check("""
        package main

        func main() {
        	x := 1
        	s := "a"
        	println(x + s)
        }
        """);
    assertEquals(List.of("prog.gol:6:10: invalid operation: x + s (mismatched types int and string)"), r.errors());
  }
}
