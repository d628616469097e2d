package gol.interp.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gol.runtime.GoString;
import org.junit.jupiter.api.Test;

class DisassemblerTest {
  @Test
  void printsEveryInstructionFromTheOpcodeTable() {
    Proto fib = InterpCallTest.fib();
    Proto main = VmHarness.fn("main.main", 0, 0, 3, cb -> {
      cb.setLine(3);
      cb.emit(Op.LOADK_R, 1, cb.constR(GoString.of("hi")));
      cb.emit(Op.LOADK_L, 2, cb.constL(1L << 40));
      cb.emit(Op.SLICE_S, 1, 1, -1, 2);
      cb.emit(Op.CALL, cb.constR(fib), 2);
      cb.emit(Op.RET, 0, 0);
    });
    String d = Disassembler.disassembleAll(main);
    String[] lines = d.split("\n");
    assertEquals("func main.main  t.gol:1  params=0 results=0 frame=3", lines[0]);
    assertEquals("     0     3  LOADK_R    r1 k0(\"hi\")", lines[1]);
    assertEquals("     3     3  LOADK_L    r2 k0(1099511627776)", lines[2]);
    assertEquals("     6     3  SLICE_S    r1 r1 - r2", lines[3]);
    assertEquals("    11     3  CALL       k1(main.fib) r2", lines[4]);
    assertEquals("    14     3  RET        r0 0", lines[5]);
    assertTrue(d.contains("\nfunc main.fib  t.gol:1  params=1 results=1 frame=4\n"), d);
    assertTrue(d.contains("JLT_I      r0 r1 ->28"), d);
    // fib refers to itself: printed once
    assertEquals(d.indexOf("func main.fib"), d.lastIndexOf("func main.fib"));
  }
}
